//! The default `method` gene: proposes the procedures (numbered or imperative step
//! sequences) the host found in a document and renders each as its steps in order,
//! each step a cited quote.
//!
//! It does not find step sequences itself: the host's analysis does, and hands them
//! over in `Document::procedures`.

use grove_gene::page::{location_label, quote};
use grove_gene::{Document, Entry, Gene, GeneInfo, Page, Proposal, Section, host};

struct Method;

impl Gene for Method {
    fn info() -> GeneInfo {
        grove_gene::info(
            "method",
            env!("CARGO_PKG_VERSION"),
            "Procedures, how-tos and step sequences, step by step",
            &["method"],
            &["zh", "en"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        Ok(doc
            .procedures
            .iter()
            .filter(|p| p.step_count >= 2 && !p.title.trim().is_empty())
            .take(200)
            .map(|p| Proposal {
                entry_type: "method".into(),
                title: p.title.clone(),
                aliases: Vec::new(),
                score: (0.4 + 0.1 * p.step_count as f32).min(1.0),
                key: p.id.clone(),
            })
            .collect())
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let zh = entry.lang == "zh";
        let steps = host::procedure_steps(&entry.key, 50);
        if steps.is_empty() {
            return Err(format!("procedure {} has no steps", entry.key));
        }
        let summary = if zh {
            format!(
                "《{}》中的一个方法，共{}步。",
                entry.document_title,
                steps.len()
            )
        } else {
            format!(
                "A procedure of {} steps in “{}”.",
                steps.len(),
                entry.document_title
            )
        };
        let mut body = String::new();
        let mut citations = Vec::new();
        for (i, s) in steps.iter().enumerate() {
            let (md, c) = quote(s);
            body.push_str(&format!(
                "{}. {}\n",
                i + 1,
                md.trim_start_matches("> ").trim()
            ));
            citations.push(c);
        }
        let source = location_label(&steps[0].location);
        Ok(Page {
            title: entry.title.clone(),
            entry_type: entry.entry_type.clone(),
            aliases: entry.aliases.clone(),
            summary,
            sections: vec![
                Section {
                    heading: if zh { "步骤" } else { "Steps" }.into(),
                    body,
                },
                Section {
                    heading: if zh { "出处" } else { "Source" }.into(),
                    body: source,
                },
            ],
            citations,
            links: Vec::new(),
        })
    }
}

grove_gene::register_gene!(Method);

//! The default `method` gene: proposes the procedures (numbered or imperative step
//! sequences) the host found in a document and renders each as its steps in order, each
//! step a cited quote, with the passage that introduces it and where it is in the source.
//!
//! It does not find step sequences itself: the host's analysis does, and hands them over in
//! `Document::procedures`. Procedures whose title is junk, or that repeat another's title
//! and steps, are not proposed.

use grove_gene::build::{
    PageBuilder, cite, escape, improve, link_mentions, looks_zh, related_entries, t,
};
use grove_gene::page::location_label;
use grove_gene::{Document, Entry, Gene, GeneInfo, Page, Proposal, Review, host};

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
        let mut seen: Vec<String> = Vec::new();
        let mut out = Vec::new();
        for p in &doc.procedures {
            let title = p.title.trim();
            if p.step_count < 2 || grove_gene::junk::is_junk(title) {
                continue;
            }
            let key = title.to_lowercase();
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            out.push(Proposal {
                entry_type: "method".into(),
                title: title.to_string(),
                aliases: Vec::new(),
                score: (0.45 + 0.05 * p.step_count as f32).min(0.9),
                key: p.id.clone(),
            });
            if out.len() >= 200 {
                break;
            }
        }
        Ok(out)
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let zh = entry.lang == "zh";
        let steps = host::procedure_steps(&entry.key, 50);
        if steps.is_empty() {
            return Err(format!("procedure {} has no steps", entry.key));
        }
        let mut b = PageBuilder::new(&entry);
        b.summary_line(if zh {
            format!(
                "《{}》中的一个方法：“{}”，共{}步。",
                entry.document_title,
                entry.title,
                steps.len()
            )
        } else {
            format!(
                "A procedure of {} steps in “{}”: {}.",
                steps.len(),
                entry.document_title,
                entry.title
            )
        });
        // Other entries mentioned in the steps, to link them.
        let mut names = Vec::new();
        for s in steps.iter().take(10) {
            for w in s
                .text
                .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
            {
                if w.chars().count() >= 3
                    && let Some(title) = host::entry_for(w)
                    && title != entry.title
                    && !names.iter().any(|(m, _): &(String, String)| m == w)
                {
                    names.push((w.to_string(), title));
                }
                if names.len() >= 12 {
                    break;
                }
            }
        }
        let mut body = String::new();
        for (i, s) in steps.iter().enumerate() {
            body.push_str(&format!(
                "{}. {} [^{}]\n",
                i + 1,
                link_mentions(&escape(s.text.trim()), &names),
                s.id
            ));
            b.page.citations.push(cite(s));
        }
        b.section(t(zh, "步骤", "Steps"), body);
        b.section(
            t(zh, "出处", "Source"),
            format!("{}\n", escape(&location_label(&steps[0].location))),
        );
        let mut links: Vec<String> = names.iter().map(|(_, title)| title.clone()).collect();
        for (_, title) in related_entries(&entry.title, &entry.title, 6) {
            if !links.contains(&title) {
                links.push(title);
            }
        }
        b.links(t(zh, "相关条目", "Related"), &links);
        Ok(b.finish())
    }

    fn improve(page: Page, review: Review) -> Result<Option<Page>, String> {
        let zh = looks_zh(&page);
        Ok(improve(page, &review, zh))
    }
}

grove_gene::register_gene!(Method);

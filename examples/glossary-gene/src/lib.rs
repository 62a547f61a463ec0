//! `glossary`: an example third-party gene. It proposes one `glossary` entry per term
//! the text itself defines ("X is a …", "X refers to …", "所谓X", "X者…也") and
//! renders it as the defining sentence, quoted with its citation, plus up to three
//! further uses of the term.
//!
//! It is built only against the `grove-gene` SDK (`plugin-api/`), as any third-party
//! gene would be, and is not a default gene of the server.

use grove_gene::page::{quote, quotes_section, truncate};
use grove_gene::{Document, Entry, Gene, GeneInfo, Page, Proposal, TermKind, host};

struct Glossary;

impl Gene for Glossary {
    fn info() -> GeneInfo {
        grove_gene::info(
            "glossary",
            env!("CARGO_PKG_VERSION"),
            "A glossary: every term the text defines, with its defining sentence",
            &["glossary"],
            &["en", "zh"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let mut out = Vec::new();
        for term in doc.terms.iter().take(400) {
            if matches!(term.kind, TermKind::Person | TermKind::Place) {
                continue;
            }
            // Ask the host whether the text defines this term.
            let defs = host::definitions(&term.text, 1);
            if defs.is_empty() {
                continue;
            }
            out.push(Proposal {
                entry_type: "glossary".into(),
                title: term.text.clone(),
                aliases: term.variants.clone(),
                score: term.salience,
                key: term.text.clone(),
            });
        }
        host::info(&format!("glossary: {} defined terms", out.len()));
        Ok(out)
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let defs = host::definitions(&entry.key, 1);
        let Some(def) = defs.first() else {
            return Err(format!("the text does not define {}", entry.key));
        };
        let (def_md, def_cite) = quote(def);
        let mut uses = host::mentions(&entry.key, 6);
        uses.retain(|p| p.id != def.id);
        uses.truncate(3);
        let zh = entry.lang == "zh";
        let (uses_section, mut citations) =
            quotes_section(if zh { "用例" } else { "Usage" }, &uses);
        citations.insert(0, def_cite);
        let mut sections = vec![grove_gene::Section {
            heading: if zh { "定义" } else { "Definition" }.into(),
            body: def_md,
        }];
        if !uses.is_empty() {
            sections.push(uses_section);
        }
        Ok(Page {
            title: entry.title.clone(),
            entry_type: entry.entry_type.clone(),
            aliases: entry.aliases.clone(),
            summary: truncate(def.text.trim(), 4000).to_string(),
            sections,
            citations,
            links: Vec::new(),
        })
    }
}

grove_gene::register_gene!(Glossary);

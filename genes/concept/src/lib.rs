//! The default `concept` gene: proposes the salient ideas and terms of a document and
//! renders each as a page of quoted, cited passages (definition first).
//!
//! It does not decide about people, places, organisations or works (the `person` and
//! `other` genes do) and it writes no sentence of its own beyond fixed template lines.
//! A later issue makes its selection and pages richer; this version is deliberately
//! simple and fully grounded.

use grove_gene::page::{quotes_section, template_summary, truncate};
use grove_gene::{Citation, Document, Entry, Gene, GeneInfo, Page, Proposal, TermKind, host};

struct Concept;

impl Gene for Concept {
    fn info() -> GeneInfo {
        grove_gene::info(
            "concept",
            env!("CARGO_PKG_VERSION"),
            "Salient ideas and terms of the text, defined by quotes from it",
            &["concept"],
            &["zh", "en"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let min_freq = if doc.chapters.len() > 3 { 3 } else { 2 };
        let mut out = Vec::new();
        for t in &doc.terms {
            if !matches!(t.kind, TermKind::Term | TermKind::NounPhrase) {
                continue;
            }
            if t.frequency < min_freq || t.text.chars().count() < 2 {
                continue;
            }
            out.push(Proposal {
                entry_type: "concept".into(),
                title: t.text.clone(),
                aliases: t.variants.clone(),
                score: t.salience.clamp(0.0, 1.0),
                key: t.text.clone(),
            });
            if out.len() >= 200 {
                break;
            }
        }
        Ok(out)
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let defs = host::definitions(&entry.key, 3);
        let mut citations = Vec::new();
        let summary = match defs.first() {
            Some(d) => {
                citations.push(Citation {
                    passage_id: d.id.clone(),
                    quote: d.text.clone(),
                });
                truncate(d.text.trim(), 4000).to_string()
            }
            None => template_summary(&entry),
        };
        let zh = entry.lang == "zh";
        let mut sections = Vec::new();
        if defs.len() > 1 {
            let (s, c) = quotes_section(if zh { "定义" } else { "Definitions" }, &defs[1..]);
            sections.push(s);
            citations.extend(c);
        }
        let mut mentions = host::mentions(&entry.key, 8);
        mentions.retain(|m| !defs.iter().any(|d| d.id == m.id));
        mentions.truncate(5);
        if !mentions.is_empty() {
            let (s, c) = quotes_section(if zh { "原文" } else { "In the text" }, &mentions);
            sections.push(s);
            citations.extend(c);
        }
        let links = related_links(&entry);
        if !links.is_empty() {
            let body: String = links.iter().map(|l| format!("- [[{l}]]\n")).collect();
            sections.push(grove_gene::Section {
                heading: if zh { "相关条目" } else { "Related" }.into(),
                body,
            });
        }
        Ok(Page {
            title: entry.title.clone(),
            entry_type: entry.entry_type.clone(),
            aliases: entry.aliases.clone(),
            summary,
            sections,
            citations,
            links,
        })
    }
}

fn related_links(entry: &Entry) -> Vec<String> {
    let mut links: Vec<String> = Vec::new();
    for r in host::related(&entry.key, 20) {
        if let Some(t) = r.entry
            && t != entry.title
            && !links.contains(&t)
        {
            links.push(t);
        }
        if links.len() >= 8 {
            break;
        }
    }
    links
}

grove_gene::register_gene!(Concept);

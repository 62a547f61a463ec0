//! The default `person` gene: proposes the people who act or speak in a document and
//! renders each as a page: first appearance, chapters, the people they appear with and
//! quoted passages, every sentence a cited quote or a fixed template line.
//!
//! It relies on the host's kind hint (`TermKind::Person`) and does not do name
//! recognition itself; merging name variants is the host's analysis' job.

use grove_gene::page::{location_label, quote, quotes_section};
use grove_gene::{Document, Entry, Gene, GeneInfo, Page, Proposal, Section, TermKind, host};

struct Person;

impl Gene for Person {
    fn info() -> GeneInfo {
        grove_gene::info(
            "person",
            env!("CARGO_PKG_VERSION"),
            "People who act or speak in the text",
            &["person"],
            &["zh", "en"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let mut out = Vec::new();
        for t in &doc.terms {
            if t.kind != TermKind::Person || t.frequency < 2 {
                continue;
            }
            let spread = t.chapter_count as f32 / doc.chapters.len().max(1) as f32;
            out.push(Proposal {
                entry_type: "person".into(),
                title: t.text.clone(),
                aliases: t.variants.clone(),
                score: (0.5 * t.salience + 0.5 * spread).clamp(0.0, 1.0),
                key: t.text.clone(),
            });
            if out.len() >= 300 {
                break;
            }
        }
        Ok(out)
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let zh = entry.lang == "zh";
        let mentions = host::mentions(&entry.key, 100);
        let Some(first) = mentions.first() else {
            return Err(format!("no passage mentions {}", entry.key));
        };
        let mut chapters: Vec<String> = Vec::new();
        for m in &mentions {
            let t = if m.location.chapter_title.is_empty() {
                format!("{}", m.location.chapter + 1)
            } else {
                m.location.chapter_title.clone()
            };
            if !chapters.contains(&t) {
                chapters.push(t);
            }
        }
        let summary = if zh {
            format!("{}是《{}》中的人物。", entry.title, entry.document_title)
        } else {
            format!("{} is a person in “{}”.", entry.title, entry.document_title)
        };
        let mut sections = Vec::new();
        let mut citations = Vec::new();
        let (md, c) = quote(first);
        sections.push(Section {
            heading: if zh {
                "首次出现"
            } else {
                "First appearance"
            }
            .into(),
            body: format!("{}\n\n{md}", location_label(&first.location)),
        });
        citations.push(c);
        sections.push(Section {
            heading: if zh { "出现的章节" } else { "Chapters" }.into(),
            body: chapters.iter().map(|c| format!("- {c}\n")).collect(),
        });
        let rest: Vec<_> = mentions.iter().skip(1).take(5).cloned().collect();
        if !rest.is_empty() {
            let (s, c) = quotes_section(if zh { "原文" } else { "In the text" }, &rest);
            sections.push(s);
            citations.extend(c);
        }
        let mut links = Vec::new();
        for r in host::related(&entry.key, 30) {
            if let Some(t) = r.entry
                && t != entry.title
                && !links.contains(&t)
            {
                links.push(t);
            }
            if links.len() >= 10 {
                break;
            }
        }
        if !links.is_empty() {
            sections.push(Section {
                heading: if zh {
                    "同现人物与条目"
                } else {
                    "Appears with"
                }
                .into(),
                body: links.iter().map(|l| format!("- [[{l}]]\n")).collect(),
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

grove_gene::register_gene!(Person);

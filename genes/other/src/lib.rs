//! The default `other` gene: places, organisations, works and events, plus one
//! overview entry per chapter. Pages are quoted, cited passages and fixed template
//! lines.
//!
//! It does not handle people (the `person` gene) or general terms (`concept`).

use grove_gene::page::{quotes_section, template_summary, truncate};
use grove_gene::{
    Citation, Document, Entry, Gene, GeneInfo, Page, Proposal, Section, TermKind, host,
};

struct Other;

fn chapter_title(zh: bool, index: u32, title: &str) -> String {
    if !title.trim().is_empty() {
        title.trim().to_string()
    } else if zh {
        format!("第{}章", index + 1)
    } else {
        format!("Chapter {}", index + 1)
    }
}

impl Gene for Other {
    fn info() -> GeneInfo {
        grove_gene::info(
            "other",
            env!("CARGO_PKG_VERSION"),
            "Places, organisations, works, events and chapter overviews",
            &["other"],
            &["zh", "en"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let zh = doc.lang == "zh";
        let mut out = Vec::new();
        for t in &doc.terms {
            if !matches!(
                t.kind,
                TermKind::Place | TermKind::Org | TermKind::Work | TermKind::Event
            ) || t.frequency < 2
            {
                continue;
            }
            out.push(Proposal {
                entry_type: "other".into(),
                title: t.text.clone(),
                aliases: t.variants.clone(),
                score: t.salience.clamp(0.0, 1.0),
                key: t.text.clone(),
            });
            if out.len() >= 200 {
                break;
            }
        }
        if doc.chapters.len() > 1 {
            for c in doc.chapters.iter().take(500) {
                if c.passage_count == 0 {
                    continue;
                }
                out.push(Proposal {
                    entry_type: "other".into(),
                    title: chapter_title(zh, c.index, &c.title),
                    aliases: Vec::new(),
                    score: 0.5,
                    key: format!("chapter:{}", c.index),
                });
            }
        }
        Ok(out)
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let zh = entry.lang == "zh";
        if let Some(idx) = entry.key.strip_prefix("chapter:") {
            let idx: u32 = idx.parse().map_err(|_| format!("bad key {}", entry.key))?;
            let passages = host::chapter_passages(idx, 0, 6);
            if passages.is_empty() {
                return Err(format!("chapter {idx} has no text"));
            }
            let summary = if zh {
                format!("《{}》第{}章概览。", entry.document_title, idx + 1)
            } else {
                format!(
                    "Overview of chapter {} of “{}”.",
                    idx + 1,
                    entry.document_title
                )
            };
            let (s, citations) = quotes_section(if zh { "开篇" } else { "Opening" }, &passages);
            return Ok(Page {
                title: entry.title.clone(),
                entry_type: entry.entry_type.clone(),
                aliases: entry.aliases.clone(),
                summary,
                sections: vec![s],
                citations,
                links: Vec::new(),
            });
        }
        let defs = host::definitions(&entry.key, 1);
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
        let mut mentions = host::mentions(&entry.key, 6);
        mentions.retain(|m| !defs.iter().any(|d| d.id == m.id));
        let mut sections = Vec::new();
        if !mentions.is_empty() {
            let (s, c) = quotes_section(if zh { "原文" } else { "In the text" }, &mentions);
            sections.push(s);
            citations.extend(c);
        }
        let mut links = Vec::new();
        for r in host::related(&entry.key, 20) {
            if let Some(t) = r.entry
                && t != entry.title
                && !links.contains(&t)
            {
                links.push(t);
            }
        }
        links.truncate(8);
        if !links.is_empty() {
            sections.push(Section {
                heading: if zh { "相关条目" } else { "Related" }.into(),
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

grove_gene::register_gene!(Other);

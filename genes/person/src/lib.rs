//! The default `person` gene: proposes the people who act or speak in a document and
//! renders each as a page a reader wants: a one-line description (a definitional passage
//! when the text has one, else a fixed template line), first appearance, what they say,
//! the chapters they appear in, the people and entries they appear with, and key passages
//! with mentions of other entries linked. Every sentence is a cited quote or a template line.
//!
//! It relies on the host's kind hint (`TermKind::Person`) and its merged name variants; it
//! does no name recognition itself. Junk titles are rejected with `grove_gene::junk`.

use grove_gene::build::{PageBuilder, central, improve, looks_zh, related_entries, spread, t};
use grove_gene::page::location_label;
use grove_gene::{
    Document, Entry, Gene, GeneInfo, Page, Passage, Proposal, Review, TermKind, host,
};

struct Person;

/// Markers right after a speaker's name: classical and modern Chinese, English speech verbs.
const ZH_SPEECH: &[&str] = &[
    "曰", "對曰", "对曰", "問", "问", "說", "说", "道", "云", "谓", "謂",
];
const EN_SPEECH: &[&str] = &[
    " said",
    " says",
    " asked",
    " replied",
    " answered",
    " wrote",
    " writes",
    " explained",
    " cried",
    " told",
    " exclaimed",
];

/// Whether the passage has `name` speaking (name followed by a speech marker or verb).
fn speaks(p: &Passage, names: &[String], zh: bool) -> bool {
    names.iter().any(|n| {
        let mut from = 0;
        while let Some(i) = p.text[from..].find(n.as_str()) {
            let after = &p.text[from + i + n.len()..];
            let hit = if zh {
                ZH_SPEECH.iter().any(|m| after.starts_with(m))
            } else {
                EN_SPEECH.iter().any(|m| after.starts_with(m))
                    || after.trim_start().starts_with([':', '“', '"'])
            };
            if hit {
                return true;
            }
            from += i + n.len();
        }
        false
    })
}

impl Gene for Person {
    fn info() -> GeneInfo {
        grove_gene::info(
            "person",
            env!("CARGO_PKG_VERSION"),
            "People who act or speak in the text: who they are, what they say, whom they meet",
            &["person"],
            &["zh", "en"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let mut out = Vec::new();
        let chapters = doc.chapters.len().max(1) as f32;
        for term in &doc.terms {
            if term.kind != TermKind::Person || grove_gene::junk::is_junk(&term.text) {
                continue;
            }
            let spread = term.chapter_count as f32 / chapters;
            out.push(Proposal {
                entry_type: "person".into(),
                title: term.text.clone(),
                aliases: term
                    .variants
                    .iter()
                    .filter(|v| !grove_gene::junk::is_junk(v))
                    .cloned()
                    .collect(),
                score: (0.5 + 0.3 * term.salience + 0.2 * spread).clamp(0.0, 1.0),
                key: term.text.clone(),
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
        let Some(first) = mentions.first().cloned() else {
            return Err(format!("no passage mentions {}", entry.key));
        };
        let names: Vec<String> = std::iter::once(entry.key.clone())
            .chain(
                entry
                    .aliases
                    .iter()
                    .filter(|a| a.chars().count() >= 2)
                    .cloned(),
            )
            .collect();
        let related = related_entries(&entry.key, &entry.title, 12);
        let mut b = PageBuilder::new(&entry);
        b.names = related.clone();
        let mut chapters: Vec<String> = Vec::new();
        for m in &mentions {
            let c = if m.location.chapter_title.is_empty() {
                format!("{}", m.location.chapter + 1)
            } else {
                m.location.chapter_title.clone()
            };
            if !chapters.contains(&c) {
                chapters.push(c);
            }
        }
        match host::definitions(&entry.key, 1).first() {
            Some(d) => b.summary_quote(d),
            None => b.summary_line(if zh {
                format!(
                    "{}是《{}》中的人物，见于{}处原文、{}个章节。",
                    entry.title,
                    entry.document_title,
                    mentions.len(),
                    chapters.len()
                )
            } else {
                format!(
                    "{} is a person in “{}”, mentioned in {} passages in {} chapters.",
                    entry.title,
                    entry.document_title,
                    mentions.len(),
                    chapters.len()
                )
            }),
        }
        let loc = location_label(&first.location);
        b.section(t(zh, "首次出现", "First appearance"), format!("{loc}\n"));
        b.quotes(
            t(zh, "首次出现", "First appearance"),
            std::slice::from_ref(&first),
        );
        let sayings: Vec<Passage> = mentions
            .iter()
            .filter(|p| speaks(p, &names, zh))
            .cloned()
            .collect();
        b.quotes(t(zh, "言论", "What they say"), &spread(&sayings, 6));
        let body: String = chapters
            .iter()
            .take(40)
            .map(|c| format!("- {c}\n"))
            .collect();
        b.section(t(zh, "出现的章节", "Chapters"), body);
        let rel_terms: Vec<String> = related.iter().map(|(m, _)| m.clone()).collect();
        let key_passages = central(&entry.key, &rel_terms, 4);
        b.quotes(t(zh, "重要段落", "Key passages"), &key_passages);
        if b.page.citations.len() < 3 {
            b.quotes(t(zh, "原文", "In the text"), &spread(&mentions, 4));
        }
        let with: Vec<String> = related.iter().map(|(_, title)| title.clone()).collect();
        b.links(t(zh, "同现人物与条目", "Appears with"), &with);
        Ok(b.finish())
    }

    fn improve(page: Page, review: Review) -> Result<Option<Page>, String> {
        let zh = looks_zh(&page);
        Ok(improve(page, &review, zh))
    }
}

grove_gene::register_gene!(Person);

//! `glossary`: an example third-party gene. It proposes one `glossary` entry per term
//! the text itself defines ("X is a …", "X refers to …", "所谓X", "X者…也") and
//! renders it as the defining sentence, quoted with its citation, plus up to three
//! further uses of the term.
//!
//! With a model configured (`complete`), `improve` adds a one-sentence definition the
//! model writes from the cited passages, citing them.
//!
//! It is built only against the `grove-gene` SDK (`plugin-api/`), as any third-party
//! gene would be, and is not a default gene of the server.

use grove_gene::page::{quote, quotes_section, truncate};
use grove_gene::{
    Citation, Document, Entry, Gene, GeneInfo, Page, Proposal, Review, TermKind, host,
};

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
                // A term the text itself defines outranks the same term proposed from
                // statistics alone: the glossary entry (the definition) wins the merge.
                score: term.salience.clamp(0.0, 1.0) + 1.0,
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

    /// With a model configured: a one-sentence definition written by the model from the
    /// page's cited passages. The model must name the passage it rests on (`[id]`); an
    /// answer that names none is not used, and the ids it names become the definition's
    /// citations, so the host rejects the page when they are not real passages. Without a
    /// model (or when it fails) the page is kept as it is.
    fn improve(page: Page, review: Review) -> Result<Option<Page>, String> {
        let _ = review;
        if page.citations.is_empty() {
            return Ok(None);
        }
        let mut prompt = format!(
            "Define \"{}\" in one sentence, using only the passages below. End the sentence \
             with the id of the passage it rests on, in square brackets.\n\n",
            page.title
        );
        for c in page.citations.iter().take(4) {
            prompt.push_str(&format!("[{}] {}\n", c.passage_id, truncate(&c.quote, 600)));
        }
        let Some(answer) = host::complete(&prompt, 160) else {
            return Ok(None);
        };
        let (text, cited) = split_citations(&answer);
        if cited.is_empty() || text.is_empty() {
            host::warn("glossary: the model's definition cites no passage; not used");
            return Ok(None);
        }
        let mut citations: Vec<Citation> = cited
            .iter()
            .map(|id| Citation {
                passage_id: id.clone(),
                quote: host::passage(id).map(|p| p.text).unwrap_or_default(),
            })
            .collect();
        for c in &page.citations {
            if !citations.iter().any(|x| x.passage_id == c.passage_id) {
                citations.push(c.clone());
            }
        }
        let marks: String = cited.iter().map(|id| format!("[^{id}]")).collect();
        let mut sections = page.sections.clone();
        sections.insert(
            0,
            grove_gene::Section {
                heading: if looks_zh(&page.title) {
                    "释义"
                } else {
                    "In short"
                }
                .into(),
                body: format!("{text} {marks}"),
            },
        );
        Ok(Some(Page {
            summary: truncate(&text, 4000).to_string(),
            sections,
            citations,
            ..page
        }))
    }
}

/// Whether a title is written in Chinese characters.
fn looks_zh(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// Splits `text [p1] [p2]` into the text without the bracketed ids and the ids.
fn split_citations(answer: &str) -> (String, Vec<String>) {
    let mut text = String::new();
    let mut ids = Vec::new();
    let mut rest = answer;
    while let Some(start) = rest.find('[') {
        let Some(len) = rest[start + 1..].find(']') else {
            break;
        };
        let id = rest[start + 1..start + 1 + len]
            .trim()
            .trim_start_matches('^');
        text.push_str(&rest[..start]);
        if !id.is_empty() && id.len() <= 64 && !id.contains(char::is_whitespace) {
            if !ids.iter().any(|x| x == id) {
                ids.push(id.to_string());
            }
        } else {
            text.push_str(&rest[start..start + len + 2]);
        }
        rest = &rest[start + len + 2..];
    }
    text.push_str(rest);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = text.trim_end_matches(|c: char| c == ' ').replace(" .", ".");
    (text, ids)
}

grove_gene::register_gene!(Glossary);

//! The host-side model of what crosses the gene boundary, independent of any ABI
//! version's generated bindings: what the pipeline builds and receives. Each ABI module
//! (`v1_0`, later `v1_1` ...) converts between these and its own generated types.
//!
//! The bounds of the ABI (documented in the WIT file and `plugin-api/README.md`) live
//! in [`limits`]; [`DocSummary::from_analysis`] applies the host-to-gene bounds and the
//! `check_*` functions enforce the gene-to-host bounds.

use serde::{Deserialize, Serialize};

use super::GeneError;
use crate::analysis::{Analysis, ChapterInfo, Passage, Procedure, TermStat};

/// The bounds of ABI 1.x. Host -> gene values are cut or clamped to them; a gene ->
/// host value over them fails the call.
pub mod limits {
    pub const MAX_TITLE: usize = 256;
    pub const MAX_PASSAGE: usize = 2048;
    pub const MAX_DOC_CHAPTERS: usize = 2000;
    pub const MAX_DOC_TERMS: usize = 2000;
    pub const MAX_DOC_PROCEDURES: usize = 500;
    pub const MAX_VARIANTS: usize = 16;
    pub const MAX_IMPORT_ITEMS: u32 = 100;
    pub const MAX_CHAPTER_TEXT: usize = 262_144;
    pub const MAX_IMPORT_ARG: usize = 1024;
    pub const MAX_PROMPT: usize = 16_384;
    pub const MAX_COMPLETION: usize = 16_384;
    pub const MAX_LOG_LINE: usize = 1024;
    pub const MAX_LOG_LINES: u32 = 100;
    pub const MAX_IMPORT_CALLS: u32 = 10_000;
    pub const MAX_PROPOSALS: usize = 2000;
    pub const MAX_ALIASES: usize = 32;
    pub const MAX_SUMMARY: usize = 4096;
    pub const MAX_SECTIONS: usize = 64;
    pub const MAX_SECTION_BODY: usize = 65_536;
    pub const MAX_CITATIONS: usize = 512;
    pub const MAX_QUOTE: usize = 2048;
    pub const MAX_LINKS: usize = 512;
    pub const MAX_PAGE: usize = 524_288;
    pub const MAX_INFO_STRING: usize = 1024;
    pub const MAX_INFO_LIST: usize = 16;
    pub const MAX_ERROR: usize = 4096;
}

/// What a gene says about itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GeneInfo {
    pub name: String,
    pub version: String,
    pub description: String,
    pub entry_types: Vec<String>,
    pub languages: Vec<String>,
}

/// The analysed document as given to `propose`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DocSummary {
    pub lang: String,
    pub title: String,
    pub chapters: Vec<ChapterInfo>,
    pub terms: Vec<TermStat>,
    pub procedures: Vec<Procedure>,
}

/// An entry a gene wants to exist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Proposal {
    pub entry_type: String,
    pub title: String,
    pub aliases: Vec<String>,
    pub score: f32,
    pub key: String,
}

/// One entry to render.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub entry_type: String,
    pub title: String,
    pub aliases: Vec<String>,
    pub key: String,
    pub lang: String,
    pub document_title: String,
}

impl Entry {
    /// The entry for a proposal in a document.
    pub fn from_proposal(p: &Proposal, lang: &str, document_title: &str) -> Entry {
        Entry {
            entry_type: p.entry_type.clone(),
            title: p.title.clone(),
            aliases: p.aliases.clone(),
            key: p.key.clone(),
            lang: lang.to_string(),
            document_title: cut(document_title, limits::MAX_TITLE).to_string(),
        }
    }
}

/// A titled Markdown block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Section {
    pub heading: String,
    pub body: String,
}

/// A reference from a page to a passage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Citation {
    pub passage_id: String,
    pub quote: String,
}

/// A rendered page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Page {
    pub title: String,
    pub entry_type: String,
    pub aliases: Vec<String>,
    pub summary: String,
    pub sections: Vec<Section>,
    pub citations: Vec<Citation>,
    pub links: Vec<String>,
}

impl Page {
    /// The page as Markdown: title, summary, sections, and the cited passage ids as
    /// footnote-style references (for the CLI and previews; the pipeline writes its own
    /// front matter).
    pub fn to_markdown(&self) -> String {
        let mut out = format!(
            "# {}

",
            self.title
        );
        if !self.aliases.is_empty() {
            out.push_str(&format!("*{}*\n\n", self.aliases.join(" · ")));
        }
        if !self.summary.is_empty() {
            out.push_str(&self.summary);
            out.push_str("\n\n");
        }
        for s in &self.sections {
            out.push_str(&format!("## {}\n\n{}\n\n", s.heading, s.body.trim_end()));
        }
        if !self.citations.is_empty() {
            out.push_str("---\n");
            for c in &self.citations {
                out.push_str(&format!("[^{}]: {}\n", c.passage_id, cut(&c.quote, 200)));
            }
        }
        out
    }
}

/// One finding of the host's quality checklist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub code: String,
    pub message: String,
}

/// The host's review of a page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub score: f32,
    pub findings: Vec<Finding>,
}

/// Log levels of the `log` import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    Trace,
    Debug,
    Info,
    Warn,
    Error,
}

/// Cuts `s` to at most `max` bytes at a char boundary.
pub fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Cuts `s` in place to at most `max` bytes at a char boundary.
fn cut_in_place(s: &mut String, max: usize) {
    let keep = cut(s, max).len();
    s.truncate(keep);
}

/// A passage within the host -> gene bounds (its text and titles cut, nothing copied).
fn cut_passage(mut p: Passage) -> Passage {
    cut_in_place(&mut p.text, limits::MAX_PASSAGE);
    cut_in_place(&mut p.location.chapter_title, limits::MAX_TITLE);
    if let Some(s) = &mut p.location.section {
        cut_in_place(s, limits::MAX_TITLE);
    }
    p
}

/// Applies the host -> gene bounds to a passage list result.
pub(crate) fn bound_passages(ps: Vec<Passage>) -> Vec<Passage> {
    ps.into_iter()
        .take(limits::MAX_IMPORT_ITEMS as usize)
        .map(cut_passage)
        .collect()
}

impl DocSummary {
    /// The document summary of an analysis, within the ABI bounds.
    pub fn from_analysis(a: &Analysis) -> DocSummary {
        DocSummary {
            lang: a.lang().as_str().to_string(),
            title: cut(a.title(), limits::MAX_TITLE).to_string(),
            chapters: a
                .chapters()
                .iter()
                .take(limits::MAX_DOC_CHAPTERS)
                .map(|c| ChapterInfo {
                    title: cut(&c.title, limits::MAX_TITLE).to_string(),
                    ..c.clone()
                })
                .collect(),
            terms: a
                .terms()
                .iter()
                .filter(|t| t.text.len() <= limits::MAX_TITLE)
                .take(limits::MAX_DOC_TERMS)
                .map(|t| TermStat {
                    text: t.text.clone(),
                    kind: t.kind,
                    frequency: t.frequency,
                    salience: t.salience,
                    chapter_count: t.chapter_count,
                    first: cut_passage(t.first.clone()),
                    variants: t
                        .variants
                        .iter()
                        .filter(|v| v.len() <= limits::MAX_TITLE)
                        .take(limits::MAX_VARIANTS)
                        .cloned()
                        .collect(),
                })
                .collect(),
            procedures: a
                .procedures()
                .take(limits::MAX_DOC_PROCEDURES)
                .map(|p| Procedure {
                    title: cut(&p.title, limits::MAX_TITLE).to_string(),
                    location: cut_passage(Passage {
                        id: String::new(),
                        text: String::new(),
                        location: p.location.clone(),
                    })
                    .location,
                    ..p.clone()
                })
                .collect(),
        }
    }
}

fn too_large(call: &'static str, detail: String) -> GeneError {
    GeneError::OutputTooLarge { call, detail }
}

fn check_str(call: &'static str, what: &str, s: &str, max: usize) -> Result<(), GeneError> {
    if s.len() > max {
        return Err(too_large(
            call,
            format!("{what} is {} bytes (max {max})", s.len()),
        ));
    }
    Ok(())
}

fn check_aliases(call: &'static str, a: &[String]) -> Result<(), GeneError> {
    if a.len() > limits::MAX_ALIASES {
        return Err(too_large(
            call,
            format!("{} aliases (max {})", a.len(), limits::MAX_ALIASES),
        ));
    }
    for s in a {
        check_str(call, "an alias", s, limits::MAX_TITLE)?;
    }
    Ok(())
}

/// Checks `info()` output: a usable name, within bounds.
pub fn check_info(info: &GeneInfo) -> Result<(), GeneError> {
    let bad = |m: String| Err(GeneError::InvalidInfo(m));
    if info.name.is_empty()
        || info.name.len() > 64
        || !info
            .name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return bad(format!(
            "name {:?} must be 1 to 64 of [a-z0-9-]",
            cut(&info.name, 80)
        ));
    }
    for (what, s) in [
        ("version", &info.version),
        ("description", &info.description),
    ] {
        if s.len() > limits::MAX_INFO_STRING {
            return bad(format!(
                "{what} is longer than {} bytes",
                limits::MAX_INFO_STRING
            ));
        }
    }
    if info.entry_types.is_empty() || info.entry_types.len() > limits::MAX_INFO_LIST {
        return bad(format!(
            "entry types must be 1 to {} names",
            limits::MAX_INFO_LIST
        ));
    }
    if info.languages.len() > limits::MAX_INFO_LIST {
        return bad(format!("at most {} languages", limits::MAX_INFO_LIST));
    }
    for t in info.entry_types.iter().chain(&info.languages) {
        if t.is_empty() || t.len() > 64 {
            return bad(format!(
                "entry type or language {:?} is empty or too long",
                cut(t, 80)
            ));
        }
    }
    Ok(())
}

/// Checks `propose` output against the bounds and the gene's declared entry types.
pub fn check_proposals(info: &GeneInfo, ps: &[Proposal]) -> Result<(), GeneError> {
    const CALL: &str = "propose";
    if ps.len() > limits::MAX_PROPOSALS {
        return Err(too_large(
            CALL,
            format!("{} proposals (max {})", ps.len(), limits::MAX_PROPOSALS),
        ));
    }
    for p in ps {
        check_str(CALL, "a title", &p.title, limits::MAX_TITLE)?;
        check_str(CALL, "a key", &p.key, limits::MAX_TITLE)?;
        check_str(CALL, "an entry type", &p.entry_type, limits::MAX_TITLE)?;
        check_aliases(CALL, &p.aliases)?;
        if p.title.trim().is_empty() {
            return Err(GeneError::InvalidOutput {
                call: CALL,
                detail: "a proposal has an empty title".into(),
            });
        }
        if !info.entry_types.contains(&p.entry_type) {
            return Err(GeneError::InvalidOutput {
                call: CALL,
                detail: format!(
                    "entry type {:?} is not one the gene declared ({})",
                    p.entry_type,
                    info.entry_types.join(", ")
                ),
            });
        }
        if !p.score.is_finite() {
            return Err(GeneError::InvalidOutput {
                call: CALL,
                detail: "a score is not a finite number".into(),
            });
        }
    }
    Ok(())
}

/// Checks a page against the bounds.
pub fn check_page(call: &'static str, p: &Page) -> Result<(), GeneError> {
    check_str(call, "the title", &p.title, limits::MAX_TITLE)?;
    check_str(call, "the entry type", &p.entry_type, limits::MAX_TITLE)?;
    check_str(call, "the summary", &p.summary, limits::MAX_SUMMARY)?;
    check_aliases(call, &p.aliases)?;
    if p.sections.len() > limits::MAX_SECTIONS {
        return Err(too_large(
            call,
            format!(
                "{} sections (max {})",
                p.sections.len(),
                limits::MAX_SECTIONS
            ),
        ));
    }
    if p.citations.len() > limits::MAX_CITATIONS {
        return Err(too_large(
            call,
            format!(
                "{} citations (max {})",
                p.citations.len(),
                limits::MAX_CITATIONS
            ),
        ));
    }
    if p.links.len() > limits::MAX_LINKS {
        return Err(too_large(
            call,
            format!("{} links (max {})", p.links.len(), limits::MAX_LINKS),
        ));
    }
    let mut total = p.title.len() + p.summary.len() + p.entry_type.len();
    for s in &p.sections {
        check_str(call, "a section heading", &s.heading, limits::MAX_TITLE)?;
        check_str(call, "a section body", &s.body, limits::MAX_SECTION_BODY)?;
        total += s.heading.len() + s.body.len();
    }
    for c in &p.citations {
        check_str(call, "a citation id", &c.passage_id, limits::MAX_TITLE)?;
        check_str(call, "a quote", &c.quote, limits::MAX_QUOTE)?;
        total += c.passage_id.len() + c.quote.len();
    }
    for l in p.links.iter().chain(&p.aliases) {
        check_str(call, "a link", l, limits::MAX_TITLE)?;
        total += l.len();
    }
    if total > limits::MAX_PAGE {
        return Err(too_large(
            call,
            format!("the page is {total} bytes (max {})", limits::MAX_PAGE),
        ));
    }
    if p.title.trim().is_empty() {
        return Err(GeneError::InvalidOutput {
            call,
            detail: "the page has an empty title".into(),
        });
    }
    Ok(())
}

//! Text extraction for the **egg** stage: turns an uploaded document (EPUB, PDF, Markdown, plain
//! text) into one structured, normalized [`ExtractedDoc`] whose every block knows where it came from
//! (chapter, section, PDF page, txt/md line), plus the content fingerprint used for dedup.
//!
//! This is a pure library: it reads bytes (or a file path) and returns values or typed errors. It
//! knows nothing of HTTP, jobs, the database or the wiki directory; the pipeline decides where the
//! results go (it stores [`to_markdown`] and [`to_json`] output in `corpus/`). It does no language
//! analysis either (sentences, segmentation: see `crate::analysis`).
//!
//! Entry points: [`detect`] / [`detect_file`] (what is this file?), [`extract`] / [`extract_file`]
//! (bytes -> [`ExtractedDoc`]), [`ExtractedDoc::fingerprint`], [`to_markdown`], [`to_json`].
//! Format and design notes: `docs/extraction.md`.

mod detect;
mod dictionary;
mod epub;
mod error;
mod frame;
mod html;
mod markdown;
mod normalize;
mod output;
mod pdf;
mod pdf_lines;
mod structure;
mod text;

#[cfg(test)]
mod corpus_tests;

use serde::{Deserialize, Serialize};
use std::path::Path;

pub use detect::{detect, detect_file};
pub use dictionary::{is_bracketed_label, is_head_line, is_sense_mark, opens_with_a_sense};
pub use error::ExtractError;
pub use normalize::{fingerprint_blocks, normalize_text};
pub use output::{from_json, to_json, to_markdown};
pub use structure::table_rows;
pub use text::decode_text;

/// Caps that protect extraction from hostile input. [`Limits::default`] is what the pipeline uses.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest input accepted, in bytes (the upload cap is enforced before this, too).
    pub max_input_bytes: u64,
    /// Total bytes decompressed from an EPUB (zip bomb guard).
    pub max_unzipped_bytes: u64,
    /// Number of entries an EPUB zip may have.
    pub max_zip_entries: usize,
    /// Pages read from a PDF; later pages are ignored (and reported in `ExtractedDoc::warnings`).
    pub max_pdf_pages: u32,
    /// Wall-clock budget for the PDF text extractor; beyond it extraction fails with
    /// [`ExtractError::TimedOut`].
    pub pdf_timeout: std::time::Duration,
    /// Characters of extracted text kept in total (guards against decompression blow-ups in PDFs).
    pub max_text_chars: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_input_bytes: 1 << 30,
            max_unzipped_bytes: 512 << 20,
            max_zip_entries: 20_000,
            max_pdf_pages: 20_000,
            pdf_timeout: std::time::Duration::from_secs(120),
            max_text_chars: 256 << 20,
        }
    }
}

/// The four supported source formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Epub,
    Pdf,
    Markdown,
    Text,
}

impl Format {
    /// The usual file extension (`epub`, `pdf`, `md`, `txt`).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Epub => "epub",
            Format::Pdf => "pdf",
            Format::Markdown => "md",
            Format::Text => "txt",
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.extension())
    }
}

/// A whole extracted document: chapters of blocks, each block normalized and located.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtractedDoc {
    pub format: Format,
    /// Title from the metadata (EPUB `dc:title`, PDF `/Title`, first `#` heading of a Markdown
    /// file, first line of a txt file when it looks like a title).
    pub title: Option<String>,
    /// Language declared by the file (EPUB `dc:language`, PDF `/Lang`). A hint only: real files
    /// declare wrongly; the upload's `lang` field decides.
    pub lang_hint: Option<String>,
    /// The text encoding that was detected (txt, md) or declared (EPUB documents), e.g. `UTF-8`,
    /// `GB18030`, `UTF-16LE`, `Big5`.
    pub encoding: Option<String>,
    pub chapters: Vec<Chapter>,
    /// Non-fatal problems met on the way (a missing spine item, a page that failed), for the log.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// One chapter (EPUB spine document or nav entry, PDF outline-less whole, txt/md chapter heading).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chapter {
    /// Chapter title; empty when the source has none.
    pub title: String,
    pub blocks: Vec<Block>,
    /// The headings of the divisions that hold the chapter, outermost first, where the source
    /// groups its units under headings of their own ("国风" › "周南" over the poem "关雎").
    /// Empty for a chapter no heading groups.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<String>,
}

/// What a block holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum BlockKind {
    /// Prose: a paragraph, list item, table cell row, verse stanza, quote.
    #[default]
    Paragraph,
    /// Verbatim code (Markdown fences and indented code, EPUB `<pre>`). Whitespace inside is kept
    /// as is (only newlines unified, control and zero-width characters stripped). Analysis should
    /// not take sentences from it.
    Code,
    /// A drawn table (`|a|b|` rows, box drawing), lines kept. Not prose: analysis takes no
    /// sentences from it.
    Table,
    /// Front and back matter and furniture: a table of contents, index lines, licence text, an
    /// admonition label ("Note"), a manual page's footer, an anthology piece's title line. Kept
    /// for reading; never a source of entries or quotes.
    Matter,
}

/// One paragraph (or code block) of normalized text with its place in the source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Block {
    pub text: String,
    #[serde(default, skip_serializing_if = "is_paragraph")]
    pub kind: BlockKind,
    pub location: Location,
}

fn is_paragraph(k: &BlockKind) -> bool {
    *k == BlockKind::Paragraph
}

/// Where a block is in the source, as cited by generated pages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Location {
    /// 1-based chapter number (index into `ExtractedDoc::chapters` plus one).
    pub chapter: u32,
    pub chapter_title: String,
    /// Section inside the chapter (heading path below the chapter level, joined with ` / `).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// PDF page, 1-based, where the block starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// txt / md: 1-based line of the source file where the block starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
}

impl ExtractedDoc {
    /// SHA-256 (lowercase hex) over the normalized text of every block in order. Independent of
    /// the file's encoding and container: the same text as UTF-8 or GB18030 gives the same value.
    pub fn fingerprint(&self) -> String {
        fingerprint_blocks(self.blocks().map(|b| b.text.as_str()))
    }

    /// All blocks in reading order.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.chapters.iter().flat_map(|c| c.blocks.iter())
    }

    /// Total characters of block text (Unicode scalar values).
    pub fn char_count(&self) -> usize {
        self.blocks().map(|b| b.text.chars().count()).sum()
    }
}

/// Extracts a document held in memory. `file_name` is the uploaded name (used for detection of
/// Markdown by extension and as a fallback title).
pub fn extract(bytes: &[u8], file_name: &str) -> Result<ExtractedDoc, ExtractError> {
    extract_with(bytes, file_name, &Limits::default())
}

/// [`extract`] with explicit [`Limits`].
pub fn extract_with(
    bytes: &[u8],
    file_name: &str,
    limits: &Limits,
) -> Result<ExtractedDoc, ExtractError> {
    if bytes.len() as u64 > limits.max_input_bytes {
        return Err(ExtractError::TooLarge(format!(
            "the file is {} bytes; the limit is {}",
            bytes.len(),
            limits.max_input_bytes
        )));
    }
    let format = detect(bytes, file_name)?;
    extract_as(format, bytes, file_name, limits)
}

/// Extracts `bytes` as the given format (skips detection).
pub fn extract_as(
    format: Format,
    bytes: &[u8],
    file_name: &str,
    limits: &Limits,
) -> Result<ExtractedDoc, ExtractError> {
    let mut doc = match format {
        Format::Text => text::extract_txt(bytes)?,
        Format::Markdown => markdown::extract_md(bytes)?,
        Format::Epub => epub::extract_epub(bytes, limits)?,
        Format::Pdf => pdf::extract_pdf(bytes, limits)?,
    };
    frame::mark_frame(&mut doc);
    structure::divisions_as_chapters(&mut doc);
    finish(&mut doc, file_name);
    dictionary::entries_as_sections(&mut doc);
    structure::classify_blocks(&mut doc);
    if doc.blocks().next().is_none() {
        return Err(ExtractError::NoText(match format {
            Format::Pdf => "the PDF has no extractable text (it may be scanned images only; \
                            upload a PDF with a text layer, or the text as txt)"
                .into(),
            _ => "the document contains no text".into(),
        }));
    }
    Ok(doc)
}

/// Reads and extracts a file on disk (the upload is streamed to disk first).
pub fn extract_file(path: &Path, file_name: &str) -> Result<ExtractedDoc, ExtractError> {
    let limits = Limits::default();
    let meta = std::fs::metadata(path).map_err(|e| ExtractError::Io(e.to_string()))?;
    if meta.len() > limits.max_input_bytes {
        return Err(ExtractError::TooLarge(format!(
            "the file is {} bytes; the limit is {}",
            meta.len(),
            limits.max_input_bytes
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| ExtractError::Io(e.to_string()))?;
    extract_with(&bytes, file_name, &limits)
}

/// Fills location numbers and titles consistently, drops empty chapters, sets a fallback title.
fn finish(doc: &mut ExtractedDoc, file_name: &str) {
    doc.chapters.retain(|c| !c.blocks.is_empty());
    if let Some(t) = &doc.title {
        let t = normalize::normalize_text(t);
        doc.title = if t.is_empty() { None } else { Some(t) };
    }
    if doc.title.is_none() {
        let stem = title_from_file_name(file_name);
        doc.title = works_title(&doc.chapters, &stem).or((!stem.is_empty()).then_some(stem));
    }
    let fallback = doc.title.clone().unwrap_or_default();
    for (i, ch) in doc.chapters.iter_mut().enumerate() {
        ch.title = without_closing_stop(&normalize::normalize_text(&ch.title)).to_string();
        if ch.title.is_empty() {
            ch.title = fallback.clone();
        }
        for b in &mut ch.blocks {
            b.location.chapter = i as u32 + 1;
            b.location.chapter_title = ch.title.clone();
            if let Some(s) = &mut b.location.section
                && without_closing_stop(s).len() != s.len()
            {
                *s = without_closing_stop(s).to_string();
            }
        }
    }
}

/// A heading without the stop some books close their headings with ("I: Nature of
/// Mathematics.", "Index."); not an abbreviation's ("Tools, etc.", "Dr."), an initial's or an
/// ellipsis.
fn without_closing_stop(t: &str) -> &str {
    let Some(r) = t.strip_suffix('.') else {
        return t;
    };
    let last = r
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    if r.ends_with(')') || last.chars().count() > 3 && !r.ends_with('.') {
        r
    } else {
        t
    }
}

/// The title of a Chinese text that names no title of its own and whose file name is in
/// Latin letters ("daxue-zhongyong.txt"): the works it holds, where it holds one to three,
/// each headed by a short Chinese title ("大學·中庸"). A reader of the wiki knows the book by
/// those names, not by a transliterated file name. `None` otherwise.
fn works_title(chapters: &[Chapter], stem: &str) -> Option<String> {
    let titles: Vec<String> = chapters
        .iter()
        .map(|c| normalize::normalize_text(&c.title))
        .collect();
    let chinese = |t: &str| {
        let n = t.chars().count();
        // (a numbered unit, 第一回 or 卷三, and front matter, 序 or 目录, name no work)
        let numbered = t.starts_with('第')
            || t.ends_with(['章', '回', '卷', '篇', '節', '节'])
            || t.starts_with('卷');
        (1..=12).contains(&n)
            && t.chars().all(normalize::is_cjk)
            && !numbered
            && !structure::is_matter_title(t)
            && !["序", "前言", "引言", "后记", "後記", "跋"].contains(&t)
    };
    (!stem.chars().any(normalize::is_cjk)
        && (1..=3).contains(&titles.len())
        && titles.iter().all(|t| chinese(t)))
    .then(|| titles.join("·"))
}

/// The languages whose tag a file name may end in (`quran.en.txt`, `tang300_zh-hans.txt`).
const LANGUAGE_TAGS: &[&str] = &[
    "en", "zh", "ja", "ko", "de", "fr", "es", "it", "pt", "ru", "nl", "sv", "pl", "ar",
];

/// A document's title when nothing in it names it: the file's stem, without a language tag
/// at its end, its underscores read as spaces ("libidn2_en.pdf" is "libidn2",
/// "my_notes.zh-hans.md" is "my notes").
fn title_from_file_name(file_name: &str) -> String {
    let stem = Path::new(file_name)
        .file_stem()
        .map(|s| s.to_string_lossy().trim().to_string())
        .unwrap_or_default();
    let base = stem
        .rsplit_once(['.', '_'])
        .filter(|(base, tag)| {
            let lang = tag.split_once('-').map_or(*tag, |(l, _)| l);
            !base.trim_matches(['.', '_', '-']).is_empty()
                && LANGUAGE_TAGS.contains(&lang.to_ascii_lowercase().as_str())
        })
        .map_or(stem.as_str(), |(base, _)| base);
    base.replace('_', " ").trim().to_string()
}

/// Builder used by the format modules: collects blocks into chapters, normalizing text.
#[derive(Default)]
pub(crate) struct DocBuilder {
    chapters: Vec<Chapter>,
    section: Option<String>,
    chars: usize,
    pub(crate) max_chars: usize,
}

impl DocBuilder {
    pub(crate) fn new() -> Self {
        DocBuilder {
            max_chars: Limits::default().max_text_chars,
            ..Default::default()
        }
    }

    /// Starts a new chapter (the previous one is kept even if empty; empty ones are dropped at the end).
    pub(crate) fn chapter(&mut self, title: &str) {
        self.chapters.push(Chapter {
            title: title.trim().to_string(),
            blocks: Vec::new(),
            parts: Vec::new(),
        });
        self.section = None;
    }

    /// Sets the divisions that hold the chapter begun last ([`Chapter::parts`]).
    pub(crate) fn set_parts(&mut self, parts: Vec<String>) {
        if let Some(c) = self.chapters.last_mut() {
            c.parts = parts;
        }
    }

    pub(crate) fn set_section(&mut self, section: Option<String>) {
        self.section = section
            .map(|s| normalize::normalize_text(&s))
            .filter(|s| !s.is_empty());
    }

    pub(crate) fn has_chapter(&self) -> bool {
        !self.chapters.is_empty()
    }

    /// Adds a prose block (normalized; skipped when empty).
    pub(crate) fn para(&mut self, raw: &str, page: Option<u32>, line: Option<u32>) {
        let text = normalize::normalize_text(raw);
        self.push(text, BlockKind::Paragraph, page, line);
    }

    /// Adds a code block (whitespace kept).
    pub(crate) fn code(&mut self, raw: &str, page: Option<u32>, line: Option<u32>) {
        self.verbatim(raw, BlockKind::Code, page, line);
    }

    /// Adds a drawn table (lines kept).
    pub(crate) fn table(&mut self, raw: &str, page: Option<u32>, line: Option<u32>) {
        self.verbatim(raw, BlockKind::Table, page, line);
    }

    /// Adds front or back matter (lines kept; see [`BlockKind::Matter`]).
    pub(crate) fn matter(&mut self, raw: &str, page: Option<u32>, line: Option<u32>) {
        self.verbatim(raw, BlockKind::Matter, page, line);
    }

    /// A block whose lines and indentation are kept (everything but prose).
    fn verbatim(&mut self, raw: &str, kind: BlockKind, page: Option<u32>, line: Option<u32>) {
        let text = normalize::normalize_code(raw);
        self.push(text, kind, page, line);
    }

    fn push(&mut self, text: String, kind: BlockKind, page: Option<u32>, line: Option<u32>) {
        if text.is_empty() || self.chars >= self.max_chars {
            return;
        }
        self.chars += text.len();
        if self.chapters.is_empty() {
            self.chapter("");
        }
        let section = self.section.clone();
        let ch = self.chapters.last_mut().expect("a chapter exists");
        ch.blocks.push(Block {
            text,
            kind,
            location: Location {
                chapter: 0,
                chapter_title: String::new(),
                section,
                page,
                line,
            },
        });
    }

    pub(crate) fn into_chapters(self) -> Vec<Chapter> {
        self.chapters
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_headings_closing_stop_is_dropped() {
        use super::without_closing_stop;
        for (t, want) in [
            ("I: Nature of Mathematics.", "I: Nature of Mathematics"),
            ("Index.", "Index"),
            (
                "Imaginary Numbers (Continued).",
                "Imaginary Numbers (Continued)",
            ),
            ("Tools, etc.", "Tools, etc."),
            ("Letters to Dr.", "Letters to Dr."),
            ("And so on...", "And so on..."),
            ("Variables", "Variables"),
        ] {
            assert_eq!(without_closing_stop(t), want, "{t}");
        }
    }

    #[test]
    fn a_file_name_titles_a_document_without_its_language_tag() {
        for (file, title) in [
            ("libidn2_en.pdf", "libidn2"),
            ("quran.en.txt", "quran"),
            ("tang300_zh-hans.txt", "tang300"),
            ("manpages-zh_zh-cn.txt", "manpages-zh"),
            ("my_notes.md", "my notes"),
            ("data_io.txt", "data io"),
            ("en.txt", "en"),
            ("The Book.epub", "The Book"),
        ] {
            assert_eq!(super::title_from_file_name(file), title, "{file}");
        }
    }

    #[test]
    fn a_chinese_text_without_a_title_is_named_by_its_works_not_a_latin_file_name() {
        let chapter = |title: &str| super::Chapter {
            title: title.into(),
            blocks: Vec::new(),
            parts: Vec::new(),
        };
        let cases: &[(&[&str], &str, Option<&str>)] = &[
            (&["大學", "中庸"], "daxue-zhongyong", Some("大學·中庸")),
            (&["論語"], "lunyu", Some("論語")),
            (&["大學", "中庸"], "四书", None),
            (&["一", "二", "三", "四"], "poems", None),
            (&["第一回"], "story", None),
            (&["序", "卷一"], "story", None),
            (&["Introduction", "Usage"], "notes", None),
            (&["第一章 总则 这是一个很长的标题啊", "二"], "law", None),
        ];
        for (titles, stem, want) in cases {
            let chapters: Vec<_> = titles.iter().map(|t| chapter(t)).collect();
            assert_eq!(
                super::works_title(&chapters, stem).as_deref(),
                *want,
                "{titles:?}"
            );
        }
    }
}

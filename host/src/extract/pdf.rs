//! PDF extraction: text per page from a third-party extractor (see `docs/extraction.md` for the
//! comparison that chose it), run on a worker thread with a time budget and `catch_unwind`, then
//! our own layout clean-up: running headers/footers and page numbers that repeat across pages are
//! dropped, TOC dot leaders are removed, line-end hyphens are joined, lines become paragraphs
//! (also across page breaks), and every paragraph keeps the 1-based page where it starts.
//! Chapters come from the PDF outline (bookmarks) when it has one. Not for OCR: a PDF without a
//! text layer fails with a clear error.

use super::normalize::is_cjk;
use super::{DocBuilder, ExtractError, ExtractedDoc, Format, Limits};
use std::collections::HashMap;

/// What the backend gives us: text per page plus metadata.
#[derive(Debug, Default)]
pub(crate) struct RawPdf {
    pub pages: Vec<String>,
    pub title: Option<String>,
    pub lang: Option<String>,
    /// Outline entries: (level, title, 1-based page).
    pub outline: Vec<(usize, String, u32)>,
    pub warnings: Vec<String>,
}

pub(crate) fn extract_pdf(bytes: &[u8], limits: &Limits) -> Result<ExtractedDoc, ExtractError> {
    let raw = run_guarded(bytes, limits)?;
    Ok(layout(raw, limits))
}

/// Runs the backend on a worker thread (big stack, panics caught) within the time budget.
fn run_guarded(bytes: &[u8], limits: &Limits) -> Result<RawPdf, ExtractError> {
    run_guarded_with(bytes, limits, backend::extract)
}

fn run_guarded_with(
    bytes: &[u8],
    limits: &Limits,
    f: fn(&[u8], u32) -> Result<RawPdf, ExtractError>,
) -> Result<RawPdf, ExtractError> {
    let data = bytes.to_vec();
    let max_pages = limits.max_pdf_pages;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("pdf-extract".into())
        .stack_size(256 << 20)
        .spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&data, max_pages)));
            let _ = tx.send(r);
        })
        .map_err(|e| ExtractError::Io(format!("cannot start the PDF worker: {e}")))?;
    match rx.recv_timeout(limits.pdf_timeout) {
        Ok(Ok(r)) => r,
        Ok(Err(p)) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".into());
            Err(ExtractError::ExtractorPanicked("PDF", msg))
        }
        // the worker cannot be killed; it is left to finish on its own and its result dropped
        Err(_) => Err(ExtractError::TimedOut(format!(
            "more than {} s",
            limits.pdf_timeout.as_secs()
        ))),
    }
}

mod backend {
    //! The chosen extractor (`pdf_oxide`) behind one function: swap it here, nowhere else.
    use super::RawPdf;
    use crate::extract::ExtractError;
    use crate::extract::pdf_lines::{self, Run};
    use pdf_oxide::PdfDocument;
    use pdf_oxide::extractors::SpanMergingConfig;
    use pdf_oxide::layout::TextSpan;
    use pdf_oxide::object::Object;
    use pdf_oxide::outline::{Destination, OutlineItem};

    /// PDF text strings: UTF-16BE with BOM, UTF-8 with BOM, else PDFDocEncoding (~Latin-1).
    pub(super) fn decode_pdf_string(b: &[u8]) -> Option<String> {
        let s = if let Some(rest) = b.strip_prefix(&[0xFE, 0xFF]) {
            let units: Vec<u16> = rest
                .chunks_exact(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        } else if let Some(rest) = b.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
            String::from_utf8_lossy(rest).into_owned()
        } else {
            b.iter().map(|&c| c as char).collect()
        };
        let s = s.trim().to_string();
        (!s.is_empty()).then_some(s)
    }

    fn dict_string(doc: &PdfDocument, dict: &Object, key: &str) -> Option<String> {
        let d = doc.resolve_object(dict).ok()?;
        let v = d.as_dict()?.get(key)?.clone();
        let v = doc.resolve_object(&v).ok()?;
        decode_pdf_string(v.as_string()?)
    }

    fn flatten(items: &[OutlineItem], level: usize, out: &mut Vec<(usize, String, u32)>) {
        for it in items {
            if let Some(Destination::PageIndex(p)) = &it.dest {
                out.push((level, it.title.trim().to_string(), *p as u32 + 1));
            }
            flatten(&it.children, level + 1, out);
        }
    }

    fn encrypted_message(e: &str) -> bool {
        let e = e.to_ascii_lowercase();
        e.contains("encrypt") || e.contains("password") || e.contains("decrypt")
    }

    /// One page's text. Fast path: the page's text runs from one pass over its content stream,
    /// put into lines by [`pdf_lines::assemble`]. A page that path cannot read in order (set in
    /// columns, rotated, vertical writing) gets pdf_oxide's full text assembly with its
    /// reading-order analysis instead. That analysis costs three to four times as much: before
    /// the first page it reads every page once to find running headers (which `layout` finds
    /// anyway), and it reads each page twice more. On the corpus PDFs the fast path gives the same
    /// words and keeps sentences with code-font words whole where the full path split them.
    fn page_text(doc: &PdfDocument, i: usize) -> Result<String, String> {
        let upright = doc
            .get_page_rotation(i)
            .map_or(true, |r| r.rem_euclid(360) == 0);
        if upright {
            let spans = doc
                .extract_spans_with_config(i, SpanMergingConfig::default())
                .map_err(|e| e.to_string())?;
            let (llx, lly, urx, ury) = doc.get_page_media_box(i).unwrap_or((0.0, 0.0, 0.0, 0.0));
            let on_page = |s: &TextSpan| {
                urx <= llx
                    || (s.bbox.x < urx
                        && s.bbox.x + s.bbox.width > llx
                        && s.bbox.y < ury.max(lly) + s.font_size
                        && s.bbox.y > lly.min(ury) - s.font_size)
            };
            if spans
                .iter()
                .all(|s| s.wmode == 0 && s.rotation_degrees == 0.0)
            {
                let runs = spans
                    .into_iter()
                    // Marked artifacts (a tagged PDF's running headers, page numbers,
                    // watermarks) and text placed off the page are not content.
                    .filter(|s| s.artifact_type.is_none() && on_page(s))
                    .map(|s| Run {
                        x: s.bbox.x,
                        y: s.bbox.y,
                        width: s.bbox.width,
                        size: s.font_size,
                        text: s.text,
                    })
                    .collect();
                if let Some(text) = pdf_lines::assemble(runs, (urx - llx).abs()) {
                    return Ok(text);
                }
            }
        }
        // Tables are read as plain lines: pdf_oxide's table detection costs a third of the
        // time and changed a few bytes on the whole corpus.
        let options = pdf_oxide::converters::ConversionOptions {
            extract_tables: false,
            ..Default::default()
        };
        doc.extract_text_with_options(i, &options)
            .map_err(|e| e.to_string())
    }

    /// The text of pages `0..n`, in order, extracted by one worker per core (the document is
    /// shared; pages are independent).
    fn pages_in_parallel(doc: &PdfDocument, n: usize) -> Vec<Result<String, String>> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let next = AtomicUsize::new(0);
        let workers = std::thread::available_parallelism()
            .map_or(2, |w| w.get())
            .clamp(1, 4)
            .min(n.max(1));
        let work = || {
            let mut out = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break out;
                }
                out.push((i, page_text(doc, i)));
            }
        };
        let mut pages: Vec<Result<String, String>> = vec![Ok(String::new()); n];
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..workers)
                .filter_map(|_| {
                    // Deeply nested content streams recurse: the same big stack as the
                    // extraction thread itself.
                    std::thread::Builder::new()
                        .name("pdf-page".into())
                        .stack_size(256 << 20)
                        .spawn_scoped(s, work)
                        .ok()
                })
                .collect();
            // No worker could start: this thread reads every page itself.
            let mut results = if handles.is_empty() {
                vec![work()]
            } else {
                Vec::new()
            };
            for h in handles {
                match h.join() {
                    Ok(done) => results.push(done),
                    // A panic on a page is the extractor's: the guard above reports it.
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            for (i, text) in results.into_iter().flatten() {
                pages[i] = text;
            }
        });
        pages
    }

    pub(super) fn extract(bytes: &[u8], max_pages: u32) -> Result<RawPdf, ExtractError> {
        let doc = PdfDocument::from_bytes(bytes.to_vec()).map_err(|e| {
            let m = e.to_string();
            if encrypted_message(&m) {
                ExtractError::EncryptedPdf
            } else {
                ExtractError::DamagedPdf(m)
            }
        })?;
        if doc.is_encrypted() {
            // an empty user password ("owner-protected" files) opens the text
            match doc.authenticate(b"") {
                Ok(true) => {}
                _ => return Err(ExtractError::EncryptedPdf),
            }
        }
        let mut raw = RawPdf::default();
        if let Some(info) = doc.trailer().as_dict().and_then(|d| d.get("Info")).cloned() {
            raw.title = dict_string(&doc, &info, "Title");
        }
        if let Ok(cat) = doc.catalog() {
            raw.lang = dict_string(&doc, &cat, "Lang");
        }
        if let Ok(Some(outline)) = doc.get_outline() {
            flatten(&outline, 0, &mut raw.outline);
        }
        let n = doc
            .page_count()
            .map_err(|e| ExtractError::DamagedPdf(e.to_string()))?;
        if n as u64 > max_pages as u64 {
            raw.warnings.push(format!(
                "the PDF has {n} pages; only the first {max_pages} were read"
            ));
        }
        let n = n.min(max_pages as usize);
        let mut failed = 0;
        for (i, page) in pages_in_parallel(&doc, n).into_iter().enumerate() {
            match page {
                Ok(t) => raw.pages.push(t),
                Err(e) => {
                    failed += 1;
                    if failed <= 5 {
                        raw.warnings
                            .push(format!("page {} could not be read: {e}", i + 1));
                    }
                    raw.pages.push(String::new());
                }
            }
        }
        if n > 0 && failed == n {
            return Err(ExtractError::DamagedPdf(format!(
                "none of its {n} pages could be read"
            )));
        }
        Ok(raw)
    }
}

/// Whether a cover's first line reads like a document title: 2 to 12 words (or a short line
/// of CJK text), mostly letters, starting with a capital or a CJK character, not ending like a
/// sentence or a label, not a page number.
fn looks_like_title(line: &str) -> bool {
    let chars = line.chars().count();
    let letters = line.chars().filter(|c| c.is_alphabetic()).count();
    let first = line.chars().next().unwrap_or(' ');
    let words = line.split_whitespace().count();
    let cjk = line.chars().any(is_cjk);
    (4..=100).contains(&chars)
        && letters * 2 >= chars
        && (first.is_uppercase() || is_cjk(first))
        && ((2..=12).contains(&words) || (cjk && chars <= 40))
        && !line.ends_with(['.', ',', ':', ';'])
        && !is_page_number(line)
}

/// Key of a line for header/footer detection: each run of digits folded to one `#` (page 5 and
/// page 105 share a header), whitespace removed, lowercase.
fn furniture_key(line: &str) -> String {
    let mut key = String::with_capacity(line.len());
    for c in line.chars().filter(|c| !c.is_whitespace()) {
        if c.is_ascii_digit() {
            if !key.ends_with('#') {
                key.push('#');
            }
        } else {
            key.push(c.to_ascii_lowercase());
        }
    }
    key
}

fn is_page_number(line: &str) -> bool {
    let t = line
        .trim()
        .trim_matches(|c| c == '-' || c == '—' || c == '–')
        .trim();
    let t = t
        .strip_prefix("Page ")
        .or_else(|| t.strip_prefix("page "))
        .unwrap_or(t);
    !t.is_empty()
        && t.len() <= 12
        && (t
            .chars()
            .all(|c| c.is_ascii_digit() || c == '/' || c == ' ' || c == 'o' || c == 'f')
            && t.chars().any(|c| c.is_ascii_digit())
            || t.chars().all(|c| "ivxlcdm".contains(c)))
}

/// Strips TOC dot leaders: `1.2 Title ........ 17` -> `1.2 Title 17`... keeps the page number
/// off: returns `1.2 Title`.
fn strip_leaders(line: &str) -> Option<String> {
    let t = line.trim_end();
    let body = t.trim_end_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
    let body_nodots = body.trim_end_matches(['.', '·', '…', ' ']);
    let dots = body.len() - body_nodots.len();
    let leader: String = body[body_nodots.len()..]
        .chars()
        .filter(|c| *c != ' ')
        .collect();
    if dots >= 4 && leader.chars().count() >= 3 && body.len() < t.len()
        || leader.chars().count() >= 8
    {
        Some(body_nodots.trim_end().to_string())
    } else {
        None
    }
}

fn ends_sentence(s: &str) -> bool {
    let t = s.trim_end();
    t.ends_with([
        '.', '!', '?', ':', '"', '”', '。', '！', '？', '：', '」', ')',
    ])
}

/// A line of Chinese set with a space between every character, as a justified line comes out
/// of some PDFs ("对 于 单 份 源 码 生 成 多 个"), with those spaces taken out: in a line with a
/// run of four or more CJK characters each one space apart, every such run. A space between
/// two words of CJK text elsewhere, and between CJK and Latin text, stays.
fn unspace_cjk(line: &str) -> std::borrow::Cow<'_, str> {
    // (asked of every line of a PDF: a line of ASCII or without a space has nothing to join)
    if line.is_ascii() || !line.contains(' ') {
        return std::borrow::Cow::Borrowed(line);
    }
    let cs: Vec<char> = line.chars().collect();
    // the runs: their characters are at i, i+2, i+4, … j, CJK, with single spaces between
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        if !is_cjk(cs[i]) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 2 < cs.len() && cs[j + 1] == ' ' && is_cjk(cs[j + 2]) {
            j += 2;
        }
        if j > i {
            runs.push((i, j));
        }
        i = j + 1;
    }
    // (a line so set has a run of four or more; its shorter runs, "文 件，", are so set too)
    let mut drop = vec![false; cs.len()];
    if runs.iter().any(|&(i, j)| (j - i) / 2 + 1 >= 4) {
        for &(i, j) in &runs {
            for k in (i + 1..j).step_by(2) {
                drop[k] = true;
            }
        }
    }
    if !drop.contains(&true) {
        return std::borrow::Cow::Borrowed(line);
    }
    std::borrow::Cow::Owned(
        cs.iter()
            .zip(&drop)
            .filter(|(_, d)| !**d)
            .map(|(c, _)| *c)
            .collect(),
    )
}

/// The words a number may be glued to that are no footnote's text: ordinals and units ("2nd",
/// "64bit", "100MHz"), lower-cased.
const GLUED_UNITS: &[&str] = &[
    "bit", "bits", "byte", "bytes", "kib", "mib", "gib", "tib", "khz", "mhz", "ghz", "min", "sec",
    "fps", "dpi", "ppi", "mbps", "kbps", "gbps", "rpm",
];

/// Chinese classifiers and number words: "3个", "2月", "10万" count things, they open no note.
const ZH_COUNTED: &str = "个個种種月日年次位名条條项項章节節页頁号號点點分秒天岁歲倍步行列字台件部本篇卷人元组組类類层層级級代遍期周週米千万萬亿億十百";

/// The footnote number a line opens with, whether the number is glued to the note's first word
/// (a superscript marker as the text layer gives it: "9Found at …", "16If the home …",
/// "1debian/patches 目录…", "2参见 …"), and the note's text. A number set apart by one space
/// ("11 Shared libraries …", "17 /run should …") is returned too, unglued: alone it could be a
/// list's or a heading's. Not "2nd", "64bit", "3D", "3个", "3.1", "1990s".
fn footnote_mark(line: &str) -> Option<(u32, bool, &str)> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=3).contains(&digits) || line.starts_with('0') {
        return None;
    }
    let n: u32 = line[..digits].parse().ok()?;
    let rest = &line[digits..];
    if let Some(text) = rest.strip_prefix(' ') {
        let first = text.chars().next()?;
        return (first.is_alphabetic() || first == '/').then_some((n, false, text));
    }
    let first = rest.chars().next()?;
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let after = rest[word.len()..].chars().next();
    let glued = if is_cjk(first) {
        !ZH_COUNTED.contains(first)
    } else if first.is_ascii_uppercase() {
        // ("Found", "If"; "A" and "I" as words; not "3D", "64GB")
        word.len() >= 2 && word[1..].bytes().all(|b| b.is_ascii_lowercase())
            || word.len() == 1 && "AI".contains(first) && after == Some(' ')
    } else if first.is_ascii_lowercase() {
        word.len() >= 3
            && !GLUED_UNITS.contains(&word.as_str())
            && !after.is_some_and(|c| c.is_ascii_digit())
    } else {
        false
    };
    glued.then_some((n, true, rest))
}

/// Where the footnotes at the foot of a page start: the first line below the top third of its
/// text lines (`skip` says which lines are running furniture) that opens with a footnote number
/// (`footnote_mark`) the page confirms: a line above it ends with that number as a reference
/// ("… separate libraries. 13"), or the next number opens a later line, or the number is glued
/// and follows the last note's (`last`) or starts a new count. None when the page has no notes.
fn footnote_start(lines: &[&str], skip: &dyn Fn(usize) -> bool, last: u32) -> Option<usize> {
    let text: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].trim().is_empty() && !skip(i))
        .collect();
    let stop = |c: char| ".,:;)”\"。，：）".contains(c);
    let referenced = |n: u32, above: &[usize]| {
        let n = n.to_string();
        above.iter().any(|&i| {
            let t = lines[i].trim_end();
            t.strip_suffix(n.as_str()).is_some_and(|before| {
                let before = before.strip_suffix(' ').unwrap_or(before);
                before.ends_with(stop)
            })
            // (or inside the line, glued to a sentence's stop before the next sentence:
            // "… no longer possible.4 Instead, …"; not a number's own dot, "version 2.4 is")
            || t.match_indices(n.as_str()).any(|(at, _)| {
                let mut back = t[..at].chars().rev();
                back.next().is_some_and(stop)
                    && back.next().is_some_and(|c| !c.is_ascii_digit())
                    && t[at + n.len()..]
                        .strip_prefix(' ')
                        .is_some_and(|r| r.starts_with(char::is_uppercase))
            })
        })
    };
    for (k, &i) in text.iter().enumerate() {
        if k == 0 || k * 3 < text.len() {
            continue;
        }
        let Some((n, glued, _)) = footnote_mark(lines[i].trim()) else {
            continue;
        };
        let next_follows = text[k + 1..]
            .iter()
            .any(|&j| footnote_mark(lines[j].trim()).is_some_and(|(m, _, _)| m == n + 1));
        let in_sequence = glued && (n == 1 || n > last && n <= last + 20);
        if referenced(n, &text[..k]) || glued && next_follows || in_sequence {
            return Some(i);
        }
    }
    None
}

/// Ends the block being built: a table's rows (`in_table`) or a paragraph.
/// The footnotes met since (`notes`: text and page) follow it, each a paragraph of its own: a
/// note does not cut a paragraph whose lines run on around it.
fn flush(
    b: &mut DocBuilder,
    para: &mut String,
    in_table: &mut bool,
    page: u32,
    notes: &mut Vec<(String, u32)>,
) {
    if !para.is_empty() {
        if *in_table {
            b.table(para.trim_end(), Some(page), None);
        } else {
            b.para(para, Some(page), None);
        }
        para.clear();
    }
    *in_table = false;
    for (note, page) in notes.drain(..) {
        b.para(&note, Some(page), None);
    }
}

/// Adds a line to a paragraph being built: a line-end hyphen between letters is joined ("exam-"
/// and "ple"), CJK text is joined without a space, other lines with one.
fn append_line(para: &mut String, t: &str) {
    let starts_lower = t.chars().next().is_some_and(|c| c.is_lowercase());
    if para.is_empty() {
        para.push_str(t);
    } else if para.ends_with('-')
        && para[..para.len() - 1]
            .chars()
            .last()
            .is_some_and(char::is_alphabetic)
        && starts_lower
    {
        para.pop();
        para.push_str(t);
    } else {
        let last = para.chars().last().unwrap_or(' ');
        let first = t.chars().next().unwrap_or(' ');
        if !(is_cjk(last) || is_cjk(first)) {
            para.push(' ');
        }
        para.push_str(t);
    }
}

/// Which lines of a page (cells split by a tab where the line assembly found a gutter-wide gap)
/// are rows of a table. A table has at least two rows of three or more cells near each other;
/// the rows of two cells right next to them belong to it, and so do up to two lines of one cell
/// touching it (a cell set on several lines, a caption). Rows of two cells alone are a
/// definition list (`-e  Exit immediately …`), which is prose, and a single wide-spaced line is
/// justified text.
fn table_lines(lines: &[&str]) -> Vec<bool> {
    let cells: Vec<usize> = lines
        .iter()
        .map(|l| {
            let t = l.trim();
            if t.is_empty() {
                0
            } else {
                t.split('\t').count()
            }
        })
        .collect();
    let filled: Vec<usize> = (0..lines.len()).filter(|&i| cells[i] > 0).collect();
    let mut table = vec![false; lines.len()];
    // seeds: a row of 3+ cells with another such row among the 3 nearest lines
    for (k, &i) in filled.iter().enumerate() {
        if cells[i] >= 3
            && filled[k.saturating_sub(3)..(k + 4).min(filled.len())]
                .iter()
                .any(|&j| j != i && cells[j] >= 3)
        {
            table[i] = true;
        }
    }
    // whether the line right above or below line `i` is marked
    let touches = |marked: &[bool], i: usize| {
        i.checked_sub(1).is_some_and(|p| marked[p]) || marked.get(i + 1).copied().unwrap_or(false)
    };
    // grow over rows of 2+ cells right above or below a row (a blank line ends a table)
    loop {
        let mut grew = false;
        for i in 0..lines.len() {
            if !table[i] && cells[i] >= 2 && touches(&table, i) {
                table[i] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    // then the lines of a cell set on several lines (centred cells put them above and below
    // the row's other cells): up to two lines touching a row, with no blank line between
    for _ in 0..2 {
        let was = table.clone();
        for i in 0..lines.len() {
            if cells[i] == 1 && touches(&was, i) {
                table[i] = true;
            }
        }
    }
    table
}

/// A table row as the text extractor writes one: `| a | b | c |`.
fn table_row(line: &str) -> String {
    let cells: Vec<&str> = line.trim().split('\t').map(str::trim).collect();
    format!("| {} |", cells.join(" | "))
}

/// Turns raw page texts into chapters of paragraphs with page numbers.
pub(crate) fn layout(raw: RawPdf, limits: &Limits) -> ExtractedDoc {
    let npages = raw.pages.len();
    let pages: Vec<Vec<&str>> = raw
        .pages
        .iter()
        .map(|p| p.lines().map(str::trim_end).collect())
        .collect();

    // running headers/footers: lines among the first/last 3 non-empty lines of a page whose
    // digit-folded key repeats on at least 40% of the pages (at least 3 pages)
    let mut counts: HashMap<String, usize> = HashMap::new();
    let edge = |p: &Vec<&str>| -> Vec<usize> {
        let ne: Vec<usize> = (0..p.len()).filter(|&i| !p[i].trim().is_empty()).collect();
        let mut v: Vec<usize> = ne.iter().take(3).copied().collect();
        v.extend(ne.iter().rev().take(3).copied());
        v.sort_unstable();
        v.dedup();
        v
    };
    // A chapter's running header ("Chapter 4: Shell Builtin Commands 50") repeats on fewer
    // pages than the book's, but with a different page number on each: an edge line whose
    // digit-folded key comes with three or more different numbers at its end, after three or more
    // words, is furniture too. So is one with the number before the words: a two-sided book's
    // title on the left-hand pages only ("82 The Libgcrypt Reference Manual"), which is under
    // half of the pages.
    let mut numbered: HashMap<String, std::collections::HashSet<u32>> = HashMap::new();
    for p in &pages {
        let mut seen: Vec<String> = Vec::new();
        for i in edge(p) {
            let line = p[i].trim();
            let key = furniture_key(line);
            let words = line.trim_end_matches(|c: char| c.is_ascii_digit());
            // ("Chapter 5" alone is a heading, not a header)
            if let Ok(n) = line[words.len()..].parse::<u32>()
                && words.split_whitespace().count() >= 3
            {
                numbered.entry(key.clone()).or_default().insert(n);
            } else if let Some((n, rest)) = line.split_once(char::is_whitespace)
                && let Ok(n) = n.parse::<u32>()
                && rest.split_whitespace().count() >= 3
                && rest.starts_with(|c: char| c.is_alphabetic())
            {
                numbered.entry(key.clone()).or_default().insert(n);
            }
            seen.push(key);
        }
        seen.sort();
        seen.dedup();
        for k in seen {
            *counts.entry(k).or_default() += 1;
        }
    }
    let threshold = ((npages as f64) * 0.4).ceil().max(3.0) as usize;
    let furniture = |k: &str| {
        !k.is_empty()
            && (counts.get(k).is_some_and(|&c| c >= threshold)
                || numbered.get(k).is_some_and(|n| n.len() >= 3))
    };

    let typical = {
        let mut w: Vec<usize> = pages
            .iter()
            .flatten()
            .map(|l| l.trim().chars().count())
            .filter(|&n| n > 0)
            .collect();
        w.sort_unstable();
        w.get(w.len().saturating_sub(1) * 8 / 10)
            .copied()
            .unwrap_or(60)
    };

    // outline -> chapter starts by page
    let top_level = raw.outline.iter().map(|o| o.0).min();
    let chapters_at: Vec<(u32, String)> = raw
        .outline
        .iter()
        .filter(|o| Some(o.0) == top_level && o.2 >= 1)
        .map(|o| (o.2, o.1.clone()))
        .collect();
    let use_outline = chapters_at.len() >= 2;
    // the outline's deeper levels -> sections, by page (set where their heading line is met):
    // a block's section is the innermost heading over it, as in plain text ("lintian" under
    // "Package lint tools" under "Overview of Debian Maintainer Tools").
    let sections_at: Vec<(u32, String)> = raw
        .outline
        .iter()
        .filter(|o| use_outline && top_level.is_some_and(|t| o.0 > t) && o.2 >= 1)
        .map(|o| (o.2, o.1.clone()))
        .collect();

    // A PDF without a /Title is named by its cover: the first line of page 1 when it reads
    // like a title (else the file name stands in, later).
    let title = raw
        .title
        .clone()
        .filter(|t| !t.trim().is_empty())
        .or_else(|| {
            let mut lines = pages
                .first()?
                .iter()
                .map(|l| l.trim())
                .filter(|l| !l.is_empty());
            let first = lines.next()?;
            if furniture(&furniture_key(first)) {
                return None;
            }
            // (a name of one word over a subtitle is a manual's cover: "Libidn2" over
            // "Internationalized Domain Names (IDNA2008/TR46)")
            let mut named = || {
                first.split_whitespace().count() == 1
                    && first.chars().count() >= 3
                    && first.starts_with(char::is_uppercase)
                    && first
                        .chars()
                        .all(|c| c.is_alphanumeric() || "-_.+".contains(c))
                    && lines.next().is_some_and(looks_like_title)
            };
            (looks_like_title(first) || named()).then(|| first.to_string())
        });
    let mut b = DocBuilder::new();
    b.max_chars = limits.max_text_chars;
    b.chapter(if use_outline {
        ""
    } else {
        title.as_deref().unwrap_or("")
    });
    let mut next_ch = 0usize;
    let mut next_sec = 0usize;
    // sections whose page has come, waiting for their heading line
    let mut pending: Vec<String> = Vec::new();
    let mut chapter_title = String::new();
    // the last chapter number of a PDF without an outline whose headings are numbered
    let mut numbered_chapter = 0u32;
    // a heading compared without its number, punctuation and case ("1.1 What is Bash?")
    let heading_key = |s: &str| -> String {
        let key: String = s
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        key.trim_start_matches(|c: char| c.is_ascii_digit())
            .to_string()
    };
    // A running header or footer that names the chapter or section with the page number
    // before or after it ("6 Chapter 2. Applying to Become a Member", "3.2. Administrative
    // Duties 11"): an edge line that is an outline title once that number is off. (The heading
    // line itself carries no page number.)
    let outline_keys: std::collections::HashSet<String> = raw
        .outline
        .iter()
        .map(|o| heading_key(&o.1))
        .filter(|k| k.chars().count() >= 4)
        .collect();
    let running_title = |line: &str| -> bool {
        let t = line.trim();
        let page_number =
            |n: &str| (1..=4).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit());
        // (the number may stand apart by a gutter, a tab)
        let rest = match (
            t.split_once(char::is_whitespace),
            t.rsplit_once(char::is_whitespace),
        ) {
            (Some((n, rest)), _) if page_number(n) => rest,
            (_, Some((rest, n))) if page_number(n) => rest,
            _ => return false,
        };
        let key = heading_key(rest);
        // ("Chapter 2. Applying …" names the outline's "Applying …")
        let key = key
            .strip_prefix("chapter")
            .map(|k| k.trim_start_matches(|c: char| c.is_ascii_digit()))
            .unwrap_or(&key);
        outline_keys.contains(key)
    };
    let mut para = String::new();
    let mut para_page = 1u32;
    let mut prev_cont = false; // previous line may continue into the next
    let mut in_table = false; // `para` holds the rows of a table
    // footnotes of the pages read, waiting for the paragraph they interrupt to end
    let mut notes: Vec<(String, u32)> = Vec::new();
    // the number of the last footnote met
    let mut last_note = 0u32;

    for (pi, lines) in pages.iter().enumerate() {
        let page_no = pi as u32 + 1;
        if use_outline {
            // a section whose heading line was not found starts with the next page
            if let Some(last) = pending.pop() {
                flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
                b.set_section(Some(last));
                pending.clear();
            }
            while next_ch < chapters_at.len() && chapters_at[next_ch].0 <= page_no {
                flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
                b.chapter(&chapters_at[next_ch].1);
                chapter_title = heading_key(&chapters_at[next_ch].1);
                next_ch += 1;
                prev_cont = false;
            }
            while next_sec < sections_at.len() && sections_at[next_sec].0 <= page_no {
                pending.push(sections_at[next_sec].1.clone());
                next_sec += 1;
            }
        }
        let edges = edge(lines);
        let table = table_lines(lines);
        let is_furniture = |li: usize| {
            let t = lines[li].trim();
            edges.contains(&li)
                && (furniture(&furniture_key(t)) || is_page_number(t) || running_title(t))
        };
        // the page's footnotes: from their first line to the foot of the page, set apart
        let notes_from = footnote_start(lines, &is_furniture, last_note);
        let mut note = String::new();
        for (li, line) in lines.iter().enumerate() {
            let t = line.trim();
            let at_edge = edges.contains(&li);
            if notes_from.is_some_and(|from| li >= from) {
                if is_furniture(li) {
                    continue;
                }
                // a note opens with the next number; a blank line ends a paragraph of one
                let mark = footnote_mark(t)
                    .filter(|&(n, _, _)| Some(li) == notes_from || n == last_note + 1);
                if t.is_empty() || mark.is_some() {
                    let done = std::mem::take(&mut note);
                    if !done.trim().is_empty() {
                        notes.push((done, page_no));
                    }
                }
                if t.is_empty() {
                    continue;
                }
                match mark {
                    Some((n, _, text)) => {
                        last_note = n;
                        append_line(&mut note, &unspace_cjk(text.trim_start()));
                    }
                    None => append_line(&mut note, &unspace_cjk(t)),
                }
                continue;
            }
            if t.is_empty() {
                // a blank line between rows of a table does not end it
                if !(para.is_empty() || li == 0 || at_edge || in_table) {
                    flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
                    prev_cont = false;
                }
                continue;
            }
            if is_furniture(li) {
                continue;
            }
            if table[li] {
                if !in_table {
                    flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
                    in_table = true;
                    para_page = page_no;
                }
                para.push_str(&table_row(t));
                para.push('\n');
                prev_cont = false;
                continue;
            }
            if in_table {
                flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
            }
            // A line opening with an option and a gutter is a definition list's term
            // (`-e⇥Exit immediately …`, `-A NUM, --after=NUM⇥Print …`); one opening with an
            // option and no gutter is a wrapped line of prose (`-f option is supplied, …`).
            let term_line = t.starts_with('-') && t.find('\t').is_some_and(|at| at <= 40);
            // a gutter-wide gap outside a table is a wide space
            let t = t.replace('\t', " ");
            // (the line's width as set, before spaces between Chinese characters go)
            let width = t.chars().count();
            let t = unspace_cjk(&t);
            let t = t.as_ref();
            let (t, toc) = match strip_leaders(t) {
                Some(s) => (s, true),
                None => (t.to_string(), false),
            };
            // Without an outline, numbered headings whose numbers run on (`3. The Root
            // Filesystem`, then `3.1. Purpose`) make the chapters and sections. The heading stays
            // text, as it always was in such PDFs.
            if !use_outline
                && !toc
                && (para.is_empty() || !prev_cont)
                && let Some(nums) = super::text::outline_numbers(&t)
                    .or_else(|| super::text::chapter_number(&t).map(|n| vec![n]))
            {
                let runs_on = match nums.as_slice() {
                    [n] => *n == numbered_chapter + 1,
                    [n, ..] => *n == numbered_chapter && *n > 0,
                    [] => false,
                };
                if runs_on {
                    flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
                    if nums.len() == 1 {
                        b.chapter(&t);
                        numbered_chapter = nums[0];
                    } else {
                        b.set_section(Some(t.clone()));
                    }
                    b.para(&t, Some(page_no), None);
                    prev_cont = false;
                    continue;
                }
            }
            // a heading line of the outline: it sets the section and is no prose
            if use_outline && !toc {
                let key = heading_key(&t);
                let chapter_line = !key.is_empty() && key == chapter_title;
                let section = pending.iter().position(|p| heading_key(p) == key);
                if chapter_line || section.is_some() {
                    flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
                    if let Some(k) = section {
                        b.set_section(Some(pending[k].clone()));
                        pending.drain(..=k);
                    }
                    b.matter(&t, Some(page_no), None);
                    prev_cont = false;
                    continue;
                }
            }
            let starts_lower = t.chars().next().is_some_and(|c| c.is_lowercase());
            let bullet =
                t.starts_with(['•', '◦', '▪', '–', '*']) || t.starts_with("- ") || term_line;
            let join = !para.is_empty() && !toc && !bullet && (prev_cont || starts_lower);
            if !join && !para.is_empty() {
                flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
            }
            if para.is_empty() {
                para_page = page_no;
            }
            append_line(&mut para, &t);
            if toc {
                b.matter(&para, Some(para_page), None);
                para.clear();
                prev_cont = false;
                continue;
            }
            let n = width;
            // a full-width line continues even after a full stop (the paragraph's last line is
            // usually short); a fairly long one continues unless it ends a sentence
            prev_cont = n * 10 >= typical * 9
                || (!ends_sentence(&t) && n * 10 >= typical * 6)
                || t.ends_with(['-', ',', ';']);
        }
        if !note.trim().is_empty() {
            notes.push((note, page_no));
        }
        // (no paragraph runs on from this page: its notes follow what it said)
        if para.is_empty() {
            flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
        }
    }
    flush(&mut b, &mut para, &mut in_table, para_page, &mut notes);
    let chapters = b.into_chapters();
    ExtractedDoc {
        format: Format::Pdf,
        title,
        lang_hint: raw.lang,
        encoding: None,
        chapters,
        warnings: raw.warnings,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn a_cover_line_names_a_pdf_only_when_it_reads_like_a_title() {
        for (line, title) in [
            ("Filesystem Hierarchy Standard", true),
            ("Producing PDFs", true),
            ("Debian 维护者指南", true),
            ("论语", false),     // too short to tell from a label
            ("Tidsakse", false), // one word: a figure label
            ("gir ut ny", false),
            ("12", false),
            ("- 3 -", false),
            ("This document describes the layout.", false),
            ("Contents:", false),
            ("2023-03-06", false),
        ] {
            assert_eq!(looks_like_title(line), title, "{line}");
        }
        let cover = |title: Option<&str>, page1: &str| {
            let raw = RawPdf {
                pages: vec![page1.into(), "Some text on the second page.".into()],
                title: title.map(str::to_string),
                ..RawPdf::default()
            };
            layout(raw, &Limits::default()).title
        };
        assert_eq!(
            cover(
                None,
                "Libidn2\nInternationalized Domain Names (IDNA2008/TR46)\nVersion 2.3.3"
            )
            .as_deref(),
            Some("Libidn2")
        );
        assert_eq!(cover(None, "Tidsakse\n12\nSome text.").as_deref(), None);
        let fhs = "Filesystem Hierarchy Standard\nLSB Workgroup, The Linux Foundation";
        assert_eq!(
            cover(None, fhs).as_deref(),
            Some("Filesystem Hierarchy Standard")
        );
        assert_eq!(
            cover(Some(" "), fhs).as_deref(),
            Some("Filesystem Hierarchy Standard")
        );
        assert_eq!(
            cover(Some("From /Title"), fhs).as_deref(),
            Some("From /Title")
        );
        assert_eq!(
            cover(None, "Tidsakse\ngir ut ny"),
            None,
            "the file name stands in"
        );
    }

    fn esc(s: &str) -> String {
        s.replace('\\', "\\\\")
            .replace('(', "\\(")
            .replace(')', "\\)")
    }

    /// Writes a small valid PDF (Helvetica text, one content stream per page, correct xref).
    /// `encrypt` adds a standard-security-handler `/Encrypt` entry whose password is not empty.
    pub(crate) fn tiny_pdf(pages: &[&[&str]], encrypt: bool) -> Vec<u8> {
        let n = pages.len();
        // objects: 1 catalog, 2 pages, 3 font, 4 info, then page/content pairs, then encrypt
        let mut objs: Vec<String> = Vec::new();
        let kids: Vec<String> = (0..n).map(|i| format!("{} 0 R", 5 + 2 * i)).collect();
        objs.push("<< /Type /Catalog /Pages 2 0 R /Lang (en-GB) >>".into());
        objs.push(format!(
            "<< /Type /Pages /Kids [{}] /Count {n} >>",
            kids.join(" ")
        ));
        objs.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".into());
        objs.push("<< /Title (A Tiny Test) /Producer (grove test) >>".into());
        for (i, lines) in pages.iter().enumerate() {
            let mut content = String::from("BT /F1 11 Tf 14 TL 72 760 Td\n");
            for l in lines.iter() {
                // a tab puts the next cell 150 pt further right (a table row)
                let cells: Vec<&str> = l.split('\t').collect();
                for (k, cell) in cells.iter().enumerate() {
                    let dx = if k == 0 { 0 } else { 150 };
                    content.push_str(&format!("{dx} 0 Td ({}) Tj\n", esc(cell)));
                }
                let back = 150 * (cells.len() - 1);
                content.push_str(&format!("-{back} 0 Td T*\n"));
            }
            content.push_str("ET");
            objs.push(format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents {} 0 R >>",
                6 + 2 * i
            ));
            objs.push(format!(
                "<< /Length {} >>\nstream\n{content}\nendstream",
                content.len() + 1
            ));
        }
        if encrypt {
            objs.push(format!(
                "<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <{}> /U <{}> >>",
                "7a".repeat(32),
                "3c".repeat(32)
            ));
        }
        let mut out = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n".to_vec();
        let mut offsets = Vec::new();
        for (i, o) in objs.iter().enumerate() {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
        }
        let xref = out.len();
        out.extend_from_slice(
            format!("xref\n0 {}\n0000000000 65535 f \n", objs.len() + 1).as_bytes(),
        );
        for off in offsets {
            out.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
        }
        let enc = if encrypt {
            format!(
                " /Encrypt {} 0 R /ID [<{}> <{}>]",
                objs.len(),
                "ab".repeat(16),
                "ab".repeat(16)
            )
        } else {
            String::new()
        };
        out.extend_from_slice(
            format!(
                "trailer\n<< /Size {} /Root 1 0 R /Info 4 0 R{enc} >>\nstartxref\n{xref}\n%%EOF\n",
                objs.len() + 1
            )
            .as_bytes(),
        );
        out
    }

    pub(crate) fn three_pages() -> Vec<u8> {
        tiny_pdf(
            &[
                &[
                    "Grove Test Manual",
                    "Contents",
                    "Introduction ............ 2",
                    "Details ................. 3",
                    "",
                    "1",
                ],
                &[
                    "Grove Test Manual",
                    "Introduction",
                    "This paragraph talks about text extrac-",
                    "tion from portable documents and it continues",
                    "on the next line until it ends.",
                    "",
                    "2",
                ],
                &[
                    "Grove Test Manual",
                    "Details",
                    "The third page has its own paragraph.",
                    "",
                    "3",
                ],
            ],
            false,
        )
    }

    #[test]
    fn tiny_pdf_pages_headers_hyphens_and_leaders() {
        let doc = crate::extract::extract(&three_pages(), "t.pdf").unwrap();
        assert_eq!(doc.format, Format::Pdf);
        assert_eq!(doc.title.as_deref(), Some("A Tiny Test"));
        assert_eq!(doc.lang_hint.as_deref(), Some("en-GB"));
        let blocks: Vec<(&str, Option<u32>)> = doc
            .blocks()
            .map(|b| (b.text.as_str(), b.location.page))
            .collect();
        assert!(
            !blocks.iter().any(|(t, _)| t.contains("Grove Test Manual")),
            "running header kept: {blocks:?}"
        );
        assert!(
            !blocks.iter().any(|(t, _)| *t == "2" || *t == "3"),
            "page numbers kept: {blocks:?}"
        );
        assert!(blocks.contains(&("Introduction", Some(1))), "{blocks:?}");
        assert!(
            blocks.iter().any(
                |(t, p)| t.contains("text extraction from portable documents")
                    && t.ends_with("until it ends.")
                    && *p == Some(2)
            ),
            "{blocks:?}"
        );
        assert!(
            blocks.contains(&("The third page has its own paragraph.", Some(3))),
            "{blocks:?}"
        );
    }

    #[test]
    fn broken_and_encrypted_pdfs_table() {
        let good = three_pages();
        let cases: Vec<(&str, Vec<u8>, &[&str])> = vec![
            (
                "encrypted",
                tiny_pdf(&[&["secret text"]], true),
                &["encrypted_pdf"],
            ),
            (
                "garbage",
                b"%PDF-1.4\n\x01\x02garbage\xff\xfe".repeat(50),
                &["damaged_pdf", "no_text"],
            ),
            (
                "truncated",
                good[..good.len() / 3].to_vec(),
                &["damaged_pdf", "no_text"],
            ),
            ("no text", tiny_pdf(&[&[]], false), &["no_text"]),
        ];
        for (name, bytes, codes) in cases {
            match crate::extract::extract(&bytes, "x.pdf") {
                Err(e) => assert!(codes.contains(&e.code()), "{name}: {e} ({})", e.code()),
                Ok(d) => panic!("{name}: extracted {:?}", d.chapters),
            }
        }
    }

    #[test]
    fn table_rows_are_told_from_definition_lists_and_prose() {
        // cells split by tabs, as the line assembly writes a gutter; `true` marks a table line
        let cases: &[(&str, &[(&str, bool)])] = &[
            (
                "rows of three cells, a wrapped cell and a caption touching them",
                &[
                    ("Install what you need.", false),
                    ("", false),
                    ("package\tpopcon\tdescription", true),
                    ("mc\tV:54\ta text-mode file manager", true),
                    ("a text editor (compact", true),
                    ("vim-tiny\tV:55\tversion)", true),
                    ("Table 1.1: List of packages", true),
                    ("", false),
                    ("The next paragraph starts here.", false),
                ],
            ),
            (
                "a definition list of two cells is prose",
                &[
                    ("-a\tEach name is an indexed array variable.", false),
                    ("-A\tEach name is an associative array variable.", false),
                    ("-f\tUse function names only.", false),
                ],
            ),
            (
                "one widely spaced line of justified text is no table",
                &[
                    ("the options ‘a’,\t‘b’,\t‘c’, and", false),
                    ("more words on the next line of the paragraph", false),
                ],
            ),
            (
                "two-cell rows next to the table's rows join it",
                &[
                    ("static\t/usr\t/etc", true),
                    ("/opt\t/boot", true),
                    ("variable\t/var/mail\t/var/run", true),
                ],
            ),
        ];
        for (name, rows) in cases {
            let lines: Vec<&str> = rows.iter().map(|r| r.0).collect();
            let want: Vec<bool> = rows.iter().map(|r| r.1).collect();
            assert_eq!(table_lines(&lines), want, "case: {name}");
        }
    }

    #[test]
    fn a_drawn_table_in_a_pdf_is_a_table_block_and_its_neighbours_stay_prose() {
        let bytes = tiny_pdf(
            &[&[
                "The tools below read files without mounting the disk.",
                "",
                "package\tpopcon\tdescription",
                "mtools\tV:9\tutilities for MSDOS files",
                "hfsutils\tV:0\tutilities for HFS files",
                "",
                "-a\tEach name is an indexed array variable.",
            ]],
            false,
        );
        let doc = crate::extract::extract(&bytes, "t.pdf").expect("extract");
        use crate::extract::BlockKind;
        let blocks: Vec<(&str, BlockKind)> =
            doc.blocks().map(|b| (b.text.as_str(), b.kind)).collect();
        assert_eq!(
            blocks,
            [
                (
                    "The tools below read files without mounting the disk.",
                    BlockKind::Paragraph
                ),
                (
                    "| package | popcon | description |\n\
                     | mtools | V:9 | utilities for MSDOS files |\n\
                     | hfsutils | V:0 | utilities for HFS files |",
                    BlockKind::Table
                ),
                (
                    "-a Each name is an indexed array variable.",
                    BlockKind::Paragraph
                ),
            ]
        );
    }

    #[test]
    fn every_outline_level_makes_sections_and_running_titles_go() {
        let raw = RawPdf {
            pages: vec![
                "Maintainer tools\n\nThis chapter lists the tools.\n\nLint tools\n\n\
                 These tools check a package.\n\n1\tChapter 1. Maintainer tools"
                    .into(),
                "Lint tools 2\n\nlintian\n\nlintian checks packages for policy bugs.\n\n\
                 piuparts\n\npiuparts tests the installation.\n\n2 Chapter 1. Maintainer tools"
                    .into(),
                "Other tools\n\nThe other tools help too.".into(),
            ],
            outline: vec![
                (0, "Maintainer tools".into(), 1),
                (1, "Lint tools".into(), 1),
                (2, "lintian".into(), 2),
                (2, "piuparts".into(), 2),
                (0, "Other tools".into(), 3),
            ],
            ..RawPdf::default()
        };
        let doc = layout(raw, &Limits::default());
        let prose: Vec<(&str, Option<&str>)> = doc
            .blocks()
            .filter(|b| b.kind == crate::extract::BlockKind::Paragraph)
            .map(|b| (b.text.as_str(), b.location.section.as_deref()))
            .collect();
        assert_eq!(
            prose,
            [
                ("This chapter lists the tools.", None),
                ("These tools check a package.", Some("Lint tools")),
                ("lintian checks packages for policy bugs.", Some("lintian")),
                ("piuparts tests the installation.", Some("piuparts")),
                ("The other tools help too.", None),
            ]
        );
    }

    /// A two-sided book's title heads only its left-hand pages, with the page number before
    /// it ("82 The Libgcrypt Reference Manual"): under half of the pages, but furniture too.
    #[test]
    fn a_title_on_the_left_hand_pages_only_is_furniture() {
        // (on 3 pages of 12, under the 40 % that makes a repeated line furniture)
        let pages: Vec<String> = (1..=12)
            .map(|n| {
                if n % 4 == 0 {
                    format!("{n} The Example Reference Manual\n\nBody text of page {n} goes on.")
                } else if n % 5 == 0 {
                    format!("Chapter {n}\n\nA chapter opens on page {n}.")
                } else {
                    format!("Chapter 1: Basics {n}\n\nMore text of page {n} goes on.")
                }
            })
            .collect();
        let raw = RawPdf {
            pages,
            ..RawPdf::default()
        };
        let doc = layout(raw, &Limits::default());
        let text: Vec<&str> = doc.blocks().map(|b| b.text.as_str()).collect();
        assert!(
            !text.iter().any(|t| t.contains("Reference Manual")),
            "the left-hand title kept: {text:?}"
        );
        assert!(text.iter().any(|t| t.contains("Body text of page 4")));
    }

    #[test]
    fn chinese_set_with_a_space_between_characters_is_joined() {
        for (line, want) in [
            (
                "对 于 单 份 源 码 生 成 多 个 二 进 制 包 的 情 况，dh_auto_install 将",
                "对于单份源码生成多个二进制包的情况，dh_auto_install 将",
            ),
            (
                "命 令 则 将 文 件 按 照debian/package-1.install",
                "命令则将文件按照debian/package-1.install",
            ),
            (
                "如 果 你 定 义 了 ~/.devscripts 文 件， 就 不 需 要",
                "如果你定义了 ~/.devscripts 文件，就不需要",
            ),
            // (words apart, and Chinese beside Latin, stay as they are)
            ("运行 dh_make 命令 生成 文件", "运行 dh_make 命令 生成 文件"),
            ("床 前 明", "床 前 明"),
            ("Debian 软件包", "Debian 软件包"),
        ] {
            assert_eq!(unspace_cjk(line), want, "{line}");
        }
    }

    #[test]
    fn footnote_marks_table() {
        // (line, number and glued, or no mark)
        let cases = [
            ("9Found at http://example.org/basedir.", Some((9, true))),
            ("16If the home directory is elsewhere", Some((16, true))),
            ("10A description of the conventions", Some((10, true))),
            (
                "1debian/patches 目录应当是运行 dh_make 时生成的。",
                Some((1, true)),
            ),
            ("2参见 GNU Coding Standards", Some((2, true))),
            (
                "11 Shared libraries that are only necessary",
                Some((11, false)),
            ),
            ("17 /run should not be writable", Some((17, false))),
            ("2nd edition of the manual", None),
            ("64bit systems need it", None),
            ("3D graphics", None),
            ("64GB of memory", None),
            ("3个步骤", None),
            ("3.1 Purpose", None),
            ("1990s software", None),
            ("0day", None),
            ("1234Word", None),
        ];
        for (line, want) in cases {
            assert_eq!(
                footnote_mark(line).map(|(n, glued, _)| (n, glued)),
                want,
                "{line}"
            );
        }
    }

    #[test]
    fn footnotes_at_a_page_foot_become_paragraphs_of_their_own() {
        let page = |body: &str, foot: &str, n: u32| format!("{body}\n\n{foot}\n\n{n}");
        let raw = RawPdf {
            pages: vec![
                page(
                    "Title of the page\n\nThe root account's home directory may be chosen \
                     freely. 16\n\nPrograms which have migrated to use /run should cease \
                     their usage of\nthe old /var/run, except as noted.",
                    "16If the home directory of the root account is not stored on the root\n\
                     partition it will default to /.\n\nWe recommend against using the root \
                     account.\n17 /run should not be writable for unprivileged users.",
                    1,
                ),
                page(
                    "Title of the page\n\nNumbered \
                     lines stay prose:\n\n1 Install the package\n2 Configure it",
                    "",
                    2,
                ),
                page("Title of the page\n\nMore text here.", "", 3),
                // (a mark inside a line, glued to a stop; a version's dot is no stop)
                page(
                    "Title of the page\n\nThe old system went with version 2.4 Then it \
                     changed.\n\nRemoving is no longer possible.4 Instead, upload a new \
                     revision.\n\nThe queue is processed daily.",
                    "4 Though, a package still in the queue can be removed.",
                    4,
                ),
            ],
            ..RawPdf::default()
        };
        let doc = layout(raw, &Limits::default());
        let paras: Vec<(&str, Option<u32>)> = doc
            .blocks()
            .map(|b| (b.text.as_str(), b.location.page))
            .collect();
        assert_eq!(
            paras,
            [
                (
                    "The root account's home directory may be chosen freely. 16",
                    Some(1)
                ),
                (
                    "Programs which have migrated to use /run should cease their usage of \
                     the old /var/run, except as noted.",
                    Some(1)
                ),
                (
                    "If the home directory of the root account is not stored on the root \
                     partition it will default to /.",
                    Some(1)
                ),
                ("We recommend against using the root account.", Some(1)),
                (
                    "/run should not be writable for unprivileged users.",
                    Some(1)
                ),
                ("Numbered lines stay prose:", Some(2)),
                ("1 Install the package", Some(2)),
                ("2 Configure it", Some(2)),
                ("More text here.", Some(3)),
                (
                    "The old system went with version 2.4 Then it changed.",
                    Some(4)
                ),
                (
                    "Removing is no longer possible.4 Instead, upload a new revision.",
                    Some(4)
                ),
                ("The queue is processed daily.", Some(4)),
                (
                    "Though, a package still in the queue can be removed.",
                    Some(4)
                ),
            ]
        );
    }

    #[test]
    fn leaders_and_page_numbers_table() {
        let cases = [
            ("Introduction ........ 12", Some("Introduction")),
            ("1.2 Scope . . . . . . . 3", Some("1.2 Scope")),
            ("Just a sentence.", None),
            ("Version 1.2", None),
        ];
        for (line, want) in cases {
            assert_eq!(strip_leaders(line).as_deref(), want, "{line}");
        }
        for (line, want) in [
            ("12", true),
            ("- 4 -", true),
            ("Page 7", true),
            ("xiv", true),
            ("2024 edition", false),
        ] {
            assert_eq!(is_page_number(line), want, "{line}");
        }
    }

    #[test]
    fn a_panicking_extractor_becomes_an_error() {
        let r = std::panic::catch_unwind(|| -> Result<(), ExtractError> { panic!("boom") });
        assert!(r.is_err());
        // the guard itself: a backend panic is turned into ExtractorPanicked
        let limits = Limits::default();
        let err = run_guarded_with(b"", &limits, |_, _| panic!("boom")).unwrap_err();
        assert_eq!(err.code(), "extractor_failed");
        let slow = Limits {
            pdf_timeout: std::time::Duration::from_millis(50),
            ..Limits::default()
        };
        let err = run_guarded_with(b"", &slow, |_, _| {
            std::thread::sleep(std::time::Duration::from_millis(500));
            Ok(RawPdf::default())
        })
        .unwrap_err();
        assert_eq!(err.code(), "extract_timeout");
    }
}

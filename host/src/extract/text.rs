//! Plain-text (`.txt`) extraction: encoding detection (UTF-8 with/without BOM, UTF-16 LE/BE with
//! BOM or by NUL pattern, GB18030/GBK, Big5 and other legacy encodings via `chardetng`),
//! conservative chapter detection (`第一章`, `第 1 章`, `卷一`, `学而篇`, `学而第一`, `Chapter 1`,
//! `CHAPTER IV`, a word with a running number such as `Surah 2. The Cow`, roman numerals, `《…》`
//! poem titles, manual-page headers; else bare title lines alone over long paragraphs),
//! sections from numbered outline headings (`2.1. Powers`),
//! from unindented headings over an indented body (a manual page's `NAME`) and from an
//! anthology's title / source / author lines, a table of contents kept out of the text, and
//! paragraphs with their source line, hard-wrapped lines rejoined and drawn tables, command
//! lines and output kept apart from prose (see `structure.rs`). Not for Markdown (see
//! `markdown.rs`), though Markdown uses [`decode_text`] too.

use super::normalize::is_cjk;
use super::{BlockKind, DocBuilder, ExtractError, ExtractedDoc, Format};
use super::{frame, structure};
use encoding_rs::{BIG5, Encoding, GB18030, GBK, UTF_8, UTF_16BE, UTF_16LE};

/// Guesses the encoding of `bytes` (a whole file when `complete`, else a prefix sample).
/// `None` when the bytes are not text in any supported encoding.
pub(crate) fn sniff_encoding(bytes: &[u8], complete: bool) -> Option<&'static Encoding> {
    if let Some((enc, _)) = Encoding::for_bom(bytes) {
        return Some(enc);
    }
    if let Some(enc) = utf16_by_nul_pattern(bytes) {
        return Some(enc);
    }
    if bytes.contains(&0) {
        return None;
    }
    match std::str::from_utf8(bytes) {
        Ok(_) => return Some(UTF_8),
        // a sample may end inside a multi-byte sequence
        Err(e) if !complete && e.error_len().is_none() => return Some(UTF_8),
        Err(_) => {}
    }
    let controls = bytes
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1B)) || b == 0x7F)
        .count();
    if controls * 100 > bytes.len() {
        return None;
    }
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    det.feed(
        &bytes[..bytes.len().min(1 << 20)],
        complete || bytes.len() > 1 << 20,
    );
    let guess = det.guess(None, chardetng::Utf8Detection::Deny);
    let guess = if guess == GBK { GB18030 } else { guess };
    let mut candidates = vec![guess];
    for c in [GB18030, BIG5] {
        if !candidates.contains(&c) {
            candidates.push(c);
        }
    }
    candidates
        .into_iter()
        .find(|enc| decodes_cleanly(enc, bytes, complete))
}

fn decodes_cleanly(enc: &'static Encoding, bytes: &[u8], complete: bool) -> bool {
    let mut dec = enc.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(
        dec.max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap_or(bytes.len() * 3),
    );
    let (res, _) = dec.decode_to_string_without_replacement(bytes, &mut out, complete);
    !matches!(res, encoding_rs::DecoderResult::Malformed(..))
}

/// BOM-less UTF-16: mostly-ASCII text has a NUL in every other byte.
fn utf16_by_nul_pattern(bytes: &[u8]) -> Option<&'static Encoding> {
    let sample = &bytes[..bytes.len().min(4096) & !1];
    if sample.len() < 4 {
        return None;
    }
    let pairs = sample.len() / 2;
    let even = sample.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd = sample
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|&&b| b == 0)
        .count();
    let enc = if odd * 10 >= pairs * 3 && even * 20 < pairs {
        UTF_16LE
    } else if even * 10 >= pairs * 3 && odd * 20 < pairs {
        UTF_16BE
    } else {
        return None;
    };
    decodes_cleanly(enc, sample, false).then_some(enc)
}

/// Decodes a whole text file, returning the text (BOM removed) and the encoding's name.
pub fn decode_text(bytes: &[u8]) -> Result<(String, &'static str), ExtractError> {
    let Some(enc) = sniff_encoding(bytes, true) else {
        // nearly-UTF-8 with a few bad bytes: decode lossily rather than refuse
        let lossy = String::from_utf8_lossy(bytes);
        let bad = lossy.matches('\u{FFFD}').count();
        if !bytes.contains(&0) && bad * 1000 < lossy.len().max(1) {
            return Ok((lossy.into_owned(), "UTF-8"));
        }
        return Err(ExtractError::Encoding(
            "the bytes are not valid in any supported encoding".into(),
        ));
    };
    let (text, used, _had_errors) = enc.decode(bytes);
    Ok((text.into_owned(), used.name()))
}

/// Kinds of chapter-heading lines, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HeadingKind {
    /// 第一章 / 第十二回 / 第3卷 / 第 1 章 / 卷一・周文 ...
    Numbered,
    /// Chapter 1 / CHAPTER IV / Part One / Book 2
    English,
    /// A manual page's header line: `CAT(1)   User Commands   CAT(1)`.
    ManPage,
    /// A capitalised word with a running number: `Surah 2. The Cow`, `Psalm 23`, `Canto IV`
    /// (decided over the whole text: the numbers must run 1, 2, 3 …).
    Labelled,
    /// 学而篇 (short line ending in 篇)
    Pian,
    /// 学而第一
    SuffixOrdinal,
    /// 《静夜思》
    Guillemet,
    /// I. / IV (a roman numeral alone)
    Roman,
    /// A line alone over verses whose numbering starts again at `1:1`: a book of scripture
    /// (`The First Book of Moses: Called Genesis`, then `1:1 In the beginning …`).
    VerseBook,
    /// A bare title line, alone over long paragraphs, where nothing else marks the chapters:
    /// `大學` and `中庸` of a text that holds both (see [`bare_headings`]).
    Bare,
    /// A book's index, under its title alone near the end ("INDEX"): a chapter of its own
    /// whatever kind heads the others, and the last.
    Index,
    /// A line alone that a table of contents lists, where nothing else marks the chapters:
    /// "LIFE OF THESEUS." under "CONTENTS." … "LIFE OF THESEUS   1" (see [`contents_headings`]).
    Contents,
}

const CN_DIGITS: &str =
    "零〇一二三四五六七八九十百千两壹贰叁肆伍陆柒捌玖拾佰仟0123456789０１２３４５６７８９";

fn is_cn_num(c: char) -> bool {
    CN_DIGITS.contains(c)
}

fn is_roman(s: &str) -> bool {
    !s.is_empty() && s.len() <= 8 && s.chars().all(|c| "IVXLCDM".contains(c))
}

fn heading_kind(line: &str) -> Option<HeadingKind> {
    let t = line.trim();
    if man_header(t).is_some() {
        return Some(HeadingKind::ManPage);
    }
    let n = t.chars().count();
    if n == 0 || n > 80 {
        return None;
    }
    // Chapter 1 / CHAPTER IV / Part One
    let mut words = t.split_whitespace();
    if let (Some(w0), Some(w1)) = (words.next(), words.next()) {
        let w0l = w0.to_ascii_lowercase();
        let w1c = w1.trim_end_matches(['.', ':']);
        if matches!(w0l.as_str(), "chapter" | "part" | "book")
            && (w1c.chars().all(|c| c.is_ascii_digit())
                || is_roman(w1c)
                || matches!(
                    w1c.to_ascii_lowercase().as_str(),
                    "one"
                        | "two"
                        | "three"
                        | "four"
                        | "five"
                        | "six"
                        | "seven"
                        | "eight"
                        | "nine"
                        | "ten"
                        | "eleven"
                        | "twelve"
                        | "first"
                        | "second"
                        | "third"
                ))
            // (a long one reads as a title, not as a wrapped line of prose: "Chapter 4.
            // Required files under the debian directory", not "Chapter 3 describes the rules
            // of the archive and")
            && (n <= 40
                || (w1.ends_with(['.', ':'])
                    || words.next().is_some_and(|w| !w.starts_with(char::is_lowercase)))
                    && !t.ends_with(['.', ',', ';', ':']))
        {
            return Some(HeadingKind::English);
        }
    }
    // (every other kind is a short line: "Chapter 4. Required files under the debian
    // directory" is a heading, a line of forty characters or more of any other shape is text)
    if n > 40 {
        return None;
    }
    let ends_sentence = t.ends_with(['。', '，', '；', '！', '？', '：', ',', ';']);
    // 第X章 ... / 第 1 章 ...
    if let Some(rest) = t.strip_prefix('第') {
        let rest = rest.trim_start();
        let digits: String = rest.chars().take_while(|&c| is_cn_num(c)).collect();
        if !digits.is_empty() {
            let after = rest[digits.len()..].trim_start().chars().next();
            if after.is_some_and(|c| "章回节卷篇部集幕编".contains(c)) && !ends_sentence {
                return Some(HeadingKind::Numbered);
            }
        }
    }
    // 卷一・周文 / 卷三 (an anthology's volumes)
    if let Some(rest) = t.strip_prefix('卷') {
        let digits: String = rest.chars().take_while(|&c| is_cn_num(c)).collect();
        let after = rest[digits.len()..].chars().next();
        if !digits.is_empty()
            && n <= 16
            && !ends_sentence
            && after.is_none_or(|c| c.is_whitespace() || "・·：:　".contains(c))
        {
            return Some(HeadingKind::Numbered);
        }
    }
    if t.starts_with('《') && t.ends_with('》') && n >= 3 && !t[3..t.len() - 3].contains('》') {
        return Some(HeadingKind::Guillemet);
    }
    let all_cjk = t
        .chars()
        .all(|c| is_cjk(c) && !"，。；！？：、".contains(c));
    if all_cjk && (2..=8).contains(&n) && t.ends_with('篇') {
        return Some(HeadingKind::Pian);
    }
    if all_cjk
        && (3..=10).contains(&n)
        && let Some(pos) = t.rfind('第')
    {
        let tail = &t[pos + '第'.len_utf8()..];
        if pos > 0 && !tail.is_empty() && tail.chars().all(is_cn_num) {
            return Some(HeadingKind::SuffixOrdinal);
        }
    }
    let r = t.trim_end_matches('.');
    if is_roman(r) && (r.len() > 1 || t.ends_with('.')) {
        return Some(HeadingKind::Roman);
    }
    None
}

/// A manual page's header `NAME(SECTION) … NAME(SECTION)`: the page's name, `cat(1)`.
fn man_header(t: &str) -> Option<String> {
    let first = t.split_whitespace().next()?;
    let last = t.split_whitespace().last()?;
    let (name, sec) = first.strip_suffix(')')?.split_once('(')?;
    (first == last
        && t.len() > first.len() * 2
        && !name.is_empty()
        && sec.chars().next().is_some_and(|c| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.-+:".contains(c)))
    .then(|| format!("{}({sec})", name.to_lowercase()))
}

/// `Surah 2. The Cow` -> ("Surah", 2): a capitalised word, a number, an optional title.
fn labelled_number(t: &str) -> Option<(&str, u32)> {
    let mut words = t.split_whitespace();
    let w = words.next()?;
    let num = words.next()?.trim_end_matches(['.', ':']);
    let n: u32 = num.parse().ok()?;
    let mut cs = w.chars();
    (cs.next()?.is_ascii_uppercase()
        && (3..=12).contains(&w.len())
        && cs.all(|c| c.is_ascii_lowercase())
        && t.chars().count() <= 80
        && !t.ends_with(['.', ',', ';']))
    .then_some((w, n))
}

/// Whether line `i` heads a book of scripture: short, alone between blank lines, no sentence,
/// and the next line of text opens the book's first verse, `1:1` (the numbering of every
/// book starts again there, so the heading is what tells one book from the next).
fn verse_book(lines: &[&str], i: usize) -> bool {
    let t = lines[i].trim();
    let blank = |k: usize| lines.get(k).is_none_or(|l| l.trim().is_empty());
    if t.is_empty()
        || t.chars().count() > 80
        || !(i == 0 || blank(i - 1))
        || !blank(i + 1)
        || t.starts_with(|c: char| c.is_ascii_digit())
        || ends_paragraph(t) && !t.ends_with(':')
    {
        return false;
    }
    lines[i + 1..]
        .iter()
        .map(|l| l.trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| {
            l.strip_prefix("1:1")
                .is_some_and(|r| r.starts_with([' ', '.', '\t']) && r.trim().len() > 1)
        })
}

/// The words whose numbered lines run 1, 2, 3 … through the text (at least three, in order):
/// they head chapters.
fn running_labels(lines: &[&str]) -> Vec<String> {
    let mut seen: std::collections::HashMap<&str, (u32, usize, usize)> = Default::default();
    for (i, l) in lines.iter().enumerate() {
        let alone = i == 0 || lines[i - 1].trim().is_empty();
        if let Some((w, n)) = labelled_number(l.trim())
            && alone
        {
            let e = seen.entry(w).or_insert((0, 0, 0));
            if n == e.0 + 1 {
                e.1 += 1;
            }
            e.0 = n;
            e.2 += 1;
        }
    }
    seen.into_iter()
        .filter(|(_, (_, run, all))| *run >= 3 && run * 10 >= all * 9)
        .map(|(w, _)| w.to_string())
        .collect()
}

/// The numbers of a numeric outline heading (`4.11.5. /usr/share/dict : Word lists` ->
/// `[4, 11, 5]`), for extractors that check the numbering runs on (PDF).
pub(crate) fn outline_numbers(line: &str) -> Option<Vec<u32>> {
    outline_heading(line)?;
    let num = line.split_whitespace().next()?;
    num.trim_end_matches('.')
        .split('.')
        .map(|p| p.parse().ok())
        .collect()
}

/// The number of a `Chapter 3. The Root Filesystem` / `第 3 章 …` heading line.
pub(crate) fn chapter_number(line: &str) -> Option<u32> {
    let t = line.trim();
    if heading_kind(t) != Some(HeadingKind::English)
        && heading_kind(t) != Some(HeadingKind::Numbered)
    {
        return None;
    }
    let digits: String = t
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// What follows the word of an appendix line, "A. Advanced packaging" of "Appendix A.
/// Advanced packaging" / "附录 A. …" (a no-break space may follow the word); None for any
/// other line.
fn appendix_rest(t: &str) -> Option<&str> {
    match t.split_once(char::is_whitespace) {
        Some(("Appendix" | "APPENDIX" | "附录" | "附錄", rest)) => Some(rest.trim()),
        _ => None,
    }
}

/// A numbered outline heading, `2.1. General rules` / `1.1.3 root 账户`: its depth.
fn outline_heading(line: &str) -> Option<usize> {
    let indent = line.len() - line.trim_start().len();
    let t = line.trim();
    let t = appendix_rest(t).unwrap_or(t);
    let num: &str = t.split_whitespace().next()?;
    let title = t[num.len()..].trim();
    let parts: Vec<&str> = num.trim_end_matches('.').split('.').collect();
    let numeric = parts
        .iter()
        .all(|p| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()));
    // "A.1." appendix sections
    let appendix = (parts.len() >= 2 || num.ends_with('.'))
        && parts[0].len() == 1
        && parts[0].chars().all(|c| c.is_ascii_uppercase())
        && parts[1..]
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()));
    let first = title.chars().next()?;
    (indent <= 3
        && (numeric || appendix)
        && parts.len() <= 5
        && (num.ends_with('.') || parts.len() >= 2)
        && !title.is_empty()
        && width(title) <= 80
        && !first.is_ascii_digit()
        // (a lowercase title is a list item's text, unless it is one word under a section
        // number: the file or command a section is about, "4.3. changelog")
        && (!first.is_lowercase() || parts.len() >= 2 && !title.contains(char::is_whitespace))
        && !title.ends_with(['。', '.', ',', ';', '，', '；', ':', '：']))
    .then_some(parts.len())
}

/// An anthology's attribution line under a title: `《左傳》`, `(路溫舒)`, `先秦：左丘明`,
/// `作者：李白`. Returns the author, if the line names one (`None` inside means a source
/// line, or a name in brackets that the author line after it repeats).
fn attribution(t: &str) -> Option<Option<String>> {
    let t = t.trim();
    let n = t.chars().count();
    if t.starts_with('《') && t.ends_with('》') && (3..=20).contains(&n) {
        return Some(None);
    }
    // (a source or a name in brackets, alone on its line: "(韓愈)", "（戰國策）")
    if let Some(inner) = t
        .strip_prefix(['(', '（'])
        .and_then(|r| r.strip_suffix([')', '）']))
        && (1..=12).contains(&inner.chars().count())
        && inner.chars().all(|c| is_cjk(c) || c == '·' || c == '・')
    {
        return Some(None);
    }
    let (head, name) = t.split_once(['：', ':'])?;
    let name = name.trim();
    let hn = head.chars().count();
    let nn = name.chars().count();
    let han = |s: &str| s.chars().all(|c| is_cjk(c) || c == '·' || c == '・');
    ((head == "作者" || (1..=3).contains(&hn) && han(head)) && (1..=10).contains(&nn) && han(name))
        .then(|| Some(name.to_string()))
}

/// The title under a chapter's bare number at line `at` ("III" or "12."): the next one or two
/// lines after a blank line or two, short, with no sentence's punctuation, and a blank line
/// after them (a wrapped title: "ON THE LIVES AND ART PRINCIPLES OF SOME SEVENTEENTH AND" /
/// "EIGHTEENTH CENTURY COMPOSERS"). Returns the title and the line after it; `None` where prose
/// follows the number.
fn title_under_number(lines: &[&str], at: usize, end: usize) -> Option<(String, usize)> {
    let number = lines[at].trim().trim_end_matches('.');
    if !(is_roman(number) || number.chars().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let blank = |i: usize| i >= end || lines[i].trim().is_empty();
    let first = (at + 1..(at + 4).min(end)).find(|&i| !blank(i))?;
    if first == at + 1 {
        return None;
    }
    let last = (first..(first + 2).min(end))
        .take_while(|&i| !blank(i))
        .last()?;
    if !blank(last + 1) {
        return None;
    }
    let title = lines[first..=last]
        .iter()
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    let letters = title.chars().filter(|c| c.is_alphabetic()).count();
    let fits = lines[first..=last].iter().all(|l| width(l.trim()) <= 60)
        && letters >= 3
        && !title.contains(['!', '?', ';', '。', '！', '？', '；'])
        // (a stop inside only after a short abbreviation: "ORIGIN OF SONG vs. ORIGIN …")
        && title.trim_end_matches('.').split(". ").count() <= 2
        && title
            .trim_end_matches('.')
            .split_once(". ")
            .is_none_or(|(a, _)| a.rsplit(' ').next().is_some_and(|w| w.len() <= 3))
        && !title.ends_with([',', '，', ':', '：'])
        // (a title's words, not a sentence's: capitals but for short words, "vs.", or a short
        // line)
        && (title
            .split_whitespace()
            .filter(|w| w.len() > 4)
            .all(|w| !w.chars().any(char::is_lowercase))
            || title.split_whitespace().count() <= 8);
    fits.then(|| (title.trim_end_matches('.').to_string(), last + 1))
}

/// A paragraph without the underscores that plain text puts around italics ("The _samisen_ is
/// a kind of small banjo"): a pair of them, the first before a word, the second after one.
/// Underscores inside words ("snake_case", "__init__") stay.
fn plain_emphasis(para: &str) -> std::borrow::Cow<'_, str> {
    if !para.contains('_') {
        return para.into();
    }
    let chars: Vec<char> = para.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let opens = |i: usize| {
        (i == 0 || at(i - 1).is_some_and(|c| c.is_whitespace() || "(\"'[‘“".contains(c)))
            && at(i + 1).is_some_and(char::is_alphanumeric)
    };
    let closes = |i: usize| {
        i > 0
            && at(i - 1).is_some_and(|c| c.is_alphanumeric() || ".,!?;:)'’”".contains(c))
            && at(i + 1).is_none_or(|c| c.is_whitespace() || ".,;:!?)'\"’”-".contains(c))
    };
    let mut drop = vec![false; chars.len()];
    let mut open: Option<usize> = None;
    for i in 0..chars.len() {
        if chars[i] != '_' {
            continue;
        }
        match open {
            Some(o) if closes(i) => {
                drop[o] = true;
                drop[i] = true;
                open = None;
            }
            _ if opens(i) => open = Some(i),
            // (an underscore inside the span makes it an identifier: "_N_GNU_argv_flags_")
            _ => open = None,
        }
    }
    if !drop.contains(&true) {
        return para.into();
    }
    chars
        .iter()
        .zip(&drop)
        .filter(|(_, d)| !**d)
        .map(|(c, _)| c)
        .collect::<String>()
        .into()
}

/// Display width in columns (CJK counts two), for the wrapped-line heuristic.
fn width(s: &str) -> usize {
    s.chars().map(|c| if is_cjk(c) { 2 } else { 1 }).sum()
}

fn ends_paragraph(s: &str) -> bool {
    s.trim_end().ends_with([
        '。', '！', '？', '”', '」', '』', '…', '：', '.', '!', '?', ':', '"',
    ])
}

/// Bare title lines that head a text's chapters when nothing else does: short lines alone
/// between blank lines, with no sentence punctuation and no number, each over a long
/// paragraph (`大學`, then `大學之道，在明明德……`). At least two, each over at least three
/// paragraphs on average, and not one an outline heading; else none (a short line alone is as
/// often a quotation, a signature or a line of verse).
fn bare_headings(lines: &[&str]) -> Vec<usize> {
    let blank = |i: usize| lines.get(i).is_none_or(|l| l.trim().is_empty());
    let next_text = |i: usize| {
        lines[i + 1..]
            .iter()
            .map(|l| l.trim())
            .find(|l| !l.is_empty())
    };
    let mut out = Vec::new();
    let mut paragraphs = 0;
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        if i == 0 || blank(i - 1) {
            paragraphs += 1;
        }
        if outline_heading(l).is_some() {
            return Vec::new();
        }
        let w = width(t);
        let cjk_title = t
            .chars()
            .all(|c| is_cjk(c) && !"，。；！？：、「」『』《》（）".contains(c));
        let words: Vec<&str> = t.split_whitespace().collect();
        let latin_title = t.is_ascii()
            && (1..=6).contains(&words.len())
            && words[0].starts_with(|c: char| c.is_ascii_uppercase())
            && t.chars()
                .all(|c| c.is_ascii_alphabetic() || " '-".contains(c));
        let heading = (i == 0 || blank(i - 1))
            && blank(i + 1)
            && (2..=24).contains(&w)
            && (cjk_title || latin_title)
            && next_text(i).is_some_and(|n| width(n) >= (3 * w).max(40));
        if heading {
            out.push(i);
        }
    }
    if out.len() >= 2 && out.len() * 4 <= paragraphs {
        out
    } else {
        Vec::new()
    }
}

/// A table of contents without numbered headings, as plain-text books print it: a line alone
/// that titles it ("CONTENTS.", "Table of Contents"), then one entry a line, each a short title
/// with or without its page ("LIFE OF THESEUS      1", "Preface ........ xi"), until a run of
/// blank lines or prose. Returns the entries' titles and the lines the contents take.
fn contents_entries(
    lines: &[&str],
    work: &std::ops::Range<usize>,
) -> Option<(Vec<String>, std::ops::Range<usize>)> {
    let blank = |i: usize| lines.get(i).is_none_or(|l| l.trim().is_empty());
    // (in the first half of the work: a contents line near the end belongs to an index)
    let half = work.start + (work.end - work.start) / 2;
    let at = (work.start..half)
        .find(|&i| (i == 0 || blank(i - 1)) && structure::is_contents_title(lines[i].trim()))?;
    let mut entries = Vec::new();
    let mut i = at + 1;
    let mut blanks = 0;
    while i < work.end {
        let t = lines[i].trim();
        if t.is_empty() {
            blanks += 1;
            // (a run of blank lines after the entries ends the contents)
            if blanks >= 3 && !entries.is_empty() {
                break;
            }
            i += 1;
            continue;
        }
        blanks = 0;
        let title = contents_entry(t)?;
        entries.push(title);
        i += 1;
        if entries.len() > 400 {
            return None;
        }
    }
    (entries.len() >= 3).then_some((entries, at..i))
}

/// The title of one line of a table of contents: the line without its page ("LIFE OF THESEUS"
/// of "LIFE OF THESEUS      1", "Preface" of "Preface ........ xi"), at most twelve words and
/// no sentence; `None` for a line of prose.
fn contents_entry(t: &str) -> Option<String> {
    let page = |w: &str| {
        !w.is_empty() && (w.chars().all(|c| c.is_ascii_digit()) || is_roman(&w.to_uppercase()))
    };
    let mut title = t;
    if let Some((head, last)) = t.rsplit_once(char::is_whitespace)
        && page(last)
    {
        // (the page, after a gap or dot leaders; not a title's own number, "Book 2")
        let head_trim = head.trim_end_matches(['.', ' ', '\u{a0}']);
        if head.len() - head_trim.len() >= 2 {
            title = head_trim;
        }
    }
    let title = title.trim();
    let words = title.split_whitespace().count();
    ((1..=12).contains(&words)
        && width(title) <= 80
        && title.chars().any(char::is_alphabetic)
        && !title.ends_with([',', ';', ':', '?', '!'])
        && !title.trim_end_matches('.').contains(". "))
    .then(|| title.to_string())
}

/// The words of a title as contents and heading write them alike: upper case, no punctuation.
fn title_words(t: &str) -> Vec<String> {
    t.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_uppercase)
        .collect()
}

/// Chapter headings that a table of contents confirms, where nothing else marks the chapters:
/// lines alone after the contents (a blank line before and after) that are one of its entries,
/// word for word or nearly ("COMPARISON OF ALKIBIADES AND CORIOLANUS." of "COMPARISON BETWEEN
/// ALKIBIADES AND CORIOLANUS": at least three words in four shared), in the contents' order.
/// At least three, and half the entries; else none. A short line alone is as often a
/// signature or a quotation: only the contents make it a heading.
fn contents_headings(
    lines: &[&str],
    work: &std::ops::Range<usize>,
) -> Option<(Vec<usize>, std::ops::Range<usize>)> {
    let (entries, contents) = contents_entries(lines, work)?;
    let entries: Vec<Vec<String>> = entries.iter().map(|e| title_words(e)).collect();
    let blank = |i: usize| lines.get(i).is_none_or(|l| l.trim().is_empty());
    let like = |a: &[String], b: &[String]| {
        if a == b {
            return true;
        }
        let shared = a.iter().filter(|w| b.contains(w)).count();
        a.len().min(b.len()) >= 3 && shared * 4 >= a.len().max(b.len()) * 3
    };
    let mut next = 0;
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate().take(work.end).skip(contents.end) {
        let t = line.trim();
        if t.is_empty() || !blank(i.wrapping_sub(1)) || !blank(i + 1) || width(t) > 100 {
            continue;
        }
        let words = title_words(t);
        if words.is_empty() {
            continue;
        }
        if let Some(k) = (next..entries.len()).find(|&k| like(&words, &entries[k])) {
            out.push(i);
            next = k + 1;
        }
    }
    (out.len() >= 3 && out.len() * 2 >= entries.len()).then_some((out, contents))
}

/// Lines of a table of contents: runs of numbered heading lines (any indentation) with nothing
/// but other short lines between them, and the "Contents" line above them.
fn toc_lines(lines: &[&str]) -> Vec<bool> {
    let mut toc = vec![false; lines.len()];
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim().is_empty() {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut numbered = 0;
        while j < lines.len() && !lines[j].trim().is_empty() {
            let t = lines[j].trim();
            if outline_heading(t).is_some() || heading_kind(t).is_some() {
                numbered += 1;
            }
            j += 1;
        }
        if numbered >= 5 && numbered * 10 >= (j - i) * 7 {
            toc[i..j].iter_mut().for_each(|x| *x = true);
            // the "Table of Contents" line above the run
            if let Some(k) = (0..i).rev().find(|&k| !lines[k].trim().is_empty())
                && structure::is_matter_title(lines[k].trim())
            {
                toc[k] = true;
            }
        }
        i = j;
    }
    toc
}

fn indent(l: &str) -> usize {
    l.len() - l.trim_start().len()
}

/// A bullet or numbered list item starts a paragraph of its own.
fn starts_item(t: &str) -> bool {
    t.starts_with(['*', '+', '-', '•', '·', '◦'])
        && t.chars().nth(1).is_some_and(char::is_whitespace)
}

/// Extracts a `.txt` file.
pub(crate) fn extract_txt(bytes: &[u8]) -> Result<ExtractedDoc, ExtractError> {
    let (text, encoding) = decode_text(bytes)?;
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let blank = |i: usize| lines.get(i).is_none_or(|l| l.trim().is_empty());
    // (a distributor's frame around the work: its header and licence are matter, and no line
    // of them heads a chapter)
    let work = frame::work_lines(&lines).unwrap_or(0..lines.len());
    // (a book's index, at its end, under a title alone: "INDEX"; its letters, "C." and "M.",
    // head no chapters)
    let index_at = (work.start..work.end)
        .rev()
        .take(lines.len() / 3)
        .find(|&i| {
            (i == 0 || blank(i - 1)) && blank(i + 1) && structure::is_index_title(lines[i].trim())
        });

    // choose the heading kind: the strongest kind with at least two (weak kinds: three) lines
    // that stand alone (a blank line, or the start, before them)
    let labels = running_labels(&lines);
    let mut counts = [0usize; 12];
    let mut kinds: Vec<Option<HeadingKind>> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if !work.contains(&i) || index_at.is_some_and(|x| i > x) {
                return None;
            }
            if index_at == Some(i) {
                return Some(HeadingKind::Index);
            }
            // (a single numeral, "I", heads a chapter only where a title stands under it)
            let numeral = || {
                (matches!(l.trim(), "I" | "V" | "X")
                    && title_under_number(&lines, i, work.end).is_some())
                .then_some(HeadingKind::Roman)
            };
            let k = heading_kind(l)
                .or_else(numeral)
                .or_else(|| {
                    labelled_number(l.trim())
                        .filter(|(w, _)| labels.iter().any(|x| x == w))
                        .map(|_| HeadingKind::Labelled)
                })
                .or_else(|| verse_book(&lines, i).then_some(HeadingKind::VerseBook))?;
            let alone =
                i == 0 || blank(i - 1) || matches!(k, HeadingKind::Numbered | HeadingKind::English);
            alone.then_some(k)
        })
        .collect();
    let mut toc = toc_lines(&lines);
    for (k, _) in kinds.iter().zip(&toc).filter(|(_, t)| !**t) {
        if let Some(k) = k {
            counts[*k as usize] += 1;
        }
    }
    let order = [
        HeadingKind::Numbered,
        HeadingKind::English,
        HeadingKind::ManPage,
        HeadingKind::Labelled,
        HeadingKind::VerseBook,
        HeadingKind::Pian,
        HeadingKind::SuffixOrdinal,
        HeadingKind::Guillemet,
        HeadingKind::Roman,
    ];
    let mut chosen = order.into_iter().find(|k| {
        let need = if matches!(
            k,
            HeadingKind::Numbered
                | HeadingKind::English
                | HeadingKind::ManPage
                | HeadingKind::VerseBook
        ) {
            2
        } else {
            3
        };
        counts[*k as usize] >= need
    });

    // (a table of contents confirms lines alone as the chapters: "LIFE OF THESEUS.")
    if chosen.is_none()
        && let Some((headings, contents)) = contents_headings(&lines, &work)
    {
        for i in headings {
            kinds[i] = Some(HeadingKind::Contents);
        }
        toc[contents].iter_mut().for_each(|x| *x = true);
        chosen = Some(HeadingKind::Contents);
    }
    if chosen.is_none() {
        let bare = bare_headings(&lines[work.clone()]);
        if !bare.is_empty() {
            for i in bare {
                kinds[work.start + i] = Some(HeadingKind::Bare);
            }
            chosen = Some(HeadingKind::Bare);
        }
    }

    // wrap width: lines at least 3/4 of the typical long line, not ending a sentence, continue
    let mut widths: Vec<usize> = lines
        .iter()
        .map(|l| width(l.trim()))
        .filter(|&w| w > 0)
        .collect();
    widths.sort_unstable();
    let p90 = widths
        .get(widths.len().saturating_sub(1) * 9 / 10)
        .copied()
        .unwrap_or(0);
    let full_width = |t: &str| p90 >= 40 && width(t) * 4 >= p90 * 3;
    let wrapped = |l: &str| full_width(l.trim()) && !ends_paragraph(l);
    // an indented body (manual pages, converted HTML): unindented short lines over it head sections
    let body: Vec<&&str> = lines.iter().filter(|l| !l.trim().is_empty()).collect();
    let indented_body =
        body.len() >= 8 && body.iter().filter(|l| indent(l) >= 3).count() * 10 >= body.len() * 5;
    let cjk_doc = structure::mostly_cjk(body.iter().take(2000).map(|l| l.trim()));

    let mut b = DocBuilder::new();
    // (the frame's header names the work: "Title: Critical & Historical Essays")
    let mut title = frame::header_title(&lines[..work.start]);
    let mut start = work.start;
    if start > 0 {
        b.matter(&lines[..start].join("\n"), None, Some(1));
    }
    // a title line: the first non-empty line, short, alone, not a heading, followed by a blank line
    if title.is_none()
        && let Some(first) = (start..work.end).find(|&i| !lines[i].trim().is_empty())
    {
        let l = lines[first].trim();
        let next_blank = lines.get(first + 1).is_none_or(|n| n.trim().is_empty());
        if kinds[first].is_none()
            && next_blank
            && l.chars().count() <= 60
            && !ends_paragraph(l)
            && !l.ends_with(['，', ','])
            && lines.len() > first + 2
        {
            title = Some(l.to_string());
            start = first + 1;
        }
    }

    let flush = |b: &mut DocBuilder, para: &mut String, line: u32| {
        if para.is_empty() {
            return;
        }
        match structure::block_kind(para, cjk_doc) {
            Some(BlockKind::Code) => b.code(para, None, Some(line)),
            Some(BlockKind::Table) => b.table(para, None, Some(line)),
            Some(BlockKind::Matter) => b.matter(para, None, Some(line)),
            _ => b.para(&plain_emphasis(para), None, Some(line)),
        }
        para.clear();
    };
    let mut para = String::new();
    let mut para_line = 0u32;
    let mut prev_wrapped = false;
    let mut man_page: Option<String> = None;
    let mut i = start;
    while i < lines.len() {
        let line = lines[i];
        let lineno = i as u32 + 1;
        let t = line.trim();
        if i == work.end {
            flush(&mut b, &mut para, para_line);
            b.matter(&lines[i..].join("\n"), None, Some(lineno));
            break;
        }
        if toc[i] {
            flush(&mut b, &mut para, para_line);
            let from = i;
            while i < lines.len() && (toc[i] || (blank(i) && toc.get(i + 1) == Some(&true))) {
                i += 1;
            }
            b.matter(&lines[from..i].join("\n"), None, Some(from as u32 + 1));
            prev_wrapped = false;
            continue;
        }
        i += 1;
        if kinds[i - 1] == Some(HeadingKind::Index) {
            flush(&mut b, &mut para, para_line);
            b.chapter(t);
            prev_wrapped = false;
            continue;
        }
        if chosen.is_some() && kinds[i - 1] == chosen {
            flush(&mut b, &mut para, para_line);
            man_page = man_header(t);
            // (a chapter's number alone, then its title under it: "III", then "THE MUSIC OF
            // THE HEBREWS AND THE HINDUS"; one title)
            if let Some((title, next)) = title_under_number(&lines, i - 1, work.end) {
                b.chapter(&format!("{}. {title}", t.trim_end_matches('.')));
                i = next;
            } else {
                b.chapter(man_page.as_deref().unwrap_or(t));
            }
            prev_wrapped = false;
            continue;
        }
        // a drawn table: its rows and borders make one block
        if structure::line_is_table_row(t)
            || (structure::line_is_rule(t)
                && lines
                    .get(i)
                    .is_some_and(|n| structure::line_is_table_row(n.trim())))
        {
            flush(&mut b, &mut para, para_line);
            let from = i - 1;
            while i < lines.len()
                && (structure::line_is_table_row(lines[i].trim())
                    || structure::line_is_rule(lines[i].trim()))
            {
                i += 1;
            }
            b.table(&lines[from..i].join("\n"), None, Some(lineno));
            prev_wrapped = false;
            continue;
        }
        if t.is_empty() {
            flush(&mut b, &mut para, para_line);
            prev_wrapped = false;
            continue;
        }
        let alone = (i == 1 || blank(i - 2)) && blank(i);
        // a manual page's footer repeats its name: furniture, not text
        if let Some(name) = &man_page
            && indent(line) == 0
            && t.split_whitespace()
                .last()
                .is_some_and(|w| w.eq_ignore_ascii_case(name))
        {
            flush(&mut b, &mut para, para_line);
            b.matter(t, None, Some(lineno));
            continue;
        }
        if alone && let Some(depth) = outline_heading(line) {
            flush(&mut b, &mut para, para_line);
            // (an appendix is a chapter of its own, whatever heads the chapters before it)
            if chosen.is_none() && depth == 1 || appendix_rest(t).is_some() {
                b.chapter(t);
            } else {
                b.set_section(Some(t.to_string()));
            }
            prev_wrapped = false;
            continue;
        }
        if indented_body
            && indent(line) == 0
            && (i == 1 || blank(i - 2))
            && width(t) <= 40
            && !ends_paragraph(t)
            && lines
                .get(i)
                .is_some_and(|n| indent(n) >= 3 && !n.trim().is_empty())
        {
            flush(&mut b, &mut para, para_line);
            b.set_section(Some(t.to_string()));
            prev_wrapped = false;
            continue;
        }
        // an anthology's piece: a title line, then its source and author lines
        if para.is_empty()
            && (i == 1 || blank(i - 2))
            && width(t) <= 40
            && !ends_paragraph(t)
            && lines.get(i).is_some_and(|n| attribution(n).is_some())
        {
            let mut author = None;
            for n in lines.iter().skip(i).take(2) {
                if let Some(Some(a)) = attribution(n) {
                    author.get_or_insert(a);
                }
            }
            b.set_section(Some(match author {
                Some(a) => format!("{t} · {a}"),
                None => t.to_string(),
            }));
            b.matter(t, None, Some(lineno));
            prev_wrapped = false;
            continue;
        }
        if !para.is_empty() && (!prev_wrapped || starts_item(t)) {
            flush(&mut b, &mut para, para_line);
        }
        if para.is_empty() {
            para_line = lineno;
        } else {
            para.push('\n');
        }
        para.push_str(t);
        // (a full line that ends with an abbreviation's point goes on where the next line
        // opens in lower case: "… a foredoomed engineering concept, esp." / "one that fails …")
        // (as does a shorter line where the next line's first word would not have fitted
        // on it: "… might end “Kudos to" / "rasputin@kremlin.org, flames to /dev/null”")
        let next = lines.get(i).map(|n| n.trim()).unwrap_or_default();
        let next_word = next.split_whitespace().next().map_or(0, width);
        prev_wrapped = wrapped(line)
            || full_width(t)
                && t.ends_with('.')
                && next.starts_with(|c: char| c.is_ascii_lowercase())
            || p90 >= 40
                && !ends_paragraph(t)
                && next_word > 0
                && width(t) * 2 >= p90
                && width(t) + 1 + next_word > p90;
    }
    flush(&mut b, &mut para, para_line);
    Ok(ExtractedDoc {
        format: Format::Text,
        title,
        lang_hint: None,
        encoding: Some(encoding.to_string()),
        chapters: b.into_chapters(),
        warnings: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ZH: &str = "论语\n\n学而篇\n\n子曰：“学而时习之，不亦说乎？”\n\n有子曰：“其为人也孝弟。”\n\n为政篇\n\n子曰：“为政以德。”\n\n八佾篇\n\n孔子谓季氏。\n";

    fn utf16(s: &str, le: bool, bom: bool) -> Vec<u8> {
        let mut v = Vec::new();
        if bom {
            v.extend_from_slice(if le { &[0xFF, 0xFE] } else { &[0xFE, 0xFF] });
        }
        for u in s.encode_utf16() {
            v.extend_from_slice(&if le { u.to_le_bytes() } else { u.to_be_bytes() });
        }
        v
    }

    #[test]
    fn encodings_table() {
        let en = "Chapter 1\n\nIt was a bright cold day in April.\n\nChapter 2\n\nThe clocks were striking thirteen.\n";
        let trad = "第一章 學而\n\n子曰：學而時習之，不亦說乎？有朋自遠方來，不亦樂乎？\n\n第二章 為政\n\n子曰：為政以德，譬如北辰，居其所而眾星共之。\n";
        let mut utf8_bom = vec![0xEF, 0xBB, 0xBF];
        utf8_bom.extend_from_slice(ZH.as_bytes());
        let cases: Vec<(&str, Vec<u8>, &str, &str)> = vec![
            ("utf8", ZH.as_bytes().to_vec(), "UTF-8", ZH),
            ("utf8 bom", utf8_bom, "UTF-8", ZH),
            ("utf16le bom", utf16(ZH, true, true), "UTF-16LE", ZH),
            ("utf16be bom", utf16(ZH, false, true), "UTF-16BE", ZH),
            ("utf16le no bom", utf16(en, true, false), "UTF-16LE", en),
            ("utf16be no bom", utf16(en, false, false), "UTF-16BE", en),
            ("gb18030", GB18030.encode(ZH).0.to_vec(), "gb18030", ZH),
            ("gbk", GBK.encode(ZH).0.to_vec(), "gb18030", ZH),
            ("big5", BIG5.encode(trad).0.to_vec(), "Big5", trad),
        ];
        for (name, bytes, want_enc, want_text) in cases {
            let (text, enc) = decode_text(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(enc.eq_ignore_ascii_case(want_enc), "{name}: got {enc}");
            assert_eq!(text.trim_start_matches('\u{FEFF}'), want_text, "{name}");
            let doc = extract_txt(&bytes).unwrap();
            assert!(doc.chapters.len() >= 2, "{name}: {:?}", doc.chapters);
        }
    }

    #[test]
    fn same_text_same_fingerprint_across_encodings() {
        let a = super::super::extract(ZH.as_bytes(), "a.txt").unwrap();
        let b = super::super::extract(&GB18030.encode(ZH).0, "a.txt").unwrap();
        let c = super::super::extract(&utf16(ZH, true, true), "a.txt").unwrap();
        assert_eq!(a.fingerprint(), b.fingerprint());
        assert_eq!(a.fingerprint(), c.fingerprint());
        assert_eq!(a.chapters, b.chapters);
    }

    #[test]
    fn lunyu_style_chapters_and_lines() {
        let doc = extract_txt(ZH.as_bytes()).unwrap();
        assert_eq!(doc.title.as_deref(), Some("论语"));
        let titles: Vec<_> = doc.chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["学而篇", "为政篇", "八佾篇"]);
        let first = &doc.chapters[0].blocks[0];
        assert_eq!(first.location.line, Some(5));
        assert_eq!(first.text, "子曰：“学而时习之，不亦说乎？”");
    }

    #[test]
    fn heading_kinds_table() {
        let cases: &[(&str, Option<HeadingKind>)] = &[
            ("第一章 风起", Some(HeadingKind::Numbered)),
            ("第12回", Some(HeadingKind::Numbered)),
            ("第三卷　大结局", Some(HeadingKind::Numbered)),
            ("第一次见面的时候，他说。", None),
            ("学而篇", Some(HeadingKind::Pian)),
            ("学而第一", Some(HeadingKind::SuffixOrdinal)),
            ("为政第二", Some(HeadingKind::SuffixOrdinal)),
            ("Chapter 1", Some(HeadingKind::English)),
            ("CHAPTER IV. The Rabbit", Some(HeadingKind::English)),
            ("Part One", Some(HeadingKind::English)),
            ("chapter and verse", None),
            (
                "Chapter\u{a0}4.\u{a0}Required files under the debian directory",
                Some(HeadingKind::English),
            ),
            ("Chapter 3 describes the rules of the archive and the", None),
            (
                "Chapter 7: How the archive and its mirrors are kept in sync",
                Some(HeadingKind::English),
            ),
            ("《静夜思》", Some(HeadingKind::Guillemet)),
            ("《论语》中说：学而时习之。", None),
            ("XIV", Some(HeadingKind::Roman)),
            ("IV.", Some(HeadingKind::Roman)),
            ("I", None),
            ("", None),
        ];
        for (line, want) in cases {
            assert_eq!(heading_kind(line), *want, "{line:?}");
        }
    }

    #[test]
    fn poems_and_wrapped_english() {
        let poems = "《静夜思》\n作者：李白\n床前明月光，疑是地上霜。\n举头望明月，低头思故乡。\n\n《春晓》\n作者：孟浩然\n春眠不觉晓，处处闻啼鸟。\n\n《登鹳雀楼》\n作者：王之涣\n白日依山尽，黄河入海流。\n";
        let doc = extract_txt(poems.as_bytes()).unwrap();
        assert_eq!(doc.chapters.len(), 3);
        assert_eq!(doc.chapters[0].title, "《静夜思》");
        assert_eq!(doc.chapters[0].blocks[0].text, "作者：李白");
        assert_eq!(doc.chapters[0].blocks[1].location.line, Some(3));

        let en = "A title\n\nThis is a long line of English prose that has been wrapped at\nseventy-odd columns by an editor, so the next line continues the\nsame paragraph until it ends.\n\nShort one.\n";
        let doc = extract_txt(en.as_bytes()).unwrap();
        assert_eq!(doc.chapters.len(), 1);
        assert!(
            doc.chapters[0].blocks[0]
                .text
                .contains("wrapped at seventy-odd")
        );
        assert_eq!(doc.chapters[0].blocks[1].location.line, Some(7));

        // (a full line that ends with an abbreviation's point, and a line the next word did
        // not fit on, go on; a full line that ends a sentence before a capital does not)
        let en = "A title\n\n\
                  A bogus technological prediction or a foredoomed engineering concept, esp.\n\
                  one that fails by assuming that technologies develop linearly, in isolation\n\
                  from one another. A controversial posting, for example, might end “Kudos to\n\
                  rasputin@kremlin-and-very-long-domain.example.org, flames to the bit bucket”.\n\
                  That full line ended a sentence, and this one opens another paragraph here.\n\
                  \n\
                  Short one.\n";
        let doc = extract_txt(en.as_bytes()).unwrap();
        let texts: Vec<&str> = doc.chapters[0]
            .blocks
            .iter()
            .map(|b| b.text.as_str())
            .collect();
        assert_eq!(texts.len(), 3, "{texts:?}");
        assert!(texts[0].contains("esp. one that"), "{texts:?}");
        assert!(texts[0].contains("Kudos to rasputin@"), "{texts:?}");
    }

    /// (chapter title, section, first words of the block, kind) of every block.
    fn shape(text: &str) -> Vec<(String, Option<String>, String, BlockKind)> {
        let doc = super::super::extract(text.as_bytes(), "t.txt").unwrap();
        doc.chapters
            .iter()
            .flat_map(|c| {
                c.blocks.iter().map(|b| {
                    (
                        c.title.clone(),
                        b.location.section.clone(),
                        b.text.chars().take(12).collect(),
                        b.kind,
                    )
                })
            })
            .collect()
    }

    #[test]
    fn structure_of_plain_texts() {
        use BlockKind::{Code, Matter, Paragraph, Table};
        let s = |x: &str| Some(x.to_string());
        // (name, text, the blocks wanted: chapter, section, first 12 chars, kind)
        type Want = Vec<(&'static str, Option<String>, &'static str, BlockKind)>;
        let cases: Vec<(&str, &str, Want)> = vec![
            (
                "numbered outline with a table of contents",
                "Rules of the Club\n\nTable of Contents\n\n1. Introduction\n    1.1. Scope\n2. Members\n    2.1. Powers\n    2.2. Duties\n\n1. Introduction\n\n   The club is an association of people who meet to read books together.\n\n1.1. Scope\n\n   These rules apply to every member of the club and to every\n   guest at all times.\n\n2. Members\n\n2.1. Powers\n\n   Members may vote on every question that the club puts to them.\n\nA. Standard procedure\n\n   A vote takes a week.\n",
                vec![
                    ("Rules of the Club", None, "Table of Con", Matter),
                    ("1. Introduction", None, "The club is ", Paragraph),
                    (
                        "1. Introduction",
                        s("1.1. Scope"),
                        "These rules ",
                        Paragraph,
                    ),
                    ("2. Members", s("2.1. Powers"), "Members may ", Paragraph),
                    ("A. Standard procedure", None, "A vote takes", Paragraph),
                ],
            ),
            (
                "long chapter headings, and sections named by one lowercase word (a file)",
                "Chapter 3. Modifying the source\n\n   Patches go to the patch system first.\n\nChapter\u{a0}4.\u{a0}Required files under the debian directory\n\n   There is a new subdirectory.\n\n4.1.\u{a0}control\n\n   This file contains various values.\n\n   1. run the command below\n\n4.3. changelog\n\n   This is a required file.\n\nAppendix\u{a0}A.\u{a0}Advanced packaging\n\nA.1. Shared libraries\n\n   Packaging a library is hard.\n",
                vec![
                    (
                        "Chapter 3. Modifying the source",
                        None,
                        "Patches go t",
                        Paragraph,
                    ),
                    (
                        "Chapter 4. Required files under the debian directory",
                        None,
                        "There is a n",
                        Paragraph,
                    ),
                    (
                        "Chapter 4. Required files under the debian directory",
                        s("4.1. control"),
                        "This file co",
                        Paragraph,
                    ),
                    (
                        "Chapter 4. Required files under the debian directory",
                        s("4.1. control"),
                        "1. run the c",
                        Paragraph,
                    ),
                    (
                        "Chapter 4. Required files under the debian directory",
                        s("4.3. changelog"),
                        "This is a re",
                        Paragraph,
                    ),
                    (
                        "Appendix A. Advanced packaging",
                        s("A.1. Shared libraries"),
                        "Packaging a ",
                        Paragraph,
                    ),
                ],
            ),
            (
                "a word with a running number heads chapters; verses stay lines",
                "Surah 1. The Opener\n\n1:1 In the name of God\n1:2 Praise be\n\nSurah 2. The Cow\n\n2:1 Alif\n\nSurah 3. The Family\n\n3:1 Alif Lam Mim\n",
                vec![
                    ("Surah 1. The Opener", None, "1:1 In the n", Paragraph),
                    ("Surah 1. The Opener", None, "1:2 Praise b", Paragraph),
                    ("Surah 2. The Cow", None, "2:1 Alif", Paragraph),
                    ("Surah 3. The Family", None, "3:1 Alif Lam", Paragraph),
                ],
            ),
            (
                "verses that start again at 1:1 under a line alone: each such line heads a book",
                "The Holy Bible\n\n\nThe First Book of Moses:  Called Genesis\n\n1:1 In the beginning God created the heaven and the earth.\n\n1:2 And the earth was without form.\n\n2:1 Thus the heavens were finished.\n\n\nThe Second Book of Moses:  Called Exodus\n\n1:1 Now these are the names.\n\n1:2 Reuben, Simeon.\n",
                vec![
                    (
                        "The First Book of Moses: Called Genesis",
                        None,
                        "1:1 In the b",
                        Paragraph,
                    ),
                    (
                        "The First Book of Moses: Called Genesis",
                        None,
                        "1:2 And the ",
                        Paragraph,
                    ),
                    (
                        "The First Book of Moses: Called Genesis",
                        None,
                        "2:1 Thus the",
                        Paragraph,
                    ),
                    (
                        "The Second Book of Moses: Called Exodus",
                        None,
                        "1:1 Now thes",
                        Paragraph,
                    ),
                    (
                        "The Second Book of Moses: Called Exodus",
                        None,
                        "1:2 Reuben, ",
                        Paragraph,
                    ),
                ],
            ),
            (
                "an anthology: volumes, and title / source / author lines (a source in brackets too)",
                "古文選\n\n卷一・周文\n\n鄭伯克段於鄢\n《左傳》\n先秦：左丘明\n\n初，鄭武公娶於申。\n\n周鄭交質\n（左丘明）\n先秦：左丘明\n\n鄭武公、莊公爲平王卿士。\n\n卷二・周文\n\n曹劌論戰\n《左傳》\n先秦：左丘明\n\n十年春，齊師伐我。\n",
                vec![
                    (
                        "卷一・周文",
                        s("鄭伯克段於鄢 · 左丘明"),
                        "鄭伯克段於鄢",
                        Matter,
                    ),
                    (
                        "卷一・周文",
                        s("鄭伯克段於鄢 · 左丘明"),
                        "《左傳》",
                        Paragraph,
                    ),
                    (
                        "卷一・周文",
                        s("鄭伯克段於鄢 · 左丘明"),
                        "先秦：左丘明",
                        Paragraph,
                    ),
                    (
                        "卷一・周文",
                        s("鄭伯克段於鄢 · 左丘明"),
                        "初，鄭武公娶於申。",
                        Paragraph,
                    ),
                    ("卷一・周文", s("周鄭交質 · 左丘明"), "周鄭交質", Matter),
                    (
                        "卷一・周文",
                        s("周鄭交質 · 左丘明"),
                        "（左丘明）",
                        Paragraph,
                    ),
                    (
                        "卷一・周文",
                        s("周鄭交質 · 左丘明"),
                        "先秦：左丘明",
                        Paragraph,
                    ),
                    (
                        "卷一・周文",
                        s("周鄭交質 · 左丘明"),
                        "鄭武公、莊公爲平王卿士。",
                        Paragraph,
                    ),
                    ("卷二・周文", s("曹劌論戰 · 左丘明"), "曹劌論戰", Matter),
                    ("卷二・周文", s("曹劌論戰 · 左丘明"), "《左傳》", Paragraph),
                    (
                        "卷二・周文",
                        s("曹劌論戰 · 左丘明"),
                        "先秦：左丘明",
                        Paragraph,
                    ),
                    (
                        "卷二・周文",
                        s("曹劌論戰 · 左丘明"),
                        "十年春，齊師伐我。",
                        Paragraph,
                    ),
                ],
            ),
            (
                "manual pages: header, sections over an indented body, footer",
                "CAT(1)      User Commands      CAT(1)\n\nNAME\n       cat - concatenate files and print on the standard output\n\nSYNOPSIS\n       cat [OPTION]... [FILE]...\n\nDESCRIPTION\n       Concatenate FILE(s) to standard output.\n\n       -A, --show-all\n              equivalent to -vET\n\n       -E, --show-ends\n              display $ at end of each line\n\nGNU coreutils 8.32     September 2020     CAT(1)\n\nLS(1)      User Commands      LS(1)\n\nNAME\n       ls - list directory contents\n\nGNU coreutils 8.32     September 2020     LS(1)\n",
                vec![
                    ("cat(1)", s("NAME"), "cat - concat", Paragraph),
                    ("cat(1)", s("SYNOPSIS"), "cat [OPTION]", Paragraph),
                    ("cat(1)", s("DESCRIPTION"), "Concatenate ", Paragraph),
                    ("cat(1)", s("DESCRIPTION"), "-A, --show-a", Paragraph),
                    ("cat(1)", s("DESCRIPTION"), "equivalent t", Paragraph),
                    ("cat(1)", s("DESCRIPTION"), "-E, --show-e", Paragraph),
                    ("cat(1)", s("DESCRIPTION"), "display $ at", Paragraph),
                    ("cat(1)", s("DESCRIPTION"), "GNU coreutil", Matter),
                    ("ls(1)", s("NAME"), "ls - list di", Paragraph),
                    ("ls(1)", s("NAME"), "GNU coreutil", Matter),
                ],
            ),
            (
                "a Chinese manual: 第 1 章, tables, commands, output and admonitions",
                "手册\n\n第 1 章 教程\n\n    这是一个教程，讲解命令行的基础知识和常用的系统管理工具，以及它们在日常\n    工作中的用法。你必须自己练习，就像学习一门新的外语一样，教程和文档\n    只是帮助。\n\n    注意\n\n    # chvt 3\n\n    +--------+\n    |字符|说明|\n    +--------+\n\n    The programs included with the Debian system are free software;\n\n第 2 章 软件包\n\n    软件包是分发软件的单位，每个软件包都有名字、版本、依赖关系和维护者，由\n    打包工具构建，由软件包管理器安装。\n",
                vec![
                    ("第 1 章 教程", None, "这是一个教程，讲解命令行", Paragraph),
                    ("第 1 章 教程", None, "注意", Matter),
                    ("第 1 章 教程", None, "# chvt 3", Code),
                    ("第 1 章 教程", None, "    +-------", Table),
                    ("第 1 章 教程", None, "The programs", Code),
                    (
                        "第 2 章 软件包",
                        None,
                        "软件包是分发软件的单位，",
                        Paragraph,
                    ),
                ],
            ),
            (
                "bare title lines alone over long paragraphs head chapters",
                "大學\n\n大學之道，在明明德，在親民，在止於至善。知止而后有定，定而后能靜。\n\n古之欲明明德於天下者，先治其國；欲治其國者，先齊其家。\n\n所謂誠其意者，毋自欺也，如惡惡臭，如好好色，此之謂自謙。\n\n中庸\n\n天命之謂性，率性之謂道，修道之謂教。道也者，不可須臾離也。\n\n仲尼曰：「君子中庸，小人反中庸。君子之中庸也，君子而時中。」\n\n子曰：「道之不行也，我知之矣：知者過之，愚者不及也。」\n",
                vec![
                    ("大學", None, "大學之道，在明明德，在親", Paragraph),
                    ("大學", None, "古之欲明明德於天下者，先", Paragraph),
                    ("大學", None, "所謂誠其意者，毋自欺也，", Paragraph),
                    ("中庸", None, "天命之謂性，率性之謂道，", Paragraph),
                    ("中庸", None, "仲尼曰：「君子中庸，小人", Paragraph),
                    ("中庸", None, "子曰：「道之不行也，我知", Paragraph),
                ],
            ),
            (
                "one short line alone is a title, not a chapter",
                "大學\n\n大學之道，在明明德，在親民，在止於至善。知止而后有定，定而后能靜。\n\n古之欲明明德於天下者，先治其國；欲治其國者，先齊其家。\n",
                vec![
                    ("大學", None, "大學之道，在明明德，在親", Paragraph),
                    ("大學", None, "古之欲明明德於天下者，先", Paragraph),
                ],
            ),
            (
                "a distributor's frame is matter, and a chapter's number and the title under it one heading",
                "Project Gutenberg's Essays on Music, by A. Writer\n\nTitle: Essays on Music\n\n\
                 *** START OF THIS PROJECT GUTENBERG EBOOK ESSAYS ON MUSIC ***\n\n\
                 Produced by Jane Roe and the Online\nDistributed Proofreading Team\n\n\
                 I\n\nTHE ORIGIN OF MUSIC\n\n\
                 The _samisen_ is a kind of small banjo, and the my_var name stays as it is.\n\n\
                 II\n\nON THE LIVES OF SOME SEVENTEENTH vs.\nEIGHTEENTH CENTURY COMPOSERS\n\n\
                 Bach was born in Eisenach, in Thuringia, in the year 1685.\n\n\
                 III\n\nTHE MUSIC OF GREECE\n\nThe Dorian mode was considered the greatest.\n\n\
                 INDEX\n\n  Aeolian mode, 80.\n\n\nC.\n\n  Chromatic scale, 34, 82.\n\n\
                 End of Project Gutenberg's Essays on Music, by A. Writer\n\n\
                 *** END OF THIS PROJECT GUTENBERG EBOOK ESSAYS ON MUSIC ***\n\n\
                 Section 1.  General Terms of Use\n\nSection 2.  Information\n",
                vec![
                    ("Essays on Music", None, "Project Gute", Matter),
                    ("I. THE ORIGIN OF MUSIC", None, "The samisen ", Paragraph),
                    (
                        "II. ON THE LIVES OF SOME SEVENTEENTH vs. EIGHTEENTH CENTURY COMPOSERS",
                        None,
                        "Bach was bor",
                        Paragraph,
                    ),
                    ("III. THE MUSIC OF GREECE", None, "The Dorian m", Paragraph),
                    ("INDEX", None, "Aeolian mode", Matter),
                    ("INDEX", None, "C.", Matter),
                    ("INDEX", None, "Chromatic sc", Matter),
                    ("INDEX", None, "End of Proje", Matter),
                ],
            ),
            (
                "a table of contents confirms the lines alone that head the chapters",
                "LIVES OF THE POETS\n\nPREFACE.\n\nThese lives were written for a bookseller in a hurry.\n\n\
                 CONTENTS.\n\n\nLIFE OF COWLEY                1\n\nLIFE OF DENHAM             30\n\n\
                 COMPARISON BETWEEN COWLEY AND DENHAM     62\n\nLIFE OF MILTON   ........   67\n\n\n\n\
                 LIFE OF COWLEY.\n\nCowley was born in London, the son of a grocer, in the year 1618.\n\n\
                 SAMUEL JOHNSON.\n\nLIFE OF DENHAM.\n\nDenham was the son of a judge in Dublin.\n\n\
                 COMPARISON OF COWLEY AND DENHAM.\n\nBoth wrote verse that was read in their day.\n\n\
                 LIFE OF MILTON.\n\nMilton was born in Bread Street in London.\n",
                vec![
                    ("LIVES OF THE POETS", None, "PREFACE.", Paragraph),
                    ("LIVES OF THE POETS", None, "These lives ", Paragraph),
                    ("LIVES OF THE POETS", None, "CONTENTS.\n\n\n", Matter),
                    ("LIFE OF COWLEY", None, "Cowley was b", Paragraph),
                    ("LIFE OF COWLEY", None, "SAMUEL JOHNS", Paragraph),
                    ("LIFE OF DENHAM", None, "Denham was t", Paragraph),
                    (
                        "COMPARISON OF COWLEY AND DENHAM",
                        None,
                        "Both wrote v",
                        Paragraph,
                    ),
                    ("LIFE OF MILTON", None, "Milton was b", Paragraph),
                ],
            ),
        ];
        for (name, text, want) in cases {
            let got = shape(text);
            let want: Vec<(String, Option<String>, String, BlockKind)> = want
                .into_iter()
                .map(|(c, s, t, k)| (c.to_string(), s, t.to_string(), k))
                .collect();
            assert_eq!(got, want, "{name}");
        }
    }

    #[test]
    fn underscores_around_words_are_italics() {
        for (text, want) in [
            ("The _samisen_ is a banjo.", "The samisen is a banjo."),
            ("(_Longa_), _ut_, _re_.", "(Longa), ut, re."),
            (
                "the _Well-tempered Clavichord_ of Bach",
                "the Well-tempered Clavichord of Bach",
            ),
            // (not an identifier's underscores)
            (
                "call my_func and __init__ now",
                "call my_func and __init__ now",
            ),
            ("set _FOO to 1", "set _FOO to 1"),
            (
                "the _N_GNU_argv_flags_ variable",
                "the _N_GNU_argv_flags_ variable",
            ),
        ] {
            assert_eq!(plain_emphasis(text), want, "{text}");
        }
    }

    #[test]
    fn unsupported_encoding_is_an_error() {
        let junk: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 32) as u8).collect();
        assert!(matches!(decode_text(&junk), Err(ExtractError::Encoding(_))));
    }
}

//! Plain-text (`.txt`) extraction: encoding detection (UTF-8 with/without BOM, UTF-16 LE/BE with
//! BOM or by NUL pattern, GB18030/GBK, Big5 and other legacy encodings via `chardetng`),
//! conservative chapter detection (`第一章`, `学而篇`, `学而第一`, `Chapter 1`, `CHAPTER IV`,
//! roman numerals, `《…》` poem titles) and paragraphs with their source line. Not for Markdown
//! (see `markdown.rs`), though Markdown uses [`decode_text`] too.

use super::normalize::is_cjk;
use super::{DocBuilder, ExtractError, ExtractedDoc, Format};
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
    /// 第一章 / 第十二回 / 第3卷 ...
    Numbered,
    /// Chapter 1 / CHAPTER IV / Part One / Book 2
    English,
    /// 学而篇 (short line ending in 篇)
    Pian,
    /// 学而第一
    SuffixOrdinal,
    /// 《静夜思》
    Guillemet,
    /// I. / IV (a roman numeral alone)
    Roman,
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
    let n = t.chars().count();
    if n == 0 || n > 40 {
        return None;
    }
    let ends_sentence = t.ends_with(['。', '，', '；', '！', '？', '：', ',', ';']);
    // 第X章 ...
    if let Some(rest) = t.strip_prefix('第') {
        let digits: String = rest.chars().take_while(|&c| is_cn_num(c)).collect();
        if !digits.is_empty() {
            let after = rest[digits.len()..].chars().next();
            if after.is_some_and(|c| "章回节卷篇部集幕编".contains(c)) && !ends_sentence {
                return Some(HeadingKind::Numbered);
            }
        }
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
            && n <= 80
        {
            return Some(HeadingKind::English);
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

/// Display width in columns (CJK counts two), for the wrapped-line heuristic.
fn width(s: &str) -> usize {
    s.chars().map(|c| if is_cjk(c) { 2 } else { 1 }).sum()
}

fn ends_paragraph(s: &str) -> bool {
    s.trim_end().ends_with([
        '。', '！', '？', '”', '」', '』', '…', '：', '.', '!', '?', ':', '"',
    ])
}

/// Extracts a `.txt` file.
pub(crate) fn extract_txt(bytes: &[u8]) -> Result<ExtractedDoc, ExtractError> {
    let (text, encoding) = decode_text(bytes)?;
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();

    // choose the heading kind: the strongest kind with at least two (weak kinds: three) lines
    // that stand alone (a blank line, or the start, before them)
    let mut counts = [0usize; 6];
    let kinds: Vec<Option<HeadingKind>> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let k = heading_kind(l)?;
            let alone = i == 0
                || lines[i - 1].trim().is_empty()
                || matches!(k, HeadingKind::Numbered | HeadingKind::English);
            alone.then_some(k)
        })
        .collect();
    for k in kinds.iter().flatten() {
        counts[*k as usize] += 1;
    }
    let order = [
        HeadingKind::Numbered,
        HeadingKind::English,
        HeadingKind::Pian,
        HeadingKind::SuffixOrdinal,
        HeadingKind::Guillemet,
        HeadingKind::Roman,
    ];
    let chosen = order.into_iter().find(|k| {
        let need = if matches!(k, HeadingKind::Numbered | HeadingKind::English) {
            2
        } else {
            3
        };
        counts[*k as usize] >= need
    });

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
    let wrapped = |l: &str| p90 >= 40 && width(l.trim()) * 4 >= p90 * 3 && !ends_paragraph(l);

    let mut b = DocBuilder::new();
    let mut title = None;
    let mut start = 0;
    // a title line: the first non-empty line, short, alone, not a heading, followed by a blank line
    if let Some(first) = lines.iter().position(|l| !l.trim().is_empty()) {
        let l = lines[first].trim();
        let next_blank = lines.get(first + 1).is_none_or(|n| n.trim().is_empty());
        if kinds[first].is_none()
            && next_blank
            && l.chars().count() <= 40
            && !ends_paragraph(l)
            && !l.ends_with(['，', ','])
            && lines.len() > first + 2
        {
            title = Some(l.to_string());
            start = first + 1;
        }
    }

    let mut para = String::new();
    let mut para_line = 0u32;
    let mut prev_wrapped = false;
    for (i, line) in lines.iter().enumerate().skip(start) {
        let lineno = i as u32 + 1;
        let t = line.trim();
        if chosen.is_some() && kinds[i] == chosen {
            if !para.is_empty() {
                b.para(&para, None, Some(para_line));
                para.clear();
            }
            b.chapter(t);
            prev_wrapped = false;
            continue;
        }
        if t.is_empty() {
            if !para.is_empty() {
                b.para(&para, None, Some(para_line));
                para.clear();
            }
            prev_wrapped = false;
            continue;
        }
        if !para.is_empty() && !prev_wrapped {
            b.para(&para, None, Some(para_line));
            para.clear();
        }
        if para.is_empty() {
            para_line = lineno;
        } else {
            para.push('\n');
        }
        para.push_str(t);
        prev_wrapped = wrapped(line);
    }
    if !para.is_empty() {
        b.para(&para, None, Some(para_line));
    }
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
    }

    #[test]
    fn unsupported_encoding_is_an_error() {
        let junk: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 32) as u8).collect();
        assert!(matches!(decode_text(&junk), Err(ExtractError::Encoding(_))));
    }
}

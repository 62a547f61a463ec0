//! Text normalization applied to every extracted block, and the content fingerprint.
//!
//! Rules (see `docs/extraction.md`): Unicode NFC; `\r\n`/`\r` unified to `\n`; control characters
//! and zero-width / invisible characters (ZWSP, word joiner, BOM, soft hyphen) removed; whitespace
//! runs (including U+3000 and NBSP) collapsed to one space, except that a line break next to CJK
//! text disappears (Chinese lines are joined without inserting a space). Full-width and half-width
//! forms are kept as written (no NFKC: `，` stays `，`). Not for segmentation or sentence splitting.

use sha2::{Digest, Sha256};
use unicode_normalization::UnicodeNormalization;

/// True for characters after/before which a line break should not become a space (Han, kana,
/// hangul, CJK punctuation and full-width forms).
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF
        | 0x2E80..=0x2FDF
        | 0x3000..=0x303F
        | 0x3040..=0x30FF
        | 0x3100..=0x312F
        | 0x3190..=0x31FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7AF
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFFEF
        | 0x20000..=0x3FFFF)
}

/// Characters dropped everywhere: zero-width and invisible formatting characters.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{200B}'
            | '\u{200C}'
            | '\u{200D}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{2060}'
            | '\u{2061}'..='\u{2064}' | '\u{FEFF}' | '\u{FFFE}' | '\u{FFFF}'
    ) || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// Normalizes one prose block: NFC, invisible/control characters removed, whitespace collapsed,
/// CJK-aware line joining, trimmed.
pub fn normalize_text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    // pending whitespace: None, Some(false) = spaces only, Some(true) = contained a line break
    let mut pending: Option<bool> = None;
    let mut prev: Option<char> = None;
    let ascii_only = raw.is_ascii();
    let iter: Box<dyn Iterator<Item = char>> = if ascii_only {
        Box::new(raw.chars())
    } else {
        Box::new(raw.nfc())
    };
    for c in iter {
        if c == '\n' || c == '\r' || c == '\u{2028}' || c == '\u{2029}' || c == '\u{85}' {
            pending = Some(true);
            continue;
        }
        if c.is_whitespace() {
            pending = Some(pending.unwrap_or(false));
            continue;
        }
        if c.is_control() || is_invisible(c) {
            continue;
        }
        if let Some(had_break) = pending.take()
            && let Some(p) = prev
        {
            let join_cjk = had_break && (is_cjk(p) || is_cjk(c));
            if !join_cjk {
                out.push(' ');
            }
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// Normalizes a code block: NFC, newlines unified, control (except tab) and invisible characters
/// removed, trailing whitespace on lines and blank lines at both ends trimmed. Indentation is kept.
pub(crate) fn normalize_code(raw: &str) -> String {
    let unified = raw.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = String::with_capacity(unified.len());
    for line in unified.nfc().collect::<String>().split('\n') {
        let clean: String = line
            .chars()
            .filter(|&c| c == '\t' || !(c.is_control() || is_invisible(c)))
            .collect();
        out.push_str(clean.trim_end());
        out.push('\n');
    }
    out.trim_matches('\n').to_string()
}

/// SHA-256 (lowercase hex) over already-normalized block texts, each followed by a newline.
pub fn fingerprint_blocks<'a>(blocks: impl IntoIterator<Item = &'a str>) -> String {
    let mut h = Sha256::new();
    for b in blocks {
        h.update(b.as_bytes());
        h.update(b"\n");
    }
    hex::encode(h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_table() {
        let cases: &[(&str, &str)] = &[
            ("  hello   world  ", "hello world"),
            ("hello\nworld", "hello world"),
            ("hello\r\n  world", "hello world"),
            ("子曰：\n学而时习之", "子曰：学而时习之"),
            ("学而\r\n时习之", "学而时习之"),
            ("中文\nEnglish", "中文English"),
            ("English\n中文", "English中文"),
            ("中文 English", "中文 English"),
            ("a\u{200B}b\u{FEFF}c\u{00AD}d", "abcd"),
            ("a\u{0007}b\tc", "ab c"),
            ("e\u{0301}", "\u{00E9}"),
            ("\u{3000}\u{3000}第一章", "第一章"),
            ("a\u{00A0}b", "a b"),
            ("，全角。", "，全角。"),
            ("", ""),
            (" \n \t ", ""),
        ];
        for (i, (input, want)) in cases.iter().enumerate() {
            assert_eq!(normalize_text(input), *want, "case {i}: {input:?}");
        }
    }

    #[test]
    fn code_keeps_indentation() {
        assert_eq!(
            normalize_code("\n\nfn main() {\r\n    x();  \n}\n\n"),
            "fn main() {\n    x();\n}"
        );
    }

    #[test]
    fn fingerprint_is_stable() {
        let a = fingerprint_blocks(["a", "b"]);
        assert_eq!(a.len(), 64);
        assert_eq!(a, fingerprint_blocks(["a", "b"]));
        assert_ne!(a, fingerprint_blocks(["ab"]));
        assert_ne!(a, fingerprint_blocks(["b", "a"]));
    }
}

//! Slugs: the URL identifiers of wikis and pages. Validation of client-supplied slugs, and
//! derivation from a display name, transliterating Chinese to pinyin.

use pinyin::ToPinyin;
use unicode_normalization::UnicodeNormalization;

/// Longest slug accepted or derived.
pub const MAX_LEN: usize = 64;

/// Is `s` a legal slug: 1–64 of `[a-z0-9-]`, not starting or ending with a hyphen?
pub fn is_valid(s: &str) -> bool {
    (1..=MAX_LEN).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

/// The ASCII letters a Latin letter is written with in a slug: its base letter without the
/// accent ("ë" → "e", "ç" → "c"), or the usual spelling of a letter that has none ("ß" →
/// "ss", "æ" → "ae", "ø" → "o"). None for anything else.
fn latin_ascii(c: char) -> Option<String> {
    let folded = match c.to_lowercase().next().unwrap_or(c) {
        'ß' => "ss",
        'æ' => "ae",
        'œ' => "oe",
        'ø' => "o",
        'ł' => "l",
        'đ' | 'ð' => "d",
        'þ' => "th",
        _ => "",
    };
    if !folded.is_empty() {
        return Some(folded.to_string());
    }
    if !c.is_alphabetic() || !('\u{c0}'..='\u{24f}').contains(&c) {
        return None;
    }
    let base: String = c
        .nfd()
        .filter(char::is_ascii_alphabetic)
        .map(|b| b.to_ascii_lowercase())
        .collect();
    (!base.is_empty()).then_some(base)
}

/// Derives a slug from a name: lowercase ASCII letters and digits, accented Latin letters
/// without their accents ("Raphaël" → "raphael"), Chinese characters as pinyin syllables,
/// everything else a single hyphen. Falls back to `fallback` when nothing is left.
pub fn derive(name: &str, fallback: &str) -> String {
    let mut out = String::new();
    let mut pending_hyphen = false;
    let push_word = |out: &mut String, word: &str, pending: &mut bool| {
        if *pending && !out.is_empty() {
            out.push('-');
        }
        *pending = false;
        out.push_str(word);
    };
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            let lower = c.to_ascii_lowercase().to_string();
            push_word(&mut out, &lower, &mut pending_hyphen);
        } else if let Some(ascii) = latin_ascii(c) {
            push_word(&mut out, &ascii, &mut pending_hyphen);
        } else if let Some(py) = c.to_pinyin() {
            // Each syllable is its own word: 论语 -> lun-yu.
            pending_hyphen = true;
            push_word(&mut out, py.plain(), &mut pending_hyphen);
            pending_hyphen = true;
        } else {
            pending_hyphen = true;
        }
        if out.len() >= MAX_LEN {
            break;
        }
    }
    let mut s: String = out.chars().take(MAX_LEN).collect();
    while s.ends_with('-') {
        s.pop();
    }
    if s.is_empty() {
        fallback.to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation() {
        let cases = [
            ("book", true),
            ("my-book-2", true),
            ("a", true),
            ("", false),
            ("Book", false),
            ("my_book", false),
            ("-book", false),
            ("book-", false),
            ("书", false),
            ("../etc", false),
            ("a b", false),
        ];
        for (s, want) in cases {
            assert_eq!(is_valid(s), want, "{s:?}");
        }
        assert!(!is_valid(&"a".repeat(65)));
    }

    #[test]
    fn derivation() {
        let cases = [
            ("Pride and Prejudice", "pride-and-prejudice"),
            ("论语", "lun-yu"),
            ("论语 Analects (2nd ed.)", "lun-yu-analects-2nd-ed"),
            ("唐诗三百首.txt", "tang-shi-san-bai-shou-txt"),
            ("!!!", "wiki"),
            ("Ünïcödé", "unicode"),
            ("Raphaël Hertzog", "raphael-hertzog"),
            ("Straße Øresund", "strasse-oresund"),
            ("3×4÷2", "3-4-2"),
            ("Ελληνικά", "wiki"),
        ];
        for (name, want) in cases {
            let got = derive(name, "wiki");
            assert_eq!(got, want, "{name:?}");
            assert!(is_valid(&got), "{got:?} must be valid");
        }
        assert!(derive(&"长".repeat(100), "wiki").len() <= MAX_LEN);
    }
}

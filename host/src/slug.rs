//! Slugs: the URL identifiers of wikis and pages. Validation of client-supplied slugs, and
//! derivation from a display name, transliterating Chinese to pinyin.

use pinyin::ToPinyin;

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

/// Derives a slug from a name: lowercase ASCII letters and digits, Chinese characters as
/// pinyin syllables, everything else a single hyphen. Falls back to `fallback` when nothing
/// is left.
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
            ("Ünïcödé", "n-c-d"),
        ];
        for (name, want) in cases {
            let got = derive(name, "wiki");
            assert_eq!(got, want, "{name:?}");
            assert!(is_valid(&got), "{got:?} must be valid");
        }
        assert!(derive(&"长".repeat(100), "wiki").len() <= MAX_LEN);
    }
}

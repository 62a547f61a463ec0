//! Dictionaries and glossaries laid out entry by entry, in any format: a word on a line of its
//! own, then a head line that gives its pronunciation or part of speech ("hacker" / "n." /
//! "1. A person who enjoys …"), or its first sense that gives it ("hack" / "[very common]" /
//! "1. n. Originally, a quick job …"). Each such entry is a unit a reader looks up, as a
//! section is: [`entries_as_sections`] makes it one, headed by its word, so that citations
//! name the entry ("The Jargon File › hacker") and analysis sees the word as the heading of
//! the text that defines it. The head line stays in the corpus as furniture.
//!
//! It reads the shape of the blocks only (a short line, a head line's slashes and
//! abbreviations); it does not decide which words get entries, nor what a sense says.

use super::{BlockKind, ExtractedDoc};

/// Fewer entries than this in a chapter and its word-and-head pairs are no dictionary: a
/// pronunciation given once in a book's prose is no layout.
const MIN_ENTRIES: usize = 5;

/// A part of speech or a usage label that a dictionary's head line gives its word ("n.",
/// "vt.", "adj.", "obs.", "pl."), without its point.
const PARTS_OF_SPEECH: &[&str] = &[
    "n", "v", "vt", "vi", "adj", "adv", "interj", "prep", "conj", "pron", "pref", "suff", "abbrev",
    "excl", "exclam", "pl", "obs", "art", "num", "imp", "prov", "infix", "quant",
];

/// Makes every entry of a dictionary laid out as the module doc says a section of its own,
/// headed by its word (below the section it sits in, if any): the word's line leaves the
/// text (it is the heading now), the head line becomes furniture ([`BlockKind::Matter`]), and
/// the blocks up to the next entry, or the end of the section the entry sits in, are the
/// entry's. A chapter needs [`MIN_ENTRIES`] entries. Run before blocks are classified.
pub(crate) fn entries_as_sections(doc: &mut ExtractedDoc) {
    for ch in &mut doc.chapters {
        let blocks = &ch.blocks;
        let mut starts: Vec<(usize, bool)> = (0..blocks.len())
            .filter_map(|i| {
                let at = |k: usize| {
                    blocks.get(k).filter(|b| {
                        b.kind == BlockKind::Paragraph
                            && b.location.section == blocks[i].location.section
                    })
                };
                at(i).filter(|b| is_dictionary_word(&b.text))?;
                // (a head line may read as code to the extraction: "/gnoo/, not, /noo/")
                let head = blocks.get(i + 1).filter(|b| {
                    matches!(b.kind, BlockKind::Paragraph | BlockKind::Code)
                        && b.location.section == blocks[i].location.section
                });
                if head.is_some_and(|b| is_head_line(&b.text)) {
                    Some((i, true))
                } else if at(i + 1).is_some_and(|b| opens_with_a_sense(&b.text))
                    || at(i + 1).is_some_and(|b| is_bracketed_label(&b.text))
                        && at(i + 2).is_some_and(|b| opens_with_a_sense(&b.text))
                {
                    Some((i, false))
                } else {
                    None
                }
            })
            .collect();
        if starts.len() < MIN_ENTRIES {
            continue;
        }
        // A word that gives no head line is an entry where it stands in the dictionary's
        // order, between the words of the entries around it, over a paragraph of prose and
        // under one ("fork" / "In the open-source community, a fork is …", between
        // "foreground" and "fortune cookie").
        let mut between = Vec::new();
        for pair in starts.windows(2) {
            let ((a, _), (b, _)) = (pair[0], pair[1]);
            let (low, high) = (sort_key(&blocks[a].text), sort_key(&blocks[b].text));
            if low > high {
                continue;
            }
            let mut last = low;
            for k in a + 2..b.saturating_sub(1) {
                let (word, next, before) = (&blocks[k], &blocks[k + 1], &blocks[k - 1]);
                let key = sort_key(&word.text);
                let same = |b: &&super::Block| {
                    b.kind == BlockKind::Paragraph && b.location.section == word.location.section
                };
                if [word, next, before].iter().all(same)
                    && word.text.split_whitespace().count() <= 4
                    && is_dictionary_word(&word.text)
                    && is_prose(&before.text)
                    && is_prose(&next.text)
                    && last <= key
                    && key <= high
                {
                    between.push((k, false));
                    last = key;
                }
            }
        }
        starts.extend(between);
        starts.sort_unstable();
        let mut out = Vec::with_capacity(ch.blocks.len());
        // (the entry's heading and the section it sits in; whether its head line comes next)
        let mut entry: Option<(String, Option<String>)> = None;
        let mut head_next = false;
        let mut next = starts.iter().peekable();
        for (i, mut b) in std::mem::take(&mut ch.blocks).into_iter().enumerate() {
            if let Some(&(_, headed)) = next.next_if(|&&(start, _)| start == i) {
                let outer = b.location.section.clone();
                let heading = match &outer {
                    Some(s) => format!("{s} / {}", b.text.trim()),
                    None => b.text.trim().to_string(),
                };
                entry = Some((heading, outer));
                head_next = headed;
                continue;
            }
            if let Some((heading, outer)) = &entry {
                if b.location.section == *outer {
                    if head_next {
                        b.kind = BlockKind::Matter;
                    }
                    b.location.section = Some(heading.clone());
                } else {
                    entry = None;
                }
                head_next = false;
            }
            out.push(b);
        }
        ch.blocks = out;
    }
}

/// The key a dictionary sorts its words by: letters and digits, in lower case ("Murphy's
/// Law" sorts as "murphyslaw", "/dev/null" as "devnull").
fn sort_key(word: &str) -> String {
    word.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A paragraph of prose: a few words that open as a sentence does.
fn is_prose(text: &str) -> bool {
    let t = text.trim_start();
    t.split_whitespace().count() >= 4
        && t.chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || "[“\"(".contains(c))
}

/// A dictionary's head line, under its word: the word's pronunciations between slashes and
/// its part of speech ("/dev·nuhl/, n.", "/B·L·T/, /bl@t/, /belt/, n.,vt.", "/bif/, BIFF, n."
/// with a variant spelling), a part of speech alone ("adj."), or the empty pronunciation of a
/// word said as it is written ("//"). Not a path ("/usr/bin/"), nor words of a sentence.
pub fn is_head_line(text: &str) -> bool {
    let t = text.trim();
    if t.is_empty() || t.chars().count() > 120 {
        return false;
    }
    let (mut pronunciations, mut parts, mut parts_unpointed, mut others) = (0, 0, 0, 0);
    let mut rest = t;
    loop {
        rest = rest.trim_start_matches([',', ';', ' ']);
        if rest.is_empty() {
            break;
        }
        if let Some(inner) = rest.strip_prefix('/') {
            // (a pronunciation: to the next slash, a few syllables, "/F·A·Q list/")
            let Some(end) = inner.find('/') else {
                return false;
            };
            if inner[..end].split_whitespace().count() > 3 {
                return false;
            }
            pronunciations += 1;
            rest = &inner[end + 1..];
            if !(rest.is_empty() || rest.starts_with([',', ';', ' '])) {
                return false;
            }
            continue;
        }
        let end = rest.find([',', ';', ' ']).unwrap_or(rest.len());
        let word = &rest[..end];
        rest = &rest[end..];
        if is_part_of_speech(word.strip_suffix('.').unwrap_or(word)) {
            if word.ends_with('.') {
                parts += 1;
            } else {
                parts_unpointed += 1;
            }
        } else if word
            .chars()
            .all(|c| c.is_alphabetic() || "'’-·".contains(c))
        {
            // (a variant spelling or an inflection: "BIFF", "frobnitzem")
            others += 1;
        } else {
            return false;
        }
    }
    if pronunciations > 0 {
        others <= 3
    } else {
        parts > 0 && parts_unpointed == 0 && others == 0
    }
}

/// Parts of speech run together with their points: "n", "n.,vt" (of "n.,vt."), "v.,n".
fn is_part_of_speech(word: &str) -> bool {
    let pieces: Vec<&str> = word.split(['.', ',']).filter(|w| !w.is_empty()).collect();
    !pieces.is_empty() && pieces.iter().all(|w| PARTS_OF_SPEECH.contains(w))
}

/// A dictionary's word on a line of its own, above its head line: a word or a short phrase,
/// which may open with a sign ("/dev/null", "@-party", "(TM)") or end with one ("Don't do
/// that then!"), but is no sentence that ends with a point, no head line and no label.
fn is_dictionary_word(text: &str) -> bool {
    let t = text.trim();
    t.chars().count() <= 60
        && (1..=6).contains(&t.split_whitespace().count())
        && t.chars().any(char::is_alphanumeric)
        && !t.ends_with(['.', ':', ','])
        && !is_head_line(t)
        && !is_bracketed_label(t)
}

/// A dictionary's sense that gives its part of speech, numbered or not, after the word's
/// pronunciation or not: "1. n. Originally, a quick job …", "1. /kluhj/ n. Incorrect …",
/// "vt. To work on something".
pub fn opens_with_a_sense(text: &str) -> bool {
    let mut t = text.trim_start();
    if let Some((number, rest)) = t.split_once(". ")
        && !number.is_empty()
        && number.len() <= 2
        && number.chars().all(|c| c.is_ascii_digit())
    {
        t = rest;
    }
    while let Some(inner) = t.strip_prefix('/') {
        let Some(end) = inner.find('/') else {
            return false;
        };
        t = inner[end + 1..].trim_start_matches([',', ' ']);
    }
    let Some((part, rest)) = t.split_once(' ') else {
        return false;
    };
    part.ends_with('.')
        && is_part_of_speech(part)
        && rest
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c == '[' || c == '“' || c == '"')
}

/// A sense's number and part of speech alone, as a sentence splitter leaves them of "1. n.
/// Originally, a quick job …": "1. n.", "2. vt.", "adj.".
pub fn is_sense_mark(text: &str) -> bool {
    let t = text.trim();
    let t = match t.split_once(". ") {
        Some((number, rest))
            if !number.is_empty()
                && number.len() <= 2
                && number.chars().all(|c| c.is_ascii_digit()) =>
        {
            rest
        }
        _ => t,
    };
    is_head_line(t)
}

/// A paragraph that is only a label in brackets, a dictionary's note of where its word comes
/// from or where it is used ("[originally, someone who makes furniture with an axe]"): it
/// says nothing of what the word means.
pub fn is_bracketed_label(text: &str) -> bool {
    let t = text.trim();
    t.len() >= 2 && t.starts_with('[') && t.ends_with(']') && t[1..].find(']') == Some(t.len() - 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::{Block, Chapter, Format, Location};

    fn doc(texts: &[&str]) -> ExtractedDoc {
        ExtractedDoc {
            format: Format::Text,
            title: Some("The Lexicon".into()),
            lang_hint: None,
            encoding: None,
            chapters: vec![Chapter {
                title: "The Lexicon".into(),
                parts: Vec::new(),
                blocks: texts
                    .iter()
                    .map(|t| Block {
                        text: t.to_string(),
                        kind: BlockKind::Paragraph,
                        location: Location::default(),
                    })
                    .collect(),
            }],
            warnings: Vec::new(),
        }
    }

    /// Each block's section and whether it is furniture, after [`entries_as_sections`].
    fn sections(texts: &[&str]) -> Vec<(String, Option<String>, bool)> {
        let mut d = doc(texts);
        entries_as_sections(&mut d);
        d.chapters[0]
            .blocks
            .iter()
            .map(|b| {
                (
                    b.text.clone(),
                    b.location.section.clone(),
                    b.kind == BlockKind::Matter,
                )
            })
            .collect()
    }

    #[test]
    fn entries_become_sections() {
        let got = sections(&[
            "The Jargon File",
            "/dev/null",
            "/dev·nuhl/, n.",
            "A notional black hole in any information space.",
            "hacked up",
            "adj.",
            "Sufficiently patched that the surgical scars crowd out normal tissue.",
            "hack",
            "[very common]",
            "1. n. Originally, a quick job that produces what is needed, but not well.",
            "2. vt. To work on something.",
            "kludge",
            "1. /kluhj/ n. Incorrect spelling of kluge.",
            "(TM)",
            "//",
            "ASCII rendition of the trademark sign appended to phrases.",
        ]);
        let s = |t: &str| Some(t.to_string());
        let want = vec![
            ("The Jargon File".to_string(), None, false),
            ("/dev·nuhl/, n.".into(), s("/dev/null"), true),
            (
                "A notional black hole in any information space.".into(),
                s("/dev/null"),
                false,
            ),
            ("adj.".into(), s("hacked up"), true),
            (
                "Sufficiently patched that the surgical scars crowd out normal tissue.".into(),
                s("hacked up"),
                false,
            ),
            ("[very common]".into(), s("hack"), false),
            (
                "1. n. Originally, a quick job that produces what is needed, but not well.".into(),
                s("hack"),
                false,
            ),
            ("2. vt. To work on something.".into(), s("hack"), false),
            (
                "1. /kluhj/ n. Incorrect spelling of kluge.".into(),
                s("kludge"),
                false,
            ),
            ("//".into(), s("(TM)"), true),
            (
                "ASCII rendition of the trademark sign appended to phrases.".into(),
                s("(TM)"),
                false,
            ),
        ];
        assert_eq!(got, want);
    }

    /// A word that gives no head line is an entry in its place in the dictionary's order; a
    /// short line out of that order is the entry's own.
    #[test]
    fn a_word_without_a_head_line_is_an_entry_in_its_place() {
        let got = sections(&[
            "foreground",
            "vt.",
            "To bring a task to the top of one's stack for immediate processing.",
            "fork",
            "In the open-source community, a fork is what occurs when two versions part.",
            "Forking is uncommon in the community of free software.",
            "fortune cookie",
            "n.",
            "A random quote or joke printed to the user's terminal at login.",
            "Life is hard",
            "A line of a song that the entry quotes, which is no word of the dictionary.",
            "GNU",
            "/gnoo/, not, /noo/",
            "A recursive acronym for GNU's Not Unix.",
            "gnubie",
            "/noo'bee/, n.",
            "Written-only variant of newbie.",
            "guru",
            "n.",
            "An expert, especially one who can help others.",
        ]);
        let heads: Vec<&str> = got
            .iter()
            .map(|(_, s, _)| s.as_deref().unwrap_or(""))
            .collect();
        assert_eq!(
            heads,
            [
                "foreground",
                "foreground",
                "fork",
                "fork",
                "fortune cookie",
                "fortune cookie",
                "fortune cookie",
                "fortune cookie",
                "GNU",
                "GNU",
                "gnubie",
                "gnubie",
                "guru",
                "guru",
            ]
        );
    }

    #[test]
    fn few_entries_or_paths_are_no_dictionary() {
        // (a word over a head line twice in a book's prose)
        let few = [
            "hacker",
            "n.",
            "A person who enjoys programming.",
            "cruft",
            "/kruhft/",
            "An unpleasant substance.",
        ];
        assert!(sections(&few).iter().all(|(_, s, m)| s.is_none() && !m));
        // (paths over their descriptions: no head line)
        let paths = [
            "/boot",
            "Static files of the boot loader.",
            "/etc",
            "Host configuration.",
            "/home",
            "User home directories.",
            "/lib",
            "Shared libraries.",
            "/opt",
            "Add-on software.",
        ];
        assert!(sections(&paths).iter().all(|(_, s, m)| s.is_none() && !m));
    }

    #[test]
    fn head_lines_and_senses() {
        let heads: &[(&str, bool)] = &[
            ("/dev·nuhl/, n.", true),
            ("//", true),
            ("adj.", true),
            ("n. obs.", true),
            ("/bif/, BIFF, n.", true),
            ("/B·L·T/, /bl@t/, /belt/, n.,vt.", true),
            ("/am·b@·mows'ter·us/, /am·b@·mows´trus/, adj", true),
            ("/F·A·Q list/, /fak list/, n.", true),
            ("/usr/bin/", false),
            ("adj", false),
            ("n. See the next entry.", false),
            ("The file is read at start.", false),
            ("//-o-\\\\", false),
        ];
        let senses: &[(&str, bool)] = &[
            ("1. n. Originally, a quick job.", true),
            ("1. /kluhj/ n. Incorrect spelling.", true),
            ("vt. To work on something.", true),
            ("1. Open the file.", false),
            ("n. see below", false),
        ];
        let labels: &[(&str, bool)] = &[
            ("[very common]", true),
            ("[from the Unix null device] A notional black hole.", false),
            ("[a] and [b]", false),
        ];
        let marks: &[(&str, bool)] = &[
            ("1. n.", true),
            ("2. vt.", true),
            ("adj.", true),
            ("1. Open the file.", false),
            ("1. /kluhj/ n.", true),
        ];
        type Check<'a> = (&'a str, fn(&str) -> bool, &'a [(&'a str, bool)]);
        let checks: [Check<'_>; 4] = [
            ("is_head_line", is_head_line, heads),
            ("opens_with_a_sense", opens_with_a_sense, senses),
            ("is_bracketed_label", is_bracketed_label, labels),
            ("is_sense_mark", is_sense_mark, marks),
        ];
        for (name, check, cases) in checks {
            for (text, want) in cases {
                assert_eq!(check(text), *want, "{name}: {text}");
            }
        }
    }
}

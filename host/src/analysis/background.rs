//! Background frequencies: how common a word is in ordinary usage, so that the salience of
//! a term is measured against ordinary text rather than only within the document.
//!
//! English: the SCOWL bands shipped in `data/en-background.txt.gz` (see `data/README.md` for
//! source and licence), mapped to an estimated relative frequency per band. Chinese: the
//! word frequencies of jieba's own dictionary (the same data the segmenter uses), looked up in
//! Simplified characters. Beside them, the English words WordNet knows as no noun
//! (`data/en-not-nouns.txt.gz`), which the analysis makes concepts only on the text's evidence.
//!
//! Not a language model and not a stemmer: plain look-ups, loaded once per process.

use rustc_hash::FxHashMap;
use std::io::Read;
use std::sync::OnceLock;

static EN_DATA: &[u8] = include_bytes!("data/en-background.txt.gz");
static EN_NOT_NOUNS: &[u8] = include_bytes!("data/en-not-nouns.txt.gz");

/// Estimated relative frequency (per word of running text) of a word in each SCOWL band,
/// and of a word in no band (rare, technical, or a name).
const EN_BANDS: [(u8, f64); 4] = [(10, 3e-4), (20, 4e-5), (35, 6e-6), (50, 1.5e-6)];
const EN_UNSEEN: f64 = 3e-7;

/// The text of a gzip-compressed table shipped in `data/`, or `None` (logged with `failure`,
/// which says what the analysis does without it) where it does not decode.
fn gunzip(data: &[u8], failure: &str) -> Option<String> {
    let mut text = String::new();
    let mut dec = flate2::read::GzDecoder::new(data);
    if dec.read_to_string(&mut text).is_err() {
        tracing::error!("{failure}");
        return None;
    }
    Some(text)
}

fn en_table() -> &'static FxHashMap<String, u8> {
    static TABLE: OnceLock<FxHashMap<String, u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let Some(text) = gunzip(
            EN_DATA,
            "the English background table does not decode; salience falls back to in-document counts",
        ) else {
            return FxHashMap::default();
        };
        let mut band = 0u8;
        let mut map = FxHashMap::with_capacity_and_hasher(60_000, Default::default());
        for line in text.lines() {
            if let Some(l) = line.strip_prefix("# ") {
                band = l.trim().parse().unwrap_or(band);
            } else if !line.is_empty() {
                map.insert(line.to_string(), band);
            }
        }
        map
    })
}

/// The SCOWL band of a lower-case English word (10 = most common), if it is listed, or if
/// its American spelling is ("favour", "centre", "marvellous", a British book's ordinary
/// words), or its spelling without an older hyphen ("to-day", "to-morrow").
pub fn en_band(word: &str) -> Option<u8> {
    let table = en_table();
    table.get(word).copied().or_else(|| {
        // (each part a word: "to-day", not a key, "m-y")
        if word.contains('-') && word.split('-').all(|p| p.len() >= 2) {
            let solid = word.replace('-', "");
            if let Some(b) = table.get(&solid) {
                return Some(*b);
            }
        }
        american_spellings(word).find_map(|us| table.get(&us).copied())
    })
}

/// Whether some word of the English dictionary begins with `prefix` and is longer: "const"
/// (constant), "misc" (miscellaneous), "param" (parameter); an abbreviation, then, not a name.
pub fn en_begins_a_word(prefix: &str) -> bool {
    static SORTED: OnceLock<Vec<&'static str>> = OnceLock::new();
    let words = SORTED.get_or_init(|| {
        let mut v: Vec<&'static str> = en_table().keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    });
    let i = words.partition_point(|w| *w <= prefix);
    words.get(i).is_some_and(|w| w.starts_with(prefix))
}

/// Whether a lower-case word the dictionary lacks is still English, made of its words by
/// ordinary morphology: an archaic inflection ("dwelleth", "knowest"), a derivation
/// ("unapparent", "scalable", "deallocate"), a compound of two words ("callback",
/// "threadpool", "self-sufficient", "kind-hearted") or a British spelling of a listed word,
/// inflected or not ("behaviour", "colours", "favourite", "organisation", "judgement"). Not
/// "dpkg", "zakah", "systemctl", "emacs". (A tool named by two short words, "debuild",
/// "gettext", "reportbug", is English by this test too: the price of the compounds.)
pub fn en_derived(word: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "un", "de", "re", "non", "pre", "dis", "mis", "trans", "sub", "super", "inter", "over",
        "under", "out", "co", "anti", "multi", "semi",
    ];
    const SUFFIXES: &[&str] = &[
        "eth", "est", "th", "st", "able", "ible", "ize", "ise", "ized", "ised", "ization", "wise",
        "ness", "less", "ful", "ly", "er", "ers", "ed", "d", "ing", "s", "es",
    ];
    let n = word.len();
    if !word.is_ascii() || n < 4 {
        return false;
    }
    if word.contains('-') {
        return word
            .split('-')
            .all(|p| p.len() >= 2 && (en_known(p) || PREFIXES.contains(&p) || en_derived(p)));
    }
    if en_known(word) {
        return true;
    }
    for i in 1..n {
        let (a, b) = word.split_at(i);
        if b.len() >= 3 && en_known(b) && (a.len() >= 3 && en_known(a) || PREFIXES.contains(&a)) {
            return true;
        }
    }
    SUFFIXES.iter().any(|suffix| {
        word.strip_suffix(suffix).is_some_and(|stem| {
            let undoubled = stem
                .len()
                .checked_sub(1)
                .filter(|&k| k >= 2 && stem.as_bytes()[k] == stem.as_bytes()[k - 1])
                .map(|k| &stem[..k]);
            stem.len() >= 2
                && (en_known(stem)
                    || en_known(&format!("{stem}e"))
                    || undoubled.is_some_and(en_known))
        })
    })
}

/// Whether a lower-case word is listed, or is the British spelling of a listed word
/// ("colour", "centre", "licence", "catalogue", "organisation", "analyse", "judgement",
/// "encyclopaedia", "travelled").
fn en_known(word: &str) -> bool {
    en_band(word).is_some()
}

/// The American spellings a British one may stand for, one change each ("colour" "color",
/// "marvellous" "marvelous", "wilful" "willful"): every word that holds such a mark, so the
/// caller asks only for a word it does not know as written ("pillar" is no "pilar").
fn american_spellings(word: &str) -> impl Iterator<Item = String> + '_ {
    const BRITISH: &[(&str, &str)] = &[
        ("our", "or"),
        ("tre", "ter"),
        ("ence", "ense"),
        ("ogue", "og"),
        ("isation", "ization"),
        ("ise", "ize"),
        ("yse", "yze"),
        ("ement", "ment"),
        ("ae", "e"),
        ("oe", "e"),
        ("ll", "l"),
        ("lful", "llful"),
    ];
    BRITISH
        .iter()
        // (not "llful" again: "skillful" is American already)
        .filter(move |(gb, _)| word.contains(gb) && !(*gb == "lful" && word.contains("llful")))
        .map(move |(gb, us)| word.replace(gb, us))
}

/// Whether WordNet knows a lower-case English word only as a verb, adjective or adverb
/// ("understand", "astray", "severe", "direful"), or as a noun in no sense its tagged corpus
/// used while another part of speech was ("forth"), or the word is the past or the degree of
/// such a verb or adjective ("exclaimed", "swung", "straighter"): `data/en-not-nouns.txt.gz`.
/// A British spelling the background does not list is looked up as the American one
/// ("marvellous", "honourable"; not "pillar", a word as written, whose "pilar" is an
/// adjective).
pub fn en_not_noun(word: &str) -> bool {
    static SET: OnceLock<rustc_hash::FxHashSet<String>> = OnceLock::new();
    let set = SET.get_or_init(|| {
        gunzip(
            EN_NOT_NOUNS,
            "the English part-of-speech list does not decode; verbs and adjectives may become concepts",
        )
        .map(|text| text.lines().map(str::to_string).collect())
        .unwrap_or_default()
    });
    set.contains(word)
        || en_table().get(word).is_none() && american_spellings(word).any(|us| set.contains(&us))
}

/// Estimated relative frequency of a lower-case English word in ordinary text.
pub fn en_frequency(word: &str) -> f64 {
    match en_band(word) {
        Some(b) => EN_BANDS
            .iter()
            .find(|(band, _)| *band == b)
            .map_or(EN_UNSEEN, |(_, f)| *f),
        None => EN_UNSEEN,
    }
}

/// Whether a lower-case English word is an ordinary word (in the common bands 10-35).
pub fn en_is_common(word: &str) -> bool {
    en_band(word).is_some_and(|b| b <= 35)
}

/// Estimated relative frequency of a phrase: its rarest word's, a little lower per extra word.
pub fn en_phrase_frequency(words: &[&str]) -> f64 {
    let rarest = words
        .iter()
        .map(|w| en_frequency(w))
        .fold(f64::INFINITY, f64::min);
    if rarest.is_finite() {
        rarest / 10f64.powi(words.len().saturating_sub(1) as i32)
    } else {
        EN_UNSEEN
    }
}

/// The lemma of a lower-case English noun: a regular plural folded to its singular when the
/// singular is a listed word or `known` says it occurs ("entries" -> "entry",
/// "streams" -> "stream"); anything else unchanged.
pub fn en_lemma(word: &str, known: &dyn Fn(&str) -> bool) -> String {
    let ok = |s: &str| en_band(s).is_some() || known(s);
    if word.len() > 4
        && let Some(stem) = word.strip_suffix("ies")
    {
        let y = format!("{stem}y");
        if ok(&y) {
            return y;
        }
    }
    for suffix in ["ches", "shes", "sses", "xes"] {
        if word.ends_with(suffix) {
            let s = &word[..word.len() - 2];
            if ok(s) {
                return s.to_string();
            }
        }
    }
    if word.len() > 3
        && word.ends_with('s')
        && !word.ends_with("ss")
        && !word.ends_with("us")
        && !word.ends_with("is")
    {
        let s = &word[..word.len() - 1];
        if ok(s) {
            return s.to_string();
        }
    }
    word.to_string()
}

static COMPUTING: &str = include_str!("data/generic-computing.txt");

/// Whether a word or phrase is an everyday word of computing (`data/generic-computing.txt`:
/// "file", "option", "example"; 文件, 选项, 示例), which a technical book uses without it
/// being its subject. English is compared in lower case, a plural as its singular.
pub fn is_generic_computing(word: &str) -> bool {
    static WORDS: OnceLock<std::collections::HashSet<&'static str>> = OnceLock::new();
    let words = WORDS.get_or_init(|| {
        COMPUTING
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect()
    });
    let w = word.trim().to_lowercase();
    words.contains(w.as_str())
        || w.strip_suffix('s').is_some_and(|s| words.contains(s))
        || w.strip_suffix("es").is_some_and(|s| words.contains(s))
}

/// The sum of all word counts in jieba's default dictionary (`dict.txt` of jieba-rs 0.11).
const ZH_DICT_TOTAL: f64 = 60_101_964.0;

/// jieba with its default dictionary: the one instance the process shares with search
/// (loaded once, on first use).
pub fn zh_base() -> &'static jieba_rs::Jieba {
    crate::search::tokenizer::base_jieba()
}

/// Estimated relative frequency of a Chinese word in ordinary (modern) text: its count in
/// jieba's dictionary, or for an unlisted word the product of its parts' counts.
pub fn zh_frequency(word: &str) -> f64 {
    // (the dictionary lists Simplified words: 朋友 for 朋友, 聖人 as 圣人)
    let simp = super::chinese::simplified(word);
    zh_base()
        .suggest_freq(simp.as_deref().unwrap_or(word))
        .max(1) as f64
        / ZH_DICT_TOTAL
}

/// Salience of a term from its in-document count against the background: 0..=1, 0.5 at
/// about 30 times more frequent than in ordinary text, 1.0 at 3000 times or more.
pub fn rarity(doc_count: usize, doc_words: usize, background: f64) -> f32 {
    let doc_rel = doc_count as f64 / doc_words.max(1) as f64;
    let ratio = doc_rel / background.max(1e-9);
    ((ratio.max(1.0).log10() - 0.5) / 3.0).clamp(0.0, 1.0) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everyday_words_of_computing() {
        let cases = [
            ("file", true),
            ("Options", true),
            ("文件", true),
            // (the counterparts of English words the list names, and of common English ones)
            ("参数", true),
            ("字段", true),
            ("编辑器", true),
            ("debhelper", false),
            ("守护进程", false),
            ("上游", false),
        ];
        for (w, want) in cases {
            assert_eq!(is_generic_computing(w), want, "{w}");
        }
    }

    #[test]
    fn english_bands() {
        let cases = [
            ("the", Some(10)),
            ("house", Some(10)),
            ("backpressure", None),
            // (a British spelling, or an older hyphen, is the same ordinary word)
            ("favour", Some(20)),
            ("centre", Some(20)),
            ("to-day", Some(20)),
        ];
        for (w, band) in cases {
            assert_eq!(
                en_band(w).map(|b| b <= 20),
                band.map(|b: u8| b <= 20),
                "{w}"
            );
        }
        assert!(en_frequency("the") > en_frequency("metadata"));
        assert!(en_is_common("water"));
        assert!(!en_is_common("lintian"));
    }

    #[test]
    fn words_that_are_no_nouns() {
        let cases = [
            // WordNet's verbs, adjectives and adverbs, rare ones too
            ("understand", true),
            ("direful", true),
            // the past of a verb and the degree of an adjective, by WordNet's morphology
            ("exclaimed", true),
            ("swung", true),
            ("straighter", true),
            // a British spelling, looked up as the American one
            ("marvellous", true),
            ("honourable", true),
            ("wilful", true),
            // nouns, and forms that may be nouns (a gerund, a field's name in -s)
            ("colour", false),
            ("harbour", false),
            ("canoe", false),
            ("hour", false),
            ("pillar", false),
            ("fourth", false),
            ("buffering", false),
            ("quoting", false),
            ("depends", false),
            ("whale", false),
        ];
        for (w, want) in cases {
            assert_eq!(en_not_noun(w), want, "{w}");
        }
    }

    #[test]
    fn english_lemmas() {
        let none = |_: &str| false;
        let cases = [
            ("streams", "stream"),
            ("entries", "entry"),
            ("boxes", "box"),
            ("class", "class"),
            ("status", "status"),
            ("analysis", "analysis"),
            ("chunks", "chunk"),
        ];
        for (w, want) in cases {
            assert_eq!(en_lemma(w, &none), want, "{w}");
        }
        assert_eq!(en_lemma("debs", &|s| s == "deb"), "deb");
    }

    #[test]
    fn words_the_dictionary_lacks_but_english_makes() {
        let cases = [
            // (archaic inflections, derivations, compounds and abbreviations are English)
            ("dwelleth", true),
            ("knowest", true),
            ("unapparent", true),
            ("deallocate", true),
            ("scalable", true),
            ("callback", true),
            ("threadpool", true),
            ("self-sufficient", true),
            ("ready-to-use", true),
            ("behaviour", true),
            ("centre", true),
            ("colours", true),
            ("favourite", true),
            ("organisation", true),
            ("recognised", true),
            ("judgement", true),
            ("kind-hearted", true),
            ("co-maintainer", true),
            // (names of the book's own are not)
            ("dpkg", false),
            ("zakah", false),
            ("systemctl", false),
            ("emacs", false),
            ("openssh", false),
            ("pkg-config", false),
            ("rw-r", false),
        ];
        for (w, want) in cases {
            assert_eq!(en_derived(w), want, "{w}");
        }
        for (w, want) in [
            ("const", true),
            ("misc", true),
            ("dpkg", false),
            ("zakah", false),
        ] {
            assert_eq!(en_begins_a_word(w), want, "{w}");
        }
    }

    #[test]
    fn chinese_background() {
        assert!(zh_frequency("的") > zh_frequency("君子"));
        assert!(rarity(100, 10_000, zh_frequency("仁")) > rarity(100, 10_000, zh_frequency("人")));
        assert_eq!(rarity(0, 100, 1e-3), 0.0);
    }
}

//! Candidate terms: what genes propose entries from.
//!
//! The language rules live in `english.rs` and `chinese.rs`; this module runs them, ranks
//! the candidates (salience against the background frequencies, a small boost for names,
//! places, organisations and works) and keeps the best [`MAX_TERMS`]. It also holds the
//! English stop list and the query tokens of the passage search.

use super::{Lang, TermKind};

/// At most this many candidates are kept.
pub const MAX_TERMS: usize = 2000;

pub struct Found {
    pub text: String,
    pub kind: TermKind,
    /// 0..=1, from the language rules (rarity against ordinary usage).
    pub salience: f32,
    pub variants: Vec<String>,
    /// Sorted, deduplicated sentence indexes.
    pub sentences: Vec<u32>,
}

/// Makes `name` (with its own variants and sentences) a variant of `target`.
pub(super) fn absorb(target: &mut Found, name: String, variants: Vec<String>, sentences: &[u32]) {
    target.variants.push(name);
    target.variants.extend(variants);
    target.sentences.extend_from_slice(sentences);
    target.sentences.sort_unstable();
    target.sentences.dedup();
}

/// Candidate terms of the sentences, most salient first, and how many words the sentences
/// hold. `extra_names` (the wiki's entry titles and aliases) are added to the segmentation
/// dictionary and always counted; `programs` are those the document's code runs at a shell
/// prompt ([`super::english::prompt_programs`]).
pub fn extract(
    sentences: &[&str],
    lang: Lang,
    extra_names: &[String],
    programs: &[String],
) -> (Vec<Found>, usize) {
    let (mut found, words) = match lang {
        Lang::En => super::english::extract(sentences, programs),
        Lang::Zh => super::chinese::extract(sentences, extra_names, programs),
    };
    for f in &mut found {
        f.sentences.sort_unstable();
        f.sentences.dedup();
        f.variants.retain(|v| v != &f.text);
        f.variants.sort();
        f.variants.dedup();
        f.variants.truncate(16);
    }
    found.retain(|f| !f.sentences.is_empty() && !f.text.trim().is_empty());
    let max = found
        .iter()
        .map(|f| f.sentences.len())
        .max()
        .unwrap_or(1)
        .max(2) as f32;
    for f in &mut found {
        let freq = f.sentences.len() as f32;
        let spread = (1.0 + freq).ln() / (1.0 + max).ln();
        let kind_boost = match f.kind {
            TermKind::Person | TermKind::Work | TermKind::Place | TermKind::Org => 0.1,
            _ => 0.0,
        };
        // Rarity against ordinary usage and frequency in the document weigh about equally.
        f.salience = (0.45 * f.salience + 0.55 * spread + kind_boost).clamp(0.0, 1.0);
    }
    found.sort_by(by_rank);
    found.truncate(MAX_TERMS);
    (found, words)
}

/// The order of candidates: most salient first, then most frequent, then by text.
pub fn by_rank(a: &Found, b: &Found) -> std::cmp::Ordering {
    b.salience
        .total_cmp(&a.salience)
        .then(b.sentences.len().cmp(&a.sentences.len()))
        .then(a.text.cmp(&b.text))
}

/// Lower-cased tokens of a search query (words for English, characters and bigrams
/// for Chinese).
pub fn query_tokens(q: &str, lang: Lang) -> Vec<String> {
    let mut out: Vec<String> = match lang {
        Lang::En => q
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.len() > 1 && !EN_STOP.contains(&w.to_lowercase().as_str()))
            .map(|w| w.to_lowercase())
            .collect(),
        Lang::Zh => {
            let cs: Vec<char> = q.chars().filter(|c| c.is_alphanumeric()).collect();
            if cs.len() == 1 {
                vec![cs[0].to_string()]
            } else {
                cs.windows(2).map(|w| w.iter().collect()).collect()
            }
        }
    };
    out.sort();
    out.dedup();
    out.truncate(32);
    out
}

pub const EN_STOP: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "against",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "down",
    "during",
    "each",
    "even",
    "ever",
    "every",
    "few",
    "for",
    "from",
    "further",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "hers",
    "herself",
    "him",
    "himself",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "itself",
    "just",
    "may",
    "me",
    "might",
    "more",
    "most",
    "much",
    "must",
    "my",
    "myself",
    "never",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "off",
    "on",
    "once",
    "one",
    "only",
    "or",
    "other",
    "ought",
    "our",
    "ours",
    "out",
    "over",
    "own",
    "same",
    "shall",
    "she",
    "should",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "theirs",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "though",
    "through",
    "thus",
    "to",
    "too",
    "under",
    "until",
    "up",
    "upon",
    "us",
    "very",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "whom",
    "whose",
    "why",
    "will",
    "with",
    "without",
    "would",
    "yet",
    "you",
    "your",
    "yours",
    "yourself",
    "said",
    "say",
    "says",
    "like",
    "well",
    "made",
    "make",
    "many",
    "must",
    "two",
    "three",
    "first",
    "last",
    "still",
    "however",
    "therefore",
    "thing",
    "things",
    "way",
    "know",
    "think",
    "see",
    "come",
    "came",
    "go",
    "went",
    "good",
    "great",
    "little",
    "time",
    "day",
    "man",
    "men",
    "new",
    "old",
    "long",
    "back",
    "again",
    "always",
    "something",
    "nothing",
    "anything",
    "everything",
    "shall",
    "let",
    "yes",
    "oh",
    "sir",
    "chapter",
    "mr",
    "mrs",
    "miss",
    "dear",
    "without",
    "within",
    "upon",
    "whether",
    "another",
    "own",
    "rather",
    "quite",
    "indeed",
    "perhaps",
    "almost",
    "among",
    "since",
    "around",
    // closed-class words of older and formal English: archaic pronouns and verbs,
    // pronominal adverbs, sentence adverbs, interjections
    "thee",
    "thou",
    "thy",
    "thine",
    "ye",
    "ones",
    "oneself",
    "ourselves",
    "yourselves",
    "themselves",
    "thyself",
    "whoever",
    "whomever",
    "whatever",
    "whichever",
    "whoso",
    "whosoever",
    "everyone",
    "everybody",
    "someone",
    "somebody",
    "anyone",
    "anybody",
    "nobody",
    "except",
    "unto",
    "till",
    "toward",
    "towards",
    "beside",
    "besides",
    "beneath",
    "beyond",
    "amid",
    "amidst",
    "amongst",
    "via",
    "per",
    "throughout",
    "despite",
    "alongside",
    "whereupon",
    "therein",
    "thereof",
    "thereby",
    "wherein",
    "whereby",
    "whereof",
    "hereby",
    "herein",
    "thereafter",
    "henceforth",
    "hence",
    "thence",
    "whence",
    "verily",
    "surely",
    "assuredly",
    "truly",
    "together",
    "already",
    "often",
    "moreover",
    "furthermore",
    "nevertheless",
    "otherwise",
    "instead",
    "likewise",
    "anyway",
    "lo",
    "nay",
    "yea",
    "aye",
    "alas",
    "hath",
    "doth",
    "shalt",
    "wilt",
    "hast",
    "dost",
    "canst",
    "wouldst",
    "shouldst",
    "couldst",
    // the rest of the prepositions and conjunctions, and the adverbs of place and direction
    // older English makes of them
    "concerning",
    "regarding",
    "behind",
    "across",
    "along",
    "inside",
    "outside",
    "onto",
    "underneath",
    "unlike",
    "versus",
    "whereas",
    "whilst",
    "forth",
    "therefrom",
    "thereto",
    "therewith",
    "herewith",
    "wherefore",
    "hither",
    "thither",
    "yonder",
    // interjections, older ones too: a cry is no name ("Halloa!", "Huzza!")
    "aha",
    "ahoy",
    "alack",
    "avast",
    "bah",
    "halloa",
    "hallo",
    "hark",
    "heigh",
    "hullo",
    "hurrah",
    "hurra",
    "huzza",
    "huzzah",
    "pshaw",
    "whew",
    "zounds",
];

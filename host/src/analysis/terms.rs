//! Candidate terms: what genes propose entries from.
//!
//! English: capitalised name sequences (with honorifics and speech verbs as person
//! evidence, prepositions of place as place evidence, organisation words) and frequent
//! content words and two-word phrases. Chinese: 《》 titles, and 2–4 character n-grams
//! that recur, with substrings of a longer recurring n-gram dropped and speech markers
//! (曰, 說, 问 …) and titles as person evidence. Salience is log-frequency relative to
//! the most frequent candidate, weighted by spread over chapters. A later issue replaces
//! this with dictionary segmentation and a background frequency table.

use std::collections::{HashMap, HashSet};

use super::{Lang, TermKind};

/// At most this many candidates are kept.
pub const MAX_TERMS: usize = 2000;

pub struct Found {
    pub text: String,
    pub kind: TermKind,
    pub salience: f32,
    pub variants: Vec<String>,
    /// Sorted, deduplicated sentence indexes.
    pub sentences: Vec<u32>,
}

pub fn extract(sentences: &[&str], lang: Lang) -> Vec<Found> {
    let mut found = match lang {
        Lang::En => english(sentences),
        Lang::Zh => chinese(sentences),
    };
    for f in &mut found {
        f.sentences.sort_unstable();
        f.sentences.dedup();
    }
    found.retain(|f| !f.sentences.is_empty());
    let max = found
        .iter()
        .map(|f| f.sentences.len())
        .max()
        .unwrap_or(1)
        .max(2) as f32;
    for f in &mut found {
        let freq = f.sentences.len() as f32;
        let base = (1.0 + freq).ln() / (1.0 + max).ln();
        let kind_boost = match f.kind {
            TermKind::Person | TermKind::Work | TermKind::Place | TermKind::Org => 0.1,
            _ => 0.0,
        };
        f.salience = (base * f.salience + kind_boost).clamp(0.0, 1.0);
    }
    found.sort_by(|a, b| {
        b.salience
            .total_cmp(&a.salience)
            .then(b.sentences.len().cmp(&a.sentences.len()))
            .then(a.text.cmp(&b.text))
    });
    found.truncate(MAX_TERMS);
    found
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
];

const HONORIFICS: &[&str] = &[
    "Mr",
    "Mrs",
    "Ms",
    "Miss",
    "Dr",
    "Sir",
    "Lady",
    "Lord",
    "Captain",
    "Colonel",
    "General",
    "King",
    "Queen",
    "Prince",
    "Princess",
    "Professor",
    "Uncle",
    "Aunt",
    "Madame",
    "Monsieur",
    "Saint",
    "St",
    "Father",
    "Mother",
    "Sister",
    "Brother",
    "Master",
    "Mistress",
    "Duke",
    "Count",
    "Countess",
    "Emperor",
    "President",
];

const SPEECH: &[&str] = &[
    "said",
    "says",
    "asked",
    "replied",
    "cried",
    "answered",
    "exclaimed",
    "told",
    "thought",
    "whispered",
    "shouted",
    "added",
    "continued",
    "observed",
    "returned",
    "wrote",
];

const PLACE_PREP: &[&str] = &[
    "in", "at", "from", "to", "near", "towards", "into", "through",
];

const ORG_WORDS: &[&str] = &[
    "Company",
    "University",
    "Society",
    "Church",
    "Army",
    "Navy",
    "Bank",
    "Council",
    "Committee",
    "Party",
    "Institute",
    "Association",
    "Corporation",
    "Inc",
    "Ltd",
    "College",
    "School",
    "Court",
    "Parliament",
    "Ministry",
    "Department",
    "Foundation",
    "Club",
];

const PLACE_WORDS: &[&str] = &[
    "Street", "River", "Mountain", "Mount", "Lake", "Island", "City", "Park", "Hall", "Castle",
    "Road", "Square", "Bridge", "Valley", "Sea", "Ocean", "County", "Kingdom", "Empire",
];

fn is_cap(w: &str) -> bool {
    let mut cs = w.chars();
    cs.next().is_some_and(|c| c.is_uppercase()) && cs.any(|c| c.is_lowercase())
        || (w.len() >= 2 && w.len() <= 5 && w.chars().all(|c| c.is_ascii_uppercase()))
}

#[derive(Default)]
struct Cand {
    sentences: Vec<u32>,
    person: u32,
    place: u32,
    org: u32,
    initial_only: bool,
    forms: HashMap<String, u32>,
}

fn english(sentences: &[&str]) -> Vec<Found> {
    let stop: HashSet<&str> = EN_STOP.iter().copied().collect();
    let mut names: HashMap<String, Cand> = HashMap::new();
    let mut words: HashMap<String, Cand> = HashMap::new();
    let mut lower_seen: HashSet<String> = HashSet::new();
    for (si, s) in sentences.iter().enumerate() {
        let toks: Vec<&str> = s
            .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-' || c == '’'))
            .map(|t| t.trim_matches(|c: char| c == '\'' || c == '-' || c == '’'))
            .filter(|t| !t.is_empty())
            .collect();
        for t in &toks {
            if t.chars().next().is_some_and(|c| c.is_lowercase()) {
                lower_seen.insert(t.to_string());
            }
        }
        let mut i = 0;
        while i < toks.len() {
            let w = toks[i];
            if is_cap(w) {
                // A run of capitalised words, allowing "of"/"the"/"de" between them.
                let mut j = i + 1;
                while j < toks.len() {
                    if is_cap(toks[j]) {
                        j += 1;
                    } else if ["of", "the", "de", "van", "von", "da", "du", "la", "le"]
                        .contains(&toks[j])
                        && j + 1 < toks.len()
                        && is_cap(toks[j + 1])
                    {
                        j += 2;
                    } else {
                        break;
                    }
                }
                let mut start = i;
                let mut honorific = false;
                while start < j && HONORIFICS.contains(&toks[start]) {
                    honorific = true;
                    start += 1;
                }
                if start < j && j - start <= 5 {
                    let name = toks[start..j].join(" ");
                    let full = toks[i..j].join(" ");
                    let single_stop = j - start == 1 && stop.contains(name.to_lowercase().as_str());
                    if !single_stop
                        && name.chars().count() >= 2
                        && !name.chars().all(|c| c.is_ascii_digit())
                    {
                        let c = names.entry(name.clone()).or_default();
                        c.sentences.push(si as u32);
                        *c.forms.entry(full).or_default() += 1;
                        if honorific {
                            c.person += 2;
                        }
                        let prev = i.checked_sub(1).map(|p| toks[p].to_lowercase());
                        let next = toks.get(j).map(|n| n.to_lowercase());
                        if next.as_deref().is_some_and(|n| SPEECH.contains(&n))
                            || prev.as_deref().is_some_and(|p| SPEECH.contains(&p))
                        {
                            c.person += 1;
                        }
                        if prev.as_deref().is_some_and(|p| PLACE_PREP.contains(&p)) {
                            c.place += 1;
                        }
                        if toks[start..j].iter().any(|t| ORG_WORDS.contains(t)) {
                            c.org += 1;
                        }
                        if toks[start..j].iter().any(|t| PLACE_WORDS.contains(t)) {
                            c.place += 2;
                        }
                        if i == 0 {
                            c.initial_only = c.sentences.len() == 1;
                        } else {
                            c.initial_only = false;
                        }
                    }
                } else if honorific && start == j {
                    // Only honorifics ("Sir"): ignore.
                }
                i = j;
                continue;
            }
            let lw = w.to_lowercase();
            if lw.len() >= 4
                && !stop.contains(lw.as_str())
                && lw.chars().all(|c| c.is_alphabetic() || c == '-')
            {
                words
                    .entry(lw.clone())
                    .or_default()
                    .sentences
                    .push(si as u32);
                if let Some(n) = toks.get(i + 1) {
                    let ln = n.to_lowercase();
                    if ln.len() >= 4
                        && !stop.contains(ln.as_str())
                        && !is_cap(n)
                        && ln.chars().all(|c| c.is_alphabetic() || c == '-')
                    {
                        words
                            .entry(format!("{lw} {ln}"))
                            .or_default()
                            .sentences
                            .push(si as u32);
                    }
                }
            }
            i += 1;
        }
    }
    let mut out = Vec::new();
    // Merge single-word names into a longer name that contains them when it is a person
    // ("Darcy" into "Fitzwilliam Darcy" only if the longer one is rare) — keep simple:
    // single names stay, full names add the single name as a variant when the single
    // name is the last word of exactly one frequent full name.
    let name_keys: Vec<String> = names.keys().cloned().collect();
    for n in &name_keys {
        let c = &names[n];
        if c.sentences.len() < 2 {
            continue;
        }
        // A capitalised word that also appears in lower case often is an ordinary word
        // at a sentence start.
        let lower = n.to_lowercase();
        if !n.contains(' ') && lower_seen.contains(&lower) {
            continue;
        }
        if c.initial_only {
            continue;
        }
        let kind = if c.person > 0 && c.person >= c.place {
            TermKind::Person
        } else if c.org > 0 {
            TermKind::Org
        } else if c.place > 0 {
            TermKind::Place
        } else {
            TermKind::Other
        };
        let mut variants: Vec<String> = c.forms.keys().filter(|f| *f != n).cloned().collect();
        variants.sort();
        variants.truncate(16);
        out.push(Found {
            text: n.clone(),
            kind,
            salience: 1.0,
            variants,
            sentences: c.sentences.clone(),
        });
    }
    let name_lower: HashSet<String> = out.iter().map(|f| f.text.to_lowercase()).collect();
    for (w, c) in words {
        let min = 3;
        if c.sentences.len() < min || name_lower.contains(&w) {
            continue;
        }
        let phrase = w.contains(' ');
        out.push(Found {
            text: w,
            kind: if phrase {
                TermKind::NounPhrase
            } else {
                TermKind::Term
            },
            // Phrases that recur are more characteristic than single words.
            salience: if phrase { 0.9 } else { 0.7 },
            variants: Vec::new(),
            sentences: c.sentences,
        });
    }
    out
}

const ZH_FUNCTION: &str = "的了是在和也就都而及与與之其不我你他她它们們这這那有为為以于於把被将將从從对對就还還又很吗嗎呢吧啊着著过過个個上下中来來去说說曰";
const ZH_SPEECH: &[&str] = &[
    "曰", "說", "说", "道", "問", "问", "笑", "答", "對曰", "对曰",
];
const ZH_TITLES: &[&str] = &[
    "王", "公", "子", "君", "帝", "侯", "先生", "夫人", "将军", "將軍", "老师", "老師",
];
const ZH_PLACE_END: &[char] = &[
    '国', '國', '州', '山', '城', '河', '江', '郡', '县', '縣', '省', '市', '村', '湖', '海',
];
const ZH_ORG_END: &[&str] = &[
    "会", "會", "部", "院", "司", "局", "党", "黨", "公司", "学校", "學校", "大学", "大學",
];

fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c)
}

fn chinese(sentences: &[&str]) -> Vec<Found> {
    let mut works: HashMap<String, Vec<u32>> = HashMap::new();
    let mut grams: HashMap<String, Vec<u32>> = HashMap::new();
    let mut latin: HashMap<String, Vec<u32>> = HashMap::new();
    for (si, s) in sentences.iter().enumerate() {
        // 《Title》
        let mut rest = *s;
        while let Some(a) = rest.find('《') {
            let after = &rest[a + '《'.len_utf8()..];
            if let Some(b) = after.find('》') {
                let t = after[..b].trim();
                if !t.is_empty() && t.chars().count() <= 30 {
                    works.entry(t.to_string()).or_default().push(si as u32);
                }
                rest = &after[b..];
            } else {
                break;
            }
        }
        // Latin-letter technical terms inside Chinese text.
        for w in s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '+')) {
            if w.len() >= 2 && w.chars().any(|c| c.is_ascii_alphabetic()) {
                latin.entry(w.to_string()).or_default().push(si as u32);
            }
        }
        // Runs of CJK characters -> n-grams.
        let chars: Vec<char> = s.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if !is_cjk(chars[i]) {
                i += 1;
                continue;
            }
            let mut j = i;
            while j < chars.len() && is_cjk(chars[j]) {
                j += 1;
            }
            let run = &chars[i..j];
            for n in 2..=4 {
                if run.len() < n {
                    break;
                }
                for w in run.windows(n) {
                    let g: String = w.iter().collect();
                    let v = grams.entry(g).or_default();
                    if v.last() != Some(&(si as u32)) {
                        v.push(si as u32);
                    }
                }
            }
            i = j;
        }
    }
    let min = if sentences.len() > 2000 { 4 } else { 3 };
    let function: HashSet<char> = ZH_FUNCTION.chars().collect();
    grams.retain(|g, v| {
        let first = g.chars().next().unwrap();
        let last = g.chars().last().unwrap();
        v.len() >= min && !function.contains(&first) && !function.contains(&last)
    });
    // Drop an n-gram whose occurrences are mostly inside a longer kept n-gram.
    let keys: Vec<String> = grams.keys().cloned().collect();
    let mut drop: HashSet<String> = HashSet::new();
    for g in &keys {
        let n = g.chars().count();
        if n < 3 {
            continue;
        }
        let f = grams[g].len() as f32;
        let cs: Vec<char> = g.chars().collect();
        for sub in [
            cs[..n - 1].iter().collect::<String>(),
            cs[1..].iter().collect(),
        ] {
            if let Some(v) = grams.get(&sub)
                && (v.len() as f32) <= f * 1.3
            {
                drop.insert(sub);
            }
        }
    }
    // And a longer n-gram that is much rarer than its best sub-gram is a fragment.
    for g in &keys {
        let n = g.chars().count();
        if n < 3 || drop.contains(g) {
            continue;
        }
        let f = grams[g].len() as f32;
        let cs: Vec<char> = g.chars().collect();
        let subs = [
            cs[..n - 1].iter().collect::<String>(),
            cs[1..].iter().collect(),
        ];
        let best = subs
            .iter()
            .filter_map(|s| grams.get(s).map(|v| v.len() as f32))
            .fold(0.0, f32::max);
        if best > f * 3.0 && subs.iter().all(|s| !drop.contains(s)) {
            drop.insert(g.clone());
        }
    }
    let mut out = Vec::new();
    for (g, v) in grams {
        if drop.contains(&g) {
            continue;
        }
        let mut speech = 0u32;
        for &si in &v {
            let s = sentences[si as usize];
            let mut from = 0;
            while let Some(p) = s[from..].find(&g) {
                let after = &s[from + p + g.len()..];
                if ZH_SPEECH.iter().any(|m| after.starts_with(m)) {
                    speech += 1;
                }
                from += p + g.len();
            }
        }
        let kind = if speech * 3 >= v.len() as u32 && speech >= 2
            || ZH_TITLES.iter().any(|t| g.ends_with(t)) && speech >= 1
        {
            TermKind::Person
        } else if g.ends_with(ZH_PLACE_END) {
            TermKind::Place
        } else if ZH_ORG_END.iter().any(|e| g.ends_with(e)) && g.chars().count() >= 3 {
            TermKind::Org
        } else {
            TermKind::Term
        };
        out.push(Found {
            text: g,
            kind,
            salience: if kind == TermKind::Person { 1.0 } else { 0.8 },
            variants: Vec::new(),
            sentences: v,
        });
    }
    for (w, v) in works {
        if let Some(pos) = out.iter().position(|f| f.text == w) {
            out.remove(pos);
        }
        out.push(Found {
            text: w,
            kind: TermKind::Work,
            salience: 1.0,
            variants: Vec::new(),
            sentences: v,
        });
    }
    for (w, v) in latin {
        if v.len() >= 2 && !w.chars().all(|c| c.is_ascii_digit() || c == '-') {
            out.push(Found {
                text: w,
                kind: TermKind::Term,
                salience: 0.9,
                variants: Vec::new(),
                sentences: v,
            });
        }
    }
    out
}

//! `just eval`: generates a wiki for every document of the evaluation corpus
//! (`eval/corpus.tsv`) through the real server (the `grove` binary, its pipeline, its analysis
//! and the default genes in wasmtime) and prints how good the entries are, per document and for
//! each half of the corpus (development and held-out):
//!
//! - recall per entry type against the document's gold list (`eval/gold/<name>.toml`);
//! - labelled precision and type accuracy: a fixed-seed sample of 60 entries per document is
//!   looked up, by title, in the blind labels (`eval/labels/<name>.tsv`); the share of the
//!   sample without a label is printed beside them (`--sample DIR` writes those titles out, with
//!   their lead and quotes, for a labeller); and how many of the sampled titles labelled
//!   invalid the page checklist still scores 100 (`quality` in the front matter), which should
//!   see a fragment or a generic word;
//! - fragment titles (a rule independent of the analysis' own lists), duplicates (two entries for
//!   one name: same normalised title or alias, a possessive, an acronym and its expansion), the
//!   share of identifying leads (the lead is no template line and names its subject) and the
//!   share of quotes whose citation names a structural unit a reader knows (a titled chapter or
//!   section no larger than a quarter of the book);
//! - informative leads, labelled blind: the leads of the first 30 sampled pages are looked up,
//!   by title and lead, in `eval/leads/<name>.tsv` (informative, template or wrong); the genes'
//!   fixed template lines count as template without a label. A changed lead needs a new label,
//!   so the share of unjudged leads is printed beside it (`--sample DIR` writes them out too);
//! - pages per MB, pages without a citation, broken links and seconds from upload to ready.
//!
//! It is not a test with thresholds (the table is for people and for the issues' targets), and
//! it never looks at a gold list or a label while generating: the server knows nothing of them.
//!
//! Usage: `cargo run -p grove-tests --example eval -- [--keep DIR] [--verbose] [--sample DIR]
//! [--half dev|held-out] [NAME...]` with `GROVE_BIN` naming the binary (default: the debug build
//! next to this example), `GROVE_CORPUS` the shared corpus (default: `../shared/corpus` beside
//! the repo) and `GROVE_EVAL_CORPUS` the documents `eval/build_corpus.py` builds (default:
//! `target/eval-corpus`).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use grove_tests::{Options, Server, Value, json_of};

/// The entry types the gold lists name, in table order.
const TYPES: [&str; 4] = ["person", "concept", "method", "other"];

/// Entries per document whose labels make the precision figure.
const SAMPLE: usize = 60;

/// Sampled pages per document whose leads are judged (the first of the `SAMPLE`).
const LEAD_SAMPLE: usize = 30;

/// The halves of the corpus, in table order.
const HALVES: [&str; 2] = ["dev", "held-out"];

/// One document of `eval/corpus.tsv`.
struct Doc {
    name: String,
    file: String,
    lang: String,
    half: String,
    genre: String,
    format: String,
    path: PathBuf,
    gold: Option<Gold>,
    /// title -> label.
    labels: HashMap<String, Label>,
    /// (title, lead) -> the lead's blind judgement.
    leads: HashMap<(String, String), LeadJudgement>,
}

/// What a blind labeller found a page's lead to be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LeadJudgement {
    /// It tells a reader what the entry is: a definition, apposition, expansion, role.
    Informative,
    /// A line that only says the entry's type and where it appears.
    Template,
    /// About something else, misleading, or a fragment that identifies nothing.
    Wrong,
}

struct Gold {
    /// type -> items; an item is a list of acceptable names.
    items: BTreeMap<String, Vec<Vec<String>>>,
}

/// A blind label of one entry title: whether it deserves an entry, and its right type.
#[derive(Clone)]
struct Label {
    valid: bool,
    /// The right type when valid.
    entry_type: String,
}

/// What was generated for one document.
struct Wiki {
    pages: Vec<PageInfo>,
    text_bytes: usize,
    seconds: f64,
    broken_links: usize,
    /// Quotes whose citation names a structural unit, of all quotes.
    unit_quotes: Count,
    /// Entries whose title occurs only outside prose (tables, code, index, licence).
    non_prose: Vec<String>,
}

struct PageInfo {
    file: String,
    title: String,
    page_type: String,
    aliases: Vec<String>,
    summary: String,
    citations: usize,
    /// The page checklist's score (front matter `quality`, 0–100).
    quality: u8,
    /// The first quotes of the body, for a labeller.
    quotes: Vec<String>,
}

#[derive(Default, Clone, Copy)]
struct Count {
    hit: usize,
    total: usize,
}

impl Count {
    fn of(hit: usize, total: usize) -> Count {
        Count { hit, total }
    }
    fn add(&mut self, o: Count) {
        self.hit += o.hit;
        self.total += o.total;
    }
    fn ratio(self) -> Option<f64> {
        (self.total > 0).then(|| self.hit as f64 / self.total as f64)
    }
    fn cell(self) -> String {
        match self.ratio() {
            None => "-".into(),
            Some(r) => format!("{r:.2} ({}/{})", self.hit, self.total),
        }
    }
    fn pct(self) -> String {
        match self.ratio() {
            None => "-".into(),
            Some(r) => format!("{:.0}%", 100.0 * r),
        }
    }
}

/// The figures of one document, or the sum of several.
#[derive(Default, Clone)]
struct Figures {
    docs: usize,
    pages: usize,
    recall: BTreeMap<&'static str, Count>,
    /// valid / labelled sample.
    precision: Count,
    /// right type / valid labelled.
    type_accuracy: Count,
    /// unlabelled / sample.
    unlabelled: Count,
    fragments: Count,
    duplicates: Count,
    leads: Count,
    /// typed lines the genes compose from evidence (kind, chapters, companions), no quote.
    evidence_leads: Count,
    /// informative / judged leads of the lead sample.
    informative: Count,
    /// unjudged / lead sample.
    unjudged: Count,
    /// scored 100 by the page checklist / labelled invalid: junk the `quality` score misses.
    invalid_at_100: Count,
    units: Count,
    non_prose: Count,
    text_bytes: usize,
    uncited: usize,
    broken: usize,
    seconds: f64,
}

impl Figures {
    fn add(&mut self, o: &Figures) {
        self.docs += o.docs;
        self.pages += o.pages;
        for (t, c) in &o.recall {
            self.recall.entry(t).or_default().add(*c);
        }
        self.precision.add(o.precision);
        self.type_accuracy.add(o.type_accuracy);
        self.unlabelled.add(o.unlabelled);
        self.fragments.add(o.fragments);
        self.duplicates.add(o.duplicates);
        self.leads.add(o.leads);
        self.evidence_leads.add(o.evidence_leads);
        self.informative.add(o.informative);
        self.unjudged.add(o.unjudged);
        self.invalid_at_100.add(o.invalid_at_100);
        self.units.add(o.units);
        self.non_prose.add(o.non_prose);
        self.text_bytes += o.text_bytes;
        self.uncited += o.uncited;
        self.broken += o.broken;
        self.seconds += o.seconds;
    }

    fn row(&self, name: &str, half: &str, lang: &str, genre: &str) -> String {
        let mb = self.text_bytes as f64 / 1_048_576.0;
        let r = |t: &str| self.recall.get(t).copied().unwrap_or_default().cell();
        format!(
            "| {name} | {half} | {lang} | {genre} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.0} | {} | {} | {:.1} |",
            self.pages,
            r("person"),
            r("concept"),
            r("method"),
            r("other"),
            self.precision.pct(),
            self.type_accuracy.pct(),
            self.invalid_at_100.pct(),
            self.unlabelled.pct(),
            self.fragments.pct(),
            self.duplicates.pct(),
            self.leads.pct(),
            self.evidence_leads.pct(),
            self.informative.pct(),
            self.unjudged.pct(),
            self.units.pct(),
            self.non_prose.hit,
            if mb > 0.0 {
                self.pages as f64 / mb
            } else {
                0.0
            },
            self.uncited,
            self.broken,
            self.seconds,
        )
    }
}

const HEADER: &str = "| document | half | lang | genre | pages | person | concept | method | other | precision | type acc. | invalid at quality 100 | unlabelled | fragments | duplicates | identifying leads | evidence leads | informative leads (labelled) | unjudged leads | named units | non-prose | pages/MB | uncited | broken links | s |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repo root")
        .to_path_buf()
}

/// Reads `eval/corpus.tsv`, each document's gold list and labels.
fn load_corpus(root: &Path, shared: &Path, built: &Path) -> Vec<Doc> {
    let manifest = root.join("eval/corpus.tsv");
    let text = std::fs::read_to_string(&manifest)
        .unwrap_or_else(|e| panic!("read {}: {e}", manifest.display()));
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let header: Vec<&str> = lines
        .next()
        .expect("corpus.tsv header")
        .split('\t')
        .collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("corpus.tsv has no column {name}"))
    };
    let (c_name, c_file, c_lang, c_half, c_genre, c_format, c_origin) = (
        col("name"),
        col("file"),
        col("lang"),
        col("half"),
        col("genre"),
        col("format"),
        col("origin"),
    );
    lines
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let name = f[c_name].to_string();
            let file = f[c_file].to_string();
            let path = if f[c_origin].starts_with("shared:") {
                shared.join(&file)
            } else {
                built.join(&file)
            };
            let gold = load_gold(&root.join("eval/gold").join(format!("{name}.toml")), &file);
            let labels = load_labels(&root.join("eval/labels").join(format!("{name}.tsv")));
            let leads = load_leads(&root.join("eval/leads").join(format!("{name}.tsv")));
            Doc {
                name,
                file,
                lang: f[c_lang].to_string(),
                half: f[c_half].to_string(),
                genre: f[c_genre].to_string(),
                format: f[c_format].to_string(),
                path,
                gold,
                labels,
                leads,
            }
        })
        .collect()
}

fn load_gold(path: &Path, file: &str) -> Option<Gold> {
    let text = std::fs::read_to_string(path).ok()?;
    let v: toml::Value =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let document = v
        .get("document")
        .and_then(|x| x.as_str())
        .unwrap_or_default();
    assert_eq!(
        document,
        file,
        "{}: `document` names another file than eval/corpus.tsv",
        path.display()
    );
    let mut items = BTreeMap::new();
    for t in TYPES {
        let list = v
            .get(t)
            .and_then(|x| x.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str())
                    .map(|x| x.split('|').map(|n| n.trim().to_string()).collect())
                    .collect()
            })
            .unwrap_or_default();
        items.insert(t.to_string(), list);
    }
    Some(Gold { items })
}

/// `title <TAB> yes|no <TAB> type [<TAB> note]` per line; `#` starts a comment line.
fn load_labels(path: &Path) -> HashMap<String, Label> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return HashMap::new();
    };
    let mut out = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let valid = match f.get(1).map(|v| v.trim()) {
            Some("yes") => true,
            Some("no") => false,
            other => panic!(
                "{}:{}: second column must be yes or no, not {other:?}",
                path.display(),
                i + 1
            ),
        };
        let entry_type = f.get(2).map_or("", |t| t.trim()).to_string();
        if valid && !TYPES.contains(&entry_type.as_str()) {
            panic!(
                "{}:{}: a valid entry needs its type (one of {TYPES:?})",
                path.display(),
                i + 1
            );
        }
        out.insert(f[0].to_string(), Label { valid, entry_type });
    }
    out
}

/// `title <TAB> lead <TAB> informative|template|wrong [<TAB> note]` per line; `#` starts a
/// comment line. The lead is the page's summary with tabs and line breaks as spaces.
fn load_leads(path: &Path) -> HashMap<(String, String), LeadJudgement> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return HashMap::new();
    };
    let mut out = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let judgement = match f.get(2).map(|v| v.trim()) {
            Some("informative") => LeadJudgement::Informative,
            Some("template") => LeadJudgement::Template,
            Some("wrong") => LeadJudgement::Wrong,
            other => panic!(
                "{}:{}: third column must be informative, template or wrong, not {other:?}",
                path.display(),
                i + 1
            ),
        };
        out.insert((f[0].to_string(), f[1].to_string()), judgement);
    }
    out
}

/// A lead as the lead labels hold it: one line, tabs as spaces.
fn lead_key(summary: &str) -> String {
    summary.replace(['\t', '\n'], " ").trim().to_string()
}

/// The judgement of a sampled page's lead: the genes' fixed template lines without a label,
/// any other lead from the blind labels (None when unjudged).
fn judge_lead(doc: &Doc, page: &PageInfo) -> Option<LeadJudgement> {
    if template_lead(page.summary.trim()) {
        return Some(LeadJudgement::Template);
    }
    doc.leads
        .get(&(page.title.clone(), lead_key(&page.summary)))
        .copied()
}

/// FNV-1a: a stable hash, so the sample of a document keeps its titles from run to run and
/// only new titles enter it.
fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The sampled pages of a wiki: the `SAMPLE` titles of smallest hash.
fn sample<'a>(doc: &str, pages: &'a [PageInfo]) -> Vec<&'a PageInfo> {
    let mut v: Vec<&PageInfo> = pages.iter().collect();
    v.sort_by_key(|p| (fnv(&format!("{doc}\u{0}{}", p.title)), p.title.clone()));
    v.truncate(SAMPLE);
    v
}

/// Lower-case, trimmed, outer punctuation, a leading slash and a manual section (`cp(1)`)
/// removed, inner spaces single.
fn norm(s: &str) -> String {
    let s = s.trim();
    let s = match s.strip_suffix(')').and_then(|r| r.rsplit_once('(')) {
        Some((name, sec))
            if !name.is_empty()
                && !name.ends_with(' ')
                && sec.len() <= 3
                && sec.chars().next().is_some_and(|c| c.is_ascii_digit()) =>
        {
            name
        }
        _ => s,
    };
    let t = s
        .trim()
        .trim_matches(|c: char| !c.is_alphanumeric() && c != '/')
        .trim_start_matches('/')
        .to_lowercase();
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// English plural folded: "streams" -> "stream", "entries" -> "entry".
fn singular(s: &str) -> String {
    if let Some(b) = s.strip_suffix("ies")
        && b.len() > 2
    {
        return format!("{b}y");
    }
    if s.len() > 3 && s.ends_with('s') && !s.ends_with("ss") {
        return s[..s.len() - 1].to_string();
    }
    s.to_string()
}

/// Whether a page answers a gold item: its title or an alias equals one of the item's names
/// (case, outer punctuation and an English plural ignored).
fn matches(page: &PageInfo, names: &[String]) -> bool {
    let wanted: HashSet<String> = names.iter().map(|n| singular(&norm(n))).collect();
    std::iter::once(&page.title)
        .chain(page.aliases.iter())
        .any(|t| wanted.contains(&singular(&norm(t))))
}

/// Like [`matches`], or the page title contains one of the names as a whole phrase
/// ("To build the package, run" answers "build the package").
fn matches_within(page: &PageInfo, names: &[String]) -> bool {
    matches(page, names) || {
        let title = format!(" {} ", norm(&page.title));
        names
            .iter()
            .any(|n| !norm(n).is_empty() && title.contains(&format!(" {} ", norm(n))))
    }
}

const EN_FUNCTION: &[&str] = &[
    "a",
    "an",
    "the",
    "and",
    "or",
    "but",
    "if",
    "of",
    "to",
    "in",
    "on",
    "at",
    "by",
    "for",
    "with",
    "from",
    "as",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "it",
    "its",
    "this",
    "that",
    "these",
    "those",
    "he",
    "she",
    "they",
    "we",
    "you",
    "i",
    "his",
    "her",
    "their",
    "our",
    "your",
    "not",
    "no",
    "so",
    "than",
    "then",
    "there",
    "here",
    "when",
    "where",
    "which",
    "who",
    "what",
    "how",
    "all",
    "any",
    "some",
    "each",
    "can",
    "will",
    "may",
    "must",
    "should",
    "would",
    "could",
    "do",
    "does",
    "also",
    "only",
    "into",
    "such",
    "other",
    "more",
    "most",
    "very",
    "see",
    "use",
    "therefore",
    "now",
    "thus",
    "hence",
    "alas",
    "lo",
    "behold",
    "yea",
    "nay",
    "o",
    "oh",
];
const ZH_FUNCTION: &str = "之乎者也矣焉哉兮而其以于於与與则則乃且亦又所为為的了是在和就都及着著过過吗嗎呢吧啊这這那我你他她它们們曰云不无無故苟況况处處";

/// Why an entry title is a fragment, if it is: empty, a number, a single Latin letter, a stop
/// word or function character, markup, a possessive, or a fragment (dangling punctuation, a
/// function word at an edge). Independent of the analysis' own lists.
fn junk_reason(title: &str) -> Option<&'static str> {
    let t = title.trim();
    if t.is_empty() {
        return Some("empty");
    }
    if !t.chars().any(char::is_alphabetic) {
        return Some("number or punctuation");
    }
    if t.chars().count() == 1 && t.chars().all(|c| c.is_ascii_alphabetic()) {
        return Some("single letter");
    }
    if [
        "<", ">", "{", "}", "](", "**", "``", "\\", "http://", "https://", "&amp;", "&nbsp;",
    ]
    .iter()
    .any(|m| t.contains(m))
        || t.starts_with('#')
    {
        return Some("markup");
    }
    let lower = t.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    if words.len() == 1 && EN_FUNCTION.contains(&words[0]) {
        return Some("stop word");
    }
    if t.chars().all(|c| ZH_FUNCTION.contains(c)) {
        return Some("function characters");
    }
    if lower.ends_with("'s") || lower.ends_with("’s") || lower.ends_with("s'") {
        return Some("possessive");
    }
    let cjk = t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    if !cjk && words.len() > 1 {
        // (an option, `read -a`, is no word "a")
        let edge = |w: &str| {
            !w.starts_with(['-', '+'])
                && EN_FUNCTION.contains(&w.trim_matches(|c: char| !c.is_alphanumeric()))
        };
        // (a how-to heading of the book, "How to salvage a package", is a title, not a fragment)
        let how_to = words[0] == "how" && words[1] == "to";
        if edge(words[0]) && words[0] != "the" && words[0] != "a" && !how_to
            || edge(words[words.len() - 1])
        {
            return Some("fragment");
        }
    }
    if t.ends_with([',', ';', '，', '；', '、', '：', '（', '('])
        || t.starts_with([',', ';', '，', '、', '-', '）', ')'])
        // (an identifier cut at its joiner: "DEB_", "dh_")
        || t.ends_with('_') && !t.starts_with('_')
    {
        return Some("fragment");
    }
    if t.chars().filter(|c| "“”\"「」（）()".contains(*c)).count() % 2 == 1 {
        return Some("unbalanced quote or bracket");
    }
    None
}

/// The key two entries of one name share: normalised, singular, without a possessive.
fn dup_key(s: &str) -> String {
    // a command-line option keeps its case: `tar -A` and `tar -a` are two options
    if s.split_whitespace().any(|w| w.starts_with(['-', '+'])) {
        return s
            .split_whitespace()
            .map(|w| {
                if w.starts_with(['-', '+']) {
                    w.to_string()
                } else {
                    w.to_lowercase()
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
    }
    let n = norm(s);
    let n = n
        .strip_suffix("'s")
        .or_else(|| n.strip_suffix("’s"))
        .unwrap_or(&n)
        .to_string();
    singular(&n)
}

/// An acronym title: 2 to 8 capitals or digits, at least two capitals ("DER", "ASN.1").
fn acronym(s: &str) -> Option<String> {
    let t: String = s.chars().filter(|c| c.is_alphanumeric()).collect();
    let caps = t.chars().filter(char::is_ascii_uppercase).count();
    ((2..=8).contains(&t.chars().count())
        && caps >= 2
        && t.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()))
    .then_some(t)
}

/// The initials of a phrase of several words ("Distinguished Encoding Rules" -> "DER"),
/// without "of", "and", "the".
fn initials(s: &str) -> Option<String> {
    // (`mapfile -O` is a command and its option, not "MO")
    if s.split_whitespace().any(|w| w.starts_with(['-', '+'])) {
        return None;
    }
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty() && !["of", "and", "the", "for", "a"].contains(w))
        .collect();
    (words.len() >= 2).then(|| {
        words
            .iter()
            .filter_map(|w| w.chars().next())
            .flat_map(char::to_uppercase)
            .collect()
    })
}

/// Head nouns that say what kind of thing the name before them is: "the aptitude command" is
/// aptitude. (Not "package" or "file": a "source package" is no "source".)
/// A plural names a class ("shell builtins", "Job Control Builtins"), not one thing.
const KIND_HEADS: &[&str] = &["command", "program", "utility", "tool", "builtin"];

/// Entries that duplicate an earlier one: the same key from a title or alias, or an acronym
/// entry and the entry of its expansion. Returns (duplicate title, the entry it repeats).
fn duplicates(pages: &[PageInfo]) -> Vec<(String, String)> {
    let mut first: HashMap<String, usize> = HashMap::new();
    let mut acronyms: HashMap<String, usize> = HashMap::new();
    let mut parent: Vec<usize> = (0..pages.len()).collect();
    fn find(p: &mut [usize], i: usize) -> usize {
        let mut i = i;
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    let union = |p: &mut Vec<usize>, a: usize, b: usize| {
        let (ra, rb) = (find(p, a), find(p, b));
        if ra != rb {
            p[ra.max(rb)] = ra.min(rb);
        }
    };
    for (i, page) in pages.iter().enumerate() {
        if let Some(a) = acronym(&page.title) {
            acronyms.entry(a).or_insert(i);
        }
    }
    for (i, page) in pages.iter().enumerate() {
        for name in std::iter::once(&page.title).chain(page.aliases.iter()) {
            let key = dup_key(name);
            if key.is_empty() {
                continue;
            }
            match first.get(&key) {
                Some(&j) => union(&mut parent, i, j),
                None => {
                    first.insert(key, i);
                }
            }
        }
        if acronym(&page.title).is_none()
            && let Some(ini) = initials(&page.title)
            && let Some(&j) = acronyms.get(&ini)
        {
            union(&mut parent, i, j);
        }
    }
    // a title made of two names of one thing ("凤栖梧・蝶恋花", a tune and its other name)
    // repeats the entry of either name
    for (i, page) in pages.iter().enumerate() {
        let parts: Vec<&str> = page.title.split(['・', '·']).map(str::trim).collect();
        if parts.len() == 2
            && let Some(&j) = parts.iter().find_map(|p| first.get(&dup_key(p)))
        {
            union(&mut parent, i, j);
        }
    }
    // a name and the name with the head noun of its kind ("aptitude command", "read
    // builtin"; a name of several words and its system: "X Window System")
    for (i, page) in pages.iter().enumerate() {
        let Some((base, head)) = page.title.trim().rsplit_once(' ') else {
            continue;
        };
        let head = head.to_lowercase();
        if !(KIND_HEADS.contains(&head.as_str()) || head == "system" && base.contains(' ')) {
            continue;
        }
        // (the name as written, but for case: "dirs" is no "dir")
        let base = base.to_lowercase();
        let named = pages.iter().position(|p| {
            std::iter::once(&p.title)
                .chain(p.aliases.iter())
                .any(|n| n.trim().to_lowercase() == base)
        });
        if let Some(j) = named {
            union(&mut parent, i, j);
        }
    }
    let mut out = Vec::new();
    for i in 0..pages.len() {
        let r = find(&mut parent, i);
        if r != i {
            out.push((pages[i].title.clone(), pages[r].title.clone()));
        }
    }
    out
}

/// Whether a page's lead identifies its subject: it is not one of the genes' template lines
/// ("X is a concept of …, found in N passages") and it names the subject (title or alias).
fn identifying_lead(page: &PageInfo) -> bool {
    let s = page.summary.trim();
    if s.is_empty() {
        return false;
    }
    let template = template_lead(s);
    if template || evidence_lead(page) {
        return false;
    }
    let lower = s.to_lowercase();
    std::iter::once(&page.title)
        .chain(page.aliases.iter())
        .any(|n| !n.trim().is_empty() && lower.contains(&n.to_lowercase()))
}

/// Whether a page's lead is a line the gene composed from evidence where the text defines
/// nothing: "Moses is a person in “The Quran” who speaks, mostly in Ta-Ha, often with Aaron.",
/// "子張，《論語》中的人物，曾问仁、政，多见于…". Counted apart from the text's own
/// identifying sentences: it says what the page's quotes show, not what the text says it is.
fn evidence_lead(page: &PageInfo) -> bool {
    let s = page.summary.trim();
    if template_lead(s) {
        return false;
    }
    let t = page.title.trim();
    s.strip_prefix(t).is_some_and(|rest| {
        (rest.starts_with(" is a") && (rest.contains(" in “") || rest.contains(" in this book")))
            || (rest.starts_with("，《") && rest.contains("》中的"))
            // (a book named by no title of its own: "X，本书中的概念，…")
            || rest.starts_with("，本书中的")
            || rest.starts_with("，本書中的")
    })
}

/// One of the genes' template lines: "X is a concept of …, found in N passages".
fn template_lead(s: &str) -> bool {
    // (a count right after 见于, "见于 12 段"; not the chapter of an evidence line, "多见于5. 基本内容")
    let zh_count = s.match_indices("见于").any(|(i, m)| {
        let rest = s[i + m.len()..].trim_start();
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        digits > 0
            && rest[digits..]
                .trim_start()
                .starts_with(['段', '处', '次', '个'])
    });
    // (a Chinese procedure's line that quotes its first step, "…中的一个方法，共3步，第一步：
    // “…”", is judged like its English form, "… is a procedure of 3 steps … that begins:
    // “…”": only the line that says no more than the count is fixed)
    let zh_procedure = s.contains("中的一个方法") && !s.contains("第一步：");
    zh_count
        || zh_procedure
        || [
            "passages in",
            "found in",
            "A procedure of",
            "Overview of",
            "的概览",
        ]
        .iter()
        .any(|m| s.contains(m))
            && s.chars().any(|c| c.is_ascii_digit())
}

fn front_matter(md: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let Some(rest) = md.strip_prefix("---\n") else {
        return out;
    };
    for line in rest.lines() {
        if line == "---" {
            break;
        }
        if let Some((k, v)) = line.split_once(": ") {
            out.insert(k.to_string(), v.to_string());
        }
    }
    out
}

fn json_string(v: &str) -> String {
    serde_json::from_str::<String>(v).unwrap_or_else(|_| v.to_string())
}

fn json_list(v: &str) -> Vec<String> {
    serde_json::from_str(v).unwrap_or_default()
}

/// Relative Markdown links `](target.md)` in a page body.
fn md_links(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = md;
    while let Some(i) = rest.find("](") {
        let after = &rest[i + 2..];
        if let Some(j) = after.find(')') {
            let target = &after[..j];
            // An empty target (`[x]()`) is a link to the page itself, not a broken one; an
            // escaped bracket (`\[:alnum:\](字母和数字)`, quoted source text) is no link.
            let escaped = rest[..i].ends_with('\\');
            if !escaped && !target.is_empty() && !target.contains("://") && !target.starts_with('#')
            {
                out.push(target.split('#').next().unwrap_or(target).to_string());
            }
            rest = &after[j..];
        } else {
            break;
        }
    }
    out
}

/// The block quotes of a page body: (quote text, citation label) from
/// `> text` … `> — label [^id]`.
fn page_quotes(md: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut text = String::new();
    for line in md.lines() {
        let Some(q) = line.strip_prefix('>') else {
            text.clear();
            continue;
        };
        let q = q.trim();
        if let Some(label) = q.strip_prefix("— ") {
            let label = label.rsplit_once(" [^").map_or(label, |(l, _)| l);
            // the page escapes Markdown characters of the source (`\[`, `\_`)
            let mut plain = String::with_capacity(label.len());
            let mut chars = label.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '\\' && chars.peek().is_some_and(|n| "[]<>*_`".contains(*n)) {
                    continue;
                }
                plain.push(c);
            }
            out.push((std::mem::take(&mut text), plain));
        } else if !q.is_empty() {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(q);
        }
    }
    out
}

/// The unit part of a citation label: without the page or line number.
fn label_unit(label: &str) -> &str {
    // (a verse a passage opens with, "Surah 12. Joseph › 12:4", is cited within its chapter)
    if let Some((u, verse)) = label.rsplit_once(" › ")
        && let Some((c, v)) = verse.split_once(':')
        && [c, v]
            .iter()
            .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    {
        return u;
    }
    for sep in [", p. ", ", line "] {
        if let Some((u, n)) = label.rsplit_once(sep)
            && n.chars().all(|c| c.is_ascii_digit())
        {
            return u;
        }
    }
    label
}

/// The analysed document: its text size and the size of each citable unit (the label
/// `chapter › section` that `location_label` writes), in bytes.
/// The analysed source of a wiki, as the eval reads it.
#[derive(Default)]
struct Source {
    /// Bytes of block text.
    total: usize,
    /// Bytes per citable unit (the label `chapter › section` that `location_label` writes).
    units: HashMap<String, usize>,
    /// Lower-cased text of the prose blocks, and of the others (code, tables, front and back
    /// matter), one block per line.
    prose: String,
    non_prose: String,
    /// The chapter titles (a collection's units have entries named by them), and the works
    /// an anthology's sections hold ("鄭伯克段於鄢" of "鄭伯克段於鄢 · 左丘明").
    chapters: HashSet<String>,
}

impl Source {
    /// Whether an entry title occurs only outside prose: in a table, code, an index, a licence.
    fn only_outside_prose(&self, title: &str) -> bool {
        let t = title.trim().to_lowercase();
        // a manual documents an option (`wc -c`) by a paragraph that opens with it (`-c, --bytes`)
        let documented_option = match t.split_whitespace().collect::<Vec<_>>()[..] {
            [_, option] if option.starts_with(['-', '+']) => [" ", ",", "\n", "[", "="]
                .iter()
                .any(|end| self.prose.contains(&format!("\n{option}{end}"))),
            _ => false,
        };
        !t.is_empty()
            && !documented_option
            && !self.prose.contains(&t)
            && self.non_prose.contains(&t)
    }
}

fn source_of(wiki_dir: &Path) -> Source {
    let Ok(json) = std::fs::read_to_string(wiki_dir.join("corpus/document.json")) else {
        return Source::default();
    };
    let v: Value = serde_json::from_str(&json).unwrap_or(Value::Null);
    let mut src = Source::default();
    for (i, ch) in v["chapters"].as_array().into_iter().flatten().enumerate() {
        let title = ch["title"].as_str().unwrap_or_default();
        let chapter = if title.is_empty() {
            format!("Chapter {}", i + 1)
        } else {
            title.to_string()
        };
        src.chapters.insert(chapter.clone());
        for b in ch["blocks"].as_array().into_iter().flatten() {
            let text = b["text"].as_str().unwrap_or_default();
            src.total += text.len();
            let unit = match b["location"]["section"].as_str() {
                Some(s) if !s.is_empty() && s != title => {
                    if let Some((work, _author)) = s.rsplit_once(" · ") {
                        src.chapters.insert(work.trim().to_string());
                    }
                    format!("{chapter} › {s}")
                }
                _ => chapter.clone(),
            };
            *src.units.entry(unit).or_default() += text.len();
            let into = match b["kind"].as_str() {
                None | Some("paragraph") => &mut src.prose,
                Some(_) => &mut src.non_prose,
            };
            into.push_str(&text.to_lowercase());
            into.push('\n');
        }
    }
    src
}

/// Whether a citation label names a unit a reader can find: a titled chapter or section
/// (not the "Chapter N" fallback) that holds at most a quarter of the book (or 4 KB).
fn names_unit(label: &str, total: usize, units: &HashMap<String, usize>) -> bool {
    let unit = label_unit(label);
    if unit.is_empty() {
        return false;
    }
    let chapter = unit.split(" › ").next().unwrap_or(unit);
    if chapter
        .strip_prefix("Chapter ")
        .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
    {
        return false;
    }
    let size = units.get(unit).copied().unwrap_or(usize::MAX);
    size <= (total / 4).max(4096)
}

fn generate(server: &Server, doc: &Doc) -> Result<Wiki, String> {
    let bytes = std::fs::read(&doc.path).map_err(|e| {
        format!(
            "read {}: {e} (run `just eval-corpus` for the documents outside ../shared/corpus)",
            doc.path.display()
        )
    })?;
    let started = Instant::now();
    let (status, body) = server.upload(
        &server.admin,
        &doc.file,
        bytes,
        &[("lang", &doc.lang), ("wiki_slug", &doc.name)],
    );
    if status != 200 {
        return Err(format!("upload {}: {status} {body}", doc.file));
    }
    let job = body["job_id"].as_u64().ok_or("no job id")?;
    let dir = PathBuf::from(body["target_dir"].as_str().ok_or("no target_dir")?);
    let deadline = Instant::now() + Duration::from_secs(900);
    loop {
        let (_, j) = json_of(server.get(&format!("/api/v1/jobs/{job}"), Some(&server.admin)));
        match j["job"]["state"].as_str().unwrap_or_default() {
            "ready" => break,
            "failed" | "cancelled" => return Err(format!("job {job}: {}", j["job"])),
            _ if Instant::now() > deadline => return Err(format!("job {job} timed out")),
            _ => std::thread::sleep(Duration::from_millis(100)),
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let source = source_of(&dir);
    let text_bytes = source.total;
    let docs = dir.join("docs");
    let mut pages = Vec::new();
    let mut broken = 0;
    let mut unit_quotes = Count::default();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&docs)
        .map_err(|e| format!("read {}: {e}", docs.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    names.sort();
    for p in names {
        let md = std::fs::read_to_string(&p).map_err(|e| e.to_string())?;
        let fm = front_matter(&md);
        for l in md_links(&md) {
            if !docs.join(&l).is_file() {
                broken += 1;
            }
        }
        let quotes = page_quotes(&md);
        for (_, label) in &quotes {
            unit_quotes.total += 1;
            if names_unit(label, text_bytes, &source.units) {
                unit_quotes.hit += 1;
            }
        }
        pages.push(PageInfo {
            file: p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            title: json_string(fm.get("title").map_or("", String::as_str)),
            page_type: json_string(fm.get("type").map_or("", String::as_str)),
            aliases: json_list(fm.get("aliases").map_or("[]", String::as_str)),
            summary: json_string(fm.get("summary").map_or("", String::as_str)),
            citations: json_list(fm.get("sources").map_or("[]", String::as_str)).len(),
            quality: fm
                .get("quality")
                .and_then(|q| q.trim().parse().ok())
                .unwrap_or(0),
            quotes: quotes
                .into_iter()
                .take(2)
                .map(|(q, l)| format!("{q} — {l}"))
                .collect(),
        });
    }
    // Chapter overviews and how-to sections are named by their heading on purpose (their text
    // is prose), and so are the people of the credits (a contributors table, a copyright
    // line); every other entry should come from prose.
    let non_prose = pages
        .iter()
        .filter(|p| {
            !(p.summary.starts_with("Overview of")
                || p.summary.contains("的概览")
                || source.chapters.contains(&p.title))
                && p.page_type != "method"
                && p.page_type != "person"
                && source.only_outside_prose(&p.title)
        })
        .map(|p| p.title.clone())
        .collect();
    Ok(Wiki {
        pages,
        text_bytes,
        seconds,
        broken_links: broken,
        unit_quotes,
        non_prose,
    })
}

/// Scores one generated wiki; `report` collects the details `--verbose` prints.
fn score(doc: &Doc, wiki: &Wiki, verbose: bool, report: &mut String) -> Figures {
    let mut f = Figures {
        docs: 1,
        pages: wiki.pages.len(),
        text_bytes: wiki.text_bytes,
        broken: wiki.broken_links,
        seconds: wiki.seconds,
        units: wiki.unit_quotes,
        ..Figures::default()
    };
    if let Some(gold) = &doc.gold {
        for t in TYPES {
            let items = &gold.items[t];
            let mut c = Count::of(0, items.len());
            for names in items {
                // A method must be a method page (a chapter overview of the same name is
                // not the steps); other types match whatever page has the name.
                let hit = if t == "method" {
                    wiki.pages
                        .iter()
                        .any(|p| p.page_type == "method" && matches_within(p, names))
                } else {
                    wiki.pages.iter().any(|p| matches(p, names))
                };
                if hit {
                    c.hit += 1;
                } else if verbose {
                    report.push_str(&format!("{}: missed {t} {}\n", doc.name, names.join("|")));
                }
            }
            f.recall.insert(t, c);
        }
    }
    let n = wiki.pages.len();
    for s in sample(&doc.name, &wiki.pages) {
        f.unlabelled.total += 1;
        match doc.labels.get(&s.title) {
            None => f.unlabelled.hit += 1,
            Some(l) => {
                f.precision.total += 1;
                if l.valid {
                    f.precision.hit += 1;
                    f.type_accuracy.total += 1;
                    if l.entry_type == s.page_type {
                        f.type_accuracy.hit += 1;
                    } else if verbose {
                        report.push_str(&format!(
                            "{}: type {} \"{}\" should be {}\n",
                            doc.name, s.page_type, s.title, l.entry_type
                        ));
                    }
                } else {
                    f.invalid_at_100.total += 1;
                    if s.quality >= 100 {
                        f.invalid_at_100.hit += 1;
                    }
                    if verbose {
                        report.push_str(&format!(
                            "{}: invalid {} \"{}\" (quality {})\n",
                            doc.name, s.page_type, s.title, s.quality
                        ));
                    }
                }
            }
        }
    }
    for s in sample(&doc.name, &wiki.pages).into_iter().take(LEAD_SAMPLE) {
        f.unjudged.total += 1;
        match judge_lead(doc, s) {
            None => f.unjudged.hit += 1,
            Some(j) => {
                f.informative.total += 1;
                if j == LeadJudgement::Informative {
                    f.informative.hit += 1;
                } else if verbose {
                    let what = if j == LeadJudgement::Wrong {
                        "wrong"
                    } else {
                        "template"
                    };
                    report.push_str(&format!(
                        "{}: {what} lead of \"{}\": {}\n",
                        doc.name,
                        s.title,
                        lead_key(&s.summary)
                    ));
                }
            }
        }
    }
    let fragments: Vec<(&PageInfo, &str)> = wiki
        .pages
        .iter()
        .filter_map(|p| junk_reason(&p.title).map(|r| (p, r)))
        .collect();
    f.fragments = Count::of(fragments.len(), n);
    let dups = duplicates(&wiki.pages);
    f.duplicates = Count::of(dups.len(), n);
    f.leads = Count::of(wiki.pages.iter().filter(|p| identifying_lead(p)).count(), n);
    f.evidence_leads = Count::of(wiki.pages.iter().filter(|p| evidence_lead(p)).count(), n);
    f.uncited = wiki.pages.iter().filter(|p| p.citations == 0).count();
    f.non_prose = Count::of(wiki.non_prose.len(), n);
    if verbose {
        for (p, r) in &fragments {
            report.push_str(&format!(
                "{}: fragment {} \"{}\" ({r})\n",
                doc.name, p.page_type, p.title
            ));
        }
        for t in &wiki.non_prose {
            report.push_str(&format!("{}: only outside prose \"{t}\"\n", doc.name));
        }
        for (d, of) in &dups {
            report.push_str(&format!("{}: duplicate \"{d}\" of \"{of}\"\n", doc.name));
        }
        let mut by_type: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for p in &wiki.pages {
            by_type.entry(&p.page_type).or_default().push(&p.title);
        }
        for (t, list) in by_type {
            report.push_str(&format!(
                "{}: {t} ({}): {}\n",
                doc.name,
                list.len(),
                list.iter().take(60).copied().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    f
}

/// Writes the sampled titles that have no label yet to `dir/<name>.tsv`, with each page's lead
/// and first quotes for context, for a labeller who does not see the rules.
fn write_sample(dir: &Path, doc: &Doc, wiki: &Wiki) -> usize {
    let clean = |s: &str| s.replace(['\t', '\n'], " ");
    let leads: Vec<&PageInfo> = sample(&doc.name, &wiki.pages)
        .into_iter()
        .take(LEAD_SAMPLE)
        .filter(|p| judge_lead(doc, p).is_none())
        .collect();
    if !leads.is_empty() {
        std::fs::create_dir_all(dir).expect("create sample dir");
        let mut out = String::from("title\tlead\ttype\tpage file\n");
        for p in &leads {
            out.push_str(&format!(
                "{}\t{}\t{}\t{}\n",
                clean(&p.title),
                lead_key(&p.summary),
                p.page_type,
                p.file
            ));
        }
        std::fs::write(dir.join(format!("leads-{}.tsv", doc.name)), out).expect("write sample");
    }
    let todo: Vec<&PageInfo> = sample(&doc.name, &wiki.pages)
        .into_iter()
        .filter(|p| !doc.labels.contains_key(&p.title))
        .collect();
    if todo.is_empty() {
        return leads.len();
    }
    std::fs::create_dir_all(dir).expect("create sample dir");
    let mut out = String::from("title\tlead\tquotes\tpage file\n");
    for p in &todo {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            clean(&p.title),
            clean(&p.summary),
            clean(&p.quotes.join(" ‖ ")),
            p.file
        ));
    }
    std::fs::write(dir.join(format!("{}.tsv", doc.name)), out).expect("write sample");
    todo.len() + leads.len()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "--verbose" || a == "-v");
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let keep = value("--keep").map(PathBuf::from);
    let sample_dir = value("--sample").map(PathBuf::from);
    let half = value("--half");
    let only: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            !a.starts_with('-')
                && (*i == 0 || !["--keep", "--sample", "--half"].contains(&args[i - 1].as_str()))
        })
        .map(|(_, a)| a)
        .collect();
    let root = repo_root();
    let shared = std::env::var("GROVE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root.join("../shared/corpus"));
    let built = std::env::var("GROVE_EVAL_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root.join("target/eval-corpus"));
    let docs: Vec<Doc> = load_corpus(&root, &shared, &built)
        .into_iter()
        .filter(|d| only.is_empty() || only.iter().any(|o| **o == d.name))
        .filter(|d| half.as_ref().is_none_or(|h| *h == d.half))
        .collect();
    if let Some(k) = &keep {
        let _ = std::fs::remove_dir_all(k);
    }
    // Grow renders every planned entry (the butler would do the rest later).
    let server = Server::start_with(Options {
        data_dir: keep.clone(),
        env: vec![("GROVE_GROW_MAX_PAGES".into(), "5000".into())],
        ..Options::default()
    });
    println!("{HEADER}");
    let mut halves: BTreeMap<&str, Figures> = BTreeMap::new();
    let mut report = String::new();
    let mut to_label = 0;
    for doc in &docs {
        let wiki = match generate(&server, doc) {
            Ok(w) => w,
            Err(e) => {
                println!(
                    "| {} | {} | {} | error: {e} |",
                    doc.name, doc.half, doc.lang
                );
                continue;
            }
        };
        let f = score(doc, &wiki, verbose, &mut report);
        println!(
            "{}",
            f.row(
                &doc.name,
                &doc.half,
                &doc.lang,
                &format!("{} ({})", doc.genre, doc.format)
            )
        );
        let key = HALVES
            .iter()
            .find(|h| **h == doc.half)
            .copied()
            .unwrap_or("other");
        halves.entry(key).or_default().add(&f);
        if let Some(dir) = &sample_dir {
            to_label += write_sample(dir, doc, &wiki);
        }
    }
    println!();
    println!("{HEADER}");
    for (h, f) in &halves {
        println!(
            "{}",
            f.row(&format!("**{h}** ({} docs)", f.docs), h, "", "")
        );
    }
    if verbose {
        eprintln!("\n{report}");
    }
    if let Some(dir) = sample_dir {
        println!(
            "\n{to_label} sampled titles and leads without a label written to {}",
            dir.display()
        );
    }
    if let Some(k) = keep {
        println!("\nwikis kept in {}", k.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(title: &str, aliases: &[&str]) -> PageInfo {
        PageInfo {
            file: String::new(),
            title: title.into(),
            page_type: "concept".into(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            summary: String::new(),
            citations: 1,
            quality: 100,
            quotes: Vec::new(),
        }
    }

    #[test]
    fn junk_rules() {
        let cases = [
            ("", Some("empty")),
            ("1999", Some("number or punctuation")),
            ("x", Some("single letter")),
            ("the", Some("stop word")),
            ("之", Some("function characters")),
            ("<b>", Some("markup")),
            ("stream and", Some("fragment")),
            ("Therefore David", Some("fragment")),
            ("read -a", None),
            ("of -b", Some("fragment")),
            ("Aaron's", Some("possessive")),
            ("“apt-get remove", Some("unbalanced quote or bracket")),
            ("君子", None),
            ("Mr. Darcy", None),
            ("object mode", None),
            ("/usr", None),
            ("DEB_", Some("fragment")),
            ("__init__", None),
            ("How to salvage a package", None),
            ("how to", Some("fragment")),
        ];
        for (t, want) in cases {
            assert_eq!(junk_reason(t), want, "{t}");
        }
    }

    #[test]
    fn gold_matching() {
        let p = page("Readable streams", &["孔子"]);
        assert!(matches(&p, &["readable stream".into()]));
        assert!(matches(&p, &["子".into(), "孔子".into()]));
        assert!(!matches(&p, &["writable".into()]));
        assert!(matches(&page("cp(1)", &[]), &["cp".into()]));
    }

    #[test]
    fn entries_only_outside_prose() {
        let src = Source {
            prose: "print newline counts.\n-c, --bytes\nprint the byte counts\n--default-signal[=SIG]\n"
                .into(),
            non_prose: "$ wc -c file\n$ wc -l file\n| popcon | size |\nenv --default-signal\n"
                .into(),
            ..Source::default()
        };
        // (title, only outside prose)
        for (title, want) in [
            ("wc -c", false),
            ("wc -l", true),
            ("env --default-signal", false),
            ("popcon", true),
            ("byte counts", false),
        ] {
            assert_eq!(src.only_outside_prose(title), want, "{title}");
        }
    }

    #[test]
    fn links_of_a_page() {
        let md = "See [dpkg](dpkg.md#use) and [self](), [web](https://x.org).\n\
                  > 它们是 \\[:alnum:\\](字母和数字)";
        assert_eq!(md_links(md), ["dpkg.md"]);
    }

    #[test]
    fn duplicate_rules() {
        let pages = [
            page("DER", &[]),
            page("Distinguished Encoding Rules", &[]),
            page("Jesus", &[]),
            page("Jesus's", &[]),
            page("Streams", &[]),
            page("stream", &[]),
            page("Moses", &["Musa"]),
            page("Musa", &[]),
            page("Source Package", &[]),
            page("Binary Package", &[]),
            // options differ by case, and a command with its option is no acronym
            page("tar -A", &["tar --catenate"]),
            page("tar -a", &["tar --auto-compress"]),
            page("MO", &[]),
            page("mapfile -O", &[]),
            page("TAR --catenate", &[]),
            page("蝶恋花", &[]),
            page("凤栖梧・蝶恋花", &[]),
            page("玉楼春", &["木兰花・玉楼春"]),
            // a name and its kind head; not a modifier's ("source tree")
            page("aptitude", &[]),
            page("aptitude command", &[]),
            page("X Window", &[]),
            page("X Window System", &[]),
            page("source", &[]),
            page("source tree", &[]),
            page("Debian", &[]),
            page("Debian system", &[]),
        ];
        let d = duplicates(&pages);
        let dups: Vec<&str> = d.iter().map(|(a, _)| a.as_str()).collect();
        assert_eq!(
            dups,
            [
                "Distinguished Encoding Rules",
                "Jesus's",
                "stream",
                "Musa",
                "TAR --catenate",
                "凤栖梧・蝶恋花",
                "aptitude command",
                "X Window System"
            ]
        );
    }

    #[test]
    fn leads_and_units() {
        let mut p = page("DER", &["Distinguished Encoding Rules"]);
        p.summary = "“DER” is a concept of “Book”, found in 12 passages.".into();
        assert!(!identifying_lead(&p));
        p.summary = "Distinguished Encoding Rules (DER) are a subset of BER.".into();
        assert!(identifying_lead(&p));
        assert!(!evidence_lead(&p));
        p.summary = "DER is a term in “Book”, mostly in Encodings, often with BER.".into();
        assert!(!identifying_lead(&p));
        assert!(evidence_lead(&p));
        p.summary = "DER is a term in this book, mostly in Encodings, often with BER.".into();
        assert!(!identifying_lead(&p) && evidence_lead(&p));
        // a chapter number in a Chinese evidence line is no count
        let mut p = page("API", &[]);
        p.summary = "API，《指南》中的概念，多见于5. 基本内容，常与源码同见。".into();
        assert!(evidence_lead(&p));
        p.summary = "API，本书中的概念，多见于5. 基本内容，常与源码同见。".into();
        assert!(evidence_lead(&p) && !identifying_lead(&p));
        p.summary = "API见于 12 段原文。".into();
        assert!(!evidence_lead(&p) && !identifying_lead(&p));
        let units: HashMap<String, usize> = [
            ("Genesis 1".to_string(), 4_000_000),
            ("2 Basics › 2.1 Files".to_string(), 10_000),
        ]
        .into();
        assert!(!names_unit("Genesis 1, line 4", 4_000_000, &units));
        assert!(names_unit("2 Basics › 2.1 Files, p. 12", 4_000_000, &units));
        assert!(!names_unit("Chapter 3, p. 9", 4_000_000, &units));
        assert_eq!(label_unit("离骚, line 12"), "离骚");
        assert_eq!(label_unit("Surah 12. Joseph › 12:4"), "Surah 12. Joseph");
        assert_eq!(label_unit("2 Basics › 2.1 Files"), "2 Basics › 2.1 Files");
    }
}

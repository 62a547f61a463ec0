//! `just eval`: generates wikis for the documents with a gold list (`eval/gold/*.toml`) through
//! the real server (the `grove` binary, its pipeline, its analysis and the default genes in
//! wasmtime) and prints how good they are: recall per entry type against the gold list, the
//! junk rate, pages per MB of text, pages without a citation, broken links and the time taken.
//!
//! It is not a test with thresholds (the table is for people and for the targets),
//! and it never looks at a gold list while generating: the server knows nothing of them.
//!
//! Usage: `cargo run -p grove-tests --example eval -- [--keep DIR] [--verbose] [NAME...]`
//! with `GROVE_BIN` naming the binary (default: the debug build next to this example) and
//! `GROVE_CORPUS` the corpus directory (default: `../shared/corpus` beside the repo).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use grove_tests::{Options, Server, Value, json_of};

/// The entry types the gold lists name, in table order.
const TYPES: [&str; 4] = ["person", "concept", "method", "other"];

struct Gold {
    name: String,
    document: String,
    lang: String,
    /// type -> items; an item is a list of acceptable names.
    items: BTreeMap<String, Vec<Vec<String>>>,
}

/// What was generated for one document.
struct Wiki {
    pages: Vec<PageInfo>,
    text_bytes: usize,
    seconds: f64,
    broken_links: usize,
}

struct PageInfo {
    title: String,
    page_type: String,
    aliases: Vec<String>,
    citations: usize,
}

#[derive(Default, Clone, Copy)]
struct Count {
    hit: usize,
    total: usize,
}

impl Count {
    fn add(&mut self, o: Count) {
        self.hit += o.hit;
        self.total += o.total;
    }
    fn cell(self) -> String {
        if self.total == 0 {
            "-".into()
        } else {
            format!(
                "{:.2} ({}/{})",
                self.hit as f64 / self.total as f64,
                self.hit,
                self.total
            )
        }
    }
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repo root")
        .to_path_buf()
}

fn load_gold(dir: &Path) -> Vec<Gold> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read gold");
            let v: toml::Value =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let s = |k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or_default();
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
            Gold {
                name: p.file_stem().unwrap().to_string_lossy().into_owned(),
                document: s("document").to_string(),
                lang: s("lang").to_string(),
                items,
            }
        })
        .collect()
}

/// Lower-case, trimmed, outer punctuation and a leading slash removed, inner spaces single.
fn norm(s: &str) -> String {
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
    "a", "an", "the", "and", "or", "but", "if", "of", "to", "in", "on", "at", "by", "for", "with",
    "from", "as", "is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "these",
    "those", "he", "she", "they", "we", "you", "i", "his", "her", "their", "our", "your", "not",
    "no", "so", "than", "then", "there", "here", "when", "where", "which", "who", "what", "how",
    "all", "any", "some", "each", "can", "will", "may", "must", "should", "would", "could", "do",
    "does", "also", "only", "into", "such", "other", "more", "most", "very", "see", "use",
];
const ZH_FUNCTION: &str = "之乎者也矣焉哉兮而其以于於与與则則乃且亦又所为為的了是在和就都及着著过過吗嗎呢吧啊这這那我你他她它们們曰云不无無";

/// Why an entry title is junk, if it is: empty, a number, a single Latin letter, a stop word or
/// function character, markup, or a fragment (dangling punctuation, a function word at an
/// edge, too many words). Independent of the analysis' own lists.
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
    let cjk = t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    if !cjk && words.len() > 1 {
        let edge = |w: &str| EN_FUNCTION.contains(&w.trim_matches(|c: char| !c.is_alphanumeric()));
        if edge(words[0]) && words[0] != "the" && words[0] != "a" || edge(words[words.len() - 1]) {
            return Some("fragment");
        }
    }
    if t.ends_with([',', ';', '，', '；', '、', '：']) || t.starts_with([',', ';', '，', '、', '-'])
    {
        return Some("fragment");
    }
    None
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
            // An empty target (`[x]()`) is a link to the page itself, not a broken one.
            if !target.is_empty() && !target.contains("://") && !target.starts_with('#') {
                out.push(target.split('#').next().unwrap_or(target).to_string());
            }
            rest = &after[j..];
        } else {
            break;
        }
    }
    out
}

fn text_bytes(wiki_dir: &Path) -> usize {
    let Ok(json) = std::fs::read_to_string(wiki_dir.join("corpus/document.json")) else {
        return 0;
    };
    let v: Value = serde_json::from_str(&json).unwrap_or(Value::Null);
    let mut n = 0;
    for ch in v["chapters"].as_array().into_iter().flatten() {
        for b in ch["blocks"].as_array().into_iter().flatten() {
            n += b["text"].as_str().map_or(0, str::len);
        }
    }
    n
}

fn generate(server: &Server, corpus: &Path, gold: &Gold) -> Result<Wiki, String> {
    let path = corpus.join(&gold.document);
    let bytes = std::fs::read(&path).map_err(|e| format!("read {}: {e}", path.display()))?;
    let started = Instant::now();
    let (status, body) = server.upload(
        &server.admin,
        &gold.document,
        bytes,
        &[("lang", &gold.lang), ("wiki_slug", &gold.name)],
    );
    if status != 200 {
        return Err(format!("upload {}: {status} {body}", gold.document));
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
    let docs = dir.join("docs");
    let mut pages = Vec::new();
    let mut broken = 0;
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
        pages.push(PageInfo {
            title: json_string(fm.get("title").map_or("", String::as_str)),
            page_type: json_string(fm.get("type").map_or("", String::as_str)),
            aliases: json_list(fm.get("aliases").map_or("[]", String::as_str)),
            citations: json_list(fm.get("sources").map_or("[]", String::as_str)).len(),
        });
    }
    Ok(Wiki {
        pages,
        text_bytes: text_bytes(&dir),
        seconds,
        broken_links: broken,
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "--verbose" || a == "-v");
    let keep = args
        .iter()
        .position(|a| a == "--keep")
        .and_then(|i| args.get(i + 1))
        .map(PathBuf::from);
    let only: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with('-') && (*i == 0 || args[i - 1] != "--keep"))
        .map(|(_, a)| a)
        .collect();
    let root = repo_root();
    let corpus = std::env::var("GROVE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root.join("../shared/corpus"));
    let golds: Vec<Gold> = load_gold(&root.join("eval/gold"))
        .into_iter()
        .filter(|g| only.is_empty() || only.iter().any(|o| **o == g.name))
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
    println!(
        "| document | lang | pages | person | concept | method | other | junk | pages/MB | uncited | broken links | s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut totals: BTreeMap<&str, Count> = BTreeMap::new();
    let (mut all_pages, mut all_junk, mut all_bytes, mut all_uncited, mut all_broken) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut all_secs = 0.0;
    let mut report = String::new();
    for gold in &golds {
        let wiki = match generate(&server, &corpus, gold) {
            Ok(w) => w,
            Err(e) => {
                println!("| {} | {} | error: {e} |", gold.name, gold.lang);
                continue;
            }
        };
        let mut cells = Vec::new();
        for t in TYPES {
            let items = &gold.items[t];
            let mut c = Count {
                hit: 0,
                total: items.len(),
            };
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
                    report.push_str(&format!("{}: missed {t} {}\n", gold.name, names.join("|")));
                }
            }
            totals.entry(t).or_default().add(c);
            cells.push(c.cell());
        }
        let junk: Vec<(&PageInfo, &str)> = wiki
            .pages
            .iter()
            .filter_map(|p| junk_reason(&p.title).map(|r| (p, r)))
            .collect();
        if verbose {
            for (p, r) in &junk {
                report.push_str(&format!(
                    "{}: junk {} \"{}\" ({r})\n",
                    gold.name, p.page_type, p.title
                ));
            }
            let mut by_type: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
            for p in &wiki.pages {
                by_type.entry(&p.page_type).or_default().push(&p.title);
            }
            for (t, list) in by_type {
                report.push_str(&format!(
                    "{}: {t} ({}): {}\n",
                    gold.name,
                    list.len(),
                    list.iter().take(60).copied().collect::<Vec<_>>().join(", ")
                ));
            }
        }
        let uncited = wiki.pages.iter().filter(|p| p.citations == 0).count();
        let n = wiki.pages.len();
        let mb = wiki.text_bytes as f64 / 1_048_576.0;
        println!(
            "| {} | {} | {n} | {} | {} | {} | {} | {:.1}% | {:.0} | {uncited} | {} | {:.1} |",
            gold.name,
            gold.lang,
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            100.0 * junk.len() as f64 / n.max(1) as f64,
            if mb > 0.0 { n as f64 / mb } else { 0.0 },
            wiki.broken_links,
            wiki.seconds
        );
        all_pages += n;
        all_junk += junk.len();
        all_bytes += wiki.text_bytes;
        all_uncited += uncited;
        all_broken += wiki.broken_links;
        all_secs += wiki.seconds;
    }
    let mb = all_bytes as f64 / 1_048_576.0;
    println!(
        "| **total** | | {all_pages} | {} | {} | {} | {} | {:.1}% | {:.0} | {all_uncited} | {all_broken} | {all_secs:.1} |",
        totals.get("person").copied().unwrap_or_default().cell(),
        totals.get("concept").copied().unwrap_or_default().cell(),
        totals.get("method").copied().unwrap_or_default().cell(),
        totals.get("other").copied().unwrap_or_default().cell(),
        100.0 * all_junk as f64 / all_pages.max(1) as f64,
        if mb > 0.0 { all_pages as f64 / mb } else { 0.0 },
    );
    if verbose {
        eprintln!("\n{report}");
    }
    if let Some(k) = keep {
        println!("\nwikis kept in {}", k.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            ("君子", None),
            ("Mr. Darcy", None),
            ("object mode", None),
            ("/usr", None),
        ];
        for (t, want) in cases {
            assert_eq!(junk_reason(t), want, "{t}");
        }
    }

    #[test]
    fn gold_matching() {
        let p = PageInfo {
            title: "Readable streams".into(),
            page_type: "concept".into(),
            aliases: vec!["孔子".into()],
            citations: 1,
        };
        assert!(matches(&p, &["readable stream".into()]));
        assert!(matches(&p, &["子".into(), "孔子".into()]));
        assert!(!matches(&p, &["writable".into()]));
    }
}

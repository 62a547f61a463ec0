//! Paraphrase evaluation of semantic search (issue 6) on wikis the real pipeline generated.
//!
//! `just eval-search` runs it end to end (scripts/eval-search.sh): it uploads the corpus
//! documents the evaluation sets name to a fresh `grove serve`, waits until their jobs are
//! ready, and then runs
//! `eval_search run --data-dir DATA [--embed-model DIR] eval/search/*.toml`, which indexes each
//! generated wiki (`<DATA>/wikis/<slug>/docs/`) with the server's own search code and prints
//! recall@5 per language for BM25 alone, the embedded embedder (hybrid and dense only) and, with
//! a model directory, the neural embedder (hybrid and dense only).
//! `eval_search sources eval/search/*.toml` prints the documents to upload (file, slug, lang).
//!
//! A query names its target entries by title (or alias); a target the generated wiki does not
//! have is reported and left out of the recall, because the pages a wiki has change as the genes
//! improve. A query that shares a token with its target's title or aliases (under the index's
//! own analyzer, search and default segmentation, stemmed) is not a paraphrase: the run fails
//! and names it. Not a test: the figures are for docs/search.md.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use grove::search::neural::NeuralEmbedder;
use grove::search::{self, IndexDoc, SemanticModel, WikiIndex};
use serde::Deserialize;

/// Rank cut-off of the recall.
const K: usize = 5;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EvalSet {
    language: String,
    wiki: Vec<WikiSource>,
    query: Vec<Query>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WikiSource {
    /// Slug the document is uploaded under.
    slug: String,
    /// File name in the corpus directory.
    source: String,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct Query {
    wiki: String,
    /// Titles (or aliases) of the pages that answer the query; any of them counts.
    target: Vec<String>,
    query: String,
}

/// The rankers compared.
const RANKERS: [&str; 5] = [
    "BM25 alone",
    "embedded, hybrid (BM25 + vectors, RRF)",
    "embedded, dense only",
    "neural, hybrid (BM25 + vectors, RRF)",
    "neural, dense only",
];

struct Wiki {
    idx: WikiIndex,
    docs: Vec<IndexDoc>,
    embedded: Arc<SemanticModel>,
    neural: Option<Arc<SemanticModel>>,
}

fn load_sets(paths: &[PathBuf]) -> Vec<(PathBuf, EvalSet)> {
    paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
            let set: EvalSet =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.clone(), set)
        })
        .collect()
}

fn lang_of(set: &EvalSet) -> &str {
    if set.language.starts_with("zh") {
        "zh"
    } else {
        "en"
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: eval_search sources SET.toml... | eval_search run --data-dir DIR [--embed-model DIR] [--verbose] SET.toml...";
    let Some(cmd) = args.first() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let mut data_dir = None;
    let mut model_dir = None;
    let mut verbose = false;
    let mut files = Vec::new();
    let mut it = args[1..].iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--data-dir" => data_dir = it.next().map(PathBuf::from),
            "--embed-model" => model_dir = it.next().filter(|s| !s.is_empty()).map(PathBuf::from),
            "--verbose" => verbose = true,
            other => files.push(PathBuf::from(other)),
        }
    }
    let sets = load_sets(&files);
    match cmd.as_str() {
        "sources" => {
            for (_, set) in &sets {
                for w in &set.wiki {
                    println!("{}\t{}\t{}", w.source, w.slug, lang_of(set));
                }
            }
        }
        "run" => {
            let Some(data_dir) = data_dir else {
                eprintln!("{usage}");
                std::process::exit(2);
            };
            let model = model_dir.map(|d| {
                let t0 = Instant::now();
                let m = NeuralEmbedder::load(&d).unwrap_or_else(|e| panic!("{e}"));
                println!(
                    "neural model: {} (weights {}, {} dimensions, windows of {} tokens), loaded in {} ms",
                    d.display(),
                    m.fingerprint(),
                    m.dim(),
                    m.max_tokens(),
                    t0.elapsed().as_millis()
                );
                Arc::new(m)
            });
            if !run(&data_dir, model, &sets, verbose) {
                std::process::exit(1);
            }
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
}

fn open_wiki(
    data_dir: &Path,
    scratch: &Path,
    slug: &str,
    model: Option<&Arc<NeuralEmbedder>>,
) -> Wiki {
    let wiki_dir = data_dir.join("wikis").join(slug);
    let docs = search::docs_in(&wiki_dir, &HashMap::new());
    assert!(
        !docs.is_empty(),
        "{} has no pages in docs/: was the document uploaded and its job ready?",
        wiki_dir.display()
    );
    let idx = WikiIndex::build(&scratch.join(slug), &docs, "eval").expect("build the index");
    let t0 = Instant::now();
    let embedded = idx
        .train_semantic(&search::corpus_paragraphs_in(&wiki_dir))
        .expect("train the embedded embedder");
    let trained_ms = t0.elapsed().as_millis();
    let neural = model.map(|m| {
        let t0 = Instant::now();
        let n = idx.neural_semantic(m).expect("neural page vectors");
        let secs = t0.elapsed().as_secs_f64();
        println!(
            "  {slug}: neural page vectors: {} pages, {} windows in {:.1} s ({:.1} pages/s, {:.1} windows/s)",
            docs.len(),
            n.vectors(),
            secs,
            docs.len() as f64 / secs,
            n.vectors() as f64 / secs
        );
        n
    });
    println!(
        "  {slug}: {} pages; embedded embedder trained in {trained_ms} ms",
        docs.len()
    );
    Wiki {
        idx,
        docs,
        embedded,
        neural,
    }
}

fn norm(s: &str) -> String {
    s.trim().to_lowercase()
}

/// The terms of `text` under the index's analyzer, both segmentations.
fn terms(idx: &WikiIndex, text: &str) -> HashSet<String> {
    idx.index_terms(text)
        .into_iter()
        .chain(idx.embed_terms(text))
        .collect()
}

fn rank_of(ranking: &[String], targets: &HashSet<&str>) -> Option<usize> {
    ranking
        .iter()
        .position(|id| targets.contains(id.as_str()))
        .map(|p| p + 1)
}

fn run(
    data_dir: &Path,
    model: Option<Arc<NeuralEmbedder>>,
    sets: &[(PathBuf, EvalSet)],
    verbose: bool,
) -> bool {
    let scratch = tempfile::tempdir().expect("tempdir");
    let mut ok = true;
    // language -> (queries, targets found, hits per ranker, reciprocal ranks per ranker)
    let mut table: BTreeMap<String, (usize, usize, [usize; 5], [f64; 5])> = BTreeMap::new();
    let mut query_ms = Vec::new();
    for (path, set) in sets {
        println!("{} ({}):", path.display(), set.language);
        let mut wikis: HashMap<&str, Wiki> = HashMap::new();
        for w in &set.wiki {
            wikis.insert(
                w.slug.as_str(),
                open_wiki(data_dir, scratch.path(), &w.slug, model.as_ref()),
            );
        }
        let row = table
            .entry(lang_of(set).to_string())
            .or_insert((0, 0, [0; 5], [0.0; 5]));
        for q in &set.query {
            row.0 += 1;
            let Some(w) = wikis.get(q.wiki.as_str()) else {
                println!("  INVALID (no [[wiki]] {}): {}", q.wiki, q.query);
                ok = false;
                continue;
            };
            let wanted: HashSet<String> = q.target.iter().map(|t| norm(t)).collect();
            let hits: Vec<&IndexDoc> = w
                .docs
                .iter()
                .filter(|d| {
                    wanted.contains(&norm(&d.title))
                        || d.aliases.iter().any(|a| wanted.contains(&norm(a)))
                })
                .collect();
            // Not a paraphrase if it shares a term with a target name, title or alias.
            let qt = terms(&w.idx, &q.query);
            let mut names: Vec<&str> = q.target.iter().map(String::as_str).collect();
            for d in &hits {
                names.push(&d.title);
                names.extend(d.aliases.iter().map(String::as_str));
            }
            let shared: Vec<String> = names
                .iter()
                .flat_map(|n| terms(&w.idx, n))
                .filter(|t| qt.contains(t))
                .collect::<HashSet<_>>()
                .into_iter()
                .collect();
            if !shared.is_empty() {
                println!(
                    "  INVALID (shares {shared:?} with {:?}): {}",
                    q.target, q.query
                );
                ok = false;
                continue;
            }
            if hits.is_empty() {
                println!("  target not in the wiki: {:?} ({})", q.target, q.query);
                continue;
            }
            row.1 += 1;
            let targets: HashSet<&str> = hits.iter().map(|d| d.id.as_str()).collect();
            let all = |_: &str| true;
            let fused_ids = |m: &SemanticModel| -> Vec<String> {
                w.idx
                    .semantic(m, &q.query, K, &all)
                    .expect("semantic")
                    .into_iter()
                    .map(|f| f.id)
                    .collect()
            };
            let mut ranks: [Option<usize>; 5] = [None; 5];
            ranks[0] = rank_of(&w.idx.bm25_ranking(&q.query, K).expect("bm25"), &targets);
            ranks[1] = rank_of(&fused_ids(w.embedded.as_ref()), &targets);
            ranks[2] = rank_of(
                &w.idx
                    .dense_ranking(&w.embedded, &q.query, K)
                    .expect("dense"),
                &targets,
            );
            if let Some(n) = &w.neural {
                let t0 = Instant::now();
                ranks[4] = rank_of(
                    &w.idx.dense_ranking(n, &q.query, K).expect("dense"),
                    &targets,
                );
                query_ms.push(t0.elapsed().as_secs_f64() * 1000.0);
                ranks[3] = rank_of(&fused_ids(n.as_ref()), &targets);
            }
            for (i, r) in ranks.iter().enumerate() {
                if let Some(r) = r {
                    row.2[i] += 1;
                    row.3[i] += 1.0 / *r as f64;
                }
            }
            if verbose {
                let show = |r: Option<usize>| r.map_or("-".to_string(), |r| r.to_string());
                println!(
                    "  bm25 {} | emb {} / {} | neural {} / {} | {:?} <- {}",
                    show(ranks[0]),
                    show(ranks[1]),
                    show(ranks[2]),
                    show(ranks[3]),
                    show(ranks[4]),
                    q.target,
                    q.query
                );
            }
        }
    }
    println!();
    println!("Recall@{K} (reciprocal rank within the top {K} in brackets):");
    println!();
    print!("| ranker |");
    for lang in table.keys() {
        print!(" {lang} |");
    }
    println!();
    print!("|---|");
    for _ in table.keys() {
        print!("---:|");
    }
    println!();
    print!("| queries (targets found in the generated wiki) |");
    for (q, found, _, _) in table.values() {
        print!(" {q} ({found} found) |");
    }
    println!();
    let rankers = if model.is_some() { 5 } else { 3 };
    for (i, name) in RANKERS.iter().enumerate().take(rankers) {
        print!("| {name} |");
        for (_, found, hits, rr) in table.values() {
            let n = (*found).max(1) as f64;
            print!(
                " {:.2} ({}/{}) [MRR {:.2}] |",
                hits[i] as f64 / n,
                hits[i],
                found,
                rr[i] / n
            );
        }
        println!();
    }
    if !query_ms.is_empty() {
        query_ms.sort_by(f64::total_cmp);
        println!();
        println!(
            "neural query: {} queries, median {:.1} ms to embed and rank",
            query_ms.len(),
            query_ms[query_ms.len() / 2]
        );
    }
    ok
}

//! Search latency: Grove's full-text index (tantivy + jieba + stemming) against SQLite FTS5 on
//! the same pages and queries, side by side; plus the hybrid semantic search.
//!
//! Pages are synthetic but made of real text: ≥10,000 pages, each three paragraphs of the
//! text files in `../shared/corpus` (English and Chinese). Queries are pairs of words drawn from
//! those paragraphs. Both sides return the top 20 by BM25 (titles weighted) with a highlighted
//! snippet. Run: `cargo bench -p grove-host --bench search` (or `just bench`); the FTS5 side is
//! `host/benches/fts5.py`, run by this bench with `python3`.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use grove::search::{IndexDoc, WikiIndex, tokenizer};

const PAGES: usize = 10_000;
const QUERIES: usize = 400;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus")
}

fn paragraphs() -> Vec<String> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(corpus_dir())
        .expect("../shared/corpus next to the repository")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name.ends_with(".txt") || name.ends_with(".md")) && !name.contains("gb18030")
        })
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for line in text.lines() {
            let line = line.trim().trim_start_matches('#').trim();
            if line.chars().count() >= 24 {
                out.push(line.to_string());
            }
        }
    }
    out
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

fn main() {
    let paras = paragraphs();
    let n = paras.len();
    assert!(
        n > 100,
        "too little corpus text in {}",
        corpus_dir().display()
    );
    let docs: Vec<IndexDoc> = (0..PAGES)
        .map(|i| {
            let first = &paras[i % n];
            let title: String = first.chars().take(12).collect();
            IndexDoc {
                id: format!("page-{i:05}"),
                title: title.trim().to_string(),
                aliases: Vec::new(),
                page_type: ["concept", "person", "method", "other"][i % 4].to_string(),
                summary: first.chars().take(80).collect(),
                body: format!(
                    "{first}\n\n{}\n\n{}",
                    paras[(i * 31 + 7) % n],
                    paras[(i * 131 + 3) % n]
                ),
            }
        })
        .collect();
    let chars: usize = docs.iter().map(|d| d.body.chars().count()).sum();

    // queries: two words of a paragraph (jieba words for Chinese)
    let jieba = tokenizer::jieba_with(docs.iter().map(|d| d.title.as_str()));
    let mut queries = Vec::new();
    let mut i = 0usize;
    while queries.len() < QUERIES {
        let p = &paras[(i * 7919 + 13) % n];
        i += 1;
        let words: Vec<String> = tokenizer::spaced_query(&jieba, p)
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| {
                let cjk = w.chars().any(tokenizer::is_cjk);
                (cjk && w.chars().count() >= 2) || (!cjk && w.len() >= 5)
            })
            .map(str::to_string)
            .collect();
        if words.len() >= 4 {
            queries.push(format!("{} {}", words[1], words[words.len() / 2 + 1]));
        }
    }

    let tmp = tempfile::tempdir().unwrap();
    let t = Instant::now();
    let idx = WikiIndex::build(&tmp.path().join("index"), &docs, "bench").unwrap();
    let build_s = t.elapsed().as_secs_f64();

    let all = |_: &str| true;
    for q in queries.iter().take(20) {
        idx.search(q, 20, 0, &all).unwrap();
    }
    let mut times = Vec::new();
    let mut hits = 0;
    for q in &queries {
        let t = Instant::now();
        let h = idx.search(q, 20, 0, &all).unwrap();
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        hits += h.hits.len();
    }
    times.sort_by(f64::total_cmp);

    let t = Instant::now();
    let model = idx.train_semantic(&[]).unwrap();
    let train_s = t.elapsed().as_secs_f64();
    let mut sem = Vec::new();
    for q in &queries {
        let t = Instant::now();
        idx.semantic(&model, q, 10, &all).unwrap();
        sem.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    sem.sort_by(f64::total_cmp);

    // the same pages and queries for FTS5 (CJK pre-segmented by the same jieba)
    let pages_file = tmp.path().join("pages.jsonl");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&pages_file).unwrap());
    for d in &docs {
        let line = serde_json::json!({
            "id": d.id,
            "title": tokenizer::spaced_query(&jieba, &d.title),
            "aliases": d.aliases,
            "body": tokenizer::spaced_query(&jieba, &d.body),
        });
        writeln!(f, "{line}").unwrap();
    }
    drop(f);
    let queries_file = tmp.path().join("queries.jsonl");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&queries_file).unwrap());
    for q in &queries {
        let fts = q
            .split_whitespace()
            .map(|w| format!("\"{w}\""))
            .collect::<Vec<_>>()
            .join(" OR ");
        writeln!(f, "{}", serde_json::json!({"q": q, "fts": fts})).unwrap();
    }
    drop(f);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/fts5.py");
    let out = std::process::Command::new("python3")
        .arg(&script)
        .arg(&pages_file)
        .arg(&queries_file)
        .output();
    let fts: Option<serde_json::Value> = match out {
        Ok(o) if o.status.success() => serde_json::from_slice(&o.stdout).ok(),
        Ok(o) => {
            eprintln!("fts5.py failed: {}", String::from_utf8_lossy(&o.stderr));
            None
        }
        Err(e) => {
            eprintln!("python3 not runnable: {e}");
            None
        }
    };

    println!(
        "search bench: {PAGES} pages ({chars} body chars) from {n} corpus paragraphs, {} queries, top 20 with snippets",
        queries.len()
    );
    let [engine, build, p50, p99, hits_h] = ["engine", "build s", "p50 ms", "p99 ms", "hits"];
    println!("{engine:<34} {build:>9} {p50:>9} {p99:>9} {hits_h:>10}");
    let (grove_ft, grove_hybrid, none) = (
        "grove full-text (tantivy)",
        "grove hybrid (bm25 + dense, RRF)",
        "-",
    );
    println!(
        "{:<34} {:>9.2} {:>9.3} {:>9.3} {:>10}",
        grove_ft,
        build_s,
        pct(&times, 0.5),
        pct(&times, 0.99),
        hits
    );
    if let Some(f) = &fts {
        println!(
            "{:<34} {:>9.2} {:>9.3} {:>9.3} {:>10}",
            f["engine"].as_str().unwrap_or("fts5"),
            f["build_s"].as_f64().unwrap_or(0.0),
            f["p50_ms"].as_f64().unwrap_or(0.0),
            f["p99_ms"].as_f64().unwrap_or(0.0),
            f["hits"]
        );
    }
    println!(
        "{:<34} {:>9.2} {:>9.3} {:>9.3} {:>10}",
        grove_hybrid,
        train_s,
        pct(&sem, 0.5),
        pct(&sem, 0.99),
        none
    );
}

//! Compares PDF text extractors against `pdftotext` (poppler-utils; the reference only, never
//! used by the product) on the corpus PDFs or any PDFs given:
//! `cargo run --release -p grove-host --features pdf-compare --example pdf_compare -- FILE.pdf...`.
//! Columns: time, non-space characters, word recall and precision against pdftotext (multiset of
//! lowercase alphanumeric words), page-attributed recall (each pdftotext page's words found on
//! the same page), pages. `grove` is the product path: pdf_oxide plus our layout clean-up
//! (headers, footers and page numbers dropped, hyphens joined), so it trades a little recall
//! for cleaner paragraphs. A panic in an extractor is caught and reported as `panic`.

use std::collections::HashMap;
use std::time::Instant;

fn words(s: &str) -> HashMap<String, usize> {
    let mut m = HashMap::new();
    for w in s
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        *m.entry(w.to_lowercase()).or_insert(0) += 1;
    }
    m
}
fn recall(reference: &HashMap<String, usize>, cand: &HashMap<String, usize>) -> (usize, usize) {
    let tot: usize = reference.values().sum();
    let hit: usize = reference
        .iter()
        .map(|(w, c)| (*c).min(*cand.get(w).unwrap_or(&0)))
        .sum();
    (hit, tot)
}

fn pdftotext(path: &str) -> Vec<String> {
    let out = std::process::Command::new("pdftotext")
        .args([path, "-"])
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout).to_string();
    let mut v: Vec<String> = s.split('\x0c').map(|x| x.to_string()).collect();
    if v.last().map(|x| x.trim().is_empty()).unwrap_or(false) {
        v.pop();
    }
    v
}

fn run(name: &str, bytes: &[u8]) -> Result<Vec<String>, String> {
    let b = bytes.to_vec();
    let r = std::panic::catch_unwind(move || -> Result<Vec<String>, String> {
        match name {
            "pdf-extract" => {
                pdf_extract::extract_text_from_mem_by_pages(&b).map_err(|e| e.to_string())
            }
            "pdf_oxide" => {
                let d = pdf_oxide::PdfDocument::from_bytes(b).map_err(|e| e.to_string())?;
                let n = d.page_count().map_err(|e| e.to_string())?;
                (0..n)
                    .map(|i| d.extract_text(i).map_err(|e| e.to_string()))
                    .collect()
            }
            "lopdf" => {
                let d = lopdf::Document::load_mem(&b).map_err(|e| e.to_string())?;
                let pages: Vec<u32> = d.get_pages().keys().copied().collect();
                Ok(pages
                    .iter()
                    .map(|p| d.extract_text(&[*p]).unwrap_or_default())
                    .collect())
            }
            "grove" => {
                let d = grove::extract::extract(&b, "x.pdf").map_err(|e| e.to_string())?;
                let mut pages: Vec<String> = Vec::new();
                for blk in d.blocks() {
                    let p = blk.location.page.unwrap_or(1) as usize;
                    while pages.len() < p {
                        pages.push(String::new());
                    }
                    pages[p - 1].push_str(&blk.text);
                    pages[p - 1].push('\n');
                }
                Ok(pages)
            }
            _ => unreachable!(),
        }
    });
    match r {
        Ok(x) => x,
        Err(_) => Err("panic".into()),
    }
}

fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        let dir = ["../shared/corpus", "/work/shared/corpus"]
            .into_iter()
            .find(|d| std::path::Path::new(d).is_dir())
            .expect("no corpus directory; pass PDF files");
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.path().to_string_lossy().to_string())
            .filter(|p| p.ends_with(".pdf"))
            .collect();
        v.sort();
        args = v;
    }
    println!(
        "| file | extractor | ms | chars | pdftotext chars | word recall | word precision | page-attributed recall | pages |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for path in &args {
        let bytes = std::fs::read(path).unwrap();
        let refp = pdftotext(path);
        let refall = words(&refp.join("\n"));
        let refchars: usize = refp
            .iter()
            .map(|p| p.chars().filter(|c| !c.is_whitespace()).count())
            .sum();
        for name in ["pdf-extract", "lopdf", "pdf_oxide", "grove"] {
            let t = Instant::now();
            let r = run(name, &bytes);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            let fname = std::path::Path::new(path)
                .file_name()
                .unwrap()
                .to_string_lossy();
            match r {
                Err(e) => println!("| {fname} | {name} | {ms:.1} | ERROR: {e} | | | | | |"),
                Ok(pages) => {
                    let all = words(&pages.join("\n"));
                    let (h, t) = recall(&refall, &all);
                    let (h2, t2) = recall(&all, &refall);
                    let mut ph = 0;
                    let mut pt = 0;
                    for (i, rp) in refp.iter().enumerate() {
                        let rw = words(rp);
                        let cw = pages.get(i).map(|p| words(p)).unwrap_or_default();
                        let (a, b) = recall(&rw, &cw);
                        ph += a;
                        pt += b;
                    }
                    let chars: usize = pages
                        .iter()
                        .map(|p| p.chars().filter(|c| !c.is_whitespace()).count())
                        .sum();
                    println!(
                        "| {fname} | {name} | {ms:.1} | {chars} | {refchars} | {:.3} | {:.3} | {:.3} | {}/{} |",
                        h as f64 / t.max(1) as f64,
                        h2 as f64 / t2.max(1) as f64,
                        ph as f64 / pt.max(1) as f64,
                        pages.len(),
                        refp.len()
                    );
                }
            }
        }
    }
}

//! Extraction speed on the shared corpus, in release mode:
//! `cargo run --release -p grove-host --example extract_bench [-- CORPUS_DIR [DUMP_DIR]]`.
//! Prints a Markdown table (file, format, input bytes, extracted chars, chapters, blocks, best of
//! three runs in ms, MB/s of input and of extracted text). With DUMP_DIR, writes each document's
//! `.md` and `.json` there for inspection. Not a test: it asserts nothing.

use std::path::PathBuf;

/// The grove binary's allocator, so the figures are the product's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().map(PathBuf::from).unwrap_or_else(|| {
        ["../shared/corpus", "/work/shared/corpus"]
            .iter()
            .map(PathBuf::from)
            .find(|p| p.is_dir())
            .expect("no corpus directory; pass one")
    });
    let dump = args.next().map(PathBuf::from);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read corpus dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e != "tsv"))
        .collect();
    files.sort();
    println!(
        "| file | format | bytes | chars | chapters | blocks | ms (best of 3) | MB/s input | MB/s text |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    let (mut tot_bytes, mut tot_text, mut tot_ms) = (0usize, 0usize, 0f64);
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&path).unwrap();
        let mut best = f64::MAX;
        let mut last = None;
        for _ in 0..3 {
            let t = Instant::now();
            let r = grove::extract::extract(&bytes, &name);
            best = best.min(t.elapsed().as_secs_f64() * 1000.0);
            last = Some(r);
        }
        match last.unwrap() {
            Ok(doc) => {
                let text: usize = doc.blocks().map(|b| b.text.len()).sum();
                tot_bytes += bytes.len();
                tot_text += text;
                tot_ms += best;
                println!(
                    "| {name} | {} | {} | {} | {} | {} | {best:.1} | {:.1} | {:.1} |",
                    doc.format,
                    bytes.len(),
                    doc.char_count(),
                    doc.chapters.len(),
                    doc.blocks().count(),
                    bytes.len() as f64 / best / 1000.0,
                    text as f64 / best / 1000.0,
                );
                if let Some(d) = &dump {
                    std::fs::create_dir_all(d).unwrap();
                    std::fs::write(
                        d.join(format!("{name}.md")),
                        grove::extract::to_markdown(&doc),
                    )
                    .unwrap();
                    std::fs::write(
                        d.join(format!("{name}.json")),
                        grove::extract::to_json(&doc),
                    )
                    .unwrap();
                }
            }
            Err(e) => println!(
                "| {name} | error | {} | {e} | | | {best:.1} | | |",
                bytes.len()
            ),
        }
    }
    println!(
        "| **total** | | {tot_bytes} | | | | {tot_ms:.1} | {:.1} | {:.1} |",
        tot_bytes as f64 / tot_ms / 1000.0,
        tot_text as f64 / tot_ms / 1000.0
    );
}

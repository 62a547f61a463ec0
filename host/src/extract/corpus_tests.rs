//! Extraction of every document in the shared corpus (`/work/shared/corpus`, or `../shared/corpus`
//! beside the repository, or `$GROVE_CORPUS`). Skipped, with a note, when no corpus is present.
//! Not a benchmark (see `host/examples/extract_bench.rs`).

use super::*;
use std::path::PathBuf;

pub(crate) fn corpus_dir() -> Option<PathBuf> {
    let mut candidates = Vec::new();
    if let Ok(p) = std::env::var("GROVE_CORPUS") {
        candidates.push(PathBuf::from(p));
    }
    candidates.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"));
    candidates.push(PathBuf::from("/work/shared/corpus"));
    candidates
        .into_iter()
        .find(|p| p.join("MANIFEST.tsv").is_file())
}

#[test]
fn every_corpus_document_extracts() {
    let Some(dir) = corpus_dir() else {
        eprintln!("no corpus found; skipping the corpus extraction test");
        return;
    };
    // file -> allowed chapter count range
    let expect: &[(&str, Format, usize, usize)] = &[
        ("calibre-quick-start.en.epub", Format::Epub, 3, 20),
        ("debian-policy.en.epub", Format::Epub, 10, 40),
        ("debmake-doc.zh-cn.epub", Format::Epub, 2, 20),
        ("fhs-3.0.en.pdf", Format::Pdf, 1, 60),
        ("groff-mom-pdf.en.pdf", Format::Pdf, 1, 20),
        (
            "debian-handbook-package-lifecycle-figure.en.pdf",
            Format::Pdf,
            1,
            1,
        ),
        ("developers-reference.en.pdf", Format::Pdf, 1, 40),
        ("nodejs-stream-api.en.md", Format::Markdown, 3, 20),
        (
            "zh-chapter-splitter-README.zh-cn.md",
            Format::Markdown,
            3,
            15,
        ),
        ("shijing.zh-hans.md", Format::Markdown, 300, 310),
        ("lunyu.zh-hans.txt", Format::Text, 20, 20),
        ("lunyu.zh-hans.gb18030.txt", Format::Text, 20, 20),
        ("tang300.zh-hans.txt", Format::Text, 250, 330),
    ];
    let mut fingerprints = std::collections::HashMap::new();
    for (name, format, lo, hi) in expect {
        let path = dir.join(name);
        if !path.exists() {
            eprintln!("{name} is not in the corpus; skipped");
            continue;
        }
        assert_eq!(detect_file(&path, name).unwrap(), *format, "{name}");
        let doc = extract_file(&path, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(doc.char_count() > 100, "{name}: {} chars", doc.char_count());
        let n = doc.chapters.len();
        assert!(
            (*lo..=*hi).contains(&n),
            "{name}: {n} chapters, expected {lo}..={hi}: {:?}",
            doc.chapters.iter().map(|c| &c.title).collect::<Vec<_>>()
        );
        for b in doc.blocks() {
            assert!(!b.text.is_empty(), "{name}: empty block");
            match format {
                Format::Pdf => assert!(b.location.page.is_some(), "{name}: block without page"),
                Format::Text | Format::Markdown => {
                    assert!(b.location.line.is_some(), "{name}: block without line")
                }
                Format::Epub => {}
            }
        }
        // the two on-disk forms are consistent
        assert_eq!(from_json(&to_json(&doc)).unwrap(), doc, "{name}");
        assert!(!to_markdown(&doc).is_empty());
        fingerprints.insert(*name, doc.fingerprint());
    }
    if let (Some(a), Some(b)) = (
        fingerprints.get("lunyu.zh-hans.txt"),
        fingerprints.get("lunyu.zh-hans.gb18030.txt"),
    ) {
        assert_eq!(a, b, "UTF-8 and GB18030 copies must share the fingerprint");
    }
}

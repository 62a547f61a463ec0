#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
fn run(bytes: &[u8], own: bool, threads: usize) -> (std::time::Duration, usize) {
    let t = Instant::now();
    let o = pdf_oxide::converters::ConversionOptions {
        extract_tables: false,
        ..Default::default()
    };
    let shared = pdf_oxide::PdfDocument::from_bytes(bytes.to_vec()).unwrap();
    let n = shared.page_count().unwrap();
    let next = AtomicUsize::new(0);
    let chars = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mine;
                let doc = if own {
                    mine = pdf_oxide::PdfDocument::from_bytes(bytes.to_vec()).unwrap();
                    &mine
                } else {
                    &shared
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    chars.fetch_add(
                        doc.extract_text_with_options(i, &o).unwrap().len(),
                        Ordering::Relaxed,
                    );
                }
            });
        }
    });
    (t.elapsed(), chars.into_inner())
}
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    for _ in 0..3 {
        for (own, th) in [(false, 1), (false, 2), (true, 2)] {
            let (d, c) = run(&bytes, own, th);
            print!("own={own} th={th} {:?} {c} | ", d);
        }
        println!();
    }
}

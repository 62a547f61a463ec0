//! A hostile gene for the test suite: behaves well in `info`, `propose` and on the
//! self-test, and misbehaves in `render` according to the entry's key:
//! `loop` spins forever, `oom` allocates until the memory cap, `panic` panics,
//! `huge` returns a 16 MiB summary, `many` returns 100000 citations, `imports`
//! calls every import with absurd arguments (and then renders normally),
//! `flood` logs 2000 lines. Any other key renders a normal page.
//! Not shipped: built by `just test-genes` for the tests only.

use grove_gene::{Citation, Document, Entry, Gene, GeneInfo, Page, Proposal, host};

struct Hostile;

impl Gene for Hostile {
    fn info() -> GeneInfo {
        grove_gene::info(
            "hostile",
            "0.1.0",
            "misbehaves on purpose",
            &["hostile"],
            &[],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        if doc.title == "hostile:loop" {
            #[allow(clippy::empty_loop)]
            loop {}
        }
        // A document titled `hostile-all` gets one entry per misbehaviour, so the
        // pipeline test can run every one of them through a real job.
        let keys: &[&str] = if doc.title.contains("hostile-all") {
            &["ok", "loop", "oom", "panic", "huge", "many", "imports", "flood"]
        } else {
            &["ok"]
        };
        Ok(keys
            .iter()
            .map(|k| Proposal {
                entry_type: "hostile".into(),
                title: format!("hostile {k}"),
                aliases: vec![],
                score: 0.5,
                key: (*k).into(),
            })
            .collect())
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let mut page = grove_gene::page::quoted_page(&entry, 2);
        match entry.key.as_str() {
            "loop" => {
                let mut x: u64 = 0;
                loop {
                    x = std::hint::black_box(x.wrapping_add(1));
                }
            }
            "oom" => {
                let mut v: Vec<Vec<u8>> = Vec::new();
                loop {
                    v.push(vec![1u8; 1 << 20]);
                    std::hint::black_box(&v);
                }
            }
            "panic" => panic!("hostile gene panics on purpose"),
            "huge" => page.summary = "x".repeat(16 << 20),
            "many" => {
                page.citations = (0..100_000)
                    .map(|i| Citation {
                        passage_id: format!("p{i}"),
                        quote: String::new(),
                    })
                    .collect()
            }
            "imports" => {
                let big = "界".repeat(1 << 20);
                let _ = host::mentions(&big, u32::MAX);
                let _ = host::definitions("", u32::MAX);
                let _ = host::related(&big, u32::MAX);
                let _ = host::search("\0\0\0", u32::MAX);
                let _ = host::passage(&big);
                let _ = host::chapter_passages(u32::MAX, u32::MAX, u32::MAX);
                let _ = host::chapter_passages(0, u32::MAX, u32::MAX);
                let _ = host::chapter_text(u32::MAX);
                let _ = host::procedure_steps(&big, u32::MAX);
                let _ = host::entry_for(&big);
                let _ = host::complete(&big, u32::MAX);
                host::log(grove_gene::Level::Error, &big);
                // Past the per-call import budget (10000): further calls get empty results.
                for _ in 0..10_500 {
                    let _ = host::entry_for("garden");
                }
                assert!(
                    host::mentions("garden", 1).is_empty(),
                    "import budget not enforced"
                );
            }
            "flood" => {
                for i in 0..2_000 {
                    host::info(&format!("flood line {i}"));
                }
            }
            _ => {}
        }
        Ok(page)
    }
}

grove_gene::register_gene!(Hostile);

//! Gene runtime benchmark (harness = false): `cargo bench -p grove-host --bench genes`.
//!
//! Measures, in a release build:
//! 1. the overhead of a fresh Store + instantiate + a trivial call (`info()`) and of a
//!    small `render` (two evidence imports) — target: median under 50 µs;
//! 2. loading a precompiled artifact from the on-disk cache against a cold compile;
//! 3. the time from dropping a `.wasm` into the watched genes dir until the new version is
//!    active — target: under 2 s.

use std::sync::Arc;
use std::time::{Duration, Instant};

use grove::analysis::{Analysis, Document, Lang};
use grove::genes::testutil::{test_gene, with_marker};
use grove::genes::{
    CallContext, DocSummary, Entry, GeneRegistry, GeneRuntime, GeneSource, RuntimeConfig, watch,
};

fn stats(mut v: Vec<Duration>) -> (Duration, Duration, Duration) {
    v.sort();
    let p = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (p(0.5), p(0.95), v[0])
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let bytes = test_gene("gene_hostile");
    let cache = tempfile::tempdir().expect("tempdir");
    let config = RuntimeConfig {
        cache_dir: Some(cache.path().to_path_buf()),
        ..RuntimeConfig::default()
    };

    // 2. Cold compile vs precompiled load (fresh runtimes, so no in-memory cache).
    let mut cold = Vec::new();
    let mut warm = Vec::new();
    for i in 0..5 {
        let b = with_marker(&bytes, &format!("bench-{i}"));
        let rt = GeneRuntime::new(config.clone()).expect("runtime");
        let g = rt.load(&b, GeneSource::File).expect("load");
        assert!(!g.from_cache);
        cold.push(g.compile_time);
        let rt2 = GeneRuntime::new(config.clone()).expect("runtime");
        let g2 = rt2.load(&b, GeneSource::File).expect("load");
        assert!(g2.from_cache);
        warm.push(g2.compile_time);
    }
    let (c50, _, cmin) = stats(cold);
    let (w50, _, wmin) = stats(warm);
    println!(
        "load: cold compile median {:.1} ms (min {:.1}); precompiled artifact median {:.3} ms (min {:.3}); {} bytes component",
        ms(c50),
        ms(cmin),
        ms(w50),
        ms(wmin),
        bytes.len()
    );

    // 1. Call overhead.
    let rt = GeneRuntime::new(config.clone()).expect("runtime");
    let gene = rt.load(&bytes, GeneSource::File).expect("load");
    let doc = Document::from_text(
        "Bench",
        Lang::En,
        "A gene is a small program. The gene runs in a sandbox. Alice wrote a gene.",
    );
    let analysis = Arc::new(Analysis::new(&doc));
    let _summary = DocSummary::from_analysis(&analysis);
    let ctx = CallContext::new(analysis);
    let entry = Entry {
        entry_type: "hostile".into(),
        title: "gene".into(),
        aliases: vec![],
        key: "gene".into(),
        lang: "en".into(),
        document_title: "Bench".into(),
    };
    for _ in 0..200 {
        gene.call_info().expect("info");
        gene.render(&ctx, &entry).expect("render");
    }
    let n = 2000;
    let mut info = Vec::with_capacity(n);
    let mut render = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        gene.call_info().expect("info");
        info.push(t.elapsed());
        let t = Instant::now();
        gene.render(&ctx, &entry).expect("render");
        render.push(t.elapsed());
    }
    let (i50, i95, imin) = stats(info);
    let (r50, r95, rmin) = stats(render);
    println!(
        "call: fresh store + instantiate + info() median {:.1} µs (p95 {:.1}, min {:.1}) [target < 50 µs]",
        us(i50),
        us(i95),
        us(imin)
    );
    println!(
        "call: fresh store + instantiate + render() with 2 imports median {:.1} µs (p95 {:.1}, min {:.1}) [target < 50 µs]",
        us(r50),
        us(r95),
        us(rmin)
    );

    // 3. File drop to active.
    let dir = tempfile::tempdir().expect("tempdir");
    let reg = GeneRegistry::new(
        GeneRuntime::new(config.clone()).expect("runtime"),
        Some(dir.path().to_path_buf()),
    );
    let _w = watch(reg.clone()).expect("watch");
    let path = dir.path().join("hostile.wasm");
    let mut drops = Vec::new();
    for i in 0..5 {
        // A new sha each time: a cold compile is part of what is measured.
        let b = with_marker(&bytes, &format!("drop-{i}"));
        let before = reg.get("hostile").map(|g| g.sha256.clone());
        let t = Instant::now();
        let tmp = dir.path().join(".incoming");
        std::fs::write(&tmp, &b).expect("write");
        std::fs::rename(&tmp, &path).expect("rename");
        loop {
            if reg.get("hostile").map(|g| g.sha256.clone()) != before {
                break;
            }
            assert!(t.elapsed() < Duration::from_secs(10), "drop not picked up");
            std::thread::sleep(Duration::from_millis(2));
        }
        drops.push(t.elapsed());
    }
    let (d50, d95, dmin) = stats(drops);
    println!(
        "hot load: file drop to active median {:.0} ms (p95 {:.0}, min {:.0}) [target < 2000 ms; includes the 150 ms debounce and a cold compile]",
        ms(d50),
        ms(d95),
        ms(dmin)
    );
}

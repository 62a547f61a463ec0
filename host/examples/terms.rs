//! What the analysis finds in one document, for whoever tunes it:
//! `cargo run --release -p grove-host --example terms -- FILE zh|en [KIND|leads|nolead|scores|sections|programs] [=TERM...]`.
//! Extracts FILE as an upload would, analyses its prose blocks as grow does, and prints the
//! candidate terms (kind, frequency, chapters, salience, variants), best first. KIND keeps one
//! kind (person, term, place, ...); KIND `leads` prints the first 80 terms with their leads,
//! `nolead` those of them without one, with their first mentions, `scores` every term with
//! the score and text of its best definition, and `sections` the section headings of the
//! prose, `programs` the programs its code runs at a shell prompt.
//! Each =TERM also gets its definitions (the lead a page would get) and its first mentions. Not a test: it asserts
//! nothing.

use grove::analysis::{Analysis, Lang};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(file), Some(lang)) = (args.first(), args.get(1).and_then(|l| Lang::parse(l))) else {
        eprintln!("usage: terms FILE zh|en [KIND] [=TERM...]");
        std::process::exit(2);
    };
    let bytes = std::fs::read(file).expect("read FILE");
    let doc = grove::extract::extract(&bytes, file).expect("extract FILE");
    let document = grove::pipeline::analysis_document(&doc, file, lang);
    let t = std::time::Instant::now();
    let a = Analysis::new(&document);
    eprintln!(
        "analysed in {:.0} ms: {} chapters, {} passages",
        t.elapsed().as_secs_f64() * 1000.0,
        a.chapters().len(),
        a.passage_count()
    );
    let kind = args.get(2).filter(|k| !k.starts_with('='));
    if kind.is_some_and(|k| k == "sections") {
        // The section headings of the prose blocks, in order, once each.
        let mut last = None;
        for ch in &document.chapters {
            for b in &ch.blocks {
                if b.section.is_some() && b.section != last {
                    println!("{}\t{}", ch.title, b.section.as_deref().unwrap_or(""));
                    last = b.section.clone();
                }
            }
        }
        return;
    }
    if kind.is_some_and(|k| k == "programs") {
        // The programs the document's code runs at a shell prompt.
        for p in &document.programs {
            println!("{p}");
        }
        return;
    }
    if kind.is_some_and(|k| k == "nolead") {
        // The first 80 terms (or $TERMS_N) without a lead, each with its first three mentions
        // (or $MENTIONS_N).
        let n = env_count("TERMS_N", 80);
        let m = env_count("MENTIONS_N", 3);
        for term in a.terms().iter().take(n) {
            if a.definitions(&term.text, 1).is_empty() {
                println!("{:?}\t{}", term.kind, term.text);
                for p in a.mentions(&term.text, m) {
                    println!("    | {}", p.text.chars().take(200).collect::<String>());
                }
            }
        }
        return;
    }
    if kind.is_some_and(|k| k == "scores") {
        // Every term with the score and text of its best definition ("-" where none).
        for term in a.terms() {
            match a.scored_definitions(&term.text, 1).first() {
                Some((score, p)) => {
                    println!("{:?}\t{}\t{score:.2}\t{}", term.kind, term.text, p.text)
                }
                None => println!("{:?}\t{}\t-\t-", term.kind, term.text),
            }
        }
        return;
    }
    if kind.is_some_and(|k| k == "leads") {
        // The 80 first terms with the lead their page would get ("-" for the template line).
        let mut with = 0;
        for term in a.terms().iter().take(80) {
            let lead = a.definitions(&term.text, 1);
            with += usize::from(!lead.is_empty());
            let lead = lead
                .first()
                .map_or("-".to_string(), |p| p.text.chars().take(160).collect());
            println!("{:?}\t{}\t{lead}", term.kind, term.text);
        }
        println!("{with} of {} with a lead", a.terms().len().min(80));
        return;
    }
    for term in a.terms() {
        let k = format!("{:?}", term.kind).to_lowercase();
        if kind.is_some_and(|want| *want != k) {
            continue;
        }
        println!(
            "{k}\t{}\t{}\t{}\t{:.2}\t{}",
            term.text,
            term.frequency,
            term.chapter_count,
            term.salience,
            term.variants.join("|")
        );
    }
    for t in args.iter().skip(2).filter_map(|a| a.strip_prefix('=')) {
        println!("== {t}");
        for p in a.definitions(t, 3) {
            println!("  def: {}", p.text);
        }
        for p in a.mentions(t, 5) {
            let section = p.location.section.as_deref().unwrap_or("");
            println!(
                "  mention [{section}]: {}",
                p.text.chars().take(200).collect::<String>()
            );
        }
    }
}

/// A count from the environment, or `default`.
fn env_count(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

//! `grove gene check FILE.wasm` and `grove gene run FILE.wasm DOCUMENT`: the gene
//! author's tools. `check` validates exactly as the server does before a swap (ABI
//! section, compile, instantiate, `info()`, self-test); `run` then runs the gene on a
//! text or Markdown document under the server's default limits and prints its
//! proposals, its rendered pages, and the time and memory of every call.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, Subcommand};

use super::{
    CallContext, DocSummary, Entry, GeneError, GeneRuntime, GeneSource, LoadedGene, RuntimeConfig,
    abi,
};
use crate::analysis::{Analysis, Document, Lang};

/// `grove gene ...`
#[derive(Debug, Args)]
pub struct GeneArgs {
    #[command(subcommand)]
    pub command: GeneCommand,
}

#[derive(Debug, Subcommand)]
pub enum GeneCommand {
    /// Validate a gene exactly as the server would before loading it.
    Check {
        /// The gene component (.wasm, built for wasm32-wasip2).
        file: PathBuf,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Run a gene on a text or Markdown document under the server's limits.
    Run {
        /// The gene component (.wasm).
        file: PathBuf,
        /// A .txt or .md document.
        document: PathBuf,
        /// Language of the document, zh or en (default: guessed from the text).
        #[arg(long)]
        lang: Option<String>,
        /// Title of the document (default: the file name).
        #[arg(long)]
        title: Option<String>,
        /// Render at most this many proposals (best first).
        #[arg(long, default_value_t = 10)]
        limit: usize,
        /// Print proposals and pages as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Errors of the gene commands, printed by `main`.
pub type CliError = Box<dyn std::error::Error + Send + Sync>;

fn load(file: &PathBuf) -> Result<(Arc<GeneRuntime>, LoadedGene, Vec<u8>), GeneError> {
    let bytes = std::fs::read(file)
        .map_err(|e| GeneError::io(format!("cannot read {}", file.display()), e))?;
    let rt = GeneRuntime::new(RuntimeConfig::default())?;
    let gene = rt.load(&bytes, GeneSource::File)?;
    Ok((rt, gene, bytes))
}

/// Guesses zh when a tenth or more of the letters are CJK.
fn guess_lang(text: &str) -> Lang {
    let (mut cjk, mut letters) = (0usize, 0usize);
    for c in text.chars().take(200_000) {
        if c.is_alphabetic() {
            letters += 1;
            if ('\u{4e00}'..='\u{9fff}').contains(&c) {
                cjk += 1;
            }
        }
    }
    if letters > 0 && cjk * 10 >= letters {
        Lang::Zh
    } else {
        Lang::En
    }
}

/// Runs a `grove gene` command; returns the process exit code.
pub fn run(args: GeneArgs) -> Result<i32, CliError> {
    match args.command {
        GeneCommand::Check { file, json } => {
            let declared = std::fs::read(&file)
                .ok()
                .and_then(|b| abi::read_declared_abi(&b).ok());
            let start = Instant::now();
            match load(&file) {
                Ok((_rt, g, _)) => {
                    let took = start.elapsed();
                    if json {
                        println!(
                            "{}",
                            serde_json::json!({
                                "ok": true, "name": g.info.name, "version": g.info.version,
                                "abi": g.abi.as_str(), "description": g.info.description,
                                "entry_types": g.info.entry_types, "languages": g.info.languages,
                                "sha256": g.sha256, "size": g.size,
                                "validate_ms": took.as_secs_f64() * 1000.0,
                            })
                        );
                    } else {
                        println!("ok: {} {} (ABI {})", g.info.name, g.info.version, g.abi);
                        println!("  description: {}", g.info.description);
                        println!("  entry types: {}", g.info.entry_types.join(", "));
                        let langs = if g.info.languages.is_empty() {
                            "all".to_string()
                        } else {
                            g.info.languages.join(", ")
                        };
                        println!("  languages:   {langs}");
                        println!("  sha256:      {}", g.sha256);
                        println!("  size:        {} bytes", g.size);
                        println!(
                            "  validated in {:.1} ms (compile {:.1} ms, self-test passed)",
                            took.as_secs_f64() * 1000.0,
                            g.compile_time.as_secs_f64() * 1000.0
                        );
                    }
                    Ok(0)
                }
                Err(e) => {
                    let code = e.code();
                    if json {
                        println!(
                            "{}",
                            serde_json::json!({"ok": false, "error": e.to_string(), "code": code, "declared_abi": declared})
                        );
                    } else {
                        eprintln!("refused: {e}");
                        if let Some(d) = declared {
                            eprintln!("  declared ABI: {d}");
                        }
                        eprintln!("  supported ABI: {}", abi::AbiVersion::supported_list());
                    }
                    Ok(1)
                }
            }
        }
        GeneCommand::Run {
            file,
            document,
            lang,
            title,
            limit,
            json,
        } => {
            let text = std::fs::read_to_string(&document)
                .map_err(|e| format!("cannot read {} as UTF-8 text: {e}", document.display()))?;
            let lang = match lang {
                Some(l) => Lang::parse(&l).ok_or("--lang must be zh or en")?,
                None => guess_lang(&text),
            };
            let title = title.unwrap_or_else(|| {
                document
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or("document")
                    .to_string()
            });
            let is_md = document
                .extension()
                .is_some_and(|e| e == "md" || e == "markdown");
            let t0 = Instant::now();
            let doc = if is_md {
                Document::from_markdown(&title, lang, &text)
            } else {
                Document::from_text(&title, lang, &text)
            };
            let analysis = Arc::new(Analysis::new(&doc));
            let summary = DocSummary::from_analysis(&analysis);
            let analyse_ms = t0.elapsed().as_secs_f64() * 1000.0;
            let (rt, gene, _) = load(&file)?;
            let ctx = CallContext::new(analysis.clone()).with_job("cli");
            let (mut proposals, pstats) = gene.propose(&ctx, &summary)?;
            proposals.sort_by(|a, b| b.score.total_cmp(&a.score));
            let titles: std::collections::HashMap<String, String> = proposals
                .iter()
                .flat_map(|p| {
                    std::iter::once((p.key.to_lowercase(), p.title.clone())).chain(
                        p.aliases
                            .iter()
                            .map(|a| (a.to_lowercase(), p.title.clone())),
                    )
                })
                .collect();
            let titles = Arc::new(titles);
            let ctx = ctx.with_entries(Arc::new(move |t: &str| {
                titles.get(&t.to_lowercase()).cloned()
            }));
            let mut pages = Vec::new();
            let mut failures = 0;
            let mut peak = pstats.memory;
            let mut render_ms = Vec::new();
            for p in proposals.iter().take(limit) {
                let entry = Entry::from_proposal(p, lang.as_str(), &title);
                match gene.render(&ctx, &entry) {
                    Ok((page, st)) => {
                        peak = peak.max(st.memory);
                        render_ms.push(st.elapsed.as_secs_f64() * 1000.0);
                        pages.push((page, st));
                    }
                    Err(e) => {
                        failures += 1;
                        eprintln!("render {:?} failed: {e}", p.title);
                    }
                }
            }
            if json {
                println!(
                    "{}",
                    serde_json::json!({
                        "gene": gene.info, "lang": lang.as_str(),
                        "passages": analysis.passage_count(), "terms": analysis.terms().len(),
                        "proposals": proposals,
                        "pages": pages.iter().map(|(p, s)| serde_json::json!({"page": p, "ms": s.elapsed.as_secs_f64()*1000.0, "memory": s.memory})).collect::<Vec<_>>(),
                        "propose_ms": pstats.elapsed.as_secs_f64()*1000.0, "peak_memory": peak, "failures": failures,
                    })
                );
            } else {
                println!(
                    "gene {} {} on {:?} ({}, {} passages, {} candidate terms, analysed in {:.1} ms)",
                    gene.info.name,
                    gene.info.version,
                    title,
                    lang.as_str(),
                    analysis.passage_count(),
                    analysis.terms().len(),
                    analyse_ms
                );
                println!(
                    "\n== {} proposals ({:.2} ms, {} KiB memory) ==",
                    proposals.len(),
                    pstats.elapsed.as_secs_f64() * 1000.0,
                    pstats.memory / 1024
                );
                for p in &proposals {
                    let aliases = if p.aliases.is_empty() {
                        String::new()
                    } else {
                        format!("  aka {}", p.aliases.join(" / "))
                    };
                    println!(
                        "{:>5.2}  {:<10} {}{aliases}",
                        p.score, p.entry_type, p.title
                    );
                }
                for (page, st) in &pages {
                    println!(
                        "\n== page: {} ({:.2} ms, {} KiB memory, {} imports) ==\n",
                        page.title,
                        st.elapsed.as_secs_f64() * 1000.0,
                        st.memory / 1024,
                        st.import_calls
                    );
                    println!("{}", page.to_markdown());
                }
                let mean = if render_ms.is_empty() {
                    0.0
                } else {
                    render_ms.iter().sum::<f64>() / render_ms.len() as f64
                };
                println!(
                    "\n== summary: {} proposals, {} pages rendered ({} failed), render mean {:.2} ms, peak memory {} KiB (cap {} MiB), deadline {:?} per call ==",
                    proposals.len(),
                    pages.len(),
                    failures,
                    mean,
                    peak / 1024,
                    rt.config().memory_bytes >> 20,
                    rt.config().deadline
                );
            }
            Ok(if failures > 0 { 1 } else { 0 })
        }
    }
}

//! The `grove` binary: the command-line edge. Parses arguments, sets up logging, and hands off
//! to the library. Errors are reported here with `anyhow`, once, with their causes.

use clap::{Parser, Subcommand};

/// mimalloc instead of the system allocator: PDF extraction, analysis and page rendering
/// allocate many small short-lived objects on several threads, where glibc's malloc spent
/// about a quarter of the PDF extraction's time (docs/benchmarks.md, session 5). Built without
/// transparent huge pages (`no_thp`): with them, 15% of a job's CPU time went to the kernel
/// zeroing 2 MiB pages that mimalloc had released and touched again.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "grove",
    version,
    about = "Turns books and documents into interlinked wikis"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once at start-up: the size of the serve flags (many optional settings) does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Run the server.
    Serve(grove::config::ServeArgs),
    /// Check a gene (.wasm) as the server would, or run it on a document (gene platform).
    Gene(grove::genes::cli::GeneArgs),
    /// Download wiki packages from a server with integrity checks (the reference client).
    Pull(grove::pull::PullArgs),
    /// Serve one wiki directory read-only as a site at /preview/<slug>/ (started by the server's
    /// serve endpoint, or by hand).
    Preview(grove::preview::run::PreviewArgs),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    grove::telemetry::init();
    match cli.command {
        Command::Serve(args) => {
            let config = grove::config::Config::resolve(&args)?;
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?;
            runtime.block_on(grove::server::run(config))?;
        }
        Command::Gene(args) => {
            std::process::exit(grove::genes::cli::run(args).map_err(anyhow::Error::from_boxed)?)
        }
        Command::Pull(args) => std::process::exit(pull(args)?),
        Command::Preview(args) => {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()?;
            if let Err(e) = runtime.block_on(grove::preview::run::run(args)) {
                eprintln!("grove preview: {e}");
                std::process::exit(e.exit_code());
            }
        }
    }
    Ok(())
}

/// `grove pull`: exit status 0 when every wiki is current, 1 when any failed.
fn pull(args: grove::pull::PullArgs) -> anyhow::Result<i32> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(grove::pull::run(args))?;
    eprintln!(
        "pull: {} downloaded, {} unchanged, {} failed",
        report.downloaded.len(),
        report.not_modified.len(),
        report.failed.len()
    );
    Ok(if report.failed.is_empty() { 0 } else { 1 })
}

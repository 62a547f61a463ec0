//! The `grove` binary: the command-line edge. Parses arguments, sets up logging, and hands off
//! to the library. Errors are reported here with `anyhow`, once, with their causes.

use clap::{Parser, Subcommand};

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

#[derive(Subcommand)]
enum Command {
    /// Run the server.
    Serve(grove::config::ServeArgs),
    /// Check a gene (.wasm) as the server would, or run it on a document (gene platform).
    Gene(grove::genes::cli::GeneArgs),
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
        Command::Gene(args) => std::process::exit(grove::genes::cli::run(args)?),
    }
    Ok(())
}

//! Log set-up: `tracing` to stderr, human-readable by default or one JSON object per line with
//! `GROVE_LOG_FORMAT=json`; the filter comes from `GROVE_LOG` (default `info`).

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber. Call once, at the binary's edge.
pub fn init() {
    let filter = EnvFilter::try_from_env("GROVE_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let json = std::env::var("GROVE_LOG_FORMAT").is_ok_and(|v| v.eq_ignore_ascii_case("json"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()));
    if json {
        builder.json().flatten_event(true).init();
    } else {
        builder.init();
    }
}

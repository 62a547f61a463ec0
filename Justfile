# Grove task runner. The whole set-up is `just run` and `just test`.

set shell := ["bash", "-euo", "pipefail", "-c"]

export CARGO_TERM_COLOR := "never"

# List the recipes.
default:
    @just --list

# Build everything and start the server with the embedded defaults (data in ./grove-data).
run *ARGS: genes
    cargo build --release -p grove-host
    ./target/release/grove serve {{ARGS}}

# Formatting, clippy with warnings denied, and every test (unit and black-box).
test: genes
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    cargo build -p grove-host
    cargo test --workspace --no-fail-fast

# Build the default genes (wasm32-wasip2) into genes/dist, where the host embeds them from.
genes:
    @echo "genes: nothing to build yet"

# Benchmarks (release build): see docs/benchmarks.md for the figures.
bench:
    cargo build --release -p grove-host
    cargo run --release -p grove-packager --example pack-bench

# Lints only.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings

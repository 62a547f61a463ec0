#!/usr/bin/env bash
# Paraphrase recall@5 of search (issue 6), end to end: starts a fresh `grove serve` (debug
# build) on a temporary data dir, uploads the corpus documents that eval/search/*.toml name,
# waits until their jobs are ready, stops the server, and runs the eval example over the
# generated wikis: BM25 alone, the embedded embedder (hybrid, dense only) and, with a model
# directory (first argument, or GROVE_EVAL_EMBED_MODEL), the neural embedder.
# Usage: scripts/eval-search.sh [MODEL_DIR] [--verbose]
set -euo pipefail
cd "$(dirname "$0")/.."

model="${1:-${GROVE_EVAL_EMBED_MODEL:-}}"
shift || true
corpus="${GROVE_CORPUS:-../shared/corpus}"
sets=(eval/search/zh.toml eval/search/en.toml)

cargo build --quiet -p grove-host --bin grove --example eval_search
eval_bin=target/debug/examples/eval_search

tmp=$(mktemp -d)
server_pid=
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT

token="grove_evalsearch_$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"
GROVE_BOOTSTRAP_TOKEN="$token" target/debug/grove serve --data-dir "$tmp/data" \
    --bind 127.0.0.1:0 >"$tmp/server.out" 2>"$tmp/server.log" &
server_pid=$!
for _ in $(seq 1 200); do
    grep -q '^grove listening on ' "$tmp/server.out" 2>/dev/null && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.log" >&2; exit 1; }
    sleep 0.1
done
base=$(sed -n 's/^grove listening on //p' "$tmp/server.out" | head -1)
[ -n "$base" ] || { echo "eval-search: grove did not start" >&2; cat "$tmp/server.log" >&2; exit 1; }

json_field() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(eval("d"+sys.argv[1]))' "$1"; }

jobs=()
while IFS=$'\t' read -r file slug lang; do
    resp=$(curl -sS -H "Authorization: Bearer $token" -F "file=@$corpus/$file" \
        -F "wiki_slug=$slug" -F "lang=$lang" "$base/api/v1/upload")
    job=$(echo "$resp" | json_field '["job_id"]') || { echo "upload of $file failed: $resp" >&2; exit 1; }
    echo "eval-search: uploaded $file as $slug (job $job)" >&2
    jobs+=("$job")
done < <("$eval_bin" sources "${sets[@]}")

for job in "${jobs[@]}"; do
    for _ in $(seq 1 1200); do
        state=$(curl -sS -H "Authorization: Bearer $token" "$base/api/v1/jobs/$job" | json_field '["job"]["state"]')
        case "$state" in
            ready) break ;;
            failed|cancelled) echo "eval-search: job $job is $state" >&2; exit 1 ;;
        esac
        sleep 0.5
    done
    [ "$state" = ready ] || { echo "eval-search: job $job did not finish" >&2; exit 1; }
done
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=

args=(run --data-dir "$tmp/data")
[ -n "$model" ] && args+=(--embed-model "$model")
"$eval_bin" "${args[@]}" "$@" "${sets[@]}"

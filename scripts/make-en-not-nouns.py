#!/usr/bin/env python3
"""Regenerate host/src/analysis/data/en-not-nouns.txt.gz from WordNet 3.0.

The list holds the ordinary English words (those of en-background.txt.gz) that WordNet knows
only as verbs, adjectives or adverbs ("understand", "astray", "severe"), or as nouns in no
sense its tagged corpus ever used while another part of speech was ("forth", "needy"). The
analysis keeps such a word as a concept only where the text itself uses it as a noun.

It also holds the inflected forms WordNet's own morphology (its exception lists and suffix
rules, as its `morphy` applies them) reads as a verb's past or an adjective's degree and as no
noun ("exclaimed", "swung", "straighter"); not a form in -ing, which is often a noun of its
own ("buffering", "quoting"), nor one in -s, which may name a field ("Depends"). A rare lemma
(not an ordinary word) is listed where WordNet knows it as no noun and no verb ("direful");
inflected forms only where they are ordinary words. (A British spelling is looked up as the American one at run time:
`background::en_not_noun`.)

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


def exceptions(directory: str) -> dict:
    """(pos, inflected form) -> base forms, from WordNet's exception lists ("swung" -> "swing")."""
    out: dict = {}
    for pos, name in [("n", "noun"), ("v", "verb"), ("a", "adj"), ("r", "adv")]:
        with open(os.path.join(directory, name + ".exc"), encoding="latin-1") as f:
            for line in f:
                t = line.split()
                out.setdefault((pos, t[0]), []).extend(t[1:])
    return out


# WordNet's suffix rules (morphy's "detachment" rules), per part of speech.
SUFFIX_RULES = {
    "n": [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y")],
    "v": [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
          ("ing", "e"), ("ing", "")],
    "a": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
    "r": [],
}


def bases(word: str, pos: str, known: dict, exc: dict) -> set:
    """The lemmas of part of speech `pos` that `word` is an inflected form of."""
    out = set(exc.get((pos, word), []))
    for suffix, ending in SUFFIX_RULES[pos]:
        if word.endswith(suffix):
            base = word[: len(word) - len(suffix)] + ending
            out.add(base)
            # (a doubled consonant: "stopped", "rammed")
            if pos == "v" and ending == "" and len(base) >= 3 and base[-1] == base[-2]:
                out.add(base[:-1])
    return {b for b in out if pos in known.get(b, {})}


def no_noun(by_pos: dict) -> bool:
    """Whether WordNet's senses of a lemma make it no noun (see the module's doc)."""
    noun = by_pos.get("n")
    other = max((tag for p, (_, tag) in by_pos.items() if p != "n"), default=-1)
    return noun is None and other >= 0 or noun is not None and noun[1] == 0 and other >= 2


def main() -> None:
    with gzip.open(os.path.join(DATA, "en-background.txt.gz"), "rt") as f:
        ordinary = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    directory = wordnet_dir()
    known = senses(directory)
    exc = exceptions(directory)
    words = []
    # (every ordinary lemma WordNet knows as no noun, and rare ones that are no verb either:
    # "direful", "wilful"; not "reboot" or "unzip", a manual's nouns that WordNet knows only as
    # verbs)
    for w, by_pos in known.items():
        if no_noun(by_pos) and (w in ordinary or "v" not in by_pos):
            words.append(w)
    for w in ordinary:
        if w in known or not (w.isalpha() and w.isascii()):
            continue
        if w.endswith(("ing", "s")) or bases(w, "n", known, exc):
            pass  # a noun's plural ("men", "data"), or a form that may be a noun
        elif any(bases(w, p, known, exc) for p in "var"):
            words.append(w)  # a verb's or an adjective's form and no noun's
            continue
    words = sorted(set(words))
    body = "\n".join(words) + "\n"
    path = os.path.join(DATA, "en-not-nouns.txt.gz")
    with open(path, "wb") as raw:
        # (a fixed mtime keeps the file byte-identical across runs)
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as g:
            g.write(body.encode())
    print(f"{len(words)} words -> {path} (sha256 of text {hashlib.sha256(body.encode()).hexdigest()[:16]})")


if __name__ == "__main__":
    main()

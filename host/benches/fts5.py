#!/usr/bin/env python3
"""The SQLite FTS5 side of `cargo bench --bench search`: indexes the same pages (JSON lines with
id, title, aliases, body; CJK already segmented into space-separated words, as FTS5 has no
Chinese segmenter) with the porter tokenizer, runs the same queries with the same work as the
Grove side (top 20 by bm25 with title weighted, each with a highlighted snippet), and prints one
JSON line of figures. Only the standard library."""
import json
import sqlite3
import sys
import time


def main():
    pages_path, queries_path = sys.argv[1], sys.argv[2]
    db = sqlite3.connect(":memory:")
    db.execute(
        "CREATE VIRTUAL TABLE pages USING fts5(id UNINDEXED, title, aliases, body,"
        " tokenize='porter unicode61')"
    )
    t0 = time.perf_counter()
    with open(pages_path, encoding="utf-8") as f:
        rows = []
        for line in f:
            p = json.loads(line)
            rows.append((p["id"], p["title"], " ".join(p["aliases"]), p["body"]))
    db.executemany("INSERT INTO pages VALUES (?, ?, ?, ?)", rows)
    db.commit()
    build_s = time.perf_counter() - t0
    with open(queries_path, encoding="utf-8") as f:
        queries = [json.loads(line) for line in f]
    sql = (
        "SELECT id, title, snippet(pages, 3, '<b>', '</b>', '…', 24) FROM pages"
        " WHERE pages MATCH ? ORDER BY bm25(pages, 0.0, 4.0, 3.0, 1.0) LIMIT 20"
    )
    # warm-up
    for q in queries[:20]:
        db.execute(sql, (q["fts"],)).fetchall()
    times = []
    hits = 0
    for q in queries:
        t = time.perf_counter_ns()
        r = db.execute(sql, (q["fts"],)).fetchall()
        times.append((time.perf_counter_ns() - t) / 1e6)
        hits += len(r)
    times.sort()

    def pct(p):
        return times[min(len(times) - 1, int(len(times) * p))]

    print(json.dumps({
        "engine": "sqlite-fts5 " + sqlite3.sqlite_version,
        "pages": len(rows),
        "queries": len(times),
        "build_s": round(build_s, 3),
        "p50_ms": round(pct(0.50), 3),
        "p99_ms": round(pct(0.99), 3),
        "mean_ms": round(sum(times) / len(times), 3),
        "hits": hits,
    }))


if __name__ == "__main__":
    main()

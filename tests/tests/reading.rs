//! Reading the generated wikis against the real server: pages with cursor paging and detail,
//! statistics, graph, growth, overview, full-text search (Chinese segmentation with entry names
//! as tokens, English stemming, paging, bad queries), semantic search, every parameter bound,
//! ownership (403 another user's, 404 unknown, 403 integration tokens) and index rebuilds.

use grove_tests::*;
use serde_json::{Value, json};

fn enc(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn ready_wiki(server: &Server, token: &str, name: &str, text: String, lang: &str) -> Value {
    let (status, body) = server.upload(token, name, text.into_bytes(), &[("lang", lang)]);
    assert_eq!(status, 200, "{body}");
    let job = server.wait_job(token, body["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}\n{}", server.log());
    body
}

fn get(server: &Server, path: &str, token: &str) -> (u16, Value) {
    json_of(server.get(path, Some(token)))
}

fn expect_error(server: &Server, path: &str, token: &str, status: u16) -> String {
    let (s, body) = get(server, path, token);
    assert_eq!(s, status, "GET {path}: {body}");
    assert_error_body(s, &body, path)
}

fn chinese_sample() -> String {
    let mut s = String::from("论语选读\n\n学而第一\n\n");
    for line in [
        "子曰：学而时习之，不亦说乎？有朋自远方来，不亦乐乎？人不知而不愠，不亦君子乎？",
        "有子曰：其为人也孝弟，而好犯上者，鲜矣。君子务本，本立而道生。孝弟也者，其为仁之本与！",
        "曾子曰：吾日三省吾身：为人谋而不忠乎？与朋友交而不信乎？传不习乎？",
        "子曰：君子不重则不威，学则不固。主忠信，无友不如己者，过则勿惮改。",
        "子曰：君子食无求饱，居无求安，敏于事而慎于言，就有道而正焉，可谓好学也已。",
    ] {
        s.push_str(line);
        s.push('\n');
    }
    s.push_str("\n为政第二\n\n");
    for line in [
        "子曰：为政以德，譬如北辰，居其所而众星共之。",
        "子曰：温故而知新，可以为师矣。",
        "子曰：学而不思则罔，思而不学则殆。",
        "子曰：君子周而不比，小人比而不周。君子之德风，小人之德草。",
        "颜渊问仁。子曰：克己复礼为仁。一日克己复礼，天下归仁焉。",
        "子贡问君子。子曰：先行其言而后从之。君子不器。",
    ] {
        s.push_str(line);
        s.push('\n');
    }
    s
}

#[test]
fn pages_stats_graph_growth_overview_with_bounds_and_ownership() {
    let server = Server::start();
    let (_, alice) = server.issue_token("alice", "user");
    let (_, bob) = server.issue_token("bob", "user");
    let (_, integ) = server.issue_token("feeds", "integration");
    let up = ready_wiki(&server, &alice, "garden.txt", english_sample(), "en");
    let slug = up["wiki_slug"].as_str().unwrap().to_string();
    let w = format!("wiki={slug}");

    // ---- GET /pages: bounds, scope, paging
    for bad in ["", "&limit=0", "&limit=501", "&limit=x", "&limit=-1"] {
        let path = if bad.is_empty() {
            "/api/v1/pages".to_string()
        } else {
            format!("/api/v1/pages?{w}{bad}")
        };
        expect_error(&server, &path, &alice, 400);
    }
    expect_error(&server, "/api/v1/pages?wiki=nope", &alice, 404);
    expect_error(&server, &format!("/api/v1/pages?{w}"), &bob, 403);
    expect_error(&server, &format!("/api/v1/pages?{w}"), &integ, 403);
    expect_error(
        &server,
        &format!("/api/v1/pages?{w}&cursor=zzz"),
        &alice,
        400,
    );
    let (s, all) = get(&server, &format!("/api/v1/pages?{w}&limit=500"), &alice);
    assert_eq!(s, 200, "{all}");
    let items = all["items"].as_array().unwrap().clone();
    assert!(items.len() >= 2, "{all}");
    assert_eq!(all["has_more"], false);
    for it in &items {
        for f in ["id", "title", "type", "summary", "updated_at"] {
            assert!(it.get(f).is_some(), "item lacks {f}: {it}");
        }
    }
    let ids: Vec<String> = items
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_string())
        .collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted, "pages are listed in id order");
    let (s, def) = get(&server, &format!("/api/v1/pages?{w}"), &alice);
    assert_eq!(s, 200);
    assert_eq!(def["items"].as_array().unwrap().len(), items.len().min(100));
    let mut paged = Vec::new();
    let mut cursor = String::new();
    loop {
        let (s, page) = get(
            &server,
            &format!("/api/v1/pages?{w}&limit=1{cursor}"),
            &alice,
        );
        assert_eq!(s, 200, "{page}");
        paged.extend(
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["id"].as_str().unwrap().to_string()),
        );
        if page["has_more"] != true {
            break;
        }
        cursor = format!("&cursor={}", page["next_cursor"].as_str().unwrap());
        assert!(paged.len() <= ids.len());
    }
    assert_eq!(
        paged, ids,
        "cursor paging returns every page once, in order"
    );
    let ty = items[0]["type"].as_str().unwrap();
    let (_, typed) = get(&server, &format!("/api/v1/pages?{w}&type={ty}"), &alice);
    assert!(
        typed["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["type"] == ty)
    );
    let (_, none) = get(
        &server,
        &format!("/api/v1/pages?{w}&type=no-such-type"),
        &alice,
    );
    assert_eq!(none["items"], json!([]));

    // ---- GET /pages/{id}
    let id = &ids[0];
    expect_error(&server, &format!("/api/v1/pages/{id}"), &alice, 400);
    expect_error(
        &server,
        &format!("/api/v1/pages/no-such-page?{w}"),
        &alice,
        404,
    );
    expect_error(
        &server,
        &format!("/api/v1/pages/{id}?wiki=nope"),
        &alice,
        404,
    );
    expect_error(&server, &format!("/api/v1/pages/{id}?{w}"), &bob, 403);
    let mut linked = 0;
    for id in &ids {
        let (s, d) = get(&server, &format!("/api/v1/pages/{id}?{w}"), &alice);
        assert_eq!(s, 200, "{d}");
        let p = &d["page"];
        for f in [
            "id",
            "title",
            "type",
            "summary",
            "aliases",
            "body",
            "links",
            "backlinks",
            "citations",
            "quality",
            "gene",
            "gene_version",
            "revision",
            "created_at",
            "updated_at",
        ] {
            assert!(p.get(f).is_some(), "page lacks {f}: {p}");
        }
        assert!(
            !p["body"].as_str().unwrap().starts_with("---"),
            "front matter is not body"
        );
        assert!(p["revision"].as_str().is_some_and(|r| r.len() >= 7), "{p}");
        let cites = p["citations"].as_array().unwrap();
        assert!(!cites.is_empty(), "every page cites its source: {p}");
        for c in cites {
            assert!(c["quote"].as_str().is_some_and(|q| !q.is_empty()), "{c}");
            assert!(
                c["location"]["chapter"].is_u64(),
                "structured location: {c}"
            );
            assert!(c["location"]["label"].is_string(), "{c}");
        }
        // every link's target lists this page as a backlink
        for l in p["links"].as_array().unwrap() {
            linked += 1;
            let (_, t) = get(
                &server,
                &format!("/api/v1/pages/{}?{w}", l["id"].as_str().unwrap()),
                &alice,
            );
            assert!(
                t["page"]["backlinks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|b| b["id"] == p["id"]),
                "{} links to {} but is not among its backlinks",
                p["id"],
                l["id"]
            );
        }
    }

    // ---- GET /stats: exactly the spec's fields
    expect_error(&server, "/api/v1/stats", &alice, 400);
    expect_error(&server, "/api/v1/stats?wiki=nope", &alice, 404);
    expect_error(&server, &format!("/api/v1/stats?{w}"), &bob, 403);
    expect_error(&server, &format!("/api/v1/stats?{w}"), &integ, 403);
    let (s, st) = get(&server, &format!("/api/v1/stats?{w}"), &alice);
    assert_eq!(s, 200);
    let mut keys: Vec<&str> = st.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "ok",
            "total_chars",
            "total_pages",
            "type_distribution",
            "wiki"
        ]
    );
    assert_eq!(st["wiki"], slug.as_str());
    assert_eq!(st["total_pages"].as_u64().unwrap() as usize, ids.len());
    assert!(st["total_chars"].as_u64().unwrap() > 0);
    let dist: u64 = st["type_distribution"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(dist as usize, ids.len());

    // ---- GET /graph
    for bad in [
        "/api/v1/graph".to_string(),
        format!("/api/v1/graph?{w}&limit=0"),
        format!("/api/v1/graph?{w}&limit=5001"),
    ] {
        expect_error(&server, &bad, &alice, 400);
    }
    expect_error(&server, &format!("/api/v1/graph?{w}"), &bob, 403);
    expect_error(&server, "/api/v1/graph?wiki=nope", &alice, 404);
    let (s, g) = get(&server, &format!("/api/v1/graph?{w}&limit=5000"), &alice);
    assert_eq!(s, 200);
    assert_eq!(g["truncated"], false);
    assert_eq!(g["nodes"].as_array().unwrap().len(), ids.len());
    assert_eq!(g["total_edges"].as_u64().unwrap() as usize, linked);
    for e in g["edges"].as_array().unwrap() {
        for f in ["source", "target", "weight", "kind"] {
            assert!(e.get(f).is_some(), "{e}");
        }
    }
    let (_, g1) = get(&server, &format!("/api/v1/graph?{w}&limit=1"), &alice);
    assert_eq!(g1["truncated"], true);
    assert_eq!(g1["nodes"].as_array().unwrap().len(), 1);
    let max_degree = g["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["degree"].as_u64().unwrap())
        .max();
    assert_eq!(
        g1["nodes"][0]["degree"].as_u64(),
        max_degree,
        "the best-connected node is kept"
    );

    // ---- GET /wiki/{slug}/growth
    let base = format!("/api/v1/wiki/{slug}/growth");
    for bad in [
        "?granularity=minute",
        "?days=0",
        "?days=3651",
        "?days=x",
        "?granularity=hour&days=1000",
    ] {
        expect_error(&server, &format!("{base}{bad}"), &alice, 400);
    }
    expect_error(&server, "/api/v1/wiki/nope/growth", &alice, 404);
    expect_error(&server, &base, &bob, 403);
    for g in ["hour", "day", "week"] {
        let (s, gr) = get(&server, &format!("{base}?granularity={g}&days=2"), &alice);
        assert_eq!(s, 200, "{gr}");
        let buckets = gr["buckets"].as_array().unwrap();
        let added: u64 = buckets.iter().map(|b| b["added"].as_u64().unwrap()).sum();
        assert_eq!(added as usize, ids.len(), "{g}: {gr}");
        assert_eq!(
            buckets.last().unwrap()["total"].as_u64().unwrap() as usize,
            ids.len()
        );
    }

    // ---- GET /wikis-overview
    let (s, ov) = get(&server, "/api/v1/wikis-overview", &alice);
    assert_eq!(s, 200);
    let mine = ov["items"].as_array().unwrap();
    assert_eq!(mine.len(), 1);
    for f in [
        "slug",
        "id",
        "name",
        "status",
        "page_count",
        "coverage",
        "completion",
        "last_review_at",
        "serve_running",
        "butler_running",
    ] {
        assert!(mine[0].get(f).is_some(), "overview item lacks {f}");
    }
    assert_eq!(mine[0]["page_count"].as_u64().unwrap() as usize, ids.len());
    let (_, ov) = get(&server, "/api/v1/wikis-overview", &bob);
    assert_eq!(ov["items"], json!([]));
    let (_, ov) = get(&server, "/api/v1/wikis-overview", &server.admin);
    assert_eq!(ov["items"].as_array().unwrap().len(), 1);
    expect_error(&server, "/api/v1/wikis-overview", &integ, 403);
}

#[test]
fn full_text_and_semantic_search_in_both_languages() {
    let server = Server::start();
    let (_, alice) = server.issue_token("alice", "user");
    let (_, bob) = server.issue_token("bob", "user");
    let (_, integ) = server.issue_token("feeds", "integration");
    let en = ready_wiki(&server, &alice, "garden.txt", english_sample(), "en");
    let zh = ready_wiki(&server, &alice, "lunyu.txt", chinese_sample(), "zh");
    let en_slug = en["wiki_slug"].as_str().unwrap().to_string();
    let zh_slug = zh["wiki_slug"].as_str().unwrap().to_string();
    let search = |slug: &str, q: &str, extra: &str| {
        get(
            &server,
            &format!("/api/v1/wiki/{slug}/search?q={}{extra}", enc(q)),
            &alice,
        )
    };

    // bounds and errors
    let base = format!("/api/v1/wiki/{en_slug}/search");
    for bad in [
        "",
        "?q=",
        "?q=soil&limit=0",
        "?q=soil&limit=101",
        "?q=soil&offset=-1",
        "?q=soil&offset=10001",
        "?q=title%3A%28",
    ] {
        let code = expect_error(&server, &format!("{base}{bad}"), &alice, 400);
        if bad.contains("title") {
            assert_eq!(code, "bad_query");
        }
    }
    expect_error(&server, "/api/v1/wiki/nope/search?q=soil", &alice, 404);
    expect_error(&server, &format!("{base}?q=soil"), &bob, 403);
    expect_error(&server, &format!("{base}?q=soil"), &integ, 403);

    // English stemming: "planting" finds the page whose text says "planted"
    let (s, r) = search(&en_slug, "planting", "");
    assert_eq!(s, 200, "{r}");
    let hits = r["hits"].as_array().unwrap();
    assert!(!hits.is_empty(), "{r}");
    assert!(
        hits.iter()
            .any(|h| h["snippet"].as_str().unwrap().contains("planted")),
        "a hit shows 'planted' for the query 'planting': {r}"
    );
    for h in hits {
        for f in [
            "id",
            "title",
            "type",
            "score",
            "snippet",
            "snippet_html",
            "highlights",
        ] {
            assert!(h.get(f).is_some(), "hit lacks {f}: {h}");
        }
    }
    assert!(
        hits.iter()
            .any(|h| h["snippet_html"].as_str().unwrap().contains("<b>")),
        "{r}"
    );
    let (_, r) = search(&en_slug, "watering", "");
    assert!(
        !r["hits"].as_array().unwrap().is_empty(),
        "'watering' matches 'watered': {r}"
    );

    // titles outweigh bodies: a title's words find that page first
    let (_, pages) = get(&server, &format!("/api/v1/pages?wiki={en_slug}"), &alice);
    let compost = pages["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["title"] == "Compost")
        .cloned();
    if let Some(c) = compost {
        let (_, r) = search(&en_slug, "compost", "");
        assert_eq!(r["hits"][0]["id"], c["id"], "{r}");
    }

    // paging
    let (_, all) = search(&en_slug, "soil OR tree OR orchard OR compost", "&limit=100");
    let all_ids: Vec<Value> = all["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].clone())
        .collect();
    assert!(all_ids.len() >= 2, "{all}");
    let (_, p2) = search(
        &en_slug,
        "soil OR tree OR orchard OR compost",
        "&limit=1&offset=1",
    );
    assert_eq!(p2["hits"].as_array().unwrap().len(), 1);
    assert_eq!(p2["hits"][0]["id"], all_ids[1]);

    // Chinese: every Chinese entry name finds its entry first
    let (_, zh_pages) = get(&server, &format!("/api/v1/pages?wiki={zh_slug}"), &alice);
    let names: Vec<(String, String)> = zh_pages["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap().to_string(),
                p["title"].as_str().unwrap().to_string(),
            )
        })
        .filter(|(_, t)| t.chars().count() >= 2 && t.chars().all(|c| (c as u32) >= 0x3400))
        .collect();
    assert!(
        !names.is_empty(),
        "the Chinese wiki has Chinese entries: {zh_pages}"
    );
    for (id, title) in &names {
        let (s, r) = search(&zh_slug, title, "");
        assert_eq!(s, 200, "{r}");
        assert_eq!(r["hits"][0]["id"], id.as_str(), "query {title}: {r}");
        // the name inside a sentence, mixed with English words
        let (s, r) = search(&zh_slug, &format!("什么是{title} meaning"), "");
        assert_eq!(s, 200, "{r}");
        assert!(
            r["hits"]
                .as_array()
                .unwrap()
                .iter()
                .take(3)
                .any(|h| h["id"] == id.as_str()),
            "mixed query for {title}: {r}"
        );
    }

    // semantic search
    let post =
        |body: Value, token: &str| json_of(server.post_json("/api/v1/search", Some(token), &body));
    for bad in [
        json!({"query": "soil", "wiki": en_slug, "top_k": 0}),
        json!({"query": "soil", "wiki": en_slug, "top_k": 101}),
        json!({"query": "soil", "wiki": en_slug, "top_k": "ten"}),
        json!({"query": "soil"}),
        json!({"wiki": en_slug}),
        json!({"query": "  ", "wiki": en_slug}),
    ] {
        let (s, b) = post(bad.clone(), &alice);
        assert_eq!(s, 400, "{bad}: {b}");
        assert_error_body(s, &b, "POST /search");
    }
    let (s, b) = post(json!({"query": "soil", "wiki": "nope"}), &alice);
    assert_eq!(s, 404, "{b}");
    let (s, _) = post(json!({"query": "soil", "wiki": en_slug}), &bob);
    assert_eq!(s, 403);
    let (s, _) = post(json!({"query": "soil", "wiki": en_slug}), &integ);
    assert_eq!(s, 403);
    let (s, r) = post(
        json!({"query": "how to put a young tree in the ground", "wiki": en_slug, "top_k": 3}),
        &alice,
    );
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["mode"], "hybrid-embedded");
    let results = r["results"].as_array().unwrap();
    assert!(!results.is_empty() && results.len() <= 3, "{r}");
    let (s, r) = post(json!({"query": "修身与学习", "wiki": zh_slug}), &alice);
    assert_eq!(s, 200, "{r}");
    assert!(r["results"].as_array().unwrap().len() <= 10);

    // the index is derived: deleted or corrupt, it is rebuilt on the next search
    let (_, before) = search(&zh_slug, &names[0].1, "");
    let dir = server
        .data_dir
        .join("index")
        .join(zh["wiki_id"].as_str().unwrap());
    assert!(dir.exists(), "grow built the index at {}", dir.display());
    std::fs::remove_dir_all(&dir).unwrap();
    let (s, after) = search(&zh_slug, &names[0].1, "");
    assert_eq!(s, 200, "{after}");
    assert_eq!(before["hits"], after["hits"]);
    assert!(dir.exists());
    // A corrupt index (seen by a fresh process) is rebuilt too.
    let mut server = server;
    assert!(server.stop());
    std::fs::write(dir.join("meta.json"), b"{not json").unwrap();
    let server2 = Server::start_with(Options {
        data_dir: Some(server.data_dir.clone()),
        ..Default::default()
    });
    let (s, again) = json_of(server2.get(
        &format!("/api/v1/wiki/{zh_slug}/search?q={}", enc(&names[0].1)),
        Some(&alice),
    ));
    assert_eq!(s, 200, "{again}\n{}", server2.log());
    assert_eq!(before["hits"], again["hits"]);
}

/// A book in Traditional characters gets the genes' and the host's own words (出處, 相關條目)
/// in Traditional characters on every page, also where the quotes about an entry hold no
/// character that tells the script (the book's title does: 古文觀止).
#[test]
fn a_traditional_book_gets_traditional_words_on_every_page() {
    let server = Server::start();
    let (_, alice) = server.issue_token("alice", "user");
    let mut text = String::from("古文觀止\n\n卷一\n\n");
    for _ in 0..3 {
        for line in [
            "齊桓公問管仲曰：何以為國？管仲對曰：禮義廉恥，國之四維也。",
            "管仲曰：倉廩實而知禮節，衣食足而知榮辱。",
            "是能讀三墳、五典、八索、九丘。",
            "三墳、五典、八索、九丘，皆古書也。",
            "桓公曰：善哉！吾聞之矣。",
        ] {
            text.push_str(line);
            text.push('\n');
        }
    }
    let up = ready_wiki(&server, &alice, "古文觀止.txt", text, "zh");
    let w = format!("wiki={}", up["wiki_slug"].as_str().unwrap());
    let (s, all) = get(&server, &format!("/api/v1/pages?{w}&limit=500"), &alice);
    assert_eq!(s, 200, "{all}");
    let items = all["items"].as_array().unwrap();
    assert!(!items.is_empty(), "{all}");
    for it in items {
        let id = it["id"].as_str().unwrap();
        let (_, page) = get(&server, &format!("/api/v1/pages/{id}?{w}"), &alice);
        let body = page.to_string();
        for simplified in [
            "多见于",
            "首次出现",
            "一个作品",
            "中的概念",
            "常与",
            "出处",
            "所在章节",
            "相关条目",
        ] {
            assert!(
                !body.contains(simplified),
                "{simplified} on a page of a Traditional book: {body}"
            );
        }
    }
}

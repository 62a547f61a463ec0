//! Semantic search with a neural sentence-embedding model against the real server: the
//! all-MiniLM-L6-v2 model installed from its PyPI package (scripts/fetch-embed-model.sh, run by
//! `just test`) is given to `grove serve` with `GROVE_EMBED_MODEL`; a paraphrase that shares no
//! word with the document finds the page it describes, the answer says `hybrid-neural`, and the
//! page vectors are stored beside the index at grow time. A model directory that lacks a file
//! stops the start with a message naming the directory and the file.

use std::path::PathBuf;

use grove_tests::*;
use serde_json::{Value, json};

/// The installed model: `GROVE_TEST_EMBED_MODEL`, or where scripts/fetch-embed-model.sh puts it.
fn model_dir() -> PathBuf {
    let dir = std::env::var_os("GROVE_TEST_EMBED_MODEL")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/embed-model/all-MiniLM-L6-v2")
        });
    assert!(
        dir.join("model.safetensors").is_file(),
        "no embedding model at {}: run scripts/fetch-embed-model.sh (just test does)",
        dir.display()
    );
    dir
}

/// Three unrelated chapters; the queries below use none of their words.
fn handbook() -> String {
    let mut s = String::from("# The Smallholder's Notebook\n\n");
    s.push_str("## Keeping bees\n\n");
    s.push_str("A colony of bees lives in a wooden hive of frames filled with wax comb. ");
    s.push_str("The queen lays eggs while the workers gather nectar and pollen from flowers. ");
    s.push_str("The workers turn nectar into honey and store it in the comb for the winter. ");
    s.push_str("The beekeeper wears a veil and uses a smoker to calm the colony.\n\n");
    s.push_str("## Mending a bicycle\n\n");
    s.push_str("A puncture lets the air escape from the inner tube of a wheel. ");
    s.push_str("Lever the tyre off the rim, pull out the inner tube and find the hole. ");
    s.push_str("Glue a patch over the hole, refit the inner tube and pump it up. ");
    s.push_str("Check the brake pads and oil the chain before riding again.\n\n");
    s.push_str("## Baking sourdough\n\n");
    s.push_str("Sourdough rises with a starter of wild yeast instead of baker's yeast. ");
    s.push_str("Mix the starter with flour, water and salt, then knead the dough. ");
    s.push_str("Let the dough prove overnight in a cool kitchen. ");
    s.push_str("Bake the loaf in a very hot oven until the crust is dark.\n");
    s
}

fn post_search(server: &Server, token: &str, body: &Value) -> (u16, Value) {
    json_of(server.post_json("/api/v1/search", Some(token), body))
}

fn page_body(server: &Server, token: &str, slug: &str, id: &str) -> String {
    let (s, page) = json_of(server.get(&format!("/api/v1/pages/{id}?wiki={slug}"), Some(token)));
    assert_eq!(s, 200, "{page}");
    page["page"]["body"]
        .as_str()
        .unwrap_or_default()
        .to_lowercase()
}

#[test]
fn a_paraphrase_finds_its_page_with_the_neural_model() {
    let model = model_dir();
    let server = Server::start_with(Options {
        env: vec![(
            "GROVE_EMBED_MODEL".into(),
            model.to_string_lossy().into_owned(),
        )],
        ..Default::default()
    });
    assert!(
        server
            .log()
            .contains("semantic search uses the neural embedding model"),
        "{}",
        server.log()
    );
    let admin = server.admin.clone();
    let (_, alice) = server.issue_token("alice", "user");
    let (status, up) = server.upload(
        &alice,
        "smallholder.md",
        handbook().into_bytes(),
        &[("lang", "en")],
    );
    assert_eq!(status, 200, "{up}");
    let job = server.wait_job(&alice, up["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}\n{}", server.log());
    let slug = up["wiki_slug"].as_str().unwrap().to_string();

    // The page vectors were made at index time (grow) and stored beside the index.
    let index = server
        .data_dir
        .join("index")
        .join(up["wiki_id"].as_str().unwrap());
    assert!(
        index.join("grove-neural-vectors").is_file(),
        "no stored vectors in {}\n{}",
        index.display(),
        server.log()
    );

    // (query, words of the chapter it describes). No query word is in the document, so BM25
    // finds nothing and the answer comes from the model's vectors alone.
    let cases: [(&str, &[&str]); 3] = [
        (
            "my bike went flat, what now",
            &["puncture", "tube", "tyre", "brake", "patch"],
        ),
        (
            "insects producing something sweet",
            &["bee", "hive", "queen", "nectar", "honey"],
        ),
        (
            "making leavened loaves at home",
            &["sourdough", "starter", "dough", "yeast", "loaf"],
        ),
    ];
    for (query, markers) in cases {
        let (s, r) = post_search(
            &server,
            &alice,
            &json!({"query": query, "wiki": slug, "top_k": 3}),
        );
        assert_eq!(s, 200, "{r}");
        assert_eq!(r["mode"], "hybrid-neural", "{r}");
        let results = r["results"].as_array().unwrap();
        assert!(!results.is_empty() && results.len() <= 3, "{r}");
        for hit in results {
            assert!(
                hit["bm25_rank"].is_null(),
                "{query:?} shares a term with the document: {r}"
            );
        }
        let top = &results[0];
        let body = page_body(&server, &alice, &slug, top["id"].as_str().unwrap());
        assert!(
            markers.iter().any(|m| body.contains(m)),
            "{query:?}: the first result {} is not about {markers:?}: {body}",
            top["title"]
        );
    }

    // Ownership is unchanged by the mode: another user's wiki is 403.
    let (_, bob) = server.issue_token("bob", "user");
    let (s, _) = post_search(&server, &bob, &json!({"query": "bees", "wiki": slug}));
    assert_eq!(s, 403);
    let (s, _) = post_search(&server, &admin, &json!({"query": "bees", "wiki": slug}));
    assert_eq!(s, 200);
}

#[test]
fn a_model_directory_that_lacks_a_file_stops_the_start() {
    let model = model_dir();
    let tmp = tempfile::tempdir().unwrap();
    let partial = tmp.path().join("partial-model");
    std::fs::create_dir(&partial).unwrap();
    for f in ["config.json", "tokenizer.json"] {
        std::fs::copy(model.join(f), partial.join(f)).unwrap();
    }
    let cases = [
        (tmp.path().join("no-such-dir"), "not a directory"),
        (tmp.path().to_path_buf(), "config.json is missing"),
        (partial.clone(), "model.safetensors is missing"),
    ];
    for (dir, reason) in cases {
        let err = match Server::try_start(Options {
            env: vec![(
                "GROVE_EMBED_MODEL".into(),
                dir.to_string_lossy().into_owned(),
            )],
            ..Default::default()
        }) {
            Ok(_) => panic!("grove started with the model directory {}", dir.display()),
            Err(e) => e,
        };
        assert!(
            err.contains(&dir.display().to_string()) && err.contains(reason),
            "{}: expected {reason:?} naming the directory, got:\n{err}",
            dir.display()
        );
    }
}

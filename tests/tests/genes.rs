//! PENDING (not compiled): black-box tests of the gene endpoints, written against the harness but
//! not yet run; move to tests/tests/genes.rs and run `cargo test -p grove-tests --test genes`.
//!
//! The gene platform, black-box: GET /api/v1/genes on a fresh data dir (the embedded default
//! genes), roles, admin upload / rollback / reload / delete, refusals with their reasons, and hot
//! loading by dropping files into the genes dir while the server keeps serving.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use grove_tests::*;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A wasm built by `just genes`: (workspace dir relative to the repo, file stem). Builds it
/// when missing (once per process).
fn wasm(workspace: &str, stem: &str) -> Vec<u8> {
    static BUILT: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let ws = repo_root().join(workspace);
    let path = ws
        .join("target/wasm32-wasip2/release")
        .join(format!("{stem}.wasm"));
    let mut built = BUILT.lock().unwrap();
    if !path.exists() && !built.contains(&workspace.to_string()) {
        let ok = std::process::Command::new("cargo")
            .args(["build", "--quiet", "--target", "wasm32-wasip2", "--release"])
            .current_dir(&ws)
            .env_remove("CARGO_TARGET_DIR")
            .status()
            .is_ok_and(|s| s.success());
        assert!(
            ok,
            "building {workspace} for wasm32-wasip2 failed; run `just genes`"
        );
        built.push(workspace.to_string());
    }
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}; run `just genes`", path.display()))
}

fn hostile() -> Vec<u8> {
    wasm("genes", "gene_hostile")
}

fn glossary() -> Vec<u8> {
    wasm("examples/glossary-gene", "glossary_gene")
}

/// `bytes` plus a custom section: another sha256, same gene.
fn with_marker(bytes: &[u8], marker: &str) -> Vec<u8> {
    let mut payload = vec![8u8];
    payload.extend_from_slice(b"x-marker");
    payload.extend_from_slice(marker.as_bytes());
    let mut out = bytes.to_vec();
    out.push(0);
    assert!(payload.len() < 128);
    out.push(payload.len() as u8);
    out.extend_from_slice(&payload);
    out
}

fn genes(server: &Server) -> Vec<Value> {
    let (status, body) = json_of(server.get("/api/v1/genes", Some(&server.admin)));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ok"], true);
    body["genes"].as_array().unwrap().clone()
}

fn gene(server: &Server, name: &str) -> Option<Value> {
    genes(server).into_iter().find(|g| g["name"] == name)
}

fn wait_for(what: &str, timeout: Duration, mut f: impl FnMut() -> bool) -> Duration {
    let start = Instant::now();
    while !f() {
        assert!(start.elapsed() < timeout, "{what}: not within {timeout:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    start.elapsed()
}

fn upload_gene(server: &Server, token: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = reqwest::blocking::multipart::Form::new().part(
        "file",
        reqwest::blocking::multipart::Part::bytes(bytes).file_name("gene.wasm"),
    );
    json_of(
        server
            .request(Method::POST, "/api/v1/genes", Some(token))
            .multipart(form)
            .send()
            .expect("upload gene"),
    )
}

fn post(server: &Server, path: &str, token: &str) -> (u16, Value) {
    json_of(
        server
            .request(Method::POST, path, Some(token))
            .send()
            .unwrap(),
    )
}

#[test]
fn fresh_server_lists_the_default_genes_to_every_role_but_integration() {
    let server = Server::start();
    wait_for("default genes", Duration::from_secs(60), || {
        genes(&server)
            .iter()
            .filter(|g| g["status"] == "active")
            .count()
            == 4
    });
    let list = genes(&server);
    let names: Vec<&str> = list.iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["concept", "method", "other", "person"]);
    for g in &list {
        assert_eq!(g["abi"], "1.1.0", "{g}");
        assert_eq!(g["source"], "builtin", "{g}");
        assert_eq!(g["sha256"].as_str().unwrap().len(), 64);
        assert!(g["size"].as_u64().unwrap() > 1000);
        assert!(g["entry_types"].as_array().unwrap().len() == 1);
        assert!(g["loaded_at"].is_string());
        assert!(g["calls"]["total"].is_u64());
        assert!(g["latency"]["p50_ms"].is_number());
        assert!(g["last_error"].is_null());
    }
    let (_, body) = json_of(server.get("/api/v1/genes", Some(&server.admin)));
    assert_eq!(body["abi_supported"], serde_json::json!(["1.0.0", "1.1.0"]));

    let (_, user) = server.issue_token("reader", "user");
    let (status, _) = json_of(server.get("/api/v1/genes", Some(&user)));
    assert_eq!(status, 200);
    let (status, body) = json_of(server.get("/api/v1/genes/person", Some(&user)));
    assert_eq!(status, 200);
    assert_eq!(body["gene"]["name"], "person");
    let (_, integ) = server.issue_token("downstream", "integration");
    let (status, body) = json_of(server.get("/api/v1/genes", Some(&integ)));
    assert_eq!(status, 403);
    assert_error_body(status, &body, "integration on genes");
    let (status, _) = json_of(server.get("/api/v1/genes", None));
    assert_eq!(status, 401);
    let (status, body) = json_of(server.get("/api/v1/genes/nope", Some(&user)));
    assert_eq!(status, 404);
    assert_eq!(body["code"], "gene_not_found");
}

#[test]
fn admin_uploads_rolls_back_reloads_and_deletes_a_third_party_gene() {
    let server = Server::start();
    let (_, user) = server.issue_token("author", "user");
    // Only admins change genes.
    let (status, _) = upload_gene(&server, &user, glossary());
    assert_eq!(status, 403);
    let (status, _) = post(&server, "/api/v1/genes/person/reload", &user);
    assert_eq!(status, 403);

    // Refusals say why, and change nothing.
    let (status, body) = upload_gene(&server, &server.admin, wasm("genes", "gene_wrong_abi"));
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "gene_abi_unsupported");
    let msg = body["error"].as_str().unwrap();
    assert!(msg.contains("9.0.0") && msg.contains("1.0.0"), "{msg}");
    let (status, body) = upload_gene(&server, &server.admin, b"not a wasm file".to_vec());
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "gene_not_component");
    let (status, body) = upload_gene(&server, &server.admin, wasm("genes", "gene_broken"));
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "gene_self_test");

    // Upload v1, then v2: v2 active, v1 the previous.
    let v1 = glossary();
    let (status, body) = upload_gene(&server, &server.admin, v1.clone());
    assert_eq!(status, 200, "{body}");
    let sha1 = body["gene"]["sha256"].as_str().unwrap().to_string();
    assert_eq!(body["gene"]["name"], "glossary");
    assert_eq!(body["gene"]["source"], "upload");
    assert_eq!(body["gene"]["status"], "active");
    assert!(server.data_dir.join("genes/glossary.upload.wasm").exists());
    // Raw application/wasm bodies work too.
    let resp = server
        .request(Method::POST, "/api/v1/genes", Some(&server.admin))
        .header("content-type", "application/wasm")
        .body(with_marker(&v1, "v2"))
        .send()
        .unwrap();
    let (status, body) = json_of(resp);
    assert_eq!(status, 200, "{body}");
    let sha2 = body["gene"]["sha256"].as_str().unwrap().to_string();
    assert_ne!(sha1, sha2);
    assert_eq!(body["gene"]["previous"]["sha256"], sha1.as_str());
    let g = gene(&server, "glossary").unwrap();
    assert_eq!(g["sha256"], sha2.as_str());

    let (status, body) = post(&server, "/api/v1/genes/glossary/rollback", &server.admin);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["gene"]["sha256"], sha1.as_str());
    assert_eq!(gene(&server, "glossary").unwrap()["sha256"], sha1.as_str());
    // The rollback is what the genes dir holds now: the watcher's late events for the
    // uploads (debounced) never bring v2 back, and a restart would load v1.
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(gene(&server, "glossary").unwrap()["sha256"], sha1.as_str());
    let on_disk = std::fs::read(server.data_dir.join("genes/glossary.upload.wasm")).unwrap();
    assert_eq!(
        on_disk, v1,
        "the rolled-back version is written back to the genes dir"
    );

    let (status, body) = post(&server, "/api/v1/genes/glossary/reload", &server.admin);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["gene"]["status"], "active");
    assert_eq!(body["gene"]["sha256"], sha1.as_str());

    let (status, body) = json_of(server.delete("/api/v1/genes/glossary", Some(&server.admin)));
    assert_eq!(status, 200, "{body}");
    assert!(gene(&server, "glossary").is_none());
    assert!(!server.data_dir.join("genes/glossary.upload.wasm").exists());

    let (status, body) = json_of(server.delete("/api/v1/genes/concept", Some(&server.admin)));
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "gene_builtin");
    let (status, _) = post(&server, "/api/v1/genes/nope/rollback", &server.admin);
    assert_eq!(status, 404);
    wait_for("defaults", Duration::from_secs(60), || {
        genes(&server)
            .iter()
            .filter(|g| g["status"] == "active")
            .count()
            == 4
    });
    let (status, body) = post(&server, "/api/v1/genes/person/rollback", &server.admin);
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "gene_no_previous");
}

#[test]
fn genes_dropped_into_the_genes_dir_are_hot_loaded_and_bad_files_never_replace_good_ones() {
    let server = Server::start();
    let dir = server.data_dir.join("genes");
    wait_for("genes dir", Duration::from_secs(60), || {
        dir.exists() && genes(&server).len() >= 4
    });
    let path = dir.join("hostile.wasm");
    let tmp = dir.join(".hostile.part");
    let drop_file = |bytes: &[u8]| {
        std::fs::write(&tmp, bytes).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
    };

    drop_file(&hostile());
    let took = wait_for("drop", Duration::from_secs(10), || {
        gene(&server, "hostile").is_some_and(|g| g["status"] == "active")
    });
    eprintln!("file drop to active: {took:?}");
    let g = gene(&server, "hostile").unwrap();
    assert_eq!(g["source"], "dir");
    let sha1 = g["sha256"].as_str().unwrap().to_string();

    // A broken build of the same gene: refused, the working version stays, the error shows.
    drop_file(&wasm("genes", "gene_broken"));
    wait_for("error shown", Duration::from_secs(10), || {
        gene(&server, "hostile").is_some_and(|g| g["last_error"].is_string())
    });
    let g = gene(&server, "hostile").unwrap();
    assert_eq!(g["status"], "active");
    assert_eq!(g["sha256"], sha1.as_str());
    assert!(
        g["last_error"].as_str().unwrap().contains("self-test"),
        "{g}"
    );

    // A good replacement swaps in.
    drop_file(&with_marker(&hostile(), "hot-v2"));
    wait_for("swap", Duration::from_secs(10), || {
        gene(&server, "hostile").is_some_and(|g| g["sha256"] != sha1.as_str())
    });

    // Removing the file unloads it; the server kept serving throughout.
    std::fs::remove_file(&path).unwrap();
    wait_for("unload", Duration::from_secs(10), || {
        gene(&server, "hostile").is_none()
    });
    let (status, _) = json_of(server.get("/api/v1/health", None));
    assert_eq!(status, 200);
    assert_eq!(
        genes(&server)
            .iter()
            .filter(|g| g["status"] == "active")
            .count(),
        4
    );
}

/// A hostile third-party gene in a real job: every misbehaviour (endless loop, memory
/// exhaustion, panic, oversized output, too many citations, absurd import arguments, a log
/// flood) costs that entry only. The job reaches ready with the default genes' pages, the
/// faults are counted on the gene, and the server goes on serving.
#[test]
fn a_hostile_gene_in_a_real_job_costs_its_own_entries_only() {
    let server = Server::start();
    let dir = server.data_dir.join("genes");
    wait_for("genes dir", Duration::from_secs(60), || {
        dir.exists() && genes(&server).len() >= 4
    });
    let (status, body) = upload_gene(&server, &server.admin, hostile());
    assert_eq!(status, 200, "{body}");

    let doc = format!("# hostile:all\n\n{}", english_sample());
    let (status, body) = server.upload(
        &server.admin,
        "hostile-all.md",
        doc.into_bytes(),
        &[("lang", "en"), ("wiki_slug", "hostile")],
    );
    assert_eq!(status, 200, "{body}");
    let job = server.wait_job(&server.admin, body["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}\n{}", server.log());

    let (status, body) =
        json_of(server.get("/api/v1/pages?wiki=hostile&limit=500", Some(&server.admin)));
    assert_eq!(status, 200, "{body}");
    let titles: Vec<String> = body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap().to_string())
        .collect();
    assert!(titles.iter().any(|t| t == "Mary Fielding"), "{titles:?}");
    for bad in ["loop", "oom", "panic", "huge", "many"] {
        let t = format!("hostile {bad}");
        assert!(
            !titles.contains(&t),
            "{t} must not become a page: {titles:?}"
        );
    }

    let g = gene(&server, "hostile").unwrap();
    let calls = &g["calls"];
    assert!(calls["faults"].as_u64().unwrap() >= 1, "{g}");
    assert!(
        calls["timeouts"].as_u64().unwrap() >= 1,
        "the endless loop times out: {g}"
    );
    assert!(g["last_error"].is_string(), "{g}");

    // The server is healthy, and another job still runs to ready.
    let (status, health) = json_of(server.get("/api/v1/health", None));
    assert_eq!(status, 200, "{health}");
    let (status, body) = server.upload(
        &server.admin,
        "after.txt",
        english_sample().into_bytes(),
        &[("lang", "en")],
    );
    assert_eq!(status, 200, "{body}");
    let job = server.wait_job(&server.admin, body["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}");
}

/// A gene dropped into the genes dir and then replaced through the API: the upload supersedes
/// the dropped file (one file per gene), a rollback writes the genes dir back, and a restart
/// comes back to what was active.
#[test]
fn an_upload_supersedes_a_dropped_file_and_survives_a_restart() {
    let mut server = Server::start();
    let dir = server.data_dir.join("genes");
    wait_for("genes dir", Duration::from_secs(60), || {
        dir.exists() && genes(&server).len() >= 4
    });
    let dropped = dir.join("glossary.wasm");
    let v1 = glossary();
    std::fs::write(dir.join(".glossary.part"), &v1).unwrap();
    std::fs::rename(dir.join(".glossary.part"), &dropped).unwrap();
    let loaded = Instant::now();
    while !gene(&server, "glossary").is_some_and(|g| g["source"] == "dir") {
        assert!(
            loaded.elapsed() < Duration::from_secs(20),
            "drop not loaded: {:?}\n{}",
            gene(&server, "glossary"),
            server.log()
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    let v2 = with_marker(&v1, "api-v2");
    let (status, body) = upload_gene(&server, &server.admin, v2.clone());
    assert_eq!(status, 200, "{body}");
    let sha2 = body["gene"]["sha256"].as_str().unwrap().to_string();
    assert!(!dropped.exists(), "the upload supersedes the dropped file");
    assert_eq!(std::fs::read(dir.join("glossary.upload.wasm")).unwrap(), v2);

    // Restart: the uploaded version is the one loaded.
    let admin = server.admin.clone();
    let data_dir = server.data_dir.clone();
    assert!(server.stop(), "graceful stop\n{}", server.log());
    let keep = server;
    let server = Server::start_with(Options {
        data_dir: Some(data_dir),
        bootstrap_token: Some(admin),
        ..Options::default()
    });
    wait_for("reload after restart", Duration::from_secs(60), || {
        gene(&server, "glossary").is_some_and(|g| g["sha256"] == sha2.as_str())
    });
    let g = gene(&server, "glossary").unwrap();
    assert_eq!(g["source"], "upload", "{g}");
    drop(keep);
}

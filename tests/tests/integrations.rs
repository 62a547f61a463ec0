//! Packages and integrations against the real server: publish, the integration list (keyset
//! pagination, signed cursor: tampering, expiry, mismatch), the package endpoint (every header,
//! 200/206/304/400/403/404/409/413/416/429), exclusions proven by a tar listing, reproducibility
//! across a restart, and `grove pull` (mirror, 304 on the second run, client-side integrity).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use grove_tests::*;
use sha2::{Digest, Sha256};

struct Wiki {
    id: String,
    slug: String,
    dir: PathBuf,
}

/// Uploads a distinct English document and waits until it is ready.
fn ready_wiki(server: &Server, token: &str, slug: &str, public_domain: bool) -> Wiki {
    let mut text = english_sample();
    text.push_str(&format!(
        "\nChapter 3. {slug}\n\nThe {slug} notes were kept by Mary Fielding in the greenhouse. Compost from the {slug} bins fed the orchard.\n"
    ));
    let pd = if public_domain { "true" } else { "false" };
    let (status, body) = server.upload(
        token,
        &format!("{slug}.txt"),
        text.into_bytes(),
        &[("lang", "en"), ("wiki_slug", slug), ("public_domain", pd)],
    );
    assert_eq!(status, 200, "upload {slug}: {body}");
    let job = server.wait_job(token, body["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}\n{}", server.log());
    Wiki {
        id: body["wiki_id"].as_str().unwrap().to_string(),
        slug: body["wiki_slug"].as_str().unwrap().to_string(),
        dir: PathBuf::from(body["target_dir"].as_str().unwrap()),
    }
}

fn publish(server: &Server, token: &str, slug: &str) -> (u16, Value) {
    json_of(server.post_json(
        &format!("/api/v1/wiki/{slug}/publish"),
        Some(token),
        &json!({}),
    ))
}

fn artifact_path(id: &str) -> String {
    format!("/api/v1/integrations/wikis/{id}/artifact")
}

fn header(resp: &Response, name: &str) -> String {
    resp.headers()
        .get(name)
        .unwrap_or_else(|| panic!("header {name} missing: {:?}", resp.headers()))
        .to_str()
        .unwrap()
        .to_string()
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn list(server: &Server, token: &str, query: &str) -> (u16, Value) {
    json_of(server.get(&format!("/api/v1/integrations/wikis?{query}"), Some(token)))
}

#[test]
fn publish_rules_and_the_keyset_list_with_its_signed_cursor() {
    let server = Server::start_with(Options {
        args: vec!["--cursor-ttl".into(), "3s".into()],
        ..Options::default()
    });
    let (_, alice) = server.issue_token("alice", "user");
    let (_, bob) = server.issue_token("bob", "user");
    let (_, integ) = server.issue_token("mirror", "integration");
    let (_, integ2) = server.issue_token("mirror2", "integration");

    let a: Vec<Wiki> = (1..=3)
        .map(|i| ready_wiki(&server, &alice, &format!("alpha-{i}"), true))
        .collect();
    let b1 = ready_wiki(&server, &bob, "beta-1", true);
    let private = ready_wiki(&server, &alice, "private-1", false);

    // publish: role, ownership, existence, readiness
    let (status, body) = publish(&server, &integ, &a[0].slug);
    assert_eq!(status, 403, "{body}");
    assert_error_body(status, &body, "integration publishes");
    let (status, body) = publish(&server, &bob, &a[0].slug);
    assert_eq!(status, 403, "{body}");
    let (status, body) = publish(&server, &alice, "no-such-wiki");
    assert_eq!(status, 404, "{body}");
    assert_error_body(status, &body, "unknown slug");
    let (status, body) = server.upload(
        &alice,
        "later.txt",
        b"Later text about compost.".to_vec(),
        &[("lang", "en"), ("auto_start", "false")],
    );
    assert_eq!(status, 200, "{body}");
    let (status, body) = publish(&server, &alice, body["wiki_slug"].as_str().unwrap());
    assert_eq!(status, 409, "{body}");
    assert_eq!(assert_error_body(status, &body, "not ready"), "not_ready");

    for w in &a {
        let (status, body) = publish(&server, &alice, &w.slug);
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["wiki"]["publish_allowed"], true);
        assert_eq!(
            body["wiki"]["publishable"], true,
            "a ready, public-domain, complete wiki becomes publishable: {body}"
        );
    }
    // the private one: publish allowed but not public domain -> not publishable
    let (status, body) = publish(&server, &alice, &private.slug);
    assert_eq!(status, 200);
    assert_eq!(body["wiki"]["publishable"], false, "{body}");

    // bad parameters
    let (status, body) = list(&server, &integ, "preset=everything");
    assert_eq!(status, 400);
    assert_eq!(assert_error_body(status, &body, "preset"), "unknown_preset");
    for bad in ["0", "201", "many"] {
        let (status, body) = list(&server, &integ, &format!("page_size={bad}"));
        assert_eq!(status, 400, "page_size={bad}: {body}");
        assert_error_body(status, &body, "page_size");
    }

    // first page, exact item shape
    let (status, first) = list(&server, &integ, "preset=publishable&page_size=2");
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["ok"], true);
    assert_eq!(first["has_more"], true, "{first}");
    let items = first["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    let item = items[0].as_object().unwrap();
    let mut keys: Vec<&str> = item.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "artifact",
            "id",
            "name",
            "page_count",
            "slug",
            "status",
            "updated_at"
        ]
    );
    assert_eq!(item["status"], 3);
    assert!(item["page_count"].as_u64().unwrap() > 0);
    let ts = item["updated_at"].as_str().unwrap();
    assert!(ts.ends_with("+00:00"), "{ts}");
    assert_eq!(
        item["artifact"]["download_url"],
        artifact_path(item["id"].as_str().unwrap())
    );
    let cursor = first["next_cursor"].as_str().unwrap().to_string();

    // cursor rejections: tampered, other page_size, other preset-default mismatch, other token
    let mut tampered = cursor.clone().into_bytes();
    tampered[5] = if tampered[5] == b'x' { b'y' } else { b'x' };
    let tampered = String::from_utf8(tampered).unwrap();
    for (query, token, what) in [
        (
            format!("preset=publishable&page_size=2&cursor={tampered}"),
            &integ,
            "tampered",
        ),
        (
            format!("preset=publishable&page_size=3&cursor={cursor}"),
            &integ,
            "other page_size",
        ),
        (
            format!("preset=publishable&cursor={cursor}"),
            &integ,
            "page_size left out",
        ),
        (
            format!("preset=publishable&page_size=2&cursor={cursor}"),
            &integ2,
            "other token",
        ),
    ] {
        let (status, body) = list(&server, token, &query);
        assert_eq!(status, 400, "{what}: {body}");
        assert_eq!(
            assert_error_body(status, &body, what),
            "bad_cursor",
            "{what}"
        );
    }

    // the list changes between pages: bob's wiki is published, an already listed wiki is
    // updated (re-published), and one not yet listed is re-published too
    let seen_first: Vec<String> = items
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_string())
        .collect();
    let (status, _) = publish(&server, &bob, &b1.slug);
    assert_eq!(status, 200);
    let first_slug = items[0]["slug"].as_str().unwrap().to_string();
    let (status, _) = publish(&server, &alice, &first_slug);
    assert_eq!(status, 200);

    let mut all: Vec<String> = seen_first.clone();
    let mut next = Some(cursor);
    let mut pages = 1;
    while let Some(c) = next {
        let (status, page) = list(
            &server,
            &integ,
            &format!("preset=publishable&page_size=2&cursor={c}"),
        );
        assert_eq!(status, 200, "{page}");
        pages += 1;
        for i in page["items"].as_array().unwrap() {
            all.push(i["id"].as_str().unwrap().to_string());
        }
        next = if page["has_more"] == true {
            Some(page["next_cursor"].as_str().unwrap().to_string())
        } else {
            assert!(page["next_cursor"].is_null());
            None
        };
        assert!(pages < 10);
    }
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for id in &all {
        *counts.entry(id.as_str()).or_default() += 1;
    }
    for w in a.iter().chain([&b1]) {
        assert!(
            counts.contains_key(w.id.as_str()),
            "{} skipped: {all:?}",
            w.slug
        );
    }
    assert!(!counts.contains_key(private.id.as_str()));
    for (id, n) in &counts {
        let updated = *id == items[0]["id"].as_str().unwrap();
        assert!(
            *n == 1 || (updated && *n == 2),
            "{id} listed {n} times though unchanged: {all:?}"
        );
    }

    // a user sees only their own publishable wikis
    let (status, mine) = list(&server, &alice, "page_size=200");
    assert_eq!(status, 200);
    let ids: Vec<&str> = mine["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 3, "{mine}");
    assert!(!ids.contains(&b1.id.as_str()));

    // unpublish takes a wiki out of the list
    let (status, body) = json_of(server.post_json(
        &format!("/api/v1/wiki/{}/unpublish", a[1].slug),
        Some(&alice),
        &json!({}),
    ));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["wiki"]["publish_allowed"], false);
    let (_, all_now) = list(&server, &integ, "page_size=200");
    assert!(
        !all_now["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["id"] == a[1].id.as_str())
    );

    // expiry: a cursor older than --cursor-ttl is refused
    let (_, p1) = list(&server, &integ, "preset=publishable&page_size=1");
    let c = p1["next_cursor"].as_str().unwrap().to_string();
    std::thread::sleep(Duration::from_millis(3200));
    let (status, body) = list(
        &server,
        &integ,
        &format!("preset=publishable&page_size=1&cursor={c}"),
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(assert_error_body(status, &body, "expired"), "bad_cursor");
    assert!(
        body["error"].as_str().unwrap().contains("expired"),
        "{body}"
    );
}

#[test]
fn the_package_endpoint_headers_ranges_304_exclusions_and_access() {
    let tmp = tempfile::tempdir().unwrap();
    let data_dir = tmp.path().join("data");
    let admin = "test-admin-packages-0123456789abcdef".to_string();
    let opts = Options {
        data_dir: Some(data_dir.clone()),
        bootstrap_token: Some(admin.clone()),
        ..Options::default()
    };
    let mut server = Server::start_with(opts.clone());
    let (_, alice) = server.issue_token("alice", "user");
    let (_, bob) = server.issue_token("bob", "user");
    let (_, integ) = server.issue_token("mirror", "integration");
    let w = ready_wiki(&server, &alice, "garden", true);
    let unpublished = ready_wiki(&server, &alice, "unpub", true);
    let (status, body) = publish(&server, &alice, &w.slug);
    assert_eq!(status, 200, "{body}");

    // everything the package must leave out, at the root and deeper
    std::fs::create_dir_all(w.dir.join("logs")).unwrap();
    std::fs::write(w.dir.join("logs/run.log"), "log line\n").unwrap();
    std::fs::create_dir_all(w.dir.join("docs/logs")).unwrap();
    std::fs::write(w.dir.join("docs/logs/deep.log"), "deep\n").unwrap();
    std::fs::write(w.dir.join(".env"), "SECRET=1\n").unwrap();
    std::fs::write(w.dir.join("local/.env.local"), "SECRET=2\n").unwrap();
    std::os::unix::fs::symlink("/etc/passwd", w.dir.join("passwd-link")).unwrap();
    std::fs::write(w.dir.join("local/hard-a"), "hard\n").unwrap();
    std::fs::hard_link(w.dir.join("local/hard-a"), w.dir.join("local/hard-b")).unwrap();

    // HEAD: every header, no body
    let head = server
        .request(Method::HEAD, &artifact_path(&w.id), Some(&integ))
        .send()
        .unwrap();
    assert_eq!(head.status(), 200);
    let len: u64 = header(&head, "content-length").parse().unwrap();
    let sha = header(&head, "x-artifact-sha256");
    assert_eq!(sha.len(), 64);
    assert_eq!(header(&head, "etag"), format!("\"{sha}\""));
    let snapshot = header(&head, "x-artifact-snapshot");
    let version = header(&head, "x-wiki-version");
    assert_eq!(header(&head, "x-wiki-id"), w.id);
    assert_eq!(header(&head, "x-wiki-slug"), w.slug);
    let git_head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(&w.dir)
        .output()
        .unwrap();
    assert_eq!(
        version,
        String::from_utf8_lossy(&git_head.stdout).trim(),
        "X-Wiki-Version is the git HEAD"
    );

    // GET: the same snapshot, body matches Content-Length and X-Artifact-SHA256
    let get = server
        .request(Method::GET, &artifact_path(&w.id), Some(&integ))
        .send()
        .unwrap();
    assert_eq!(get.status(), 200);
    assert_eq!(header(&get, "x-artifact-sha256"), sha);
    assert_eq!(header(&get, "x-artifact-snapshot"), snapshot);
    assert_eq!(header(&get, "content-length"), len.to_string());
    let body = get.bytes().unwrap().to_vec();
    assert_eq!(body.len() as u64, len);
    assert_eq!(sha256_hex(&body), sha);

    // the tar listing proves the exclusions
    let pkg = tmp.path().join("garden.tar.gz");
    std::fs::write(&pkg, &body).unwrap();
    let listing = Command::new("tar").arg("-tzf").arg(&pkg).output().unwrap();
    assert!(listing.status.success());
    let names: Vec<String> = String::from_utf8_lossy(&listing.stdout)
        .lines()
        .map(|l| l.trim_end_matches('/').to_string())
        .collect();
    assert_eq!(names[0], "manifest.json");
    for kept in [".git", ".git/HEAD", "docs", "local/config.md", "corpus"] {
        assert!(names.iter().any(|n| n == kept), "{kept} missing: {names:?}");
    }
    for gone in [
        "logs",
        "logs/run.log",
        "docs/logs",
        "docs/logs/deep.log",
        ".env",
        "local/.env.local",
        "passwd-link",
        "local/hard-a",
        "local/hard-b",
    ] {
        assert!(
            !names.iter().any(|n| n == gone),
            "{gone} must be excluded: {names:?}"
        );
    }
    let manifest = Command::new("tar")
        .arg("-xzOf")
        .arg(&pkg)
        .arg("manifest.json")
        .output()
        .unwrap();
    let manifest: Value = serde_json::from_slice(&manifest.stdout).unwrap();
    assert_eq!(manifest["wiki_id"], w.id.as_str());
    assert_eq!(manifest["slug"], w.slug.as_str());
    assert_eq!(manifest["source_version"], version.as_str());
    assert_eq!(manifest["snapshot_id"], snapshot.as_str());

    // If-None-Match -> 304 (HEAD and GET), a stale tag -> 200
    for method in [Method::HEAD, Method::GET] {
        let resp = server
            .request(method.clone(), &artifact_path(&w.id), Some(&integ))
            .header("if-none-match", format!("\"{sha}\""))
            .send()
            .unwrap();
        assert_eq!(resp.status(), 304, "{method}");
        assert_eq!(header(&resp, "etag"), format!("\"{sha}\""));
    }
    let resp = server
        .request(Method::HEAD, &artifact_path(&w.id), Some(&integ))
        .header("if-none-match", "\"0000\"")
        .send()
        .unwrap();
    assert_eq!(resp.status(), 200);

    // Range -> 206 with Content-Range; past the end -> 416
    let resp = server
        .request(Method::GET, &artifact_path(&w.id), Some(&integ))
        .header("range", "bytes=10-109")
        .send()
        .unwrap();
    assert_eq!(resp.status(), 206);
    assert_eq!(
        header(&resp, "content-range"),
        format!("bytes 10-109/{len}")
    );
    assert_eq!(header(&resp, "content-length"), "100");
    assert_eq!(resp.bytes().unwrap().as_ref(), &body[10..110]);
    let resp = server
        .request(Method::GET, &artifact_path(&w.id), Some(&integ))
        .header("range", format!("bytes={len}-"))
        .send()
        .unwrap();
    assert_eq!(resp.status(), 416);
    assert_eq!(header(&resp, "content-range"), format!("bytes */{len}"));

    // access: 401, 404, 403 (another user; integration on an unpublished wiki), admin and
    // owner may fetch a ready unpublished wiki, 409 while not ready
    let status = |token: Option<&str>, id: &str| {
        let resp = server
            .request(Method::GET, &artifact_path(id), token)
            .send()
            .unwrap();
        let code = resp.status().as_u16();
        let (_, body) = json_of(resp);
        if code >= 400 {
            assert_error_body(code, &body, "artifact");
        }
        code
    };
    assert_eq!(status(None, &w.id), 401);
    assert_eq!(status(Some(&integ), "w_nonexistent"), 404);
    assert_eq!(status(Some(&bob), &w.id), 403);
    assert_eq!(status(Some(&integ), &unpublished.id), 403);
    assert_eq!(status(Some(&alice), &unpublished.id), 200);
    assert_eq!(status(Some(&server.admin), &unpublished.id), 200);
    let (code, created) = server.upload(
        &alice,
        "notyet.txt",
        b"Not yet started.".to_vec(),
        &[("lang", "en"), ("auto_start", "false")],
    );
    assert_eq!(code, 200);
    assert_eq!(
        status(Some(&alice), created["wiki_id"].as_str().unwrap()),
        409
    );

    // the package is reproducible: a restart (empty cache) rebuilds the same bytes and ETag
    assert!(server.stop());
    server = Server::start_with(opts);
    let resp = server
        .request(Method::GET, &artifact_path(&w.id), Some(&integ))
        .header("if-none-match", format!("\"{sha}\""))
        .send()
        .unwrap();
    assert_eq!(resp.status(), 304, "ETag survives a restart");
    let again = server
        .request(Method::GET, &artifact_path(&w.id), Some(&integ))
        .send()
        .unwrap();
    assert_eq!(header(&again, "x-artifact-sha256"), sha);
    assert_eq!(sha256_hex(&again.bytes().unwrap()), sha);
}

#[test]
fn a_wiki_edited_while_packing_gets_409() {
    let server = Server::start();
    let (_, alice) = server.issue_token("alice", "user");
    let w = ready_wiki(&server, &alice, "busy", true);
    // enough incompressible bytes that packing takes a while
    let big = w.dir.join("corpus/big");
    std::fs::create_dir_all(&big).unwrap();
    let mut seed = 0x9e3779b97f4a7c15u64;
    for i in 0..24 {
        let mut buf = vec![0u8; 2 << 20];
        for chunk in buf.chunks_mut(8) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            chunk.copy_from_slice(&seed.to_le_bytes()[..chunk.len()]);
        }
        std::fs::write(big.join(format!("blob-{i:02}")), buf).unwrap();
    }
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let stop = stop.clone();
        let dir = w.dir.clone();
        std::thread::spawn(move || {
            let mut n = 0u64;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                for i in 0..24 {
                    let p = dir.join(format!("corpus/big/blob-{i:02}"));
                    if let Ok(mut f) = std::fs::OpenOptions::new().append(true).open(&p) {
                        let _ = f.write_all(&n.to_le_bytes());
                    }
                }
                n += 1;
                std::thread::sleep(Duration::from_millis(2));
            }
        })
    };
    let resp = server
        .request(Method::GET, &artifact_path(&w.id), Some(&alice))
        .send()
        .unwrap();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    writer.join().unwrap();
    let (status, body) = json_of(resp);
    assert_eq!(status, 409, "{body}");
    assert_eq!(assert_error_body(status, &body, "changed"), "changed");
    // once quiet, the package builds
    let resp = server
        .request(Method::HEAD, &artifact_path(&w.id), Some(&alice))
        .send()
        .unwrap();
    assert_eq!(resp.status(), 200);
}

#[test]
fn size_cap_413_and_download_rate_429_with_retry_after() {
    let server = Server::start_with(Options {
        args: vec![
            "--package-max-bytes".into(),
            "1KiB".into(),
            "--download-rate".into(),
            "2/min".into(),
        ],
        ..Options::default()
    });
    let (_, alice) = server.issue_token("alice", "user");
    let w = ready_wiki(&server, &alice, "capped", true);
    let head = server
        .request(Method::HEAD, &artifact_path(&w.id), Some(&alice))
        .send()
        .unwrap();
    assert_eq!(head.status(), 413, "HEAD does not count against the rate");
    for _ in 0..2 {
        let (status, body) = json_of(server.get(&artifact_path(&w.id), Some(&alice)));
        assert_eq!(status, 413, "{body}");
        assert_eq!(assert_error_body(status, &body, "413"), "too_large");
    }
    let resp = server.get(&artifact_path(&w.id), Some(&alice));
    assert_eq!(resp.status(), 429);
    let retry: u64 = header(&resp, "retry-after").parse().unwrap();
    assert!((1..=30).contains(&retry), "Retry-After {retry}");
    let (status, body) = json_of(resp);
    assert_eq!(assert_error_body(status, &body, "429"), "rate_limited");
    // per client: another token still has its budget
    let (_, other) = server.issue_token("alice", "user");
    assert_eq!(
        server.get(&artifact_path(&w.id), Some(&other)).status(),
        413
    );
}

fn pull(server: &str, token: &str, out: &Path, rest: &[&str]) -> (bool, String) {
    let mut args = vec![
        "pull",
        "--server",
        server,
        "--out",
        out.to_str().unwrap(),
        "--quiet",
        "--backoff-ms",
        "50",
    ];
    args.extend_from_slice(rest);
    run_grove(&args, &[("GROVE_TOKEN", token)])
}

#[test]
fn grove_pull_all_mirrors_and_a_second_run_downloads_nothing() {
    let server = Server::start();
    let (_, alice) = server.issue_token("alice", "user");
    let (_, integ) = server.issue_token("mirror", "integration");
    let wikis: Vec<Wiki> = ["m-one", "m-two"]
        .iter()
        .map(|s| ready_wiki(&server, &alice, s, true))
        .collect();
    for w in &wikis {
        assert_eq!(publish(&server, &alice, &w.slug).0, 200);
    }
    let out = tempfile::tempdir().unwrap();
    let (ok, text) = pull(&server.base, &integ, out.path(), &["--all"]);
    assert!(ok, "{text}");
    for w in &wikis {
        let file = out.path().join(format!("{}.tar.gz", w.id));
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}\n{text}", w.slug));
        let head = server
            .request(Method::HEAD, &artifact_path(&w.id), Some(&integ))
            .send()
            .unwrap();
        assert_eq!(sha256_hex(&bytes), header(&head, "x-artifact-sha256"));
    }
    assert!(out.path().join(".grove-pull.json").is_file());
    let leftovers: Vec<_> = std::fs::read_dir(out.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".part"))
        .collect();
    assert!(leftovers.is_empty());
    assert!(text.contains("2 downloaded"), "{text}");

    let (ok, text) = pull(&server.base, &integ, out.path(), &["--all"]);
    assert!(ok, "{text}");
    assert!(
        text.contains("0 downloaded, 2 unchanged"),
        "second run must download nothing: {text}"
    );
}

/// A tiny HTTP server that answers from a table of canned responses, counting hits per path.
struct FakeServer {
    base: String,
    hits: Arc<Mutex<HashMap<String, usize>>>,
}

type Canned = Arc<dyn Fn(&str, usize) -> (u16, Vec<(String, String)>, Vec<u8>) + Send + Sync>;

impl FakeServer {
    fn start(respond: Canned) -> FakeServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let hits: Arc<Mutex<HashMap<String, usize>>> = Arc::default();
        let h = hits.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let respond = respond.clone();
                let hits = h.clone();
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(stream.try_clone().unwrap());
                    loop {
                        let mut line = String::new();
                        if reader.read_line(&mut line).unwrap_or(0) == 0 {
                            return;
                        }
                        let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                        loop {
                            let mut h = String::new();
                            if reader.read_line(&mut h).unwrap_or(0) == 0 || h.trim().is_empty() {
                                break;
                            }
                        }
                        let n = {
                            let mut m = hits.lock().unwrap();
                            let e = m.entry(path.clone()).or_default();
                            *e += 1;
                            *e
                        };
                        let (status, headers, body) = respond(&path, n);
                        let mut head = format!("HTTP/1.1 {status} X\r\n");
                        let mut has_len = false;
                        for (k, v) in &headers {
                            has_len |= k.eq_ignore_ascii_case("content-length");
                            head.push_str(&format!("{k}: {v}\r\n"));
                        }
                        if !has_len {
                            head.push_str(&format!("content-length: {}\r\n", body.len()));
                        }
                        head.push_str("\r\n");
                        if stream.write_all(head.as_bytes()).is_err()
                            || stream.write_all(&body).is_err()
                        {
                            return;
                        }
                        let _ = stream.flush();
                    }
                });
            }
        });
        FakeServer { base, hits }
    }

    fn hits(&self, path: &str) -> usize {
        self.hits.lock().unwrap().get(path).copied().unwrap_or(0)
    }
}

#[test]
fn grove_pull_checks_integrity_follows_redirects_and_retries_by_the_rules() {
    let good: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
    let good_sha = sha256_hex(&good);
    let g = good.clone();
    let gs = good_sha.clone();
    let fake = FakeServer::start(Arc::new(move |path: &str, n: usize| {
        let pkg = |sha: &str| {
            vec![
                ("x-artifact-sha256".to_string(), sha.to_string()),
                ("etag".to_string(), format!("\"{sha}\"")),
            ]
        };
        let art = |id: &str| format!("/api/v1/integrations/wikis/{id}/artifact");
        match path {
            p if p == art("redirected") => (
                302,
                vec![("location".into(), "/blobs/redirected".into())],
                vec![],
            ),
            "/blobs/redirected" => (200, pkg(&gs), g.clone()),
            p if p == art("tampered") => (200, pkg(&"0".repeat(64)), g.clone()),
            p if p == art("big") => (
                413,
                vec![],
                br#"{"ok":false,"error":"too big","code":"too_large"}"#.to_vec(),
            ),
            p if p == art("limited") && n == 1 => {
                (429, vec![("retry-after".into(), "1".into())], vec![])
            }
            p if p == art("limited") => (200, pkg(&gs), g.clone()),
            p if p == art("busy") && n <= 2 => (
                409,
                vec![],
                br#"{"ok":false,"error":"changed","code":"changed"}"#.to_vec(),
            ),
            p if p == art("busy") => (200, pkg(&gs), g.clone()),
            _ => (404, vec![], vec![]),
        }
    }));
    let out = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    let (ok, text) = pull(
        &fake.base,
        "any",
        out.path(),
        &["redirected", "tampered", "big", "limited", "busy"],
    );
    assert!(!ok, "a failed wiki makes the exit status non-zero: {text}");
    let file = |name: &str| out.path().join(name);
    for id in ["redirected", "limited", "busy"] {
        let bytes = std::fs::read(file(&format!("{id}.tar.gz")))
            .unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        assert_eq!(sha256_hex(&bytes), good_sha);
    }
    for id in ["tampered", "big"] {
        assert!(!file(&format!("{id}.tar.gz")).exists(), "{id}: {text}");
        assert!(!file(&format!("{id}.tar.gz.part")).exists(), "{id}: {text}");
    }
    assert!(text.contains("integrity check failed"), "{text}");
    assert_eq!(
        fake.hits("/api/v1/integrations/wikis/big/artifact"),
        1,
        "413 is never retried"
    );
    assert_eq!(fake.hits("/api/v1/integrations/wikis/limited/artifact"), 2);
    assert_eq!(fake.hits("/api/v1/integrations/wikis/busy/artifact"), 3);
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "429 waits as Retry-After says"
    );
    let mut leftover = Vec::new();
    for e in std::fs::read_dir(out.path()).unwrap().flatten() {
        let mut s = String::new();
        let _ = std::fs::File::open(e.path()).and_then(|mut f| f.read_to_string(&mut s));
        leftover.push(e.file_name().to_string_lossy().to_string());
    }
    assert!(
        !leftover.iter().any(|n| n.ends_with(".part")),
        "{leftover:?}"
    );
}

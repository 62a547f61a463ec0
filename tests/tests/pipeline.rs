//! From upload to ready: the upload rules, job states, ownership, the progress stream, dedup,
//! cancel and retry — against the real server.

use std::io::{BufRead, BufReader};

use grove_tests::*;

#[test]
fn an_upload_becomes_a_ready_wiki_with_pages_in_git() {
    let server = Server::start();
    let (_, alice) = server.issue_token("alice", "user");
    let (status, body) = server.upload(
        &alice,
        "garden.txt",
        english_sample().into_bytes(),
        &[("lang", "en")],
    );
    assert_eq!(status, 200, "{body}");
    for field in [
        "job_id",
        "wiki_id",
        "wiki_slug",
        "wiki_name",
        "target_dir",
        "message",
    ] {
        assert!(
            !body[field].is_null(),
            "upload response lacks {field}: {body}"
        );
    }
    assert_eq!(body["wiki_slug"], "garden");
    assert_eq!(body["wiki_name"], "garden");
    let job_id = body["job_id"].as_u64().unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains(&job_id.to_string())
    );
    let job = server.wait_job(&alice, job_id);
    assert_eq!(job["state"], "ready", "{job}\n{}", server.log());
    assert_eq!(job["progress"], 100);
    let stages: Vec<&str> = job["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(stages, ["egg", "boot", "grow"]);
    assert!(
        job["stages"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["ms"].is_u64())
    );

    let dir = std::path::PathBuf::from(body["target_dir"].as_str().unwrap());
    for part in [
        ".git",
        "local/config.md",
        "corpus/garden.txt",
        "corpus/text.md",
        "docs",
    ] {
        assert!(
            dir.join(part).exists(),
            "{part} missing in {}",
            dir.display()
        );
    }
    let pages: Vec<_> = std::fs::read_dir(dir.join("docs"))
        .unwrap()
        .flatten()
        .collect();
    assert!(!pages.is_empty(), "grow wrote no pages:\n{}", server.log());
    let log = std::process::Command::new("git")
        .args(["log", "--oneline"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&log.stdout);
    assert!(log.contains("Grow:"), "git log: {log}");
}

#[test]
fn upload_rules_give_their_errors() {
    let server = Server::start_with(Options {
        args: vec!["--upload-max-bytes".into(), "64KiB".into()],
        ..Options::default()
    });
    let admin = server.admin.clone();
    let txt = || b"Some plain text about compost and soil.\n".to_vec();
    let png = vec![
        0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, b'I', b'H', b'D', b'R',
    ];
    type Case<'a> = (
        &'a str,
        &'a str,
        Vec<u8>,
        Vec<(&'a str, &'a str)>,
        u16,
        &'a str,
    );
    let cases: Vec<Case<'_>> = vec![
        (
            "illegal slug",
            "a.txt",
            txt(),
            vec![("wiki_slug", "Bad_Slug")],
            400,
            "bad_slug",
        ),
        (
            "slug with a slash",
            "a.txt",
            txt(),
            vec![("wiki_slug", "../x")],
            400,
            "bad_slug",
        ),
        (
            "bad lang",
            "a.txt",
            txt(),
            vec![("lang", "fr")],
            400,
            "bad_lang",
        ),
        (
            "bad auto_start",
            "a.txt",
            txt(),
            vec![("auto_start", "maybe")],
            400,
            "bad_field",
        ),
        (
            "unknown field",
            "a.txt",
            txt(),
            vec![("colour", "red")],
            400,
            "bad_field",
        ),
        (
            "png image",
            "a.png",
            png.clone(),
            vec![],
            400,
            "unsupported_file_type",
        ),
        (
            "png named txt",
            "a.txt",
            png,
            vec![],
            400,
            "unsupported_file_type",
        ),
        (
            "empty file",
            "a.txt",
            vec![],
            vec![],
            400,
            "unsupported_file_type",
        ),
        (
            "over the cap",
            "big.txt",
            vec![b'a'; 200 * 1024],
            vec![],
            413,
            "too_large",
        ),
    ];
    for (what, name, bytes, fields, want_status, want_code) in cases {
        let (status, body) = server.upload(&admin, name, bytes, &fields);
        assert_eq!(status, want_status, "{what}: {body}");
        assert_eq!(assert_error_body(status, &body, what), want_code, "{what}");
    }
    // Nothing was left behind by the refused uploads.
    let leftovers: Vec<_> = std::fs::read_dir(server.data_dir.join("uploads"))
        .unwrap()
        .flatten()
        .collect();
    assert!(
        leftovers.is_empty(),
        "refused uploads left files: {leftovers:?}"
    );
    // Not multipart at all.
    let (s, body) = json_of(
        server
            .request(Method::POST, "/api/v1/upload", Some(&admin))
            .body("x")
            .send()
            .unwrap(),
    );
    assert_eq!(
        (s, assert_error_body(s, &body, "not multipart")),
        (400, "bad_multipart".into())
    );
}

#[test]
fn slugs_conflict_with_suffixes_and_chinese_names_become_pinyin() {
    let server = Server::start();
    let admin = server.admin.clone();
    let no_start = ("auto_start", "false");
    let slugs: Vec<String> = (0..3)
        .map(|_| {
            let (s, b) = server.upload(
                &admin,
                "book.txt",
                b"text one two three".to_vec(),
                &[("wiki_slug", "book"), no_start],
            );
            assert_eq!(s, 200, "{b}");
            b["wiki_slug"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(slugs, ["book", "book-2", "book-3"]);
    let (_, b) = server.upload(
        &admin,
        "lunyu.txt",
        "子曰：学而时习之。".as_bytes().to_vec(),
        &[("wiki_name", "论语"), no_start],
    );
    assert_eq!(b["wiki_slug"], "lun-yu");
    assert_eq!(b["wiki_name"], "论语");
}

#[test]
fn jobs_belong_to_their_owner() {
    let server = Server::start();
    let (_, alice) = server.issue_token("alice", "user");
    let (_, bob) = server.issue_token("bob", "user");
    let (_, mirror) = server.issue_token("mirror", "integration");
    let (_, body) = server.upload(
        &alice,
        "a.txt",
        b"Alice's notes on soil.".to_vec(),
        &[("auto_start", "false")],
    );
    let job = body["job_id"].as_u64().unwrap();
    for (who, token, want) in [
        ("owner", &alice, 200),
        ("admin", &server.admin, 200),
        ("other user", &bob, 403),
        ("integration", &mirror, 403),
    ] {
        let (s, b) = json_of(server.get(&format!("/api/v1/jobs/{job}"), Some(token)));
        assert_eq!(s, want, "{who}: {b}");
        if want != 200 {
            assert_eq!(assert_error_body(s, &b, who), "forbidden");
        }
        let (s, _) = json_of(server.post_json(
            &format!("/api/v1/jobs/{job}/start"),
            Some(token),
            &json!({}),
        ));
        if want == 403 {
            assert_eq!(s, 403, "{who} may not start another's job");
        }
    }
    let (s, b) = json_of(server.get("/api/v1/jobs/999999", Some(&alice)));
    assert_eq!(
        (s, assert_error_body(s, &b, "unknown job")),
        (404, "not_found".into())
    );
    let (s, _) = json_of(server.get("/api/v1/jobs/nope", Some(&alice)));
    assert_eq!(s, 404);
    // The stream obeys the same rules, with the token in access_token.
    let s = server
        .get(
            &format!("/api/v1/jobs/{job}/stream?access_token={bob}"),
            None,
        )
        .status();
    assert_eq!(s, 403);
    let s = server
        .get(
            &format!("/api/v1/jobs/{job}/stream?access_token=wrong"),
            None,
        )
        .status();
    assert_eq!(s, 401);
    // access_token is accepted on the stream route only.
    let s = server
        .get(&format!("/api/v1/jobs/{job}?access_token={alice}"), None)
        .status();
    assert_eq!(s, 401);
}

#[test]
fn created_jobs_start_later_and_cancel_and_retry_work() {
    let server = Server::start();
    let admin = server.admin.clone();
    let (_, body) = server.upload(
        &admin,
        "garden.txt",
        english_sample().into_bytes(),
        &[("auto_start", "false"), ("lang", "en")],
    );
    let job = body["job_id"].as_u64().unwrap();
    let (_, b) = json_of(server.get(&format!("/api/v1/jobs/{job}"), Some(&admin)));
    assert_eq!(b["job"]["state"], "created");
    let post = |action: &str| {
        json_of(server.post_json(
            &format!("/api/v1/jobs/{job}/{action}"),
            Some(&admin),
            &json!({}),
        ))
    };
    let (s, b) = post("retry");
    assert_eq!(
        (s, b["code"].as_str()),
        (409, Some("wrong_state")),
        "retry needs failed or cancelled"
    );
    let (s, b) = post("cancel");
    assert_eq!((s, b["job"]["state"].as_str()), (200, Some("cancelled")));
    let (s, _) = post("start");
    assert_eq!(s, 409, "a cancelled job is retried, not started");
    let (s, b) = post("retry");
    assert_eq!(s, 200, "{b}");
    let done = server.wait_job(&admin, job);
    assert_eq!(done["state"], "ready", "{done}");
    let (s, _) = post("frobnicate");
    assert_eq!(s, 404);
}

#[test]
fn identical_content_is_cloned_not_regenerated() {
    let server = Server::start();
    let admin = server.admin.clone();
    let (_, first) = server.upload(
        &admin,
        "garden.txt",
        english_sample().into_bytes(),
        &[("lang", "en")],
    );
    let first_job = server.wait_job(&admin, first["job_id"].as_u64().unwrap());
    assert_eq!(first_job["state"], "ready");
    // Same text, different encoding and name: UTF-16 with BOM.
    let mut utf16 = vec![0xFF, 0xFE];
    for unit in english_sample().encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    let (s, second) = server.upload(&admin, "copy.txt", utf16, &[("lang", "en")]);
    assert_eq!(s, 200, "{second}");
    let job = server.wait_job(&admin, second["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}");
    assert_eq!(job["cloned_from"], first["wiki_id"], "{job}");
    let stages: Vec<&str> = job["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(stages, ["egg"], "a clone skips boot and grow");
    let dir = std::path::PathBuf::from(second["target_dir"].as_str().unwrap());
    assert!(std::fs::read_dir(dir.join("docs")).unwrap().count() > 0);
    assert_ne!(second["wiki_id"], first["wiki_id"]);
}

/// Reads SSE events (id, event) from a stream until it ends.
fn read_events(resp: Response) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    let (mut id, mut event, mut data) = (String::new(), String::new(), String::new());
    for line in BufReader::new(resp).lines() {
        let line = line.unwrap();
        if let Some(v) = line.strip_prefix("id:") {
            id = v.trim().into();
        } else if let Some(v) = line.strip_prefix("event:") {
            event = v.trim().into();
        } else if let Some(v) = line.strip_prefix("data:") {
            data = v.trim().into();
        } else if line.is_empty() && !event.is_empty() {
            out.push((
                id.clone(),
                event.clone(),
                serde_json::from_str(&data).unwrap_or(Value::Null),
            ));
            event.clear();
        }
    }
    out
}

#[test]
fn the_progress_stream_snapshots_then_follows_to_done_and_resumes() {
    let server = Server::start();
    let admin = server.admin.clone();
    let (_, body) = server.upload(
        &admin,
        "garden.txt",
        english_sample().into_bytes(),
        &[("auto_start", "false"), ("lang", "en")],
    );
    let job = body["job_id"].as_u64().unwrap();
    let url = format!("/api/v1/jobs/{job}/stream?access_token={admin}");
    let resp = server.get(&url, None);
    assert_eq!(resp.status(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    server.post_json(
        &format!("/api/v1/jobs/{job}/start"),
        Some(&admin),
        &json!({}),
    );
    let events = read_events(resp);
    let kinds: Vec<&str> = events.iter().map(|e| e.1.as_str()).collect();
    assert_eq!(kinds.first(), Some(&"state"), "{kinds:?}");
    assert_eq!(
        events[0].2["state"], "created",
        "the first event is a snapshot"
    );
    assert_eq!(kinds.last(), Some(&"done"), "{kinds:?}");
    for stage in ["egg", "boot", "grow"] {
        assert!(
            events
                .iter()
                .any(|e| e.1 == "state" && e.2["state"] == stage),
            "no state event for {stage}: {kinds:?}"
        );
    }
    let ids: Vec<u64> = events.iter().map(|e| e.0.parse().unwrap()).collect();
    assert!(
        ids.windows(2).all(|w| w[0] <= w[1]),
        "ids increase: {ids:?}"
    );

    // Resume from the middle: only what came after, ending with done.
    let mid = &events[events.len() / 2].0;
    let resumed = read_events(
        server
            .client()
            .get(server.url(&url))
            .header("last-event-id", mid.as_str())
            .send()
            .unwrap(),
    );
    assert!(
        resumed
            .iter()
            .all(|e| e.0.parse::<u64>().unwrap() > mid.parse::<u64>().unwrap()),
        "{resumed:?}"
    );
    assert_eq!(resumed.last().map(|e| e.1.as_str()), Some("done"));

    // A finished job's stream is a snapshot and the final event.
    let again = read_events(server.get(&url, None));
    let kinds: Vec<&str> = again.iter().map(|e| e.1.as_str()).collect();
    assert_eq!(kinds, ["state", "done"]);
}

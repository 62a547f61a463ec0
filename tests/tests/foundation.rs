//! The foundation: health, auth on every route, roles, tokens, the error body, bootstrap,
//! restart persistence, the data-dir lock and configuration errors.

use grove_tests::*;

/// Every operation of the OpenAPI document: (method, path with parameters filled, secured).
fn documented_operations(server: &Server) -> Vec<(Method, String, bool)> {
    let (status, doc) = json_of(server.get("/openapi.json", None));
    assert_eq!(status, 200);
    assert_eq!(doc["openapi"], "3.1.0");
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().unwrap() {
            let method: Method = method.to_uppercase().parse().unwrap();
            let secured = op
                .get("security")
                .is_none_or(|s| s.as_array().is_none_or(|a| !a.is_empty()));
            let filled = path
                .split('/')
                .map(|seg| if seg.starts_with('{') { "1" } else { seg })
                .collect::<Vec<_>>()
                .join("/");
            ops.push((method, filled, secured));
        }
    }
    assert!(
        ops.len() >= 5,
        "the OpenAPI document lists too few operations: {ops:?}"
    );
    ops
}

#[test]
fn health_needs_no_token_and_reports_status() {
    let server = Server::start();
    let (status, body) = json_of(server.get("/api/v1/health", None));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ok"], true);
    assert_eq!(body["status"], "ok");
    assert!(body["version"].is_string());
    assert!(body["uptime_s"].is_u64());
    assert!(body["queue_depth"].is_u64());
    assert!(body["genes_loaded"].is_u64());
    assert_eq!(body["storage"]["ok"], true);
}

#[test]
fn every_documented_operation_is_routed() {
    let server = Server::start();
    for (method, path, _) in documented_operations(&server) {
        let resp = server
            .request(method.clone(), &path, Some(&server.admin))
            .send()
            .unwrap();
        let (status, body) = json_of(resp);
        assert_ne!(
            status, 405,
            "{method} {path} is documented but not routed: {body}"
        );
        assert_ne!(
            body["code"], "route_not_found",
            "{method} {path} is documented but not routed"
        );
    }
}

#[test]
fn every_authenticated_route_rejects_missing_bad_and_revoked_tokens() {
    let server = Server::start();
    let (revoked_id, revoked) = server.issue_token("carol", "admin");
    let (status, _) =
        json_of(server.delete(&format!("/api/v1/tokens/{revoked_id}"), Some(&server.admin)));
    assert_eq!(status, 200);
    let bad_tokens: [(&str, Option<&str>); 5] = [
        ("no token", None),
        ("garbage", Some("not-a-token")),
        (
            "well-formed unknown",
            Some("grove_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
        ),
        ("revoked", Some(&revoked)),
        (
            "admin token with a wrong last char",
            Some(&server.admin[..server.admin.len() - 1]),
        ),
    ];
    let ops = documented_operations(&server);
    for (method, path, secured) in &ops {
        if !secured {
            continue;
        }
        for (what, token) in &bad_tokens {
            let (status, body) =
                json_of(server.request(method.clone(), path, *token).send().unwrap());
            assert_eq!(status, 401, "{method} {path} with {what}: {body}");
            if *method != Method::HEAD {
                assert_eq!(assert_error_body(status, &body, path), "unauthorized");
            }
        }
        // A malformed Authorization header (not Bearer) is 401 too.
        let resp = server
            .client()
            .request(method.clone(), server.url(path))
            .header("authorization", "Basic dXNlcjpwdw==")
            .send()
            .unwrap();
        assert_eq!(resp.status(), 401, "{method} {path} with Basic auth");
    }
}

#[test]
fn token_administration_is_admin_only_and_secrets_are_shown_once() {
    let server = Server::start();
    let (_, user) = server.issue_token("alice", "user");
    let (_, integration) = server.issue_token("mirror", "integration");
    for token in [&user, &integration] {
        let (s, body) = json_of(server.get("/api/v1/tokens", Some(token)));
        assert_eq!(s, 403, "{body}");
        assert_eq!(assert_error_body(s, &body, "list tokens"), "forbidden");
        let (s, _) = json_of(server.post_json(
            "/api/v1/tokens",
            Some(token),
            &json!({"user": "x", "role": "admin"}),
        ));
        assert_eq!(s, 403);
    }
    let (s, body) = json_of(server.get("/api/v1/tokens", Some(&server.admin)));
    assert_eq!(s, 200);
    let listed = body.to_string();
    assert!(
        !listed.contains(&user) && !listed.contains(&integration),
        "secrets must never be listed"
    );
    assert!(body["items"].as_array().unwrap().len() >= 3);

    let cases = [
        (json!({"user": "bob", "role": "superuser"}), 400, "bad_role"),
        (json!({"user": "", "role": "user"}), 400, "bad_user"),
        (json!({"user": "bob"}), 400, "bad_json"),
        (
            json!({"user": "bob", "role": "user", "extra": 1}),
            400,
            "bad_json",
        ),
    ];
    for (req, want_status, want_code) in cases {
        let (s, body) = json_of(server.post_json("/api/v1/tokens", Some(&server.admin), &req));
        assert_eq!(s, want_status, "{req}: {body}");
        assert_eq!(assert_error_body(s, &body, "create token"), want_code);
    }
    let (s, body) = json_of(server.delete("/api/v1/tokens/nope", Some(&server.admin)));
    assert_eq!(
        (s, assert_error_body(s, &body, "revoke")),
        (404, "not_found".to_string())
    );
}

#[test]
fn errors_have_the_json_body_on_every_path() {
    let server = Server::start();
    let admin = Some(server.admin.as_str());
    let big = "x".repeat(2 << 20);
    let cases: Vec<(&str, reqwest::blocking::RequestBuilder, u16, &str)> = vec![
        (
            "unknown route",
            server.request(Method::GET, "/api/v1/nope", admin),
            404,
            "route_not_found",
        ),
        (
            "unknown root",
            server.request(Method::GET, "/", None),
            404,
            "route_not_found",
        ),
        (
            "wrong method",
            server.request(Method::PUT, "/api/v1/tokens", admin),
            405,
            "method_not_allowed",
        ),
        (
            "wrong method on health",
            server.request(Method::POST, "/api/v1/health", None),
            405,
            "method_not_allowed",
        ),
        (
            "malformed json",
            server
                .request(Method::POST, "/api/v1/tokens", admin)
                .header("content-type", "application/json")
                .body("{\"user\":"),
            400,
            "bad_json",
        ),
        (
            "body over the limit",
            server
                .request(Method::POST, "/api/v1/tokens", admin)
                .body(big),
            413,
            "too_large",
        ),
    ];
    for (what, rb, want_status, want_code) in cases {
        let (status, body) = json_of(rb.send().unwrap());
        assert_eq!(status, want_status, "{what}: {body}");
        assert_eq!(assert_error_body(status, &body, what), want_code, "{what}");
    }
    // Each response carries a request id, and the log has one line per request.
    let resp = server.get("/api/v1/health", None);
    let rid = resp.headers()["x-request-id"].to_str().unwrap().to_string();
    std::thread::sleep(std::time::Duration::from_millis(100));
    let log = server.log();
    let line = log
        .lines()
        .find(|l| l.contains(&rid))
        .unwrap_or_else(|| panic!("no log line for {rid}:\n{log}"));
    for field in [
        "method=GET",
        "route=/api/v1/health",
        "status=200",
        "latency_ms=",
    ] {
        assert!(line.contains(field), "{field} missing from {line}");
    }
}

#[test]
fn bootstrap_file_when_no_env_token() {
    let mut server = Server::start_with(Options {
        bootstrap_token: Some(String::new()),
        ..Options::default()
    });
    let path = server.data_dir.join("bootstrap-token");
    let token = std::fs::read_to_string(&path)
        .expect("bootstrap-token file")
        .trim()
        .to_string();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    let log = server.log();
    assert!(
        log.contains("bootstrap-token"),
        "the log names the file: {log}"
    );
    assert!(
        !log.contains(&token),
        "the log must never contain the token"
    );
    let (s, _) = json_of(server.get("/api/v1/tokens", Some(&token)));
    assert_eq!(s, 200);
    assert!(server.stop(), "graceful shutdown exits 0");
}

#[test]
fn tokens_survive_restart_and_env_bootstrap_only_applies_once() {
    let mut server = Server::start();
    let (_, user) = server.issue_token("alice", "user");
    let (revoked_id, revoked) = server.issue_token("eve", "user");
    server.delete(&format!("/api/v1/tokens/{revoked_id}"), Some(&server.admin));
    let data_dir = server.data_dir.clone();
    let admin = server.admin.clone();
    assert!(server.stop());
    let tmp_keepalive = server; // keep the temp dir alive while the second server runs

    let server = Server::start_with(Options {
        data_dir: Some(data_dir),
        bootstrap_token: Some("a-different-bootstrap-value-0001".into()),
        ..Options::default()
    });
    let status = |t: &str| server.get("/api/v1/tokens", Some(t)).status().as_u16();
    assert_eq!(status(&admin), 200, "admin token survives the restart");
    assert_eq!(
        status(&user),
        403,
        "user token survives the restart (and is not admin)"
    );
    assert_eq!(status(&revoked), 401, "a revoked token stays revoked");
    assert_eq!(
        status("a-different-bootstrap-value-0001"),
        401,
        "bootstrap applies only without an admin"
    );
    drop(tmp_keepalive);
}

#[test]
fn a_second_server_on_the_same_data_dir_fails_at_once() {
    let server = Server::start();
    let t0 = std::time::Instant::now();
    let err = Server::try_start(Options {
        data_dir: Some(server.data_dir.clone()),
        ..Options::default()
    })
    .err()
    .expect("the second server must not start");
    assert!(
        t0.elapsed().as_secs() < 30,
        "the second server must fail at once, not wait"
    );
    assert!(err.contains("already using the data dir"), "{err}");
    assert!(
        err.contains(&server.pid().to_string()),
        "names the pid: {err}"
    );
    // The first server is unharmed.
    assert_eq!(server.get("/api/v1/health", None).status(), 200);
    assert_eq!(
        server.get("/api/v1/tokens", Some(&server.admin)).status(),
        200
    );
}

#[test]
fn bad_configuration_is_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("grove.toml");
    std::fs::write(&cfg, "data-dir = \"x\"\nbogus-key = 1\n").unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["--config".into(), cfg.display().to_string()],
            "bogus-key",
        ),
        (vec!["--bind".into(), "nowhere".into()], "bind"),
        (
            vec!["--upload-max-bytes".into(), "lots".into()],
            "upload-max-bytes",
        ),
        (
            vec!["--download-rate".into(), "5/fortnight".into()],
            "download-rate",
        ),
    ];
    for (args, needle) in cases {
        let mut full = vec![
            "serve".to_string(),
            "--data-dir".into(),
            dir.path().join("d").display().to_string(),
        ];
        full.extend(args);
        let refs: Vec<&str> = full.iter().map(String::as_str).collect();
        let (ok, out) = run_grove(&refs, &[]);
        assert!(!ok, "{full:?} must fail");
        assert!(
            out.contains(needle),
            "{full:?}: message should name {needle}: {out}"
        );
    }
}

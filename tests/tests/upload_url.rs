//! `POST /api/v1/upload-url`: server-side request forgery protection end to end, and a real
//! download (with a redirect) from a local server when private addresses are allowed.

use grove_tests::*;

fn file_server() -> TestHttp {
    let ok = |body: Vec<u8>| {
        (
            "200 OK".to_string(),
            vec![("Content-Type".to_string(), "text/plain".to_string())],
            body,
        )
    };
    serve_http(vec![
        ("/garden.txt", ok(english_sample().into_bytes())),
        (
            "/moved",
            (
                "302 Found".into(),
                vec![("Location".into(), "/garden.txt".into())],
                vec![],
            ),
        ),
        (
            "/loop",
            (
                "302 Found".into(),
                vec![("Location".into(), "/loop".into())],
                vec![],
            ),
        ),
        ("/big.txt", ok(vec![b'a'; 300 * 1024])),
    ])
}

#[test]
fn private_and_odd_urls_are_refused_by_default() {
    let server = Server::start();
    let http = file_server();
    let port = http.base.rsplit(':').next().unwrap().to_string();
    let cases = [
        format!("{}/garden.txt", http.base),
        format!("http://localhost:{port}/garden.txt"),
        format!("http://2130706433:{port}/garden.txt"),
        format!("http://0x7f.1:{port}/garden.txt"),
        format!("http://[::1]:{port}/garden.txt"),
        format!("http://[::ffff:127.0.0.1]:{port}/garden.txt"),
        "http://169.254.169.254/latest/meta-data/".to_string(),
        "http://10.0.0.1/book.txt".to_string(),
        "ftp://example.com/book.txt".to_string(),
        "file:///etc/passwd".to_string(),
        "not a url".to_string(),
    ];
    for url in cases {
        let (s, body) = json_of(server.post_json(
            "/api/v1/upload-url",
            Some(&server.admin),
            &json!({"source_url": url}),
        ));
        assert_eq!(s, 400, "{url}: {body}");
        assert_eq!(assert_error_body(s, &body, &url), "url_forbidden", "{url}");
    }
    let (s, body) = json_of(server.post_json(
        "/api/v1/upload-url",
        Some(&server.admin),
        &json!({"wiki_name": "x"}),
    ));
    assert_eq!(
        (s, body["code"].as_str()),
        (400, Some("bad_json")),
        "source_url is required"
    );
}

#[test]
fn allowed_private_urls_download_follow_redirects_and_respect_the_cap() {
    let server = Server::start_with(Options {
        env: vec![("SERVICE_ALLOW_PRIVATE_URLS".into(), "1".into())],
        args: vec!["--upload-max-bytes".into(), "100KiB".into()],
        ..Options::default()
    });
    let http = file_server();
    let admin = server.admin.clone();
    let (s, body) = json_of(server.post_json(
        "/api/v1/upload-url",
        Some(&admin),
        &json!({"source_url": format!("{}/moved", http.base), "lang": "en", "wiki_slug": "garden-by-url"}),
    ));
    assert_eq!(s, 200, "{body}");
    assert_eq!(body["wiki_slug"], "garden-by-url");
    let job = server.wait_job(&admin, body["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}");

    let cases = [
        ("/big.txt", 413, "too_large"),
        ("/missing.txt", 400, "url_fetch_failed"),
        ("/loop", 400, "url_forbidden"),
    ];
    for (path, want_status, want_code) in cases {
        let (s, body) = json_of(server.post_json(
            "/api/v1/upload-url",
            Some(&admin),
            &json!({"source_url": format!("{}{path}", http.base)}),
        ));
        assert_eq!(s, want_status, "{path}: {body}");
        assert_eq!(assert_error_body(s, &body, path), want_code, "{path}");
    }
    // The scheme check stays even when private addresses are allowed.
    let (s, _) = json_of(server.post_json(
        "/api/v1/upload-url",
        Some(&admin),
        &json!({"source_url": "ftp://127.0.0.1/x"}),
    ));
    assert_eq!(s, 400);
}

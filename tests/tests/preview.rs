//! The preview against the real server: `serve`, `serve/stop`, `serve/restart` and
//! `PUT /config` with every error status (400 no PORT and bad ports, 401, 403 another user's and
//! integration tokens, 404, 409 not ready and a port another program holds), the running
//! preview answering at its URL, the overview's `serve_running`, and no preview process
//! outliving the server (graceful stop and crash). The site itself is tested in a real browser
//! in `preview_browser.rs`.

use std::time::{Duration, Instant};

use grove_tests::*;
use serde_json::{Value, json};

/// Uploads the English sample and waits until it is ready; (slug, name).
fn ready_wiki(server: &Server, token: &str) -> (String, String) {
    let (status, body) = server.upload(
        token,
        "garden.txt",
        english_sample().into_bytes(),
        &[("lang", "en")],
    );
    assert_eq!(status, 200, "{body}");
    let job = server.wait_job(token, body["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}\n{}", server.log());
    (
        body["wiki_slug"].as_str().unwrap().to_string(),
        body["wiki_name"].as_str().unwrap().to_string(),
    )
}

/// A port nothing listens on right now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn post(server: &Server, path: &str, token: Option<&str>) -> (u16, Value) {
    json_of(
        server
            .request(Method::POST, path, token)
            .send()
            .expect("POST"),
    )
}

fn put_config(server: &Server, slug: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
    json_of(
        server
            .request(Method::PUT, &format!("/api/v1/wiki/{slug}/config"), token)
            .json(body)
            .send()
            .expect("PUT"),
    )
}

/// The process exists and is not a zombie.
fn alive(pid: u64) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X']))
    })
}

fn wait_gone(pid: u64, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while alive(pid) {
        assert!(
            Instant::now() < deadline,
            "{what}: pid {pid} is still running"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn serve_running(server: &Server, token: &str, slug: &str) -> bool {
    let (status, body) = json_of(server.get("/api/v1/wikis-overview", Some(token)));
    assert_eq!(status, 200, "{body}");
    let item = body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["slug"] == slug)
        .unwrap_or_else(|| panic!("{slug} not in {body}"))
        .clone();
    item["serve_running"].as_bool().unwrap()
}

fn http_get(url: &str) -> Result<(u16, String), String> {
    let client = Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let r = client.get(url).send().map_err(|e| e.to_string())?;
    let status = r.status().as_u16();
    Ok((status, r.text().unwrap_or_default()))
}

#[test]
fn serve_stop_restart_and_config_with_every_status() {
    let server = Server::start();
    let (_, alice) = server.issue_token("alice", "user");
    let (_, bob) = server.issue_token("bob", "user");
    let (_, feeds) = server.issue_token("feeds", "integration");
    let (slug, name) = ready_wiki(&server, &alice);
    let serve = format!("/api/v1/wiki/{slug}/serve");
    let stop = format!("/api/v1/wiki/{slug}/serve/stop");
    let restart = format!("/api/v1/wiki/{slug}/serve/restart");

    // ---- 401, 403, 404 on every endpoint
    for path in [&serve, &stop, &restart] {
        for (token, want) in [
            (None, 401),
            (Some("grove_nope_nope"), 401),
            (Some(bob.as_str()), 403),
            (Some(feeds.as_str()), 403),
        ] {
            let (status, body) = post(&server, path, token);
            assert_eq!(status, want, "POST {path} with {token:?}: {body}");
            assert_error_body(status, &body, path);
        }
        let unknown = path.replace(&slug, "no-such-wiki");
        let (status, body) = post(&server, &unknown, Some(&alice));
        assert_eq!(status, 404, "{unknown}: {body}");
    }
    for (token, want) in [
        (None, 401),
        (Some(bob.as_str()), 403),
        (Some(feeds.as_str()), 403),
    ] {
        let (status, body) = put_config(&server, &slug, token, &json!({"port": 4999}));
        assert_eq!(status, want, "PUT config with {token:?}: {body}");
        assert_error_body(status, &body, "PUT config");
    }
    let (status, _) = put_config(
        &server,
        "no-such-wiki",
        Some(&alice),
        &json!({"port": 4999}),
    );
    assert_eq!(status, 404);

    // ---- 400: no PORT yet (no --preview-ports), then bad values
    let (status, body) = post(&server, &serve, Some(&alice));
    assert_eq!(status, 400, "{body}");
    assert_eq!(assert_error_body(status, &body, "serve"), "no_port");
    assert!(body["error"].as_str().unwrap().contains("PORT"), "{body}");
    for bad in [
        json!({}),
        json!({"port": 80}),
        json!({"port": 70000}),
        json!({"port": "x"}),
        json!({"port": 4100.5}),
    ] {
        let (status, body) = put_config(&server, &slug, Some(&alice), &bad);
        assert_eq!(status, 400, "{bad}: {body}");
        assert_error_body(status, &body, "config");
    }

    // ---- 409: the port is held by another program
    let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let held_port = held.local_addr().unwrap().port();
    let (status, body) = put_config(&server, &slug, Some(&alice), &json!({"port": held_port}));
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(&server, &serve, Some(&alice));
    assert_eq!(status, 409, "{body}");
    assert_eq!(assert_error_body(status, &body, "serve"), "port_in_use");
    let msg = body["error"].as_str().unwrap();
    assert!(
        msg.contains(&held_port.to_string()) && msg.contains("in use"),
        "{msg}"
    );
    assert!(!serve_running(&server, &alice, &slug));
    drop(held);

    // ---- PUT config writes local/config.md, keeping the other lines
    let port = free_port();
    let (status, body) = put_config(&server, &slug, Some(&alice), &json!({"port": port}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["port"], port);
    assert_eq!(body["serve_running"], false);
    let config = std::fs::read_to_string(
        server
            .data_dir
            .join("wikis")
            .join(&slug)
            .join("local/config.md"),
    )
    .unwrap();
    assert!(config.contains(&format!("PORT: {port}\n")), "{config}");
    assert!(
        config.contains(&format!("SLUG: {slug}\n")) && config.contains("NAME: "),
        "{config}"
    );
    assert_eq!(config.matches("PORT:").count(), 1, "{config}");

    // ---- serve: the site answers at the returned URL
    let (status, body) = post(&server, &serve, Some(&alice));
    assert_eq!(status, 200, "{body}\n{}", server.log());
    assert_eq!(body["ok"], true);
    assert_eq!(body["slug"], slug.as_str());
    let url = body["url"].as_str().unwrap().to_string();
    assert_eq!(url, format!("http://127.0.0.1:{port}/preview/{slug}/"));
    let pid = body["pid"].as_u64().unwrap();
    assert!(alive(pid));
    let (status, html) = http_get(&url).unwrap();
    assert_eq!(status, 200);
    assert!(html.contains(&format!("<h1>{name}</h1>")), "{html}");
    assert!(
        html.contains("/preview/") && html.contains("<form"),
        "{html}"
    );
    assert!(serve_running(&server, &alice, &slug));

    // already served: the same process
    let (status, again) = post(&server, &serve, Some(&alice));
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["pid"], pid);
    assert_eq!(again["url"], url.as_str());

    // ---- restart: a new process on the same URL, the old one gone
    let (status, body) = post(&server, &restart, Some(&alice));
    assert_eq!(status, 200, "{body}");
    let pid2 = body["pid"].as_u64().unwrap();
    assert_ne!(pid2, pid);
    assert_eq!(body["url"], url.as_str());
    wait_gone(pid, "the preview replaced by restart");
    assert_eq!(http_get(&url).unwrap().0, 200);
    assert!(serve_running(&server, &alice, &slug));

    // ---- stop, and stop again
    let (status, body) = post(&server, &stop, Some(&alice));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["stopped"], true);
    assert_eq!(body["pid"], pid2);
    wait_gone(pid2, "the stopped preview");
    assert!(http_get(&url).is_err(), "the stopped preview still answers");
    assert!(!serve_running(&server, &alice, &slug));
    let (status, body) = post(&server, &stop, Some(&alice));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["stopped"], false);

    // ---- the admin may manage any wiki; PORT null clears it
    let (status, body) = post(&server, &serve, Some(&server.admin));
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(&server, &stop, Some(&server.admin));
    assert_eq!((status, body["stopped"].clone()), (200, json!(true)));
    let (status, body) = put_config(&server, &slug, Some(&alice), &json!({"port": null}));
    assert_eq!((status, body["port"].clone()), (200, Value::Null));
    let (status, _) = post(&server, &serve, Some(&alice));
    assert_eq!(status, 400);

    // ---- 409: a wiki that is not ready
    let (status, body) = server.upload(
        &alice,
        "later.txt",
        english_sample().into_bytes(),
        &[("lang", "en"), ("auto_start", "false")],
    );
    assert_eq!(status, 200, "{body}");
    let later = body["wiki_slug"].as_str().unwrap().to_string();
    let (status, body) = put_config(&server, &later, Some(&alice), &json!({"port": free_port()}));
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(
        &server,
        &format!("/api/v1/wiki/{later}/serve"),
        Some(&alice),
    );
    assert_eq!(status, 409, "{body}");
    assert_eq!(assert_error_body(status, &body, "serve"), "not_ready");
}

#[test]
fn no_preview_outlives_the_server() {
    let tmp = tempfile::tempdir().unwrap();
    let opts = Options {
        data_dir: Some(tmp.path().join("data")),
        bootstrap_token: Some("test-admin-preview-restart-0000000000".into()),
        ..Options::default()
    };
    let mut server = Server::start_with(opts.clone());
    let admin = server.admin.clone();
    let (slug, _) = ready_wiki(&server, &admin);
    let port = free_port();
    let (status, body) = put_config(&server, &slug, Some(&admin), &json!({"port": port}));
    assert_eq!(status, 200, "{body}");
    let serve = format!("/api/v1/wiki/{slug}/serve");

    // graceful shutdown stops the previews
    let (status, body) = post(&server, &serve, Some(&admin));
    assert_eq!(status, 200, "{body}");
    let pid = body["pid"].as_u64().unwrap();
    assert!(
        server.stop(),
        "the server did not stop cleanly:\n{}",
        server.log()
    );
    wait_gone(pid, "a preview after graceful shutdown");

    // a crash: the preview goes with the server, and the next start finds nothing running
    let mut server = Server::start_with(opts.clone());
    assert!(!serve_running(&server, &admin, &slug));
    let (status, body) = post(&server, &serve, Some(&admin));
    assert_eq!(status, 200, "{body}\n{}", server.log());
    let pid = body["pid"].as_u64().unwrap();
    server.kill();
    let server = Server::start_with(opts);
    wait_gone(pid, "a preview after the server crashed and restarted");
    assert!(!serve_running(&server, &admin, &slug));
    let record: Value =
        serde_json::from_slice(&std::fs::read(server.data_dir.join("previews.json")).unwrap())
            .unwrap();
    assert_eq!(record["previews"], json!([]), "{record}");
    // and the port is free again: serving works at once
    let (status, body) = post(&server, &serve, Some(&admin));
    assert_eq!(status, 200, "{body}\n{}", server.log());
    assert_ne!(body["pid"].as_u64().unwrap(), pid);
}

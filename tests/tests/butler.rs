//! The butler and the model provider against the real server: every status of `POST butler`,
//! `butler/stop`, `PUT butler/config` and `GET butler/log`; a run on a real upload whose
//! completion rises to 100 with one git commit per round; stop after the current round; a
//! config change while it runs; resume after a restart; an interrupted round undone at start;
//! and an OpenAI-compatible model (a local fake) that is called, whose uncited output is
//! rejected, and whose failure falls back to the extractive pages.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grove_tests::*;

/// Grow renders only this many entries, so the butler has planned entries left to render.
const GROW_PAGES: &str = "2";

struct Wiki {
    slug: String,
    dir: PathBuf,
}

fn opts(extra_env: &[(&str, &str)]) -> Options {
    Options {
        args: vec!["--grow-max-pages".into(), GROW_PAGES.into()],
        env: extra_env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Options::default()
    }
}

fn ready_wiki(server: &Server, token: &str, slug: &str) -> Wiki {
    let (status, body) = server.upload(
        token,
        &format!("{slug}.txt"),
        english_sample().into_bytes(),
        &[("lang", "en"), ("wiki_slug", slug)],
    );
    assert_eq!(status, 200, "upload: {body}");
    let job = server.wait_job(token, body["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}\n{}", server.log());
    Wiki {
        slug: body["wiki_slug"].as_str().unwrap().to_string(),
        dir: PathBuf::from(body["target_dir"].as_str().unwrap()),
    }
}

fn start(server: &Server, token: Option<&str>, slug: &str, body: Value) -> (u16, Value) {
    json_of(server.post_json(&format!("/api/v1/wiki/{slug}/butler"), token, &body))
}

fn stop(server: &Server, token: Option<&str>, slug: &str) -> (u16, Value) {
    json_of(server.post_json(
        &format!("/api/v1/wiki/{slug}/butler/stop"),
        token,
        &json!({}),
    ))
}

fn configure(server: &Server, token: Option<&str>, slug: &str, body: Value) -> (u16, Value) {
    json_of(
        server
            .request(
                Method::PUT,
                &format!("/api/v1/wiki/{slug}/butler/config"),
                token,
            )
            .json(&body)
            .send()
            .expect("PUT"),
    )
}

fn log(server: &Server, token: Option<&str>, slug: &str) -> (u16, Value) {
    json_of(server.get(&format!("/api/v1/wiki/{slug}/butler/log"), token))
}

fn records(server: &Server, token: &str, slug: &str) -> Vec<Value> {
    let (status, body) = log(server, Some(token), slug);
    assert_eq!(status, 200, "{body}");
    body["records"].as_array().unwrap().clone()
}

fn butler(server: &Server, token: &str, slug: &str) -> Value {
    let (status, body) = log(server, Some(token), slug);
    assert_eq!(status, 200, "{body}");
    body["butler"].clone()
}

fn wait_for(what: &str, server: &Server, timeout: Duration, mut f: impl FnMut() -> bool) {
    let start = Instant::now();
    while !f() {
        assert!(
            start.elapsed() < timeout,
            "timed out waiting for {what}\n{}",
            server.log()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn overview_item(server: &Server, token: &str, slug: &str) -> Value {
    let (status, body) = json_of(server.get("/api/v1/wikis-overview", Some(token)));
    assert_eq!(status, 200, "{body}");
    body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["slug"] == slug)
        .cloned()
        .unwrap_or_else(|| panic!("{slug} not in {body}"))
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .output()
        .expect("git");
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// (sha, subject) of the commits of a wiki, newest first.
fn commits(dir: &Path) -> Vec<(String, String)> {
    git(dir, &["log", "--format=%H %s"])
        .lines()
        .map(|l| {
            let (sha, subject) = l.split_once(' ').unwrap();
            (sha.to_string(), subject.to_string())
        })
        .collect()
}

#[test]
fn endpoints_answer_every_status() {
    let server = Server::start_with(opts(&[]));
    let (_, alice) = server.issue_token("alice", "user");
    let (_, bob) = server.issue_token("bob", "user");
    let (_, integ) = server.issue_token("sync", "integration");
    let wiki = ready_wiki(&server, &alice, "garden");
    let slug = wiki.slug.as_str();
    let (status, created) = server.upload(
        &alice,
        "later.txt",
        b"Later text about compost.".to_vec(),
        &[("lang", "en"), ("auto_start", "false")],
    );
    assert_eq!(status, 200, "{created}");
    let not_ready = created["wiki_slug"].as_str().unwrap().to_string();

    type Call<'a> = Box<dyn Fn(Option<&str>, &str) -> (u16, Value) + 'a>;
    let s = &server;
    let calls: Vec<(&str, Call<'_>)> = vec![
        (
            "start",
            Box::new(move |t, w| start(s, t, w, json!({"rounds": 1}))),
        ),
        ("stop", Box::new(move |t, w| stop(s, t, w))),
        (
            "config",
            Box::new(move |t, w| configure(s, t, w, json!({"batch_size": 5}))),
        ),
        ("log", Box::new(move |t, w| log(s, t, w))),
    ];
    for (name, call) in &calls {
        let cases: [(Option<&str>, &str, u16); 5] = [
            (None, slug, 401),
            (Some("grove_nope_nope"), slug, 401),
            (Some(&bob), slug, 403),
            (Some(&integ), slug, 403),
            (Some(&alice), "no-such-wiki", 404),
        ];
        for (token, w, want) in cases {
            let (status, body) = call(token, w);
            assert_eq!(status, want, "{name} {token:?} {w}: {body}");
            assert_error_body(status, &body, name);
        }
    }

    // bad requests
    let bad_starts = [
        (json!({"rounds": 1001}), "bad_rounds"),
        (json!({"rounds": -1}), "bad_rounds"),
        (json!({"rounds": 1, "model": "gpt-nope"}), "unknown_model"),
        (json!({"rounds": "many"}), "bad_json"),
        (json!({"rounds": 1, "extra": true}), "bad_json"),
    ];
    for (body, code) in bad_starts {
        let (status, resp) = start(&server, Some(&alice), slug, body.clone());
        assert_eq!(status, 400, "{body}: {resp}");
        assert_eq!(assert_error_body(status, &resp, "start"), code, "{resp}");
    }
    let bad_configs = [
        json!({"batch_size": 0}),
        json!({"batch_size": 501}),
        json!({"interval_ms": 86_400_001u64}),
        json!({"strategies": ["render", "dance"]}),
        json!({"strategies": []}),
        json!({"model": "gpt-nope"}),
    ];
    for body in bad_configs {
        let (status, resp) = configure(&server, Some(&alice), slug, body.clone());
        assert_eq!(status, 400, "{body}: {resp}");
        assert_error_body(status, &resp, "config");
    }
    let (status, resp) = json_of(server.get(
        &format!("/api/v1/wiki/{slug}/butler/log?limit=0"),
        Some(&alice),
    ));
    assert_eq!(status, 400, "{resp}");

    // not ready
    let (status, resp) = start(&server, Some(&alice), &not_ready, json!({}));
    assert_eq!(status, 409, "{resp}");
    assert_eq!(assert_error_body(status, &resp, "start"), "not_ready");

    // successes: config (stored while idle), log of a butler that never ran, stop when idle
    let (status, resp) = configure(
        &server,
        Some(&alice),
        slug,
        json!({"interval_ms": 0, "batch_size": 3, "strategies": ["render", "cite"]}),
    );
    assert_eq!(status, 200, "{resp}");
    assert_eq!(resp["config"]["batch_size"], 3);
    assert_eq!(resp["config"]["strategies"], json!(["render", "cite"]));
    let (status, resp) = log(&server, Some(&alice), slug);
    assert_eq!(status, 200, "{resp}");
    assert_eq!(resp["records"], json!([]));
    assert_eq!(resp["butler"]["state"], "idle");
    let (status, resp) = stop(&server, Some(&alice), slug);
    assert_eq!(status, 200, "{resp}");
    assert_eq!(resp["was_running"], false);
    // an admin may run another user's butler
    let (status, resp) = start(&server, Some(&server.admin), slug, json!({"rounds": 1}));
    assert_eq!(status, 200, "{resp}");
    assert_eq!(resp["started"], true);
    wait_for("one round", &server, Duration::from_secs(30), || {
        butler(&server, &alice, slug)["state"] == "finished"
    });
    assert_eq!(records(&server, &alice, slug).len(), 1);
}

#[test]
fn a_run_completes_the_plan_with_one_commit_per_round() {
    let server = Server::start_with(opts(&[]));
    let (_, alice) = server.issue_token("alice", "user");
    let wiki = ready_wiki(&server, &alice, "garden");
    let slug = wiki.slug.as_str();
    let before = overview_item(&server, &alice, slug);
    let completion_before = before["completion"].as_u64().unwrap();
    assert!(
        completion_before < 100,
        "grow renders {GROW_PAGES} entries; the plan has more: {before}"
    );
    let pages_before = before["page_count"].as_u64().unwrap();
    let commits_before = commits(&wiki.dir).len();

    let (status, resp) = configure(
        &server,
        Some(&alice),
        slug,
        json!({"interval_ms": 150, "batch_size": 2}),
    );
    assert_eq!(status, 200, "{resp}");
    let (status, resp) = start(&server, Some(&alice), slug, json!({"rounds": 0}));
    assert_eq!(status, 200, "{resp}");
    assert_eq!(resp["started"], true);
    assert_eq!(resp["butler"]["running"], true);
    // starting again answers the running butler
    let (status, again) = start(&server, Some(&alice), slug, json!({}));
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["started"], false);
    let mut seen_running = false;
    wait_for(
        "the butler to finish",
        &server,
        Duration::from_secs(90),
        || {
            seen_running |= overview_item(&server, &alice, slug)["butler_running"] == true;
            butler(&server, &alice, slug)["running"] == false
        },
    );
    assert!(seen_running, "wikis-overview showed the butler running");
    let state = butler(&server, &alice, slug);
    assert_eq!(state["state"], "done", "{state}");

    let recs = records(&server, &alice, slug);
    assert!(recs.len() >= 2, "several rounds: {recs:?}");
    let mut last = completion_before;
    for r in &recs {
        let (b, a) = (
            r["completion_before"].as_u64().unwrap(),
            r["completion_after"].as_u64().unwrap(),
        );
        assert_eq!(b, last, "each round starts where the last ended: {r}");
        assert!(a >= b, "completion never falls: {r}");
        last = a;
        assert!(r["duration_ms"].as_u64().is_some());
        let changed = r["pages_changed"].as_array().unwrap();
        assert_eq!(
            r["commit"].is_string(),
            !changed.is_empty(),
            "a commit exactly when pages changed: {r}"
        );
        for a in r["actions"].as_array().unwrap() {
            assert!(a["action"].is_string() && a["result"].is_string(), "{a}");
        }
    }
    assert_eq!(last, 100, "completion reaches 100: {recs:?}");
    let after = overview_item(&server, &alice, slug);
    assert_eq!(after["completion"], 100, "{after}");
    assert_eq!(after["butler_running"], false);
    assert!(
        after["page_count"].as_u64().unwrap() > pages_before,
        "{after}"
    );

    // One git commit per round that wrote, with the logged shas, in order.
    let all = commits(&wiki.dir);
    let butler_commits: Vec<&(String, String)> = all
        .iter()
        .filter(|(_, s)| s.starts_with("Butler round"))
        .collect();
    let logged: Vec<&str> = recs.iter().filter_map(|r| r["commit"].as_str()).collect();
    assert_eq!(all.len(), commits_before + logged.len(), "{all:?}");
    let mut shas: Vec<&str> = butler_commits.iter().map(|(s, _)| s.as_str()).collect();
    shas.reverse();
    assert_eq!(shas, logged);
    assert_eq!(git(&wiki.dir, &["status", "--porcelain"]), "", "clean tree");

    // The pages the butler rendered are readable, grounded and linked.
    let (status, list) = json_of(server.get(
        &format!("/api/v1/pages?wiki={slug}&limit=500"),
        Some(&alice),
    ));
    assert_eq!(status, 200, "{list}");
    let items = list["items"].as_array().unwrap();
    assert_eq!(items.len() as u64, after["page_count"].as_u64().unwrap());
    let rendered: Vec<&str> = recs
        .iter()
        .flat_map(|r| r["actions"].as_array().unwrap().iter())
        .filter(|a| a["action"] == "render" && a["result"] == "written")
        .map(|a| a["page"].as_str().unwrap())
        .collect();
    assert!(!rendered.is_empty());
    for id in rendered {
        let (status, page) =
            json_of(server.get(&format!("/api/v1/pages/{id}?wiki={slug}"), Some(&alice)));
        assert_eq!(status, 200, "{page}");
        let text = page.to_string();
        assert!(text.contains("citations"), "{page}");
        let md = std::fs::read_to_string(wiki.dir.join(format!("docs/{id}.md"))).unwrap();
        for target in md
            .split("](")
            .skip(1)
            .filter_map(|s| s.split(')').next())
            .filter(|t| t.ends_with(".md"))
        {
            assert!(
                wiki.dir.join("docs").join(target).exists(),
                "{id} links to missing {target}"
            );
        }
    }
    // The log file for operators mirrors the records.
    let file = std::fs::read_to_string(wiki.dir.join("logs/butler.jsonl")).unwrap();
    assert_eq!(file.lines().count(), recs.len());
}

#[test]
fn stop_ends_after_the_round_and_config_applies_while_running() {
    let server = Server::start_with(opts(&[]));
    let (_, alice) = server.issue_token("alice", "user");
    let wiki = ready_wiki(&server, &alice, "garden");
    let slug = wiki.slug.as_str();
    let (status, _) = configure(
        &server,
        Some(&alice),
        slug,
        json!({"interval_ms": 60_000, "batch_size": 1, "strategies": ["render"]}),
    );
    assert_eq!(status, 200);
    let (status, resp) = start(&server, Some(&alice), slug, json!({"auto": false}));
    assert_eq!(status, 200, "{resp}");
    assert_eq!(resp["butler"]["strategies"], json!(["render"]));
    wait_for("round 1", &server, Duration::from_secs(30), || {
        records(&server, &alice, slug).len() == 1
    });
    let calls = |r: &Value| {
        r["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["action"] == "render")
            .count()
    };
    assert_eq!(calls(&records(&server, &alice, slug)[0]), 1, "batch size 1");
    // The butler now pauses for a minute; a config change wakes it and applies.
    let (status, resp) = configure(
        &server,
        Some(&alice),
        slug,
        json!({"batch_size": 3, "interval_ms": 60_000}),
    );
    assert_eq!(status, 200, "{resp}");
    assert_eq!(resp["running"], true);
    wait_for("round 2", &server, Duration::from_secs(30), || {
        records(&server, &alice, slug).len() == 2
    });
    let second = records(&server, &alice, slug)[1].clone();
    assert!(
        calls(&second) > 1,
        "the new batch size is in force: {second}"
    );
    assert!(
        second["actions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["action"] == "render" || a["action"] == "retire"),
        "only the configured strategy: {second}"
    );
    // Stop: it ends (it was pausing), and no round follows.
    let (status, resp) = stop(&server, Some(&alice), slug);
    assert_eq!(status, 200, "{resp}");
    assert_eq!(resp["was_running"], true);
    wait_for("the stop", &server, Duration::from_secs(30), || {
        butler(&server, &alice, slug)["state"] == "stopped"
    });
    assert_eq!(butler(&server, &alice, slug)["running"], false);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(records(&server, &alice, slug).len(), 2);
}

#[test]
fn restart_resumes_the_butler_and_undoes_an_interrupted_round() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let mut o = opts(&[]);
    o.data_dir = Some(data.clone());
    o.bootstrap_token = Some("test-admin-butler-restart-0123456789abcdef".into());
    let mut server = Server::start_with(o.clone());
    let admin = server.admin.clone();
    let wiki = ready_wiki(&server, &admin, "garden");
    let slug = wiki.slug.clone();
    let (status, _) = configure(
        &server,
        Some(&admin),
        &slug,
        json!({"interval_ms": 60_000, "batch_size": 1}),
    );
    assert_eq!(status, 200);
    let (status, _) = start(&server, Some(&admin), &slug, json!({}));
    assert_eq!(status, 200);
    wait_for("round 1", &server, Duration::from_secs(30), || {
        records(&server, &admin, &slug).len() == 1
    });
    let recorded = records(&server, &admin, &slug)[0]["commit"]
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| git(&wiki.dir, &["rev-parse", "HEAD"]));
    // A crash in the middle of round 2: the process dies after writing a page and even after
    // committing, before the round was recorded.
    server.kill();
    let page = std::fs::read_dir(wiki.dir.join("docs"))
        .unwrap()
        .flatten()
        .find(|e| e.path().extension().is_some_and(|x| x == "md"))
        .unwrap()
        .path();
    let original = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, "half a page").unwrap();
    std::fs::write(wiki.dir.join("docs/half-written.md"), "x").unwrap();
    git(&wiki.dir, &["add", "--all", "docs"]);
    git(
        &wiki.dir,
        &[
            "-c",
            "user.name=Grove",
            "-c",
            "user.email=grove@localhost",
            "commit",
            "-q",
            "-m",
            "Butler round 2: interrupted",
        ],
    );
    std::fs::write(wiki.dir.join("docs/another-half.md"), "y").unwrap();

    let server = Server::start_with(o);
    // Before anything else, the interrupted round is gone.
    assert_eq!(git(&wiki.dir, &["rev-parse", "HEAD"]), recorded);
    assert_eq!(std::fs::read_to_string(&page).unwrap(), original);
    assert!(!wiki.dir.join("docs/half-written.md").exists());
    assert!(!wiki.dir.join("docs/another-half.md").exists());
    wait_for(
        "the recovery log line",
        &server,
        Duration::from_secs(5),
        || server.log().contains("undid a butler round"),
    );
    // And the butler resumed: it runs a round at once (then pauses for its interval).
    wait_for(
        "round 2 after the restart",
        &server,
        Duration::from_secs(30),
        || records(&server, &admin, &slug).len() == 2,
    );
    assert_eq!(
        overview_item(&server, &admin, &slug)["butler_running"],
        true
    );
    let second = records(&server, &admin, &slug)[1].clone();
    assert_eq!(second["round"], 2, "{second}");
    if let Some(sha) = second["commit"].as_str() {
        assert_eq!(git(&wiki.dir, &["rev-parse", "HEAD"]), sha);
    }
    // A clean shutdown leaves it running, to resume again; no round is half done.
    let mut server = server;
    assert!(server.stop(), "clean shutdown:\n{}", server.log());
    assert_eq!(git(&wiki.dir, &["status", "--porcelain"]), "");
}

/// A local OpenAI-compatible chat-completions server. `answer` makes the reply content from
/// the prompt; it records every request body.
struct FakeModel {
    url: String,
    requests: Arc<Mutex<Vec<Value>>>,
}

fn fake_model(status: &'static str, answer: fn(&str) -> String) -> FakeModel {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    let requests = Arc::new(Mutex::new(Vec::new()));
    let seen = requests.clone();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(conn) = conn else { continue };
            let mut r = BufReader::new(conn.try_clone().unwrap());
            let mut len = 0usize;
            let mut auth = String::new();
            loop {
                let mut line = String::new();
                if r.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
                    break;
                }
                let lower = line.to_ascii_lowercase();
                if let Some(v) = lower.strip_prefix("content-length:") {
                    len = v.trim().parse().unwrap_or(0);
                }
                if lower.starts_with("authorization:") {
                    auth = line.trim().to_string();
                }
            }
            let mut buf = vec![0; len];
            if r.read_exact(&mut buf).is_err() {
                continue;
            }
            let mut body: Value = serde_json::from_slice(&buf).unwrap_or(Value::Null);
            body["_authorization"] = json!(auth);
            let prompt = body["messages"][1]["content"]
                .as_str()
                .unwrap_or("")
                .to_string();
            seen.lock().unwrap().push(body);
            let reply = json!({"choices": [{"message": {"role": "assistant", "content": answer(&prompt)}}]})
                .to_string();
            let mut conn = conn;
            let _ = write!(
                conn,
                "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
                reply.len()
            );
        }
    });
    FakeModel { url, requests }
}

/// The first `[id]` of the prompt: a passage the gene showed the model.
fn first_id(prompt: &str) -> String {
    let start = prompt.find("\n[").map(|i| i + 2).unwrap_or(0);
    let end = prompt[start..]
        .find(']')
        .map(|i| start + i)
        .unwrap_or(start);
    prompt[start..end].to_string()
}

fn glossary_gene() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let ws = root.join("examples/glossary-gene");
    let path = ws.join("target/wasm32-wasip2/release/glossary_gene.wasm");
    if !path.exists() {
        let ok = Command::new("cargo")
            .args([
                "build",
                "--quiet",
                "--target",
                "wasm32-wasip2",
                "--release",
                "--target-dir",
                "target",
            ])
            .current_dir(&ws)
            .env_remove("CARGO_TARGET_DIR")
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "building the glossary gene failed; run `just genes`");
    }
    std::fs::read(&path).unwrap()
}

/// A server with the model provider at `model`, the glossary gene (whose `improve` asks the
/// model for a cited definition), and a ready wiki whose butler ran until done.
fn run_with_model(model_url: &str, timeout: &str) -> (Server, Wiki, Vec<Value>) {
    let server = Server::start_with(opts(&[
        ("GROVE_LLM_URL", model_url),
        ("GROVE_LLM_MODELS", "fake-small,fake-large"),
        ("GROVE_LLM_API_KEY", "sk-test-secret"),
        ("GROVE_LLM_TIMEOUT", timeout),
    ]));
    let form = reqwest::blocking::multipart::Form::new().part(
        "file",
        reqwest::blocking::multipart::Part::bytes(glossary_gene()).file_name("glossary.wasm"),
    );
    let resp = server
        .request(Method::POST, "/api/v1/genes", Some(&server.admin))
        .multipart(form)
        .send()
        .unwrap();
    let (status, body) = json_of(resp);
    assert_eq!(status, 200, "gene upload: {body}");
    let admin = server.admin.clone();
    let wiki = ready_wiki(&server, &admin, "garden");
    let (status, resp) = configure(
        &server,
        Some(&admin),
        &wiki.slug,
        json!({"interval_ms": 0, "batch_size": 50}),
    );
    assert_eq!(status, 200, "{resp}");
    let (status, resp) = start(
        &server,
        Some(&admin),
        &wiki.slug,
        json!({"model": "fake-large"}),
    );
    assert_eq!(status, 200, "{resp}");
    assert_eq!(resp["butler"]["model"], "fake-large");
    wait_for(
        "the butler to finish",
        &server,
        Duration::from_secs(90),
        || butler(&server, &admin, &wiki.slug)["running"] == false,
    );
    let recs = records(&server, &admin, &wiki.slug);
    assert_eq!(
        butler(&server, &admin, &wiki.slug)["state"],
        "done",
        "{recs:?}"
    );
    assert!(
        !server.log().contains("sk-test-secret"),
        "the API key is never logged"
    );
    (server, wiki, recs)
}

fn glossary_improvements(recs: &[Value], result: &str) -> Vec<Value> {
    recs.iter()
        .flat_map(|r| r["actions"].as_array().unwrap().clone())
        .filter(|a| a["action"] == "improve" && a["result"] == result && a["gene"] == "glossary")
        .collect()
}

#[test]
fn the_model_writes_cited_definitions() {
    let fake = fake_model("200 OK", |prompt| {
        format!("A short definition from the book [{}].", first_id(prompt))
    });
    let (server, wiki, recs) = run_with_model(&fake.url, "10s");
    let requests = fake.requests.lock().unwrap().clone();
    assert!(
        !requests.is_empty(),
        "the provider was called\n{}",
        server.log()
    );
    for r in &requests {
        assert_eq!(r["model"], "fake-large", "{r}");
        assert_eq!(
            r["_authorization"].as_str().unwrap().to_ascii_lowercase(),
            "authorization: bearer sk-test-secret",
            "{r}"
        );
    }
    let written = glossary_improvements(&recs, "written");
    assert!(!written.is_empty(), "{recs:?}");
    let id = written[0]["page"].as_str().unwrap();
    let md = std::fs::read_to_string(wiki.dir.join(format!("docs/{id}.md"))).unwrap();
    assert!(md.contains("A short definition from the book"), "{md}");
    assert_eq!(
        overview_item(&server, &server.admin, &wiki.slug)["completion"],
        100
    );
}

#[test]
fn uncited_model_output_is_rejected_and_failures_fall_back() {
    // The model cites a passage that does not exist: the page is rejected, the old one stays.
    let fake = fake_model("200 OK", |_| {
        "Invented, citing nothing real [p-999999].".into()
    });
    let (server, wiki, recs) = run_with_model(&fake.url, "10s");
    assert!(!fake.requests.lock().unwrap().is_empty());
    let rejected = glossary_improvements(&recs, "rejected");
    assert!(!rejected.is_empty(), "{recs:?}");
    assert!(
        glossary_improvements(&recs, "written").is_empty(),
        "{recs:?}"
    );
    for a in &rejected {
        let md = std::fs::read_to_string(
            wiki.dir
                .join(format!("docs/{}.md", a["page"].as_str().unwrap())),
        )
        .unwrap();
        assert!(!md.contains("Invented"), "{md}");
    }
    drop(server);

    // The provider fails (HTTP 500) or is too slow: complete answers none, the gene keeps its
    // extractive page, and the butler still finishes at 100.
    for (fake, timeout) in [
        (
            fake_model("500 Internal Server Error", |_| "boom".into()),
            "10s",
        ),
        (
            fake_model("200 OK", |p| {
                std::thread::sleep(Duration::from_millis(2500));
                format!("Too late [{}].", first_id(p))
            }),
            "1s",
        ),
    ] {
        let (server, _wiki, recs) = run_with_model(&fake.url, timeout);
        assert!(
            !fake.requests.lock().unwrap().is_empty(),
            "the provider was asked"
        );
        assert!(
            glossary_improvements(&recs, "written").is_empty(),
            "{recs:?}"
        );
        assert!(
            !glossary_improvements(&recs, "declined").is_empty(),
            "{recs:?}"
        );
        assert!(
            server.log().contains("model completion failed"),
            "{}",
            server.log()
        );
        let slug = &_wiki.slug;
        assert_eq!(
            overview_item(&server, &server.admin, slug)["completion"],
            100
        );
    }
}

//! Black-box test harness for the grove server.
//!
//! [`Server::start`] runs the real `grove` binary (built by `cargo build`, or `GROVE_BIN`) on a
//! free port with a temporary data dir, waits until it listens, and offers small helpers for
//! tokens and requests. Nothing here mocks a part of grove: tests talk HTTP to the real thing.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use reqwest::blocking::{Client, Response};
pub use reqwest::{Method, StatusCode};
pub use serde_json::{Value, json};

/// Installs the TLS crypto provider reqwest needs in this workspace (idempotent).
pub fn init_tls() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// The `grove` binary under test.
pub fn grove_bin() -> PathBuf {
    if let Ok(p) = std::env::var("GROVE_BIN") {
        return PathBuf::from(p);
    }
    // target/<profile>/deps/<test-binary> -> target/<profile>/grove
    let exe = std::env::current_exe().expect("current exe");
    let profile_dir = exe.parent().and_then(Path::parent).expect("target dir");
    let bin = profile_dir.join("grove");
    assert!(
        bin.exists(),
        "{} does not exist: run `cargo build -p grove-host` first (just test does)",
        bin.display()
    );
    bin
}

/// How to start a server.
#[derive(Clone, Default)]
pub struct Options {
    /// Reuse this data dir instead of a fresh temporary one.
    pub data_dir: Option<PathBuf>,
    /// Set `GROVE_BOOTSTRAP_TOKEN` to this value (default: a generated one; `Some("")` = unset).
    pub bootstrap_token: Option<String>,
    /// Extra environment variables.
    pub env: Vec<(String, String)>,
    /// Extra command-line arguments after `serve`.
    pub args: Vec<String>,
}

/// A running grove server, stopped (SIGTERM, then kill) on drop.
pub struct Server {
    child: Option<Child>,
    pub base: String,
    pub data_dir: PathBuf,
    _tmp: Option<tempfile::TempDir>,
    /// The admin token, when the harness knows it.
    pub admin: String,
    stderr: Arc<Mutex<String>>,
    client: Client,
}

/// Runs grove with `args` to completion and returns (exit success, stdout+stderr).
pub fn run_grove(args: &[&str], env: &[(&str, &str)]) -> (bool, String) {
    let out = Command::new(grove_bin())
        .args(args)
        .envs(env.iter().copied())
        .env_remove("GROVE_BOOTSTRAP_TOKEN")
        .output()
        .expect("run grove");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

impl Server {
    /// A fresh server with a known admin token.
    pub fn start() -> Server {
        Server::start_with(Options::default())
    }

    pub fn start_with(opts: Options) -> Server {
        Server::try_start(opts).unwrap_or_else(|e| panic!("grove did not start: {e}"))
    }

    /// Starts a server; `Err` carries its output when it exits before listening.
    pub fn try_start(opts: Options) -> Result<Server, String> {
        init_tls();
        let (tmp, data_dir) = match &opts.data_dir {
            Some(d) => (None, d.clone()),
            None => {
                let t = tempfile::tempdir().expect("tempdir");
                let p = t.path().join("data");
                (Some(t), p)
            }
        };
        let admin = match &opts.bootstrap_token {
            Some(t) => t.clone(),
            None => format!("test-admin-{:032x}", rand_u128()),
        };
        let mut cmd = Command::new(grove_bin());
        cmd.arg("serve")
            .arg("--bind")
            .arg("127.0.0.1:0")
            .arg("--data-dir")
            .arg(&data_dir)
            .args(&opts.args)
            .env("GROVE_LOG", "info")
            .env_remove("GROVE_LOG_FORMAT")
            .env_remove("GROVE_CONFIG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if admin.is_empty() {
            cmd.env_remove("GROVE_BOOTSTRAP_TOKEN");
        } else {
            cmd.env("GROVE_BOOTSTRAP_TOKEN", &admin);
        }
        for (k, v) in &opts.env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().map_err(|e| format!("spawn grove: {e}"))?;
        let stderr = Arc::new(Mutex::new(String::new()));
        {
            let mut pipe = child.stderr.take().expect("stderr");
            let sink = stderr.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = pipe.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    sink.lock()
                        .unwrap()
                        .push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            });
        }
        let (tx, rx) = std::sync::mpsc::channel();
        {
            let stdout = child.stdout.take().expect("stdout");
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if let Some(url) = line.strip_prefix("grove listening on ") {
                        let _ = tx.send(url.trim().to_string());
                    }
                }
            });
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        let base = loop {
            if let Ok(url) = rx.recv_timeout(Duration::from_millis(20)) {
                break url;
            }
            if let Ok(Some(status)) = child.try_wait() {
                std::thread::sleep(Duration::from_millis(100));
                return Err(format!(
                    "grove exited with {status} before listening:\n{}",
                    stderr.lock().unwrap()
                ));
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                return Err(format!(
                    "grove did not listen within 60 s:\n{}",
                    stderr.lock().unwrap()
                ));
            }
        };
        Ok(Server {
            child: Some(child),
            base,
            data_dir,
            _tmp: tmp,
            admin,
            stderr,
            client: Client::builder()
                .timeout(Duration::from_secs(60))
                .build()
                .expect("client"),
        })
    }

    /// Everything the server wrote to stderr (its log) so far.
    pub fn log(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    pub fn pid(&self) -> u32 {
        self.child.as_ref().map_or(0, Child::id)
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    /// A request with an optional bearer token.
    pub fn request(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
    ) -> reqwest::blocking::RequestBuilder {
        let mut rb = self.client.request(method, self.url(path));
        if let Some(t) = token {
            rb = rb.bearer_auth(t);
        }
        rb
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> Response {
        self.request(Method::GET, path, token).send().expect("GET")
    }

    pub fn post_json(&self, path: &str, token: Option<&str>, body: &Value) -> Response {
        self.request(Method::POST, path, token)
            .json(body)
            .send()
            .expect("POST")
    }

    pub fn delete(&self, path: &str, token: Option<&str>) -> Response {
        self.request(Method::DELETE, path, token)
            .send()
            .expect("DELETE")
    }

    /// Issues a token through the API with the admin token; returns (id, secret).
    pub fn issue_token(&self, user: &str, role: &str) -> (String, String) {
        let resp = self.post_json(
            "/api/v1/tokens",
            Some(&self.admin),
            &json!({"user": user, "role": role}),
        );
        let (status, body) = json_of(resp);
        assert_eq!(status, 200, "issue token: {body}");
        (
            body["id"].as_str().unwrap().to_string(),
            body["token"].as_str().unwrap().to_string(),
        )
    }

    /// Sends SIGTERM and waits for the process to exit; returns whether it exited cleanly.
    pub fn stop(&mut self) -> bool {
        let Some(mut child) = self.child.take() else {
            return true;
        };
        #[cfg(unix)]
        {
            let _ = Command::new("kill")
                .arg("-TERM")
                .arg(child.id().to_string())
                .status();
        }
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                return status.success();
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills the process without letting it shut down (a crash).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if self.child.is_some() {
            self.stop();
        }
    }
}

/// Status and JSON body of a response (Null when the body is not JSON).
pub fn json_of(resp: Response) -> (u16, Value) {
    let status = resp.status().as_u16();
    let text = resp.text().unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Asserts the error body shape of DESIGN.md §5 and returns its code.
pub fn assert_error_body(status: u16, body: &Value, context: &str) -> String {
    assert_eq!(
        body["ok"],
        json!(false),
        "{context}: ok must be false in {body}"
    );
    assert!(
        body["error"].as_str().is_some_and(|s| !s.is_empty()),
        "{context}: error message missing in {body} (status {status})"
    );
    body["code"]
        .as_str()
        .unwrap_or_else(|| panic!("{context}: code missing in {body}"))
        .to_string()
}

fn rand_u128() -> u128 {
    let mut buf = [0u8; 16];
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        let _ = f.read_exact(&mut buf);
    }
    u128::from_le_bytes(buf) ^ Instant::now().elapsed().as_nanos()
}

impl Server {
    /// Uploads `bytes` as `file_name` with extra form fields; returns status and JSON body.
    pub fn upload(
        &self,
        token: &str,
        file_name: &str,
        bytes: Vec<u8>,
        fields: &[(&str, &str)],
    ) -> (u16, Value) {
        let mut form = reqwest::blocking::multipart::Form::new().part(
            "file",
            reqwest::blocking::multipart::Part::bytes(bytes).file_name(file_name.to_string()),
        );
        for (k, v) in fields {
            form = form.text(k.to_string(), v.to_string());
        }
        json_of(
            self.request(Method::POST, "/api/v1/upload", Some(token))
                .multipart(form)
                .send()
                .expect("upload"),
        )
    }

    /// Polls a job until it reaches a final state (ready, failed, cancelled) and returns it.
    pub fn wait_job(&self, token: &str, job_id: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let (status, body) = json_of(self.get(&format!("/api/v1/jobs/{job_id}"), Some(token)));
            assert_eq!(status, 200, "job {job_id}: {body}");
            let state = body["job"]["state"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            if matches!(state.as_str(), "ready" | "failed" | "cancelled") {
                return body["job"].clone();
            }
            assert!(
                Instant::now() < deadline,
                "job {job_id} did not finish: {body}\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// A small English document with people, terms and a procedure, as plain text.
pub fn english_sample() -> String {
    let mut s = String::from("The Gardener's Handbook\n\nChapter 1. Soil\n\n");
    s.push_str("Compost is a mixture of decayed organic matter used to improve soil. ");
    s.push_str("Mary Fielding kept compost in three bins behind the greenhouse. ");
    s.push_str("Mary Fielding said that compost is the gardener's gold. ");
    s.push_str("Thomas Reed disagreed, and Thomas Reed preferred green manure.\n\n");
    s.push_str("Chapter 2. Planting\n\n");
    s.push_str("Mulch is a layer of material applied to the surface of soil. ");
    s.push_str(
        "To plant a tree, follow these steps. First, dig a hole twice as wide as the root ball. ",
    );
    s.push_str("Second, loosen the soil at the bottom of the hole. Third, set the tree and backfill with compost. ");
    s.push_str("Finally, water the tree and spread mulch around it.\n\n");
    s.push_str("Mary Fielding planted an apple tree in the orchard at Hollowmere. ");
    s.push_str("Thomas Reed watered the orchard at Hollowmere every morning. ");
    s.push_str("Compost and mulch together keep the orchard soil alive.\n");
    s
}

/// A tiny HTTP/1.1 server on loopback for tests that need a remote peer (upload-url, pull).
/// `routes` maps a path to (status line, extra headers, body); unknown paths get 404. It serves
/// until the returned guard is dropped.
pub struct TestHttp {
    pub base: String,
    stop: Arc<std::sync::atomic::AtomicBool>,
}

impl Drop for TestHttp {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        let _ = std::net::TcpStream::connect(self.base.trim_start_matches("http://"));
    }
}

pub type Route = (String, Vec<(String, String)>, Vec<u8>);

pub fn serve_http(routes: Vec<(&str, Route)>) -> TestHttp {
    use std::io::Write;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let routes: std::collections::HashMap<String, Route> = routes
        .into_iter()
        .map(|(p, r)| (p.to_string(), r))
        .collect();
    let stop2 = stop.clone();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            if stop2.load(std::sync::atomic::Ordering::SeqCst) {
                break;
            }
            let Ok(mut conn) = conn else { continue };
            let mut reader = BufReader::new(conn.try_clone().unwrap());
            let mut request_line = String::new();
            if reader.read_line(&mut request_line).is_err() {
                continue;
            }
            loop {
                let mut h = String::new();
                if reader.read_line(&mut h).is_err() || h.trim().is_empty() {
                    break;
                }
            }
            let path = request_line
                .split_whitespace()
                .nth(1)
                .unwrap_or("/")
                .to_string();
            let (status, headers, body) = routes
                .get(&path)
                .cloned()
                .unwrap_or_else(|| ("404 Not Found".into(), vec![], b"not found".to_vec()));
            let mut head = format!(
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n",
                body.len()
            );
            for (k, v) in headers {
                head.push_str(&format!("{k}: {v}\r\n"));
            }
            head.push_str("\r\n");
            let _ = conn.write_all(head.as_bytes());
            let _ = conn.write_all(&body);
        }
    });
    TestHttp { base, stop }
}

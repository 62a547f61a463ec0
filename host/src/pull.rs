//! `grove pull`: the reference client of the package download rules (interface spec, "Package
//! download client rules"; DESIGN.md §10).
//!
//! For each wiki (given ids, or every publishable wiki through the integration list with
//! `--all`) it downloads the package in 1 MiB blocks into `<out>/<wiki_id>.tar.gz.part`, checks
//! the byte count against `Content-Length` and the SHA-256 against `X-Artifact-SHA256`, and only
//! then renames the file to `<wiki_id>.tar.gz` atomically; a mismatch deletes the partial file.
//! ETags are kept in `<out>/.grove-pull.json` and sent as `If-None-Match`; a 304 keeps the local
//! package. Redirects are followed; 429 waits as `Retry-After` says; 409, 500 and network errors
//! back off exponentially with a cap; 413 is never retried. A progress bar goes to stderr.
//!
//! It is a client: it talks HTTP to a server and touches nothing of the server's state.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The block size the reference client writes in.
pub const BLOCK: usize = 1 << 20;
/// Name of the state file (ETags per wiki) inside the output directory.
pub const STATE_FILE: &str = ".grove-pull.json";

/// Flags of `grove pull`.
#[derive(Debug, Clone, Args)]
pub struct PullArgs {
    /// Server base URL, e.g. http://127.0.0.1:8080.
    #[arg(long, env = "GROVE_SERVER")]
    pub server: String,
    /// API token (an integration token is enough).
    #[arg(long, env = "GROVE_TOKEN", hide_env_values = true)]
    pub token: String,
    /// Mirror every publishable wiki of the integration list.
    #[arg(long, conflicts_with = "ids")]
    pub all: bool,
    /// Wiki ids to download.
    #[arg(value_name = "WIKI_ID")]
    pub ids: Vec<String>,
    /// Directory the packages go to (created if needed).
    #[arg(long)]
    pub out: PathBuf,
    /// Attempts per wiki for retryable failures (409, 429, 500, network errors).
    #[arg(long, default_value_t = 6)]
    pub attempts: u32,
    /// First back-off delay in milliseconds; it doubles after each failure.
    #[arg(long, default_value_t = 1000)]
    pub backoff_ms: u64,
    /// Longest back-off or Retry-After wait, in seconds.
    #[arg(long, default_value_t = 60)]
    pub max_wait_s: u64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Why a pull (or one wiki of it) failed.
#[derive(Debug, thiserror::Error)]
pub enum PullError {
    #[error("nothing to pull: give wiki ids or --all")]
    NothingToDo,
    #[error("{0:?} is not a wiki id this client can name a file after")]
    BadWikiId(String),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("request to {url} failed: {source}")]
    Http { url: String, source: reqwest::Error },
    #[error("{url}: HTTP {status}: {message}")]
    Status {
        url: String,
        status: u16,
        message: String,
    },
    #[error(
        "{url}: the package is over the server's size cap (413), not retried; contact the service administrator: {message}"
    )]
    TooLarge { url: String, message: String },
    #[error("{wiki}: integrity check failed ({what}); the partial file was deleted")]
    Integrity { wiki: String, what: String },
    #[error("{0}: the response lacks the header {1}")]
    MissingHeader(String, &'static str),
    #[error("{what}: gave up after {attempts} attempts; last error: {last}")]
    GaveUp {
        what: String,
        attempts: u32,
        last: Box<PullError>,
    },
    #[error("the integration list is malformed: {0}")]
    BadList(String),
}

impl PullError {
    /// Failures a later attempt may not have.
    fn retryable(&self) -> bool {
        match self {
            PullError::Http { .. } => true,
            PullError::Status { status, .. } => {
                matches!(status, 409 | 429 | 500 | 502 | 503 | 504)
            }
            _ => false,
        }
    }
}

/// What a pull did.
#[derive(Debug, Default)]
pub struct Report {
    pub downloaded: Vec<(String, u64)>,
    pub not_modified: Vec<String>,
    pub failed: Vec<(String, PullError)>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct State {
    wikis: BTreeMap<String, Held>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Held {
    etag: String,
    file: String,
    sha256: String,
    #[serde(default)]
    slug: String,
    #[serde(default)]
    version: String,
}

struct Client {
    http: reqwest::Client,
    base: String,
    token: String,
    args: PullArgs,
    bars: MultiProgress,
}

/// Runs `grove pull`.
pub async fn run(args: PullArgs) -> Result<Report, PullError> {
    if !args.all && args.ids.is_empty() {
        return Err(PullError::NothingToDo);
    }
    std::fs::create_dir_all(&args.out).map_err(|source| PullError::Io {
        path: args.out.clone(),
        source,
    })?;
    // reqwest is built without a default TLS provider (see fetch.rs): pick ring, once.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::limited(10))
        .connect_timeout(Duration::from_secs(30))
        .build()
        .map_err(|source| PullError::Http {
            url: args.server.clone(),
            source,
        })?;
    let bars = MultiProgress::with_draw_target(if args.quiet {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    });
    let client = Client {
        http,
        base: args.server.trim_end_matches('/').to_string(),
        token: args.token.clone(),
        args: args.clone(),
        bars,
    };
    let ids = if args.all {
        client.list_all().await?
    } else {
        args.ids.clone()
    };
    let state_path = args.out.join(STATE_FILE);
    let mut state: State = std::fs::read(&state_path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default();
    let mut report = Report::default();
    for id in ids {
        match client.pull_one(&id, &mut state).await {
            Ok(Some(bytes)) => {
                println!("downloaded {id} ({bytes} bytes)");
                report.downloaded.push((id, bytes));
            }
            Ok(None) => {
                println!("unchanged {id} (304, local package kept)");
                report.not_modified.push(id);
            }
            Err(e) => {
                eprintln!("failed {id}: {e}");
                report.failed.push((id, e));
            }
        }
        save_state(&state_path, &state)?;
    }
    Ok(report)
}

fn save_state(path: &Path, state: &State) -> Result<(), PullError> {
    let io = |source| PullError::Io {
        path: path.to_path_buf(),
        source,
    };
    let tmp = path.with_extension("json.tmp");
    std::fs::write(
        &tmp,
        serde_json::to_vec_pretty(state).expect("state serializes"),
    )
    .map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 128
        && !id.starts_with('.')
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// Seconds from a `Retry-After` value (delta-seconds or an HTTP date).
fn retry_after(resp: &reqwest::Response) -> Option<Duration> {
    let v = resp.headers().get("retry-after")?.to_str().ok()?.trim();
    if let Ok(secs) = v.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let when = chrono::DateTime::parse_from_rfc2822(v).ok()?;
    let secs = (when.timestamp() - chrono::Utc::now().timestamp()).max(0) as u64;
    Some(Duration::from_secs(secs))
}

async fn error_of(url: &str, resp: reqwest::Response) -> PullError {
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap_or_default();
    let message = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| {
            v.get("error")
                .or_else(|| v.get("detail"))
                .and_then(|m| m.as_str())
                .map(str::to_string)
        })
        .unwrap_or(text);
    if status == 413 {
        return PullError::TooLarge {
            url: url.to_string(),
            message,
        };
    }
    PullError::Status {
        url: url.to_string(),
        status,
        message,
    }
}

impl Client {
    fn cap(&self) -> Duration {
        Duration::from_secs(self.args.max_wait_s)
    }

    /// Waits before attempt `attempt + 1`: as the server said (429), or exponential back-off.
    async fn wait(&self, attempt: u32, told: Option<Duration>) {
        let backoff =
            Duration::from_millis(self.args.backoff_ms).saturating_mul(1u32 << attempt.min(16));
        let d = told.unwrap_or(backoff).min(self.cap());
        tokio::time::sleep(d).await;
    }

    /// Every wiki id of the publishable integration list, following `next_cursor`.
    async fn list_all(&self) -> Result<Vec<String>, PullError> {
        let mut ids = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let mut url = format!(
                "{}/api/v1/integrations/wikis?preset=publishable&page_size=200",
                self.base
            );
            if let Some(c) = &cursor {
                url.push_str("&cursor=");
                url.push_str(c);
            }
            let page = self.list_page(&url).await?;
            let items = page
                .get("items")
                .and_then(|v| v.as_array())
                .ok_or_else(|| PullError::BadList("no items array".into()))?;
            for item in items {
                let id = item
                    .get("id")
                    .and_then(|v| v.as_str())
                    .ok_or_else(|| PullError::BadList("an item without id".into()))?;
                if !ids.iter().any(|i| i == id) {
                    ids.push(id.to_string());
                }
            }
            let more = page.get("has_more").and_then(|v| v.as_bool()) == Some(true);
            match page.get("next_cursor").and_then(|v| v.as_str()) {
                Some(c) if more && !c.is_empty() => cursor = Some(c.to_string()),
                _ => return Ok(ids),
            }
        }
    }

    async fn list_page(&self, url: &str) -> Result<serde_json::Value, PullError> {
        let mut attempt = 0;
        loop {
            let (err, told) = match self.http.get(url).bearer_auth(&self.token).send().await {
                Ok(resp) if resp.status().is_success() => {
                    return resp.json().await.map_err(|source| PullError::Http {
                        url: url.to_string(),
                        source,
                    });
                }
                Ok(resp) => {
                    let told = retry_after(&resp);
                    (error_of(url, resp).await, told)
                }
                Err(source) => (
                    PullError::Http {
                        url: url.to_string(),
                        source,
                    },
                    None,
                ),
            };
            attempt += 1;
            if !err.retryable() || attempt >= self.args.attempts {
                return Err(err);
            }
            self.wait(attempt - 1, told).await;
        }
    }

    /// Downloads one wiki's package. `Ok(None)` is a 304 (the local package is current).
    async fn pull_one(&self, id: &str, state: &mut State) -> Result<Option<u64>, PullError> {
        if !valid_id(id) {
            return Err(PullError::BadWikiId(id.to_string()));
        }
        let url = format!("{}/api/v1/integrations/wikis/{id}/artifact", self.base);
        let mut attempt = 0;
        loop {
            let told;
            let err = match self.attempt(id, &url, state).await {
                Ok(done) => return Ok(done),
                Err((e, t)) => {
                    told = t;
                    e
                }
            };
            if !err.retryable() {
                return Err(err);
            }
            attempt += 1;
            if attempt >= self.args.attempts {
                return Err(PullError::GaveUp {
                    what: id.to_string(),
                    attempts: attempt,
                    last: Box::new(err),
                });
            }
            self.wait(attempt - 1, told).await;
        }
    }

    async fn attempt(
        &self,
        id: &str,
        url: &str,
        state: &mut State,
    ) -> Result<Option<u64>, (PullError, Option<Duration>)> {
        let out = &self.args.out;
        let held = state
            .wikis
            .get(id)
            .filter(|h| out.join(&h.file).is_file())
            .cloned();
        let mut req = self.http.get(url).bearer_auth(&self.token);
        if let Some(h) = &held {
            req = req.header("if-none-match", &h.etag);
        }
        let resp = req.send().await.map_err(|source| {
            (
                PullError::Http {
                    url: url.to_string(),
                    source,
                },
                None,
            )
        })?;
        if resp.status() == reqwest::StatusCode::NOT_MODIFIED && held.is_some() {
            return Ok(None);
        }
        if !resp.status().is_success() {
            let told = retry_after(&resp);
            return Err((error_of(url, resp).await, told));
        }
        let header = |name: &'static str| -> Result<String, (PullError, Option<Duration>)> {
            resp.headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
                .ok_or((PullError::MissingHeader(url.to_string(), name), None))
        };
        let expected_len: u64 = header("content-length")?.parse().map_err(|_| {
            (
                PullError::MissingHeader(url.to_string(), "content-length"),
                None,
            )
        })?;
        let expected_sha = header("x-artifact-sha256")?.to_ascii_lowercase();
        let etag = header("etag").unwrap_or_else(|_| format!("\"{expected_sha}\""));
        let slug = header("x-wiki-slug").unwrap_or_default();
        let version = header("x-wiki-version").unwrap_or_default();

        let file_name = format!("{id}.tar.gz");
        let final_path = out.join(&file_name);
        let part = out.join(format!("{file_name}.part"));
        let bar = self.bars.add(ProgressBar::new(expected_len));
        bar.set_style(
            ProgressStyle::with_template(
                "{msg:24!} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec} {eta}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar.set_message(if slug.is_empty() {
            id.to_string()
        } else {
            slug.clone()
        });
        let result = self
            .download(resp, &part, &bar, url)
            .await
            .and_then(|(len, sha)| {
                if len != expected_len {
                    return Err(PullError::Integrity {
                        wiki: id.to_string(),
                        what: format!("received {len} bytes, Content-Length said {expected_len}"),
                    });
                }
                if sha != expected_sha {
                    return Err(PullError::Integrity {
                        wiki: id.to_string(),
                        what: format!("SHA-256 {sha}, X-Artifact-SHA256 said {expected_sha}"),
                    });
                }
                Ok(len)
            });
        bar.finish_and_clear();
        let len = match result {
            Ok(len) => len,
            Err(e) => {
                let _ = std::fs::remove_file(&part);
                return Err((e, None));
            }
        };
        std::fs::rename(&part, &final_path).map_err(|source| {
            let _ = std::fs::remove_file(&part);
            (
                PullError::Io {
                    path: final_path.clone(),
                    source,
                },
                None,
            )
        })?;
        state.wikis.insert(
            id.to_string(),
            Held {
                etag,
                file: file_name,
                sha256: expected_sha,
                slug,
                version,
            },
        );
        Ok(Some(len))
    }

    /// Streams the body into `part` in blocks of [`BLOCK`] bytes; returns (length, SHA-256 hex).
    async fn download(
        &self,
        mut resp: reqwest::Response,
        part: &Path,
        bar: &ProgressBar,
        url: &str,
    ) -> Result<(u64, String), PullError> {
        let io = |source| PullError::Io {
            path: part.to_path_buf(),
            source,
        };
        let mut file = std::fs::File::create(part).map_err(io)?;
        let mut hasher = Sha256::new();
        let mut block: Vec<u8> = Vec::with_capacity(BLOCK);
        let mut total = 0u64;
        loop {
            let chunk = resp.chunk().await.map_err(|source| PullError::Http {
                url: url.to_string(),
                source,
            })?;
            let Some(chunk) = chunk else { break };
            hasher.update(&chunk);
            total += chunk.len() as u64;
            bar.inc(chunk.len() as u64);
            let mut rest: &[u8] = &chunk;
            while !rest.is_empty() {
                let take = (BLOCK - block.len()).min(rest.len());
                block.extend_from_slice(&rest[..take]);
                rest = &rest[take..];
                if block.len() == BLOCK {
                    file.write_all(&block).map_err(io)?;
                    block.clear();
                }
            }
        }
        if !block.is_empty() {
            file.write_all(&block).map_err(io)?;
        }
        file.sync_all().map_err(io)?;
        Ok((total, hex::encode(hasher.finalize())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_that_name_files() {
        assert!(valid_id("w_0001"));
        assert!(valid_id("a-b.c"));
        assert!(!valid_id("../x"));
        assert!(!valid_id(".hidden"));
        assert!(!valid_id("a/b"));
        assert!(!valid_id(""));
    }

    #[test]
    fn only_transient_failures_are_retried() {
        let status = |s| PullError::Status {
            url: "u".into(),
            status: s,
            message: String::new(),
        };
        assert!(status(409).retryable());
        assert!(status(429).retryable());
        assert!(status(500).retryable());
        assert!(!status(404).retryable());
        assert!(
            !PullError::TooLarge {
                url: "u".into(),
                message: String::new()
            }
            .retryable()
        );
        assert!(
            !PullError::Integrity {
                wiki: "w".into(),
                what: String::new()
            }
            .retryable()
        );
    }
}

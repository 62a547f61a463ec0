//! The server's preview processes: one `grove preview` child per served wiki.
//!
//! A child is started from the server's own executable (`std::env::current_exe`) with the
//! wiki directory, the address to bind and `--supervised`. It is ready when it prints its
//! `grove preview listening on …` line; when it exits first, its exit status says why (see
//! [`EXIT_PORT_IN_USE`]), so a port another program holds is a clear 409 and never a hang.
//! Before spawning, the port is also tried here so the common case answers at once.
//!
//! Processes are tracked in two places: in memory (the `Child` handles) and in
//! `<data-dir>/previews.json`, rewritten atomically on every change. A supervised child keeps a
//! pipe from the server on its standard input and exits when it closes, so a server that dies
//! takes its previews with it; the file covers what is left anyway: at start-up
//! [`Previews::clean_leftovers`] ends every recorded process that `/proc/<pid>/cmdline` shows is
//! still a `grove preview` of a wiki of this data dir, and never any other process. On graceful
//! shutdown [`Previews::stop_all`] ends them all.
//!
//! Not for: ownership or the PORT setting (see the module above), or what the site shows
//! (see `preview::site`).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tokio::io::AsyncBufReadExt;
use tokio::process::{Child, Command};

use super::PreviewError;

/// Exit status of `grove preview` when its port is taken.
pub const EXIT_PORT_IN_USE: i32 = 3;
/// The line a preview prints on standard output once it accepts connections.
pub const READY_PREFIX: &str = "grove preview listening on ";
/// Longest wait for a child to say it is ready.
const READY_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a child gets to exit after its stdin closes and SIGTERM, before SIGKILL.
const STOP_GRACE: Duration = Duration::from_secs(3);

/// A running preview as the API reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Serving {
    pub slug: String,
    pub url: String,
    pub pid: u32,
    pub port: u16,
}

/// One record of `previews.json`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
struct Record {
    slug: String,
    pid: u32,
    port: u16,
    wiki_dir: PathBuf,
    started_at: DateTime<Utc>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct RecordFile {
    previews: Vec<Record>,
}

struct Running {
    serving: Serving,
    record: Record,
    child: Child,
}

/// The preview processes of this server.
pub struct Previews {
    registry: PathBuf,
    wikis_dir: PathBuf,
    bind_ip: IpAddr,
    public_host: String,
    running: std::sync::Mutex<HashMap<String, Running>>,
    /// Serializes start and stop, so two requests never race to spawn one wiki's preview.
    ops: tokio::sync::Mutex<()>,
}

impl Previews {
    /// `registry` is the record file; previews bind `bind_ip` (the server's own bind address)
    /// and are announced as `http://<public_host>:<port>/preview/<slug>/`.
    pub fn new(
        registry: PathBuf,
        wikis_dir: PathBuf,
        bind_ip: IpAddr,
        public_host: String,
    ) -> Self {
        Previews {
            registry,
            wikis_dir,
            bind_ip,
            public_host,
            running: Default::default(),
            ops: Default::default(),
        }
    }

    fn url(&self, slug: &str, port: u16) -> String {
        format!("http://{}:{port}/preview/{slug}/", self.public_host)
    }

    /// The running preview of `slug`; a child that has exited on its own is forgotten here.
    pub fn running(&self, slug: &str) -> Option<Serving> {
        let mut map = self.running.lock().unwrap_or_else(|e| e.into_inner());
        let r = map.get_mut(slug)?;
        match r.child.try_wait() {
            Ok(None) => Some(r.serving.clone()),
            _ => {
                tracing::warn!(wiki.slug = %slug, pid = r.serving.pid, "the preview process has exited");
                map.remove(slug);
                drop(map);
                self.save();
                None
            }
        }
    }

    /// Starts the preview of `slug` on `port`, or returns the one already running.
    pub async fn start(&self, slug: &str, dir: &Path, port: u16) -> Result<Serving, PreviewError> {
        let _op = self.ops.lock().await;
        if let Some(s) = self.running(slug) {
            return Ok(s);
        }
        let addr = SocketAddr::new(self.bind_ip, port);
        self.check_port(slug, addr)?;
        let exe = std::env::current_exe().map_err(PreviewError::io("find the grove executable"))?;
        let log_dir = dir.join("logs");
        std::fs::create_dir_all(&log_dir).map_err(PreviewError::io("create logs/"))?;
        let log_path = log_dir.join("preview.log");
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log_path)
            .map_err(PreviewError::io("open logs/preview.log"))?;
        let t0 = Instant::now();
        let mut child = Command::new(exe)
            .arg("preview")
            .arg("--wiki-dir")
            .arg(dir)
            .arg("--slug")
            .arg(slug)
            .arg("--bind")
            .arg(addr.to_string())
            .arg("--supervised")
            .env_remove("GROVE_BOOTSTRAP_TOKEN")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log))
            .kill_on_drop(true)
            .spawn()
            .map_err(PreviewError::io("start grove preview"))?;
        let pid = child.id().unwrap_or_default();
        let stdout = child.stdout.take();
        let ready = async {
            let mut lines = tokio::io::BufReader::new(stdout?).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                if line.starts_with(READY_PREFIX) {
                    // Keep draining so a later write never blocks the child.
                    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
                    return Some(());
                }
            }
            None
        };
        let outcome = tokio::time::timeout(READY_TIMEOUT, ready).await;
        if !matches!(outcome, Ok(Some(()))) {
            let status = match outcome {
                Ok(_) => tokio::time::timeout(Duration::from_secs(5), child.wait())
                    .await
                    .ok()
                    .and_then(Result::ok),
                Err(_) => None,
            };
            let _ = child.kill().await;
            if status.and_then(|s| s.code()) == Some(EXIT_PORT_IN_USE) {
                return Err(PreviewError::PortInUse {
                    slug: slug.to_string(),
                    port,
                    by: "another program".into(),
                });
            }
            let tail = log_tail(&log_path);
            return Err(PreviewError::Start {
                slug: slug.to_string(),
                reason: match status {
                    Some(s) => format!("it exited with {s}; its log ends: {tail}"),
                    None => format!(
                        "it did not answer within {} s; its log ends: {tail}",
                        READY_TIMEOUT.as_secs()
                    ),
                },
            });
        }
        let serving = Serving {
            slug: slug.to_string(),
            url: self.url(slug, port),
            pid,
            port,
        };
        let record = Record {
            slug: slug.to_string(),
            pid,
            port,
            wiki_dir: dir.to_path_buf(),
            started_at: Utc::now(),
        };
        tracing::info!(
            wiki.slug = %slug,
            pid,
            port,
            startup_ms = t0.elapsed().as_millis() as u64,
            "preview started"
        );
        self.running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(
                slug.to_string(),
                Running {
                    serving: serving.clone(),
                    record,
                    child,
                },
            );
        self.save();
        Ok(serving)
    }

    /// Refuses a port that one of our previews or another program holds.
    fn check_port(&self, slug: &str, addr: SocketAddr) -> Result<(), PreviewError> {
        let ours = self
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .find(|r| r.serving.port == addr.port())
            .map(|r| r.serving.slug.clone());
        if let Some(other) = ours {
            return Err(PreviewError::PortInUse {
                slug: slug.to_string(),
                port: addr.port(),
                by: format!("the preview of wiki {other:?}"),
            });
        }
        match std::net::TcpListener::bind(addr) {
            Ok(l) => {
                drop(l);
                Ok(())
            }
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => Err(PreviewError::PortInUse {
                slug: slug.to_string(),
                port: addr.port(),
                by: "another program".into(),
            }),
            Err(e) => Err(PreviewError::Start {
                slug: slug.to_string(),
                reason: format!("cannot listen on {addr}: {e}"),
            }),
        }
    }

    /// Stops the preview of `slug`; the pid it had, or `None` when none was running.
    pub async fn stop(&self, slug: &str) -> Option<u32> {
        let _op = self.ops.lock().await;
        let r = self
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(slug)?;
        self.save();
        let pid = r.serving.pid;
        end_child(r).await;
        Some(pid)
    }

    /// Stops every preview (graceful shutdown of the server).
    pub async fn stop_all(&self) {
        let _op = self.ops.lock().await;
        let all: Vec<Running> = self
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain()
            .map(|(_, r)| r)
            .collect();
        let n = all.len();
        futures_util::future::join_all(all.into_iter().map(end_child)).await;
        self.save();
        if n > 0 {
            tracing::info!(previews = n, "stopped the preview processes");
        }
    }

    /// Ends the processes a previous run of this server recorded and left behind (a crash),
    /// after checking each still is a `grove preview` of one of our wikis. Run once at start.
    pub fn clean_leftovers(&self) {
        let file: RecordFile = std::fs::read(&self.registry)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default();
        for rec in &file.previews {
            if !rec.wiki_dir.starts_with(&self.wikis_dir) {
                tracing::warn!(pid = rec.pid, dir = %rec.wiki_dir.display(), "ignoring a preview record outside this data dir");
                continue;
            }
            if !is_our_preview(rec.pid, &rec.wiki_dir) {
                continue;
            }
            tracing::info!(wiki.slug = %rec.slug, pid = rec.pid, "ending a preview process left by the previous run");
            terminate_pid(rec.pid, STOP_GRACE);
        }
        self.save();
    }

    /// Rewrites the record file from the in-memory table.
    fn save(&self) {
        let mut previews: Vec<Record> = self
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .map(|r| r.record.clone())
            .collect();
        previews.sort_by(|a, b| a.slug.cmp(&b.slug));
        let bytes = serde_json::to_vec_pretty(&RecordFile { previews }).unwrap_or_default();
        if let Err(e) = crate::pipeline::write_atomic(&self.registry, &bytes) {
            tracing::error!(error = %e, path = %self.registry.display(), "cannot record the preview processes");
        }
    }
}

/// Closes the child's stdin (a supervised preview exits on that), sends SIGTERM, and kills it
/// when it is still there after the grace period.
async fn end_child(mut r: Running) {
    drop(r.child.stdin.take());
    signal(r.serving.pid, rustix::process::Signal::TERM);
    match tokio::time::timeout(STOP_GRACE, r.child.wait()).await {
        Ok(_) => {}
        Err(_) => {
            tracing::warn!(wiki.slug = %r.serving.slug, pid = r.serving.pid, "the preview did not stop in time; killing it");
            let _ = r.child.kill().await;
        }
    }
    tracing::info!(wiki.slug = %r.serving.slug, pid = r.serving.pid, "preview stopped");
}

fn signal(pid: u32, sig: rustix::process::Signal) {
    if let Some(p) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process(p, sig);
    }
}

/// SIGTERM, then SIGKILL after `grace`, for a process that is not our child.
fn terminate_pid(pid: u32, grace: Duration) {
    signal(pid, rustix::process::Signal::TERM);
    let deadline = Instant::now() + grace;
    while Instant::now() < deadline {
        if !process_alive(pid) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(pid, rustix::process::Signal::KILL);
}

/// The process exists and is not a zombie.
pub fn process_alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // the state follows the parenthesised command name
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

/// `pid` runs `grove preview … --wiki-dir <wiki_dir> …`.
fn is_our_preview(pid: u32, wiki_dir: &Path) -> bool {
    std::fs::read(format!("/proc/{pid}/cmdline"))
        .is_ok_and(|raw| cmdline_is_preview_of(&raw, wiki_dir))
}

/// Parses a NUL-separated `/proc/<pid>/cmdline`.
fn cmdline_is_preview_of(raw: &[u8], wiki_dir: &Path) -> bool {
    let args: Vec<&[u8]> = raw.split(|b| *b == 0).collect();
    let is_grove = args.first().is_some_and(|a0| {
        Path::new(std::str::from_utf8(a0).unwrap_or_default())
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("grove"))
    });
    let dir = wiki_dir.as_os_str().as_encoded_bytes();
    is_grove
        && args.get(1) == Some(&b"preview".as_slice())
        && args.contains(&b"--supervised".as_slice())
        && args
            .windows(2)
            .any(|w| w[0] == b"--wiki-dir" && w[1] == dir)
}

fn log_tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().rev().take(3).collect();
    let tail: Vec<&str> = lines.into_iter().rev().collect();
    if tail.is_empty() {
        "(empty)".into()
    } else {
        tail.join(" | ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_grove_previews_of_the_recorded_dir_match() {
        let dir = Path::new("/data/wikis/garden");
        let cases: [(&[u8], bool); 6] = [
            (
                b"/usr/bin/grove\0preview\0--wiki-dir\0/data/wikis/garden\0--slug\0garden\0--bind\x00127.0.0.1:4101\0--supervised\0",
                true,
            ),
            (
                b"/usr/bin/grove\0preview\0--wiki-dir\0/data/wikis/other\0--supervised\0",
                false,
            ),
            (
                b"/usr/bin/grove\0serve\0--wiki-dir\0/data/wikis/garden\0--supervised\0",
                false,
            ),
            (b"/usr/bin/grove\0preview\0--wiki-dir\0/data/wikis/garden\0", false),
            (
                b"/bin/sleep\0preview\0--wiki-dir\0/data/wikis/garden\0--supervised\0",
                false,
            ),
            (b"", false),
        ];
        for (raw, want) in cases {
            assert_eq!(
                cmdline_is_preview_of(raw, dir),
                want,
                "{}",
                String::from_utf8_lossy(raw)
            );
        }
    }

    #[test]
    fn leftovers_that_are_not_previews_are_left_alone() {
        let tmp = tempfile::tempdir().unwrap();
        let wikis = tmp.path().join("wikis");
        let mut sleeper = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let record = RecordFile {
            previews: vec![Record {
                slug: "w".into(),
                pid: sleeper.id(),
                port: 4999,
                wiki_dir: wikis.join("w"),
                started_at: Utc::now(),
            }],
        };
        let registry = tmp.path().join("previews.json");
        std::fs::write(&registry, serde_json::to_vec(&record).unwrap()).unwrap();
        let previews = Previews::new(
            registry.clone(),
            wikis,
            "127.0.0.1".parse().unwrap(),
            "127.0.0.1".into(),
        );
        previews.clean_leftovers();
        assert!(
            process_alive(sleeper.id()),
            "a process that is not a grove preview must never be killed"
        );
        let after: RecordFile = serde_json::from_slice(&std::fs::read(&registry).unwrap()).unwrap();
        assert!(after.previews.is_empty());
        sleeper.kill().unwrap();
        sleeper.wait().unwrap();
        assert!(!process_alive(sleeper.id()));
    }
}

//! Server configuration: command-line flags, their `GROVE_*` environment variables, and an
//! optional TOML file with the same keys (DESIGN.md §3).
//!
//! Precedence is flag or env var, then the file, then the built-in default. Unknown keys in the
//! file are an error that names the key. This module only parses and validates; it starts
//! nothing.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use serde::Deserialize;

/// Flags of `grove serve`. Every flag also reads its env var.
#[derive(Debug, Clone, Default, Args)]
pub struct ServeArgs {
    /// TOML file with the same keys as the flags (kebab-case, e.g. `data-dir = "/srv/grove"`).
    #[arg(long, env = "GROVE_CONFIG")]
    pub config: Option<PathBuf>,
    /// Where grove keeps its database, wikis, indexes, caches, genes and secrets.
    #[arg(long, env = "GROVE_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
    /// Address to listen on; port 0 picks a free port (the log says which).
    #[arg(long, env = "GROVE_BIND")]
    pub bind: Option<String>,
    /// Host name used in preview URLs (default: host part of --bind).
    #[arg(long, env = "GROVE_PUBLIC_HOST")]
    pub public_host: Option<String>,
    /// Scheduler concurrency quota: jobs that run at once (default: number of CPUs).
    #[arg(long, env = "GROVE_MAX_JOBS")]
    pub max_jobs: Option<usize>,
    /// Largest accepted upload, e.g. `512MiB` (413 beyond).
    #[arg(long, env = "GROVE_UPLOAD_MAX_BYTES")]
    pub upload_max_bytes: Option<String>,
    /// Largest source directory that will be packaged, e.g. `4GiB` (413 beyond).
    #[arg(long, env = "GROVE_PACKAGE_MAX_BYTES")]
    pub package_max_bytes: Option<String>,
    /// Package downloads allowed per client, e.g. `60/min` (429 beyond).
    #[arg(long, env = "GROVE_DOWNLOAD_RATE")]
    pub download_rate: Option<String>,
    /// Directory watched for gene `.wasm` files (default: <data-dir>/genes).
    #[arg(long, env = "GROVE_GENES_DIR")]
    pub genes_dir: Option<PathBuf>,
    /// Port range assigned to new wikis' PORT, e.g. `4100-4199` (default: unset).
    #[arg(long, env = "GROVE_PREVIEW_PORTS")]
    pub preview_ports: Option<String>,
    /// Lifetime of integration list cursors, e.g. `15m`.
    #[arg(long, env = "GROVE_CURSOR_TTL")]
    pub cursor_ttl: Option<String>,
    /// Directory of a BERT-family sentence-embedding model (`config.json`, `tokenizer.json`,
    /// `model.safetensors`) that semantic search uses instead of the embedded embedder.
    /// Nothing is downloaded; a directory that does not load stops the start with its reason.
    #[arg(long, env = "GROVE_EMBED_MODEL")]
    pub embed_model: Option<PathBuf>,
    /// Most entries grow renders itself (the best-scored first); the butler renders the rest
    /// of the plan in its rounds.
    #[arg(long, env = "GROVE_GROW_MAX_PAGES")]
    pub grow_max_pages: Option<usize>,
    /// Base URL of an OpenAI-compatible chat-completions API, e.g. `https://api.openai.com/v1`
    /// (default: none; everything works extractively). The key is read from
    /// `GROVE_LLM_API_KEY` only (never a flag or the file, so it stays out of `ps` and configs).
    #[arg(long, env = "GROVE_LLM_URL")]
    pub llm_url: Option<String>,
    /// Comma-separated model names the provider offers; the first is the default.
    #[arg(long, env = "GROVE_LLM_MODELS")]
    pub llm_models: Option<String>,
    /// Time limit of one model request, e.g. `30s`; a slower answer falls back to extractive text.
    #[arg(long, env = "GROVE_LLM_TIMEOUT")]
    pub llm_timeout: Option<String>,
}

/// The optional config file. Same keys as the flags.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FileConfig {
    data_dir: Option<PathBuf>,
    bind: Option<String>,
    public_host: Option<String>,
    max_jobs: Option<usize>,
    upload_max_bytes: Option<toml::Value>,
    package_max_bytes: Option<toml::Value>,
    download_rate: Option<String>,
    genes_dir: Option<PathBuf>,
    preview_ports: Option<String>,
    cursor_ttl: Option<String>,
    embed_model: Option<PathBuf>,
    grow_max_pages: Option<usize>,
    llm_url: Option<String>,
    llm_models: Option<String>,
    llm_timeout: Option<String>,
}

/// A rate: `count` events per `period`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub period: Duration,
}

/// The resolved configuration the server runs with.
#[derive(Debug, Clone)]
pub struct Config {
    pub data_dir: PathBuf,
    pub bind: SocketAddr,
    pub public_host: String,
    pub max_jobs: usize,
    pub upload_max_bytes: u64,
    pub package_max_bytes: u64,
    pub download_rate: Rate,
    pub genes_dir: PathBuf,
    pub preview_ports: Option<(u16, u16)>,
    pub cursor_ttl: Duration,
    /// The sentence-embedding model directory of semantic search (none: the embedded embedder).
    pub embed_model: Option<PathBuf>,
    /// `GROVE_BOOTSTRAP_TOKEN`: becomes the admin token on a data dir without one.
    pub bootstrap_token: Option<String>,
    /// `SERVICE_ALLOW_PRIVATE_URLS=1`: upload-url may reach private addresses.
    pub allow_private_urls: bool,
    /// Most entries grow renders; the butler renders the rest of the plan.
    pub grow_max_pages: usize,
    /// The optional model provider (`GROVE_LLM_*`); none = extractive only.
    pub llm: Option<LlmConfig>,
}

/// An OpenAI-compatible chat-completions provider. `Debug` never shows the key.
#[derive(Clone)]
pub struct LlmConfig {
    /// Base URL; requests go to `<url>/chat/completions` (unless it already ends so).
    pub url: String,
    /// `GROVE_LLM_API_KEY`, sent as a bearer token; never logged.
    pub api_key: Option<String>,
    /// Model names; the first is the default.
    pub models: Vec<String>,
    /// Time limit of one request.
    pub timeout: Duration,
}

impl std::fmt::Debug for LlmConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlmConfig")
            .field("url", &self.url)
            .field("api_key", &self.api_key.as_ref().map(|_| "<set>"))
            .field("models", &self.models)
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// A configuration value that cannot be used. The message names the key and what is expected.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("config file {path}: {message}")]
    File { path: PathBuf, message: String },
    #[error("{key}: {message}")]
    Invalid { key: &'static str, message: String },
}

fn invalid(key: &'static str, message: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        key,
        message: message.into(),
    }
}

impl Config {
    /// Resolves flags/env (`args`), the optional file, and defaults into a validated config.
    pub fn resolve(args: &ServeArgs) -> Result<Config, ConfigError> {
        let file = match &args.config {
            Some(path) => load_file(path)?,
            None => FileConfig::default(),
        };
        let data_dir = args
            .data_dir
            .clone()
            .or(file.data_dir)
            .unwrap_or_else(|| PathBuf::from("./grove-data"));
        let bind_str = args
            .bind
            .clone()
            .or(file.bind)
            .unwrap_or_else(|| "127.0.0.1:8080".into());
        let bind: SocketAddr = bind_str.parse().map_err(|_| {
            invalid(
                "bind",
                format!("{bind_str:?} is not an address like 127.0.0.1:8080"),
            )
        })?;
        let public_host = args
            .public_host
            .clone()
            .or(file.public_host)
            .unwrap_or_else(|| match bind.ip() {
                ip if ip.is_unspecified() => "127.0.0.1".into(),
                std::net::IpAddr::V6(ip) => format!("[{ip}]"),
                ip => ip.to_string(),
            });
        let max_jobs = args
            .max_jobs
            .or(file.max_jobs)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
        if max_jobs == 0 || max_jobs > 1024 {
            return Err(invalid("max-jobs", "must be between 1 and 1024"));
        }
        let upload_max_bytes = size_setting(
            "upload-max-bytes",
            args.upload_max_bytes.as_deref(),
            file.upload_max_bytes,
            512 << 20,
        )?;
        let package_max_bytes = size_setting(
            "package-max-bytes",
            args.package_max_bytes.as_deref(),
            file.package_max_bytes,
            4 << 30,
        )?;
        let download_rate = parse_rate(
            args.download_rate
                .as_deref()
                .or(file.download_rate.as_deref())
                .unwrap_or("60/min"),
        )
        .map_err(|m| invalid("download-rate", m))?;
        let genes_dir = args
            .genes_dir
            .clone()
            .or(file.genes_dir)
            .unwrap_or_else(|| data_dir.join("genes"));
        let preview_ports = args
            .preview_ports
            .as_deref()
            .or(file.preview_ports.as_deref())
            .map(parse_port_range)
            .transpose()
            .map_err(|m| invalid("preview-ports", m))?;
        let cursor_ttl = parse_duration(
            args.cursor_ttl
                .as_deref()
                .or(file.cursor_ttl.as_deref())
                .unwrap_or("15m"),
        )
        .map_err(|m| invalid("cursor-ttl", m))?;
        let grow_max_pages = args
            .grow_max_pages
            .or(file.grow_max_pages)
            .unwrap_or(DEFAULT_GROW_MAX_PAGES);
        if grow_max_pages == 0 {
            return Err(invalid("grow-max-pages", "must be at least 1"));
        }
        let llm = llm_config(
            args.llm_url.clone().or(file.llm_url),
            args.llm_models.clone().or(file.llm_models),
            args.llm_timeout.clone().or(file.llm_timeout),
            std::env::var("GROVE_LLM_API_KEY")
                .ok()
                .filter(|k| !k.is_empty()),
        )?;
        Ok(Config {
            data_dir,
            bind,
            public_host,
            max_jobs,
            upload_max_bytes,
            package_max_bytes,
            download_rate,
            genes_dir,
            preview_ports,
            cursor_ttl,
            embed_model: args.embed_model.clone().or(file.embed_model),
            bootstrap_token: std::env::var("GROVE_BOOTSTRAP_TOKEN").ok(),
            allow_private_urls: std::env::var("SERVICE_ALLOW_PRIVATE_URLS").as_deref() == Ok("1"),
            grow_max_pages,
            llm,
        })
    }
}

/// Default of `--grow-max-pages`.
pub const DEFAULT_GROW_MAX_PAGES: usize = 1000;

/// The model provider from its settings: none without a URL; a URL needs at least one model.
fn llm_config(
    url: Option<String>,
    models: Option<String>,
    timeout: Option<String>,
    api_key: Option<String>,
) -> Result<Option<LlmConfig>, ConfigError> {
    let Some(url) = url.map(|u| u.trim().trim_end_matches('/').to_string()) else {
        if models.is_some() {
            return Err(invalid("llm-models", "set llm-url (GROVE_LLM_URL) too"));
        }
        return Ok(None);
    };
    match url::Url::parse(&url) {
        Ok(u) if matches!(u.scheme(), "http" | "https") => {}
        _ => {
            return Err(invalid(
                "llm-url",
                format!("{url:?} is not an http(s) URL like https://api.openai.com/v1"),
            ));
        }
    }
    let models: Vec<String> = models
        .unwrap_or_default()
        .split(',')
        .map(|m| m.trim().to_string())
        .filter(|m| !m.is_empty())
        .collect();
    if models.is_empty() {
        return Err(invalid(
            "llm-models",
            "name at least one model (comma-separated), e.g. GROVE_LLM_MODELS=gpt-4o-mini",
        ));
    }
    let timeout = parse_duration(timeout.as_deref().unwrap_or("30s"))
        .map_err(|m| invalid("llm-timeout", m))?;
    Ok(Some(LlmConfig {
        url,
        api_key,
        models,
        timeout,
    }))
}

fn load_file(path: &Path) -> Result<FileConfig, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    toml::from_str(&text).map_err(|e| ConfigError::File {
        path: path.to_path_buf(),
        message: e.message().to_string()
            + &e.span()
                .map(|s| {
                    let line = text[..s.start].matches('\n').count() + 1;
                    format!(" (line {line})")
                })
                .unwrap_or_default(),
    })
}

fn size_setting(
    key: &'static str,
    flag: Option<&str>,
    file: Option<toml::Value>,
    default: u64,
) -> Result<u64, ConfigError> {
    let value = match (flag, file) {
        (Some(s), _) => parse_size(s),
        (None, Some(toml::Value::Integer(n))) if n > 0 => Ok(n as u64),
        (None, Some(toml::Value::String(s))) => parse_size(&s),
        (None, Some(other)) => Err(format!("expected a size like \"512MiB\", got {other}")),
        (None, None) => Ok(default),
    };
    value.map_err(|m| invalid(key, m))
}

/// Parses `1024`, `10KB`, `512MiB`, `4GiB`, `1.5G` (binary units for KiB/MiB/GiB, K/M/G; decimal for KB/MB/GB).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: f64 = num
        .parse()
        .map_err(|_| format!("{s:?} is not a size like 512MiB"))?;
    let mult: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kib" => 1 << 10,
        "kb" => 1_000,
        "m" | "mib" => 1 << 20,
        "mb" => 1_000_000,
        "g" | "gib" => 1 << 30,
        "gb" => 1_000_000_000,
        "t" | "tib" => 1 << 40,
        "tb" => 1_000_000_000_000,
        other => return Err(format!("unknown size unit {other:?} in {s:?}")),
    };
    let bytes = n * mult as f64;
    if !(1.0..=1e16).contains(&bytes) {
        return Err(format!("{s:?} is out of range"));
    }
    Ok(bytes as u64)
}

/// Parses `900`, `900s`, `15m`, `15min`, `2h`, `1d`.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: u64 = num
        .parse()
        .map_err(|_| format!("{s:?} is not a duration like 15m"))?;
    let secs = match unit.trim() {
        "" | "s" | "sec" => n,
        "m" | "min" => n * 60,
        "h" => n * 3600,
        "d" => n * 86_400,
        other => return Err(format!("unknown duration unit {other:?} in {s:?}")),
    };
    if secs == 0 {
        return Err("must be longer than zero".into());
    }
    Ok(Duration::from_secs(secs))
}

/// Parses `60/min`, `10/s`, `1000/h`, `5000/day`.
pub fn parse_rate(s: &str) -> Result<Rate, String> {
    let (count, per) = s
        .trim()
        .split_once('/')
        .ok_or_else(|| format!("{s:?} is not a rate like 60/min"))?;
    let count: u32 = count
        .trim()
        .parse()
        .ok()
        .filter(|&c| c > 0)
        .ok_or_else(|| format!("{s:?}: the count must be a positive integer"))?;
    let period = match per.trim() {
        "s" | "sec" | "second" => Duration::from_secs(1),
        "m" | "min" | "minute" => Duration::from_secs(60),
        "h" | "hour" => Duration::from_secs(3600),
        "d" | "day" => Duration::from_secs(86_400),
        other => {
            return Err(format!(
                "unknown rate period {other:?}; use s, min, h or day"
            ));
        }
    };
    Ok(Rate { count, period })
}

/// Parses `4100-4199`.
pub fn parse_port_range(s: &str) -> Result<(u16, u16), String> {
    let (a, b) = s
        .trim()
        .split_once('-')
        .ok_or_else(|| format!("{s:?} is not a port range like 4100-4199"))?;
    let a: u16 = a.trim().parse().map_err(|_| format!("bad port in {s:?}"))?;
    let b: u16 = b.trim().parse().map_err(|_| format!("bad port in {s:?}"))?;
    if a == 0 || a > b {
        return Err(format!("{s:?}: the range must be low-high with low > 0"));
    }
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        let cases = [
            ("1024", Some(1024)),
            ("512MiB", Some(512 << 20)),
            ("4GiB", Some(4 << 30)),
            ("10KB", Some(10_000)),
            ("1.5M", Some(1_572_864)),
            ("0", None),
            ("ten", None),
            ("5 parsecs", None),
        ];
        for (input, want) in cases {
            assert_eq!(parse_size(input).ok(), want, "{input}");
        }
    }

    #[test]
    fn durations_rates_ports() {
        assert_eq!(parse_duration("15m"), Ok(Duration::from_secs(900)));
        assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
        assert!(parse_duration("0s").is_err());
        assert_eq!(
            parse_rate("60/min"),
            Ok(Rate {
                count: 60,
                period: Duration::from_secs(60)
            })
        );
        assert!(parse_rate("0/min").is_err());
        assert!(parse_rate("60/fortnight").is_err());
        assert_eq!(parse_port_range("4100-4199"), Ok((4100, 4199)));
        assert!(parse_port_range("4199-4100").is_err());
    }

    #[test]
    fn llm_settings() {
        let s = |v: &str| Some(v.to_string());
        let cfg = llm_config(
            s("http://127.0.0.1:9/v1/"),
            s(" a , b,"),
            None,
            s("sk-secret"),
        )
        .unwrap()
        .unwrap();
        assert_eq!(cfg.url, "http://127.0.0.1:9/v1");
        assert_eq!(cfg.models, ["a", "b"]);
        assert_eq!(cfg.timeout, Duration::from_secs(30));
        assert!(
            !format!("{cfg:?}").contains("sk-secret"),
            "the key is never shown"
        );
        assert!(llm_config(None, None, None, None).unwrap().is_none());
        let errors = [
            (None, s("a"), "llm-models"),
            (s("ftp://x"), s("a"), "llm-url"),
            (s("http://x"), None, "llm-models"),
            (s("http://x"), s(" , "), "llm-models"),
        ];
        for (url, models, key) in errors {
            let e = llm_config(url, models, None, None).unwrap_err().to_string();
            assert!(e.starts_with(key), "{e}");
        }
    }

    #[test]
    fn file_keys_merge_and_unknown_keys_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("grove.toml");
        std::fs::write(
            &path,
            "data-dir = \"/srv/g\"\nupload-max-bytes = \"1MiB\"\nmax-jobs = 3\n",
        )
        .unwrap();
        let args = ServeArgs {
            config: Some(path.clone()),
            max_jobs: Some(5),
            ..ServeArgs::default()
        };
        let cfg = Config::resolve(&args).unwrap();
        assert_eq!(cfg.data_dir, PathBuf::from("/srv/g"));
        assert_eq!(cfg.upload_max_bytes, 1 << 20);
        assert_eq!(cfg.max_jobs, 5, "flag wins over file");
        assert_eq!(cfg.genes_dir, PathBuf::from("/srv/g/genes"));

        std::fs::write(&path, "data-dir = \"/x\"\nport = 1\n").unwrap();
        let err = Config::resolve(&args).unwrap_err().to_string();
        assert!(err.contains("unknown field `port`"), "{err}");
    }
}

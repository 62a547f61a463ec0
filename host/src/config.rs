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
        })
    }
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

//! `grove preview`: serves one wiki directory read-only at `http://<bind>/preview/<slug>/` until
//! SIGINT or SIGTERM (or, with `--supervised`, until its standard input closes: the server that
//! started it has gone). It prints one line, [`READY_PREFIX`] and the URL, once it accepts
//! connections, and exits with [`EXIT_PORT_IN_USE`] when the port is taken.
//!
//! Not for: the site's content (see `preview::site`) or its routes (see `api/site.rs`).

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use super::site::{Site, SiteError};
use super::supervisor::{EXIT_PORT_IN_USE, READY_PREFIX};

/// Flags of `grove preview`.
#[derive(Debug, Clone, Args)]
pub struct PreviewArgs {
    /// The wiki directory (`<data-dir>/wikis/<slug>`).
    #[arg(long)]
    pub wiki_dir: PathBuf,
    /// The slug in the site's URLs (default: the directory's name).
    #[arg(long)]
    pub slug: Option<String>,
    /// Address to listen on (default: 127.0.0.1 and the PORT of the wiki's local/config.md).
    #[arg(long)]
    pub bind: Option<String>,
    /// Exit when standard input closes (set by the server that supervises the process).
    #[arg(long)]
    pub supervised: bool,
}

/// Why `grove preview` stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Site(#[from] SiteError),
    #[error("{0}")]
    BadArgs(String),
    #[error("port {0} is already in use by another program")]
    PortInUse(SocketAddr),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
}

impl RunError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            RunError::PortInUse(_) => EXIT_PORT_IN_USE,
            _ => 1,
        }
    }
}

/// Runs the preview until it is told to stop.
pub async fn run(args: PreviewArgs) -> Result<(), RunError> {
    let dir = args.wiki_dir.clone();
    let slug = match &args.slug {
        Some(s) => s.clone(),
        None => dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    let addr: SocketAddr = match &args.bind {
        Some(b) => b.parse().map_err(|_| {
            RunError::BadArgs(format!(
                "--bind {b:?} is not an address like 127.0.0.1:4101"
            ))
        })?,
        None => {
            let port = super::configured_port(&dir, &slug)
                .map_err(|e| RunError::BadArgs(format!("{e}; or pass --bind")))?;
            SocketAddr::from(([127, 0, 0, 1], port))
        }
    };
    let site = Arc::new(Site::open(&dir, &slug)?);
    let std_listener = std::net::TcpListener::bind(addr).map_err(|source| {
        if source.kind() == std::io::ErrorKind::AddrInUse {
            RunError::PortInUse(addr)
        } else {
            RunError::Bind { addr, source }
        }
    })?;
    let bind_err = |source| RunError::Bind { addr, source };
    std_listener.set_nonblocking(true).map_err(bind_err)?;
    let listener = tokio::net::TcpListener::from_std(std_listener).map_err(bind_err)?;
    let local = listener.local_addr().map_err(bind_err)?;
    tracing::info!(
        wiki.slug = %slug,
        addr = %local,
        pages = site.snapshot().pages.len(),
        "preview is listening"
    );
    {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{READY_PREFIX}http://{local}/preview/{slug}/");
        let _ = out.flush();
    }
    crate::api::site::serve(site, listener, shutdown(args.supervised)).await;
    tracing::info!(wiki.slug = %slug, "preview stopped");
    Ok(())
}

/// Resolves on SIGINT, SIGTERM, or (supervised) when standard input reaches its end.
async fn shutdown(supervised: bool) {
    let stdin_closed = async {
        if supervised {
            use tokio::io::AsyncReadExt;
            let mut stdin = tokio::io::stdin();
            let mut buf = [0u8; 64];
            while let Ok(n) = stdin.read(&mut buf).await {
                if n == 0 {
                    break;
                }
            }
            tracing::info!("the supervising server has gone; stopping");
        } else {
            std::future::pending::<()>().await;
        }
    };
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(t) => t,
                Err(_) => {
                    tokio::select! { _ = ctrl_c => {} _ = stdin_closed => {} }
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
            _ = stdin_closed => {}
        }
    }
    #[cfg(not(unix))]
    tokio::select! { _ = ctrl_c => {} _ = stdin_closed => {} }
}

//! `grove serve`: opens the data dir, bootstraps auth, binds the listener and runs the API until
//! SIGINT or SIGTERM, then shuts down gracefully (in-flight requests finish).

use std::sync::Arc;
use std::time::Instant;

use crate::app::{App, DataPaths};
use crate::auth::Bootstrap;
use crate::config::Config;

/// Why the server could not start. Each message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot create the data dir {path}: {source}")]
    DataDir {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Lock(#[from] crate::datadir::LockError),
    #[error("cannot open the metadata store: {0}")]
    Store(#[from] crate::store::StoreError),
    #[error("bootstrap failed: {0}")]
    Bootstrap(#[from] crate::auth::BootstrapError),
    #[error("cannot listen on {addr}: {source}; is another program using the port? choose another --bind")]
    Bind {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
}

/// Runs the server until a shutdown signal arrives.
pub async fn run(config: Config) -> Result<(), StartError> {
    let t0 = Instant::now();
    let paths = DataPaths::new(&config.data_dir);
    paths.create_all().map_err(|source| StartError::DataDir {
        path: paths.root.clone(),
        source,
    })?;
    let _lock = crate::datadir::lock(&paths.root, &paths.lock())?;
    let store = crate::store::Store::open(&paths.db())?;
    let app = Arc::new(App {
        config: config.clone(),
        paths,
        store,
        started_at: Instant::now(),
    });

    match app
        .authenticator()
        .bootstrap(config.bootstrap_token.as_deref(), &app.paths.root)?
    {
        Bootstrap::AdminExists => {}
        Bootstrap::FromEnv => {
            tracing::info!("created the admin token from GROVE_BOOTSTRAP_TOKEN")
        }
        Bootstrap::WroteFile(path) => tracing::warn!(
            path = %path.display(),
            "no admin token existed: wrote a new admin token to this file (mode 0600); read it, then delete the file"
        ),
    }

    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .map_err(|source| StartError::Bind {
            addr: config.bind,
            source,
        })?;
    let local = listener.local_addr().map_err(|source| StartError::Bind {
        addr: config.bind,
        source,
    })?;
    tracing::info!(
        addr = %local,
        data_dir = %app.paths.root.display(),
        max_jobs = config.max_jobs,
        startup_ms = t0.elapsed().as_millis() as u64,
        "grove is listening"
    );
    // A machine-readable line for tools and tests that bind port 0.
    println!("grove listening on http://{local}");

    warp::serve(crate::api::routes(app.clone()))
        .incoming(listener)
        .graceful(shutdown_signal())
        .run()
        .await;
    tracing::info!("grove stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("install SIGTERM handler");
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
    tracing::info!("shutdown signal received; finishing in-flight requests");
}

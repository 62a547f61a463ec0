//! `grove serve`: opens the data dir, bootstraps auth, binds the listener and runs the API until
//! SIGINT or SIGTERM, then shuts down gracefully (in-flight requests finish).

use std::sync::Arc;
use std::time::Instant;

use crate::app::{App, DataPaths};
use crate::auth::Bootstrap;
use crate::config::Config;
use crate::events::EventHub;
use crate::genes::{GeneRegistry, GeneRuntime, RuntimeConfig};
use crate::scheduler::Scheduler;

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
    #[error("cannot set up the model provider: {0}")]
    Llm(crate::llm::LlmError),
    #[error("cannot start the gene runtime: {0}")]
    Genes(#[from] crate::genes::GeneError),
    #[error("bootstrap failed: {0}")]
    Bootstrap(#[from] crate::auth::BootstrapError),
    #[error("cannot use --embed-model (GROVE_EMBED_MODEL): {0}")]
    EmbedModel(#[from] crate::search::neural::NeuralError),
    #[error(
        "cannot listen on {addr}: {source}; is another program using the port? choose another --bind"
    )]
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
    std::fs::create_dir_all(&config.genes_dir).map_err(|source| StartError::DataDir {
        path: config.genes_dir.clone(),
        source,
    })?;
    let runtime = GeneRuntime::new(RuntimeConfig {
        cache_dir: Some(paths.cache().join("genes")),
        ..RuntimeConfig::default()
    })?;
    let genes = GeneRegistry::new(runtime, Some(config.genes_dir.clone()));
    let embedder = match &config.embed_model {
        Some(dir) => {
            let t0 = Instant::now();
            let model = crate::search::neural::NeuralEmbedder::load(dir)?;
            tracing::info!(
                dir = %dir.display(),
                model = model.fingerprint(),
                dim = model.dim(),
                max_tokens = model.max_tokens(),
                ms = t0.elapsed().as_millis() as u64,
                "semantic search uses the neural embedding model"
            );
            Some(Arc::new(model))
        }
        None => None,
    };
    let integrations =
        crate::integrations::Integrations::open(&config, &paths).map_err(|source| {
            StartError::DataDir {
                path: paths.secrets(),
                source,
            }
        })?;
    let llm = match &config.llm {
        Some(c) => {
            let p = crate::llm::LlmProvider::new(c.clone(), tokio::runtime::Handle::current())
                .map_err(StartError::Llm)?;
            tracing::info!(url = %c.url, models = %c.models.join(","), timeout_s = c.timeout.as_secs(), "model provider configured");
            Some(Arc::new(p))
        }
        None => None,
    };
    let app = Arc::new(App {
        config: config.clone(),
        store,
        started_at: Instant::now(),
        events: EventHub::default(),
        scheduler: Scheduler::new(config.max_jobs),
        genes,
        embedder,
        wiki_locks: Default::default(),
        integrations,
        previews: crate::preview::Previews::new(
            paths.previews(),
            paths.wikis(),
            config.bind.ip(),
            config.public_host.clone(),
        ),
        paths,
        butler: Default::default(),
        llm,
    });
    // Previews a crashed run left behind are ended before anything can start new ones.
    app.previews.clean_leftovers();
    // Butler rounds a crash interrupted are undone before anything can package the wikis.
    match crate::butler::Butlers::recover(&app) {
        Ok(0) => {}
        Ok(n) => tracing::info!(wikis = n, "undid interrupted butler rounds"),
        Err(e) => tracing::error!(error = %e, "cannot check for interrupted butler rounds"),
    }
    let requeued = Scheduler::recover(&app)?;
    if requeued > 0 {
        tracing::info!(
            jobs = requeued,
            "re-queued jobs that were running when grove last stopped"
        );
    }

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

    // Genes load (from the on-disk artifact cache after the first start) while the listener is
    // already up; the scheduler starts once they are there.
    let boot_app = app.clone();
    let watcher = tokio::task::spawn_blocking(move || {
        // Watch first, then load: a file dropped while the genes load is not missed (a file
        // seen by both is loaded once; the watcher skips content already handled).
        let watcher = match crate::genes::watch(boot_app.genes.clone()) {
            Ok(w) => Some(w),
            Err(e) => {
                tracing::warn!(error = %e, "cannot watch the genes dir; hot loading by file drop is off (the admin API still works)");
                None
            }
        };
        boot_app.genes.load_all();
        tracing::info!(active = boot_app.genes.active().len(), "genes loaded");
        watcher
    });
    let sched_app = app.clone();
    let scheduler = tokio::spawn(async move {
        let watcher = watcher.await.ok().flatten();
        // Butlers that were running when grove stopped resume once the genes are there.
        match sched_app.butler.resume(&sched_app) {
            Ok(0) => {}
            Ok(n) => tracing::info!(butlers = n, "resumed butlers"),
            Err(e) => tracing::error!(error = %e, "cannot resume the butlers"),
        }
        Scheduler::run(sched_app).await;
        drop(watcher);
    });

    warp::serve(crate::api::routes(app.clone()))
        .incoming(listener)
        .graceful(shutdown_signal())
        .run()
        .await;
    app.scheduler.shut_down();
    app.butler
        .shut_down(std::time::Duration::from_secs(10))
        .await;
    app.previews.stop_all().await;
    let _ = tokio::time::timeout(std::time::Duration::from_secs(5), scheduler).await;
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

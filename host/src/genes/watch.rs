//! Watching the genes dir: a `.wasm` dropped in is loaded, a replaced one is swapped,
//! a removed one is unloaded. Events are debounced per file (150 ms of quiet) so that a
//! file being copied is read once, complete.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use super::GeneError;
use super::registry::{GeneRegistry, is_gene_file};

/// Quiet time after the last event of a file before it is (re)loaded.
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// Keeps the watch alive; dropping it stops watching.
pub struct GeneWatcher {
    _watcher: notify::RecommendedWatcher,
}

/// Starts watching the registry's genes dir (created if missing) on a thread of its own.
pub fn watch(registry: Arc<GeneRegistry>) -> Result<GeneWatcher, GeneError> {
    let dir = registry
        .dir()
        .ok_or_else(|| GeneError::Engine("no genes dir to watch".into()))?
        .to_path_buf();
    std::fs::create_dir_all(&dir)
        .map_err(|e| GeneError::io(format!("creating {}", dir.display()), e))?;
    let (tx, rx) = mpsc::channel::<notify::Result<notify::Event>>();
    let mut watcher = notify::recommended_watcher(tx)
        .map_err(|e| GeneError::Engine(format!("watching {}: {e}", dir.display())))?;
    watcher
        .watch(&dir, RecursiveMode::NonRecursive)
        .map_err(|e| GeneError::Engine(format!("watching {}: {e}", dir.display())))?;
    std::thread::Builder::new()
        .name("gene-watch".into())
        .spawn(move || run(registry, rx))
        .map_err(|e| GeneError::Engine(format!("watch thread: {e}")))?;
    Ok(GeneWatcher { _watcher: watcher })
}

fn run(registry: Arc<GeneRegistry>, rx: mpsc::Receiver<notify::Result<notify::Event>>) {
    let mut pending: HashMap<PathBuf, Instant> = HashMap::new();
    loop {
        let timeout = if pending.is_empty() {
            Duration::from_secs(3600)
        } else {
            Duration::from_millis(25)
        };
        match rx.recv_timeout(timeout) {
            Ok(Ok(ev)) => {
                for p in ev.paths {
                    if is_gene_file(&p) {
                        pending.insert(p, Instant::now());
                    }
                }
                continue;
            }
            Ok(Err(e)) => tracing::warn!(error = %e, "genes dir watch error"),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
        let now = Instant::now();
        let ready: Vec<PathBuf> = pending
            .iter()
            .filter(|(_, t)| now.duration_since(**t) >= DEBOUNCE)
            .map(|(p, _)| p.clone())
            .collect();
        for p in ready {
            pending.remove(&p);
            if p.exists() {
                match registry.load_changed_file(&p) {
                    Ok(None) => {
                        tracing::debug!(file = %p.display(), "gene file unchanged since the registry handled it")
                    }
                    Ok(Some(r)) => {
                        tracing::info!(gene.name = %r.name, file = %p.display(), sha256 = ?r.sha256, "gene active")
                    }
                    Err(e) => {
                        tracing::warn!(file = %p.display(), error = %e, "gene refused; the previous version stays active")
                    }
                }
            } else if let Some(name) = registry.remove_file(&p) {
                tracing::info!(gene.name = %name, file = %p.display(), "gene file removed");
            }
        }
    }
}

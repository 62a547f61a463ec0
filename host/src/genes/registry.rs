//! The registry of loaded genes: staged validation, atomic swap, previous-good
//! rollback, failure accounting (a gene that keeps faulting is disabled), call
//! statistics and the records behind `GET /api/v1/genes`.
//!
//! Every method is synchronous; loads compile (tens of ms in release) and calls run
//! guest code, so async callers use `spawn_blocking`. No HTTP, no warp.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::model::{DocSummary, Entry, Page, Proposal, Review};
use super::runtime::{CallContext, CallStats, GeneRuntime, GeneSource, LoadedGene};
use super::{GeneError, builtin};

/// Status of a gene as shown in GET /genes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GeneStatus {
    /// Loaded and called.
    Active,
    /// Loaded but not called: it kept failing (see `last_error`). `reload` re-enables.
    Disabled,
    /// No working version: the last candidate was refused (see `last_error`).
    Failed,
}

/// Call counts of a gene.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CallCounts {
    pub total: u64,
    pub ok: u64,
    /// Errors the gene reported itself.
    pub reported_errors: u64,
    /// Traps, timeouts, memory and output-bound violations.
    pub faults: u64,
    pub timeouts: u64,
    pub propose: u64,
    pub render: u64,
    pub improve: u64,
}

/// Latencies of a gene's calls, over the last 256 calls for the percentiles.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Latencies {
    pub mean_ms: f64,
    pub p50_ms: f64,
    pub p95_ms: f64,
    pub max_ms: f64,
    pub last_ms: f64,
}

/// What GET /api/v1/genes shows of one gene.
#[derive(Debug, Clone, Serialize)]
pub struct GeneRecord {
    pub name: String,
    pub version: Option<String>,
    pub abi: Option<String>,
    pub description: Option<String>,
    pub entry_types: Vec<String>,
    pub languages: Vec<String>,
    pub sha256: Option<String>,
    pub size: Option<u64>,
    pub source: Option<GeneSource>,
    pub loaded_at: Option<DateTime<Utc>>,
    pub status: GeneStatus,
    pub last_error: Option<String>,
    pub last_error_code: Option<String>,
    pub last_error_at: Option<DateTime<Utc>>,
    /// Version and sha256 of the previous good version, the target of a rollback.
    pub previous: Option<PreviousVersion>,
    pub calls: CallCounts,
    pub latency: Latencies,
}

/// The version a rollback would restore.
#[derive(Debug, Clone, Serialize)]
pub struct PreviousVersion {
    pub version: String,
    pub sha256: String,
    pub loaded_at: DateTime<Utc>,
}

#[derive(Default)]
struct SlotState {
    disabled: Option<String>,
    last_error: Option<(String, &'static str, DateTime<Utc>)>,
    consecutive_faults: u32,
    counts: CallCounts,
    total_ms: f64,
    max_ms: f64,
    last_ms: f64,
    recent_ms: VecDeque<f64>,
    /// The genes-dir file this gene's active version came from.
    file: Option<PathBuf>,
}

struct Slot {
    name: String,
    active: RwLock<Option<Arc<LoadedGene>>>,
    previous: Mutex<Option<Arc<LoadedGene>>>,
    state: Mutex<SlotState>,
}

impl Slot {
    fn new(name: &str) -> Slot {
        Slot {
            name: name.to_string(),
            active: RwLock::new(None),
            previous: Mutex::new(None),
            state: Mutex::new(SlotState::default()),
        }
    }
    fn active(&self) -> Option<Arc<LoadedGene>> {
        self.active.read().unwrap().clone()
    }
    /// Swaps `g` in; the old version becomes the previous one. In-flight calls keep
    /// their `Arc` of the old version and finish on it.
    fn swap_in(&self, g: Arc<LoadedGene>) {
        let old = self.active.write().unwrap().replace(g);
        if let Some(old) = old {
            *self.previous.lock().unwrap() = Some(old);
        }
        let mut st = self.state.lock().unwrap();
        st.disabled = None;
        st.consecutive_faults = 0;
        st.last_error = None;
    }
    fn record_error(&self, e: &GeneError) {
        let mut st = self.state.lock().unwrap();
        st.last_error = Some((e.to_string(), e.code(), Utc::now()));
    }
}

/// The loaded genes.
pub struct GeneRegistry {
    rt: Arc<GeneRuntime>,
    dir: Option<PathBuf>,
    slots: RwLock<BTreeMap<String, Arc<Slot>>>,
    /// genes-dir file -> gene name of its last successful load.
    files: Mutex<HashMap<PathBuf, String>>,
    /// genes-dir file -> SHA-256 of the content the registry last wrote there or loaded
    /// from there. The watcher skips a file whose content is already handled, so its
    /// delayed events can never re-apply an older version over an API swap.
    handled: Mutex<HashMap<PathBuf, String>>,
    load_lock: Mutex<()>,
}

impl GeneRegistry {
    /// An empty registry over a runtime; `dir` is the genes dir (uploads are stored
    /// there; [`GeneRegistry::scan_dir`] and the watcher load from it).
    pub fn new(rt: Arc<GeneRuntime>, dir: Option<PathBuf>) -> Arc<GeneRegistry> {
        Arc::new(GeneRegistry {
            rt,
            dir,
            slots: RwLock::new(BTreeMap::new()),
            files: Mutex::new(HashMap::new()),
            handled: Mutex::new(HashMap::new()),
            load_lock: Mutex::new(()),
        })
    }

    /// The runtime.
    pub fn runtime(&self) -> &Arc<GeneRuntime> {
        &self.rt
    }

    /// The genes dir.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The standard start-up: built-in genes, then every `.wasm` in the genes dir
    /// (which may replace a built-in of the same name). Errors are recorded on the
    /// genes and logged; they never stop the start-up.
    pub fn load_all(&self) {
        for (name, res) in self.load_builtins() {
            if let Err(e) = res {
                tracing::error!(gene.name = name, error = %e, "built-in gene refused");
            }
        }
        for (path, res) in self.scan_dir() {
            match res {
                Ok(r) => tracing::info!(gene.name = %r.name, file = %path.display(), "gene loaded"),
                Err(e) => tracing::warn!(file = %path.display(), error = %e, "gene refused"),
            }
        }
    }

    fn slot(&self, name: &str) -> Arc<Slot> {
        if let Some(s) = self.slots.read().unwrap().get(name) {
            return s.clone();
        }
        self.slots
            .write()
            .unwrap()
            .entry(name.to_string())
            .or_insert_with(|| Arc::new(Slot::new(name)))
            .clone()
    }

    fn find(&self, name: &str) -> Option<Arc<Slot>> {
        self.slots.read().unwrap().get(name).cloned()
    }

    /// Loads the embedded default genes.
    pub fn load_builtins(&self) -> Vec<(&'static str, Result<GeneRecord, GeneError>)> {
        builtin::BUILTIN
            .iter()
            .map(|(name, bytes)| (*name, self.stage(bytes, GeneSource::Builtin, None, name)))
            .collect()
    }

    /// Loads every `*.wasm` file of the genes dir.
    pub fn scan_dir(&self) -> Vec<(PathBuf, Result<GeneRecord, GeneError>)> {
        let Some(dir) = &self.dir else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = match std::fs::read_dir(dir) {
            Ok(rd) => rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| is_gene_file(p))
                .collect(),
            Err(_) => return Vec::new(),
        };
        paths.sort();
        paths
            .into_iter()
            .map(|p| {
                let r = self.load_file(&p);
                (p, r)
            })
            .collect()
    }

    /// Stages and validates `bytes`, and swaps it in on success. On failure the
    /// working version (if any) stays active and the error is recorded on the gene
    /// (`fallback_name` names it when the candidate's own name is unknown).
    fn stage(
        &self,
        bytes: &[u8],
        source: GeneSource,
        file: Option<&Path>,
        fallback_name: &str,
    ) -> Result<GeneRecord, GeneError> {
        let _guard = self.load_lock.lock().unwrap();
        self.stage_locked(bytes, source, file, fallback_name)
    }

    /// [`GeneRegistry::stage`] for a caller that holds `load_lock`.
    fn stage_locked(
        &self,
        bytes: &[u8],
        source: GeneSource,
        file: Option<&Path>,
        fallback_name: &str,
    ) -> Result<GeneRecord, GeneError> {
        match self.rt.load(bytes, source) {
            Ok(g) => {
                let name = g.info.name.clone();
                let slot = self.slot(&name);
                if let Some(cur) = slot.active()
                    && cur.sha256 == g.sha256
                    && slot.state.lock().unwrap().disabled.is_none()
                {
                    // Same content (e.g. the watcher seeing our own upload): nothing to do.
                    if let Some(f) = file {
                        slot.state.lock().unwrap().file = Some(f.to_path_buf());
                    }
                    return Ok(self.record(&slot));
                }
                slot.swap_in(Arc::new(g));
                slot.state.lock().unwrap().file = file.map(Path::to_path_buf);
                if let Some(f) = file {
                    let old = self
                        .files
                        .lock()
                        .unwrap()
                        .insert(f.to_path_buf(), name.clone());
                    if let Some(old) = old
                        && old != name
                    {
                        self.unload_from_file(&old, f);
                    }
                }
                if fallback_name != name {
                    // A refusal recorded under the file stem is superseded.
                    let mut slots = self.slots.write().unwrap();
                    if let Some(s) = slots.get(fallback_name)
                        && s.active().is_none()
                    {
                        slots.remove(fallback_name);
                    }
                }
                Ok(self.record(&slot))
            }
            Err(e) => {
                let known = file.and_then(|f| self.files.lock().unwrap().get(f).cloned());
                let name = known.as_deref().unwrap_or(fallback_name);
                self.slot(name).record_error(&e);
                Err(e)
            }
        }
    }

    /// Loads (or re-loads) a file of the genes dir.
    pub fn load_file(&self, path: &Path) -> Result<GeneRecord, GeneError> {
        self.load_file_inner(path, true)
            .map(|r| r.expect("forced load"))
    }

    /// What the watcher calls: like [`GeneRegistry::load_file`], but a file whose
    /// content the registry already handled (its own upload or rollback, or a load it
    /// already did) is left alone and `None` is returned.
    pub fn load_changed_file(&self, path: &Path) -> Result<Option<GeneRecord>, GeneError> {
        self.load_file_inner(path, false)
    }

    fn load_file_inner(&self, path: &Path, force: bool) -> Result<Option<GeneRecord>, GeneError> {
        // Reading, checking and staging are one step against the API's writes (a rollback
        // writes the file and swaps under the same lock): otherwise the watcher could read
        // a version, lose the race to a rollback, and stage the version it read over it.
        let _guard = self.load_lock.lock().unwrap();
        let bytes = std::fs::read(path)
            .map_err(|e| GeneError::io(format!("reading {}", path.display()), e))?;
        let sha = hex::encode(Sha256::digest(&bytes));
        {
            let mut handled = self.handled.lock().unwrap();
            if !force && handled.get(path) == Some(&sha) {
                return Ok(None);
            }
            handled.insert(path.to_path_buf(), sha);
        }
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("gene")
            .to_string();
        let source = if self.is_upload(path) {
            GeneSource::Upload
        } else {
            GeneSource::Dir
        };
        self.stage_locked(&bytes, source, Some(path), &stem)
            .map(Some)
    }

    /// Writes `bytes` to a genes-dir file atomically and marks the content handled.
    fn write_handled(&self, path: &Path, bytes: &[u8]) -> Result<(), GeneError> {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("gene");
        let tmp = path.with_file_name(format!(".{name}.tmp"));
        self.handled
            .lock()
            .unwrap()
            .insert(path.to_path_buf(), hex::encode(Sha256::digest(bytes)));
        std::fs::write(&tmp, bytes)
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| {
                let _ = std::fs::remove_file(&tmp);
                self.handled.lock().unwrap().remove(path);
                GeneError::io(format!("storing {}", path.display()), e)
            })
    }

    fn is_upload(&self, path: &Path) -> bool {
        path.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.ends_with(".upload.wasm"))
    }

    /// Unloads the gene that came from a removed genes-dir file. A built-in gene of
    /// the same name becomes active again.
    pub fn remove_file(&self, path: &Path) -> Option<String> {
        let _guard = self.load_lock.lock().unwrap();
        self.handled.lock().unwrap().remove(path);
        let name = self.files.lock().unwrap().remove(path)?;
        self.unload_from_file(&name, path);
        Some(name)
    }

    fn unload_from_file(&self, name: &str, path: &Path) {
        let Some(slot) = self.find(name) else { return };
        if slot.state.lock().unwrap().file.as_deref() != Some(path) {
            return;
        }
        slot.state.lock().unwrap().file = None;
        if let Some(bytes) = builtin::bytes(name)
            && let Ok(g) = self.rt.load(bytes, GeneSource::Builtin)
        {
            slot.swap_in(Arc::new(g));
            tracing::info!(
                gene.name = name,
                "gene file removed; built-in version active again"
            );
            return;
        }
        self.slots.write().unwrap().remove(name);
        tracing::info!(gene.name = name, "gene unloaded");
    }

    /// Validates an uploaded gene and, when it passes, stores it in the genes dir as
    /// `<name>.upload.wasm` and swaps it in. A refused upload changes nothing but the
    /// gene's `last_error`.
    pub fn upload(&self, bytes: &[u8]) -> Result<GeneRecord, GeneError> {
        // Validate first, before anything touches the disk.
        let probe = {
            let _guard = self.load_lock.lock().unwrap();
            self.rt.load(bytes, GeneSource::Upload)
        };
        let g = probe?;
        let name = g.info.name.clone();
        let Some(dir) = &self.dir else {
            let slot = self.slot(&name);
            slot.swap_in(Arc::new(g));
            return Ok(self.record(&slot));
        };
        std::fs::create_dir_all(dir)
            .map_err(|e| GeneError::io(format!("creating {}", dir.display()), e))?;
        let path = dir.join(format!("{name}.upload.wasm"));
        // A file dropped into the genes dir may hold this gene now; the upload supersedes it,
        // so that one file holds the gene and a restart loads what the API made active.
        let superseded = self
            .find(&name)
            .and_then(|s| s.state.lock().unwrap().file.clone())
            .filter(|f| f != &path);
        self.write_handled(&path, bytes)?;
        let record = self.stage(bytes, GeneSource::Upload, Some(&path), &name)?;
        if let Some(old) = superseded {
            let _guard = self.load_lock.lock().unwrap();
            self.files.lock().unwrap().remove(&old);
            self.handled.lock().unwrap().remove(&old);
            match std::fs::remove_file(&old) {
                Ok(()) => {
                    tracing::info!(gene.name = %name, file = %old.display(), "the uploaded version supersedes this genes-dir file; removed it")
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    tracing::warn!(gene.name = %name, file = %old.display(), error = %e, "cannot remove the genes-dir file the upload supersedes; after a restart it may load instead of the upload")
                }
            }
        }
        Ok(record)
    }

    /// Deletes a gene: removes its genes-dir file and unloads it (a built-in of the
    /// same name becomes active again). A gene that is only built in cannot be deleted.
    pub fn delete(&self, name: &str) -> Result<(), GeneError> {
        let slot = self
            .find(name)
            .ok_or_else(|| GeneError::NotFound(name.into()))?;
        let file = slot.state.lock().unwrap().file.clone();
        match file {
            Some(path) => {
                if let Err(e) = std::fs::remove_file(&path)
                    && e.kind() != std::io::ErrorKind::NotFound
                {
                    return Err(GeneError::io(format!("removing {}", path.display()), e));
                }
                self.remove_file(&path);
                Ok(())
            }
            None => {
                if slot
                    .active()
                    .is_some_and(|g| g.source == GeneSource::Builtin)
                {
                    return Err(GeneError::Builtin(name.into()));
                }
                // A failed-only entry, or a gene without a file (no genes dir).
                self.slots.write().unwrap().remove(name);
                Ok(())
            }
        }
    }

    /// Re-reads and re-validates a gene from its file (or its embedded bytes) and
    /// swaps it in; also re-enables a disabled gene.
    pub fn reload(&self, name: &str) -> Result<GeneRecord, GeneError> {
        let slot = self
            .find(name)
            .ok_or_else(|| GeneError::NotFound(name.into()))?;
        let file = slot.state.lock().unwrap().file.clone();
        let result = match file {
            Some(path) => self.load_file(&path),
            None => match builtin::bytes(name) {
                Some(b) => self.stage(b, GeneSource::Builtin, None, name),
                None => return Err(GeneError::NotFound(name.into())),
            },
        };
        if result.is_ok() {
            let mut st = slot.state.lock().unwrap();
            st.disabled = None;
            st.consecutive_faults = 0;
        }
        result
    }

    /// Restores the previous good version (the current one becomes the previous). When
    /// the active version came from a genes-dir file, the previous version's bytes are
    /// written back to that file, so the rollback survives a restart and the watcher
    /// does not bring the newer file back.
    pub fn rollback(&self, name: &str) -> Result<GeneRecord, GeneError> {
        let _guard = self.load_lock.lock().unwrap();
        let slot = self
            .find(name)
            .ok_or_else(|| GeneError::NotFound(name.into()))?;
        let prev = slot
            .previous
            .lock()
            .unwrap()
            .clone()
            .ok_or_else(|| GeneError::NoPrevious(name.into()))?;
        let file = slot.state.lock().unwrap().file.clone();
        if let Some(path) = &file {
            if prev.source == GeneSource::Builtin {
                // Back to the embedded version: the file that overrode it goes.
                if let Err(e) = std::fs::remove_file(path)
                    && e.kind() != std::io::ErrorKind::NotFound
                {
                    return Err(GeneError::io(format!("removing {}", path.display()), e));
                }
                self.files.lock().unwrap().remove(path);
                self.handled.lock().unwrap().remove(path);
                slot.state.lock().unwrap().file = None;
            } else {
                self.write_handled(path, &prev.bytes)?;
            }
        }
        slot.previous.lock().unwrap().take();
        slot.swap_in(prev);
        Ok(self.record(&slot))
    }

    /// A snapshot of the active, enabled genes.
    pub fn active(&self) -> Vec<Arc<LoadedGene>> {
        self.slots
            .read()
            .unwrap()
            .values()
            .filter(|s| s.state.lock().unwrap().disabled.is_none())
            .filter_map(|s| s.active())
            .collect()
    }

    /// The active version of a gene (even if disabled).
    pub fn get(&self, name: &str) -> Option<Arc<LoadedGene>> {
        self.find(name)?.active()
    }

    /// Records of all genes, by name.
    pub fn records(&self) -> Vec<GeneRecord> {
        let slots: Vec<Arc<Slot>> = self.slots.read().unwrap().values().cloned().collect();
        slots.iter().map(|s| self.record(s)).collect()
    }

    /// The record of one gene.
    pub fn record_of(&self, name: &str) -> Option<GeneRecord> {
        self.find(name).map(|s| self.record(&s))
    }

    fn record(&self, slot: &Slot) -> GeneRecord {
        let g = slot.active();
        let prev = slot
            .previous
            .lock()
            .unwrap()
            .as_ref()
            .map(|p| PreviousVersion {
                version: p.info.version.clone(),
                sha256: p.sha256.clone(),
                loaded_at: p.loaded_at,
            });
        let st = slot.state.lock().unwrap();
        let status = match (&g, &st.disabled) {
            (None, _) => GeneStatus::Failed,
            (Some(_), Some(_)) => GeneStatus::Disabled,
            (Some(_), None) => GeneStatus::Active,
        };
        let mut recent: Vec<f64> = st.recent_ms.iter().copied().collect();
        recent.sort_by(f64::total_cmp);
        let pct = |q: f64| -> f64 {
            if recent.is_empty() {
                0.0
            } else {
                recent[((recent.len() - 1) as f64 * q).round() as usize]
            }
        };
        let calls = st.counts.total.max(1) as f64;
        GeneRecord {
            name: slot.name.clone(),
            version: g.as_ref().map(|g| g.info.version.clone()),
            abi: g.as_ref().map(|g| g.abi.to_string()),
            description: g.as_ref().map(|g| g.info.description.clone()),
            entry_types: g
                .as_ref()
                .map(|g| g.info.entry_types.clone())
                .unwrap_or_default(),
            languages: g
                .as_ref()
                .map(|g| g.info.languages.clone())
                .unwrap_or_default(),
            sha256: g.as_ref().map(|g| g.sha256.clone()),
            size: g.as_ref().map(|g| g.size),
            source: g.as_ref().map(|g| g.source),
            loaded_at: g.as_ref().map(|g| g.loaded_at),
            status,
            last_error: st
                .disabled
                .clone()
                .or_else(|| st.last_error.as_ref().map(|e| e.0.clone())),
            last_error_code: st.last_error.as_ref().map(|e| e.1.to_string()),
            last_error_at: st.last_error.as_ref().map(|e| e.2),
            previous: prev,
            calls: st.counts.clone(),
            latency: Latencies {
                mean_ms: st.total_ms / calls,
                p50_ms: pct(0.5),
                p95_ms: pct(0.95),
                max_ms: st.max_ms,
                last_ms: st.last_ms,
            },
        }
    }

    fn callable(&self, name: &str) -> Result<(Arc<Slot>, Arc<LoadedGene>), GeneError> {
        let slot = self
            .find(name)
            .ok_or_else(|| GeneError::NotFound(name.into()))?;
        if let Some(reason) = slot.state.lock().unwrap().disabled.clone() {
            return Err(GeneError::Disabled {
                name: name.into(),
                reason,
            });
        }
        let g = slot
            .active()
            .ok_or_else(|| GeneError::NotFound(name.into()))?;
        Ok((slot, g))
    }

    fn account<T>(
        &self,
        slot: &Slot,
        kind: &'static str,
        elapsed: Duration,
        r: &Result<(T, CallStats), GeneError>,
    ) {
        let ms = elapsed.as_secs_f64() * 1000.0;
        let threshold = self.rt.config().fail_threshold;
        let mut st = slot.state.lock().unwrap();
        st.counts.total += 1;
        match kind {
            "propose" => st.counts.propose += 1,
            "render" => st.counts.render += 1,
            _ => st.counts.improve += 1,
        }
        st.total_ms += ms;
        st.last_ms = ms;
        st.max_ms = st.max_ms.max(ms);
        if st.recent_ms.len() >= 256 {
            st.recent_ms.pop_front();
        }
        st.recent_ms.push_back(ms);
        match r {
            Ok(_) => {
                st.counts.ok += 1;
                st.consecutive_faults = 0;
            }
            Err(e) if e.is_fault() => {
                st.counts.faults += 1;
                if matches!(e, GeneError::Timeout { .. }) {
                    st.counts.timeouts += 1;
                }
                st.consecutive_faults += 1;
                st.last_error = Some((e.to_string(), e.code(), Utc::now()));
                tracing::warn!(gene.name = %slot.name, error = %e, "gene call failed");
                if st.consecutive_faults >= threshold && st.disabled.is_none() {
                    let reason = format!(
                        "disabled after {} consecutive failures; last: {e}",
                        st.consecutive_faults
                    );
                    tracing::error!(gene.name = %slot.name, "{reason}");
                    st.disabled = Some(reason);
                }
            }
            Err(e) => {
                st.counts.reported_errors += 1;
                st.last_error = Some((e.to_string(), e.code(), Utc::now()));
            }
        }
    }

    /// Asks gene `name` which entries to make for the document.
    pub fn propose(
        &self,
        name: &str,
        ctx: &CallContext,
        doc: &DocSummary,
    ) -> Result<Vec<Proposal>, GeneError> {
        let (slot, g) = self.callable(name)?;
        let start = std::time::Instant::now();
        let r = g.propose(ctx, doc);
        self.account(&slot, "propose", start.elapsed(), &r);
        r.map(|(p, _)| p)
    }

    /// Asks gene `name` to render one entry.
    pub fn render(&self, name: &str, ctx: &CallContext, entry: &Entry) -> Result<Page, GeneError> {
        let (slot, g) = self.callable(name)?;
        let start = std::time::Instant::now();
        let r = g.render(ctx, entry);
        self.account(&slot, "render", start.elapsed(), &r);
        r.map(|(p, _)| p)
    }

    /// Asks gene `name` to improve a page given the host's review.
    pub fn improve(
        &self,
        name: &str,
        ctx: &CallContext,
        page: &Page,
        review: &Review,
    ) -> Result<Option<Page>, GeneError> {
        let (slot, g) = self.callable(name)?;
        let start = std::time::Instant::now();
        let r = g.improve(ctx, page, review);
        self.account(&slot, "improve", start.elapsed(), &r);
        r.map(|(p, _)| p)
    }

    /// The gene whose declared entry types include `entry_type`, if any.
    pub fn gene_for_type(&self, entry_type: &str) -> Option<String> {
        self.active()
            .into_iter()
            .find(|g| g.info.entry_types.iter().any(|t| t == entry_type))
            .map(|g| g.info.name.clone())
    }
}

/// Whether a path is a gene candidate of the genes dir (`*.wasm`, not hidden).
pub fn is_gene_file(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "wasm")
        && !p
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'))
}

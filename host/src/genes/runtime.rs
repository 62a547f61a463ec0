//! The sandboxed runtime: one wasmtime [`Engine`] (component model, epoch
//! interruption, pooling allocator), compiling with an on-disk cache of precompiled
//! artifacts, staged loading of a candidate into a [`LoadedGene`], and calls on a fresh
//! [`Store`] each with a memory cap, a deadline and import/log budgets.
//!
//! Every call is synchronous and meant for a blocking thread (`spawn_blocking` from
//! async code). Nothing here knows HTTP, the registry's bookkeeping or the pipeline.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde::Serialize;
use sha2::{Digest, Sha256};
use wasmtime::component::{Component, Linker, ResourceTable};
use wasmtime::{Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig, Store, Trap};
use wasmtime_wasi::{WasiCtx, WasiCtxBuilder, WasiCtxView, WasiView};

use super::abi::{self, AbiVersion};
use super::model::{self, DocSummary, Entry, GeneInfo, LogLevel, Page, Proposal, Review, limits};
use super::{GeneError, v1_0, v1_1};
use crate::analysis::{self, Analysis, Document, Lang};

/// Limits and places of the runtime.
#[derive(Debug, Clone)]
pub struct RuntimeConfig {
    /// Linear memory cap of one call (default 128 MiB).
    pub memory_bytes: usize,
    /// Wall-time deadline of one call (default 5 s).
    pub deadline: Duration,
    /// Where precompiled artifacts are cached; none = compile in memory only.
    pub cache_dir: Option<PathBuf>,
    /// Consecutive faults after which the registry disables a gene (default 5).
    pub fail_threshold: u32,
    /// Guest log lines per second and gene across calls (default 200).
    pub log_lines_per_sec: u32,
}

impl Default for RuntimeConfig {
    fn default() -> Self {
        RuntimeConfig {
            memory_bytes: 128 << 20,
            deadline: Duration::from_secs(5),
            cache_dir: None,
            fail_threshold: 5,
            log_lines_per_sec: 200,
        }
    }
}

/// Epoch tick period: the granularity of deadlines.
const TICK: Duration = Duration::from_millis(10);

/// Where a gene came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GeneSource {
    /// Embedded in the `grove` binary.
    Builtin,
    /// A file in the genes dir.
    Dir,
    /// Uploaded through the API (and stored in the genes dir).
    Upload,
    /// Loaded by the CLI from a path.
    File,
}

/// Optional services a call's imports may use.
pub type EntryLookup = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;
/// A language-model completion function (prompt, max tokens).
pub type Completer = Arc<dyn Fn(&str, u32) -> Option<String> + Send + Sync>;

/// What the imports of one call read: the analysed document, optionally the planned
/// entries (for `entry-for` and `related().entry`) and a model, and the job id for logs.
#[derive(Clone)]
pub struct CallContext {
    pub analysis: Arc<Analysis>,
    pub entry_for: Option<EntryLookup>,
    pub complete: Option<Completer>,
    pub job_id: Option<String>,
}

impl CallContext {
    /// A context over an analysis, with no planned entries, no model and no job.
    pub fn new(analysis: Arc<Analysis>) -> CallContext {
        CallContext {
            analysis,
            entry_for: None,
            complete: None,
            job_id: None,
        }
    }
    /// Sets the job id shown in the gene's log lines.
    pub fn with_job(mut self, job_id: impl Into<String>) -> CallContext {
        self.job_id = Some(job_id.into());
        self
    }
    /// Sets the planned-entry lookup (title for a term or alias).
    pub fn with_entries(mut self, f: EntryLookup) -> CallContext {
        self.entry_for = Some(f);
        self
    }
    /// Sets the model behind the `complete` import (none: `complete` answers none).
    pub fn with_complete(mut self, f: Option<Completer>) -> CallContext {
        self.complete = f;
        self
    }
}

/// Rate limit of guest log lines per gene (fixed one-second windows).
#[derive(Debug, Default)]
pub(crate) struct LogGate {
    window: AtomicU64,
    count: AtomicU64,
    dropped: AtomicU64,
}

impl LogGate {
    fn admit(&self, per_sec: u32) -> bool {
        let now = Instant::now();
        static START: OnceLock<Instant> = OnceLock::new();
        let sec = now
            .duration_since(*START.get_or_init(Instant::now))
            .as_secs();
        if self.window.swap(sec, Ordering::Relaxed) != sec {
            self.count.store(0, Ordering::Relaxed);
        }
        if self.count.fetch_add(1, Ordering::Relaxed) < per_sec as u64 {
            true
        } else {
            self.dropped.fetch_add(1, Ordering::Relaxed);
            false
        }
    }
}

/// Memory limiter recording whether the cap was hit.
struct MemLimiter {
    cap: usize,
    hit: bool,
    peak: usize,
}

impl wasmtime::ResourceLimiter for MemLimiter {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if desired > self.cap {
            self.hit = true;
            return Ok(false);
        }
        self.peak = self.peak.max(desired);
        Ok(true)
    }
    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(desired <= 100_000)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    Info,
    Propose,
    Render,
}

/// The state of one call's [`Store`]: WASI with nothing granted, the memory limiter,
/// the context the imports read and the budgets.
pub struct CallState {
    wasi: WasiCtx,
    table: ResourceTable,
    limiter: MemLimiter,
    ctx: Option<CallContext>,
    gene: Arc<str>,
    phase: Phase,
    import_calls: u32,
    log_lines: u32,
    log_dropped: u32,
    log_gate: Arc<LogGate>,
    log_per_sec: u32,
    /// Time spent waiting for the model in `complete` that the deadline has not yet been
    /// extended by: the deadline limits the gene's own work, not the provider's latency
    /// (which the provider's own timeout bounds).
    model_wait: Duration,
}

impl WasiView for CallState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

impl CallState {
    fn budget(&mut self) -> Option<&CallContext> {
        self.import_calls = self.import_calls.saturating_add(1);
        if self.import_calls > limits::MAX_IMPORT_CALLS {
            return None;
        }
        self.ctx.as_ref()
    }
    fn arg_ok(s: &str) -> bool {
        s.len() <= limits::MAX_IMPORT_ARG
    }
    fn clamp(limit: u32) -> usize {
        limit.clamp(1, limits::MAX_IMPORT_ITEMS) as usize
    }

    pub(crate) fn imp_mentions(&mut self, term: &str, limit: u32) -> Vec<analysis::Passage> {
        match self.budget() {
            Some(c) if Self::arg_ok(term) => {
                model::bound_passages(c.analysis.mentions(term, Self::clamp(limit)))
            }
            _ => Vec::new(),
        }
    }
    pub(crate) fn imp_definitions(&mut self, term: &str, limit: u32) -> Vec<analysis::Passage> {
        match self.budget() {
            Some(c) if Self::arg_ok(term) => {
                model::bound_passages(c.analysis.definitions(term, Self::clamp(limit)))
            }
            _ => Vec::new(),
        }
    }
    pub(crate) fn imp_related(
        &mut self,
        term: &str,
        limit: u32,
    ) -> Vec<(analysis::RelatedTerm, Option<String>)> {
        let propose = self.phase == Phase::Propose;
        match self.budget() {
            Some(c) if Self::arg_ok(term) => c
                .analysis
                .related(term, Self::clamp(limit))
                .into_iter()
                .filter(|r| r.text.len() <= limits::MAX_TITLE)
                .map(|r| {
                    let e = if propose {
                        None
                    } else {
                        c.entry_for.as_ref().and_then(|f| f(&r.text))
                    };
                    (r, e.map(|e| model::cut(&e, limits::MAX_TITLE).to_string()))
                })
                .collect(),
            _ => Vec::new(),
        }
    }
    pub(crate) fn imp_search(&mut self, q: &str, limit: u32) -> Vec<analysis::Passage> {
        match self.budget() {
            Some(c) if Self::arg_ok(q) => {
                model::bound_passages(c.analysis.search(q, Self::clamp(limit)))
            }
            _ => Vec::new(),
        }
    }
    pub(crate) fn imp_passage(&mut self, id: &str) -> Option<analysis::Passage> {
        match self.budget() {
            Some(c) if Self::arg_ok(id) => c
                .analysis
                .passage(id)
                .and_then(|p| model::bound_passages(vec![p]).pop()),
            _ => None,
        }
    }
    pub(crate) fn imp_chapter_passages(
        &mut self,
        chapter: u32,
        offset: u32,
        limit: u32,
    ) -> Vec<analysis::Passage> {
        match self.budget() {
            Some(c) => model::bound_passages(c.analysis.chapter_passages(
                chapter as usize,
                offset as usize,
                Self::clamp(limit),
            )),
            None => Vec::new(),
        }
    }
    pub(crate) fn imp_chapter_text(&mut self, chapter: u32) -> Option<String> {
        self.budget()?
            .analysis
            .chapter_text(chapter as usize, limits::MAX_CHAPTER_TEXT)
    }
    pub(crate) fn imp_procedure_steps(&mut self, id: &str, limit: u32) -> Vec<analysis::Passage> {
        match self.budget() {
            Some(c) if Self::arg_ok(id) => {
                model::bound_passages(c.analysis.procedure_steps(id, Self::clamp(limit)))
            }
            _ => Vec::new(),
        }
    }
    pub(crate) fn imp_code_after(&mut self, id: &str, limit: u32) -> Vec<analysis::CodeBlock> {
        match self.budget() {
            Some(c) if Self::arg_ok(id) => c.analysis.code_after(id, Self::clamp(limit)),
            _ => Vec::new(),
        }
    }
    pub(crate) fn imp_glosses(&mut self, term: &str, limit: u32) -> Vec<analysis::Passage> {
        match self.budget() {
            Some(c) if Self::arg_ok(term) => {
                model::bound_passages(c.analysis.glosses(term, Self::clamp(limit)))
            }
            _ => Vec::new(),
        }
    }
    pub(crate) fn imp_entry_for(&mut self, term: &str) -> Option<String> {
        if self.phase == Phase::Propose {
            return None;
        }
        let c = self.budget()?;
        if !Self::arg_ok(term) {
            return None;
        }
        c.entry_for
            .as_ref()
            .and_then(|f| f(term))
            .map(|e| model::cut(&e, limits::MAX_TITLE).to_string())
    }
    pub(crate) fn imp_complete(&mut self, prompt: &str, max_tokens: u32) -> Option<String> {
        let c = self.budget()?;
        if prompt.len() > limits::MAX_PROMPT {
            return None;
        }
        let f = c.complete.clone()?;
        let start = Instant::now();
        let out = f(prompt, max_tokens.min(4096))
            .map(|s| model::cut(&s, limits::MAX_COMPLETION).to_string());
        self.model_wait += start.elapsed();
        out
    }
    pub(crate) fn imp_log(&mut self, level: LogLevel, message: &str) {
        self.log_lines = self.log_lines.saturating_add(1);
        if self.log_lines > limits::MAX_LOG_LINES || !self.log_gate.admit(self.log_per_sec) {
            self.log_dropped = self.log_dropped.saturating_add(1);
            return;
        }
        let msg = model::cut(message, limits::MAX_LOG_LINE);
        let gene = &*self.gene;
        let job = self
            .ctx
            .as_ref()
            .and_then(|c| c.job_id.as_deref())
            .unwrap_or("");
        match level {
            LogLevel::Trace => tracing::trace!(gene.name = gene, job.id = job, "{msg}"),
            LogLevel::Debug => tracing::debug!(gene.name = gene, job.id = job, "{msg}"),
            LogLevel::Info => tracing::info!(gene.name = gene, job.id = job, "{msg}"),
            LogLevel::Warn => tracing::warn!(gene.name = gene, job.id = job, "{msg}"),
            LogLevel::Error => tracing::error!(gene.name = gene, job.id = job, "{msg}"),
        }
    }
}

/// The compiled, pre-linked gene for one ABI version.
#[derive(Clone)]
enum Pre {
    V1_0(v1_0::Pre),
    V1_1(v1_1::Pre),
}

/// Measurements of one call.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct CallStats {
    pub elapsed: Duration,
    /// Peak linear memory of the instance (bytes).
    pub memory: usize,
    pub import_calls: u32,
    pub log_lines: u32,
}

/// A validated gene ready to be called. Immutable; the registry swaps whole
/// `Arc<LoadedGene>`s, so in-flight calls finish on the version they started on.
pub struct LoadedGene {
    pub info: GeneInfo,
    pub abi: AbiVersion,
    pub sha256: String,
    pub size: u64,
    pub source: GeneSource,
    pub loaded_at: DateTime<Utc>,
    /// Time spent compiling (or deserializing) the component.
    pub compile_time: Duration,
    /// Whether the compiled artifact came from the cache.
    pub from_cache: bool,
    /// The component's bytes, kept so that a rollback can put them back in the genes dir.
    pub(crate) bytes: Arc<[u8]>,
    pre: Pre,
    rt: Arc<GeneRuntime>,
    log_gate: Arc<LogGate>,
}

impl std::fmt::Debug for LoadedGene {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedGene")
            .field("info", &self.info)
            .field("abi", &self.abi)
            .field("sha256", &self.sha256)
            .field("source", &self.source)
            .finish()
    }
}

/// The engine and linker shared by all genes.
pub struct GeneRuntime {
    engine: Engine,
    linker: Linker<CallState>,
    config: RuntimeConfig,
    engine_hash: String,
    deadline_ticks: u64,
    stop: Arc<AtomicBool>,
    components: Mutex<HashMap<String, Component>>,
}

impl Drop for GeneRuntime {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Bytes of a gene's linear memory kept mapped between calls and reset with memset.
const KEEP_RESIDENT: usize = 16 << 20;

fn engine_config(memory: usize, pooling: bool) -> Config {
    let mut c = Config::new();
    c.wasm_component_model(true);
    c.epoch_interruption(true);
    c.max_wasm_stack(1 << 20);
    if pooling {
        let mut p = PoolingAllocationConfig::default();
        p.total_component_instances(256);
        p.total_core_instances(1024);
        p.total_memories(256);
        p.total_tables(1024);
        p.max_memory_size(memory);
        // Every call gets a fresh instance, so a slot is reset hundreds of times per grow.
        // Resetting the pages an instance dirtied with memset (found with Linux's
        // PAGEMAP_SCAN where the kernel has it) keeps them mapped: no madvise, no TLB
        // shootdown across cores and no page faults when the next instance touches them.
        p.linear_memory_keep_resident(KEEP_RESIDENT);
        p.table_keep_resident(1 << 20);
        p.pagemap_scan(wasmtime::Enabled::Auto);
        c.allocation_strategy(InstanceAllocationStrategy::Pooling(p));
    }
    c
}

impl GeneRuntime {
    /// Creates the engine (pooling allocator, falling back to on-demand allocation
    /// when the pool cannot be reserved), the linker with WASI and every supported ABI,
    /// and the epoch ticker thread.
    pub fn new(config: RuntimeConfig) -> Result<Arc<GeneRuntime>, GeneError> {
        let engine = match Engine::new(&engine_config(config.memory_bytes, true)) {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(error = %e, "gene engine: pooling allocator unavailable, using on-demand allocation");
                Engine::new(&engine_config(config.memory_bytes, false))
                    .map_err(|e| GeneError::Engine(format!("{e:#}")))?
            }
        };
        let mut linker: Linker<CallState> = Linker::new(&engine);
        wasmtime_wasi::p2::add_to_linker_sync(&mut linker)
            .map_err(|e| GeneError::Engine(format!("linking WASI: {e:#}")))?;
        v1_0::add_to_linker(&mut linker)
            .map_err(|e| GeneError::Engine(format!("linking ABI 1.0: {e:#}")))?;
        v1_1::add_to_linker(&mut linker)
            .map_err(|e| GeneError::Engine(format!("linking ABI 1.1: {e:#}")))?;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        engine.precompile_compatibility_hash().hash(&mut h);
        "wasmtime-48".hash(&mut h);
        let engine_hash = format!("{:016x}", h.finish());
        let stop = Arc::new(AtomicBool::new(false));
        {
            let weak = engine.weak();
            let stop = stop.clone();
            std::thread::Builder::new()
                .name("gene-epoch".into())
                .spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::thread::sleep(TICK);
                        match weak.upgrade() {
                            Some(e) => e.increment_epoch(),
                            None => break,
                        }
                    }
                })
                .map_err(|e| GeneError::Engine(format!("epoch thread: {e}")))?;
        }
        let deadline_ticks = (config.deadline.as_millis() / TICK.as_millis()).max(1) as u64 + 1;
        if let Some(dir) = &config.cache_dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| GeneError::io(format!("creating {}", dir.display()), e))?;
        }
        Ok(Arc::new(GeneRuntime {
            engine,
            linker,
            config,
            engine_hash,
            deadline_ticks,
            stop,
            components: Mutex::new(HashMap::new()),
        }))
    }

    /// The runtime's configuration.
    pub fn config(&self) -> &RuntimeConfig {
        &self.config
    }

    /// The hash of the engine configuration that keys the artifact cache.
    pub fn engine_hash(&self) -> &str {
        &self.engine_hash
    }

    /// Compiles (or fetches from the in-memory or on-disk cache) a component.
    /// Returns it, the time taken and whether it came from a cache.
    pub fn compile(
        &self,
        bytes: &[u8],
        sha: &str,
    ) -> Result<(Component, Duration, bool), GeneError> {
        let start = Instant::now();
        if let Some(c) = self.components.lock().unwrap().get(sha) {
            return Ok((c.clone(), start.elapsed(), true));
        }
        let cached = self
            .config
            .cache_dir
            .as_ref()
            .map(|d| d.join(format!("{sha}-{}.cwasm", self.engine_hash)));
        let mut from_cache = false;
        let mut component = None;
        if let Some(path) = &cached
            && path.exists()
        {
            // SAFETY: the file is an artifact this runtime wrote itself with
            // `Engine::precompile_component` into the cache dir it owns, keyed by the
            // component's sha256 and the engine configuration hash; wasmtime checks the
            // engine compatibility of its header again.
            #[allow(unsafe_code)]
            match unsafe { Component::deserialize_file(&self.engine, path) } {
                Ok(c) => {
                    component = Some(c);
                    from_cache = true;
                }
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "discarding unusable gene artifact");
                    let _ = std::fs::remove_file(path);
                }
            }
        }
        let component = match component {
            Some(c) => c,
            None => match &cached {
                Some(path) => {
                    let art = self
                        .engine
                        .precompile_component(bytes)
                        .map_err(|e| GeneError::Compile(format!("{e:#}")))?;
                    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
                    if std::fs::write(&tmp, &art)
                        .and_then(|_| std::fs::rename(&tmp, path))
                        .is_err()
                    {
                        let _ = std::fs::remove_file(&tmp);
                    }
                    // SAFETY: `art` was produced just now by this engine's
                    // `precompile_component`.
                    #[allow(unsafe_code)]
                    unsafe { Component::deserialize(&self.engine, &art) }
                        .map_err(|e| GeneError::Compile(format!("{e:#}")))?
                }
                None => Component::new(&self.engine, bytes)
                    .map_err(|e| GeneError::Compile(format!("{e:#}")))?,
            },
        };
        let mut map = self.components.lock().unwrap();
        if map.len() > 64 {
            map.clear();
        }
        map.insert(sha.to_string(), component.clone());
        Ok((component, start.elapsed(), from_cache))
    }

    /// Loads a candidate: ABI section (before compiling), compile, link, instantiate,
    /// `info()`, and the self-test on the built-in sample documents. The result is
    /// ready to be swapped in.
    pub fn load(
        self: &Arc<Self>,
        bytes: &[u8],
        source: GeneSource,
    ) -> Result<LoadedGene, GeneError> {
        let abi = abi::check_abi(bytes)?;
        let sha256 = hex::encode(Sha256::digest(bytes));
        let (component, compile_time, from_cache) = self.compile(bytes, &sha256)?;
        let instance_pre = self
            .linker
            .instantiate_pre(&component)
            .map_err(|e| GeneError::Instantiate(format!("{e:#}")))?;
        let pre = match abi {
            AbiVersion::V1_0 => Pre::V1_0(
                v1_0::Pre::new(instance_pre)
                    .map_err(|e| GeneError::Instantiate(format!("{e:#}")))?,
            ),
            AbiVersion::V1_1 => Pre::V1_1(
                v1_1::Pre::new(instance_pre)
                    .map_err(|e| GeneError::Instantiate(format!("{e:#}")))?,
            ),
        };
        let mut gene = LoadedGene {
            info: GeneInfo {
                name: "(loading)".into(),
                version: String::new(),
                description: String::new(),
                entry_types: Vec::new(),
                languages: Vec::new(),
            },
            abi,
            sha256,
            size: bytes.len() as u64,
            source,
            loaded_at: Utc::now(),
            compile_time,
            from_cache,
            bytes: Arc::from(bytes),
            pre,
            rt: self.clone(),
            log_gate: Arc::new(LogGate::default()),
        };
        let info = gene.call_info().map_err(|e| match e {
            GeneError::Instantiate(m) => GeneError::Instantiate(m),
            other => GeneError::InvalidInfo(other.to_string()),
        })?;
        model::check_info(&info)?;
        gene.info = info;
        gene.self_test()?;
        Ok(gene)
    }

    fn store(&self, gene: &LoadedGene, ctx: Option<CallContext>, phase: Phase) -> Store<CallState> {
        let wasi = WasiCtxBuilder::new()
            .allow_tcp(false)
            .allow_udp(false)
            .build();
        let state = CallState {
            wasi,
            table: ResourceTable::new(),
            limiter: MemLimiter {
                cap: self.config.memory_bytes,
                hit: false,
                peak: 0,
            },
            ctx,
            gene: Arc::from(gene.info.name.as_str()),
            phase,
            import_calls: 0,
            log_lines: 0,
            log_dropped: 0,
            log_gate: gene.log_gate.clone(),
            log_per_sec: self.config.log_lines_per_sec,
            model_wait: Duration::ZERO,
        };
        let mut store = Store::new(&self.engine, state);
        store.limiter(|s| &mut s.limiter);
        store.set_epoch_deadline(self.deadline_ticks);
        // At the deadline: extend it by the time spent waiting for the model since the last
        // check, else interrupt (a timeout).
        store.epoch_deadline_callback(|mut ctx| {
            let waited = std::mem::take(&mut ctx.data_mut().model_wait);
            let ticks = (waited.as_millis() / TICK.as_millis()) as u64;
            Ok(if ticks > 0 {
                wasmtime::UpdateDeadline::Continue(ticks)
            } else {
                wasmtime::UpdateDeadline::Interrupt
            })
        });
        store
    }
}

/// The sample documents of the self-test, analysed once per process.
fn sample(lang: Lang) -> &'static (Arc<Analysis>, DocSummary) {
    static EN: OnceLock<(Arc<Analysis>, DocSummary)> = OnceLock::new();
    static ZH: OnceLock<(Arc<Analysis>, DocSummary)> = OnceLock::new();
    let (cell, title, text) = match lang {
        Lang::En => (&EN, "Self-test", SAMPLE_EN),
        Lang::Zh => (&ZH, "自检", SAMPLE_ZH),
    };
    cell.get_or_init(|| {
        let a = Arc::new(Analysis::new(&Document::from_markdown(title, lang, text)));
        let d = DocSummary::from_analysis(&a);
        (a, d)
    })
}

const SAMPLE_EN: &str = "# The Garden\n\nMr. Green keeps a garden by the river. A garden is a piece of ground where plants are grown. Mr. Green said the garden needs water.\n\nAlice visits the garden every week. Alice said the roses were red. Mr. Green and Alice planted roses near the river.\n\n# Planting\n\nTo plant a rose:\n\n1. Dig a hole.\n2. Put the rose in the hole.\n3. Water the rose.\n\nThe Royal Society wrote about the garden in London. Alice went to London. Green said nothing.\n";
const SAMPLE_ZH: &str = "# 第一章\n\n孔子曰：学而时习之，不亦说乎？所谓学者，效也。孔子曰：温故而知新。\n\n曾子曰：吾日三省吾身。《论语》记孔子之言。\n\n# 第二章\n\n孔子适卫。曾子曰：慎终追远。《论语》是儒家经典。\n";

impl LoadedGene {
    /// The runtime this gene runs on.
    pub fn runtime(&self) -> &Arc<GeneRuntime> {
        &self.rt
    }

    fn classify(
        &self,
        store: &Store<CallState>,
        call: &'static str,
        e: wasmtime::Error,
    ) -> GeneError {
        if store.data().limiter.hit {
            return GeneError::OutOfMemory {
                call,
                cap: self.rt.config.memory_bytes,
            };
        }
        if let Some(Trap::Interrupt) = e.downcast_ref::<Trap>() {
            return GeneError::Timeout {
                call,
                deadline: self.rt.config.deadline,
            };
        }
        GeneError::Trap {
            call,
            message: model::cut(&format!("{e:#}"), limits::MAX_ERROR).to_string(),
        }
    }

    /// Runs `f` on a fresh instance in a fresh store; maps traps, timeouts and memory
    /// exhaustion to errors; measures.
    fn with_instance<R>(
        &self,
        ctx: Option<CallContext>,
        phase: Phase,
        call: &'static str,
        f: impl FnOnce(&InstanceRef, &mut Store<CallState>) -> wasmtime::Result<R>,
    ) -> Result<(R, CallStats), GeneError> {
        let start = Instant::now();
        let mut store = self.rt.store(self, ctx, phase);
        let inst = match &self.pre {
            Pre::V1_0(pre) => v1_0::instantiate(pre, &mut store).map(InstanceRef::V1_0),
            Pre::V1_1(pre) => v1_1::instantiate(pre, &mut store).map(InstanceRef::V1_1),
        };
        let inst = match inst {
            Ok(inst) => inst,
            Err(e) => {
                if phase == Phase::Info {
                    return Err(GeneError::Instantiate(format!("{e:#}")));
                }
                return Err(self.classify(&store, call, e));
            }
        };
        let r = f(&inst, &mut store).map_err(|e| self.classify(&store, call, e));
        let data = store.data();
        if data.log_dropped > 0 {
            tracing::warn!(
                gene.name = &*data.gene,
                dropped = data.log_dropped,
                "gene log lines dropped by the rate limit"
            );
        }
        let stats = CallStats {
            elapsed: start.elapsed(),
            memory: data.limiter.peak,
            import_calls: data.import_calls,
            log_lines: data.log_lines,
        };
        r.map(|r| (r, stats))
    }

    /// `info()`.
    pub fn call_info(&self) -> Result<GeneInfo, GeneError> {
        let (info, _) =
            self.with_instance(None, Phase::Info, "info", |inst, store| match inst {
                InstanceRef::V1_0(b) => b.call_info(store).map(v1_0::info_out),
                InstanceRef::V1_1(b) => b.call_info(store).map(v1_0::info_out),
            })?;
        Ok(info)
    }

    /// `propose(doc)`, with the output checked against the bounds and the declared
    /// entry types.
    pub fn propose(
        &self,
        ctx: &CallContext,
        doc: &DocSummary,
    ) -> Result<(Vec<Proposal>, CallStats), GeneError> {
        let (r, stats) = self.with_instance(
            Some(ctx.clone()),
            Phase::Propose,
            "propose",
            |inst, store| match inst {
                InstanceRef::V1_0(b) => b
                    .call_propose(store, &v1_0::document(doc))
                    .map(|r| r.map(|v| v.into_iter().map(v1_0::proposal_out).collect::<Vec<_>>())),
                InstanceRef::V1_1(b) => b
                    .call_propose(store, &v1_0::document(doc))
                    .map(|r| r.map(|v| v.into_iter().map(v1_0::proposal_out).collect::<Vec<_>>())),
            },
        )?;
        let ps = r.map_err(|m| reported("propose", m))?;
        model::check_proposals(&self.info, &ps)?;
        Ok((ps, stats))
    }

    /// `render(entry)`, with the page checked against the bounds.
    pub fn render(&self, ctx: &CallContext, entry: &Entry) -> Result<(Page, CallStats), GeneError> {
        let (r, stats) = self.with_instance(
            Some(ctx.clone()),
            Phase::Render,
            "render",
            |inst, store| match inst {
                InstanceRef::V1_0(b) => b
                    .call_render(store, &v1_0::entry(entry))
                    .map(|r| r.map(v1_0::page_out)),
                InstanceRef::V1_1(b) => b
                    .call_render(store, &v1_0::entry(entry))
                    .map(|r| r.map(v1_0::page_out)),
            },
        )?;
        let page = r.map_err(|m| reported("render", m))?;
        model::check_page("render", &page)?;
        Ok((page, stats))
    }

    /// `improve(page, review)`, with the page checked against the bounds.
    pub fn improve(
        &self,
        ctx: &CallContext,
        page: &Page,
        review: &Review,
    ) -> Result<(Option<Page>, CallStats), GeneError> {
        let (r, stats) = self.with_instance(
            Some(ctx.clone()),
            Phase::Render,
            "improve",
            |inst, store| match inst {
                InstanceRef::V1_0(b) => b
                    .call_improve(store, &v1_0::page_in(page), &v1_0::review(review))
                    .map(|r| r.map(|o| o.map(v1_0::page_out))),
                InstanceRef::V1_1(b) => b
                    .call_improve(store, &v1_0::page_in(page), &v1_0::review(review))
                    .map(|r| r.map(|o| o.map(v1_0::page_out))),
            },
        )?;
        let page = r.map_err(|m| reported("improve", m))?;
        if let Some(p) = &page {
            model::check_page("improve", p)?;
        }
        Ok((page, stats))
    }

    /// The self-test: `propose` on the built-in sample document(s) of the gene's
    /// languages, then `render` of its best proposal (or of a sample entry).
    pub fn self_test(&self) -> Result<(), GeneError> {
        let langs: Vec<Lang> = if self.info.languages.is_empty() {
            vec![Lang::En]
        } else {
            self.info
                .languages
                .iter()
                .filter_map(|l| Lang::parse(l))
                .collect()
        };
        let langs = if langs.is_empty() {
            vec![Lang::En]
        } else {
            langs
        };
        for lang in langs {
            let (analysis, doc) = sample(lang);
            let ctx = CallContext::new(analysis.clone());
            let (ps, _) = self
                .propose(&ctx, doc)
                .map_err(|e| GeneError::SelfTest(format!("{} sample: {e}", lang.as_str())))?;
            let entry = match ps.iter().max_by(|a, b| a.score.total_cmp(&b.score)) {
                Some(p) => Entry::from_proposal(p, &doc.lang, &doc.title),
                None => continue,
            };
            self.render(&ctx, &entry).map_err(|e| {
                GeneError::SelfTest(format!(
                    "{} sample, render {:?}: {e}",
                    lang.as_str(),
                    entry.title
                ))
            })?;
        }
        Ok(())
    }
}

fn reported(call: &'static str, m: String) -> GeneError {
    GeneError::Reported {
        call,
        message: model::cut(&m, limits::MAX_ERROR).to_string(),
    }
}

/// An instance of some ABI version.
enum InstanceRef {
    V1_0(v1_0::Bindings),
    V1_1(v1_1::Bindings),
}

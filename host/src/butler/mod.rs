//! The butler (DESIGN.md §9): background rounds over a ready wiki that render the rest of its
//! plan and improve its weakest pages, one git commit per round, until nothing is left to do.
//!
//! - [`Butlers`] is the service in [`App`]: one runner task per wiki, started by
//!   [`Butlers::start`], stopped after its current round by [`Butlers::stop`], reconfigured
//!   while it runs by [`Butlers::configure`], resumed after a restart by [`Butlers::resume`]
//!   (its state is in the store), and stopped cleanly, still marked running so it resumes, by
//!   [`Butlers::shut_down`].
//! - [`round`] is one round: candidates, gene calls, grounded writes under the wiki's write
//!   lock, commit, store record, re-index.
//!
//! `auto` (spec: "decide the maintenance strategy automatically"): with `auto: true` every
//! strategy is used and the butler orders the work itself; with `auto: false` only the
//! strategies set with `PUT butler/config`. Either way the butler stops by itself when no
//! enabled strategy has anything left (state `done`), after `rounds` rounds (`finished`) or
//! when asked (`stopped`). Nothing here knows HTTP: the API layer maps [`ButlerError`].

pub mod round;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::app::App;
use crate::auth::Principal;
use crate::store::{Role, StoreError, WikiRecord};

/// Most rounds one start may ask for (`0` = unlimited).
pub const MAX_ROUNDS: u32 = 1000;
/// Bounds of `batch_size` (gene calls per round).
pub const MAX_BATCH: usize = 500;
/// Longest interval between rounds.
pub const MAX_INTERVAL_MS: u64 = 24 * 3600 * 1000;

/// What can go wrong; the API layer maps each to a status.
#[derive(Debug, thiserror::Error)]
pub enum ButlerError {
    #[error("wiki {0} not found")]
    NotFound(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("wiki {slug} is not ready (status {status}); the butler runs on ready wikis")]
    NotReady { slug: String, status: u8 },
    #[error("rounds must be between 1 and {MAX_ROUNDS}, or 0 for unlimited; got {0}")]
    BadRounds(i64),
    #[error("{0}")]
    UnknownModel(String),
    #[error("{0}")]
    BadConfig(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Git(#[from] crate::git::GitError),
    #[error("{0}")]
    Io(String),
    #[error("{0}")]
    Pipeline(String),
}

/// What a round may do. `auto` enables all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Render planned entries that are not generated yet.
    Render,
    /// Rewrite pages whose links name entries that exist now (no gene call).
    Relink,
    /// Improve pages with no definition (`missing-definition`).
    Define,
    /// Improve pages with few citations (`few-citations`, `no-citations`).
    Cite,
    /// Improve pages with broken links, no links, or no page linking to them (`orphan`).
    Link,
    /// Improve pages whose body is very short (`thin-body`).
    Expand,
}

impl Strategy {
    pub const ALL: [Strategy; 6] = [
        Strategy::Render,
        Strategy::Relink,
        Strategy::Define,
        Strategy::Cite,
        Strategy::Link,
        Strategy::Expand,
    ];

    /// The strategy that handles a checklist finding.
    pub fn for_finding(code: &str) -> Option<Strategy> {
        match code {
            "missing-definition" => Some(Strategy::Define),
            "few-citations" | "no-citations" => Some(Strategy::Cite),
            "broken-links" | "no-links" | "orphan" => Some(Strategy::Link),
            "thin-body" => Some(Strategy::Expand),
            _ => None,
        }
    }
}

/// Settings that `PUT butler/config` changes, also while the butler runs.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ButlerConfig {
    /// Pause between rounds.
    pub interval_ms: u64,
    /// Gene calls (renders and improvements) per round.
    pub batch_size: usize,
    /// Strategies used when `auto` is false.
    pub strategies: Vec<Strategy>,
    /// Model for the genes' `complete` import (none: the provider's default, if any).
    pub model: Option<String>,
}

impl Default for ButlerConfig {
    fn default() -> Self {
        ButlerConfig {
            interval_ms: 2000,
            batch_size: 20,
            strategies: Strategy::ALL.to_vec(),
            model: None,
        }
    }
}

/// A `PUT butler/config` request: absent fields stay as they are.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigChange {
    pub interval_ms: Option<u64>,
    pub batch_size: Option<usize>,
    pub strategies: Option<Vec<String>>,
    /// A configured model name; `""` returns to the provider's default.
    pub model: Option<String>,
}

/// A `POST butler` request.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    #[serde(default)]
    pub rounds: i64,
    #[serde(default = "yes")]
    pub auto: bool,
    #[serde(default)]
    pub model: Option<String>,
}

fn yes() -> bool {
    true
}

/// Where a butler stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunState {
    /// Never started.
    Idle,
    Running,
    /// Ended by `butler/stop`.
    Stopped,
    /// Ran the rounds it was asked for.
    Finished,
    /// Nothing left to do under its strategies.
    Done,
    /// A round failed (see `error`).
    Failed,
}

/// The stored state of a wiki's butler (redb `butlers`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ButlerState {
    pub state: RunState,
    /// Rounds asked for (0 = unlimited).
    pub rounds: u32,
    pub auto: bool,
    /// Rounds done since the last start.
    pub rounds_done: u32,
    /// Rounds ever logged for this wiki (the log's numbering).
    pub round_seq: u64,
    pub config: ButlerConfig,
    /// The commit of the last recorded round (or HEAD when it started).
    pub last_sha: Option<String>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub error: Option<String>,
}

impl Default for ButlerState {
    fn default() -> Self {
        ButlerState {
            state: RunState::Idle,
            rounds: 0,
            auto: true,
            rounds_done: 0,
            round_seq: 0,
            config: ButlerConfig::default(),
            last_sha: None,
            started_at: None,
            finished_at: None,
            error: None,
        }
    }
}

impl ButlerState {
    fn strategies(&self) -> Vec<Strategy> {
        if self.auto {
            Strategy::ALL.to_vec()
        } else {
            self.config.strategies.clone()
        }
    }
}

/// A running butler's handle.
struct Run {
    slug: String,
    stop: AtomicBool,
    wake: tokio::sync::Notify,
    /// Config changes to apply before the next round.
    config: Mutex<Option<ButlerConfig>>,
}

/// The butler service: the runner of each wiki.
#[derive(Default)]
pub struct Butlers {
    runs: Mutex<HashMap<String, Arc<Run>>>,
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
    shutting_down: AtomicBool,
}

fn wiki_for(app: &App, who: &Principal, slug: &str) -> Result<WikiRecord, ButlerError> {
    if who.role == Role::Integration {
        return Err(ButlerError::Forbidden(
            "integration tokens may only use /api/v1/integrations endpoints".into(),
        ));
    }
    let wiki = app
        .store
        .wiki_by_slug(slug)?
        .ok_or_else(|| ButlerError::NotFound(slug.to_string()))?;
    if !who.can_access_wiki(&wiki) {
        return Err(ButlerError::Forbidden(format!(
            "wiki {slug} belongs to another user"
        )));
    }
    Ok(wiki)
}

/// The model a request names: it must be one the provider offers.
fn check_model(app: &App, model: Option<&str>) -> Result<Option<String>, ButlerError> {
    let Some(name) = model.filter(|m| !m.is_empty()) else {
        return Ok(None);
    };
    match &app.llm {
        None => Err(ButlerError::UnknownModel(format!(
            "unknown model {name:?}: no model provider is configured (GROVE_LLM_URL, GROVE_LLM_MODELS); omit model to work extractively"
        ))),
        Some(p) => p.pick(Some(name)).map(Some).ok_or_else(|| {
            ButlerError::UnknownModel(format!(
                "unknown model {name:?}; configured models: {}",
                p.models().join(", ")
            ))
        }),
    }
}

impl Butlers {
    fn state_of(app: &App, wiki: &WikiRecord) -> Result<ButlerState, ButlerError> {
        Ok(app.store.butler(&wiki.id)?.unwrap_or_default())
    }

    /// Whether a butler is running on the wiki `slug`.
    pub fn is_running(&self, slug: &str) -> bool {
        self.runs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .any(|r| r.slug == slug)
    }

    /// The JSON view of a wiki's butler.
    pub fn view(&self, app: &App, wiki: &WikiRecord) -> Result<serde_json::Value, ButlerError> {
        let st = Self::state_of(app, wiki)?;
        let running = self.is_running(&wiki.slug);
        let stopping = self
            .runs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&wiki.id)
            .is_some_and(|r| r.stop.load(Ordering::SeqCst));
        let model = st
            .config
            .model
            .clone()
            .or_else(|| app.llm.as_ref().and_then(|p| p.pick(None)));
        Ok(serde_json::json!({
            "running": running,
            "stopping": stopping,
            "state": st.state,
            "rounds": st.rounds,
            "rounds_done": st.rounds_done,
            "auto": st.auto,
            "model": model,
            "config": st.config,
            "strategies": st.strategies(),
            "completion": wiki.completion,
            "started_at": st.started_at,
            "finished_at": st.finished_at,
            "last_commit": st.last_sha,
            "error": st.error,
        }))
    }

    /// `POST butler`: starts the wiki's butler (or answers the running one unchanged).
    pub fn start(
        &self,
        app: &Arc<App>,
        who: &Principal,
        slug: &str,
        req: StartRequest,
    ) -> Result<(WikiRecord, bool), ButlerError> {
        let wiki = wiki_for(app, who, slug)?;
        if !(0..=i64::from(MAX_ROUNDS)).contains(&req.rounds) {
            return Err(ButlerError::BadRounds(req.rounds));
        }
        let model = check_model(app, req.model.as_deref())?;
        if !round::ready(&wiki) {
            return Err(ButlerError::NotReady {
                slug: wiki.slug.clone(),
                status: wiki.status as u8,
            });
        }
        if self.is_running(&wiki.slug) {
            return Ok((wiki, false));
        }
        let mut st = Self::state_of(app, &wiki)?;
        st.state = RunState::Running;
        st.rounds = req.rounds as u32;
        st.auto = req.auto;
        st.rounds_done = 0;
        if model.is_some() {
            st.config.model = model;
        }
        st.started_at = Some(Utc::now());
        st.finished_at = None;
        st.error = None;
        st.last_sha = crate::git::head(&app.paths.wiki_dir(&wiki.slug))?;
        app.store.put_butler(&wiki.id, &st)?;
        tracing::info!(wiki.slug = %wiki.slug, rounds = st.rounds, auto = st.auto, "butler started");
        self.spawn(app, &wiki);
        Ok((wiki, true))
    }

    /// `POST butler/stop`: the butler ends after its current round. Answers whether one was
    /// running.
    pub fn stop(
        &self,
        app: &App,
        who: &Principal,
        slug: &str,
    ) -> Result<(WikiRecord, bool), ButlerError> {
        let wiki = wiki_for(app, who, slug)?;
        let run = self
            .runs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&wiki.id)
            .cloned();
        match run {
            Some(r) => {
                r.stop.store(true, Ordering::SeqCst);
                r.wake.notify_one();
                tracing::info!(wiki.slug = %wiki.slug, "butler stop requested");
                Ok((wiki, true))
            }
            None => Ok((wiki, false)),
        }
    }

    /// `PUT butler/config`: validates and stores the change; a running butler applies it
    /// before its next round (and wakes from its pause to do so).
    pub fn configure(
        &self,
        app: &App,
        who: &Principal,
        slug: &str,
        change: ConfigChange,
    ) -> Result<(WikiRecord, ButlerConfig), ButlerError> {
        let wiki = wiki_for(app, who, slug)?;
        let mut st = Self::state_of(app, &wiki)?;
        let mut cfg = st.config.clone();
        if let Some(ms) = change.interval_ms {
            if ms > MAX_INTERVAL_MS {
                return Err(ButlerError::BadConfig(format!(
                    "interval_ms must be at most {MAX_INTERVAL_MS} (one day); got {ms}"
                )));
            }
            cfg.interval_ms = ms;
        }
        if let Some(n) = change.batch_size {
            if !(1..=MAX_BATCH).contains(&n) {
                return Err(ButlerError::BadConfig(format!(
                    "batch_size must be between 1 and {MAX_BATCH}; got {n}"
                )));
            }
            cfg.batch_size = n;
        }
        if let Some(names) = change.strategies {
            let mut list = Vec::new();
            for n in &names {
                let s: Strategy = serde_json::from_value(serde_json::Value::String(n.clone()))
                    .map_err(|_| {
                        ButlerError::BadConfig(format!(
                            "unknown strategy {n:?}; known: render, relink, define, cite, link, expand"
                        ))
                    })?;
                if !list.contains(&s) {
                    list.push(s);
                }
            }
            if list.is_empty() {
                return Err(ButlerError::BadConfig(
                    "strategies must name at least one strategy".into(),
                ));
            }
            cfg.strategies = list;
        }
        if let Some(m) = change.model {
            cfg.model = check_model(app, Some(&m))?;
        }
        st.config = cfg.clone();
        app.store.put_butler(&wiki.id, &st)?;
        if let Some(run) = self
            .runs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&wiki.id)
        {
            *run.config.lock().unwrap_or_else(|e| e.into_inner()) = Some(cfg.clone());
            run.wake.notify_one();
        }
        tracing::info!(wiki.slug = %wiki.slug, interval_ms = cfg.interval_ms, batch_size = cfg.batch_size, "butler configured");
        Ok((wiki, cfg))
    }

    /// `GET butler/log`: the round records, oldest first (the last `limit`).
    pub fn log(
        &self,
        app: &App,
        who: &Principal,
        slug: &str,
        limit: usize,
    ) -> Result<(WikiRecord, Vec<round::RoundRecord>), ButlerError> {
        let wiki = wiki_for(app, who, slug)?;
        let mut records: Vec<round::RoundRecord> = app.store.butler_log(&wiki.id)?;
        if records.len() > limit {
            records.drain(..records.len() - limit);
        }
        Ok((wiki, records))
    }

    /// At start-up, before anything can package a wiki: undoes rounds that a crash interrupted
    /// in the wikis whose butler was running. Returns how many wikis were repaired.
    pub fn recover(app: &App) -> Result<usize, ButlerError> {
        let mut repaired = 0;
        for (wiki_id, st) in app.store.butlers::<ButlerState>()? {
            if st.state != RunState::Running {
                continue;
            }
            let Some(wiki) = app.store.wiki(&wiki_id)? else {
                continue;
            };
            // Runs before the listener and the scheduler: nothing else touches the wiki yet.
            let dir = app.paths.wiki_dir(&wiki.slug);
            if round::recover_tree(&dir, st.last_sha.as_deref())? {
                tracing::warn!(wiki.slug = %wiki.slug, "undid a butler round that was interrupted");
                repaired += 1;
            }
        }
        Ok(repaired)
    }

    /// Starts again every butler that was running when the server stopped.
    pub fn resume(&self, app: &Arc<App>) -> Result<usize, ButlerError> {
        let mut n = 0;
        for (wiki_id, st) in app.store.butlers::<ButlerState>()? {
            if st.state != RunState::Running {
                continue;
            }
            if let Some(wiki) = app.store.wiki(&wiki_id)? {
                tracing::info!(wiki.slug = %wiki.slug, rounds_done = st.rounds_done, "resuming the butler");
                self.spawn(app, &wiki);
                n += 1;
            }
        }
        Ok(n)
    }

    /// Stops every runner after its current round, leaving them marked running so they
    /// resume at the next start, and waits for them (at most `wait`).
    pub async fn shut_down(&self, wait: Duration) {
        self.shutting_down.store(true, Ordering::SeqCst);
        for r in self.runs.lock().unwrap_or_else(|e| e.into_inner()).values() {
            r.wake.notify_one();
        }
        let tasks: Vec<_> =
            std::mem::take(&mut *self.tasks.lock().unwrap_or_else(|e| e.into_inner()));
        let _ = tokio::time::timeout(wait, futures_util::future::join_all(tasks)).await;
    }

    fn spawn(&self, app: &Arc<App>, wiki: &WikiRecord) {
        let run = Arc::new(Run {
            slug: wiki.slug.clone(),
            stop: AtomicBool::new(false),
            wake: tokio::sync::Notify::new(),
            config: Mutex::new(None),
        });
        self.runs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(wiki.id.clone(), run.clone());
        let task = tokio::spawn(drive(app.clone(), wiki.id.clone(), run));
        let mut tasks = self.tasks.lock().unwrap_or_else(|e| e.into_inner());
        tasks.retain(|t| !t.is_finished());
        tasks.push(task);
    }

    fn finish(&self, wiki_id: &str) {
        self.runs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(wiki_id);
    }
}

/// The runner of one wiki: rounds until done, finished, stopped, failed or shut down.
async fn drive(app: Arc<App>, wiki_id: String, run: Arc<Run>) {
    let mut analysis: Option<Arc<crate::analysis::Analysis>> = None;
    let end = loop {
        if app.butler.shutting_down.load(Ordering::SeqCst) {
            break None;
        }
        if run.stop.load(Ordering::SeqCst) {
            break Some((RunState::Stopped, None));
        }
        let task_app = app.clone();
        let id = wiki_id.clone();
        let cached = analysis.clone();
        let pending_cfg = run.config.lock().unwrap_or_else(|e| e.into_inner()).take();
        let result =
            tokio::task::spawn_blocking(move || one_round(&task_app, &id, cached, pending_cfg))
                .await
                .unwrap_or_else(|e| Err(ButlerError::Pipeline(format!("the round panicked: {e}"))));
        let interval = match result {
            Ok((a, Step::Continue(interval))) => {
                analysis = Some(a);
                interval
            }
            Ok((_, Step::End(state))) => break Some((state, None)),
            Err(e) => {
                tracing::error!(wiki.id = %wiki_id, error = %e, "butler round failed; the butler stops");
                break Some((RunState::Failed, Some(e.to_string())));
            }
        };
        if run.stop.load(Ordering::SeqCst) || app.butler.shutting_down.load(Ordering::SeqCst) {
            continue;
        }
        // Pause; a stop or a config change wakes the runner early.
        let _ = tokio::time::timeout(Duration::from_millis(interval), run.wake.notified()).await;
    };
    if let Some((state, error)) = end {
        let stored = app.store.butler::<ButlerState>(&wiki_id).ok().flatten();
        if let Some(mut st) = stored {
            if let Some(cfg) = run.config.lock().unwrap_or_else(|e| e.into_inner()).take() {
                st.config = cfg;
            }
            st.state = state;
            st.error = error;
            st.finished_at = Some(Utc::now());
            if let Err(e) = app.store.put_butler(&wiki_id, &st) {
                tracing::error!(wiki.id = %wiki_id, error = %e, "cannot record the butler's end");
            }
        }
        tracing::info!(wiki.id = %wiki_id, state = ?state, "butler ended");
    } else {
        tracing::info!(wiki.id = %wiki_id, "butler paused for shutdown; it resumes at the next start");
    }
    app.butler.finish(&wiki_id);
}

enum Step {
    /// Go on after this pause (ms).
    Continue(u64),
    End(RunState),
}

/// One round on a blocking thread: loads the state, applies a pending config change, runs the
/// round, and says what comes next.
fn one_round(
    app: &App,
    wiki_id: &str,
    analysis: Option<Arc<crate::analysis::Analysis>>,
    pending_cfg: Option<ButlerConfig>,
) -> Result<(Arc<crate::analysis::Analysis>, Step), ButlerError> {
    let wiki = app
        .store
        .wiki(wiki_id)?
        .ok_or_else(|| ButlerError::NotFound(wiki_id.to_string()))?;
    let analysis = match analysis {
        Some(a) => a,
        None => Arc::new(
            crate::pipeline::load_analysis(&app.paths.wiki_dir(&wiki.slug), &wiki.name, &wiki.lang)
                .map_err(|e| ButlerError::Pipeline(e.to_string()))?,
        ),
    };
    if !round::ready(&wiki) {
        tracing::warn!(wiki.slug = %wiki.slug, "the wiki is no longer ready; the butler stops");
        return Ok((analysis, Step::End(RunState::Stopped)));
    }
    let mut st: ButlerState = app.store.butler(wiki_id)?.unwrap_or_default();
    if let Some(cfg) = pending_cfg {
        st.config = cfg;
        app.store.put_butler(wiki_id, &st)?;
    }
    if st.rounds > 0 && st.rounds_done >= st.rounds {
        return Ok((analysis, Step::End(RunState::Finished)));
    }
    let model = st
        .config
        .model
        .clone()
        .or_else(|| app.llm.as_ref().and_then(|p| p.pick(None)));
    let strategies = st.strategies();
    let batch = st.config.batch_size;
    let outcome = round::run(round::RoundInput {
        app,
        wiki: &wiki,
        analysis: &analysis,
        state: &mut st,
        strategies: &strategies,
        batch_size: batch,
        model,
    })?;
    match outcome {
        round::Outcome::NothingLeft { completion } => {
            tracing::info!(wiki.slug = %wiki.slug, completion, "the butler has nothing left to do");
            Ok((analysis, Step::End(RunState::Done)))
        }
        round::Outcome::Round(r) => {
            tracing::info!(
                wiki.slug = %wiki.slug,
                round = r.round,
                pages = r.pages_changed.len(),
                completion_before = r.completion_before,
                completion_after = r.completion_after,
                ms = r.duration_ms,
                commit = r.commit.as_deref().unwrap_or(""),
                "butler round"
            );
            if st.rounds > 0 && st.rounds_done >= st.rounds {
                return Ok((analysis, Step::End(RunState::Finished)));
            }
            Ok((analysis, Step::Continue(st.config.interval_ms)))
        }
    }
}

//! The pipeline: runs one job through the stages **egg** (extract, fingerprint, dedup), **boot**
//! (wiki directory, git, configuration) and **grow** (genes propose and render pages, which are
//! written, linked and committed), then marks the wiki **ready**.
//!
//! Stages are idempotent and the job record notes the last one that completed, so a job
//! interrupted by a crash, a cancel or a failure resumes after it. Every state change and
//! progress step is stored and published to the [`EventHub`](crate::events::EventHub). The
//! pipeline knows nothing of HTTP; the scheduler decides when it runs.

mod boot;
mod egg;
mod fsutil;
mod grow;
pub mod pages;

pub use boot::read_config_value;
pub use fsutil::write_atomic;
pub use grow::{analysis_document, load_analysis};

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use chrono::Utc;
use serde_json::json;
use tracing::Instrument;

use crate::app::App;
use crate::events::JobEvent;
use crate::store::{JobRecord, JobState, StageTiming, StoreError, WikiRecord, WikiStatus};

/// Why a stage stopped.
#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    #[error("cancelled")]
    Cancelled,
    #[error("{0}")]
    Extract(#[from] crate::extract::ExtractError),
    #[error(transparent)]
    Git(#[from] crate::git::GitError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{context}: {source}")]
    Io {
        context: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Generation(String),
}

impl PipelineError {
    pub(crate) fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> PipelineError {
        let context = context.into();
        move |source| PipelineError::Io { context, source }
    }
}

/// What a stage tells the runner.
pub enum StageOutcome {
    /// Go on with the next stage.
    Continue,
    /// Dedup: the wiki was cloned from an identical one; the job is ready now.
    Cloned { from: String },
}

/// Progress range of each stage within the job's 0–100.
fn stage_range(stage: JobState) -> (u8, u8) {
    match stage {
        JobState::Egg => (0, 20),
        JobState::Boot => (20, 35),
        _ => (35, 99),
    }
}

/// What a stage gets: the app, the job's wiki, its directory, a cancel flag and progress.
pub struct StageContext<'a> {
    pub app: &'a App,
    pub job_id: u64,
    pub wiki: WikiRecord,
    pub dir: PathBuf,
    stage: JobState,
    cancel: Arc<AtomicBool>,
    last_progress: Mutex<Instant>,
}

impl StageContext<'_> {
    /// Returns `Err(Cancelled)` when the job was asked to stop.
    pub fn checkpoint(&self) -> Result<(), PipelineError> {
        if self.cancel.load(Ordering::SeqCst) {
            return Err(PipelineError::Cancelled);
        }
        Ok(())
    }

    /// Reports progress within the stage (`frac` 0.0–1.0), throttled to a few updates a second.
    pub fn progress(&self, frac: f32, message: &str) {
        {
            let mut last = self.last_progress.lock().expect("progress lock");
            if last.elapsed().as_millis() < 200 && frac < 1.0 {
                return;
            }
            *last = Instant::now();
        }
        let (lo, hi) = stage_range(self.stage);
        let pct = lo + ((f32::from(hi - lo)) * frac.clamp(0.0, 1.0)) as u8;
        if let Ok(job) = self.app.store.update_job_progress(self.job_id, |j| {
            j.progress = j.progress.max(pct);
            j.message = message.to_string();
            j.event_seq += 1;
        }) {
            self.app.events.publish(JobEvent {
                job_id: job.id,
                id: job.event_seq,
                kind: "progress",
                data: json!({"state": job.state.as_str(), "progress": job.progress, "message": job.message}),
            });
        }
    }

    /// Reloads the wiki record (after a stage changed it).
    pub fn reload_wiki(&mut self) -> Result<(), PipelineError> {
        self.wiki = self
            .app
            .store
            .wiki(&self.wiki.id)?
            .ok_or_else(|| PipelineError::Generation("the wiki was deleted".into()))?;
        Ok(())
    }
}

fn publish(app: &App, job: &JobRecord, kind: &'static str) {
    let Ok(job) = app.store.update_job_progress(job.id, |j| j.event_seq += 1) else {
        return;
    };
    app.events.publish(JobEvent {
        job_id: job.id,
        id: job.event_seq,
        kind,
        data: crate::jobs::view(app, &job),
    });
}

/// Publishes a `state` event with the job's current view.
pub fn publish_state(app: &App, job: &JobRecord) {
    publish(app, job, "state");
}

/// Publishes the final `done` or `failed` event of a finished job.
pub fn publish_final(app: &App, job: &JobRecord) {
    publish(
        app,
        job,
        if job.state == JobState::Ready {
            "done"
        } else {
            "failed"
        },
    );
}

const STAGES: [JobState; 3] = [JobState::Egg, JobState::Boot, JobState::Grow];

fn completed_before(last: Option<JobState>, stage: JobState) -> bool {
    let pos = |s| STAGES.iter().position(|x| *x == s);
    match (last.and_then(pos), pos(stage)) {
        (Some(l), Some(s)) => s <= l,
        _ => false,
    }
}

/// Runs a job to its end (ready, failed or cancelled). Never panics the caller: a panic inside
/// a stage fails the job with a message.
pub async fn run_job(app: Arc<App>, job_id: u64, cancel: Arc<AtomicBool>) {
    let span = tracing::info_span!("job", job.id = job_id);
    async move {
        if let Err(e) = run_job_inner(&app, job_id, cancel).await {
            tracing::error!(error = %e, "job bookkeeping failed; the job will be retried after a restart");
        }
        grow::discard_prepared(job_id);
    }
    .instrument(span)
    .await
}

async fn run_job_inner(
    app: &Arc<App>,
    job_id: u64,
    cancel: Arc<AtomicBool>,
) -> Result<(), StoreError> {
    let Some(job) = app.store.job(job_id)? else {
        return Ok(());
    };
    let t0 = Instant::now();
    tracing::info!(wiki.id = %job.wiki_id, resume_after = ?job.last_completed_stage, "job started");
    app.store.update_job(job_id, |j| {
        if j.started_at.is_none() {
            j.started_at = Some(Utc::now());
        }
    })?;
    app.store
        .update_wiki(&job.wiki_id, |w| w.status = WikiStatus::Building)?;

    for stage in STAGES {
        let job = app.store.job(job_id)?.expect("job exists");
        if completed_before(job.last_completed_stage, stage) {
            continue;
        }
        let started = Utc::now();
        // Not forced to disk: after a crash the job resumes after its last completed stage,
        // which is recorded durably below.
        let job = app.store.update_job_progress(job_id, |j| {
            j.state = stage;
            j.progress = j.progress.max(stage_range(stage).0);
            j.message = format!("{} started", stage.as_str());
            j.stages.retain(|s| s.name != stage.as_str());
            j.stages.push(StageTiming {
                name: stage.as_str().into(),
                started_at: started,
                finished_at: None,
                ms: None,
            });
        })?;
        publish_state(app, &job);
        let Some(wiki) = app.store.wiki(&job.wiki_id)? else {
            return fail(app, job_id, "the wiki of this job no longer exists".into());
        };
        let app2 = app.clone();
        let cancel2 = cancel.clone();
        let stage_t0 = Instant::now();
        let result = tokio::task::spawn_blocking(move || {
            let mut ctx = StageContext {
                app: &app2,
                job_id,
                dir: app2.paths.wiki_dir(&wiki.slug),
                wiki,
                stage,
                cancel: cancel2,
                last_progress: Mutex::new(Instant::now()),
            };
            ctx.checkpoint()?;
            match stage {
                JobState::Egg => egg::run(&mut ctx),
                JobState::Boot => boot::run(&mut ctx),
                _ => grow::run(&mut ctx),
            }
        })
        .await;
        let ms = stage_t0.elapsed().as_millis() as u64;
        let finished = |j: &mut JobRecord| {
            if let Some(t) = j.stages.iter_mut().find(|s| s.name == stage.as_str()) {
                t.finished_at = Some(Utc::now());
                t.ms = Some(ms);
            }
        };
        match result {
            Ok(Ok(StageOutcome::Continue)) => {
                tracing::info!(stage = stage.as_str(), ms, "stage completed");
                app.store.update_job(job_id, |j| {
                    finished(j);
                    j.last_completed_stage = Some(stage);
                    j.progress = j.progress.max(stage_range(stage).1);
                })?;
            }
            Ok(Ok(StageOutcome::Cloned { from })) => {
                tracing::info!(cloned_from = %from, ms, "identical content found: cloned instead of generating");
                app.store.update_job(job_id, |j| {
                    finished(j);
                    j.cloned_from = Some(from.clone());
                })?;
                return ready(app, job_id, t0);
            }
            Ok(Err(PipelineError::Cancelled)) => {
                let job = app.store.update_job(job_id, |j| {
                    finished(j);
                    crate::scheduler::finish(j, JobState::Cancelled);
                    j.message = format!("cancelled during {}", stage.as_str());
                })?;
                app.store
                    .update_wiki(&job.wiki_id, |w| w.status = WikiStatus::Failed)?;
                tracing::info!(stage = stage.as_str(), "job cancelled");
                publish_final(app, &job);
                return Ok(());
            }
            Ok(Err(e)) => {
                app.store.update_job(job_id, finished)?;
                tracing::warn!(stage = stage.as_str(), error = %e, "job failed");
                return fail(app, job_id, format!("{} failed: {e}", stage.as_str()));
            }
            Err(join) => {
                app.store.update_job(job_id, finished)?;
                tracing::error!(stage = stage.as_str(), error = %join, "stage panicked: this is a bug in grove");
                return fail(
                    app,
                    job_id,
                    format!(
                        "{} failed: internal error (see the server log)",
                        stage.as_str()
                    ),
                );
            }
        }
    }
    ready(app, job_id, t0)
}

fn ready(app: &App, job_id: u64, t0: Instant) -> Result<(), StoreError> {
    let job = app.store.update_job(job_id, |j| {
        crate::scheduler::finish(j, JobState::Ready);
        j.progress = 100;
        j.message = "ready".into();
        j.error = None;
    })?;
    app.store.update_wiki(&job.wiki_id, |w| {
        w.status = WikiStatus::Ready;
        w.updated_at = Utc::now();
    })?;
    tracing::info!(ms = t0.elapsed().as_millis() as u64, "job ready");
    publish_final(app, &job);
    Ok(())
}

fn fail(app: &App, job_id: u64, error: String) -> Result<(), StoreError> {
    let job = app.store.update_job(job_id, |j| {
        crate::scheduler::finish(j, JobState::Failed);
        j.message = "failed".into();
        j.error = Some(error);
    })?;
    app.store
        .update_wiki(&job.wiki_id, |w| w.status = WikiStatus::Failed)?;
    publish_final(app, &job);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resume_skips_completed_stages() {
        assert!(!completed_before(None, JobState::Egg));
        assert!(completed_before(Some(JobState::Egg), JobState::Egg));
        assert!(!completed_before(Some(JobState::Egg), JobState::Boot));
        assert!(completed_before(Some(JobState::Boot), JobState::Egg));
    }
}

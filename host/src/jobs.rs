//! Job operations that clients ask for — look up, start, cancel, retry — with the ownership
//! rules applied, and the job's public JSON view. The scheduler and pipeline do the running;
//! this module only changes states the client may change.

use chrono::Utc;
use serde_json::{Value, json};

use crate::app::App;
use crate::auth::Principal;
use crate::store::{JobRecord, JobState, StoreError, WikiStatus};

/// Why a job operation was refused.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    #[error("no job with id {0}")]
    NotFound(u64),
    #[error("job {0} belongs to another user")]
    Forbidden(u64),
    #[error("job {id} is {state}; {action} needs {needs}")]
    WrongState {
        id: u64,
        state: &'static str,
        action: &'static str,
        needs: &'static str,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Loads a job the principal may see.
pub fn load(app: &App, who: &Principal, id: u64) -> Result<JobRecord, JobError> {
    let job = app.store.job(id)?.ok_or(JobError::NotFound(id))?;
    if !who.owns(&job.owner) {
        return Err(JobError::Forbidden(id));
    }
    Ok(job)
}

fn set_wiki_status(app: &App, wiki_id: &str, status: WikiStatus) -> Result<(), StoreError> {
    app.store.update_wiki(wiki_id, |w| {
        w.status = status;
        w.updated_at = Utc::now();
    })?;
    Ok(())
}

/// `created` -> `queued`.
pub fn start(app: &App, who: &Principal, id: u64) -> Result<JobRecord, JobError> {
    let job = load(app, who, id)?;
    if job.state != JobState::Created {
        return Err(JobError::WrongState {
            id,
            state: job.state.as_str(),
            action: "start",
            needs: "created",
        });
    }
    let job = app.store.update_job(id, |j| {
        j.state = JobState::Queued;
        j.message = "queued".into();
    })?;
    set_wiki_status(app, &job.wiki_id, WikiStatus::Queued)?;
    crate::pipeline::publish_state(app, &job);
    app.scheduler.wake();
    Ok(job)
}

/// Cancels a queued job at once, or asks a running one to stop at its next checkpoint.
pub fn cancel(app: &App, who: &Principal, id: u64) -> Result<JobRecord, JobError> {
    let job = load(app, who, id)?;
    match job.state {
        JobState::Created | JobState::Queued => {
            let job = app.store.update_job(id, |j| {
                crate::scheduler::finish(j, JobState::Cancelled);
                j.message = "cancelled before it ran".into();
            })?;
            set_wiki_status(app, &job.wiki_id, WikiStatus::Failed)?;
            crate::pipeline::publish_final(app, &job);
            Ok(job)
        }
        s if s.is_running() => {
            app.scheduler.cancel_running(id);
            Ok(app.store.update_job(id, |j| {
                j.message = "cancelling at the next checkpoint".into();
            })?)
        }
        s => Err(JobError::WrongState {
            id,
            state: s.as_str(),
            action: "cancel",
            needs: "created, queued or running",
        }),
    }
}

/// `failed` or `cancelled` -> `queued`, resuming after the last completed stage.
pub fn retry(app: &App, who: &Principal, id: u64) -> Result<JobRecord, JobError> {
    let job = load(app, who, id)?;
    if !matches!(job.state, JobState::Failed | JobState::Cancelled) {
        return Err(JobError::WrongState {
            id,
            state: job.state.as_str(),
            action: "retry",
            needs: "failed or cancelled",
        });
    }
    let job = app.store.update_job(id, |j| {
        j.state = JobState::Queued;
        j.error = None;
        j.finished_at = None;
        j.message = format!(
            "queued again; resumes after {}",
            j.last_completed_stage.map_or("the start", |s| s.as_str())
        );
    })?;
    set_wiki_status(app, &job.wiki_id, WikiStatus::Queued)?;
    crate::pipeline::publish_state(app, &job);
    app.scheduler.wake();
    Ok(job)
}

/// Estimated seconds left, from the elapsed running time and the progress.
fn eta_s(job: &JobRecord) -> Option<u64> {
    let started = job.started_at?;
    if job.state.is_final() || job.progress == 0 {
        return None;
    }
    let elapsed = (Utc::now() - started).num_milliseconds().max(0) as f64 / 1000.0;
    Some((elapsed * f64::from(100 - job.progress) / f64::from(job.progress)).ceil() as u64)
}

/// The job as clients see it (DESIGN.md §6).
pub fn view(app: &App, job: &JobRecord) -> Value {
    let slug = app.store.wiki(&job.wiki_id).ok().flatten().map(|w| w.slug);
    json!({
        "id": job.id,
        "wiki_id": job.wiki_id,
        "wiki_slug": slug,
        "state": job.state.as_str(),
        "progress": job.progress,
        "message": job.message,
        "error": job.error,
        "created_at": job.created_at.to_rfc3339(),
        "started_at": job.started_at.map(|t| t.to_rfc3339()),
        "finished_at": job.finished_at.map(|t| t.to_rfc3339()),
        "eta_s": eta_s(job),
        "cloned_from": job.cloned_from,
        "stages": job.stages.iter().map(|s| json!({
            "name": s.name,
            "started_at": s.started_at.to_rfc3339(),
            "finished_at": s.finished_at.map(|t| t.to_rfc3339()),
            "ms": s.ms,
        })).collect::<Vec<_>>(),
    })
}

//! The job scheduler: picks queued jobs from the store and runs them through the pipeline
//! within the concurrency quota (`--max-jobs`), fairly across users.
//!
//! The queue *is* the store: a job is queued when its record says so, which makes the queue
//! persistent for free. Fairness: when a slot frees up, the next job comes from the user with
//! the fewest running jobs (ties: the user whose oldest queued job waited longest), so one
//! user's hundred uploads cannot starve another's one. On start-up, jobs that were running when
//! the server died are put back in the queue; they resume after their last completed stage.
//!
//! The scheduler knows nothing of HTTP. Stage work happens in [`crate::pipeline`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use chrono::Utc;
use tokio::sync::Notify;

use crate::app::App;
use crate::store::{JobRecord, JobState, StoreError};

/// A running job's handle: its owner (for fairness) and its cancel flag.
struct Running {
    owner: String,
    cancel: Arc<AtomicBool>,
}

/// Runs queued jobs; shared through [`App`].
pub struct Scheduler {
    max_jobs: usize,
    wake: Notify,
    running: Mutex<HashMap<u64, Running>>,
    shutting_down: AtomicBool,
}

impl Scheduler {
    pub fn new(max_jobs: usize) -> Self {
        Scheduler {
            max_jobs,
            wake: Notify::new(),
            running: Mutex::new(HashMap::new()),
            shutting_down: AtomicBool::new(false),
        }
    }

    /// Tells the loop to look at the queue again (after an upload, start, retry ...).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Number of jobs running right now.
    pub fn running_count(&self) -> usize {
        self.running.lock().expect("scheduler lock").len()
    }

    /// Asks a running job to stop at its next checkpoint. Returns false if it is not running.
    pub fn cancel_running(&self, job_id: u64) -> bool {
        match self.running.lock().expect("scheduler lock").get(&job_id) {
            Some(r) => {
                r.cancel.store(true, Ordering::SeqCst);
                true
            }
            None => false,
        }
    }

    /// Stops taking new jobs (shutdown). Running jobs are left to finish or be resumed later.
    pub fn shut_down(&self) {
        self.shutting_down.store(true, Ordering::SeqCst);
        self.wake.notify_one();
    }

    /// Puts jobs that were running when the server stopped back into the queue.
    pub fn recover(app: &App) -> Result<usize, StoreError> {
        let mut n = 0;
        for job in app.store.jobs()? {
            if job.state.is_running() {
                app.store.update_job(job.id, |j| {
                    j.state = JobState::Queued;
                    j.message = format!(
                        "resumed after a restart; continues after {}",
                        j.last_completed_stage.map_or("the start", |s| s.as_str())
                    );
                })?;
                tracing::info!(
                    job.id = job.id,
                    from = job.state.as_str(),
                    "job re-queued after restart"
                );
                n += 1;
            }
        }
        Ok(n)
    }

    /// The scheduling loop. Runs until [`Scheduler::shut_down`].
    pub async fn run(app: Arc<App>) {
        loop {
            if app.scheduler.shutting_down.load(Ordering::SeqCst) {
                return;
            }
            match Self::fill_slots(&app) {
                Ok(()) => {}
                Err(e) => {
                    tracing::error!(error = %e, "scheduler could not read the queue; retrying in 1 s")
                }
            }
            tokio::select! {
                _ = app.scheduler.wake.notified() => {}
                _ = tokio::time::sleep(std::time::Duration::from_secs(1)) => {}
            }
        }
    }

    fn fill_slots(app: &Arc<App>) -> Result<(), StoreError> {
        let sched = &app.scheduler;
        let mut queued: Vec<JobRecord> = app
            .store
            .jobs()?
            .into_iter()
            .filter(|j| j.state == JobState::Queued)
            .collect();
        loop {
            let mut running = sched.running.lock().expect("scheduler lock");
            if running.len() >= sched.max_jobs || queued.is_empty() {
                return Ok(());
            }
            queued.retain(|j| !running.contains_key(&j.id));
            let Some(idx) = pick_fair(&queued, &running) else {
                return Ok(());
            };
            let job = queued.swap_remove(idx);
            let cancel = Arc::new(AtomicBool::new(false));
            running.insert(
                job.id,
                Running {
                    owner: job.owner.clone(),
                    cancel: cancel.clone(),
                },
            );
            drop(running);
            let app2 = app.clone();
            tokio::spawn(async move {
                let job_id = job.id;
                crate::pipeline::run_job(app2.clone(), job_id, cancel).await;
                app2.scheduler
                    .running
                    .lock()
                    .expect("scheduler lock")
                    .remove(&job_id);
                app2.scheduler.wake();
            });
        }
    }
}

/// Index of the next job to run: from the owner with the fewest running jobs, ties broken by
/// the oldest waiting job; within an owner, oldest first.
fn pick_fair(queued: &[JobRecord], running: &HashMap<u64, Running>) -> Option<usize> {
    let mut per_owner: HashMap<&str, usize> = HashMap::new();
    for r in running.values() {
        *per_owner.entry(r.owner.as_str()).or_default() += 1;
    }
    queued
        .iter()
        .enumerate()
        .min_by_key(|(_, j)| {
            (
                per_owner.get(j.owner.as_str()).copied().unwrap_or(0),
                j.created_at,
                j.id,
            )
        })
        .map(|(i, _)| i)
}

/// Marks a job finished in the store at `now`.
pub(crate) fn finish(job: &mut JobRecord, state: JobState) {
    job.state = state;
    job.finished_at = Some(Utc::now());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(id: u64, owner: &str, secs: i64) -> JobRecord {
        let mut j = JobRecord::new(id, format!("w{id}"), owner.into(), JobState::Queued);
        j.created_at = chrono::DateTime::from_timestamp(1_700_000_000 + secs, 0).unwrap();
        j
    }

    #[test]
    fn one_users_flood_does_not_starve_another() {
        // alice queued 100 jobs first; bob queued one later.
        let mut queued: Vec<JobRecord> = (1..=100).map(|i| job(i, "alice", i as i64)).collect();
        queued.push(job(101, "bob", 1000));
        let mut running = HashMap::new();
        let mut order = Vec::new();
        for _ in 0..3 {
            let i = pick_fair(&queued, &running).unwrap();
            let j = queued.swap_remove(i);
            order.push(j.owner.clone());
            running.insert(
                j.id,
                Running {
                    owner: j.owner,
                    cancel: Arc::default(),
                },
            );
        }
        assert_eq!(order, ["alice", "bob", "alice"]);
    }
}

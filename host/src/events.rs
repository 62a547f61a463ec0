//! Job progress events: an in-process hub that the pipeline publishes to and the progress
//! streams (SSE) subscribe to.
//!
//! Each job's events carry increasing ids (the job's `event_seq`). The hub keeps the most recent
//! events of each job so a client that reconnects with `Last-Event-ID` gets what it missed;
//! when the gap is older than what is kept (or the server restarted), the stream starts again
//! from a snapshot. The hub knows nothing of HTTP or SSE framing.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use serde_json::Value;
use tokio::sync::broadcast;

/// Events kept per job for resumption.
const KEEP_PER_JOB: usize = 256;

/// One progress event of a job.
#[derive(Debug, Clone, PartialEq)]
pub struct JobEvent {
    pub job_id: u64,
    /// Increasing per job.
    pub id: u64,
    /// `state`, `progress`, `done` or `failed`.
    pub kind: &'static str,
    pub data: Value,
}

impl JobEvent {
    /// `done` and `failed` end a stream.
    pub fn is_final(&self) -> bool {
        matches!(self.kind, "done" | "failed")
    }
}

/// Fan-out of job events to any number of subscribers.
pub struct EventHub {
    tx: broadcast::Sender<JobEvent>,
    recent: Mutex<HashMap<u64, VecDeque<JobEvent>>>,
}

impl Default for EventHub {
    fn default() -> Self {
        let (tx, _) = broadcast::channel(4096);
        EventHub {
            tx,
            recent: Mutex::new(HashMap::new()),
        }
    }
}

impl EventHub {
    pub fn publish(&self, event: JobEvent) {
        {
            let mut recent = self.recent.lock().expect("event hub lock");
            let q = recent.entry(event.job_id).or_default();
            q.push_back(event.clone());
            while q.len() > KEEP_PER_JOB {
                q.pop_front();
            }
        }
        // No subscribers is fine.
        let _ = self.tx.send(event);
    }

    /// Subscribes to all future events (filter by job id on the receiving side).
    pub fn subscribe(&self) -> broadcast::Receiver<JobEvent> {
        self.tx.subscribe()
    }

    /// The kept events of `job_id` with an id greater than `after`, or `None` when events after
    /// `after` are no longer all kept (the caller then starts from a snapshot).
    pub fn since(&self, job_id: u64, after: u64) -> Option<Vec<JobEvent>> {
        let recent = self.recent.lock().expect("event hub lock");
        let q = recent.get(&job_id)?;
        let first = q.front()?.id;
        if first > after + 1 {
            return None;
        }
        Some(q.iter().filter(|e| e.id > after).cloned().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(job_id: u64, id: u64) -> JobEvent {
        JobEvent {
            job_id,
            id,
            kind: "progress",
            data: Value::Null,
        }
    }

    #[test]
    fn resume_returns_what_was_missed_or_none_when_too_old() {
        let hub = EventHub::default();
        for id in 1..=300 {
            hub.publish(ev(7, id));
        }
        let missed = hub.since(7, 290).unwrap();
        assert_eq!(
            missed.iter().map(|e| e.id).collect::<Vec<_>>(),
            (291..=300).collect::<Vec<_>>()
        );
        assert!(hub.since(7, 10).is_none(), "event 11 is no longer kept");
        assert!(hub.since(8, 0).is_none(), "unknown job");
    }
}

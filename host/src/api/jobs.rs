//! Jobs: `GET /api/v1/jobs/{id}`, the progress stream `GET /api/v1/jobs/{id}/stream` (SSE,
//! token in `access_token` or the header), and `POST .../start|cancel|retry`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use tokio_stream::wrappers::ReceiverStream;
use warp::Filter;
use warp::reply::Response;

use super::{ApiError, ApiResult, caller, ok_json, query_map, raw_query, with_app};
use crate::app::App;
use crate::auth::Principal;
use crate::events::JobEvent;
use crate::jobs::{self, JobError};

impl From<JobError> for ApiError {
    fn from(e: JobError) -> Self {
        match e {
            JobError::NotFound(_) => ApiError::not_found(e.to_string()),
            JobError::Forbidden(_) => ApiError::forbidden(e.to_string()),
            JobError::WrongState { .. } => ApiError::conflict("wrong_state", e.to_string()),
            JobError::Store(s) => s.into(),
        }
    }
}

fn reply(r: ApiResult<Response>) -> Response {
    r.unwrap_or_else(warp::Reply::into_response)
}

fn parse_id(id: &str) -> ApiResult<u64> {
    id.parse()
        .map_err(|_| ApiError::not_found(format!("no job with id {id:?}")))
}

pub(super) fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    let get = warp::path!("api" / "v1" / "jobs" / String)
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .map(|id: String, app: Arc<App>, who: ApiResult<Principal>| {
            reply((|| {
                let who = who?;
                who.require_not_integration()?;
                let job = jobs::load(&app, &who, parse_id(&id)?)?;
                Ok(ok_json(json!({ "job": jobs::view(&app, &job) })))
            })())
        });
    let action = warp::path!("api" / "v1" / "jobs" / String / String)
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .map(
            |id: String, action: String, app: Arc<App>, who: ApiResult<Principal>| {
                reply((|| {
                    let who = who?;
                    who.require_not_integration()?;
                    let id = parse_id(&id)?;
                    let job = match action.as_str() {
                        "start" => jobs::start(&app, &who, id)?,
                        "cancel" => jobs::cancel(&app, &who, id)?,
                        "retry" => jobs::retry(&app, &who, id)?,
                        _ => {
                            return Err(ApiError::new(
                                warp::http::StatusCode::NOT_FOUND,
                                "route_not_found",
                                "no such job action; use start, cancel or retry",
                            ));
                        }
                    };
                    Ok(ok_json(json!({ "job": jobs::view(&app, &job) })))
                })())
            },
        );
    let stream = warp::path!("api" / "v1" / "jobs" / String / "stream")
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(warp::header::optional::<String>("authorization"))
        .and(raw_query())
        .and(warp::header::optional::<String>("last-event-id"))
        .map(
            |id: String,
             app: Arc<App>,
             header: Option<String>,
             query: String,
             last: Option<String>| { reply(stream(app, &id, header, &query, last)) },
        );
    get.or(stream).unify().or(action).unify()
}

/// The job progress stream. The first event is a snapshot (or, with `Last-Event-ID`, the
/// events missed since); the stream ends after `done` or `failed`.
fn stream(
    app: Arc<App>,
    id: &str,
    header: Option<String>,
    query: &str,
    last: Option<String>,
) -> ApiResult<Response> {
    let params = query_map(query)?;
    let token = header
        .as_deref()
        .and_then(super::bearer_token)
        .or(params.get("access_token").map(String::as_str))
        .filter(|t| !t.is_empty());
    let who = app.authenticate(token)?;
    who.require_not_integration()?;
    let job = jobs::load(&app, &who, parse_id(id)?)?;
    let last_id: Option<u64> = last.and_then(|s| s.trim().parse().ok());

    // Subscribe before reading the snapshot so nothing falls between the two.
    let mut live = app.events.subscribe();
    let (tx, rx) = tokio::sync::mpsc::channel::<JobEvent>(64);
    let job_id = job.id;
    tokio::spawn(async move {
        let snapshot = |app: &App| -> Option<Vec<JobEvent>> {
            let job = app.store.job(job_id).ok()??;
            let view = jobs::view(app, &job);
            let mut events = vec![JobEvent {
                job_id,
                id: job.event_seq,
                kind: "state",
                data: view.clone(),
            }];
            if job.state.is_final() {
                let kind = if job.state == crate::store::JobState::Ready {
                    "done"
                } else {
                    "failed"
                };
                events.push(JobEvent {
                    job_id,
                    id: job.event_seq,
                    kind,
                    data: view,
                });
            }
            Some(events)
        };
        let first = match last_id.and_then(|after| app.events.since(job_id, after)) {
            Some(missed) if !missed.is_empty() => missed,
            _ => snapshot(&app).unwrap_or_default(),
        };
        let mut sent = 0u64;
        for ev in first {
            sent = sent.max(ev.id);
            let fin = ev.is_final();
            if tx.send(ev).await.is_err() || fin {
                return;
            }
        }
        loop {
            match live.recv().await {
                Ok(ev) if ev.job_id == job_id && ev.id > sent => {
                    sent = ev.id;
                    let fin = ev.is_final();
                    if tx.send(ev).await.is_err() || fin {
                        return;
                    }
                }
                Ok(_) => {}
                Err(RecvError::Lagged(_)) => {
                    for ev in snapshot(&app).unwrap_or_default() {
                        sent = sent.max(ev.id);
                        let fin = ev.is_final();
                        if tx.send(ev).await.is_err() || fin {
                            return;
                        }
                    }
                }
                Err(RecvError::Closed) => return,
            }
        }
    });
    let events = futures_util::StreamExt::map(ReceiverStream::new(rx), |ev| {
        Ok::<_, Infallible>(
            warp::sse::Event::default()
                .id(ev.id.to_string())
                .event(ev.kind)
                .data(ev.data.to_string()),
        )
    });
    let body = warp::sse::keep_alive()
        .interval(Duration::from_secs(15))
        .stream(events);
    Ok(warp::Reply::into_response(warp::sse::reply(body)))
}

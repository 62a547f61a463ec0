//! `GET /api/v1/health`: the one route without authentication.

use std::sync::Arc;

use serde_json::json;
use warp::Filter;
use warp::reply::Response;

use super::{ok_json, with_app};
use crate::app::App;
use crate::store::JobState;

pub(super) fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    warp::path!("api" / "v1" / "health")
        .and(warp::get())
        .and(with_app(app))
        .map(|app: Arc<App>| health(&app))
}

fn health(app: &App) -> Response {
    let (storage, queue_depth) = match app.store.check().and_then(|()| app.store.jobs()) {
        Ok(jobs) => (
            json!({"ok": true, "schema_version": crate::store::SCHEMA_VERSION}),
            jobs.iter().filter(|j| j.state == JobState::Queued).count(),
        ),
        Err(e) => {
            tracing::error!(error = %e, "health check: the metadata store failed");
            (json!({"ok": false, "error": e.to_string()}), 0)
        }
    };
    ok_json(json!({
        "status": if storage["ok"] == true { "ok" } else { "degraded" },
        "version": env!("CARGO_PKG_VERSION"),
        "uptime_s": app.started_at.elapsed().as_secs(),
        "queue_depth": queue_depth,
        "genes_loaded": app.genes_loaded(),
        "storage": storage,
    }))
}

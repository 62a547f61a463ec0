//! The preview endpoints: `POST /api/v1/wiki/{slug}/serve`, `.../serve/stop`,
//! `.../serve/restart` and `PUT /api/v1/wiki/{slug}/config`. Handlers translate only: the rules
//! are in `crate::preview`.

use std::sync::Arc;

use serde_json::json;
use warp::Filter;
use warp::reply::Response;

use super::{
    ApiError, ApiResult, JSON_BODY_LIMIT, body_bytes, caller, ok_json, parse_json, with_app,
};
use crate::app::App;
use crate::auth::Principal;
use crate::preview::{self, PreviewError, Serving};

impl From<PreviewError> for ApiError {
    fn from(e: PreviewError) -> Self {
        let msg = e.to_string();
        match e {
            PreviewError::NotFound(_) => ApiError::not_found(msg),
            PreviewError::Forbidden(_) => ApiError::forbidden(msg),
            PreviewError::NotReady { .. } => ApiError::conflict("not_ready", msg),
            PreviewError::NoPort(_) => ApiError::bad_request("no_port", msg),
            PreviewError::BadConfiguredPort(_) => ApiError::bad_request("bad_port", msg),
            PreviewError::BadPort(_) => ApiError::bad_request("bad_port", msg),
            PreviewError::PortInUse { .. } => ApiError::conflict("port_in_use", msg),
            PreviewError::Start { .. } | PreviewError::Io { .. } => {
                ApiError::internal("the preview could not be started", &msg)
            }
            PreviewError::Store(s) => s.into(),
        }
    }
}

fn reply(r: ApiResult<Response>) -> Response {
    r.unwrap_or_else(warp::Reply::into_response)
}

fn serving_json(s: &Serving) -> Response {
    ok_json(json!({"slug": s.slug, "url": s.url, "pid": s.pid, "port": s.port}))
}

/// The `port` of a `PUT /config` body: an integer, or `null` to clear it.
fn config_port(body: &serde_json::Value) -> ApiResult<Option<i64>> {
    let bad = || {
        ApiError::bad_request(
            "bad_port",
            "port must be an integer between 1024 and 65535, or null to clear it",
        )
    };
    match body.get("port").or_else(|| body.get("PORT")) {
        None => Err(ApiError::bad_request(
            "missing_port",
            "send {\"port\": 4101} (or {\"port\": null} to clear it)",
        )),
        Some(serde_json::Value::Null) => Ok(None),
        Some(v) => v.as_i64().map(Some).ok_or_else(bad),
    }
}

pub(super) fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    let serve = warp::path!("api" / "v1" / "wiki" / String / "serve")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .then(
            |slug: String, app: Arc<App>, who: ApiResult<Principal>| async move {
                reply(
                    async {
                        let s = preview::serve(&app, &who?, &slug).await?;
                        Ok(serving_json(&s))
                    }
                    .await,
                )
            },
        );
    let stop = warp::path!("api" / "v1" / "wiki" / String / "serve" / "stop")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .then(
            |slug: String, app: Arc<App>, who: ApiResult<Principal>| async move {
                reply(
                    async {
                        let pid = preview::stop(&app, &who?, &slug).await?;
                        Ok(ok_json(
                            json!({"slug": slug, "stopped": pid.is_some(), "pid": pid}),
                        ))
                    }
                    .await,
                )
            },
        );
    let restart = warp::path!("api" / "v1" / "wiki" / String / "serve" / "restart")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .then(
            |slug: String, app: Arc<App>, who: ApiResult<Principal>| async move {
                reply(
                    async {
                        let s = preview::restart(&app, &who?, &slug).await?;
                        Ok(serving_json(&s))
                    }
                    .await,
                )
            },
        );
    let config = warp::path!("api" / "v1" / "wiki" / String / "config")
        .and(warp::put())
        .and(with_app(app.clone()))
        .and(caller(app))
        .and(body_bytes(JSON_BODY_LIMIT))
        .map(
            |slug: String, app: Arc<App>, who: ApiResult<Principal>, body| {
                reply((|| {
                    let who = who?;
                    let body: serde_json::Value = parse_json(body)?;
                    let c = preview::set_port(&app, &who, &slug, config_port(&body)?)?;
                    Ok(ok_json(json!({
                        "slug": c.slug,
                        "port": c.port,
                        "serve_running": c.serve_running,
                    })))
                })())
            },
        );
    serve
        .or(stop)
        .unify()
        .or(restart)
        .unify()
        .or(config)
        .unify()
}

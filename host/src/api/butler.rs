//! The butler over HTTP: `POST /api/v1/wiki/{slug}/butler`, `.../butler/stop`,
//! `PUT .../butler/config` and `GET .../butler/log`. Only translation lives here; the rules
//! are in `crate::butler`.

use std::sync::Arc;

use serde_json::json;
use warp::Filter;
use warp::reply::Response;

use super::{
    ApiError, ApiResult, JSON_BODY_LIMIT, body_bytes, caller, ok_json, parse_json, query_map,
    raw_query, with_app,
};
use crate::app::App;
use crate::auth::Principal;
use crate::butler::{ButlerError, ConfigChange, StartRequest};

impl From<ButlerError> for ApiError {
    fn from(e: ButlerError) -> Self {
        let msg = e.to_string();
        match e {
            ButlerError::NotFound(_) => ApiError::not_found(msg),
            ButlerError::Forbidden(_) => ApiError::forbidden(msg),
            ButlerError::NotReady { .. } => ApiError::conflict("not_ready", msg),
            ButlerError::BadRounds(_) => ApiError::bad_request("bad_rounds", msg),
            ButlerError::UnknownModel(_) => ApiError::bad_request("unknown_model", msg),
            ButlerError::BadConfig(_) => ApiError::bad_request("bad_config", msg),
            ButlerError::Store(cause) => ApiError::internal("the metadata store failed", &cause),
            ButlerError::Git(cause) => ApiError::internal("git failed", &cause),
            ButlerError::Io(cause) | ButlerError::Pipeline(cause) => {
                ApiError::internal("the butler failed", &cause)
            }
        }
    }
}

fn reply(r: ApiResult<Response>) -> Response {
    r.unwrap_or_else(warp::Reply::into_response)
}

pub(super) fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    let start = warp::path!("api" / "v1" / "wiki" / String / "butler")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(body_bytes(JSON_BODY_LIMIT))
        .map(|slug: String, app: Arc<App>, who, body| reply(start(&app, who, &slug, body)));
    let stop = warp::path!("api" / "v1" / "wiki" / String / "butler" / "stop")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .map(|slug: String, app: Arc<App>, who| reply(stop(&app, who, &slug)));
    let config = warp::path!("api" / "v1" / "wiki" / String / "butler" / "config")
        .and(warp::put())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(body_bytes(JSON_BODY_LIMIT))
        .map(|slug: String, app: Arc<App>, who, body| reply(configure(&app, who, &slug, body)));
    let log = warp::path!("api" / "v1" / "wiki" / String / "butler" / "log")
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(caller(app))
        .and(raw_query())
        .map(|slug: String, app: Arc<App>, who, q: String| reply(log(&app, who, &slug, &q)));
    start.or(stop).unify().or(config).unify().or(log).unify()
}

fn start(
    app: &Arc<App>,
    who: ApiResult<Principal>,
    slug: &str,
    body: ApiResult<Vec<u8>>,
) -> ApiResult<Response> {
    let who = who?;
    let req: StartRequest = parse_json(body)?;
    let (wiki, started) = app.butler.start(app, &who, slug, req)?;
    let view = app.butler.view(app, &wiki)?;
    Ok(ok_json(json!({
        "slug": wiki.slug,
        "started": started,
        "butler": view,
    })))
}

fn stop(app: &App, who: ApiResult<Principal>, slug: &str) -> ApiResult<Response> {
    let who = who?;
    let (wiki, was_running) = app.butler.stop(app, &who, slug)?;
    let view = app.butler.view(app, &wiki)?;
    Ok(ok_json(json!({
        "slug": wiki.slug,
        "was_running": was_running,
        "butler": view,
    })))
}

fn configure(
    app: &App,
    who: ApiResult<Principal>,
    slug: &str,
    body: ApiResult<Vec<u8>>,
) -> ApiResult<Response> {
    let who = who?;
    let change: ConfigChange = parse_json(body)?;
    let (wiki, config) = app.butler.configure(app, &who, slug, change)?;
    Ok(ok_json(json!({
        "slug": wiki.slug,
        "config": config,
        "running": app.butler_running(&wiki.slug),
    })))
}

fn log(app: &App, who: ApiResult<Principal>, slug: &str, query: &str) -> ApiResult<Response> {
    let who = who?;
    let params = query_map(query)?;
    let limit = match params.get("limit") {
        None => 100,
        Some(v) => v
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=1000).contains(n))
            .ok_or_else(|| {
                ApiError::bad_request("bad_limit", "limit must be an integer from 1 to 1000")
            })?,
    };
    let (wiki, records) = app.butler.log(app, &who, slug, limit)?;
    let view = app.butler.view(app, &wiki)?;
    Ok(ok_json(json!({
        "slug": wiki.slug,
        "butler": view,
        "records": records,
    })))
}

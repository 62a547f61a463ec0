//! Reading the generated content: `GET /pages`, `GET /pages/{id}`, `GET /stats`, `GET /graph`,
//! `GET /wiki/{slug}/growth`, `GET /wiki/{slug}/search`, `POST /search`, `GET /wikis-overview`.
//! Handlers translate only: the rules are in `crate::reading` and `crate::search`.

use std::collections::HashMap;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::json;
use warp::Filter;
use warp::reply::Response;

use super::{
    ApiError, ApiResult, JSON_BODY_LIMIT, body_bytes, caller, ok_json, parse_json, query_map,
    raw_query, with_app,
};
use crate::app::App;
use crate::auth::Principal;
use crate::reading::{self, ReadError, int_param};
use crate::search::{self, SearchError};

impl From<ReadError> for ApiError {
    fn from(e: ReadError) -> Self {
        match e {
            ReadError::BadParam(code, msg) => ApiError::bad_request(code, msg),
            ReadError::NotFound(m) => ApiError::not_found(m),
            ReadError::Forbidden(m) => ApiError::forbidden(m),
            ReadError::Store(s) => s.into(),
        }
    }
}

impl From<SearchError> for ApiError {
    fn from(e: SearchError) -> Self {
        match e {
            SearchError::BadQuery(m) => ApiError::bad_request("bad_query", m),
            SearchError::Store(s) => s.into(),
            other => ApiError::internal("the search index failed", &other),
        }
    }
}

fn reply(r: ApiResult<Response>) -> Response {
    r.unwrap_or_else(warp::Reply::into_response)
}

/// The caller, who must not be an integration token.
fn reader(who: ApiResult<Principal>) -> ApiResult<Principal> {
    let who = who?;
    who.require_not_integration()?;
    Ok(who)
}

type Handler = fn(&App, &Principal, &str, &HashMap<String, String>) -> ApiResult<Response>;

/// A GET route with no path parameter: `api/v1/<name>`.
fn get_route(
    app: &Arc<App>,
    name: &'static str,
    handler: Handler,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    warp::path("api")
        .and(warp::path("v1"))
        .and(warp::path(name))
        .and(warp::path::end())
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(raw_query())
        .map(move |app: Arc<App>, who: ApiResult<Principal>, q: String| {
            reply((|| {
                let who = reader(who)?;
                handler(&app, &who, "", &query_map(&q)?)
            })())
        })
}

/// A GET route `api/v1/<a>/{x}` or `api/v1/wiki/{x}/<b>`.
fn get_route_with(
    app: &Arc<App>,
    prefix: &'static str,
    suffix: Option<&'static str>,
    handler: Handler,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let base = warp::path("api")
        .and(warp::path("v1"))
        .and(warp::path(prefix))
        .and(warp::path::param::<String>());
    let base = match suffix {
        Some(s) => base.and(warp::path(s)).boxed(),
        None => base.boxed(),
    };
    base.and(warp::path::end())
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(raw_query())
        .map(
            move |x: String, app: Arc<App>, who: ApiResult<Principal>, q: String| {
                reply((|| {
                    let who = reader(who)?;
                    handler(&app, &who, &x, &query_map(&q)?)
                })())
            },
        )
}

pub(super) fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    let semantic = warp::path!("api" / "v1" / "search")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(body_bytes(JSON_BODY_LIMIT))
        .map(
            |app: Arc<App>, who: ApiResult<Principal>, body: ApiResult<Vec<u8>>| {
                reply((|| {
                    let who = reader(who)?;
                    semantic_search(&app, &who, parse_json(body)?)
                })())
            },
        );
    get_route(&app, "pages", |app, who, _, p| {
        Ok(ok_json(json!(reading::list_pages(app, who, p)?)))
    })
    .or(get_route_with(&app, "pages", None, page_detail))
    .unify()
    .or(get_route(&app, "stats", |app, who, _, p| {
        let wiki = reading::wiki_for(app, who, reading::required_wiki(p)?)?;
        Ok(ok_json(reading::stats(app, &wiki)?))
    }))
    .unify()
    .or(get_route(&app, "graph", graph))
    .unify()
    .or(get_route(&app, "wikis-overview", |app, who, _, _| {
        Ok(ok_json(reading::overview(app, who)?))
    }))
    .unify()
    .or(get_route_with(&app, "wiki", Some("growth"), growth))
    .unify()
    .or(get_route_with(&app, "wiki", Some("search"), full_text))
    .unify()
    .or(semantic)
    .unify()
}

fn page_detail(
    app: &App,
    who: &Principal,
    page_id: &str,
    p: &HashMap<String, String>,
) -> ApiResult<Response> {
    let wiki = reading::wiki_for(app, who, reading::required_wiki(p)?)?;
    Ok(ok_json(reading::page_detail(app, &wiki, page_id)?))
}

fn graph(app: &App, who: &Principal, _: &str, p: &HashMap<String, String>) -> ApiResult<Response> {
    let key = reading::required_wiki(p)?;
    let limit = int_param(
        "limit",
        p.get("limit"),
        reading::GRAPH_DEFAULT_LIMIT as i64,
        1,
        reading::GRAPH_MAX_LIMIT as i64,
    )? as usize;
    let wiki = reading::wiki_for(app, who, key)?;
    let pages = app.store.pages(&wiki.id)?;
    Ok(ok_json(reading::graph(&pages, &wiki.slug, limit)))
}

fn growth(
    app: &App,
    who: &Principal,
    slug: &str,
    p: &HashMap<String, String>,
) -> ApiResult<Response> {
    let wiki = reading::wiki_for(app, who, slug)?;
    let pages = app.store.pages(&wiki.id)?;
    Ok(ok_json(reading::growth(
        &pages,
        &wiki.slug,
        p,
        chrono::Utc::now(),
    )?))
}

fn full_text(
    app: &App,
    who: &Principal,
    slug: &str,
    p: &HashMap<String, String>,
) -> ApiResult<Response> {
    let q = p.get("q").filter(|q| !q.trim().is_empty()).ok_or_else(|| {
        ApiError::bad_request("missing_query", "the query parameter q is required")
    })?;
    let limit = int_param(
        "limit",
        p.get("limit"),
        reading::SEARCH_DEFAULT_LIMIT as i64,
        1,
        reading::SEARCH_MAX_LIMIT as i64,
    )? as usize;
    let offset = int_param(
        "offset",
        p.get("offset"),
        0,
        0,
        reading::SEARCH_MAX_OFFSET as i64,
    )? as usize;
    let wiki = reading::wiki_for(app, who, slug)?;
    let hits = search::search(app, &wiki, q, limit, offset)?;
    Ok(ok_json(json!({
        "wiki": wiki.slug,
        "query": q,
        "limit": limit,
        "offset": offset,
        "total": hits.total,
        "hits": hits.hits,
    })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SemanticRequest {
    query: Option<String>,
    wiki: Option<String>,
    top_k: Option<i64>,
}

fn semantic_search(app: &App, who: &Principal, req: SemanticRequest) -> ApiResult<Response> {
    let query = req
        .query
        .filter(|q| !q.trim().is_empty())
        .ok_or_else(|| ApiError::bad_request("missing_query", "the field query is required"))?;
    let key = req.wiki.filter(|w| !w.trim().is_empty()).ok_or_else(|| {
        ApiError::bad_request("missing_wiki", "the field wiki (the wiki slug) is required")
    })?;
    let top_k = req.top_k.unwrap_or(reading::TOP_K_DEFAULT as i64);
    if !(1..=reading::TOP_K_MAX as i64).contains(&top_k) {
        return Err(ApiError::bad_request(
            "out_of_range",
            format!(
                "top_k must be between 1 and {}, got {top_k}",
                reading::TOP_K_MAX
            ),
        ));
    }
    let wiki = reading::wiki_for(app, who, &key)?;
    let (mode, results) = search::semantic(app, &wiki, &query, top_k as usize)?;
    Ok(ok_json(json!({
        "wiki": wiki.slug,
        "query": query,
        "top_k": top_k,
        "mode": mode,
        "results": results,
    })))
}

//! `GET /openapi.json`: the OpenAPI 3.1 document of the whole API (no authentication).
//!
//! The document is `openapi.json` beside this file; every route added to the API is added
//! there too (a black-box test checks that each documented operation is routed).

use warp::Filter;
use warp::reply::Response;

const DOCUMENT: &str = include_str!("openapi.json");

pub(super) fn routes() -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    warp::path!("openapi.json").and(warp::get()).map(|| {
        warp::http::Response::builder()
            .header("content-type", "application/json")
            .body(DOCUMENT.into())
            .expect("static response")
    })
}

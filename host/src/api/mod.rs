//! The HTTP API (warp). Handlers only translate: they parse the request, call into [`App`] and
//! the core modules, and turn the result or [`ApiError`] into a response. No business rule lives
//! here, and no other module names warp.
//!
//! Routing convention: every route is `path`, then method, then the other filters, so an
//! unknown path is 404 and a known path with the wrong method is 405. Handlers never reject:
//! authentication, body and query problems are answered as [`ApiError`] replies, so the only
//! rejections warp combines are routing ones.

mod butler;
pub mod error;
mod genes;
mod health;
mod integrations;
mod jobs;
mod openapi;
mod preview;
mod read;
pub mod site;
mod tokens;
mod upload;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use warp::http::HeaderValue;
use warp::reply::Response;
use warp::{Filter, Reply};

use crate::app::App;
use crate::auth::Principal;
use crate::store::Role;
pub use error::{ApiError, ApiResult};

/// Largest JSON request body accepted by the JSON endpoints.
pub const JSON_BODY_LIMIT: usize = 1 << 20;

/// The whole API with request logging, request ids and error recovery.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Infallible> + Clone {
    let api = health::routes(app.clone())
        .or(tokens::routes(app.clone()))
        .or(genes::routes(app.clone()))
        .or(upload::routes(app.clone()))
        .or(jobs::routes(app.clone()))
        .or(read::routes(app.clone()))
        .or(integrations::routes(app.clone()))
        .or(butler::routes(app.clone()))
        .or(preview::routes(app.clone()))
        .or(openapi::routes())
        .recover(error::recover);

    warp::any()
        .map(Instant::now)
        .and(warp::method())
        .and(warp::path::full())
        .and(api)
        .map(
            |start: Instant, method: warp::http::Method, path: warp::path::FullPath, reply| {
                let mut resp = Reply::into_response(reply);
                let request_id = next_request_id();
                let status = resp.status().as_u16();
                let latency_ms = start.elapsed().as_secs_f64() * 1000.0;
                tracing::info!(
                    request.id = %request_id,
                    method = %method,
                    route = %path.as_str(),
                    status,
                    latency_ms = format_args!("{latency_ms:.2}"),
                    "request"
                );
                if let Ok(v) = HeaderValue::from_str(&request_id) {
                    resp.headers_mut().insert("x-request-id", v);
                }
                resp
            },
        )
}

fn next_request_id() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    static BOOT: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    let boot = *BOOT.get_or_init(rand::random);
    format!("{boot:08x}-{:06}", NEXT.fetch_add(1, Ordering::Relaxed))
}

// ----- shared filters -----

pub(crate) fn with_app(
    app: Arc<App>,
) -> impl Filter<Extract = (Arc<App>,), Error = Infallible> + Clone {
    warp::any().map(move || app.clone())
}

/// The token of an `Authorization: Bearer <token>` header value, if it has one.
pub(crate) fn bearer_token(header: &str) -> Option<&str> {
    header
        .strip_prefix("Bearer ")
        .or_else(|| header.strip_prefix("bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// The caller, from `Authorization: Bearer <token>`. Never rejects: the handler answers 401.
pub(crate) fn caller(
    app: Arc<App>,
) -> impl Filter<Extract = (ApiResult<Principal>,), Error = warp::Rejection> + Clone {
    warp::header::optional::<String>("authorization").map(move |h: Option<String>| {
        let token = h.as_deref().and_then(bearer_token);
        if h.is_some() && token.is_none() {
            return Err(ApiError::unauthorized(
                "malformed Authorization header: expected Bearer <token>",
            ));
        }
        app.authenticate(token).map_err(ApiError::from)
    })
}

/// The raw query string (empty when absent). Parse it with [`parse_query`].
pub(crate) fn raw_query() -> impl Filter<Extract = (String,), Error = Infallible> + Clone {
    warp::query::raw().or(warp::any().map(String::new)).unify()
}

/// Parses a query string into `T`, answering 400 with the reason.
pub(crate) fn parse_query<T: DeserializeOwned>(raw: &str) -> ApiResult<T> {
    serde_urlencoded::from_str(raw)
        .map_err(|e| ApiError::bad_request("bad_query", format!("bad query string: {e}")))
}

/// Query parameters as a map, for handlers that validate by hand.
pub(crate) fn query_map(raw: &str) -> ApiResult<HashMap<String, String>> {
    parse_query(raw)
}

/// The request body as bytes, at most `limit`. Never rejects.
pub(crate) fn body_bytes(
    limit: usize,
) -> impl Filter<Extract = (ApiResult<Vec<u8>>,), Error = warp::Rejection> + Clone {
    warp::body::stream().then(move |stream| collect_body(stream, limit))
}

async fn collect_body<S, B>(stream: S, limit: usize) -> ApiResult<Vec<u8>>
where
    S: futures_util::Stream<Item = Result<B, warp::Error>>,
    B: bytes::Buf,
{
    let mut stream = std::pin::pin!(stream);
    let mut buf = Vec::new();
    while let Some(chunk) = stream.next().await {
        let mut chunk = chunk.map_err(|e| {
            ApiError::bad_request("bad_body", format!("could not read the request body: {e}"))
        })?;
        if buf.len() + chunk.remaining() > limit {
            drain(stream.as_mut()).await;
            return Err(ApiError::too_large(format!(
                "request body over the limit of {limit} bytes"
            )));
        }
        while chunk.has_remaining() {
            let part = chunk.chunk();
            buf.extend_from_slice(part);
            let len = part.len();
            chunk.advance(len);
        }
    }
    Ok(buf)
}

/// Most bytes read and discarded after a body is refused, so that a well-behaved client
/// finishes sending and reads the error instead of seeing a reset connection.
const DRAIN_LIMIT: usize = 16 << 20;

/// Reads and discards the rest of a refused body, up to [`DRAIN_LIMIT`].
pub(crate) async fn drain<S, B>(mut stream: std::pin::Pin<&mut S>)
where
    S: futures_util::Stream<Item = Result<B, warp::Error>> + ?Sized,
    B: bytes::Buf,
{
    let mut seen = 0usize;
    while let Some(Ok(chunk)) = stream.next().await {
        seen += chunk.remaining();
        if seen > DRAIN_LIMIT {
            break;
        }
    }
}

/// Parses a JSON body, answering 400 with serde's reason. An empty body parses as `{}`.
pub(crate) fn parse_json<T: DeserializeOwned>(body: ApiResult<Vec<u8>>) -> ApiResult<T> {
    let body = body?;
    let bytes: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &body
    };
    serde_json::from_slice(bytes)
        .map_err(|e| ApiError::bad_request("bad_json", format!("malformed JSON body: {e}")))
}

/// `{"ok": true, ...fields}` as a 200 response.
pub(crate) fn ok_json(value: serde_json::Value) -> Response {
    let mut value = value;
    if let Some(obj) = value.as_object_mut() {
        obj.insert("ok".into(), serde_json::Value::Bool(true));
    }
    warp::reply::json(&value).into_response()
}

/// Access rules shared by handlers.
impl Principal {
    /// Integration tokens may only use the integration endpoints.
    pub(crate) fn require_not_integration(&self) -> ApiResult<()> {
        if self.role == Role::Integration {
            return Err(ApiError::forbidden(
                "integration tokens may only use /api/v1/integrations endpoints",
            ));
        }
        Ok(())
    }

    pub(crate) fn require_admin(&self) -> ApiResult<()> {
        if self.role != Role::Admin {
            return Err(ApiError::forbidden("this operation needs an admin token"));
        }
        Ok(())
    }
}

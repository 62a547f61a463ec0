//! Packages and integrations over HTTP: `POST /api/v1/wiki/{slug}/publish|unpublish`,
//! `GET /api/v1/integrations/wikis` (keyset list with a signed cursor) and
//! `HEAD|GET /api/v1/integrations/wikis/{wiki_id}/artifact` (the package: ETag/304, Range/206,
//! 409/413/429/500). Only translation lives here; the rules are in `crate::integrations`.

use std::sync::Arc;

use serde::Deserialize;
use serde_json::json;
use warp::Filter;
use warp::http::{HeaderMap, HeaderValue, StatusCode};
use warp::reply::Response;

use super::{
    ApiError, ApiResult, JSON_BODY_LIMIT, body_bytes, caller, ok_json, parse_json, query_map,
    raw_query, with_app,
};
use crate::app::App;
use crate::auth::Principal;
use crate::integrations::{self, IntegrationError, ListQuery, Package};
use crate::store::WikiRecord;

impl From<IntegrationError> for ApiError {
    fn from(e: IntegrationError) -> Self {
        let msg = e.to_string();
        match e {
            IntegrationError::UnknownPreset(_) => ApiError::bad_request("unknown_preset", msg),
            IntegrationError::BadPageSize(_) => ApiError::bad_request("bad_page_size", msg),
            IntegrationError::BadCursor(_) => ApiError::bad_request("bad_cursor", msg),
            IntegrationError::NotFound(_) => ApiError::not_found(msg),
            IntegrationError::Forbidden(_) => ApiError::forbidden(msg),
            IntegrationError::NotReady { .. } => ApiError::conflict("not_ready", msg),
            IntegrationError::Changed(_) => ApiError::conflict("changed", msg),
            IntegrationError::TooLarge { .. } => ApiError::too_large(msg),
            IntegrationError::RateLimited { retry_after } => {
                let secs = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
                ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", msg)
                    .with_header("retry-after", secs.max(1).to_string())
            }
            IntegrationError::Build(reason) => {
                tracing::error!(error = %reason, "package build failed");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "package_failed", msg)
            }
            IntegrationError::Store(cause) => {
                ApiError::internal("the metadata store failed", &cause)
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
    let publish_route = warp::path!("api" / "v1" / "wiki" / String / "publish")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(body_bytes(JSON_BODY_LIMIT))
        .map(|slug: String, app: Arc<App>, who, body| reply(publish(&app, who, &slug, true, body)));
    let unpublish_route = warp::path!("api" / "v1" / "wiki" / String / "unpublish")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(body_bytes(JSON_BODY_LIMIT))
        .map(|slug: String, app: Arc<App>, who, body| {
            reply(publish(&app, who, &slug, false, body))
        });
    let list_route = warp::path!("api" / "v1" / "integrations" / "wikis")
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(raw_query())
        .map(|app: Arc<App>, who, query: String| reply(list(&app, who, &query)));
    let head = warp::path!("api" / "v1" / "integrations" / "wikis" / String / "artifact")
        .and(warp::head())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(warp::header::headers_cloned())
        .then(
            |id: String, app: Arc<App>, who, headers: HeaderMap| async move {
                reply(artifact(app, who, id, headers, true).await)
            },
        );
    let get = warp::path!("api" / "v1" / "integrations" / "wikis" / String / "artifact")
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(caller(app))
        .and(warp::header::headers_cloned())
        .then(
            |id: String, app: Arc<App>, who, headers: HeaderMap| async move {
                reply(artifact(app, who, id, headers, false).await)
            },
        );
    publish_route
        .or(unpublish_route)
        .unify()
        .or(list_route)
        .unify()
        .or(head)
        .unify()
        .or(get)
        .unify()
}

// ----- publish -----

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PublishBody {
    public_domain: Option<bool>,
}

fn publish(
    app: &App,
    who: ApiResult<Principal>,
    slug: &str,
    allowed: bool,
    body: ApiResult<Vec<u8>>,
) -> ApiResult<Response> {
    let who = who?;
    let req: PublishBody = parse_json(body)?;
    let wiki = integrations::set_published(app, &who, slug, allowed, req.public_domain)?;
    tracing::info!(wiki.slug = %wiki.slug, publish_allowed = allowed, "publish state changed");
    Ok(ok_json(json!({
        "wiki": {
            "id": wiki.id,
            "slug": wiki.slug,
            "status": wiki.status as u8,
            "public_domain": wiki.public_domain,
            "publish_allowed": wiki.publish_allowed,
            "completion": wiki.completion,
            "publishable": integrations::is_publishable(&wiki),
            "updated_at": iso(&wiki),
        }
    })))
}

// ----- list -----

fn iso(w: &WikiRecord) -> String {
    w.updated_at
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, false)
}

fn list(app: &App, who: ApiResult<Principal>, query: &str) -> ApiResult<Response> {
    let who = who?;
    let mut params = query_map(query)?;
    let q = ListQuery {
        preset: params.remove("preset"),
        page_size: params.remove("page_size"),
        cursor: params.remove("cursor"),
    };
    let page = integrations::list(app, &who, &q)?;
    let items: Vec<_> = page
        .items
        .iter()
        .map(|w| {
            json!({
                "id": w.id,
                "slug": w.slug,
                "name": w.name,
                "status": w.status as u8,
                "page_count": w.page_count,
                "updated_at": iso(w),
                "artifact": {
                    "download_url": format!("/api/v1/integrations/wikis/{}/artifact", w.id),
                },
            })
        })
        .collect();
    Ok(ok_json(json!({
        "items": items,
        "has_more": page.has_more,
        "next_cursor": page.next_cursor,
    })))
}

// ----- artifact -----

async fn artifact(
    app: Arc<App>,
    who: ApiResult<Principal>,
    wiki_id: String,
    headers: HeaderMap,
    head_only: bool,
) -> ApiResult<Response> {
    let who = who?;
    let wiki = integrations::artifact_wiki(&app, &who, &wiki_id)?;
    if !head_only {
        app.integrations
            .limiter
            .check(&who.token_id)
            .map_err(|retry_after| IntegrationError::RateLimited { retry_after })?;
    }
    let dir = app.paths.wiki_dir(&wiki.slug);
    let task_app = app.clone();
    let (pkg, file) = tokio::task::spawn_blocking(move || {
        let cache = &task_app.integrations.packages;
        if head_only {
            cache
                .get_or_build(&wiki, &dir, &task_app.wiki_locks)
                .map(|p| (p, None))
        } else {
            cache
                .open(&wiki, &dir, &task_app.wiki_locks)
                .map(|(p, f)| (p, Some(f)))
        }
    })
    .await
    .map_err(|e| ApiError::internal("the package task failed", &e))??;

    let etag = pkg.etag();
    if let Some(inm) = header_str(&headers, "if-none-match")
        && etag_matches(inm, &pkg.sha256)
    {
        let mut resp = Response::new(Default::default());
        *resp.status_mut() = StatusCode::NOT_MODIFIED;
        package_headers(resp.headers_mut(), &pkg);
        return Ok(resp);
    }

    let len = pkg.bytes;
    // A Range is honoured only when If-Range (if any) names the current ETag.
    let range_ok = header_str(&headers, "if-range").is_none_or(|v| v.trim() == etag);
    let range = match header_str(&headers, "range").filter(|_| range_ok) {
        None => None,
        Some(r) => match parse_range(r, len) {
            RangeSpec::Whole => None,
            RangeSpec::Part(a, b) => Some((a, b)),
            RangeSpec::Unsatisfiable => {
                return Err(ApiError::new(
                    StatusCode::RANGE_NOT_SATISFIABLE,
                    "range_not_satisfiable",
                    format!("the requested range is outside the package of {len} bytes"),
                )
                .with_header("content-range", format!("bytes */{len}")));
            }
        },
    };
    let (status, start, count) = match range {
        Some((a, b)) => (StatusCode::PARTIAL_CONTENT, a, b - a + 1),
        None => (StatusCode::OK, 0, len),
    };
    let mut resp = match file {
        Some(file) if count > 0 => {
            let stream = file_stream(file, start, count).await.map_err(|e| {
                ApiError::from(IntegrationError::Build(format!(
                    "cannot read the package: {e}"
                )))
            })?;
            warp::Reply::into_response(warp::reply::stream(stream))
        }
        _ => Response::new(Default::default()),
    };
    *resp.status_mut() = status;
    let h = resp.headers_mut();
    package_headers(h, &pkg);
    h.insert("content-length", HeaderValue::from(count));
    if status == StatusCode::PARTIAL_CONTENT
        && let Ok(v) = HeaderValue::from_str(&format!("bytes {start}-{}/{len}", start + count - 1))
    {
        h.insert("content-range", v);
    }
    Ok(resp)
}

type ChunkStream = tokio_util::io::ReaderStream<tokio::io::Take<tokio::fs::File>>;

/// The bytes `start..start+count` of the package file, read in 256 KiB chunks.
async fn file_stream(file: std::fs::File, start: u64, count: u64) -> std::io::Result<ChunkStream> {
    use tokio::io::{AsyncReadExt as _, AsyncSeekExt as _};
    let mut file = tokio::fs::File::from_std(file);
    if start > 0 {
        file.seek(std::io::SeekFrom::Start(start)).await?;
    }
    Ok(tokio_util::io::ReaderStream::with_capacity(
        file.take(count),
        256 << 10,
    ))
}

fn header_str<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

fn package_headers(h: &mut HeaderMap, pkg: &Package) {
    let mut set = |name: &'static str, value: String| {
        if let Ok(v) = HeaderValue::from_str(&value) {
            h.insert(name, v);
        }
    };
    set("etag", pkg.etag());
    set("x-artifact-sha256", pkg.sha256.clone());
    set("x-artifact-snapshot", pkg.snapshot_id.clone());
    set("x-wiki-version", pkg.version.clone());
    set("x-wiki-id", pkg.wiki_id.clone());
    set("x-wiki-slug", pkg.slug.clone());
    set("accept-ranges", "bytes".into());
    set("content-type", "application/gzip".into());
    set(
        "content-disposition",
        format!("attachment; filename=\"{}.tar.gz\"", pkg.slug),
    );
    set("cache-control", "private, no-cache".into());
}

/// Does an `If-None-Match` value name the package (`*`, a list, weak or strong tags)?
fn etag_matches(header: &str, sha256: &str) -> bool {
    header
        .split(',')
        .map(str::trim)
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t).trim_matches('"') == sha256)
}

#[derive(Debug, PartialEq, Eq)]
enum RangeSpec {
    /// No usable single range: serve the whole package (200).
    Whole,
    /// Inclusive byte range.
    Part(u64, u64),
    Unsatisfiable,
}

/// Parses a single `bytes=` range against a body of `len` bytes. Multiple ranges and other
/// units are served whole (200), as RFC 9110 allows.
fn parse_range(header: &str, len: u64) -> RangeSpec {
    let Some(spec) = header.trim().strip_prefix("bytes=") else {
        return RangeSpec::Whole;
    };
    if spec.contains(',') {
        return RangeSpec::Whole;
    }
    let Some((a, b)) = spec.trim().split_once('-') else {
        return RangeSpec::Whole;
    };
    let (a, b) = (a.trim(), b.trim());
    if a.is_empty() {
        // suffix: the last b bytes
        return match b.parse::<u64>() {
            Ok(0) => RangeSpec::Unsatisfiable,
            Ok(_) if len == 0 => RangeSpec::Unsatisfiable,
            Ok(n) => RangeSpec::Part(len.saturating_sub(n), len - 1),
            Err(_) => RangeSpec::Whole,
        };
    }
    let Ok(start) = a.parse::<u64>() else {
        return RangeSpec::Whole;
    };
    if start >= len {
        return RangeSpec::Unsatisfiable;
    }
    let end = if b.is_empty() {
        len - 1
    } else {
        match b.parse::<u64>() {
            Ok(e) if e >= start => e.min(len - 1),
            _ => return RangeSpec::Whole,
        }
    };
    RangeSpec::Part(start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("bytes=0-9", 100), RangeSpec::Part(0, 9));
        assert_eq!(parse_range("bytes=90-", 100), RangeSpec::Part(90, 99));
        assert_eq!(parse_range("bytes=-10", 100), RangeSpec::Part(90, 99));
        assert_eq!(parse_range("bytes=-1000", 100), RangeSpec::Part(0, 99));
        assert_eq!(parse_range("bytes=50-1000", 100), RangeSpec::Part(50, 99));
        assert_eq!(parse_range("bytes=100-", 100), RangeSpec::Unsatisfiable);
        assert_eq!(parse_range("bytes=-0", 100), RangeSpec::Unsatisfiable);
        assert_eq!(parse_range("bytes=0-1,5-6", 100), RangeSpec::Whole);
        assert_eq!(parse_range("items=0-1", 100), RangeSpec::Whole);
        assert_eq!(parse_range("bytes=9-2", 100), RangeSpec::Whole);
    }

    #[test]
    fn etags() {
        assert!(etag_matches("\"abc\"", "abc"));
        assert!(etag_matches("W/\"abc\"", "abc"));
        assert!(etag_matches("\"x\", \"abc\"", "abc"));
        assert!(etag_matches("*", "abc"));
        assert!(!etag_matches("\"abd\"", "abc"));
    }
}

//! The HTTP side of the preview site that `grove preview` serves (not the server's API): every
//! GET or HEAD under `/preview/<slug>/` is answered by `preview::site::Site`, `/` and
//! `/preview/<slug>` redirect to the site's root, anything else is the site's not-found page.
//! Responses carry a strict Content-Security-Policy: the site loads only its own style sheet and
//! runs no script.
//!
//! Not for: the content (see `crate::preview`).

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Instant;

use warp::Filter;
use warp::http::{Method, StatusCode, header};
use warp::reply::Response;

use crate::preview::site::{Site, SiteReply, Status};

const CSP: &str = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// Serves `site` on `listener` until `shutdown` resolves; in-flight requests finish.
pub async fn serve(
    site: Arc<Site>,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    warp::serve(routes(site))
        .incoming(listener)
        .graceful(shutdown)
        .run()
        .await;
}

fn routes(site: Arc<Site>) -> impl Filter<Extract = (Response,), Error = Infallible> + Clone {
    warp::any()
        .map(move || site.clone())
        .and(warp::method())
        .and(warp::path::full())
        .and(super::raw_query())
        .then(
            |site: Arc<Site>, method: Method, path: warp::path::FullPath, query: String| async move {
                let t0 = Instant::now();
                let resp = answer(site, &method, path.as_str(), &query).await;
                tracing::info!(
                    method = %method,
                    route = %path.as_str(),
                    status = resp.status().as_u16(),
                    latency_ms = format_args!("{:.2}", t0.elapsed().as_secs_f64() * 1000.0),
                    "request"
                );
                resp
            },
        )
}

async fn answer(site: Arc<Site>, method: &Method, path: &str, query: &str) -> Response {
    let root = format!("/preview/{}/", site.slug());
    if method != Method::GET && method != Method::HEAD {
        let mut r = text(
            StatusCode::METHOD_NOT_ALLOWED,
            "only GET and HEAD are served here\n",
        );
        r.headers_mut()
            .insert(header::ALLOW, header::HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    if path == "/" || path == root.trim_end_matches('/') {
        return redirect(&root);
    }
    let Some(tail) = path.strip_prefix(&root) else {
        let site2 = site.clone();
        let body = tokio::task::spawn_blocking(move || site2.not_found())
            .await
            .unwrap_or_default();
        return html(StatusCode::NOT_FOUND, body);
    };
    let tail = tail.to_string();
    let params: HashMap<String, String> = serde_urlencoded::from_str(query).unwrap_or_default();
    // Reading pages and building the search index touch the disk: keep them off the reactor.
    let reply = tokio::task::spawn_blocking(move || site.handle(&tail, &params)).await;
    match reply {
        Ok(SiteReply::Html(status, body)) => html(
            match status {
                Status::Ok => StatusCode::OK,
                Status::BadRequest => StatusCode::BAD_REQUEST,
                Status::NotFound => StatusCode::NOT_FOUND,
            },
            body,
        ),
        Ok(SiteReply::Css(css)) => {
            let mut r = Response::new(css.into());
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                header::HeaderValue::from_static("text/css; charset=utf-8"),
            );
            r.headers_mut().insert(
                header::CACHE_CONTROL,
                header::HeaderValue::from_static("max-age=300"),
            );
            r
        }
        Err(e) => {
            tracing::error!(error = %e, "a preview request panicked");
            text(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal error; see the preview log\n",
            )
        }
    }
}

fn html(status: StatusCode, body: String) -> Response {
    let mut r = Response::new(body.into());
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-cache"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        header::HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("no-referrer"),
    );
    r
}

fn text(status: StatusCode, body: &'static str) -> Response {
    let mut r = Response::new(body.into());
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

fn redirect(to: &str) -> Response {
    let mut r = Response::new(Default::default());
    *r.status_mut() = StatusCode::MOVED_PERMANENTLY;
    if let Ok(v) = header::HeaderValue::from_str(to) {
        r.headers_mut().insert(header::LOCATION, v);
    }
    r
}

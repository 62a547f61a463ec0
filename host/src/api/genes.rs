//! Gene administration (DESIGN.md §8): `GET /api/v1/genes` and `GET /api/v1/genes/{name}`
//! (any role but integration); admin only: `POST /api/v1/genes` (multipart field `file`, or a
//! raw `application/wasm` body), `DELETE /api/v1/genes/{name}`,
//! `POST /api/v1/genes/{name}/reload` and `POST /api/v1/genes/{name}/rollback`.
//!
//! Thin: validation, swapping and bookkeeping live in [`crate::genes::GeneRegistry`]; loads
//! compile wasm, so they run on blocking threads.

use std::sync::Arc;

use bytes::Buf;
use futures_util::TryStreamExt;
use serde_json::json;
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use super::{ApiError, ApiResult, body_bytes, caller, ok_json, with_app};
use crate::app::App;
use crate::auth::Principal;
use crate::genes::{AbiVersion, GeneError, GeneRecord, GeneRegistry};

/// Largest gene file accepted by upload.
pub const GENE_MAX_BYTES: usize = 32 << 20;

pub(super) fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    let list = warp::path!("api" / "v1" / "genes")
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .map(|app: Arc<App>, who| reply(list(&app, who)));
    let upload_multipart = warp::path!("api" / "v1" / "genes")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(warp::multipart::form().max_length(GENE_MAX_BYTES as u64 + 64 * 1024))
        .then(
            |app: Arc<App>, who, form: warp::multipart::FormData| async move {
                // Read the (bounded) form before answering, so a refused client sees the
                // error rather than a reset connection.
                let file = read_file_part(form).await;
                let bytes = who_admin(who).and(file);
                reply(upload(app, bytes).await)
            },
        );
    let upload_raw = warp::path!("api" / "v1" / "genes")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(body_bytes(GENE_MAX_BYTES))
        .then(|app: Arc<App>, who, body: ApiResult<Vec<u8>>| async move {
            let bytes = who_admin(who).and(body).and_then(|b| {
                if b.is_empty() {
                    Err(ApiError::bad_request(
                        "missing_file",
                        "send the gene as multipart field `file` or as an application/wasm body",
                    ))
                } else {
                    Ok(b)
                }
            });
            reply(upload(app, bytes).await)
        });
    let one = warp::path!("api" / "v1" / "genes" / String)
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .map(|name: String, app: Arc<App>, who| reply(one(&app, who, &name)));
    let delete = warp::path!("api" / "v1" / "genes" / String)
        .and(warp::delete())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .then(|name: String, app: Arc<App>, who| async move {
            reply(admin_op(app, who, name, Op::Delete).await)
        });
    let reload = warp::path!("api" / "v1" / "genes" / String / "reload")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .then(|name: String, app: Arc<App>, who| async move {
            reply(admin_op(app, who, name, Op::Reload).await)
        });
    let rollback = warp::path!("api" / "v1" / "genes" / String / "rollback")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app))
        .then(|name: String, app: Arc<App>, who| async move {
            reply(admin_op(app, who, name, Op::Rollback).await)
        });
    list.or(upload_multipart)
        .unify()
        .or(upload_raw)
        .unify()
        .or(one)
        .unify()
        .or(delete)
        .unify()
        .or(reload)
        .unify()
        .or(rollback)
        .unify()
}

fn reply(r: ApiResult<Response>) -> Response {
    r.unwrap_or_else(warp::Reply::into_response)
}

impl From<GeneError> for ApiError {
    fn from(e: GeneError) -> Self {
        let code = e.code();
        match &e {
            GeneError::NotFound(_) => ApiError::new(StatusCode::NOT_FOUND, code, e.to_string()),
            GeneError::NoPrevious(_) | GeneError::Builtin(_) | GeneError::Disabled { .. } => {
                ApiError::new(StatusCode::CONFLICT, code, e.to_string())
            }
            GeneError::Io { .. } | GeneError::Engine(_) => {
                ApiError::internal("the gene store failed", &e)
            }
            _ => ApiError::new(StatusCode::BAD_REQUEST, code, e.to_string()),
        }
    }
}

fn who_admin(who: ApiResult<Principal>) -> ApiResult<()> {
    who?.require_admin()
}

fn record_json(r: &GeneRecord) -> serde_json::Value {
    serde_json::to_value(r).unwrap_or_else(|_| json!({ "name": r.name }))
}

fn list(app: &App, who: ApiResult<Principal>) -> ApiResult<Response> {
    who?.require_not_integration()?;
    let genes: Vec<_> = app.genes.records().iter().map(record_json).collect();
    Ok(ok_json(json!({
        "genes": genes,
        "abi_supported": AbiVersion::ALL.iter().map(|v| v.as_str()).collect::<Vec<_>>(),
    })))
}

fn one(app: &App, who: ApiResult<Principal>, name: &str) -> ApiResult<Response> {
    who?.require_not_integration()?;
    let r = app
        .genes
        .record_of(name)
        .ok_or_else(|| ApiError::from(GeneError::NotFound(name.into())))?;
    Ok(ok_json(json!({ "gene": record_json(&r) })))
}

async fn read_file_part(form: warp::multipart::FormData) -> ApiResult<Vec<u8>> {
    let bad = |e: warp::Error| {
        ApiError::bad_request(
            "bad_multipart",
            format!("could not read the multipart body: {e}"),
        )
    };
    let mut parts = form;
    while let Some(part) = parts.try_next().await.map_err(bad)? {
        if part.name() != "file" {
            continue;
        }
        let mut buf = Vec::new();
        let mut stream = part.stream();
        while let Some(chunk) = stream.try_next().await.map_err(bad)? {
            if buf.len() + chunk.remaining() > GENE_MAX_BYTES {
                return Err(ApiError::too_large(format!(
                    "gene file over the limit of {GENE_MAX_BYTES} bytes"
                )));
            }
            buf.extend_from_slice(chunk.chunk());
        }
        if buf.is_empty() {
            break;
        }
        return Ok(buf);
    }
    Err(ApiError::bad_request(
        "missing_file",
        "the multipart body has no non-empty field `file` with the gene's .wasm",
    ))
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, GeneError> + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal("the gene task failed", &e))?
        .map_err(ApiError::from)
}

async fn upload(app: Arc<App>, bytes: ApiResult<Vec<u8>>) -> ApiResult<Response> {
    let bytes = bytes?;
    let genes: Arc<GeneRegistry> = app.genes.clone();
    let r = blocking(move || genes.upload(&bytes)).await?;
    tracing::info!(gene.name = %r.name, sha256 = ?r.sha256, "gene uploaded");
    Ok(ok_json(json!({ "gene": record_json(&r) })))
}

enum Op {
    Delete,
    Reload,
    Rollback,
}

async fn admin_op(
    app: Arc<App>,
    who: ApiResult<Principal>,
    name: String,
    op: Op,
) -> ApiResult<Response> {
    who?.require_admin()?;
    let genes = app.genes.clone();
    match op {
        Op::Delete => {
            let n = name.clone();
            blocking(move || genes.delete(&n)).await?;
            tracing::info!(gene.name = %name, "gene deleted");
            Ok(ok_json(json!({ "name": name, "deleted": true })))
        }
        Op::Reload => {
            let r = blocking(move || genes.reload(&name)).await?;
            tracing::info!(gene.name = %r.name, "gene reloaded");
            Ok(ok_json(json!({ "gene": record_json(&r) })))
        }
        Op::Rollback => {
            let r = blocking(move || genes.rollback(&name)).await?;
            tracing::info!(gene.name = %r.name, sha256 = ?r.sha256, "gene rolled back");
            Ok(ok_json(json!({ "gene": record_json(&r) })))
        }
    }
}

//! `POST /api/v1/upload` (multipart, streamed to disk). The file never sits whole in memory;
//! over `--upload-max-bytes` the request is answered 413 and the partial file removed.

use std::sync::Arc;

use futures_util::StreamExt;
use serde_json::json;
use tokio::io::AsyncWriteExt;
use warp::Filter;
use warp::reply::Response;

use super::{ApiError, ApiResult, caller, ok_json, with_app};
use crate::app::App;
use crate::auth::Principal;
use crate::ingest::{self, IngestError, NewWiki};
use crate::store::{JobRecord, WikiRecord};

impl From<IngestError> for ApiError {
    fn from(e: IngestError) -> Self {
        match &e {
            IngestError::BadSlug(_) => ApiError::bad_request("bad_slug", e.to_string()),
            IngestError::BadLang(_) => ApiError::bad_request("bad_lang", e.to_string()),
            IngestError::BadName => ApiError::bad_request("bad_name", e.to_string()),
            IngestError::Unrecognized(_) => {
                ApiError::bad_request("unsupported_file_type", e.to_string())
            }
            IngestError::Store(_) | IngestError::Io(_) => {
                ApiError::internal("could not create the wiki", &e)
            }
        }
    }
}

pub(super) fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    let by_url = warp::path!("api" / "v1" / "upload-url")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(super::body_bytes(super::JSON_BODY_LIMIT))
        .then(
            |app: Arc<App>, who: ApiResult<Principal>, body| async move {
                upload_url(app, who, body)
                    .await
                    .unwrap_or_else(warp::Reply::into_response)
            },
        );
    let direct = warp::path!("api" / "v1" / "upload")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app))
        .and(warp::header::optional::<String>("content-type"))
        .and(warp::header::optional::<u64>("content-length"))
        .and(warp::body::stream())
        .then(
            |app: Arc<App>,
             who: ApiResult<Principal>,
             ctype: Option<String>,
             clen: Option<u64>,
             body| async move {
                upload(app, who, ctype, clen, body)
                    .await
                    .unwrap_or_else(warp::Reply::into_response)
            },
        );
    direct.or(by_url).unify()
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct UploadUrl {
    source_url: String,
    wiki_name: Option<String>,
    wiki_slug: Option<String>,
    lang: Option<String>,
    auto_start: Option<bool>,
    public_domain: Option<bool>,
}

/// How long a URL download may take.
const FETCH_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

async fn upload_url(
    app: Arc<App>,
    who: ApiResult<Principal>,
    body: ApiResult<Vec<u8>>,
) -> ApiResult<Response> {
    let who = who?;
    who.require_not_integration()?;
    let req: UploadUrl = super::parse_json(body)?;
    let opts = NewWiki {
        name: req.wiki_name,
        slug: req.wiki_slug,
        lang: req.lang,
        auto_start: req.auto_start,
        public_domain: req.public_domain,
    };
    ingest::validate(&opts)?;
    let staged = tempfile::Builder::new()
        .prefix("fetch-")
        .tempfile_in(app.paths.uploads())
        .map_err(|e| ApiError::internal("could not stage the download", &e))?;
    let fetched = crate::fetch::fetch_to_file(
        &req.source_url,
        staged.path(),
        app.config.upload_max_bytes,
        FETCH_TIMEOUT,
        app.config.allow_private_urls,
    )
    .await
    .map_err(|e| match e {
        crate::fetch::FetchError::Forbidden(m) => ApiError::bad_request("url_forbidden", m),
        crate::fetch::FetchError::TooLarge(_) => ApiError::too_large(e.to_string()),
        crate::fetch::FetchError::Failed(_) => {
            ApiError::bad_request("url_fetch_failed", e.to_string())
        }
        crate::fetch::FetchError::Io(_) => ApiError::internal("could not store the download", &e),
    })?;
    tracing::info!(bytes = fetched.bytes, file = %fetched.file_name, "fetched a document by URL");
    let (_, path) = staged
        .keep()
        .map_err(|e| ApiError::internal("could not stage the download", &e.error))?;
    let app2 = app.clone();
    let owner = who.user.clone();
    let name = fetched.file_name;
    let (wiki, job) =
        tokio::task::spawn_blocking(move || ingest::create(&app2, &owner, &path, &name, opts))
            .await
            .map_err(|e| ApiError::internal("upload processing panicked", &e))??;
    Ok(upload_response(&app, &wiki, &job))
}

/// The upload response of the spec, plus `wiki_id`.
pub(super) fn upload_response(app: &App, wiki: &WikiRecord, job: &JobRecord) -> Response {
    ok_json(json!({
        "job_id": job.id,
        "wiki_id": wiki.id,
        "wiki_slug": wiki.slug,
        "wiki_name": wiki.name,
        "target_dir": app.paths.wiki_dir(&wiki.slug).display().to_string(),
        "message": format!(
            "wiki {} created; job {} {}",
            wiki.slug,
            job.id,
            if job.state == crate::store::JobState::Queued { "queued" } else { "created (not started)" }
        ),
    }))
}

fn parse_bool(field: &str, v: &str) -> ApiResult<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Ok(true),
        "false" | "0" | "no" | "off" => Ok(false),
        _ => Err(ApiError::bad_request(
            "bad_field",
            format!("{field} must be true or false"),
        )),
    }
}

async fn upload<S, B>(
    app: Arc<App>,
    who: ApiResult<Principal>,
    ctype: Option<String>,
    clen: Option<u64>,
    body: S,
) -> ApiResult<Response>
where
    S: futures_util::Stream<Item = Result<B, warp::Error>> + Send + 'static,
    B: bytes::Buf + Send,
{
    let who = who?;
    who.require_not_integration()?;
    let max = app.config.upload_max_bytes;
    // Multipart framing adds a little; a declared length far above the cap is refused at once.
    if clen.is_some_and(|n| n > max + 64 * 1024) {
        super::drain(std::pin::pin!(body)).await;
        return Err(ApiError::too_large(format!(
            "the upload is larger than the limit of {max} bytes"
        )));
    }
    let boundary = ctype
        .as_deref()
        .and_then(|c| multer::parse_boundary(c).ok())
        .ok_or_else(|| {
            ApiError::bad_request("bad_multipart", "send the upload as multipart/form-data")
        })?;
    let stream = body.map(|r| r.map(|mut b| b.copy_to_bytes(b.remaining())));
    let mut form = multer::Multipart::new(stream, boundary);

    let staged = tempfile::Builder::new()
        .prefix("upload-")
        .tempfile_in(app.paths.uploads())
        .map_err(|e| ApiError::internal("could not stage the upload", &e))?;
    let mut opts = NewWiki::default();
    let mut file_name: Option<String> = None;
    let bad = |e: multer::Error| {
        ApiError::bad_request("bad_multipart", format!("malformed multipart body: {e}"))
    };
    while let Some(mut field) = form.next_field().await.map_err(bad)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "file" {
            if file_name.is_some() {
                return Err(ApiError::bad_request(
                    "bad_multipart",
                    "send exactly one file field",
                ));
            }
            file_name = Some(field.file_name().unwrap_or("upload").to_string());
            let mut out = tokio::fs::File::create(staged.path())
                .await
                .map_err(|e| ApiError::internal("could not stage the upload", &e))?;
            let mut written: u64 = 0;
            while let Some(chunk) = field.chunk().await.map_err(bad)? {
                written += chunk.len() as u64;
                if written > max {
                    while let Ok(Some(_)) = field.chunk().await {}
                    return Err(ApiError::too_large(format!(
                        "the upload is larger than the limit of {max} bytes"
                    )));
                }
                out.write_all(&chunk)
                    .await
                    .map_err(|e| ApiError::internal("could not write the upload", &e))?;
            }
            out.flush()
                .await
                .map_err(|e| ApiError::internal("could not write the upload", &e))?;
            continue;
        }
        let value = field.text().await.map_err(bad)?;
        if value.len() > 4096 {
            return Err(ApiError::bad_request(
                "bad_field",
                format!("field {name} is too long"),
            ));
        }
        match name.as_str() {
            "wiki_name" => opts.name = Some(value),
            "wiki_slug" => opts.slug = Some(value),
            "lang" => opts.lang = Some(value),
            "auto_start" => opts.auto_start = Some(parse_bool("auto_start", &value)?),
            "public_domain" => opts.public_domain = Some(parse_bool("public_domain", &value)?),
            other => {
                return Err(ApiError::bad_request(
                    "bad_field",
                    format!(
                        "unknown field {other:?}; fields are file, wiki_name, wiki_slug, lang, auto_start, public_domain"
                    ),
                ));
            }
        }
    }
    let file_name = file_name
        .ok_or_else(|| ApiError::bad_request("missing_file", "the file field is required"))?;
    ingest::validate(&opts)?;
    let (_, path) = staged
        .keep()
        .map_err(|e| ApiError::internal("could not stage the upload", &e.error))?;
    let app2 = app.clone();
    let owner = who.user.clone();
    let (wiki, job) =
        tokio::task::spawn_blocking(move || ingest::create(&app2, &owner, &path, &file_name, opts))
            .await
            .map_err(|e| ApiError::internal("upload processing panicked", &e))??;
    Ok(upload_response(&app, &wiki, &job))
}

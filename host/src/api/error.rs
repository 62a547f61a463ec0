//! The one API error type. Every rejection, ours or warp's, becomes a status code and the body
//! `{"ok": false, "error": "<message a person can act on>", "code": "<stable_code>"}` here and
//! nowhere else.

use std::convert::Infallible;

use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Rejection, Reply};

use crate::auth::AuthError;
use crate::store::StoreError;

/// An error answered to an API client.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// Extra headers, e.g. `Retry-After` on 429.
    pub headers: Vec<(&'static str, String)>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            headers: Vec::new(),
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    pub fn too_large(message: impl Into<String>) -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", message)
    }

    /// A real internal fault: logged with its cause, answered without internals.
    pub fn internal(context: &str, cause: &dyn std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "{context}");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("{context}; the server log has the cause"),
        )
    }

    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError::internal("the metadata store failed", &e)
    }
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        match e {
            AuthError::Store(s) => s.into(),
            AuthError::Missing => ApiError::unauthorized(
                "missing token: send the header Authorization: Bearer <token>",
            ),
            AuthError::Malformed | AuthError::Unknown => ApiError::unauthorized("invalid token"),
            AuthError::Revoked => ApiError::unauthorized("this token has been revoked"),
        }
    }
}

impl Reply for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({"ok": false, "error": self.message, "code": self.code});
        let mut resp =
            warp::reply::with_status(warp::reply::json(&body), self.status).into_response();
        for (name, value) in self.headers {
            if let Ok(v) = warp::http::HeaderValue::from_str(&value) {
                resp.headers_mut().insert(name, v);
            }
        }
        resp
    }
}

/// Turns warp's own rejections (routing, limits) into [`ApiError`] bodies. Handlers answer their
/// own errors as replies, so anything reaching here comes from warp's filters.
pub async fn recover(rejection: Rejection) -> Result<Response, Infallible> {
    let err = if rejection.is_not_found() {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "route_not_found",
            "no such route; see /openapi.json",
        )
    } else if rejection.find::<warp::reject::MethodNotAllowed>().is_some() {
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "this route does not accept that method; see /openapi.json",
        )
    } else if rejection.find::<warp::reject::PayloadTooLarge>().is_some() {
        ApiError::too_large("request body too large")
    } else if rejection.find::<warp::reject::LengthRequired>().is_some() {
        ApiError::new(
            StatusCode::LENGTH_REQUIRED,
            "length_required",
            "send a Content-Length header",
        )
    } else if rejection
        .find::<warp::reject::UnsupportedMediaType>()
        .is_some()
    {
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "unsupported content type",
        )
    } else if let Some(e) = rejection.find::<warp::reject::InvalidQuery>() {
        ApiError::bad_request("bad_query", format!("bad query string: {e}"))
    } else if let Some(e) = rejection.find::<warp::reject::InvalidHeader>() {
        ApiError::bad_request("bad_header", e.to_string())
    } else if let Some(e) = rejection.find::<warp::reject::MissingHeader>() {
        ApiError::bad_request("missing_header", e.to_string())
    } else if let Some(e) = rejection.find::<warp::filters::body::BodyDeserializeError>() {
        ApiError::bad_request("bad_json", format!("malformed JSON body: {e}"))
    } else if let Some(e) = rejection.find::<ApiError>() {
        e.clone()
    } else {
        ApiError::internal("unhandled rejection", &format!("{rejection:?}"))
    };
    Ok(err.into_response())
}

impl warp::reject::Reject for ApiError {}

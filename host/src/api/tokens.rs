//! Token administration: `POST/GET /api/v1/tokens`, `DELETE /api/v1/tokens/{id}` (admin only).

use std::sync::Arc;

use serde::Deserialize;
use serde_json::json;
use warp::Filter;
use warp::reply::Response;

use super::{
    ApiError, ApiResult, JSON_BODY_LIMIT, body_bytes, caller, ok_json, parse_json, with_app,
};
use crate::app::App;
use crate::auth::Principal;
use crate::store::{Role, TokenRecord};

pub(super) fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    let create = warp::path!("api" / "v1" / "tokens")
        .and(warp::post())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .and(body_bytes(JSON_BODY_LIMIT))
        .map(|app: Arc<App>, who, body| reply(create(&app, who, body)));
    let list = warp::path!("api" / "v1" / "tokens")
        .and(warp::get())
        .and(with_app(app.clone()))
        .and(caller(app.clone()))
        .map(|app: Arc<App>, who| reply(list(&app, who)));
    let revoke = warp::path!("api" / "v1" / "tokens" / String)
        .and(warp::delete())
        .and(with_app(app.clone()))
        .and(caller(app))
        .map(|id: String, app: Arc<App>, who| reply(revoke(&app, who, &id)));
    create.or(list).unify().or(revoke).unify()
}

fn reply(r: ApiResult<Response>) -> Response {
    r.unwrap_or_else(warp::Reply::into_response)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateToken {
    user: String,
    role: String,
}

fn token_json(t: &TokenRecord) -> serde_json::Value {
    json!({
        "id": t.id,
        "user": t.user,
        "role": t.role.as_str(),
        "created_at": t.created_at.to_rfc3339(),
        "revoked_at": t.revoked_at.map(|t| t.to_rfc3339()),
        "origin": t.origin,
    })
}

fn valid_user(user: &str) -> bool {
    (1..=64).contains(&user.len())
        && user
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'@'))
}

fn create(app: &App, who: ApiResult<Principal>, body: ApiResult<Vec<u8>>) -> ApiResult<Response> {
    who?.require_admin()?;
    let req: CreateToken = parse_json(body)?;
    if !valid_user(&req.user) {
        return Err(ApiError::bad_request(
            "bad_user",
            "user must be 1-64 characters of letters, digits, - _ . @",
        ));
    }
    let role = Role::parse(&req.role).ok_or_else(|| {
        ApiError::bad_request("bad_role", "role must be one of admin, user, integration")
    })?;
    let issued = app.authenticator().issue(&req.user, role)?;
    tracing::info!(token.id = %issued.record.id, user = %req.user, role = role.as_str(), "token issued");
    let mut body = token_json(&issued.record);
    body["token"] = json!(issued.token);
    Ok(ok_json(body))
}

fn list(app: &App, who: ApiResult<Principal>) -> ApiResult<Response> {
    who?.require_admin()?;
    let mut tokens = app.store.tokens()?;
    tokens.sort_by(|a, b| a.created_at.cmp(&b.created_at).then(a.id.cmp(&b.id)));
    let items: Vec<_> = tokens.iter().map(token_json).collect();
    Ok(ok_json(json!({ "items": items })))
}

fn revoke(app: &App, who: ApiResult<Principal>, id: &str) -> ApiResult<Response> {
    who?.require_admin()?;
    if !app.authenticator().revoke(id)? {
        return Err(ApiError::not_found(format!("no token with id {id}")));
    }
    tracing::info!(token.id = %id, "token revoked");
    Ok(ok_json(json!({ "id": id, "revoked": true })))
}

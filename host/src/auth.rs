//! Tokens and principals: issuing, hashing, verifying, revoking, and the first-start bootstrap.
//!
//! A token string is `grove_<id>_<secret>`: `id` (12 hex chars) finds the record, `secret`
//! (32 random bytes, base64url) is checked by comparing SHA-256 digests in constant time. Only
//! the digest is stored. This module decides *who* a caller is; *what* they may touch is decided
//! by [`Principal`]'s helpers and by the callers. It knows nothing of HTTP.

use std::path::{Path, PathBuf};

use base64::Engine as _;
use chrono::Utc;
use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::store::{Role, Store, StoreError, TokenRecord, WikiRecord};

/// The caller of a request, established from a valid token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    pub token_id: String,
    pub user: String,
    pub role: Role,
}

impl Principal {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    /// May this principal read or change a resource owned by `owner`?
    pub fn owns(&self, owner: &str) -> bool {
        self.is_admin() || (self.role == Role::User && self.user == owner)
    }

    pub fn can_access_wiki(&self, wiki: &WikiRecord) -> bool {
        self.owns(&wiki.owner)
    }
}

/// Why a token was not accepted. Every variant is a 401 to the client; the distinction is for
/// logs only.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("missing bearer token")]
    Missing,
    #[error("malformed token")]
    Malformed,
    #[error("unknown token")]
    Unknown,
    #[error("revoked token")]
    Revoked,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A freshly issued token: the record plus the secret string, shown once.
pub struct IssuedToken {
    pub record: TokenRecord,
    pub token: String,
}

const BOOTSTRAP_ID: &str = "bootstrap";

fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    rand::rng().fill_bytes(&mut buf);
    buf
}

/// Splits `grove_<id>_<secret>`. Anything else is looked up as the bootstrap token, whose value
/// the operator chose freely.
fn split_token(token: &str) -> (&str, &str) {
    if let Some(rest) = token.strip_prefix("grove_")
        && let Some((id, secret)) = rest.split_once('_')
        && id.len() == 12
        && id.bytes().all(|b| b.is_ascii_hexdigit())
    {
        return (id, secret);
    }
    (BOOTSTRAP_ID, token)
}

/// Issues, verifies and revokes tokens over the store.
pub struct Authenticator<'a> {
    store: &'a Store,
}

impl<'a> Authenticator<'a> {
    pub fn new(store: &'a Store) -> Self {
        Authenticator { store }
    }

    /// Establishes the principal behind a raw bearer token.
    pub fn verify(&self, token: &str) -> Result<Principal, AuthError> {
        if token.is_empty() || token.len() > 512 || !token.is_ascii() {
            return Err(AuthError::Malformed);
        }
        let (id, secret) = split_token(token);
        let Some(record) = self.store.token(id)? else {
            // Spend the same hashing work as a hit, so timing does not tell ids apart.
            let _ = sha256_hex(secret.as_bytes());
            return Err(AuthError::Unknown);
        };
        let presented = Sha256::digest(secret.as_bytes());
        let stored = hex::decode(&record.secret_sha256).unwrap_or_default();
        if !bool::from(presented.as_slice().ct_eq(stored.as_slice())) {
            return Err(AuthError::Unknown);
        }
        if record.revoked_at.is_some() {
            return Err(AuthError::Revoked);
        }
        Ok(Principal {
            token_id: record.id,
            user: record.user,
            role: record.role,
        })
    }

    /// Creates a new random token for `user` with `role`.
    pub fn issue(&self, user: &str, role: Role) -> Result<IssuedToken, AuthError> {
        let id = hex::encode(random_bytes::<6>());
        let secret = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random_bytes::<32>());
        let record = TokenRecord {
            id: id.clone(),
            user: user.to_string(),
            role,
            secret_sha256: sha256_hex(secret.as_bytes()),
            created_at: Utc::now(),
            revoked_at: None,
            origin: "api".into(),
        };
        self.store.put_token(&record)?;
        Ok(IssuedToken {
            token: format!("grove_{id}_{secret}"),
            record,
        })
    }

    /// Revokes a token; from then on it gets 401. Returns false when no such token exists.
    pub fn revoke(&self, id: &str) -> Result<bool, AuthError> {
        let Some(mut record) = self.store.token(id)? else {
            return Ok(false);
        };
        if record.revoked_at.is_none() {
            record.revoked_at = Some(Utc::now());
            self.store.put_token(&record)?;
        }
        Ok(true)
    }

    /// On a data dir with no live admin token, creates one: from `env_token` when given
    /// (`GROVE_BOOTSTRAP_TOKEN`), else a random token written to `<data-dir>/bootstrap-token`
    /// with mode 0600. Returns where the token came from, for the log (never the token).
    pub fn bootstrap(
        &self,
        env_token: Option<&str>,
        data_dir: &Path,
    ) -> Result<Bootstrap, BootstrapError> {
        let live_admin = self
            .store
            .tokens()?
            .into_iter()
            .any(|t| t.role == Role::Admin && t.revoked_at.is_none());
        if live_admin {
            return Ok(Bootstrap::AdminExists);
        }
        match env_token.map(str::trim).filter(|t| !t.is_empty()) {
            Some(token) => {
                if token.len() < 16 || token.len() > 512 || !token.is_ascii() {
                    return Err(BootstrapError::WeakEnvToken);
                }
                let (id, secret) = split_token(token);
                if id != BOOTSTRAP_ID {
                    return Err(BootstrapError::ReservedShape);
                }
                self.store.put_token(&TokenRecord {
                    id: BOOTSTRAP_ID.into(),
                    user: "admin".into(),
                    role: Role::Admin,
                    secret_sha256: sha256_hex(secret.as_bytes()),
                    created_at: Utc::now(),
                    revoked_at: None,
                    origin: "bootstrap-env".into(),
                })?;
                Ok(Bootstrap::FromEnv)
            }
            None => {
                let mut issued = self.issue("admin", Role::Admin)?;
                issued.record.origin = "bootstrap-file".into();
                self.store.put_token(&issued.record)?;
                let path = data_dir.join("bootstrap-token");
                write_secret_file(&path, &issued.token).map_err(|source| {
                    BootstrapError::Write {
                        path: path.clone(),
                        source,
                    }
                })?;
                Ok(Bootstrap::WroteFile(path))
            }
        }
    }
}

/// What [`Authenticator::bootstrap`] did.
#[derive(Debug, PartialEq, Eq)]
pub enum Bootstrap {
    AdminExists,
    FromEnv,
    WroteFile(PathBuf),
}

#[derive(Debug, thiserror::Error)]
pub enum BootstrapError {
    #[error(
        "GROVE_BOOTSTRAP_TOKEN must be 16 to 512 printable ASCII characters; choose a long random value"
    )]
    WeakEnvToken,
    #[error(
        "GROVE_BOOTSTRAP_TOKEN must not look like a grove-issued token (grove_<12 hex>_...); choose another value"
    )]
    ReservedShape,
    #[error("cannot write the bootstrap token file {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn write_secret_file(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    #[cfg(unix)]
    use std::os::unix::fs::OpenOptionsExt;
    let tmp = path.with_extension("tmp");
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create(true).truncate(true);
    #[cfg(unix)]
    opts.mode(0o600);
    let mut file = opts.open(&tmp)?;
    file.write_all(contents.as_bytes())?;
    file.write_all(b"\n")?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("g.redb")).unwrap();
        (dir, store)
    }

    #[test]
    fn issued_token_verifies_and_revocation_sticks() {
        let (_d, store) = store();
        let auth = Authenticator::new(&store);
        let issued = auth.issue("bob", Role::User).unwrap();
        let p = auth.verify(&issued.token).unwrap();
        assert_eq!((p.user.as_str(), p.role), ("bob", Role::User));
        assert!(!issued.record.secret_sha256.contains(&issued.token));
        assert!(auth.revoke(&issued.record.id).unwrap());
        assert!(matches!(
            auth.verify(&issued.token),
            Err(AuthError::Revoked)
        ));
    }

    #[test]
    fn wrong_secrets_are_rejected() {
        let (_d, store) = store();
        let auth = Authenticator::new(&store);
        let issued = auth.issue("bob", Role::User).unwrap();
        let tampered = format!("{}x", issued.token);
        for bad in [
            tampered.as_str(),
            "",
            "grove_000000000000_abc",
            "nonsense",
            "ünïcode",
        ] {
            assert!(auth.verify(bad).is_err(), "{bad:?} must be rejected");
        }
    }

    #[test]
    fn bootstrap_from_env_then_noop() {
        let (dir, store) = store();
        let auth = Authenticator::new(&store);
        let b = auth
            .bootstrap(Some("a-long-operator-chosen-secret"), dir.path())
            .unwrap();
        assert_eq!(b, Bootstrap::FromEnv);
        assert!(
            auth.verify("a-long-operator-chosen-secret")
                .unwrap()
                .is_admin()
        );
        assert_eq!(
            auth.bootstrap(Some("another-long-secret-value"), dir.path())
                .unwrap(),
            Bootstrap::AdminExists
        );
        assert!(auth.verify("another-long-secret-value").is_err());
    }

    #[test]
    fn bootstrap_file_is_private() {
        let (dir, store) = store();
        let auth = Authenticator::new(&store);
        let Bootstrap::WroteFile(path) = auth.bootstrap(None, dir.path()).unwrap() else {
            panic!("expected a bootstrap file");
        };
        let token = std::fs::read_to_string(&path).unwrap();
        assert!(auth.verify(token.trim()).unwrap().is_admin());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
    }
}

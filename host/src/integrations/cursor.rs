//! The signed keyset cursor of the integration list (DESIGN.md §10).
//!
//! A cursor is `base64url(payload JSON) "." base64url(HMAC-SHA256(key, first part))`. The payload
//! holds the keyset position (the last item's `updated_at` and `id`), the filters that produced it
//! (preset, page size), the caller (token id) and an expiry. The key is 32 random bytes generated
//! once into `<data-dir>/secrets/cursor.key` (mode 0600). Verification is constant-time (the
//! `hmac` crate's `verify_slice`). This module signs and checks; it does not query wikis.

use std::io::Write as _;
use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Why a cursor was refused. Every case is the client's 400 `bad_cursor`, with this reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CursorError {
    #[error("the cursor is malformed; send next_cursor exactly as it was returned")]
    Malformed,
    #[error("the cursor's signature does not match; it was modified or comes from another server")]
    BadSignature,
    #[error("the cursor has expired; start again from the first page")]
    Expired,
    #[error(
        "the cursor was issued for other {0}; send the same filters (preset, page_size) and token with it"
    )]
    Mismatch(&'static str),
}

/// What a cursor carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CursorPayload {
    /// The preset of the listing.
    pub preset: String,
    /// The page size of the listing.
    pub page_size: usize,
    /// The token id of the caller that received it.
    pub caller: String,
    /// Expiry, seconds since the epoch.
    pub exp: i64,
    /// Keyset position: items strictly after (`after_t`, `after_id`) come next.
    pub after_t: DateTime<Utc>,
    pub after_id: String,
}

impl CursorPayload {
    /// Checks that the cursor belongs to this request's filters and caller.
    pub fn check_binding(
        &self,
        preset: &str,
        page_size: usize,
        caller: &str,
    ) -> Result<(), CursorError> {
        if self.caller != caller {
            return Err(CursorError::Mismatch("caller (token)"));
        }
        if self.preset != preset {
            return Err(CursorError::Mismatch("preset"));
        }
        if self.page_size != page_size {
            return Err(CursorError::Mismatch("page_size"));
        }
        Ok(())
    }
}

/// The cursor signing key.
pub struct CursorKey([u8; 32]);

impl std::fmt::Debug for CursorKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CursorKey(..)")
    }
}

impl CursorKey {
    /// Reads the key at `path`, or generates it there (mode 0600) when it does not exist yet.
    pub fn load_or_create(path: &Path) -> std::io::Result<CursorKey> {
        match std::fs::read(path) {
            Ok(bytes) => {
                let key: [u8; 32] = bytes.as_slice().try_into().map_err(|_| {
                    std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!(
                            "{} must hold exactly 32 bytes; delete it to generate a new key (open cursors become invalid)",
                            path.display()
                        ),
                    )
                })?;
                Ok(CursorKey(key))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key: [u8; 32] = rand::random();
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                let tmp = path.with_extension("tmp");
                let mut opts = std::fs::OpenOptions::new();
                opts.write(true).create(true).truncate(true);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::OpenOptionsExt;
                    opts.mode(0o600);
                }
                let mut f = opts.open(&tmp)?;
                f.write_all(&key)?;
                f.sync_all()?;
                std::fs::rename(&tmp, path)?;
                Ok(CursorKey(key))
            }
            Err(e) => Err(e),
        }
    }

    /// A key from bytes (tests).
    pub fn from_bytes(key: [u8; 32]) -> CursorKey {
        CursorKey(key)
    }

    fn mac(&self) -> HmacSha256 {
        HmacSha256::new_from_slice(&self.0).expect("HMAC takes any key length")
    }

    /// Signs `payload` into an opaque cursor string.
    pub fn sign(&self, payload: &CursorPayload) -> String {
        let body = B64.encode(serde_json::to_vec(payload).expect("payload serializes"));
        let mut mac = self.mac();
        mac.update(body.as_bytes());
        let sig = B64.encode(mac.finalize().into_bytes());
        format!("{body}.{sig}")
    }

    /// Checks the signature (constant time) and the expiry against `now`, and returns the payload.
    /// The caller then checks the binding with [`CursorPayload::check_binding`].
    pub fn verify(&self, cursor: &str, now: DateTime<Utc>) -> Result<CursorPayload, CursorError> {
        let (body, sig) = cursor.split_once('.').ok_or(CursorError::Malformed)?;
        let sig = B64.decode(sig).map_err(|_| CursorError::Malformed)?;
        let mut mac = self.mac();
        mac.update(body.as_bytes());
        mac.verify_slice(&sig)
            .map_err(|_| CursorError::BadSignature)?;
        let json = B64.decode(body).map_err(|_| CursorError::Malformed)?;
        let payload: CursorPayload =
            serde_json::from_slice(&json).map_err(|_| CursorError::Malformed)?;
        if now.timestamp() >= payload.exp {
            return Err(CursorError::Expired);
        }
        Ok(payload)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(exp: i64) -> CursorPayload {
        CursorPayload {
            preset: "publishable".into(),
            page_size: 2,
            caller: "tok1".into(),
            exp,
            after_t: Utc::now(),
            after_id: "w_1".into(),
        }
    }

    #[test]
    fn round_trip_tamper_expiry_binding() {
        let key = CursorKey::from_bytes([7; 32]);
        let now = Utc::now();
        let p = payload(now.timestamp() + 60);
        let c = key.sign(&p);
        assert_eq!(key.verify(&c, now).unwrap(), p);
        // tamper with the payload: flip one character of the body
        let mut bytes = c.clone().into_bytes();
        bytes[3] = if bytes[3] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(bytes).unwrap();
        assert!(matches!(
            key.verify(&tampered, now),
            Err(CursorError::BadSignature | CursorError::Malformed)
        ));
        assert_eq!(
            CursorKey::from_bytes([8; 32]).verify(&c, now),
            Err(CursorError::BadSignature)
        );
        assert_eq!(key.verify("garbage", now), Err(CursorError::Malformed));
        let old = key.sign(&payload(now.timestamp() - 1));
        assert_eq!(key.verify(&old, now), Err(CursorError::Expired));
        assert!(p.check_binding("publishable", 2, "tok1").is_ok());
        assert!(p.check_binding("publishable", 3, "tok1").is_err());
        assert!(p.check_binding("publishable", 2, "tok2").is_err());
    }

    #[test]
    fn key_is_created_once_with_mode_0600() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secrets/cursor.key");
        let a = CursorKey::load_or_create(&path).unwrap();
        let b = CursorKey::load_or_create(&path).unwrap();
        assert_eq!(a.0, b.0);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, b"short").unwrap();
        assert!(CursorKey::load_or_create(&path).is_err());
    }
}

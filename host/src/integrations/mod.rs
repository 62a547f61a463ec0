//! Packages and integrations, the core (DESIGN.md §4, §6 publish, §10): publishing a wiki, which
//! wikis an integration sees (`preset=publishable`), the keyset-paginated list with its signed
//! cursor, who may fetch which package, the package snapshot cache and the download rate.
//!
//! It knows nothing of HTTP: `api/integrations.rs` parses requests, calls these functions and
//! maps [`IntegrationError`] to statuses. Packing itself is `grove-packager`'s job; this module
//! decides when and what to pack.

pub mod cursor;
pub mod locks;
pub mod packages;

use std::time::Duration;

use chrono::Utc;

use crate::app::{App, DataPaths};
use crate::auth::Principal;
use crate::config::Config;
use crate::store::{Role, StoreError, WikiRecord, WikiStatus};
pub use cursor::{CursorError, CursorKey, CursorPayload};
pub use locks::WikiLocks;
pub use packages::{DownloadLimiter, Package, PackageCache};

/// The only preset of the integration list.
pub const PRESET_PUBLISHABLE: &str = "publishable";
/// `page_size` when the request has none.
pub const DEFAULT_PAGE_SIZE: usize = 50;
/// Largest accepted `page_size`.
pub const MAX_PAGE_SIZE: usize = 200;

/// Why an integration operation failed. `api/integrations.rs` maps each case to a status.
#[derive(Debug, Clone, thiserror::Error)]
pub enum IntegrationError {
    #[error("unknown preset {0:?}; the available preset is publishable")]
    UnknownPreset(String),
    #[error("page_size must be an integer from 1 to 200, got {0:?}")]
    BadPageSize(String),
    #[error("bad cursor: {0}")]
    BadCursor(#[from] CursorError),
    #[error("no wiki {0}")]
    NotFound(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("wiki {slug} is not ready (status {status}); retry once its job has finished")]
    NotReady { slug: String, status: u8 },
    #[error(
        "the wiki directory changed while it was being packed ({0}); retry later after re-querying the wiki"
    )]
    Changed(String),
    #[error(
        "the wiki directory holds {actual} bytes of packable files, over the package size cap of {limit} bytes; ask the administrator to raise --package-max-bytes"
    )]
    TooLarge { limit: u64, actual: u64 },
    #[error("download rate exceeded; retry in {} s", retry_after.as_secs().max(1))]
    RateLimited { retry_after: Duration },
    #[error("cannot build a complete package: {0}")]
    Build(String),
    #[error("the metadata store failed: {0}")]
    Store(String),
}

impl From<StoreError> for IntegrationError {
    fn from(e: StoreError) -> Self {
        IntegrationError::Store(e.to_string())
    }
}

/// The integration services held by [`App`].
pub struct Integrations {
    pub cursor_key: CursorKey,
    pub cursor_ttl: Duration,
    pub packages: PackageCache,
    pub limiter: DownloadLimiter,
}

impl std::fmt::Debug for Integrations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Integrations").finish_non_exhaustive()
    }
}

impl Integrations {
    /// Loads (or generates) the cursor key and sets up an empty package cache.
    pub fn open(config: &Config, paths: &DataPaths) -> std::io::Result<Integrations> {
        Ok(Integrations {
            cursor_key: CursorKey::load_or_create(&paths.secrets().join("cursor.key"))?,
            cursor_ttl: config.cursor_ttl,
            packages: PackageCache::new(
                &paths.cache().join("packages"),
                packages::CACHE_CAPACITY_BYTES,
                config.package_max_bytes,
            )?,
            limiter: DownloadLimiter::new(config.download_rate),
        })
    }
}

/// `preset=publishable`: ready, public domain, allowed to be published, 100% complete.
pub fn is_publishable(w: &WikiRecord) -> bool {
    w.status == WikiStatus::Ready && w.public_domain && w.publish_allowed && w.completion == 100
}

// ----- publish -----

/// Sets (`allowed`) or clears the wiki's `publish_allowed`, and `public_domain` when given.
/// Owner or admin only; the wiki must be ready. Bumps `updated_at`, so a listing in progress
/// picks the change up on a later page.
pub fn set_published(
    app: &App,
    who: &Principal,
    slug: &str,
    allowed: bool,
    public_domain: Option<bool>,
) -> Result<WikiRecord, IntegrationError> {
    if who.role == Role::Integration {
        return Err(IntegrationError::Forbidden(
            "integration tokens may only use /api/v1/integrations endpoints".into(),
        ));
    }
    let wiki = app
        .store
        .wiki_by_slug(slug)?
        .ok_or_else(|| IntegrationError::NotFound(format!("with slug {slug}")))?;
    if !who.can_access_wiki(&wiki) {
        return Err(IntegrationError::Forbidden(format!(
            "wiki {slug} belongs to another user"
        )));
    }
    if wiki.status != WikiStatus::Ready {
        return Err(IntegrationError::NotReady {
            slug: wiki.slug,
            status: wiki.status as u8,
        });
    }
    Ok(app.store.update_wiki(&wiki.id, |w| {
        w.publish_allowed = allowed;
        if let Some(pd) = public_domain {
            w.public_domain = pd;
        }
        w.updated_at = Utc::now();
    })?)
}

// ----- list -----

/// The query of the integration list, as sent.
#[derive(Debug, Default, Clone)]
pub struct ListQuery {
    pub preset: Option<String>,
    pub page_size: Option<String>,
    pub cursor: Option<String>,
}

/// One page of the integration list.
#[derive(Debug)]
pub struct ListPage {
    pub items: Vec<WikiRecord>,
    pub has_more: bool,
    pub next_cursor: Option<String>,
}

/// The integration list: publishable wikis the caller may see, ordered by (`updated_at`, `id`),
/// one page after the cursor's position. Admin and integration tokens see every publishable
/// wiki; a user token its own.
///
/// Keyset pagination never skips a wiki that is publishable throughout a listing, and never
/// shows an unchanged wiki twice: a wiki updated (or published) after the listing started moves
/// behind the cursor and shows up again, with its new `updated_at`, on a later page.
pub fn list(app: &App, who: &Principal, q: &ListQuery) -> Result<ListPage, IntegrationError> {
    let preset = q.preset.as_deref().unwrap_or(PRESET_PUBLISHABLE);
    if preset != PRESET_PUBLISHABLE {
        return Err(IntegrationError::UnknownPreset(preset.to_string()));
    }
    let page_size = match q.page_size.as_deref() {
        None => DEFAULT_PAGE_SIZE,
        Some(s) => s
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_PAGE_SIZE).contains(n))
            .ok_or_else(|| IntegrationError::BadPageSize(s.to_string()))?,
    };
    let now = Utc::now();
    let after = match q.cursor.as_deref().filter(|c| !c.is_empty()) {
        None => None,
        Some(c) => {
            let p = app.integrations.cursor_key.verify(c, now)?;
            p.check_binding(preset, page_size, &who.token_id)?;
            Some((p.after_t, p.after_id))
        }
    };
    let mut wikis: Vec<WikiRecord> = app
        .store
        .wikis()?
        .into_iter()
        .filter(|w| is_publishable(w) && may_list(who, w))
        .filter(|w| match &after {
            None => true,
            Some((t, id)) => (w.updated_at, &w.id) > (*t, id),
        })
        .collect();
    wikis.sort_by(|a, b| (a.updated_at, &a.id).cmp(&(b.updated_at, &b.id)));
    let has_more = wikis.len() > page_size;
    wikis.truncate(page_size);
    let next_cursor = match (has_more, wikis.last()) {
        (true, Some(last)) => {
            let ttl = chrono::Duration::from_std(app.integrations.cursor_ttl)
                .unwrap_or(chrono::Duration::MAX);
            Some(app.integrations.cursor_key.sign(&CursorPayload {
                preset: preset.to_string(),
                page_size,
                caller: who.token_id.clone(),
                exp: now.checked_add_signed(ttl).unwrap_or(now).timestamp(),
                after_t: last.updated_at,
                after_id: last.id.clone(),
            }))
        }
        _ => None,
    };
    Ok(ListPage {
        items: wikis,
        has_more,
        next_cursor,
    })
}

fn may_list(who: &Principal, w: &WikiRecord) -> bool {
    match who.role {
        Role::Admin | Role::Integration => true,
        Role::User => who.user == w.owner,
    }
}

// ----- artifact -----

/// The wiki whose package `who` asks for, after the access rules:
/// - unknown id: `NotFound`;
/// - integration tokens: only publishable wikis (`Forbidden` for any other);
/// - admin: any wiki that is ready (an operator may fetch a package before publishing);
/// - user: own wikis only (`Forbidden` for another user's), when ready;
/// - not ready: `NotReady`.
pub fn artifact_wiki(
    app: &App,
    who: &Principal,
    wiki_id: &str,
) -> Result<WikiRecord, IntegrationError> {
    let wiki = app
        .store
        .wiki(wiki_id)?
        .ok_or_else(|| IntegrationError::NotFound(wiki_id.to_string()))?;
    match who.role {
        Role::Integration if wiki.status == WikiStatus::Ready && !is_publishable(&wiki) => {
            return Err(IntegrationError::Forbidden(format!(
                "wiki {wiki_id} is not published for integrations (it must be public domain, publish-allowed and complete)"
            )));
        }
        Role::User if who.user != wiki.owner => {
            return Err(IntegrationError::Forbidden(format!(
                "wiki {wiki_id} belongs to another user"
            )));
        }
        _ => {}
    }
    if wiki.status != WikiStatus::Ready {
        return Err(IntegrationError::NotReady {
            slug: wiki.slug,
            status: wiki.status as u8,
        });
    }
    Ok(wiki)
}

//! The preview: a wiki read in the browser, served by its own process.
//!
//! Two halves live here. On the server side, [`supervisor`] starts, tracks and stops one
//! `grove preview` child process per served wiki, and the operations below check ownership and
//! the wiki's `local/config.md` (its `PORT`) before asking it to. On the other side, [`site`]
//! is what that child process shows: the wiki directory read as a reader's site (home page,
//! pages with citations, search, graph), rendered to HTML by [`render`]; [`run`] wires it to a
//! listener.
//!
//! Not for: HTTP status codes or warp (see `api/preview.rs` for the endpoints and `api/site.rs`
//! for the preview site's routes), or the metadata store: the preview process never opens it —
//! the server holds it — and reads only the wiki directory.

pub mod render;
pub mod run;
pub mod site;
pub mod supervisor;

use std::path::Path;

use crate::app::App;
use crate::auth::Principal;
use crate::store::{Role, StoreError, WikiRecord, WikiStatus};

pub use supervisor::{Previews, Serving};

/// Lowest and highest PORT a wiki may use (no privileged ports).
pub const PORT_MIN: u16 = 1024;
pub const PORT_MAX: u16 = 65535;

/// Why a preview operation was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum PreviewError {
    #[error("no wiki with slug {0:?}")]
    NotFound(String),
    #[error("{0}")]
    Forbidden(String),
    #[error(
        "wiki {slug:?} is not ready (status {status}); it can be previewed once its job is ready"
    )]
    NotReady { slug: String, status: u8 },
    #[error(
        "wiki {0:?} has no PORT in local/config.md; set one with PUT /api/v1/wiki/{0}/config {{\"port\": 4101}}"
    )]
    NoPort(String),
    #[error("PORT {0:?} in local/config.md is not a port between {PORT_MIN} and {PORT_MAX}")]
    BadConfiguredPort(String),
    #[error("port must be an integer between {PORT_MIN} and {PORT_MAX}, got {0}")]
    BadPort(i64),
    #[error(
        "port {port} is already in use by {by}; stop it or choose another PORT with PUT /api/v1/wiki/{slug}/config"
    )]
    PortInUse {
        slug: String,
        port: u16,
        /// Who holds it: "another program" or "the preview of wiki \"x\"".
        by: String,
    },
    #[error("the preview process of wiki {slug:?} did not start: {reason}")]
    Start { slug: String, reason: String },
    #[error("{context}: {source}")]
    Io {
        context: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl PreviewError {
    pub(crate) fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> PreviewError {
        let context = context.into();
        move |source| PreviewError::Io { context, source }
    }
}

/// The wiki `slug` if the caller may manage it: 404 unknown, 403 another user's or an
/// integration token.
fn owned_wiki(app: &App, who: &Principal, slug: &str) -> Result<WikiRecord, PreviewError> {
    if who.role == Role::Integration {
        return Err(PreviewError::Forbidden(
            "integration tokens may only use /api/v1/integrations endpoints".into(),
        ));
    }
    let wiki = app
        .store
        .wiki_by_slug(slug)?
        .ok_or_else(|| PreviewError::NotFound(slug.to_string()))?;
    if !who.can_access_wiki(&wiki) {
        return Err(PreviewError::Forbidden(format!(
            "wiki {slug:?} belongs to another user"
        )));
    }
    Ok(wiki)
}

/// The PORT of a wiki directory's `local/config.md`.
pub fn configured_port(dir: &Path, slug: &str) -> Result<u16, PreviewError> {
    let raw = crate::pipeline::read_config_value(dir, "PORT")
        .ok_or_else(|| PreviewError::NoPort(slug.to_string()))?;
    raw.parse::<u16>()
        .ok()
        .filter(|p| *p >= PORT_MIN)
        .ok_or(PreviewError::BadConfiguredPort(raw))
}

/// `POST /wiki/{slug}/serve`: starts the preview, or returns the running one.
pub async fn serve(app: &App, who: &Principal, slug: &str) -> Result<Serving, PreviewError> {
    let wiki = owned_wiki(app, who, slug)?;
    if wiki.status != WikiStatus::Ready {
        return Err(PreviewError::NotReady {
            slug: wiki.slug,
            status: wiki.status as u8,
        });
    }
    let dir = app.paths.wiki_dir(&wiki.slug);
    if let Some(running) = app.previews.running(&wiki.slug) {
        return Ok(running);
    }
    let port = configured_port(&dir, &wiki.slug)?;
    app.previews.start(&wiki.slug, &dir, port).await
}

/// `POST /wiki/{slug}/serve/stop`: ends the preview; the pid it had, if it was running.
pub async fn stop(app: &App, who: &Principal, slug: &str) -> Result<Option<u32>, PreviewError> {
    let wiki = owned_wiki(app, who, slug)?;
    Ok(app.previews.stop(&wiki.slug).await)
}

/// `POST /wiki/{slug}/serve/restart`: replaces the preview (or starts it) with a new process
/// that reads the PORT again.
pub async fn restart(app: &App, who: &Principal, slug: &str) -> Result<Serving, PreviewError> {
    let wiki = owned_wiki(app, who, slug)?;
    if wiki.status != WikiStatus::Ready {
        return Err(PreviewError::NotReady {
            slug: wiki.slug,
            status: wiki.status as u8,
        });
    }
    let dir = app.paths.wiki_dir(&wiki.slug);
    let port = configured_port(&dir, &wiki.slug)?;
    app.previews.stop(&wiki.slug).await;
    app.previews.start(&wiki.slug, &dir, port).await
}

/// What `PUT /wiki/{slug}/config` changed.
#[derive(Debug, Clone)]
pub struct ConfigChange {
    pub slug: String,
    pub port: Option<u16>,
    /// A preview is running (on the old port until it is restarted).
    pub serve_running: bool,
}

/// `PUT /wiki/{slug}/config`: sets (or, with `None`, clears) the PORT in `local/config.md`,
/// atomically and keeping every other line.
pub fn set_port(
    app: &App,
    who: &Principal,
    slug: &str,
    port: Option<i64>,
) -> Result<ConfigChange, PreviewError> {
    let wiki = owned_wiki(app, who, slug)?;
    let port = port
        .map(|p| {
            u16::try_from(p)
                .ok()
                .filter(|p| *p >= PORT_MIN)
                .ok_or(PreviewError::BadPort(p))
        })
        .transpose()?;
    let dir = app.paths.wiki_dir(&wiki.slug);
    write_config_value(
        &dir,
        &wiki,
        "PORT",
        &port.map(|p| p.to_string()).unwrap_or_default(),
    )?;
    tracing::info!(wiki.slug = %wiki.slug, port = ?port, "preview PORT set");
    Ok(ConfigChange {
        serve_running: app.previews.running(&wiki.slug).is_some(),
        slug: wiki.slug,
        port,
    })
}

/// Sets `KEY: value` in `local/config.md`, replacing the first line with that key or appending
/// one; the file is created with the wiki's NAME, SLUG and LANG when it does not exist yet.
fn write_config_value(
    dir: &Path,
    wiki: &WikiRecord,
    key: &str,
    value: &str,
) -> Result<(), PreviewError> {
    let path = dir.join("local").join("config.md");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => format!(
            "# Wiki configuration\n\nNAME: {}\nSLUG: {}\nLANG: {}\n",
            wiki.name, wiki.slug, wiki.lang
        ),
        Err(e) => return Err(PreviewError::io("read local/config.md")(e)),
    };
    let new = set_line(&text, key, value);
    crate::pipeline::write_atomic(&path, new.as_bytes())
        .map_err(PreviewError::io("write local/config.md"))
}

/// `text` with the first `KEY:` line set to `KEY: value` (appended when there is none).
fn set_line(text: &str, key: &str, value: &str) -> String {
    let mut out = String::with_capacity(text.len() + key.len() + value.len() + 4);
    let mut done = false;
    for line in text.lines() {
        let is_key = line.split_once(':').is_some_and(|(k, _)| k.trim() == key);
        if is_key && !done {
            out.push_str(&format!("{key}: {value}"));
            done = true;
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    if !done {
        out.push_str(&format!("{key}: {value}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_lines_are_replaced_or_appended() {
        let cases = [
            (
                "# c\n\nNAME: a\nPORT: 4100\nLANG: en\n",
                "4101",
                "# c\n\nNAME: a\nPORT: 4101\nLANG: en\n",
            ),
            ("NAME: a\nPORT:\n", "4102", "NAME: a\nPORT: 4102\n"),
            ("NAME: a", "4103", "NAME: a\nPORT: 4103\n"),
            ("NAME: a\nPORT: 1\n", "", "NAME: a\nPORT: \n"),
            ("NAME: PORT: x\n", "5", "NAME: PORT: x\nPORT: 5\n"),
        ];
        for (before, value, after) in cases {
            assert_eq!(set_line(before, "PORT", value), after, "{before:?}");
        }
    }

    #[test]
    fn configured_port_reads_and_checks() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            configured_port(dir.path(), "w"),
            Err(PreviewError::NoPort(_))
        ));
        std::fs::create_dir_all(dir.path().join("local")).unwrap();
        for (line, ok) in [
            ("PORT: 4101", Some(4101)),
            ("PORT:", None),
            ("PORT: 80", None),
            ("PORT: 70000", None),
            ("PORT: x", None),
        ] {
            std::fs::write(dir.path().join("local/config.md"), format!("{line}\n")).unwrap();
            assert_eq!(configured_port(dir.path(), "w").ok(), ok, "{line}");
        }
    }
}

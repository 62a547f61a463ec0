//! Turning an uploaded file into a new wiki and its job: type detection, naming rules (slug,
//! language), the staged file's move into place, and queueing. Used by both upload routes.
//!
//! It does not read HTTP requests (the API streams the upload to a staged file first) and does
//! not run anything (the scheduler does).

use std::path::{Path, PathBuf};

use rand::RngCore;

use crate::app::App;
use crate::extract::{self, ExtractError, Format};
use crate::store::{JobRecord, JobState, StoreError, WikiRecord, WikiStatus};

/// What the client asked for, besides the file.
#[derive(Debug, Clone, Default)]
pub struct NewWiki {
    pub name: Option<String>,
    pub slug: Option<String>,
    pub lang: Option<String>,
    pub auto_start: Option<bool>,
    pub public_domain: Option<bool>,
}

/// Why an upload was refused.
#[derive(Debug, thiserror::Error)]
pub enum IngestError {
    #[error(
        "illegal wiki_slug {0:?}: use 1-64 lowercase letters, digits and hyphens, not starting or ending with a hyphen"
    )]
    BadSlug(String),
    #[error("unsupported lang {0:?}: use zh or en")]
    BadLang(String),
    #[error("wiki_name must be 1-200 characters")]
    BadName,
    #[error("unrecognized file type: {0}")]
    Unrecognized(ExtractError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("could not store the upload: {0}")]
    Io(#[from] std::io::Error),
}

/// A fresh wiki id: `wk_` and 16 hex digits.
pub fn new_wiki_id() -> String {
    let mut b = [0u8; 8];
    rand::rng().fill_bytes(&mut b);
    format!("wk_{}", hex::encode(b))
}

/// A file name safe to use inside `corpus/`: the base name, unsafe characters replaced, with
/// the extension of the detected format.
fn safe_file_name(original: &str, format: Format) -> String {
    let base = original.rsplit(['/', '\\']).next().unwrap_or("");
    let stem = base.rsplit_once('.').map_or(base, |(s, _)| s);
    let mut clean: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .take(100)
        .collect();
    if clean.trim_matches('_').is_empty() {
        clean = "source".into();
    }
    format!("{clean}.{}", format.extension())
}

/// The display name derived from a file name: its stem.
fn name_from_file(original: &str) -> String {
    let base = original.rsplit(['/', '\\']).next().unwrap_or(original);
    let stem = base.rsplit_once('.').map_or(base, |(s, _)| s).trim();
    if stem.is_empty() {
        "Untitled".into()
    } else {
        stem.chars().take(200).collect()
    }
}

/// Checks the options that do not depend on the file, so a client learns of a bad slug or
/// language before a long upload is processed.
pub fn validate(opts: &NewWiki) -> Result<(), IngestError> {
    if let Some(slug) = opts.slug.as_deref().filter(|s| !s.is_empty())
        && !crate::slug::is_valid(slug)
    {
        return Err(IngestError::BadSlug(slug.to_string()));
    }
    if let Some(lang) = opts.lang.as_deref().filter(|s| !s.is_empty())
        && !matches!(lang, "zh" | "en")
    {
        return Err(IngestError::BadLang(lang.to_string()));
    }
    if let Some(name) = &opts.name
        && (name.trim().is_empty() || name.chars().count() > 200)
    {
        return Err(IngestError::BadName);
    }
    Ok(())
}

/// Creates the wiki and its job from a staged upload. The staged file is moved into
/// `uploads/<wiki_id>/`; on any error it is removed.
pub fn create(
    app: &App,
    owner: &str,
    staged: &Path,
    original_name: &str,
    opts: NewWiki,
) -> Result<(WikiRecord, JobRecord), IngestError> {
    let result = create_inner(app, owner, staged, original_name, opts);
    if result.is_err() {
        let _ = std::fs::remove_file(staged);
    }
    result
}

fn create_inner(
    app: &App,
    owner: &str,
    staged: &Path,
    original_name: &str,
    opts: NewWiki,
) -> Result<(WikiRecord, JobRecord), IngestError> {
    validate(&opts)?;
    let format = extract::detect_file(staged, original_name).map_err(IngestError::Unrecognized)?;
    let name = opts
        .name
        .map(|n| n.trim().to_string())
        .unwrap_or_else(|| name_from_file(original_name));
    let slug = match opts.slug.filter(|s| !s.is_empty()) {
        Some(s) => s,
        None => crate::slug::derive(&name, "wiki"),
    };
    let lang = opts
        .lang
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| "zh".into());
    let auto_start = opts.auto_start.unwrap_or(true);
    let file_name = safe_file_name(original_name, format);

    let id = new_wiki_id();
    let dest_dir: PathBuf = app.paths.uploads().join(&id);
    std::fs::create_dir_all(&dest_dir)?;
    std::fs::rename(staged, dest_dir.join(&file_name))?;

    let mut wiki = WikiRecord::new(id, slug, name, owner.to_string(), lang);
    wiki.source_file = Some(file_name);
    wiki.public_domain = opts.public_domain.unwrap_or(false);
    wiki.status = if auto_start {
        WikiStatus::Queued
    } else {
        WikiStatus::Created
    };
    let wiki = app.store.create_wiki(wiki)?;
    let mut job = JobRecord::new(
        0,
        wiki.id.clone(),
        owner.to_string(),
        if auto_start {
            JobState::Queued
        } else {
            JobState::Created
        },
    );
    job.message = if auto_start {
        "queued".into()
    } else {
        "created; start it with POST /api/v1/jobs/{id}/start".into()
    };
    let job = app.store.create_job(job)?;
    let wiki = app
        .store
        .update_wiki(&wiki.id, |w| w.job_id = Some(job.id))?;
    tracing::info!(
        wiki.id = %wiki.id,
        wiki.slug = %wiki.slug,
        job.id = job.id,
        format = %format,
        auto_start,
        "wiki created from upload"
    );
    if auto_start {
        app.scheduler.wake();
    }
    Ok((wiki, job))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_made_safe() {
        let cases = [
            ("book.epub", Format::Epub, "book.epub"),
            ("../../etc/passwd", Format::Text, "passwd.txt"),
            ("C:\\docs\\论语.TXT", Format::Text, "论语.txt"),
            ("...", Format::Markdown, "source.md"),
            ("a b;c.pdf", Format::Pdf, "a_b_c.pdf"),
        ];
        for (input, format, want) in cases {
            assert_eq!(safe_file_name(input, format), want, "{input}");
        }
    }
}

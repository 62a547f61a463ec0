//! **boot**: lay out the wiki directory — a git repository, `local/config.md`, `docs/`,
//! `logs/` — and commit the corpus. Idempotent: running it twice changes nothing.

use std::path::Path;

use super::fsutil::write_atomic_unsynced;
use super::{PipelineError, StageContext, StageOutcome};

pub(super) fn run(ctx: &mut StageContext<'_>) -> Result<StageOutcome, PipelineError> {
    for sub in ["docs", "local", "logs", "corpus"] {
        std::fs::create_dir_all(ctx.dir.join(sub))
            .map_err(PipelineError::io(format!("create {sub}/")))?;
    }
    ctx.progress(0.2, "initializing the git repository");
    crate::git::init(&ctx.dir)?;
    // Not synced one by one: the commit below ends with one `syncfs`, and boot is recorded
    // done only after it.
    write_atomic_unsynced(&ctx.dir.join(".gitignore"), b"logs/\n")
        .map_err(PipelineError::io("write .gitignore"))?;
    write_config(ctx, false)?;
    ctx.checkpoint()?;
    // grow's analysis of the text runs on another thread while git commits the corpus
    super::grow::prepare_analysis(ctx.job_id, &ctx.dir, &ctx.wiki.name, &ctx.wiki.lang);
    crate::git::commit_all(
        &ctx.dir,
        &["."],
        &format!(
            "Boot wiki {} from {}",
            ctx.wiki.slug,
            ctx.wiki.source_file.as_deref().unwrap_or("?")
        ),
    )?;
    ctx.progress(1.0, "wiki directory ready");
    Ok(StageOutcome::Continue)
}

/// Writes `local/config.md` unless it exists (or `force`), assigning a preview PORT from
/// `--preview-ports` when configured.
pub(super) fn write_config(ctx: &StageContext<'_>, force: bool) -> Result<(), PipelineError> {
    let path = ctx.dir.join("local").join("config.md");
    if path.exists() && !force {
        return Ok(());
    }
    let port = match ctx.app.config.preview_ports {
        Some(range) => free_port(ctx, range)?
            .map(|p| p.to_string())
            .unwrap_or_default(),
        None => String::new(),
    };
    let text = format!(
        "# Wiki configuration\n\nNAME: {}\nSLUG: {}\nLANG: {}\nPORT: {}\n",
        ctx.wiki.name, ctx.wiki.slug, ctx.wiki.lang, port
    );
    // Made durable by the commit that follows every call (boot's, or the clone's).
    write_atomic_unsynced(&path, text.as_bytes())
        .map_err(PipelineError::io("write local/config.md"))
}

/// Reads `KEY: value` lines of a `local/config.md`.
pub fn read_config_value(dir: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("local").join("config.md")).ok()?;
    text.lines().find_map(|line| {
        let (k, v) = line.split_once(':')?;
        (k.trim() == key)
            .then(|| v.trim().to_string())
            .filter(|v| !v.is_empty())
    })
}

/// The lowest port of the range not used by another wiki's config.
fn free_port(ctx: &StageContext<'_>, (lo, hi): (u16, u16)) -> Result<Option<u16>, PipelineError> {
    let used: std::collections::HashSet<u16> = ctx
        .app
        .store
        .wikis()?
        .iter()
        .filter(|w| w.id != ctx.wiki.id)
        .filter_map(|w| {
            read_config_value(&ctx.app.paths.wiki_dir(&w.slug), "PORT")?
                .parse()
                .ok()
        })
        .collect();
    Ok((lo..=hi).find(|p| !used.contains(p)))
}

//! **egg**: extract and normalize the uploaded document, store it in the wiki's `corpus/`,
//! fingerprint it, and clone an identical ready wiki instead of generating (dedup).
//!
//! `corpus/` receives the source file as uploaded, `text.md` (the extracted text with headings)
//! and `document.json` (the structure with locations, which later stages read).

use chrono::Utc;

use super::fsutil::{copy_tree, write_atomic};
use super::{PipelineError, StageContext, StageOutcome};
use crate::extract;
use crate::store::WikiStatus;

pub(super) fn run(ctx: &mut StageContext<'_>) -> Result<StageOutcome, PipelineError> {
    let source_name = ctx
        .wiki
        .source_file
        .clone()
        .ok_or_else(|| PipelineError::Generation("the wiki has no source document".into()))?;
    let upload = ctx
        .app
        .paths
        .uploads()
        .join(&ctx.wiki.id)
        .join(&source_name);
    let corpus = ctx.dir.join("corpus");
    let stored = corpus.join(&source_name);
    // After a restart the upload may already have moved into corpus/.
    let source = if upload.exists() {
        upload.clone()
    } else {
        stored.clone()
    };
    ctx.progress(0.05, "extracting text");
    let doc = extract::extract_file(&source, &source_name)?;
    ctx.checkpoint()?;
    ctx.progress(0.6, "storing the extracted text");
    std::fs::create_dir_all(&corpus).map_err(PipelineError::io("create corpus/"))?;
    if source != stored {
        // Moved, not copied, when the upload is on the same filesystem (it is, under the data
        // directory): no second copy of the bytes, no new file.
        if std::fs::rename(&source, &stored).is_err() {
            std::fs::copy(&source, &stored)
                .map_err(PipelineError::io("store the source in corpus/"))?;
        }
    }
    write_atomic(
        &corpus.join("text.md"),
        extract::to_markdown(&doc).as_bytes(),
    )
    .map_err(PipelineError::io("write corpus/text.md"))?;
    write_atomic(
        &corpus.join("document.json"),
        extract::to_json(&doc).as_bytes(),
    )
    .map_err(PipelineError::io("write corpus/document.json"))?;
    let fingerprint = doc.fingerprint();
    ctx.app.store.update_wiki(&ctx.wiki.id, |w| {
        w.fingerprint = Some(fingerprint.clone());
        w.updated_at = Utc::now();
    })?;
    let upload_dir = upload.parent().expect("upload dir");
    if upload_dir.exists() {
        let _ = std::fs::remove_dir_all(upload_dir);
    }
    tracing::info!(
        wiki.slug = %ctx.wiki.slug,
        format = %doc.format,
        chars = doc.char_count(),
        chapters = doc.chapters.len(),
        "extracted"
    );

    // Dedup: an identical ready wiki in the same language is cloned, not regenerated.
    let twin = ctx.app.store.wikis()?.into_iter().find(|w| {
        w.id != ctx.wiki.id
            && w.status == WikiStatus::Ready
            && w.lang == ctx.wiki.lang
            && w.fingerprint.as_deref() == Some(fingerprint.as_str())
            && w.cloned_from.is_none()
    });
    let Some(twin) = twin else {
        ctx.progress(1.0, "text extracted");
        return Ok(StageOutcome::Continue);
    };
    ctx.progress(0.8, "identical content found; cloning");
    clone_from(ctx, &twin)?;
    Ok(StageOutcome::Cloned { from: twin.id })
}

/// Copies the twin's directory (git history included) and page records into this wiki, keeping
/// this wiki's own corpus and preview port, and commits the clone.
fn clone_from(
    ctx: &mut StageContext<'_>,
    twin: &crate::store::WikiRecord,
) -> Result<(), PipelineError> {
    let twin_dir = ctx.app.paths.wiki_dir(&twin.slug);
    for part in [".git", "docs", "local"] {
        let from = twin_dir.join(part);
        if from.exists() {
            copy_tree(&from, &ctx.dir.join(part))
                .map_err(PipelineError::io(format!("clone {part}/")))?;
        }
    }
    super::boot::write_config(ctx, true)?;
    let pages = ctx.app.store.pages(&twin.id)?;
    ctx.app.store.replace_pages(&ctx.wiki.id, &pages)?;
    ctx.app.store.copy_plan(&twin.id, &ctx.wiki.id)?;
    crate::git::commit_all(
        &ctx.dir,
        &["."],
        &format!(
            "Clone of wiki {} ({}): identical content",
            twin.slug, twin.id
        ),
    )?;
    ctx.app.store.update_wiki(&ctx.wiki.id, |w| {
        w.cloned_from = Some(twin.id.clone());
        w.page_count = twin.page_count;
        w.completion = twin.completion;
    })?;
    Ok(())
}

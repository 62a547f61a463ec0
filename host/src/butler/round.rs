//! One butler round over a ready wiki: pick the weakest entries of the plan, ask their genes
//! to render or improve them (outside the wiki lock), then, holding the wiki's write lock,
//! ground and write the pages ([`pipeline::pages::write_batch`], the code grow uses), make one
//! git commit and record everything (plan, page records, completion, butler state, log) in one
//! store transaction. The search index is rebuilt after the lock is released.
//!
//! A round is all-or-nothing on disk: before writing, an interrupted earlier round is undone
//! ([`recover_tree`]): uncommitted changes in `docs/` are restored to HEAD, and a butler commit
//! the store never recorded is dropped.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use chrono::Utc;
use serde::{Deserialize, Serialize};

use super::{ButlerError, ButlerState, Strategy};
use crate::analysis::Analysis;
use crate::app::App;
use crate::genes::{CallContext, Finding, Page, Review};
use crate::pipeline::pages::{self, Catalog, EntryState, PlanEntry, norm};
use crate::store::{PageRecord, WikiRecord, WikiStatus};

/// Why a page written with the model's help was rejected.
const MODEL_UNGROUNDED: &str =
    "written with the model, and cites no passage or a passage that does not exist";

/// Model output must cite its evidence: every citation names a real passage and there is at
/// least one. (Extractive pages only lose the citations that do not resolve.)
fn strictly_grounded(page: &Page, analysis: &Analysis) -> bool {
    !page.citations.is_empty()
        && page
            .citations
            .iter()
            .all(|c| analysis.passage(&c.passage_id).is_some())
}

/// Subject prefix of the butler's commits (recovery recognizes its own commits by it).
pub const COMMIT_PREFIX: &str = "Butler round";

/// Renders that produced no grounded page before an entry is retired.
const MAX_RENDER_FAILURES: u32 = 2;

/// One thing the butler did to one entry.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Action {
    /// `render`, `improve`, `relink` or `retire`.
    pub action: String,
    pub page: String,
    pub title: String,
    /// The gene asked.
    pub gene: String,
    /// `written`, `rejected` (not grounded), `worse`, `declined`, `failed` or `retired`.
    pub result: String,
    /// Checklist findings that chose the entry.
    #[serde(default)]
    pub findings: Vec<String>,
    #[serde(default)]
    pub quality_before: Option<u8>,
    #[serde(default)]
    pub quality_after: Option<u8>,
    #[serde(default)]
    pub note: Option<String>,
}

/// The log record of one round (`GET .../butler/log`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RoundRecord {
    pub round: u64,
    pub started_at: chrono::DateTime<Utc>,
    pub finished_at: chrono::DateTime<Utc>,
    pub duration_ms: u64,
    pub model: Option<String>,
    pub actions: Vec<Action>,
    pub pages_changed: Vec<String>,
    pub pages_improved: usize,
    pub completion_before: u8,
    pub completion_after: u8,
    /// The round's git commit (none when nothing was written).
    pub commit: Option<String>,
}

/// What a round found.
pub enum Outcome {
    Round(Box<RoundRecord>),
    /// Nothing left to do under the enabled strategies.
    NothingLeft {
        completion: u8,
    },
}

/// What one round works with (kept across rounds by the runner).
pub struct RoundInput<'a> {
    pub app: &'a App,
    pub wiki: &'a WikiRecord,
    pub analysis: &'a Arc<Analysis>,
    pub state: &'a mut ButlerState,
    pub strategies: &'a [Strategy],
    pub batch_size: usize,
    pub model: Option<String>,
}

/// Undoes an interrupted round in the wiki directory: restores uncommitted changes of `docs/`
/// and drops a butler commit after `last_sha` that the store never recorded (only the butler
/// commits with the subject [`COMMIT_PREFIX`], and only `docs/`). Call it holding
/// the wiki's write lock.
pub fn recover_tree(dir: &std::path::Path, last_sha: Option<&str>) -> Result<bool, ButlerError> {
    let mut changed = false;
    if crate::git::is_dirty(dir, "docs")? {
        crate::git::restore(dir, "docs")?;
        changed = true;
    }
    if let (Some(last), Some(head)) = (last_sha, crate::git::head(dir)?)
        && head != last
        && crate::git::subject(dir, &head)?.starts_with(COMMIT_PREFIX)
    {
        // Only `docs/` is the butler's: other files of the work tree are left as they are.
        crate::git::reset_to(dir, last)?;
        crate::git::restore(dir, "docs")?;
        changed = true;
    }
    Ok(changed)
}

/// The review the butler gives a stored page: the host checklist over its links as they
/// resolve now, plus `orphan` when no page links to it.
fn review_of(
    e: &PlanEntry,
    page: &Page,
    catalog: &Catalog,
    exists: &[bool],
    linked: &HashSet<String>,
) -> Review {
    let mut p = page.clone();
    p.links.retain(|l| {
        catalog
            .index_of(l)
            .is_some_and(|j| exists[j] && norm(l) != norm(&e.proposal.title))
    });
    let ok = |t: &str| catalog.index_of(t).is_some_and(|j| exists[j]);
    let mut review = crate::quality::review(&p, &ok);
    if !linked.contains(&e.id) {
        review.findings.push(Finding {
            code: "orphan".into(),
            message: "no other page links to this entry".into(),
        });
    }
    review
}

fn action(e: &PlanEntry, kind: &str, result: &str) -> Action {
    Action {
        action: kind.into(),
        page: e.id.clone(),
        title: e.proposal.title.clone(),
        gene: e.gene.clone(),
        result: result.into(),
        findings: Vec::new(),
        quality_before: (e.state == EntryState::Generated).then_some(e.quality),
        quality_after: None,
        note: None,
    }
}

/// Runs one round. Gene calls happen before the lock; writes, the commit and the store record
/// happen under it.
pub fn run(input: RoundInput<'_>) -> Result<Outcome, ButlerError> {
    let started = Instant::now();
    let started_at = Utc::now();
    let RoundInput {
        app,
        wiki,
        analysis,
        state,
        strategies,
        batch_size,
        model,
    } = input;
    let mut entries: Vec<PlanEntry> = app.store.plan(&wiki.id)?;
    let completion_before = pages::completion(&entries);
    let catalog = Arc::new(Catalog::new(&entries, analysis.lang()));
    let exists: Vec<bool> = entries
        .iter()
        .map(|e| e.state == EntryState::Generated)
        .collect();
    let records: HashMap<String, PageRecord> = app
        .store
        .pages(&wiki.id)?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    let linked: HashSet<String> = records
        .values()
        .flat_map(|r| r.links.iter().cloned())
        .collect();
    let enabled = |s: Strategy| strategies.contains(&s);

    // 1. Relink: pages written while an entry they name was not generated yet.
    let relink: Vec<usize> = if enabled(Strategy::Relink) {
        entries
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                e.state == EntryState::Generated
                    && e.unresolved
                        .iter()
                        .any(|t| catalog.index_of(t).is_some_and(|j| exists[j]))
            })
            .map(|(i, _)| i)
            .collect()
    } else {
        Vec::new()
    };
    // 2. Render: planned entries not generated yet, best-scored first.
    let mut render: Vec<usize> = Vec::new();
    if enabled(Strategy::Render) {
        render = entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.state == EntryState::Pending)
            .map(|(i, _)| i)
            .collect();
        render.sort_by(|&a, &b| {
            entries[b]
                .proposal
                .score
                .total_cmp(&entries[a].proposal.score)
                .then(a.cmp(&b))
        });
        render.truncate(batch_size);
    }
    // 3. Improve: the weakest generated pages with a finding an enabled strategy covers, that
    //    their gene has not already declined in this version.
    let mut improve: Vec<(usize, Review)> = Vec::new();
    let room = batch_size.saturating_sub(render.len());
    if room > 0 {
        let mut candidates: Vec<(usize, Review, u8)> = entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.state == EntryState::Generated)
            .filter_map(|(i, e)| {
                let page = e.page.as_ref()?;
                if e.improve_declined.as_deref() == Some(pages::fingerprint(page).as_str()) {
                    return None;
                }
                let review = review_of(e, page, &catalog, &exists, &linked);
                let wanted = review
                    .findings
                    .iter()
                    .any(|f| Strategy::for_finding(&f.code).is_some_and(enabled));
                wanted.then_some((i, review, e.quality))
            })
            .collect();
        candidates.sort_by(|a, b| {
            a.2.cmp(&b.2)
                .then(b.1.findings.len().cmp(&a.1.findings.len()))
                .then(a.0.cmp(&b.0))
        });
        improve = candidates
            .into_iter()
            .take(room)
            .map(|(i, r, _)| (i, r))
            .collect();
    }
    if relink.is_empty() && render.is_empty() && improve.is_empty() {
        return Ok(Outcome::NothingLeft {
            completion: completion_before,
        });
    }

    // Gene calls, outside the lock. Calls are counted, so a page whose gene used the model
    // is known and held to strict grounding.
    let model_calls = Arc::new(AtomicUsize::new(0));
    let completer: Option<crate::genes::runtime::Completer> = match (&model, &app.llm) {
        (Some(m), Some(p)) => {
            let inner = p.completer(m.clone(), wiki.slug.clone());
            let calls = model_calls.clone();
            Some(Arc::new(move |prompt: &str, max: u32| {
                calls.fetch_add(1, Ordering::SeqCst);
                inner(prompt, max)
            }))
        }
        _ => None,
    };
    let used_model = |before: usize| model_calls.load(Ordering::SeqCst) != before;
    let ctx = CallContext::new(analysis.clone())
        .with_entries(catalog.entry_lookup())
        .with_complete(completer);
    let doc_title = analysis.title().to_string();
    let mut actions: Vec<Action> = Vec::new();
    let mut new_pages: Vec<(usize, Page)> = Vec::new();
    let mut floor: HashMap<usize, u8> = HashMap::new();
    for &i in &render {
        let e = &entries[i];
        let entry = pages::entry_of(e, &wiki.lang, &doc_title);
        let calls = model_calls.load(Ordering::SeqCst);
        match app.genes.render(&e.gene, &ctx, &entry) {
            Ok(page) if used_model(calls) && !strictly_grounded(&page, analysis) => {
                let mut a = action(e, "render", "rejected");
                a.note = Some(MODEL_UNGROUNDED.into());
                actions.push(a);
                entries[i].failures += 1;
                entries[i].note = Some(MODEL_UNGROUNDED.into());
            }
            Ok(page) => new_pages.push((i, page)),
            Err(err) => {
                let mut a = action(e, "render", "failed");
                a.note = Some(err.to_string());
                actions.push(a);
                let e = &mut entries[i];
                e.failures += 1;
                e.note = Some(err.to_string());
            }
        }
    }
    for (i, review) in &improve {
        let e = &entries[*i];
        let Some(page) = e.page.clone() else { continue };
        let codes: Vec<String> = review.findings.iter().map(|f| f.code.clone()).collect();
        let calls = model_calls.load(Ordering::SeqCst);
        match app.genes.improve(&e.gene, &ctx, &page, review) {
            Ok(Some(better)) if used_model(calls) && !strictly_grounded(&better, analysis) => {
                let mut a = action(e, "improve", "rejected");
                a.findings = codes;
                a.note = Some(MODEL_UNGROUNDED.into());
                actions.push(a);
                entries[*i].improve_declined = Some(pages::fingerprint(&page));
            }
            Ok(Some(better)) if better != page => {
                floor.insert(*i, e.quality);
                new_pages.push((*i, better));
            }
            Ok(_) => {
                let mut a = action(e, "improve", "declined");
                a.findings = codes;
                actions.push(a);
                entries[*i].improve_declined = Some(pages::fingerprint(&page));
            }
            Err(err) => {
                let mut a = action(e, "improve", "failed");
                a.findings = codes;
                a.note = Some(err.to_string());
                actions.push(a);
                entries[*i].improve_declined = Some(pages::fingerprint(&page));
            }
        }
    }
    let improved: HashSet<usize> = floor.keys().copied().collect();
    let findings_of: HashMap<usize, Vec<String>> = improve
        .iter()
        .map(|(i, r)| (*i, r.findings.iter().map(|f| f.code.clone()).collect()))
        .collect();
    let before: HashMap<usize, (EntryState, u8)> = new_pages
        .iter()
        .map(|(i, _)| *i)
        .chain(relink.iter().copied())
        .map(|i| (i, (entries[i].state, entries[i].quality)))
        .collect();

    // Writes, under the wiki's write lock: package builds never see a half-written round.
    let dir = app.paths.wiki_dir(&wiki.slug);
    let lock = app.wiki_locks.lock_for(&wiki.id);
    let _guard = lock.blocking_write();
    recover_tree(&dir, state.last_sha.as_deref())?;
    let outcome = pages::write_batch_checked(
        &dir,
        analysis,
        &app.genes,
        &mut entries,
        &catalog,
        new_pages,
        &relink,
        &records,
        &floor,
        pages::Publish::Live,
    )
    .map_err(|e| ButlerError::Io(format!("writing docs/: {e}")))?;
    for &i in &outcome.rejected {
        let kind = if improved.contains(&i) {
            "improve"
        } else {
            "render"
        };
        let mut a = action(&entries[i], kind, "rejected");
        a.note = Some("the page cites no passage of the source".into());
        a.findings = findings_of.get(&i).cloned().unwrap_or_default();
        actions.push(a);
        if improved.contains(&i) {
            entries[i].improve_declined = entries[i].page.as_ref().map(pages::fingerprint);
        } else {
            entries[i].failures += 1;
            entries[i].note = Some("the page cited no passage of the source".into());
        }
    }
    for &(i, q) in &outcome.worse {
        let mut a = action(&entries[i], "improve", "worse");
        a.quality_after = Some(q);
        a.findings = findings_of.get(&i).cloned().unwrap_or_default();
        actions.push(a);
        entries[i].improve_declined = entries[i].page.as_ref().map(pages::fingerprint);
    }
    let mut changed_records: Vec<PageRecord> = Vec::new();
    let mut pages_changed = Vec::new();
    for (i, record) in outcome.written {
        let (was, q_before) = before.get(&i).copied().unwrap_or((EntryState::Pending, 0));
        let kind = if improved.contains(&i) {
            "improve"
        } else if was == EntryState::Pending {
            "render"
        } else {
            "relink"
        };
        let e = &entries[i];
        actions.push(Action {
            action: kind.into(),
            page: e.id.clone(),
            title: e.proposal.title.clone(),
            gene: e.gene.clone(),
            result: "written".into(),
            findings: findings_of.get(&i).cloned().unwrap_or_default(),
            quality_before: (was == EntryState::Generated).then_some(q_before),
            quality_after: Some(e.quality),
            note: None,
        });
        pages_changed.push(e.id.clone());
        changed_records.push(record);
        if kind == "improve" {
            // One improvement per version of a page: the gene is asked again only after the
            // page changes otherwise, so a gene that always answers cannot loop.
            entries[i].improve_declined = entries[i].page.as_ref().map(pages::fingerprint);
        }
    }
    // Retire what no gene can deliver, so completion reaches 100 when nothing is left.
    for e in entries.iter_mut() {
        let retire = match e.state {
            EntryState::Pending if e.failures >= MAX_RENDER_FAILURES => {
                Some("no gene could make a grounded page of it")
            }
            EntryState::Generated
                if e.quality < crate::quality::PASS
                    && e.page.as_ref().map(pages::fingerprint) == e.improve_declined =>
            {
                Some("its gene cannot make the page pass the checklist (the page is kept)")
            }
            _ => None,
        };
        if let Some(why) = retire {
            let mut a = action(e, "retire", "retired");
            a.note = Some(why.into());
            actions.push(a);
            e.state = EntryState::Retired;
            e.note = Some(why.into());
        }
    }
    let sha = if pages_changed.is_empty() {
        None
    } else {
        let n = state.round_seq + 1;
        let msg = format!(
            "{COMMIT_PREFIX} {n}: {} pages ({} rendered, {} improved, {} relinked)",
            pages_changed.len(),
            actions
                .iter()
                .filter(|a| a.action == "render" && a.result == "written")
                .count(),
            actions
                .iter()
                .filter(|a| a.action == "improve" && a.result == "written")
                .count(),
            actions
                .iter()
                .filter(|a| a.action == "relink" && a.result == "written")
                .count(),
        );
        crate::git::commit_all(&dir, &["docs"], &msg)?
    };
    for r in &mut changed_records {
        r.revision = sha.clone();
    }
    let completion_after = pages::completion(&entries);
    let page_count = entries
        .iter()
        .filter(|e| {
            e.state == EntryState::Generated || (e.state == EntryState::Retired && e.page.is_some())
        })
        .count() as u64;
    state.round_seq += 1;
    state.rounds_done += 1;
    if sha.is_some() {
        state.last_sha = sha.clone();
    }
    let pages_improved = actions
        .iter()
        .filter(|a| a.result == "written" && a.action != "relink")
        .count();
    let record = RoundRecord {
        round: state.round_seq,
        started_at,
        finished_at: Utc::now(),
        duration_ms: started.elapsed().as_millis() as u64,
        model,
        actions,
        pages_changed,
        pages_improved,
        completion_before,
        completion_after,
        commit: sha,
    };
    let rows: Vec<(String, &PlanEntry)> = entries.iter().map(|e| (e.id.clone(), e)).collect();
    app.store.record_round(
        &wiki.id,
        &rows,
        &changed_records,
        |w| {
            w.completion = completion_after;
            w.page_count = page_count;
            w.updated_at = Utc::now();
        },
        &*state,
        Some((record.round, &record)),
    )?;
    drop(_guard);
    append_log_file(&dir, &record);
    if !record.pages_changed.is_empty() {
        crate::search::index_wiki_logged(app, wiki);
    }
    Ok(Outcome::Round(Box::new(record)))
}

/// Appends the record to `logs/butler.jsonl` for operators (the store keeps the log the API
/// serves; `logs/` is never packaged).
fn append_log_file(dir: &std::path::Path, record: &RoundRecord) {
    use std::io::Write;
    let path = dir.join("logs").join("butler.jsonl");
    let result = std::fs::create_dir_all(dir.join("logs")).and_then(|_| {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)?;
        let mut line = serde_json::to_vec(record).unwrap_or_default();
        line.push(b'\n');
        f.write_all(&line)
    });
    if let Err(e) = result {
        tracing::warn!(path = %path.display(), error = %e, "cannot append to the butler log file");
    }
}

/// Whether a wiki can take a round now.
pub fn ready(wiki: &WikiRecord) -> bool {
    wiki.status == WikiStatus::Ready
}

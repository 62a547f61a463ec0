//! **grow**: every active gene proposes entries; duplicates and aliases across genes are merged;
//! the result is the wiki's **plan** (stored, see [`super::pages`]). The best-scored
//! `--grow-max-pages` entries are rendered in parallel, grounded (every citation must name a
//! real passage; a page without one is rejected), written to `docs/` as Markdown with front
//! matter and relative links, recorded in the store, and committed to git. The rest of the
//! plan is left pending for the butler.
//!
//! Re-running grow rewrites `docs/` and the plan from scratch, so it is idempotent.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::Utc;

use super::pages::{self, Catalog, PlanEntry, norm};
use super::{PipelineError, StageContext, StageOutcome};
use crate::analysis::{self, Analysis, Lang};
use crate::genes::{CallContext, DocSummary, Page, Proposal};
use crate::store::PageRecord;

/// Most entries one wiki gets from one grow.
const MAX_ENTRIES: usize = 5000;

/// Loads the analysed document of a wiki from its `corpus/document.json`.
pub fn load_analysis(
    dir: &std::path::Path,
    title: &str,
    lang: &str,
) -> Result<Analysis, PipelineError> {
    let json = std::fs::read_to_string(dir.join("corpus").join("document.json"))
        .map_err(PipelineError::io("read corpus/document.json"))?;
    let doc = crate::extract::from_json(&json).map_err(|e| {
        PipelineError::Generation(format!("corpus/document.json is unreadable: {e}"))
    })?;
    let document = analysis_document(&doc, title, Lang::parse(lang).unwrap_or(Lang::Zh));
    // The wiki's entry titles and aliases (from its pages, when it has any) join the
    // segmentation dictionary: what the wiki knows feeds the next analysis.
    Ok(Analysis::with_names(
        &document,
        &entry_names(&dir.join("docs")),
    ))
}

/// The document the analysis reads from an extracted one: its prose (`paragraph` blocks)
/// only, and the credit lines and contributors tables of its matter, with each block's
/// section, page and line and the code that follows it; what its tables say their rows'
/// names are; and the programs its code runs at a shell prompt. `title` stands in when the
/// document has none of its own.
pub fn analysis_document(
    doc: &crate::extract::ExtractedDoc,
    title: &str,
    lang: Lang,
) -> analysis::Document {
    analysis::Document {
        title: doc.title.clone().unwrap_or_else(|| title.to_string()),
        lang,
        chapters: doc
            .chapters
            .iter()
            .map(|c| analysis::Chapter {
                title: c.title.clone(),
                blocks: analysis_blocks(&c.blocks, lang),
                glosses: table_glosses(&c.blocks),
                parts: c.parts.clone(),
            })
            .collect(),
        // (the programs its code runs: "$ dpkg-deb -x …" makes dpkg-deb a program the
        // prose may name)
        programs: analysis::prompt_programs(
            doc.chapters
                .iter()
                .flat_map(|c| &c.blocks)
                .filter(|b| b.kind == crate::extract::BlockKind::Code)
                .map(|b| b.text.as_str()),
        ),
    }
}

/// A chapter's blocks as the analysis reads them (see [`analysis_document`]). A code block
/// goes with the block of text before it in the same section, where analysis reads that
/// one: "To list the files, type:" then "$ ls -l" (a method's step and its command); code
/// blocks one after the other are one listing. Code after a table, a licence or a heading
/// goes with nothing.
fn analysis_blocks(blocks: &[crate::extract::Block], lang: Lang) -> Vec<analysis::Block> {
    use crate::extract::BlockKind;
    let mut out: Vec<analysis::Block> = Vec::new();
    // (whether the last block of text was read, so that code may follow it)
    let mut read = false;
    // (whether the block before was code that went with it: a PDF gives a listing line by
    // line, and the lines are one listing again)
    let mut listing = false;
    // (a dictionary's head line, furniture at the start of its entry's section, which the
    // entry's first block of text carries)
    let mut head: Option<&crate::extract::Block> = None;
    let mut section = None;
    for b in blocks {
        let opens_section = section != Some(&b.location.section);
        section = Some(&b.location.section);
        if b.kind == BlockKind::Matter && opens_section && crate::extract::is_head_line(&b.text) {
            head = Some(b);
            continue;
        }
        let entry_head = head
            .take()
            .filter(|h| h.location.section == b.location.section)
            .map(|h| h.text.clone());
        if b.kind == BlockKind::Code {
            let Some(last) = out
                .last_mut()
                .filter(|l| read && l.section == b.location.section)
            else {
                continue;
            };
            match last.code_after.last_mut() {
                Some(code) if listing => {
                    code.text.push('\n');
                    code.text.push_str(&b.text);
                }
                _ => last.code_after.push(analysis::Code {
                    text: b.text.clone(),
                    page: b.location.page,
                    line: b.location.line,
                }),
            }
            listing = true;
            continue;
        }
        listing = false;
        read = b.kind == BlockKind::Paragraph
            || b.kind == BlockKind::Matter && is_credit_line(&b.text)
            // (a contributors table names the book's people)
            || b.kind == BlockKind::Table && lang == Lang::En && analysis::is_table_of_names(&b.text);
        if read {
            out.push(analysis::Block {
                text: b.text.clone(),
                section: b.location.section.clone(),
                page: b.location.page,
                line: b.location.line,
                code_after: Vec::new(),
                entry_head,
            });
        }
    }
    out
}

/// What a chapter's tables say each row's name is ("gettext | … | GNU Internationalization
/// utilities"), with where the row's table is: the only thing the analysis reads of a table
/// ([`analysis::table_glosses`]).
fn table_glosses(blocks: &[crate::extract::Block]) -> Vec<analysis::Gloss> {
    blocks
        .iter()
        .filter(|b| b.kind == crate::extract::BlockKind::Table)
        .flat_map(|b| {
            analysis::table_glosses(&crate::extract::table_rows(&b.text))
                .into_iter()
                .map(|(name, description)| analysis::Gloss {
                    name,
                    description,
                    section: b.location.section.clone(),
                    page: b.location.page,
                    line: b.location.line,
                })
        })
        .collect()
}

/// Whether a block of front or back matter is a short credit line ("Copyright © 1998 Josip
/// Rodin", "译者：杨博远", "Written by …"), or the line of a title page that gives a credited
/// person's mail address, with at most a role and years ("Chinese zh-cn Translation (2018)
/// <hxf.prc@gmail.com>", under the name's heading): it names the book's people, so analysis
/// reads it although the licence around it is kept out.
fn is_credit_line(text: &str) -> bool {
    let t = text.trim();
    let lower = t.to_lowercase();
    let labelled = [
        "copyright",
        "作者",
        "译者",
        "譯者",
        "author",
        "translator",
        "written by",
        "translated by",
    ]
    .iter()
    .any(|l| lower.starts_with(l));
    t.chars().count() <= 200
        && !t.contains('\n')
        && (labelled
            || analysis::is_mail_line(t)
            || t.contains('©')
            || t.contains("版权所有")
            || t.contains("版權所有"))
}

/// Analyses started ahead of grow, by job id (see [`prepare_analysis`]).
type Pending = std::thread::JoinHandle<Result<Analysis, PipelineError>>;

fn prepared() -> &'static std::sync::Mutex<HashMap<u64, Pending>> {
    static PREPARED: std::sync::OnceLock<std::sync::Mutex<HashMap<u64, Pending>>> =
        std::sync::OnceLock::new();
    PREPARED.get_or_init(Default::default)
}

/// Starts analysing the job's text on another thread for the grow that follows, so that the
/// analysis (tens of milliseconds for a book) overlaps boot's git commit. Boot calls this
/// after egg wrote `corpus/document.json`; nothing between boot and grow changes what the
/// analysis reads (`corpus/`, the titles in `docs/`). A job that resumes after a restart
/// finds nothing prepared and analyses in grow, as before.
pub(super) fn prepare_analysis(job_id: u64, dir: &std::path::Path, title: &str, lang: &str) {
    let (dir, title, lang) = (dir.to_path_buf(), title.to_string(), lang.to_string());
    let spawned = std::thread::Builder::new()
        .name("grove-analysis".into())
        .spawn(move || load_analysis(&dir, &title, &lang));
    match spawned {
        Ok(handle) => {
            if let Ok(mut map) = prepared().lock() {
                map.insert(job_id, handle);
            }
        }
        Err(e) => tracing::debug!(error = %e, "no thread for the analysis; grow will analyse"),
    }
}

/// Forgets the analysis prepared for a job that ended before its grow used it.
pub(super) fn discard_prepared(job_id: u64) {
    if let Ok(mut map) = prepared().lock() {
        map.remove(&job_id);
    }
}

/// The analysis boot prepared for this job, or a fresh one.
fn analysis_for(ctx: &StageContext<'_>) -> Result<Analysis, PipelineError> {
    let pending = prepared()
        .lock()
        .ok()
        .and_then(|mut m| m.remove(&ctx.job_id));
    if let Some(Ok(result)) = pending.map(std::thread::JoinHandle::join) {
        return result;
    }
    load_analysis(&ctx.dir, &ctx.wiki.name, &ctx.wiki.lang)
}

/// Titles and aliases of the pages in `docs/` (front matter only), at most 20,000 names.
fn entry_names(docs: &std::path::Path) -> Vec<String> {
    let mut names = Vec::new();
    let Ok(dir) = std::fs::read_dir(docs) else {
        return names;
    };
    for e in dir.flatten().take(5000) {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "md") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for line in text.lines().skip(1).take_while(|l| *l != "---") {
            if let Some(v) = line.strip_prefix("title: ") {
                names.extend(serde_json::from_str::<String>(v).ok());
            } else if let Some(v) = line.strip_prefix("aliases: ") {
                names.extend(serde_json::from_str::<Vec<String>>(v).unwrap_or_default());
            }
        }
        if names.len() >= 20_000 {
            break;
        }
    }
    names.sort();
    names.dedup();
    names
}

/// Wall-clock time of grow's steps, for the log ("analysis=12 propose=3 ...", in ms).
struct Laps {
    last: std::time::Instant,
    laps: Vec<(&'static str, u128)>,
}

impl Laps {
    fn start() -> Self {
        Laps {
            last: std::time::Instant::now(),
            laps: Vec::new(),
        }
    }

    fn lap(&mut self, step: &'static str) {
        let now = std::time::Instant::now();
        self.laps.push((step, (now - self.last).as_millis()));
        self.last = now;
    }
}

impl std::fmt::Display for Laps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (step, ms)) in self.laps.iter().enumerate() {
            write!(f, "{}{step}={ms}", if i == 0 { "" } else { " " })?;
        }
        Ok(())
    }
}

/// A planned entry: the merged proposal and the gene that will render it.
#[derive(Debug, Clone)]
struct Planned {
    proposal: Proposal,
    gene: String,
}

/// Merges proposals across genes: the same title or an alias of another entry is one entry.
/// Higher scores win the title and type; aliases are united.
fn resolve(mut proposals: Vec<(String, Proposal)>) -> Vec<Planned> {
    proposals.sort_by(|a, b| {
        b.1.score
            .total_cmp(&a.1.score)
            .then(a.1.title.cmp(&b.1.title))
    });
    let mut planned: Vec<Planned> = Vec::new();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    for (gene, p) in proposals {
        let title = p.title.trim().to_string();
        if title.is_empty() {
            continue;
        }
        let keys: Vec<String> = std::iter::once(title.as_str())
            .chain(p.aliases.iter().map(String::as_str))
            .map(norm)
            .filter(|k| !k.is_empty())
            .collect();
        match keys.iter().find_map(|k| by_key.get(k).copied()) {
            Some(i) => {
                let existing = &mut planned[i].proposal;
                for alias in std::iter::once(&title).chain(p.aliases.iter()) {
                    if norm(alias) != norm(&existing.title)
                        && !existing.aliases.iter().any(|a| norm(a) == norm(alias))
                    {
                        existing.aliases.push(alias.clone());
                    }
                }
                for k in keys {
                    by_key.entry(k).or_insert(i);
                }
            }
            None => {
                if planned.len() >= MAX_ENTRIES {
                    continue;
                }
                let i = planned.len();
                for k in keys {
                    by_key.entry(k).or_insert(i);
                }
                planned.push(Planned {
                    proposal: Proposal { title, ..p },
                    gene,
                });
            }
        }
    }
    planned
}

/// Unique URL-safe page ids for titles.
fn page_ids(planned: &[Planned]) -> Vec<String> {
    let mut used = HashSet::new();
    planned
        .iter()
        .map(|p| {
            let base = crate::slug::derive(&p.proposal.title, "page");
            let mut id = base.clone();
            let mut n = 1;
            while !used.insert(id.clone()) {
                n += 1;
                id = format!("{base}-{n}");
            }
            id
        })
        .collect()
}

pub(super) fn run(ctx: &mut StageContext<'_>) -> Result<StageOutcome, PipelineError> {
    let mut laps = Laps::start();
    ctx.progress(0.0, "analysing the text");
    let analysis = Arc::new(analysis_for(ctx)?);
    ctx.checkpoint()?;
    let registry = ctx.app.genes.clone();
    let genes = registry.active();
    if genes.is_empty() {
        return Err(PipelineError::Generation(
            "no gene is active; check GET /api/v1/genes for their errors".into(),
        ));
    }
    let summary = DocSummary::from_analysis(&analysis);
    laps.lap("analysis");
    let base_ctx = CallContext::new(analysis.clone()).with_job(ctx.job_id.to_string());

    ctx.progress(0.05, "genes are proposing entries");
    // Every gene proposes on its own thread (each call is its own instance); the proposals
    // are gathered in the registry's order, so the plan does not depend on which ends first.
    let lang = ctx.wiki.lang.as_str();
    let proposing: Vec<_> = genes
        .iter()
        .filter(|g| {
            let langs = &g.info.languages;
            langs.is_empty() || langs.iter().any(|l| l == lang || l == "*")
        })
        .collect();
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = proposing
            .iter()
            .map(|gene| {
                let (registry, base_ctx, summary) = (&registry, &base_ctx, &summary);
                s.spawn(move || registry.propose(&gene.info.name, base_ctx, summary))
            })
            .collect();
        handles.into_iter().map(|h| h.join()).collect()
    });
    let mut proposals = Vec::new();
    for (gene, result) in proposing.iter().zip(results) {
        let name = &gene.info.name;
        match result {
            Ok(Ok(ps)) => proposals.extend(ps.into_iter().map(|p| (name.clone(), p))),
            Ok(Err(e)) => {
                tracing::warn!(gene.name = %name, error = %e, "propose failed; the gene's entries are skipped")
            }
            Err(_) => {
                tracing::error!(gene.name = %name, "propose panicked: this is a bug in grove; the gene's entries are skipped")
            }
        }
    }
    laps.lap("propose");
    // (among equal scores, the entries the text names most first: a dictionary's thousands
    // of documented words score alike, and its central ones should not wait behind the
    // alphabet; each entry's count looked up once)
    let mut weighed: Vec<(u32, Planned)> = resolve(proposals)
        .into_iter()
        .map(|p| (analysis.term(&p.proposal.key).map_or(0, |t| t.frequency), p))
        .collect();
    weighed.sort_by(|(fa, a), (fb, b)| {
        b.proposal
            .score
            .total_cmp(&a.proposal.score)
            .then_with(|| fb.cmp(fa))
    });
    let planned: Vec<Planned> = weighed.into_iter().map(|(_, p)| p).collect();
    let ids = page_ids(&planned);
    // The plan: every merged proposal, best-scored first, then most mentioned first. Grow
    // renders the first `grow_max_pages`; the butler renders the rest in its rounds.
    let mut entries: Vec<PlanEntry> = planned
        .into_iter()
        .zip(ids)
        .map(|(p, id)| PlanEntry::planned(id, p.proposal, p.gene))
        .collect();
    let catalog = Arc::new(Catalog::new(&entries, analysis.lang()));
    let call_ctx = base_ctx.with_entries(catalog.entry_lookup());
    ctx.checkpoint()?;

    // Render in parallel within the quota.
    let total = entries.len().min(ctx.app.config.grow_max_pages);
    let done = AtomicUsize::new(0);
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(total.max(1));
    let mut rendered: Vec<(usize, Page)> = Vec::new();
    let doc_title = analysis.title().to_string();
    let lang = ctx.wiki.lang.clone();
    let plan = &entries;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        if ctx.checkpoint().is_err() {
                            break;
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= total {
                            break;
                        }
                        let p = &plan[i];
                        let entry = pages::entry_of(p, &lang, &doc_title);
                        match registry.render(&p.gene, &call_ctx, &entry) {
                            Ok(page) => out.push((i, page)),
                            Err(e) => tracing::warn!(gene.name = %p.gene, entry = %p.proposal.title, error = %e, "render failed; entry left for the butler"),
                        }
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        ctx.progress(0.1 + 0.75 * d as f32 / total as f32, &format!("rendered {d} of {total} entries"));
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            rendered.extend(h.join().unwrap_or_default());
        }
    });
    rendered.sort_by_key(|(i, _)| *i);
    laps.lap("render");
    ctx.checkpoint()?;

    ctx.progress(0.88, "writing pages");
    let previous: HashMap<String, PageRecord> = ctx
        .app
        .store
        .pages(&ctx.wiki.id)?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    let outcome = pages::write_batch(
        &ctx.dir,
        &analysis,
        &registry,
        &mut entries,
        &catalog,
        rendered,
        &[],
        &previous,
    )
    .map_err(PipelineError::io("write docs/"))?;
    for &i in &outcome.rejected {
        entries[i].failures += 1;
        entries[i].note = Some("the page cited no passage of the source".into());
    }
    let mut records: Vec<PageRecord> = outcome.written.into_iter().map(|(_, r)| r).collect();
    // Remove pages a previous run wrote that this run did not.
    let docs = ctx.dir.join("docs");
    let keep: HashSet<String> = records.iter().map(|r| format!("{}.md", r.id)).collect();
    if let Ok(dir_entries) = std::fs::read_dir(&docs) {
        for e in dir_entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if name.ends_with(".md") && !keep.contains(&name) {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    laps.lap("write");
    ctx.checkpoint()?;
    ctx.progress(0.95, "committing and indexing");
    // The wiki as it will be recorded: its page count and time stamp the search index,
    // which is built from docs/ on another thread while git commits and the store records.
    let completion = pages::completion(&entries);
    let mut grown = ctx.wiki.clone();
    grown.page_count = records.len() as u64;
    grown.completion = completion;
    grown.updated_at = Utc::now();
    let by_id: HashMap<String, PageRecord> =
        records.iter().map(|r| (r.id.clone(), r.clone())).collect();
    let app = ctx.app;
    let (committed, indexed) = std::thread::scope(|s| {
        let indexer = s.spawn(|| {
            let t = std::time::Instant::now();
            // Search index (derived data): failures are logged, the next search rebuilds it.
            if let Err(e) = crate::search::index_wiki_as(app, &grown, &by_id) {
                tracing::warn!(wiki.slug = %grown.slug, error = %e, "building the search index failed; it is rebuilt on the next search");
            }
            t.elapsed().as_millis()
        });
        let committed = (|| -> Result<(), PipelineError> {
            let sha = crate::git::commit_all(
                &ctx.dir,
                &["docs"],
                &format!("Grow: {} pages", records.len()),
            )?;
            laps.lap("git");
            for r in &mut records {
                r.revision = sha.clone();
            }
            let plan_rows: Vec<(String, &PlanEntry)> =
                entries.iter().map(|e| (e.id.clone(), e)).collect();
            app.store
                .replace_plan(&ctx.wiki.id, &plan_rows, &records, |w| {
                    w.page_count = grown.page_count;
                    w.completion = grown.completion;
                    w.updated_at = grown.updated_at;
                })?;
            laps.lap("store");
            Ok(())
        })();
        (committed, indexer.join().unwrap_or(0))
    });
    committed?;
    laps.lap("index-wait");
    tracing::info!(wiki.slug = %ctx.wiki.slug, planned = entries.len(), rendered = total, pages = records.len(), completion, index_ms = indexed, ms = %laps, "grown");
    ctx.progress(1.0, "pages written");
    Ok(StageOutcome::Continue)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(title: &str, aliases: &[&str], score: f32, ty: &str) -> Proposal {
        Proposal {
            entry_type: ty.into(),
            title: title.into(),
            aliases: aliases.iter().map(|s| s.to_string()).collect(),
            score,
            key: title.into(),
        }
    }

    #[test]
    fn credit_lines_of_the_front_matter_are_read() {
        for (text, credit) in [
            ("Copyright © 2014-2021 Osamu Aoki", true),
            ("“Guide”, 版权所有 © 1998-2002 Josip Rodin。", true),
            ("译者：杨博远", true),
            ("Written by Ann Lee.", true),
            ("Chinese zh-cn Translation (2018) <hxf.prc@gmail.com>", true),
            ("<osamu@debian.org>", true),
            (
                "Send your questions to the list <debian-devel@lists.debian.org> or ask on IRC.",
                false,
            ),
            (
                "Permission is granted to copy and distribute this manual.",
                false,
            ),
            ("1. Introduction ........ 3", false),
        ] {
            assert_eq!(is_credit_line(text), credit, "{text}");
        }
    }

    #[test]
    fn code_goes_with_the_text_before_it_in_its_section() {
        use crate::extract::{Block, BlockKind, Location};
        // (a block as (kind, section, text)) -> the code each analysed block carries
        let block = |kind: BlockKind, section: &str, text: &str| Block {
            text: text.into(),
            kind,
            location: Location {
                section: Some(section.into()),
                ..Location::default()
            },
        };
        use BlockKind::{Code, Paragraph, Table};
        let cases: Vec<(Vec<Block>, Vec<Vec<&str>>)> = vec![
            // a step and its command; the lines of one listing are one listing again
            (
                vec![
                    block(Paragraph, "A", "To list the files, type:"),
                    block(Code, "A", "$ cd /srv"),
                    block(Code, "A", "$ ls -l"),
                    block(Paragraph, "A", "Then read the sizes."),
                ],
                vec![vec!["$ cd /srv\n$ ls -l"], vec![]],
            ),
            // two listings with text between go each with the text before it
            (
                vec![
                    block(Paragraph, "A", "First:"),
                    block(Code, "A", "a"),
                    block(Paragraph, "A", "Second:"),
                    block(Code, "A", "b"),
                ],
                vec![vec!["a"], vec!["b"]],
            ),
            // code under a new heading, or after a table the analysis does not read, goes
            // with nothing
            (
                vec![
                    block(Paragraph, "A", "Text."),
                    block(Code, "B", "a"),
                    block(Table, "B", "PID  ACCESS"),
                    block(Code, "B", "b"),
                ],
                vec![vec![]],
            ),
        ];
        for (blocks, want) in cases {
            let got: Vec<Vec<String>> = analysis_blocks(&blocks, Lang::En)
                .into_iter()
                .map(|b| b.code_after.into_iter().map(|c| c.text).collect())
                .collect();
            assert_eq!(got, want, "{blocks:?}");
        }
    }

    #[test]
    fn duplicates_and_aliases_merge_across_genes() {
        let planned = resolve(vec![
            ("person".into(), p("Mr. Darcy", &["Darcy"], 0.9, "person")),
            ("concept".into(), p("darcy", &[], 0.3, "concept")),
            ("person".into(), p("Elizabeth", &["Lizzy"], 0.8, "person")),
            ("concept".into(), p("Lizzy", &["Eliza"], 0.2, "concept")),
            ("concept".into(), p("  ", &[], 0.5, "concept")),
        ]);
        let got: Vec<(&str, &str, Vec<&str>)> = planned
            .iter()
            .map(|x| {
                (
                    x.proposal.title.as_str(),
                    x.gene.as_str(),
                    x.proposal.aliases.iter().map(String::as_str).collect(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("Mr. Darcy", "person", vec!["Darcy"]),
                ("Elizabeth", "person", vec!["Lizzy", "Eliza"]),
            ]
        );
        assert_eq!(page_ids(&planned), ["mr-darcy", "elizabeth"]);
    }
}

//! **grow**: every active gene proposes entries; duplicates and aliases across genes are merged;
//! pages are rendered in parallel, checked for grounding (every citation must name a real
//! passage; a page without one is dropped), written to `docs/` as Markdown with front matter and
//! relative links, recorded in the store, and committed to git.
//!
//! Re-running grow rewrites `docs/` from scratch, so it is idempotent.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::Utc;

use super::fsutil::write_atomic;
use super::{PipelineError, StageContext, StageOutcome};
use crate::analysis::{self, Analysis, Lang};
use crate::genes::{CallContext, DocSummary, Entry, Page, Proposal};
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
    let document = analysis::Document {
        title: doc.title.clone().unwrap_or_else(|| title.to_string()),
        lang: Lang::parse(lang).unwrap_or(Lang::Zh),
        chapters: doc
            .chapters
            .iter()
            .map(|c| analysis::Chapter {
                title: c.title.clone(),
                blocks: c
                    .blocks
                    .iter()
                    .filter(|b| b.kind == crate::extract::BlockKind::Paragraph)
                    .map(|b| analysis::Block {
                        text: b.text.clone(),
                        section: b.location.section.clone(),
                        page: b.location.page,
                        line: b.location.line,
                    })
                    .collect(),
            })
            .collect(),
    };
    Ok(Analysis::new(&document))
}

/// A planned entry: the merged proposal and the gene that will render it.
#[derive(Debug, Clone)]
struct Planned {
    proposal: Proposal,
    gene: String,
}

fn norm(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
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
    ctx.progress(0.0, "analysing the text");
    let analysis = Arc::new(load_analysis(&ctx.dir, &ctx.wiki.name, &ctx.wiki.lang)?);
    ctx.checkpoint()?;
    let registry = ctx.app.genes.clone();
    let genes = registry.active();
    if genes.is_empty() {
        return Err(PipelineError::Generation(
            "no gene is active; check GET /api/v1/genes for their errors".into(),
        ));
    }
    let summary = DocSummary::from_analysis(&analysis);
    let base_ctx = CallContext::new(analysis.clone()).with_job(ctx.job_id.to_string());

    ctx.progress(0.05, "genes are proposing entries");
    let mut proposals = Vec::new();
    for gene in &genes {
        let name = gene.info.name.clone();
        let langs = &gene.info.languages;
        if !langs.is_empty() && !langs.iter().any(|l| l == &ctx.wiki.lang || l == "*") {
            continue;
        }
        match registry.propose(&name, &base_ctx, &summary) {
            Ok(ps) => proposals.extend(ps.into_iter().map(|p| (name.clone(), p))),
            Err(e) => {
                tracing::warn!(gene.name = %name, error = %e, "propose failed; the gene's entries are skipped")
            }
        }
    }
    let planned = resolve(proposals);
    let ids = page_ids(&planned);
    let mut lookup: HashMap<String, usize> = HashMap::new();
    for (i, p) in planned.iter().enumerate() {
        for name in std::iter::once(&p.proposal.title).chain(p.proposal.aliases.iter()) {
            lookup.entry(norm(name)).or_insert(i);
        }
    }
    let lookup = Arc::new(lookup);
    let titles: Arc<Vec<String>> =
        Arc::new(planned.iter().map(|p| p.proposal.title.clone()).collect());
    let entry_for: crate::genes::runtime::EntryLookup = {
        let (lookup, titles) = (lookup.clone(), titles.clone());
        Arc::new(move |term: &str| lookup.get(&norm(term)).map(|&i| titles[i].clone()))
    };
    let call_ctx = base_ctx.with_entries(entry_for);
    ctx.checkpoint()?;

    // Render in parallel within the quota.
    let total = planned.len();
    let done = AtomicUsize::new(0);
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(total.max(1));
    let mut rendered: Vec<Option<Page>> = vec![None; total];
    let doc_title = analysis.title().to_string();
    let lang = ctx.wiki.lang.clone();
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
                        let p = &planned[i];
                        let entry = Entry::from_proposal(&p.proposal, &lang, &doc_title);
                        match registry.render(&p.gene, &call_ctx, &entry) {
                            Ok(page) => out.push((i, page)),
                            Err(e) => tracing::warn!(gene.name = %p.gene, entry = %p.proposal.title, error = %e, "render failed; entry skipped"),
                        }
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        ctx.progress(0.1 + 0.75 * d as f32 / total as f32, &format!("rendered {d} of {total} entries"));
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            for (i, page) in h.join().unwrap_or_default() {
                rendered[i] = Some(page);
            }
        }
    });
    ctx.checkpoint()?;

    ctx.progress(0.88, "writing pages");
    let exists = |t: &str| lookup.contains_key(&norm(t));
    let now = Utc::now();
    let previous: HashMap<String, PageRecord> = ctx
        .app
        .store
        .pages(&ctx.wiki.id)?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    let docs = ctx.dir.join("docs");
    std::fs::create_dir_all(&docs).map_err(PipelineError::io("create docs/"))?;
    let mut records = Vec::new();
    let mut passing = 0usize;
    for (i, page) in rendered.into_iter().enumerate() {
        let Some(mut page) = page else { continue };
        // Grounding: keep only citations of real passages; a page with none is not written.
        page.citations
            .retain(|c| analysis.passage(&c.passage_id).is_some());
        if page.citations.is_empty() {
            tracing::debug!(entry = %planned[i].proposal.title, "page dropped: no citation of a real passage");
            continue;
        }
        page.links
            .retain(|l| exists(l) && norm(l) != norm(&planned[i].proposal.title));
        let review = crate::quality::review(&page, &exists);
        let quality = crate::quality::score_percent(&review);
        if quality >= crate::quality::PASS {
            passing += 1;
        }
        let id = ids[i].clone();
        let link_ids: Vec<String> = page
            .links
            .iter()
            .filter_map(|l| lookup.get(&norm(l)).map(|&j| ids[j].clone()))
            .filter(|j| *j != id)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let gene = planned[i].gene.clone();
        let gene_version = registry
            .record_of(&gene)
            .and_then(|r| r.version)
            .unwrap_or_default();
        let markdown = render_markdown(
            &id, &page, &gene, quality, &analysis, &link_ids, &titles, &lookup, &ids,
        );
        write_atomic(&docs.join(format!("{id}.md")), markdown.as_bytes())
            .map_err(PipelineError::io(format!("write docs/{id}.md")))?;
        records.push(PageRecord {
            id: id.clone(),
            title: page.title.clone(),
            page_type: page.entry_type.clone(),
            summary: page.summary.clone(),
            aliases: page.aliases.clone(),
            gene,
            gene_version,
            quality,
            chars: markdown.chars().count() as u64,
            links: link_ids,
            created_at: previous.get(&id).and_then(|p| p.created_at).or(Some(now)),
            updated_at: Some(now),
            revision: None,
        });
    }
    // Remove pages a previous run wrote that this run did not.
    let keep: HashSet<String> = records.iter().map(|r| format!("{}.md", r.id)).collect();
    if let Ok(entries) = std::fs::read_dir(&docs) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if name.ends_with(".md") && !keep.contains(&name) {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    ctx.checkpoint()?;
    ctx.progress(0.95, "committing");
    let sha = crate::git::commit_all(
        &ctx.dir,
        &["docs"],
        &format!("Grow: {} pages", records.len()),
    )?;
    for r in &mut records {
        r.revision = sha.clone();
    }
    ctx.app.store.replace_pages(&ctx.wiki.id, &records)?;
    let completion = (passing * 100).checked_div(total).unwrap_or(100) as u8;
    ctx.app.store.update_wiki(&ctx.wiki.id, |w| {
        w.page_count = records.len() as u64;
        w.completion = completion;
        w.updated_at = Utc::now();
    })?;
    tracing::info!(wiki.slug = %ctx.wiki.slug, planned = total, pages = records.len(), completion, "grown");
    // Search index (derived data, issue 6): failures are logged, the next search rebuilds it.
    crate::search::index_wiki_logged(ctx.app, &ctx.wiki);
    ctx.progress(1.0, "pages written");
    Ok(StageOutcome::Continue)
}

/// Formats a citation's location for readers: chapter, section, page or line.
pub fn location_label(loc: &analysis::Location) -> String {
    let mut parts = Vec::new();
    if !loc.chapter_title.is_empty() {
        parts.push(loc.chapter_title.clone());
    }
    if let Some(s) = &loc.section
        && Some(s) != Some(&loc.chapter_title)
    {
        parts.push(s.clone());
    }
    if let Some(p) = loc.page {
        parts.push(format!("p. {p}"));
    } else if let Some(l) = loc.line {
        parts.push(format!("line {l}"));
    }
    parts.join(", ")
}

/// Turns `[[Title]]` wiki links into relative Markdown links when the entry exists, and into
/// plain text when it does not, so no page has a broken link.
fn resolve_wiki_links(text: &str, link: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[[") {
        let Some(len) = rest[start + 2..].find("]]") else {
            break;
        };
        let inner = &rest[start + 2..start + 2 + len];
        out.push_str(&rest[..start]);
        let (target, label) = inner.split_once('|').unwrap_or((inner, inner));
        match link(target.trim()) {
            Some(id) => {
                let _ = write!(out, "[{}]({id}.md)", label.trim());
            }
            None => out.push_str(label.trim()),
        }
        rest = &rest[start + 2 + len + 2..];
    }
    out.push_str(rest);
    out
}

fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("string serializes")
}

#[allow(clippy::too_many_arguments)]
fn render_markdown(
    id: &str,
    page: &Page,
    gene: &str,
    quality: u8,
    analysis: &Analysis,
    link_ids: &[String],
    titles: &[String],
    lookup: &HashMap<String, usize>,
    ids: &[String],
) -> String {
    let mut md = String::new();
    let sources: Vec<String> = page
        .citations
        .iter()
        .map(|c| c.passage_id.clone())
        .collect();
    let _ = writeln!(md, "---");
    let _ = writeln!(md, "id: {}", yaml_str(id));
    let _ = writeln!(md, "title: {}", yaml_str(&page.title));
    let _ = writeln!(md, "type: {}", yaml_str(&page.entry_type));
    let _ = writeln!(
        md,
        "aliases: {}",
        serde_json::to_string(&page.aliases).unwrap_or_default()
    );
    let _ = writeln!(md, "summary: {}", yaml_str(&page.summary));
    let _ = writeln!(md, "gene: {}", yaml_str(gene));
    let _ = writeln!(md, "quality: {quality}");
    let _ = writeln!(
        md,
        "sources: {}",
        serde_json::to_string(&sources).unwrap_or_default()
    );
    let _ = writeln!(md, "---\n");
    let _ = writeln!(md, "# {}\n", page.title);
    if !page.summary.is_empty() {
        let _ = writeln!(md, "{}\n", page.summary);
    }
    let link = |title: &str| lookup.get(&norm(title)).map(|&j| ids[j].clone());
    for s in &page.sections {
        if !s.heading.is_empty() {
            let _ = writeln!(md, "## {}\n", s.heading);
        }
        let _ = writeln!(md, "{}\n", resolve_wiki_links(s.body.trim_end(), &link));
    }
    // Footnote definitions: every citation with the quoted passage and where it is.
    let _ = writeln!(md, "## Sources\n");
    for c in &page.citations {
        let where_ = analysis
            .passage(&c.passage_id)
            .map(|p| location_label(&p.location))
            .unwrap_or_default();
        let _ = writeln!(
            md,
            "[^{}]: “{}” — {}",
            c.passage_id,
            c.quote.replace('\n', " "),
            where_
        );
    }
    if !link_ids.is_empty() {
        let _ = writeln!(md, "\n## Related\n");
        for target in link_ids {
            let title = ids
                .iter()
                .position(|x| x == target)
                .map(|j| titles[j].clone())
                .or_else(|| lookup.get(target).map(|&j| titles[j].clone()))
                .unwrap_or_else(|| target.clone());
            let _ = writeln!(md, "- [{title}]({target}.md)");
        }
    }
    md
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
    fn wiki_links_resolve_or_become_text() {
        let link = |t: &str| (t == "Compost").then(|| "compost".to_string());
        let cases = [
            ("see [[Compost]].", "see [Compost](compost.md)."),
            ("see [[Compost|rich soil]]", "see [rich soil](compost.md)"),
            ("no [[Ghost]] here", "no Ghost here"),
            ("open [[ bracket", "open [[ bracket"),
        ];
        for (input, want) in cases {
            assert_eq!(resolve_wiki_links(input, &link), want);
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

//! Pages as grow and the butler both write them: the wiki's **plan** (every entry the genes
//! proposed, whether it was generated yet, and the structured page the gene made), grounding
//! (a citation must name a real passage; a page without one is rejected), link resolution
//! (links only to entries that exist), the Markdown file with front matter, the page record,
//! and the wiki's `completion` (DESIGN.md §6: the share of planned entries that exist and pass
//! the checklist).
//!
//! Both callers go through [`write_batch`], so a page written by the butler is grounded and
//! formatted exactly like one written by grow. This module writes files but does not commit,
//! index or lock: its callers do that around it.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::fsutil::{write_atomic_unsynced, write_unpublished};
use crate::analysis::{self, Analysis};
use crate::genes::{Entry, GeneRegistry, Page, Proposal};
use crate::store::PageRecord;

/// Where a planned entry stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryState {
    /// Planned, not generated yet (grow's cap, or a render that failed).
    Pending,
    /// A grounded page exists in `docs/`.
    Generated,
    /// Taken out of the plan: no gene could make a grounded (or passing) page of it.
    Retired,
}

/// One planned entry of a wiki, as stored (`store.plan`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PlanEntry {
    /// The page id (`docs/<id>.md`), unique within the wiki.
    pub id: String,
    pub proposal: Proposal,
    /// The gene that renders (and improves) it.
    pub gene: String,
    pub state: EntryState,
    /// The grounded page as the gene made it (links unfiltered, so they can be resolved
    /// again when more entries exist).
    #[serde(default)]
    pub page: Option<Page>,
    /// Checklist score 0–100 of the written page.
    #[serde(default)]
    pub quality: u8,
    /// Link targets that were planned but not generated when the page was written.
    #[serde(default)]
    pub unresolved: Vec<String>,
    /// Renders that produced no grounded page, in a row.
    #[serde(default)]
    pub failures: u32,
    /// Fingerprint of the page when a gene last declined (or failed) to improve it; the butler
    /// does not ask again until the page changes.
    #[serde(default)]
    pub improve_declined: Option<String>,
    /// Why the entry was retired, or the last problem.
    #[serde(default)]
    pub note: Option<String>,
    #[serde(default)]
    pub updated_at: Option<DateTime<Utc>>,
}

impl PlanEntry {
    /// A new pending entry.
    pub fn planned(id: String, proposal: Proposal, gene: String) -> PlanEntry {
        PlanEntry {
            id,
            proposal,
            gene,
            state: EntryState::Pending,
            page: None,
            quality: 0,
            unresolved: Vec::new(),
            failures: 0,
            improve_declined: None,
            note: None,
            updated_at: None,
        }
    }

    /// Exists and passes the checklist.
    pub fn passes(&self) -> bool {
        self.state == EntryState::Generated && self.quality >= crate::quality::PASS
    }
}

/// A short fingerprint of a page's content (for "already asked about this version").
pub fn fingerprint(page: &Page) -> String {
    use sha2::{Digest, Sha256};
    let json = serde_json::to_vec(page).unwrap_or_default();
    hex::encode(&Sha256::digest(&json)[..12])
}

/// `completion` of a plan: passing entries over entries not retired, 0–100 (100 when the
/// plan is empty). Rounded down, so 100 means every planned entry passes.
pub fn completion(entries: &[PlanEntry]) -> u8 {
    let planned = entries
        .iter()
        .filter(|e| e.state != EntryState::Retired)
        .count();
    let passing = entries.iter().filter(|e| e.passes()).count();
    (passing * 100).checked_div(planned).unwrap_or(100) as u8
}

/// Normalized name for matching titles and aliases ([`crate::analysis::fold_name`]).
pub fn norm(s: &str) -> String {
    crate::analysis::fold_name(s)
}

/// A name as the catalog of a wiki in `lang` matches it: [`norm`] in English; in Chinese its
/// words joined by single spaces, case kept.
fn name_key(s: &str, lang: analysis::Lang) -> String {
    match lang {
        analysis::Lang::En => norm(s),
        analysis::Lang::Zh => s.split_whitespace().collect::<Vec<_>>().join(" "),
    }
}

/// Names (titles and aliases) of the plan to entry indexes.
///
/// Names match as the analysis of the wiki's language tells terms apart: an English name
/// by [`norm`] (case folded, since a sentence's first word is capitalised), a name in a
/// Chinese text with its case kept. A Chinese text writes a Latin word mid-sentence as it
/// is, so "Debian" (the project) and "debian" (the directory) are two things there: a
/// mention of one must not link to the other's page.
pub struct Catalog {
    lookup: HashMap<String, usize>,
    titles: Vec<String>,
    lang: analysis::Lang,
}

impl Catalog {
    pub fn new(entries: &[PlanEntry], lang: analysis::Lang) -> Catalog {
        let mut lookup = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            for name in std::iter::once(&e.proposal.title).chain(e.proposal.aliases.iter()) {
                lookup.entry(name_key(name, lang)).or_insert(i);
            }
        }
        Catalog {
            lookup,
            titles: entries.iter().map(|e| e.proposal.title.clone()).collect(),
            lang,
        }
    }

    /// The entry named `name` (title or alias), if planned.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.lookup.get(&name_key(name, self.lang)).copied()
    }

    /// The `entry-for` import of gene calls: the planned entry's title for a term or alias.
    pub fn entry_lookup(self: &Arc<Self>) -> crate::genes::runtime::EntryLookup {
        let me = self.clone();
        Arc::new(move |term: &str| me.index_of(term).map(|i| me.titles[i].clone()))
    }
}

/// The entry a gene renders for plan entry `e`.
pub fn entry_of(e: &PlanEntry, lang: &str, doc_title: &str) -> Entry {
    Entry::from_proposal(&e.proposal, lang, doc_title)
}

/// Keeps only citations of real passages (in order, without repeats). A page left without one
/// is not grounded and must be rejected.
pub fn ground(page: &mut Page, analysis: &Analysis) -> bool {
    let mut seen = HashSet::new();
    page.citations
        .retain(|c| analysis.passage(&c.passage_id).is_some() && seen.insert(c.passage_id.clone()));
    !page.citations.is_empty()
}

/// What a batch did.
#[derive(Debug, Default)]
pub struct BatchOutcome {
    /// Entries whose page was written, with its record.
    pub written: Vec<(usize, PageRecord)>,
    /// Entries whose new page was rejected because it cites no real passage.
    pub rejected: Vec<usize>,
    /// Entries whose new page scored below its floor (with that score); not written.
    pub worse: Vec<(usize, u8)>,
}

/// Writes a batch of new pages for plan entries, grounded, linked and formatted, and updates
/// those entries (state, stored page, quality). `pages` are the genes' pages by entry index;
/// pages that cite no real passage are rejected (their entries are left as they were).
/// `relink` are entries whose stored page is written again with the links that resolve now.
/// Records keep `created_at` from `previous`. The caller commits, and that commit is what makes
/// the written files durable: it must come before anything records the batch as done.
#[allow(clippy::too_many_arguments)]
pub fn write_batch(
    dir: &Path,
    analysis: &Analysis,
    registry: &GeneRegistry,
    entries: &mut [PlanEntry],
    catalog: &Catalog,
    pages: Vec<(usize, Page)>,
    relink: &[usize],
    previous: &HashMap<String, PageRecord>,
) -> std::io::Result<BatchOutcome> {
    write_batch_checked(
        dir,
        analysis,
        registry,
        entries,
        catalog,
        pages,
        relink,
        previous,
        &HashMap::new(),
        Publish::NotYet,
    )
}

/// Whether readers can see the `docs/` a batch writes to while it is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Publish {
    /// Grow, before the wiki is ready: new pages are written in place.
    NotYet,
    /// A ready wiki (the butler): every page is replaced atomically.
    Live,
}

/// [`write_batch`] where a new page for an entry in `floor` is only written when its checklist
/// score is at least the floor (an improvement must not make a page worse).
#[allow(clippy::too_many_arguments)]
pub fn write_batch_checked(
    dir: &Path,
    analysis: &Analysis,
    registry: &GeneRegistry,
    entries: &mut [PlanEntry],
    catalog: &Catalog,
    pages: Vec<(usize, Page)>,
    relink: &[usize],
    previous: &HashMap<String, PageRecord>,
    floor: &HashMap<usize, u8>,
    publish: Publish,
) -> std::io::Result<BatchOutcome> {
    let mut out = BatchOutcome::default();
    let mut accepted: Vec<(usize, Page)> = Vec::new();
    for (i, mut page) in pages {
        if ground(&mut page, analysis) {
            accepted.push((i, page));
        } else {
            tracing::debug!(entry = %entries[i].proposal.title, "page rejected: no citation of a real passage");
            out.rejected.push(i);
        }
    }
    // What exists once this batch is written: links may point at it.
    let mut exists: Vec<bool> = entries
        .iter()
        .map(|e| e.state == EntryState::Generated)
        .collect();
    for (i, _) in &accepted {
        exists[*i] = true;
    }
    let mut todo: Vec<(usize, Page)> = accepted;
    for &i in relink {
        if let Some(page) = entries[i].page.clone()
            && entries[i].state == EntryState::Generated
            && !todo.iter().any(|(j, _)| *j == i)
        {
            todo.push((i, page));
        }
    }
    let docs = dir.join("docs");
    std::fs::create_dir_all(&docs)?;
    let now = Utc::now();
    // Markdown and checklist per page on one worker per core (a few hundred pages take tens of
    // milliseconds on one); the files are written by one more thread as the pages come. One
    // writer, because creating files in one directory takes the directory's lock: two writers
    // spent most of their time spinning on it when the filesystem is slow to create files.
    // The entries are updated afterwards, in order.
    // (record, quality, unresolved links, worse than the floor) of each page, in `todo`'s order
    type Finished = (PageRecord, u8, Vec<String>, bool);
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 4);
    let per = todo.len().div_ceil(workers).max(1);
    let shared: &[PlanEntry] = entries;
    let (results, written): (Vec<Vec<Finished>>, std::io::Result<()>) = std::thread::scope(|s| {
        let (files, to_write) = std::sync::mpsc::sync_channel::<(PathBuf, String)>(64);
        let writer = s.spawn(move || -> std::io::Result<()> {
            for (path, markdown) in to_write {
                match publish {
                    Publish::NotYet => write_unpublished(&path, markdown.as_bytes())?,
                    Publish::Live => write_atomic_unsynced(&path, markdown.as_bytes())?,
                }
            }
            Ok(())
        });
        let handles: Vec<_> = todo
            .chunks(per)
            .map(|chunk| {
                let (exists, docs, files) = (&exists, &docs, files.clone());
                s.spawn(move || -> Vec<Finished> {
                    let mut done = Vec::with_capacity(chunk.len());
                    for (i, page) in chunk {
                        let i = *i;
                        let (markdown, record, quality, unresolved) = finish(
                            i, page, shared, catalog, exists, analysis, registry, previous, now,
                        );
                        let worse = floor.get(&i).is_some_and(|&f| quality < f);
                        if !worse {
                            let path = docs.join(format!("{}.md", shared[i].id));
                            if files.send((path, markdown)).is_err() {
                                break; // the writer failed: its error is the batch's
                            }
                        }
                        done.push((record, quality, unresolved, worse));
                    }
                    done
                })
            })
            .collect();
        drop(files);
        let results = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect();
        let written = writer
            .join()
            .unwrap_or_else(|_| Err(std::io::Error::other("the page writer panicked")));
        (results, written)
    });
    written?;
    if results.iter().map(Vec::len).sum::<usize>() != todo.len() {
        return Err(std::io::Error::other("a page worker panicked"));
    }
    let mut finished: Vec<Finished> = Vec::with_capacity(todo.len());
    for r in results {
        finished.extend(r);
    }
    for ((i, page), (record, quality, unresolved, worse)) in todo.into_iter().zip(finished) {
        if worse {
            out.worse.push((i, quality));
            continue;
        }
        let e = &mut entries[i];
        e.state = EntryState::Generated;
        e.quality = quality;
        e.unresolved = unresolved;
        e.failures = 0;
        e.page = Some(page);
        e.updated_at = Some(now);
        out.written.push((i, record));
    }
    // No barrier here: the page files are made durable by the caller's git commit
    // (`git::commit_all` ends with one `syncfs` of this filesystem), which both callers make
    // before they record the batch. A second `syncfs` cost 10-80 ms per grow on this VM.
    Ok(out)
}

/// One page's Markdown, record, quality and unresolved links.
#[allow(clippy::too_many_arguments)]
fn finish(
    i: usize,
    page: &Page,
    entries: &[PlanEntry],
    catalog: &Catalog,
    exists: &[bool],
    analysis: &Analysis,
    registry: &GeneRegistry,
    previous: &HashMap<String, PageRecord>,
    now: DateTime<Utc>,
) -> (String, PageRecord, u8, Vec<String>) {
    let id = entries[i].id.clone();
    let title = &entries[i].proposal.title;
    let mut unresolved = BTreeSet::new();
    let mut resolve = |name: &str| -> Option<usize> {
        let j = catalog.index_of(name)?;
        if j == i {
            return None;
        }
        if exists[j] {
            Some(j)
        } else {
            if entries[j].state == EntryState::Pending {
                unresolved.insert(entries[j].proposal.title.clone());
            }
            None
        }
    };
    let mut link_idx: BTreeSet<usize> = BTreeSet::new();
    let mut reviewed = page.clone();
    reviewed.links.retain(|l| match resolve(l) {
        Some(j) => {
            link_idx.insert(j);
            true
        }
        None => false,
    });
    // Wiki links in the body to planned entries that are not generated yet also count.
    for s in &page.sections {
        for target in wiki_link_targets(&s.body) {
            resolve(&target);
        }
    }
    reviewed.links.retain(|l| norm(l) != norm(title));
    let exists_fn = |t: &str| catalog.index_of(t).is_some_and(|j| exists[j]);
    let review = crate::quality::review(&reviewed, &exists_fn);
    let quality = crate::quality::score_percent(&review);
    let related = related_list(&link_idx, entries, analysis);
    let gene = entries[i].gene.clone();
    let link = |name: &str| {
        catalog
            .index_of(name)
            .filter(|&j| exists[j])
            .map(|j| entries[j].id.clone())
    };
    let markdown = render_markdown(&id, &reviewed, &gene, quality, analysis, &related, &link);
    let gene_version = registry
        .record_of(&gene)
        .and_then(|r| r.version)
        .unwrap_or_default();
    let record = PageRecord {
        id: id.clone(),
        title: page.title.clone(),
        page_type: page.entry_type.clone(),
        summary: page.summary.clone(),
        aliases: page.aliases.clone(),
        gene,
        gene_version,
        quality,
        chars: markdown.chars().count() as u64,
        links: link_idx.iter().map(|&j| entries[j].id.clone()).collect(),
        created_at: previous.get(&id).and_then(|p| p.created_at).or(Some(now)),
        updated_at: Some(now),
        revision: None,
    };
    (markdown, record, quality, unresolved.into_iter().collect())
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

/// `text` in runs of prose and of fenced code (`true`), in order, together the whole text.
/// Code is verbatim: "[[ -f x ]]" in a shell listing is no wiki link.
fn prose_and_code(text: &str) -> Vec<(bool, &str)> {
    let mut runs: Vec<(bool, &str)> = Vec::new();
    let (mut start, mut at) = (0, 0);
    // (the open fence: its character and length)
    let mut fence: Option<(char, usize)> = None;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        let mark = t.chars().next().filter(|c| *c == '`' || *c == '~');
        let run = mark.map_or(0, |m| t.chars().take_while(|c| *c == m).count());
        match fence {
            None if run >= 3 => {
                runs.push((false, &text[start..at]));
                start = at;
                fence = mark.map(|m| (m, run));
            }
            Some((m, n)) if mark == Some(m) && run >= n && t.chars().count() == run => {
                runs.push((true, &text[start..at + line.len()]));
                start = at + line.len();
                fence = None;
            }
            _ => {}
        }
        at += line.len();
    }
    runs.push((fence.is_some(), &text[start..]));
    runs.retain(|(_, r)| !r.is_empty());
    runs
}

/// The targets of `[[Title]]` / `[[Title|label]]` links in `text`, outside fenced code.
fn wiki_link_targets(text: &str) -> Vec<String> {
    prose_and_code(text)
        .into_iter()
        .filter(|(code, _)| !code)
        .flat_map(|(_, prose)| prose_link_targets(prose))
        .collect()
}

fn prose_link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[[") {
        let Some(len) = rest[start + 2..].find("]]") else {
            break;
        };
        let inner = &rest[start + 2..start + 2 + len];
        out.push(inner.split('|').next().unwrap_or(inner).trim().to_string());
        rest = &rest[start + 2 + len + 2..];
    }
    out
}

/// Turns `[[Title]]` wiki links into relative Markdown links when the entry exists, and into
/// plain text when it does not, so no page has a broken link. Fenced code stays as it is.
pub(crate) fn resolve_wiki_links(text: &str, link: &dyn Fn(&str) -> Option<String>) -> String {
    prose_and_code(text)
        .into_iter()
        .map(|(code, run)| {
            if code {
                run.to_string()
            } else {
                resolve_prose_links(run, link)
            }
        })
        .collect()
}

fn resolve_prose_links(text: &str, link: &dyn Fn(&str) -> Option<String>) -> String {
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

/// How many entries a page's "Related" list shows at most.
const MAX_RELATED: usize = 12;

/// A page's "Related" list, from the entries it links to: named entities first
/// ([`crate::quality::names_an_entity`]), then terms, at most [`MAX_RELATED`]; never a hub, an
/// entry the book mentions in one passage of twenty or more ("shell" in a shell manual,
/// "people" in a scripture), which would be related to everything, nor a concept of one
/// character ([`crate::quality::one_character_word`]) or of one everyday word ("list",
/// 工具: [`analysis::everyday_title`]). The page's links (its graph edges) keep every entry.
fn related_list(
    links: &BTreeSet<usize>,
    entries: &[PlanEntry],
    analysis: &Analysis,
) -> Vec<(String, String)> {
    let passages = analysis.passage_count().max(1) as u32;
    let hub = |title: &str| {
        analysis
            .term(title)
            .is_some_and(|t| t.frequency >= 20 && t.frequency * 20 >= passages)
    };
    let mut list: Vec<&PlanEntry> = links
        .iter()
        .map(|&j| &entries[j])
        .filter(|e| {
            let (ty, title) = (&e.proposal.entry_type, &e.proposal.title);
            let everyday_word =
                ty == "concept" && !title.contains(' ') && analysis::everyday_title(title);
            !(hub(title) || crate::quality::one_character_word(ty, title) || everyday_word)
        })
        .collect();
    list.sort_by_key(|e| !crate::quality::names_an_entity(&e.proposal.entry_type));
    list.into_iter()
        .take(MAX_RELATED)
        .map(|e| (e.id.clone(), e.proposal.title.clone()))
        .collect()
}

/// The page file: YAML front matter, title, summary, sections with resolved links, the cited
/// passages as footnotes with their place in the book, and the related entries.
fn render_markdown(
    id: &str,
    page: &Page,
    gene: &str,
    quality: u8,
    analysis: &Analysis,
    related: &[(String, String)],
    link: &dyn Fn(&str) -> Option<String>,
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
        // A lead quoted from the text carries its citation mark, also where the entry's name
        // comes before the quote ("cat -A: Equivalent to -vET.").
        let mark = page
            .citations
            .iter()
            .find(|c| crate::quality::lead_quotes(&page.title, &page.summary, &c.quote))
            .map(|c| format!(" [^{}]", c.passage_id))
            .unwrap_or_default();
        let _ = writeln!(md, "{}{mark}\n", page.summary);
    }
    for s in &page.sections {
        if !s.heading.is_empty() {
            let _ = writeln!(md, "## {}\n", s.heading);
        }
        let _ = writeln!(md, "{}\n", resolve_wiki_links(s.body.trim_end(), link));
    }
    // The host's own headings are in the book's language, as the genes' are (a reader of a
    // Chinese wiki sees 出处 and 相关条目; the preview knows both spellings).
    // (in the script of the page's quotes; where they hold no character that tells it, in
    // the book's, as the genes decide: its title, then its first passages)
    // (asked of a Chinese book only: an English page needs no script)
    let traditional = || {
        let quoted: String = page.citations.iter().map(|c| c.quote.as_str()).collect();
        script_is_traditional(&quoted)
            .or_else(|| script_is_traditional(analysis.title()))
            .or_else(|| {
                let opening: String = analysis
                    .chapter_passages(0, 0, 100)
                    .into_iter()
                    .map(|p| p.text)
                    .collect();
                script_is_traditional(&opening)
            })
            .unwrap_or(false)
    };
    let (sources_heading, related_heading) = match analysis.lang() {
        analysis::Lang::Zh if traditional() => ("出處", "相關條目"),
        analysis::Lang::Zh => ("出处", "相关条目"),
        analysis::Lang::En => ("Sources", "Related"),
    };
    // Footnote definitions: every citation with the quoted passage and where it is.
    let _ = writeln!(md, "## {sources_heading}\n");
    for c in &page.citations {
        let where_ = analysis
            .passage(&c.passage_id)
            .map(|p| location_label(&p.location))
            .unwrap_or_default();
        let _ = writeln!(
            md,
            "[^{}]: “{}” — {}",
            c.passage_id,
            escape_inline(&c.quote.replace('\n', " ")),
            escape_inline(&where_)
        );
    }
    if !related.is_empty() {
        let _ = writeln!(md, "\n## {related_heading}\n");
        for (target, title) in related {
            let _ = writeln!(md, "- [{title}]({target}.md)");
        }
    }
    md
}

/// Whether Chinese text is in Traditional characters: more of its characters are the
/// Traditional forms of common characters that differ between the scripts than the
/// Simplified ones; `None` where it holds as many of either (none, often). (The genes tell
/// the script the same way, with a longer table.)
fn script_is_traditional(text: &str) -> Option<bool> {
    const PAIRS: &[(char, char)] = &[
        ('为', '為'),
        ('个', '個'),
        ('们', '們'),
        ('这', '這'),
        ('说', '說'),
        ('时', '時'),
        ('国', '國'),
        ('来', '來'),
        ('书', '書'),
        ('见', '見'),
        ('无', '無'),
        ('过', '過'),
        ('后', '後'),
        ('发', '發'),
        ('学', '學'),
        ('还', '還'),
        ('间', '間'),
        ('闻', '聞'),
        ('谓', '謂'),
        ('从', '從'),
        ('将', '將'),
        ('听', '聽'),
        ('对', '對'),
        ('问', '問'),
    ];
    let (mut simplified, mut trad) = (0, 0);
    for c in text.chars() {
        if PAIRS.iter().any(|(s, _)| *s == c) {
            simplified += 1;
        } else if PAIRS.iter().any(|(_, t)| *t == c) {
            trad += 1;
        }
    }
    (trad != simplified).then_some(trad > simplified)
}

/// Source text as Markdown inline text: the characters that would start links, emphasis,
/// code or HTML are backslash-escaped, so a quote such as `readable[Symbol.asyncDispose]()`
/// reads as written instead of as an empty link (the same set as the gene SDK's `escape`).
fn escape_inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '[' | ']' | '<' | '>' | '*' | '_' | '`') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_normalize_to_one_key() {
        let cases = [
            ("Mr.  Darcy", "mr. darcy"),
            ("  readable\tStream \n", "readable stream"),
            // final sigma, as str::to_lowercase writes it
            ("ΟΔΥΣΣΕΥΣ  Ἰθάκη", "οδυσσευς ἰθάκη"),
            ("孔子", "孔子"),
            ("", ""),
            // an option keeps its case: `-A` and `-a` differ
            ("TAR  -A", "tar -A"),
            ("tar -a", "tar -a"),
        ];
        for (name, key) in cases {
            assert_eq!(norm(name), key, "{name:?}");
        }
    }

    #[test]
    fn catalog_names_match_as_the_language_tells_terms_apart() {
        let entry = |title: &str, aliases: &[&str]| {
            PlanEntry::planned(
                title.to_string(),
                Proposal {
                    entry_type: "concept".into(),
                    title: title.into(),
                    aliases: aliases.iter().map(|a| a.to_string()).collect(),
                    score: 1.0,
                    key: title.into(),
                },
                "concept".into(),
            )
        };
        let entries = [
            entry("debian", &[]),
            entry("APT", &["Advanced  Packaging Tool"]),
        ];
        // (lang, name, the entry it finds)
        let cases = [
            (analysis::Lang::En, "Debian", Some(0)),
            (analysis::Lang::En, "apt", Some(1)),
            (analysis::Lang::En, "advanced packaging tool", Some(1)),
            // a Chinese text writes a Latin word as it is: the project is not the directory
            (analysis::Lang::Zh, "Debian", None),
            (analysis::Lang::Zh, "debian", Some(0)),
            (analysis::Lang::Zh, "apt", None),
            (analysis::Lang::Zh, " Advanced Packaging\tTool ", Some(1)),
        ];
        for (lang, name, want) in cases {
            let catalog = Catalog::new(&entries, lang);
            assert_eq!(catalog.index_of(name), want, "{lang:?} {name:?}");
        }
    }

    #[test]
    fn footnote_quotes_are_escaped() {
        let cases = [
            (
                "readable[Symbol.asyncDispose]()",
                "readable\\[Symbol.asyncDispose\\]()",
            ),
            ("a *b* _c_ `d` <e>", "a \\*b\\* \\_c\\_ \\`d\\` \\<e\\>"),
            ("子曰：学而时习之", "子曰：学而时习之"),
        ];
        for (quote, want) in cases {
            assert_eq!(escape_inline(quote), want);
        }
    }

    fn entry(id: &str, state: EntryState, quality: u8) -> PlanEntry {
        let mut e = PlanEntry::planned(
            id.into(),
            Proposal {
                entry_type: "concept".into(),
                title: id.into(),
                aliases: vec![],
                score: 1.0,
                key: id.into(),
            },
            "concept".into(),
        );
        e.state = state;
        e.quality = quality;
        e
    }

    #[test]
    fn related_lists_hold_no_hub_nor_everyday_word_and_name_entities_first() {
        // "zorbium" is in every passage: a hub; "Gertrude Jekyll" a person, "quaxite" a term
        let text: String = (0..30)
            .map(|i| {
                let extra = match i {
                    0..=2 => " Gertrude Jekyll praised the zorbium.",
                    3..=6 => " A quaxite is near the zorbium.",
                    _ => "",
                };
                format!("The zorbium in bed {i} is warm.{extra}\n\n")
            })
            .collect();
        let a = Analysis::new(&analysis::Document::from_text(
            "Garden",
            analysis::Lang::En,
            &text,
        ));
        let all: Vec<String> = a.terms().iter().map(|t| t.text.clone()).collect();
        assert!(
            a.term("zorbium").is_some() && a.term("quaxite").is_some(),
            "{all:?}"
        );
        let mut entries = vec![
            entry("quaxite", EntryState::Generated, 90),
            entry("zorbium", EntryState::Generated, 90),
            entry("Gertrude Jekyll", EntryState::Generated, 90),
        ];
        entries[2].proposal.entry_type = "person".into();
        entries.push(entry("德", EntryState::Generated, 90));
        // (a concept of one everyday word is no related entry either; a phrase may be)
        entries.push(entry("list", EntryState::Generated, 90));
        let links: BTreeSet<usize> = [0, 1, 2, 3, 4].into_iter().collect();
        let titles: Vec<String> = related_list(&links, &entries, &a)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        assert_eq!(titles, vec!["Gertrude Jekyll", "quaxite"]);
    }

    #[test]
    fn wiki_links_resolve_or_become_text() {
        let link = |t: &str| (t == "Compost").then(|| "compost".to_string());
        let cases = [
            ("see [[Compost]].", "see [Compost](compost.md)."),
            ("see [[Compost|rich soil]]", "see [rich soil](compost.md)"),
            ("no [[Ghost]] here", "no Ghost here"),
            ("open [[ bracket", "open [[ bracket"),
            // (fenced code is verbatim, in a list item too, and the text after it is prose)
            (
                "1. Test it:\n\n   ```\n   [[ -f x ]] && [[Compost]]\n   ```\n\n2. [[Compost]]\n",
                "1. Test it:\n\n   ```\n   [[ -f x ]] && [[Compost]]\n   ```\n\n2. [Compost](compost.md)\n",
            ),
            // (a longer fence holds a shorter one; a fence never closed runs to the end)
            (
                "````\n```\n[[Compost]]\n```\n````\n[[Ghost]]",
                "````\n```\n[[Compost]]\n```\n````\nGhost",
            ),
            ("~~~\n[[Compost]]", "~~~\n[[Compost]]"),
        ];
        for (input, want) in cases {
            assert_eq!(resolve_wiki_links(input, &link), want);
        }
        assert_eq!(
            wiki_link_targets("a [[B]] c [[D|d]] [[e\n```\n[[ -n $x ]]\n```\n[[F]]"),
            vec!["B".to_string(), "D".to_string(), "F".to_string()]
        );
    }

    #[test]
    fn a_quoted_lead_carries_its_citation_mark() {
        let a = Analysis::new(&analysis::Document::from_markdown(
            "Garden",
            analysis::Lang::En,
            "# One\n\nCompost is rotted matter.\n",
        ));
        let cite = |q: &str| crate::genes::model::Citation {
            passage_id: "s0".into(),
            quote: q.into(),
        };
        // (summary, citation quote, mark expected)
        for (summary, quote, marked) in [
            (
                "Compost is rotted matter.",
                "Compost is rotted matter.",
                true,
            ),
            (
                "“Compost” is a concept of “Garden”.",
                "Compost is rotted matter.",
                false,
            ),
        ] {
            let page = Page {
                title: "Compost".into(),
                entry_type: "concept".into(),
                aliases: vec![],
                summary: summary.into(),
                sections: vec![],
                citations: vec![cite(quote)],
                links: vec![],
            };
            let md = render_markdown("compost", &page, "concept", 90, &a, &[], &|_| None);
            assert_eq!(md.contains(&format!("{summary} [^s0]")), marked, "{md}");
        }
    }

    #[test]
    fn the_hosts_headings_are_in_the_books_language() {
        // (language, text, the headings of the sources and the related entries)
        for (lang, text, sources, related) in [
            (
                analysis::Lang::En,
                "# One\n\nCompost is rotted matter.\n",
                "## Sources",
                "## Related",
            ),
            (
                analysis::Lang::Zh,
                "# 一\n\n堆肥是腐熟的有机物。\n",
                "## 出处",
                "## 相关条目",
            ),
            (
                analysis::Lang::Zh,
                "# 一\n\n子曰：學而時習之，不亦說乎？\n",
                "## 出處",
                "## 相關條目",
            ),
        ] {
            let a = Analysis::new(&analysis::Document::from_markdown("Garden", lang, text));
            let page = Page {
                title: "Compost".into(),
                entry_type: "concept".into(),
                aliases: vec![],
                summary: String::new(),
                sections: vec![],
                citations: vec![crate::genes::model::Citation {
                    passage_id: "s0".into(),
                    quote: text.trim_start_matches(['#', ' ', '一', '\n']).into(),
                }],
                links: vec![],
            };
            let links = [("soil".to_string(), "Soil".to_string())];
            let md = render_markdown("compost", &page, "concept", 90, &a, &links, &|_| None);
            assert!(md.contains(&format!("{sources}\n")), "{md}");
            assert!(md.contains(&format!("{related}\n")), "{md}");
        }
    }

    #[test]
    fn completion_counts_passing_over_planned() {
        use EntryState::*;
        let cases: [(&[(EntryState, u8)], u8); 5] = [
            (&[], 100),
            (&[(Generated, 90), (Generated, 60)], 100),
            (&[(Generated, 90), (Pending, 0)], 50),
            (&[(Generated, 90), (Generated, 59), (Pending, 0)], 33),
            (&[(Generated, 90), (Retired, 0)], 100),
        ];
        for (states, want) in cases {
            let entries: Vec<PlanEntry> = states
                .iter()
                .enumerate()
                .map(|(i, (s, q))| entry(&format!("e{i}"), *s, *q))
                .collect();
            assert_eq!(completion(&entries), want, "{states:?}");
        }
    }
}

//! What the `grove preview` process serves: one wiki directory read as a site.
//!
//! A [`Site`] holds a [`Snapshot`] of the wiki: the pages of `docs/*.md` (front matter, body
//! and footnote citations parsed by `crate::reading`), the links between them found in the
//! bodies, their backlinks, and the wiki's name and language from `local/config.md`. Before a
//! request is answered the site checks, at most every [`RECHECK`], a stamp of `docs/` (names,
//! sizes and modification times of the page files) and loads a new snapshot when it changed,
//! so pages the butler rewrites show up without a restart.
//!
//! Search: each snapshot builds, on its first search, its own small tantivy index in a private
//! temporary directory, with the server's schema and analyzer (`crate::search::WikiIndex`,
//! jieba with the wiki's titles and aliases, English stemming). We do not open the server's
//! index under `<data-dir>/index/`: its freshness stamp comes from the metadata store, which
//! only the server may open, and the server replaces that directory while rebuilding, so a
//! second process could neither tell whether it is stale nor read it safely mid-swap. A wiki
//! has hundreds of pages, so building our own takes well under a second, and because it is
//! built from the same snapshot the pages are read from, results always match what the site
//! shows.
//!
//! Requests name pages by id only, looked up in the snapshot: no path from a request ever
//! reaches the filesystem. Page files that are symbolic links are skipped, so nothing outside
//! the wiki directory is read either.
//!
//! Not for: HTTP (see `api/site.rs`) or HTML (see `preview::render`).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use pulldown_cmark::{Event, Parser, Tag};

use crate::reading::FileCitation;
use crate::search::{Hits, IndexDoc, SearchError, WikiIndex};

use super::render;

/// Longest time between two checks of `docs/` for changes.
pub const RECHECK: Duration = Duration::from_millis(250);
/// Most results one search page shows.
pub const SEARCH_LIMIT: usize = 30;
/// Most nodes the graph view draws (the best connected).
pub const GRAPH_MAX_NODES: usize = 200;

/// Why a site could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("{0} is not a wiki directory (it has no docs/ folder)")]
    NotAWiki(PathBuf),
    #[error("the slug {0:?} is not a valid slug ([a-z0-9-])")]
    BadSlug(String),
    #[error("cannot create the search directory: {0}")]
    Io(#[from] std::io::Error),
}

/// One page of the wiki.
#[derive(Debug, Clone, Default)]
pub struct SitePage {
    pub id: String,
    pub title: String,
    pub page_type: String,
    pub aliases: Vec<String>,
    pub summary: String,
    /// Markdown after the front matter.
    pub body: String,
    pub citations: Vec<FileCitation>,
    pub quality: Option<u64>,
    /// Ids of existing pages this page links to, in order of first appearance.
    pub links: Vec<String>,
    /// Ids of pages that link here, sorted.
    pub backlinks: Vec<String>,
}

/// The wiki as read at one moment.
pub struct Snapshot {
    pub slug: String,
    pub name: String,
    pub lang: String,
    /// Sorted by id.
    pub pages: Vec<SitePage>,
    by_id: HashMap<String, usize>,
    stamp: String,
    index: OnceLock<Result<Arc<WikiIndex>, String>>,
    index_dir: PathBuf,
    graph: OnceLock<Layout>,
}

impl Snapshot {
    pub fn page(&self, id: &str) -> Option<&SitePage> {
        self.by_id.get(id).map(|&i| &self.pages[i])
    }

    /// Title of a page id (the id itself when unknown).
    pub fn title_of<'a>(&'a self, id: &'a str) -> &'a str {
        self.page(id).map_or(id, |p| p.title.as_str())
    }

    /// The site's root path, `/preview/<slug>/`.
    pub fn base(&self) -> String {
        format!("/preview/{}/", self.slug)
    }

    /// Pages grouped by type: the usual types first, then the others by name. Within a group,
    /// Chinese wikis sort by pinyin (the page ids are pinyin slugs), others by title.
    pub fn by_type(&self) -> Vec<(&str, Vec<&SitePage>)> {
        let mut groups: BTreeMap<(usize, &str), Vec<&SitePage>> = BTreeMap::new();
        for p in &self.pages {
            let rank = ["concept", "person", "method", "other"]
                .iter()
                .position(|t| *t == p.page_type)
                .unwrap_or(4);
            groups
                .entry((rank, p.page_type.as_str()))
                .or_default()
                .push(p);
        }
        groups
            .into_iter()
            .map(|((_, t), mut ps)| {
                if self.lang.starts_with("zh") {
                    ps.sort_by(|a, b| a.id.cmp(&b.id));
                } else {
                    ps.sort_by_key(|p| p.title.to_lowercase());
                }
                (t, ps)
            })
            .collect()
    }

    /// The graph layout of this snapshot, computed once.
    pub fn layout(&self) -> &Layout {
        self.graph.get_or_init(|| layout(self))
    }

    /// Links plus backlinks of a page.
    pub fn degree(&self, p: &SitePage) -> usize {
        p.links.len() + p.backlinks.len()
    }

    /// The book's central entries, most central first: those other pages link to most (an
    /// entity mentioned in many chapters is linked from their overviews and from the entries
    /// it appears with), then those the book cites most. Outgoing links do not count: a page
    /// with a long list of related entries is a hub, not a centre. A named entity (a person,
    /// a place, a work: the `person` and `other` types) counts double against a word of the
    /// same reach ("Muhammad" before "people"), and a concept of one character (臣, 民) is a
    /// word of classical text, not an entity: it is never central.
    pub fn central(&self, limit: usize) -> Vec<&SitePage> {
        let score = |p: &SitePage| {
            let named = if crate::quality::names_an_entity(&p.page_type) {
                2.0
            } else {
                1.0
            };
            named * (p.backlinks.len() as f64 + 1.0) * (2.0 + p.citations.len() as f64).ln()
        };
        let mut top: Vec<&SitePage> = self
            .pages
            .iter()
            .filter(|p| {
                !p.backlinks.is_empty()
                    && !crate::quality::one_character_word(&p.page_type, &p.title)
            })
            .collect();
        top.sort_by(|a, b| score(b).total_cmp(&score(a)).then(a.id.cmp(&b.id)));
        top.truncate(limit);
        top
    }

    /// Full-text search over this snapshot's pages.
    pub fn search(&self, query: &str) -> Result<Hits, SearchError> {
        let index = self
            .index
            .get_or_init(|| {
                let t0 = Instant::now();
                let docs: Vec<IndexDoc> = self
                    .pages
                    .iter()
                    .map(|p| IndexDoc {
                        id: p.id.clone(),
                        title: p.title.clone(),
                        aliases: p.aliases.clone(),
                        page_type: p.page_type.clone(),
                        summary: p.summary.clone(),
                        body: crate::reading::plain_text(&p.body),
                    })
                    .collect();
                let built = WikiIndex::build(&self.index_dir, &docs, &self.stamp)
                    .map(Arc::new)
                    .map_err(|e| e.to_string());
                tracing::info!(
                    wiki.slug = %self.slug,
                    docs = docs.len(),
                    ms = t0.elapsed().as_millis() as u64,
                    ok = built.is_ok(),
                    "preview search index built"
                );
                built
            })
            .clone()
            .map_err(|e| SearchError::Io(std::io::Error::other(e)))?;
        index.search(query, SEARCH_LIMIT, 0, &|id| self.by_id.contains_key(id))
    }
}

/// A request's answer, before HTTP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SiteReply {
    /// An HTML page with its kind of status.
    Html(Status, String),
    /// The style sheet.
    Css(&'static str),
}

/// The outcome a reply stands for; `api/site.rs` maps it to a status code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ok,
    BadRequest,
    NotFound,
}

/// A served wiki.
pub struct Site {
    dir: PathBuf,
    slug: String,
    current: Mutex<(Instant, Arc<Snapshot>)>,
    search_root: tempfile::TempDir,
    generation: AtomicU64,
}

impl Site {
    /// Opens the wiki directory `dir`, served as `/preview/<slug>/`.
    pub fn open(dir: &Path, slug: &str) -> Result<Site, SiteError> {
        if !crate::slug::is_valid(slug) {
            return Err(SiteError::BadSlug(slug.to_string()));
        }
        if !dir.join("docs").is_dir() {
            return Err(SiteError::NotAWiki(dir.to_path_buf()));
        }
        let search_root = tempfile::Builder::new()
            .prefix("grove-preview-")
            .tempdir()?;
        let site = Site {
            dir: dir.to_path_buf(),
            slug: slug.to_string(),
            current: Mutex::new((Instant::now(), Arc::new(empty(slug)))),
            search_root,
            generation: AtomicU64::new(0),
        };
        let first = site.load(docs_stamp(&site.dir.join("docs")));
        *site.current.lock().unwrap_or_else(|e| e.into_inner()) = (Instant::now(), Arc::new(first));
        Ok(site)
    }

    pub fn slug(&self) -> &str {
        &self.slug
    }

    /// The current snapshot, reloaded first when `docs/` changed.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        let mut cur = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if cur.0.elapsed() >= RECHECK {
            let stamp = docs_stamp(&self.dir.join("docs"));
            if stamp != cur.1.stamp {
                let t0 = Instant::now();
                let snap = self.load(stamp);
                tracing::info!(
                    wiki.slug = %self.slug,
                    pages = snap.pages.len(),
                    ms = t0.elapsed().as_millis() as u64,
                    "pages changed; reloaded"
                );
                cur.1 = Arc::new(snap);
            }
            cur.0 = Instant::now();
        }
        cur.1.clone()
    }

    fn load(&self, stamp: String) -> Snapshot {
        let generation = self.generation.fetch_add(1, Ordering::Relaxed);
        let config = |k| crate::pipeline::read_config_value(&self.dir, k);
        let pages = read_pages(&self.dir.join("docs"));
        let by_id = pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        // An earlier snapshot's index is not needed once this one exists.
        if let Some(prev) = generation.checked_sub(2) {
            let _ = std::fs::remove_dir_all(self.search_root.path().join(prev.to_string()));
        }
        Snapshot {
            slug: self.slug.clone(),
            name: config("NAME").unwrap_or_else(|| self.slug.clone()),
            lang: config("LANG").unwrap_or_else(|| "zh".into()),
            pages,
            by_id,
            stamp,
            index: OnceLock::new(),
            index_dir: self.search_root.path().join(generation.to_string()),
            graph: OnceLock::new(),
        }
    }

    /// Answers a GET of `/preview/<slug>/<tail>` (`tail` still percent-encoded).
    pub fn handle(&self, tail: &str, query: &HashMap<String, String>) -> SiteReply {
        let snap = self.snapshot();
        let html = |status, body| SiteReply::Html(status, body);
        match tail {
            "" => html(Status::Ok, render::home(&snap)),
            "site.css" => SiteReply::Css(render::CSS),
            "graph" => html(Status::Ok, render::graph(&snap, snap.layout())),
            "search" => {
                let q = query.get("q").map(|s| s.trim()).unwrap_or_default();
                if q.is_empty() {
                    return html(Status::Ok, render::search(&snap, "", None));
                }
                match snap.search(q) {
                    Ok(hits) => html(Status::Ok, render::search(&snap, q, Some(Ok(&hits)))),
                    Err(SearchError::BadQuery(m)) => {
                        html(Status::BadRequest, render::search(&snap, q, Some(Err(&m))))
                    }
                    Err(e) => {
                        tracing::error!(wiki.slug = %self.slug, error = %e, "preview search failed");
                        html(
                            Status::Ok,
                            render::search(
                                &snap,
                                q,
                                Some(Err("search is unavailable; see the preview log")),
                            ),
                        )
                    }
                }
            }
            _ => match tail.strip_prefix("page/").and_then(|id| snap.page(id)) {
                Some(page) => html(Status::Ok, render::page(&snap, page)),
                None => html(Status::NotFound, render::not_found(&snap)),
            },
        }
    }

    /// The not-found page for paths outside `/preview/<slug>/`.
    pub fn not_found(&self) -> String {
        render::not_found(&self.snapshot())
    }
}

fn empty(slug: &str) -> Snapshot {
    Snapshot {
        slug: slug.to_string(),
        name: slug.to_string(),
        lang: "zh".into(),
        pages: Vec::new(),
        by_id: HashMap::new(),
        stamp: String::new(),
        index: OnceLock::new(),
        index_dir: PathBuf::new(),
        graph: OnceLock::new(),
    }
}

/// A stamp of the page files: changes when one is added, removed, resized or rewritten.
fn docs_stamp(docs: &Path) -> String {
    let mut entries: Vec<(String, u64, u128)> = std::fs::read_dir(docs)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let m = e.metadata().ok()?;
            let mtime = m
                .modified()
                .ok()?
                .duration_since(std::time::UNIX_EPOCH)
                .ok()?
                .as_nanos();
            Some((e.file_name().to_string_lossy().into_owned(), m.len(), mtime))
        })
        .collect();
    entries.sort();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    entries.hash(&mut h);
    format!("{}-{:016x}", entries.len(), h.finish())
}

/// Reads every `docs/<id>.md` (regular files only) and links the pages.
fn read_pages(docs: &Path) -> Vec<SitePage> {
    let mut pages: Vec<SitePage> = Vec::new();
    for entry in std::fs::read_dir(docs).into_iter().flatten().flatten() {
        let path = entry.path();
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        let Some(id) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".md"))
        else {
            continue;
        };
        if !is_file || !is_page_id(id) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let file = crate::reading::parse_page_file(&text);
        pages.push(SitePage {
            id: id.to_string(),
            title: file.front_str("title").unwrap_or_else(|| id.to_string()),
            page_type: file
                .front_str("type")
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| "other".into()),
            aliases: file.front_list("aliases").unwrap_or_default(),
            summary: file.front_str("summary").unwrap_or_default(),
            quality: file.front.get("quality").and_then(|v| v.as_u64()),
            citations: file.citations,
            body: file.body,
            links: Vec::new(),
            backlinks: Vec::new(),
        });
    }
    pages.sort_by(|a, b| a.id.cmp(&b.id));
    let ids: HashSet<String> = pages.iter().map(|p| p.id.clone()).collect();
    for p in &mut pages {
        p.links = link_targets(&p.body)
            .into_iter()
            .filter(|t| *t != p.id && ids.contains(t))
            .collect();
    }
    let mut back: HashMap<String, Vec<String>> = HashMap::new();
    for p in &pages {
        for l in &p.links {
            back.entry(l.clone()).or_default().push(p.id.clone());
        }
    }
    for p in &mut pages {
        p.backlinks = back.remove(&p.id).unwrap_or_default();
        p.backlinks.sort();
    }
    pages
}

/// A page id as grow makes them: a slug, possibly longer than a wiki slug.
pub fn is_page_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 200
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// The page a Markdown link destination points at: `x.md`, `./x.md`, `x.md#part`.
pub fn page_target(dest: &str) -> Option<&str> {
    let dest = dest.split('#').next().unwrap_or_default();
    let dest = dest.strip_prefix("./").unwrap_or(dest);
    dest.strip_suffix(".md").filter(|id| is_page_id(id))
}

/// Page ids a body links to, in order, without repeats.
fn link_targets(body: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for ev in Parser::new_ext(body, render::markdown_options()) {
        if let Event::Start(Tag::Link { dest_url, .. }) = ev
            && let Some(id) = page_target(&dest_url)
            && seen.insert(id.to_string())
        {
            out.push(id.to_string());
        }
    }
    out
}

/// Node positions of the graph view, in a 1000×700 box.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    /// (page id, x, y), the best connected first.
    pub nodes: Vec<(String, f32, f32)>,
    /// Index pairs into `nodes`.
    pub edges: Vec<(usize, usize)>,
    /// Pages left out because there were more than [`GRAPH_MAX_NODES`].
    pub omitted: usize,
}

pub const GRAPH_W: f32 = 1000.0;
pub const GRAPH_H: f32 = 700.0;

/// A deterministic force-directed layout (Fruchterman–Reingold, fixed start on a circle) of the
/// best-connected pages.
pub fn layout(snap: &Snapshot) -> Layout {
    let mut order: Vec<&SitePage> = snap.pages.iter().collect();
    order.sort_by(|a, b| snap.degree(b).cmp(&snap.degree(a)).then(a.id.cmp(&b.id)));
    let omitted = order.len().saturating_sub(GRAPH_MAX_NODES);
    order.truncate(GRAPH_MAX_NODES);
    let index: HashMap<&str, usize> = order
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.as_str(), i))
        .collect();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut seen = HashSet::new();
    for (i, p) in order.iter().enumerate() {
        for l in &p.links {
            if let Some(&j) = index.get(l.as_str()) {
                let key = (i.min(j), i.max(j));
                if seen.insert(key) {
                    edges.push((i, j));
                }
            }
        }
    }
    let n = order.len();
    let (w, h) = (GRAPH_W, GRAPH_H);
    let mut pos: Vec<(f32, f32)> = (0..n)
        .map(|i| {
            let a = i as f32 / n.max(1) as f32 * std::f32::consts::TAU;
            let r = 0.35 * h * (0.6 + 0.4 * ((i % 3) as f32 / 2.0));
            (w / 2.0 + r * a.cos(), h / 2.0 + r * a.sin())
        })
        .collect();
    if n > 1 {
        let k = (w * h / n as f32).sqrt() * 0.6;
        let mut temp = w / 8.0;
        for _ in 0..250 {
            let mut disp = vec![(0.0f32, 0.0f32); n];
            for i in 0..n {
                for j in i + 1..n {
                    let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                    let d = (dx * dx + dy * dy).sqrt().max(0.01);
                    let f = k * k / d;
                    disp[i].0 += dx / d * f;
                    disp[i].1 += dy / d * f;
                    disp[j].0 -= dx / d * f;
                    disp[j].1 -= dy / d * f;
                }
            }
            for &(a, b) in &edges {
                let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
                let d = (dx * dx + dy * dy).sqrt().max(0.01);
                let f = d * d / k;
                disp[a].0 -= dx / d * f;
                disp[a].1 -= dy / d * f;
                disp[b].0 += dx / d * f;
                disp[b].1 += dy / d * f;
            }
            for i in 0..n {
                // a weak pull to the centre keeps unlinked pages on the canvas
                disp[i].0 += (w / 2.0 - pos[i].0) * 0.02 * k / 10.0;
                disp[i].1 += (h / 2.0 - pos[i].1) * 0.02 * k / 10.0;
                let len = (disp[i].0 * disp[i].0 + disp[i].1 * disp[i].1)
                    .sqrt()
                    .max(0.01);
                pos[i].0 += disp[i].0 / len * len.min(temp);
                pos[i].1 += disp[i].1 / len * len.min(temp);
            }
            temp *= 0.98;
        }
        // fit into the box with a margin for the labels
        let (mut x0, mut x1, mut y0, mut y1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
        for &(x, y) in &pos {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
        // labels are drawn to the right of their dot: keep room for them on that side
        let (left, right, my) = (30.0, 200.0, 40.0);
        let sx = (w - left - right) / (x1 - x0).max(1.0);
        let sy = (h - 2.0 * my) / (y1 - y0).max(1.0);
        for p in &mut pos {
            p.0 = left + (p.0 - x0) * sx;
            p.1 = my + (p.1 - y0) * sy;
        }
    } else if n == 1 {
        pos[0] = (w / 2.0, h / 2.0);
    }
    Layout {
        nodes: order
            .iter()
            .zip(pos)
            .map(|(p, (x, y))| (p.id.clone(), x, y))
            .collect(),
        edges,
        omitted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, id: &str, title: &str, body: &str) {
        write_typed(dir, id, title, "concept", body);
    }

    fn write_typed(dir: &Path, id: &str, title: &str, page_type: &str, body: &str) {
        std::fs::write(
            dir.join("docs").join(format!("{id}.md")),
            format!(
                "---\nid: \"{id}\"\ntitle: \"{title}\"\ntype: \"{page_type}\"\naliases: []\nsummary: \"{title} in short\"\nquality: 80\nsources: [\"p-1\"]\n---\n\n# {title}\n\n{body}\n\n## Sources\n\n[^p-1]: “a quote” — Chapter 1, line 2\n"
            ),
        )
        .unwrap();
    }

    fn wiki() -> tempfile::TempDir {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("docs")).unwrap();
        std::fs::create_dir_all(tmp.path().join("local")).unwrap();
        std::fs::write(
            tmp.path().join("local/config.md"),
            "NAME: Garden <Book>\nLANG: en\nPORT: 4100\n",
        )
        .unwrap();
        write(
            tmp.path(),
            "compost",
            "Compost",
            "Compost feeds [Soil](soil.md)[^p-1] and [nothing](gone.md).",
        );
        write(
            tmp.path(),
            "soil",
            "Soil",
            "Soil holds [compost](./compost.md#top).",
        );
        write(tmp.path(), "mulch", "Mulch", "Mulch covers soil.");
        tmp
    }

    #[test]
    fn pages_links_and_backlinks() {
        let tmp = wiki();
        let site = Site::open(tmp.path(), "garden").unwrap();
        let snap = site.snapshot();
        assert_eq!(snap.name, "Garden <Book>");
        assert_eq!(snap.lang, "en");
        let ids: Vec<_> = snap.pages.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["compost", "mulch", "soil"]);
        assert_eq!(snap.page("compost").unwrap().links, ["soil"]);
        assert_eq!(snap.page("compost").unwrap().backlinks, ["soil"]);
        assert_eq!(snap.page("soil").unwrap().backlinks, ["compost"]);
        assert!(snap.page("mulch").unwrap().backlinks.is_empty());
        assert_eq!(snap.page("compost").unwrap().citations.len(), 1);
    }

    #[test]
    fn central_entries_are_linked_to_not_linking_out() {
        let tmp = wiki();
        // a hub links to everything; the river is linked from three pages
        write(
            tmp.path(),
            "hub",
            "System",
            "See [Compost](compost.md), [Soil](soil.md), [Mulch](mulch.md), [River](river.md).",
        );
        write(tmp.path(), "river", "River", "The river.");
        write(tmp.path(), "bank", "Bank", "By the [river](river.md).");
        write(tmp.path(), "ford", "Ford", "Across the [river](river.md).");
        let site = Site::open(tmp.path(), "garden").unwrap();
        let snap = site.snapshot();
        let top: Vec<&str> = snap.central(3).iter().map(|p| p.id.as_str()).collect();
        assert_eq!(top[0], "river", "{top:?}");
        assert!(!top.contains(&"hub"), "{top:?}");
    }

    #[test]
    fn central_entries_are_entities_before_words() {
        let tmp = wiki();
        // "people" is linked from three pages, Moses (a person) from two, 臣 (a word of one
        // character) from four
        for (id, title, body) in [
            (
                "a",
                "A",
                "[people](people.md) [Moses](moses.md) [臣](chen.md)",
            ),
            (
                "b",
                "B",
                "[people](people.md) [Moses](moses.md) [臣](chen.md)",
            ),
            ("c", "C", "[people](people.md) [臣](chen.md)"),
            ("d", "D", "[臣](chen.md)"),
            ("people", "people", "People."),
            ("chen", "臣", "臣也。"),
        ] {
            write(tmp.path(), id, title, body);
        }
        write_typed(tmp.path(), "moses", "Moses", "person", "Moses.");
        let site = Site::open(tmp.path(), "garden").unwrap();
        let snap = site.snapshot();
        let top: Vec<&str> = snap.central(3).iter().map(|p| p.id.as_str()).collect();
        assert_eq!(top[..2], ["moses", "people"], "{top:?}");
        assert!(!top.contains(&"chen"), "{top:?}");
    }

    #[test]
    fn requests_never_reach_the_filesystem() {
        let tmp = wiki();
        std::fs::write(tmp.path().join("secret.md"), "---\ntitle: secret\n---\n").unwrap();
        let site = Site::open(tmp.path(), "garden").unwrap();
        let q = HashMap::new();
        for tail in [
            "page/../secret",
            "page/..%2Fsecret",
            "page/../../etc/passwd",
            "page/compost/",
            "page/",
            "docs/compost.md",
            "nope",
        ] {
            assert!(
                matches!(site.handle(tail, &q), SiteReply::Html(Status::NotFound, _)),
                "{tail}"
            );
        }
        assert!(matches!(
            site.handle("page/compost", &q),
            SiteReply::Html(Status::Ok, _)
        ));
        assert!(matches!(site.handle("site.css", &q), SiteReply::Css(_)));
    }

    #[test]
    fn search_finds_pages_and_follows_changes() {
        let tmp = wiki();
        let site = Site::open(tmp.path(), "garden").unwrap();
        let hits = site.snapshot().search("mulch").unwrap();
        assert_eq!(hits.hits[0].id, "mulch");
        assert!(site.snapshot().search("hedgehog").unwrap().hits.is_empty());
        write(tmp.path(), "hedgehog", "Hedgehog", "A hedgehog eats slugs.");
        std::thread::sleep(RECHECK + Duration::from_millis(50));
        let hits = site.snapshot().search("hedgehog").unwrap();
        assert_eq!(hits.hits[0].id, "hedgehog");
        assert!(site.snapshot().page("hedgehog").is_some());
    }

    #[test]
    fn link_destinations() {
        let cases = [
            ("a.md", Some("a")),
            ("./a-b.md#x", Some("a-b")),
            ("../a.md", None),
            ("/etc/a.md", None),
            ("https://x.org/a.md", None),
            ("a", None),
        ];
        for (dest, want) in cases {
            assert_eq!(page_target(dest), want, "{dest}");
        }
    }

    #[test]
    fn layout_is_deterministic_and_inside_the_box() {
        let tmp = wiki();
        let site = Site::open(tmp.path(), "garden").unwrap();
        let a = layout(&site.snapshot());
        let b = layout(&site.snapshot());
        assert_eq!(a.nodes, b.nodes);
        assert_eq!(a.nodes.len(), 3);
        assert_eq!(a.edges.len(), 1);
        for (_, x, y) in &a.nodes {
            assert!((0.0..=GRAPH_W).contains(x) && (0.0..=GRAPH_H).contains(y));
        }
    }
}

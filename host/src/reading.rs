//! Reading the generated wikis, without HTTP: scoping a wiki to its caller, the page list with
//! cursor paging, page detail (body, citations with source locations, links and backlinks),
//! statistics, the link graph, the growth curve and the overview of the caller's wikis.
//! Parameter bounds live here so they are the same for every client.
//!
//! Not for: search (see `crate::search`) or rendering HTTP replies (see `api/read.rs`).

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use base64::Engine as _;
use chrono::{DateTime, Duration, DurationRound, Utc};
use serde::Serialize;
use serde_json::{Value, json};

use crate::analysis::Analysis;
use crate::app::App;
use crate::auth::Principal;
use crate::store::{PageRecord, StoreError, WikiRecord};

/// Page list: default and largest `limit`.
pub const PAGES_DEFAULT_LIMIT: usize = 100;
pub const PAGES_MAX_LIMIT: usize = 500;
/// Graph: default and largest `limit` (nodes).
pub const GRAPH_DEFAULT_LIMIT: usize = 500;
pub const GRAPH_MAX_LIMIT: usize = 5000;
/// Growth: default and largest `days`, and most buckets one answer has.
pub const GROWTH_DEFAULT_DAYS: i64 = 30;
pub const GROWTH_MAX_DAYS: i64 = 3650;
pub const GROWTH_MAX_BUCKETS: i64 = 10_000;
/// Full-text search: default and largest `limit`, largest `offset`.
pub const SEARCH_DEFAULT_LIMIT: usize = 20;
pub const SEARCH_MAX_LIMIT: usize = 100;
pub const SEARCH_MAX_OFFSET: usize = 10_000;
/// Semantic search: default and largest `top_k`.
pub const TOP_K_DEFAULT: usize = 10;
pub const TOP_K_MAX: usize = 100;

/// Why a read could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// A parameter is missing or out of its bounds: (stable code, message).
    #[error("{1}")]
    BadParam(&'static str, String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Forbidden(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn bad(code: &'static str, msg: impl Into<String>) -> ReadError {
    ReadError::BadParam(code, msg.into())
}

/// Parses an optional integer parameter within `min..=max`.
pub fn int_param(
    name: &str,
    raw: Option<&String>,
    default: i64,
    min: i64,
    max: i64,
) -> Result<i64, ReadError> {
    let Some(raw) = raw else { return Ok(default) };
    let v: i64 = raw.trim().parse().map_err(|_| {
        bad(
            "bad_param",
            format!("{name} must be an integer, got {raw:?}"),
        )
    })?;
    if v < min || v > max {
        return Err(bad(
            "out_of_range",
            format!("{name} must be between {min} and {max}, got {v}"),
        ));
    }
    Ok(v)
}

/// The wiki named by `key` (slug, or wiki id) if the caller may read it: 404 unknown, 403
/// another user's.
pub fn wiki_for(app: &App, who: &Principal, key: &str) -> Result<WikiRecord, ReadError> {
    let wiki = match app.store.wiki_by_slug(key)? {
        Some(w) => Some(w),
        None => app.store.wiki(key)?,
    };
    let wiki = wiki.ok_or_else(|| ReadError::NotFound(format!("no wiki {key:?}")))?;
    if !who.can_access_wiki(&wiki) {
        return Err(ReadError::Forbidden(format!(
            "wiki {key:?} belongs to another user"
        )));
    }
    Ok(wiki)
}

/// The required `wiki` parameter.
pub fn required_wiki(params: &HashMap<String, String>) -> Result<&str, ReadError> {
    params
        .get("wiki")
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            bad(
                "missing_wiki",
                "the query parameter wiki (the wiki slug) is required",
            )
        })
}

// ----- page files -----

/// A `docs/<id>.md` file split into front matter, body and footnote citations.
#[derive(Debug, Clone, Default)]
pub struct PageFile {
    pub front: serde_json::Map<String, Value>,
    /// Markdown after the front matter.
    pub body: String,
    pub citations: Vec<FileCitation>,
}

/// A footnote citation as written in a page: `[^id]: “quote” — location`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileCitation {
    pub passage_id: String,
    pub quote: String,
    pub location_label: String,
}

impl PageFile {
    pub fn front_str(&self, key: &str) -> Option<String> {
        self.front
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
    }
    pub fn front_list(&self, key: &str) -> Option<Vec<String>> {
        self.front.get(key).and_then(Value::as_array).map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
    }
}

/// Parses a page file. Front-matter values are JSON (as grow writes them) or bare words.
pub fn parse_page_file(text: &str) -> PageFile {
    let mut file = PageFile::default();
    let mut body = text;
    if let Some(rest) = text.strip_prefix("---\n")
        && let Some(end) = rest
            .find("\n---\n")
            .or_else(|| rest.find("\n---").filter(|&e| e + 4 == rest.len()))
    {
        for line in rest[..end].lines() {
            if let Some((k, v)) = line.split_once(':') {
                let v = v.trim();
                let value =
                    serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_string()));
                file.front.insert(k.trim().to_string(), value);
            }
        }
        body = rest[(end + 5).min(rest.len())..].trim_start_matches('\n');
    }
    file.body = body.to_string();
    for line in body.lines() {
        let Some(rest) = line.strip_prefix("[^") else {
            continue;
        };
        let Some((id, def)) = rest.split_once("]:") else {
            continue;
        };
        let def = def.trim();
        let (quote, location) = match def.rsplit_once(" — ") {
            Some((q, l)) => (q, l.trim()),
            None => (def, ""),
        };
        let quote = quote
            .trim()
            .trim_start_matches('“')
            .trim_end_matches('”')
            .to_string();
        file.citations.push(FileCitation {
            passage_id: id.to_string(),
            quote,
            location_label: location.to_string(),
        });
    }
    file
}

/// Markdown reduced to searchable text: link targets, footnote markers and heading marks
/// removed.
pub fn plain_text(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut rest = markdown;
    while let Some(i) = rest.find(['[', '#']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(t) = tail.strip_prefix("[^") {
            // footnote reference or definition label
            match t.find(']') {
                Some(j) => {
                    rest = t[j + 1..].strip_prefix(':').unwrap_or(&t[j + 1..]);
                    out.push(' ');
                }
                None => {
                    rest = t;
                }
            }
        } else if tail.starts_with('#') {
            rest = tail.trim_start_matches('#');
        } else if let Some(close) = tail.find("](")
            && let Some(end) = tail[close..].find(')')
            && !tail[1..close].contains('\n')
        {
            out.push_str(&tail[1..close]);
            rest = &tail[close + end + 1..];
        } else {
            out.push('[');
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}

fn wiki_dir(app: &App, wiki: &WikiRecord) -> PathBuf {
    app.paths.wiki_dir(&wiki.slug)
}

/// The analysed source of a wiki, cached by the modification time of `corpus/document.json`.
fn analysis_of(app: &App, wiki: &WikiRecord) -> Option<Arc<Analysis>> {
    type Cache = Mutex<HashMap<PathBuf, (std::time::SystemTime, Arc<Analysis>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let dir = wiki_dir(app, wiki);
    let mtime = std::fs::metadata(dir.join("corpus").join("document.json"))
        .and_then(|m| m.modified())
        .ok()?;
    let cache = CACHE.get_or_init(Default::default);
    if let Some((t, a)) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&dir)
        && *t == mtime
    {
        return Some(a.clone());
    }
    let analysis = Arc::new(crate::pipeline::load_analysis(&dir, &wiki.name, &wiki.lang).ok()?);
    let mut c = cache.lock().unwrap_or_else(|e| e.into_inner());
    if c.len() >= 8 {
        c.clear();
    }
    c.insert(dir, (mtime, analysis.clone()));
    Some(analysis)
}

// ----- pages -----

/// One list item.
#[derive(Debug, Clone, Serialize)]
pub struct PageItem {
    pub id: String,
    pub title: String,
    #[serde(rename = "type")]
    pub page_type: String,
    pub summary: String,
    pub updated_at: Option<DateTime<Utc>>,
}

/// One page of the page list.
#[derive(Debug, Clone, Serialize)]
pub struct PageList {
    pub wiki: String,
    pub items: Vec<PageItem>,
    pub has_more: bool,
    pub next_cursor: Option<String>,
}

fn encode_cursor(last_id: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!("p1:{last_id}"))
}

fn decode_cursor(c: &str) -> Result<String, ReadError> {
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(c.trim())
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.strip_prefix("p1:").map(str::to_string))
        .ok_or_else(|| bad("bad_cursor", "cursor is not one this server gave out"))
}

/// `GET /pages`: parameters `wiki` (required), `type`, `limit`, `cursor`.
pub fn list_pages(
    app: &App,
    who: &Principal,
    params: &HashMap<String, String>,
) -> Result<PageList, ReadError> {
    let key = required_wiki(params)?;
    let limit = int_param(
        "limit",
        params.get("limit"),
        PAGES_DEFAULT_LIMIT as i64,
        1,
        PAGES_MAX_LIMIT as i64,
    )? as usize;
    let after = params
        .get("cursor")
        .filter(|c| !c.is_empty())
        .map(|c| decode_cursor(c))
        .transpose()?;
    let wiki = wiki_for(app, who, key)?;
    let ty = params
        .get("type")
        .map(|t| t.trim())
        .filter(|t| !t.is_empty());
    let mut pages = app.store.pages(&wiki.id)?;
    pages.sort_by(|a, b| a.id.cmp(&b.id));
    let mut iter = pages
        .into_iter()
        .filter(|p| ty.is_none_or(|t| p.page_type == t))
        .filter(|p| after.as_ref().is_none_or(|a| p.id.as_str() > a.as_str()))
        .peekable();
    let mut items = Vec::new();
    while items.len() < limit {
        let Some(p) = iter.next() else { break };
        items.push(PageItem {
            id: p.id,
            title: p.title,
            page_type: p.page_type,
            summary: p.summary,
            updated_at: p.updated_at,
        });
    }
    let has_more = iter.peek().is_some();
    let next_cursor = has_more
        .then(|| items.last().map(|i| encode_cursor(&i.id)))
        .flatten();
    Ok(PageList {
        wiki: wiki.slug,
        items,
        has_more,
        next_cursor,
    })
}

/// `GET /pages/{id}`: metadata, body, citations, links and backlinks.
pub fn page_detail(app: &App, wiki: &WikiRecord, page_id: &str) -> Result<Value, ReadError> {
    let page = app.store.page(&wiki.id, page_id)?.ok_or_else(|| {
        ReadError::NotFound(format!("no page {page_id:?} in wiki {:?}", wiki.slug))
    })?;
    let all = app.store.pages(&wiki.id)?;
    let title_of: HashMap<&str, &str> = all
        .iter()
        .map(|p| (p.id.as_str(), p.title.as_str()))
        .collect();
    let ref_of = |id: &str| json!({"id": id, "title": title_of.get(id).copied().unwrap_or(id)});
    let mut backlinks: Vec<&str> = all
        .iter()
        .filter(|p| p.id != page.id && p.links.contains(&page.id))
        .map(|p| p.id.as_str())
        .collect();
    backlinks.sort();
    let path = wiki_dir(app, wiki)
        .join("docs")
        .join(format!("{}.md", page.id));
    let file = std::fs::read_to_string(&path)
        .map(|t| parse_page_file(&t))
        .unwrap_or_default();
    let analysis = if file.citations.is_empty() {
        None
    } else {
        analysis_of(app, wiki)
    };
    let citations: Vec<Value> = file
        .citations
        .iter()
        .map(|c| {
            let loc = analysis
                .as_ref()
                .and_then(|a| a.passage(&c.passage_id))
                .map(|p| p.location);
            json!({
                "passage_id": c.passage_id,
                "quote": c.quote,
                "location": {
                    "label": c.location_label,
                    "chapter": loc.as_ref().map(|l| l.chapter),
                    "chapter_title": loc.as_ref().map(|l| l.chapter_title.clone()),
                    "section": loc.as_ref().and_then(|l| l.section.clone()),
                    "page": loc.as_ref().and_then(|l| l.page),
                    "line": loc.as_ref().and_then(|l| l.line),
                },
            })
        })
        .collect();
    Ok(json!({
        "wiki": wiki.slug,
        "page": {
            "id": page.id,
            "title": page.title,
            "type": page.page_type,
            "summary": page.summary,
            "aliases": page.aliases,
            "body": file.body,
            "links": page.links.iter().map(|l| ref_of(l)).collect::<Vec<_>>(),
            "backlinks": backlinks.iter().map(|l| ref_of(l)).collect::<Vec<_>>(),
            "citations": citations,
            "quality": page.quality,
            "gene": page.gene,
            "gene_version": page.gene_version,
            "revision": page.revision,
            "chars": page.chars,
            "created_at": page.created_at,
            "updated_at": page.updated_at,
        }
    }))
}

// ----- statistics, graph, growth, overview -----

/// `GET /stats`: exactly the spec's fields (without `ok`).
pub fn stats(app: &App, wiki: &WikiRecord) -> Result<Value, ReadError> {
    let pages = app.store.pages(&wiki.id)?;
    let mut types: BTreeMap<String, u64> = BTreeMap::new();
    for p in &pages {
        *types.entry(p.page_type.clone()).or_default() += 1;
    }
    Ok(json!({
        "wiki": wiki.slug,
        "total_pages": pages.len(),
        "total_chars": pages.iter().map(|p| p.chars).sum::<u64>(),
        "type_distribution": types,
    }))
}

/// `GET /graph`: the link graph, truncated to the `limit` best-connected nodes.
pub fn graph(pages: &[PageRecord], wiki: &str, limit: usize) -> Value {
    let ids: HashMap<&str, usize> = pages
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.as_str(), i))
        .collect();
    let mut edges: BTreeMap<(usize, usize), f32> = BTreeMap::new();
    for (i, p) in pages.iter().enumerate() {
        for l in &p.links {
            if let Some(&j) = ids.get(l.as_str())
                && j != i
            {
                *edges.entry((i, j)).or_default() += 1.0;
            }
        }
    }
    let mut degree = vec![0u64; pages.len()];
    for &(a, b) in edges.keys() {
        degree[a] += 1;
        degree[b] += 1;
    }
    let mut order: Vec<usize> = (0..pages.len()).collect();
    order.sort_by(|&a, &b| {
        degree[b]
            .cmp(&degree[a])
            .then(pages[a].id.cmp(&pages[b].id))
    });
    let truncated = order.len() > limit;
    order.truncate(limit);
    let kept: std::collections::HashSet<usize> = order.iter().copied().collect();
    let nodes: Vec<Value> = order
        .iter()
        .map(|&i| json!({"id": pages[i].id, "title": pages[i].title, "type": pages[i].page_type, "degree": degree[i]}))
        .collect();
    let kept_edges: Vec<Value> = edges
        .iter()
        .filter(|((a, b), _)| kept.contains(a) && kept.contains(b))
        .map(|(&(a, b), &w)| {
            let kind = if edges.contains_key(&(b, a)) {
                "mutual"
            } else {
                "link"
            };
            json!({"source": pages[a].id, "target": pages[b].id, "weight": w, "kind": kind})
        })
        .collect();
    json!({
        "wiki": wiki,
        "nodes": nodes,
        "edges": kept_edges,
        "truncated": truncated,
        "total_nodes": pages.len(),
        "total_edges": edges.len(),
    })
}

/// Growth bucket size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Granularity {
    Hour,
    Day,
    Week,
}

impl Granularity {
    pub fn parse(s: Option<&String>) -> Result<Granularity, ReadError> {
        match s.map(|s| s.trim()) {
            None | Some("day") => Ok(Granularity::Day),
            Some("hour") => Ok(Granularity::Hour),
            Some("week") => Ok(Granularity::Week),
            Some(other) => Err(bad(
                "bad_granularity",
                format!("granularity must be hour, day or week, got {other:?}"),
            )),
        }
    }
    fn step(self) -> Duration {
        match self {
            Granularity::Hour => Duration::hours(1),
            Granularity::Day => Duration::days(1),
            Granularity::Week => Duration::weeks(1),
        }
    }
    fn as_str(self) -> &'static str {
        match self {
            Granularity::Hour => "hour",
            Granularity::Day => "day",
            Granularity::Week => "week",
        }
    }
}

/// `GET /wiki/{slug}/growth`: pages added and updated per bucket over the last `days`, with the
/// running total of pages that existed at the end of each bucket.
pub fn growth(
    pages: &[PageRecord],
    wiki: &str,
    params: &HashMap<String, String>,
    now: DateTime<Utc>,
) -> Result<Value, ReadError> {
    let g = Granularity::parse(params.get("granularity"))?;
    let days = int_param(
        "days",
        params.get("days"),
        GROWTH_DEFAULT_DAYS,
        1,
        GROWTH_MAX_DAYS,
    )?;
    let span = Duration::days(days);
    let buckets = span.num_seconds() / g.step().num_seconds() + 1;
    if buckets > GROWTH_MAX_BUCKETS {
        return Err(bad(
            "out_of_range",
            format!(
                "{days} days by {} is {buckets} buckets; at most {GROWTH_MAX_BUCKETS}: use a coarser granularity or fewer days",
                g.as_str()
            ),
        ));
    }
    // Buckets are aligned to UTC hours/days; weeks start on Monday.
    let floor = |t: DateTime<Utc>| -> DateTime<Utc> {
        match g {
            Granularity::Hour => t.duration_trunc(Duration::hours(1)).unwrap_or(t),
            Granularity::Day => t.duration_trunc(Duration::days(1)).unwrap_or(t),
            Granularity::Week => {
                let d = t.duration_trunc(Duration::days(1)).unwrap_or(t);
                d - Duration::days(i64::from(
                    chrono::Datelike::weekday(&d).num_days_from_monday(),
                ))
            }
        }
    };
    let start = floor(now - span);
    let mut starts = Vec::new();
    let mut t = start;
    while t <= now {
        starts.push(t);
        t += g.step();
    }
    let index_of = |t: DateTime<Utc>| -> Option<usize> {
        if t < start || t > now + g.step() {
            return None;
        }
        let i = ((t - start).num_seconds() / g.step().num_seconds()) as usize;
        (i < starts.len()).then_some(i)
    };
    let mut added = vec![0u64; starts.len()];
    let mut updated = vec![0u64; starts.len()];
    let mut before = 0u64;
    for p in pages {
        if let Some(c) = p.created_at {
            match index_of(c) {
                Some(i) => added[i] += 1,
                None if c < start => before += 1,
                None => {}
            }
        }
        if let (Some(u), c) = (p.updated_at, p.created_at)
            && c != Some(u)
            && let Some(i) = index_of(u)
        {
            updated[i] += 1;
        }
    }
    let mut total = before;
    let out: Vec<Value> = starts
        .iter()
        .enumerate()
        .map(|(i, s)| {
            total += added[i];
            json!({"start": s, "added": added[i], "updated": updated[i], "total": total})
        })
        .collect();
    Ok(json!({
        "wiki": wiki,
        "granularity": g.as_str(),
        "days": days,
        "from": start,
        "to": now,
        "buckets": out,
        "total_pages": pages.len(),
    }))
}

/// `GET /wikis-overview`: the caller's wikis (every wiki for an admin).
pub fn overview(app: &App, who: &Principal) -> Result<Value, ReadError> {
    let mut wikis: Vec<WikiRecord> = app
        .store
        .wikis()?
        .into_iter()
        .filter(|w| who.can_access_wiki(w))
        .collect();
    wikis.sort_by(|a, b| a.slug.cmp(&b.slug));
    let items: Vec<Value> = wikis
        .iter()
        .map(|w| {
            json!({
                "id": w.id,
                "slug": w.slug,
                "name": w.name,
                "owner": w.owner,
                "lang": w.lang,
                "status": w.status,
                "page_count": w.page_count,
                "completion": w.completion,
                "coverage": f64::from(w.completion) / 100.0,
                "last_review_at": w.updated_at,
                "created_at": w.created_at,
                "updated_at": w.updated_at,
                "serve_running": app.serve_running(&w.slug),
                "butler_running": app.butler_running(&w.slug),
            })
        })
        .collect();
    Ok(json!({"total": items.len(), "items": items}))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(id: &str, links: &[&str]) -> PageRecord {
        PageRecord {
            id: id.into(),
            title: id.to_uppercase(),
            page_type: "concept".into(),
            links: links.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        }
    }

    #[test]
    fn page_files_parse() {
        let text = "---\nid: \"a\"\ntitle: \"学而\"\naliases: [\"x\",\"y\"]\nquality: 80\n---\n\n# 学而\n\nBody[^p-1] see [Other](b.md).\n\n## Sources\n\n[^p-1]: “学而时习之 — 不亦说乎” — 学而第一, line 3\n";
        let f = parse_page_file(text);
        assert_eq!(f.front_str("title").as_deref(), Some("学而"));
        assert_eq!(f.front_list("aliases").unwrap(), vec!["x", "y"]);
        assert!(f.body.starts_with("# 学而"));
        assert_eq!(f.citations.len(), 1);
        assert_eq!(f.citations[0].passage_id, "p-1");
        assert_eq!(f.citations[0].quote, "学而时习之 — 不亦说乎");
        assert_eq!(f.citations[0].location_label, "学而第一, line 3");
        let plain = plain_text(&f.body);
        assert!(plain.contains("see Other."), "{plain}");
        assert!(!plain.contains("b.md") && !plain.contains("[^"), "{plain}");
    }

    #[test]
    fn graph_keeps_the_best_connected() {
        let pages = vec![
            page("a", &["b", "c"]),
            page("b", &["a"]),
            page("c", &[]),
            page("d", &[]),
        ];
        let g = graph(&pages, "w", 2);
        assert_eq!(g["truncated"], true);
        assert_eq!(g["total_nodes"], 4);
        let ids: Vec<_> = g["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, vec!["a", "b"]);
        assert_eq!(g["edges"].as_array().unwrap().len(), 2);
        assert_eq!(g["edges"][0]["kind"], "mutual");
        assert_eq!(graph(&pages, "w", 10)["truncated"], false);
    }

    #[test]
    fn growth_buckets() {
        let now: DateTime<Utc> = "2026-01-10T12:30:00Z".parse().unwrap();
        let mut a = page("a", &[]);
        a.created_at = Some(now - Duration::hours(2));
        a.updated_at = Some(now - Duration::hours(1));
        let mut b = page("b", &[]);
        b.created_at = Some(now - Duration::days(100));
        b.updated_at = b.created_at;
        let mut p = HashMap::new();
        p.insert("granularity".to_string(), "hour".to_string());
        p.insert("days".to_string(), "1".to_string());
        let g = growth(&[a, b], "w", &p, now).unwrap();
        let buckets = g["buckets"].as_array().unwrap();
        assert_eq!(buckets.len(), 25);
        assert_eq!(
            buckets
                .iter()
                .map(|b| b["added"].as_u64().unwrap())
                .sum::<u64>(),
            1
        );
        assert_eq!(
            buckets
                .iter()
                .map(|b| b["updated"].as_u64().unwrap())
                .sum::<u64>(),
            1
        );
        assert_eq!(buckets.last().unwrap()["total"], 2);
        p.insert("granularity".to_string(), "minute".to_string());
        assert!(growth(&[], "w", &p, now).is_err());
        p.insert("granularity".to_string(), "hour".to_string());
        p.insert("days".to_string(), "3650".to_string());
        assert!(growth(&[], "w", &p, now).is_err());
        p.insert("days".to_string(), "0".to_string());
        assert!(growth(&[], "w", &p, now).is_err());
    }

    #[test]
    fn cursors_round_trip() {
        assert_eq!(decode_cursor(&encode_cursor("ab-c")).unwrap(), "ab-c");
        assert!(decode_cursor("!!").is_err());
    }
}

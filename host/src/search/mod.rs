//! Search over one wiki's pages: the full-text index (tantivy, one index per wiki under
//! `<data-dir>/index/<wiki_id>/`), and semantic search that fuses BM25 with dense vectors by
//! reciprocal rank fusion. The vectors come from the embedded embedder (`embed.rs`, trained on
//! the wiki's own text, no model) or, when the operator configured a model directory, from the
//! neural embedder (`neural.rs`), whose page vectors are computed when the index is built and
//! stored beside it. This is the only module that names tantivy types.
//!
//! The index is derived data: it is rebuilt from `docs/` when grow finishes, and on the next
//! search whenever it is missing, unreadable or stale (its stamp differs from the wiki's), and
//! hits are filtered against the store so a page that no longer exists is never returned.
//!
//! Not for: HTTP (see `api/read.rs`), ownership checks (the caller has done them), or the page
//! files' format (see `crate::reading`).

pub mod embed;
pub mod neural;
pub mod tokenizer;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{Query, QueryParser};
use tantivy::schema::{
    Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value,
};
use tantivy::snippet::SnippetGenerator;
use tantivy::{Index, IndexReader, ReloadPolicy, TantivyDocument};

use crate::app::App;
use crate::store::WikiRecord;

/// Longest query accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 1000;
/// Boost of titles over body text.
const TITLE_BOOST: f32 = 4.0;
/// Boost of aliases over body text.
const ALIAS_BOOST: f32 = 3.0;
/// RRF constant (Cormack et al.).
const RRF_K: f32 = 60.0;
/// Candidates each ranker contributes to the fusion.
const FUSE_DEPTH: usize = 100;
/// Name of the file holding the stamp of the data an index was built from.
const STAMP_FILE: &str = "grove-stamp";
/// Name of the file holding the neural page vectors of an index.
const VECTORS_FILE: &str = "grove-neural-vectors";
/// Windows of a page the neural embedder encodes (its first `max_tokens` times this tokens).
pub const NEURAL_WINDOWS_PER_PAGE: usize = 2;

/// Why a search could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// The query is empty, too long or not valid query syntax.
    #[error("{0}")]
    BadQuery(String),
    #[error("search index: {0}")]
    Index(#[from] tantivy::TantivyError),
    #[error("search index: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error(transparent)]
    Neural(#[from] neural::NeuralError),
}

/// One page to index.
#[derive(Debug, Clone, Default)]
pub struct IndexDoc {
    pub id: String,
    pub title: String,
    pub aliases: Vec<String>,
    pub page_type: String,
    pub summary: String,
    pub body: String,
}

#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    title: Field,
    aliases: Field,
    body: Field,
    page_type: Field,
    summary: Field,
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = TextOptions::default()
        .set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(tokenizer::TOKENIZER)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        )
        .set_stored();
    let fields = Fields {
        id: b.add_text_field("id", STRING | STORED),
        title: b.add_text_field("title", text.clone()),
        aliases: b.add_text_field("aliases", text.clone()),
        body: b.add_text_field("body", text),
        page_type: b.add_text_field("type", STRING | STORED),
        summary: b.add_text_field("summary", STORED),
    };
    (b.build(), fields)
}

/// An open index of one wiki, with its analyzer and (lazily) its embedder.
pub struct WikiIndex {
    index: Index,
    reader: IndexReader,
    fields: Fields,
    jieba: tokenizer::Segmenter,
    stamp: String,
    dir: PathBuf,
    embedded: OnceLock<Arc<SemanticModel>>,
    neural: OnceLock<Arc<SemanticModel>>,
}

/// What makes the vectors of a [`SemanticModel`].
pub enum Embedding {
    /// Random indexing trained on the wiki's own text (`embed.rs`).
    Embedded(embed::Embedder),
    /// A sentence-embedding model from the configured directory (`neural.rs`).
    Neural(Arc<neural::NeuralEmbedder>),
}

/// The embedder of a wiki and the vectors of its pages (a page may have several vectors, one
/// per window of its text; it is as similar as its best window).
pub struct SemanticModel {
    embedding: Embedding,
    pages: Vec<(String, Vec<f32>)>,
}

impl SemanticModel {
    /// The mode a semantic search with this model reports.
    pub fn mode(&self) -> &'static str {
        match self.embedding {
            Embedding::Embedded(_) => MODE_HYBRID_EMBEDDED,
            Embedding::Neural(_) => MODE_HYBRID_NEURAL,
        }
    }

    /// Vectors held (pages times windows).
    pub fn vectors(&self) -> usize {
        self.pages.len()
    }
}

/// A full-text hit.
#[derive(Debug, Clone, Serialize)]
pub struct Hit {
    pub id: String,
    pub title: String,
    #[serde(rename = "type")]
    pub page_type: String,
    pub score: f32,
    /// Plain-text fragment of the body around the best match.
    pub snippet: String,
    /// The same fragment with matches in `<b>…</b>` (HTML-escaped).
    pub snippet_html: String,
    /// Matches inside `snippet` as `[start, end)` character offsets.
    pub highlights: Vec<[usize; 2]>,
}

/// A page of full-text results.
#[derive(Debug, Clone, Serialize)]
pub struct Hits {
    /// Matching documents in the index (before dropping pages the store no longer has).
    pub total: usize,
    pub hits: Vec<Hit>,
}

/// A semantic search result.
#[derive(Debug, Clone, Serialize)]
pub struct SemanticHit {
    pub id: String,
    pub title: String,
    #[serde(rename = "type")]
    pub page_type: String,
    pub summary: String,
    /// Fused RRF score.
    pub score: f32,
    /// 1-based rank in the BM25 list, if the page was in it.
    pub bm25_rank: Option<usize>,
    /// 1-based rank in the dense list.
    pub dense_rank: Option<usize>,
    /// Cosine similarity of the query and page vectors.
    pub similarity: f32,
}

/// One page of a fused ranking.
#[derive(Debug, Clone)]
pub struct Fused {
    pub id: String,
    pub score: f32,
    pub bm25_rank: Option<usize>,
    pub dense_rank: Option<usize>,
    pub similarity: f32,
}

/// What answered a semantic search: BM25 fused with the embedded embedder.
pub const MODE_HYBRID_EMBEDDED: &str = "hybrid-embedded";
/// What answered a semantic search: BM25 fused with the configured neural model.
pub const MODE_HYBRID_NEURAL: &str = "hybrid-neural";

fn cache() -> &'static Mutex<HashMap<PathBuf, Arc<WikiIndex>>> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Arc<WikiIndex>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn build_lock() -> &'static Mutex<()> {
    static LOCK: Mutex<()> = Mutex::new(());
    &LOCK
}

/// The stamp of the data a wiki's index must reflect.
fn stamp_of(wiki: &WikiRecord) -> String {
    format!("{}|{}", wiki.updated_at.to_rfc3339(), wiki.page_count)
}

/// Where a wiki's index lives.
pub fn index_dir(app: &App, wiki: &WikiRecord) -> PathBuf {
    app.paths.index().join(&wiki.id)
}

/// The pages of a wiki as written in `docs/`, with their metadata from the front matter
/// (falling back to the store's records).
pub fn docs_of(app: &App, wiki: &WikiRecord) -> Vec<IndexDoc> {
    let records: HashMap<String, crate::store::PageRecord> = app
        .store
        .pages(&wiki.id)
        .unwrap_or_default()
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    docs_in(&app.paths.wiki_dir(&wiki.slug), &records)
}

/// The pages in `<wiki_dir>/docs/`, with metadata from their front matter, falling back to
/// `records` (the store's page records by id).
pub fn docs_in(
    wiki_dir: &Path,
    records: &HashMap<String, crate::store::PageRecord>,
) -> Vec<IndexDoc> {
    let dir = wiki_dir.join("docs");
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return out;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().and_then(|x| x.to_str()) != Some("md") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let file = crate::reading::parse_page_file(&text);
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let rec = records.get(&stem);
        let id = file.front_str("id").unwrap_or(stem);
        out.push(IndexDoc {
            title: file
                .front_str("title")
                .or_else(|| rec.map(|r| r.title.clone()))
                .unwrap_or_else(|| id.clone()),
            aliases: file
                .front_list("aliases")
                .or_else(|| rec.map(|r| r.aliases.clone()))
                .unwrap_or_default(),
            page_type: file
                .front_str("type")
                .or_else(|| rec.map(|r| r.page_type.clone()))
                .unwrap_or_default(),
            summary: file
                .front_str("summary")
                .or_else(|| rec.map(|r| r.summary.clone()))
                .unwrap_or_default(),
            body: crate::reading::plain_text(&file.body),
            id,
        });
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    out
}

/// Paragraphs of the wiki's source text (`corpus/document.json`), for training the embedder.
fn corpus_paragraphs(app: &App, wiki: &WikiRecord) -> Vec<String> {
    corpus_paragraphs_in(&app.paths.wiki_dir(&wiki.slug))
}

/// Paragraphs of the source text in `<wiki_dir>/corpus/document.json` (none when missing).
pub fn corpus_paragraphs_in(wiki_dir: &Path) -> Vec<String> {
    let path = wiki_dir.join("corpus").join("document.json");
    let Ok(json) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let Ok(doc) = crate::extract::from_json(&json) else {
        return Vec::new();
    };
    doc.chapters
        .iter()
        .flat_map(|c| c.blocks.iter().map(|b| b.text.clone()))
        .collect()
}

impl WikiIndex {
    /// Builds a fresh index of `docs` in `dir` (replacing whatever is there) and opens it.
    pub fn build(dir: &Path, docs: &[IndexDoc], stamp: &str) -> Result<WikiIndex, SearchError> {
        let _guard = build_lock().lock().unwrap_or_else(|e| e.into_inner());
        let parent = dir.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent)?;
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let tmp = parent.join(format!(".{name}.building"));
        if tmp.exists() {
            std::fs::remove_dir_all(&tmp)?;
        }
        std::fs::create_dir_all(&tmp)?;
        let (schema, fields) = schema();
        // Built in memory and written out below as plain files with one `syncfs`: tantivy's
        // own directory fsyncs every file and the directory on commit, which was most of the
        // time of indexing a small wiki.
        let ram = tantivy::directory::RamDirectory::create();
        let index = Index::create(ram.clone(), schema, tantivy::IndexSettings::default())?;
        let jieba = jieba_for(docs.iter().map(|d| (&d.title, &d.aliases)));
        register(&index, &jieba);
        {
            // Two indexing threads (two segments): the second one takes the core that git's
            // commit leaves free at the end of grow, when the index is the last thing left.
            let mut writer = index.writer_with_num_threads::<TantivyDocument>(2, 64 << 20)?;
            for d in docs {
                let mut doc = TantivyDocument::default();
                doc.add_text(fields.id, &d.id);
                doc.add_text(fields.title, &d.title);
                for a in &d.aliases {
                    doc.add_text(fields.aliases, a);
                }
                doc.add_text(fields.body, &d.body);
                doc.add_text(fields.page_type, &d.page_type);
                doc.add_text(fields.summary, &d.summary);
                writer.add_document(doc)?;
            }
            writer.commit()?;
            writer.wait_merging_threads()?;
        }
        write_out(&index, &ram, &tmp)?;
        // The dictionary additions are part of the index: they must be the same at query time.
        let names: Vec<&str> = docs
            .iter()
            .flat_map(|d| {
                std::iter::once(d.title.as_str()).chain(d.aliases.iter().map(String::as_str))
            })
            .collect();
        std::fs::write(
            tmp.join("grove-names.json"),
            serde_json::to_vec(&names).unwrap_or_default(),
        )?;
        std::fs::write(tmp.join(STAMP_FILE), stamp)?;
        drop(index);
        if dir.exists() {
            std::fs::remove_dir_all(dir)?;
        }
        std::fs::rename(&tmp, dir)?;
        drop(_guard);
        // The segmenter made for building is the one queries need: reuse it (a Chinese
        // wiki's is a copy of jieba's dictionary, about 15 ms to make).
        Self::open_with(dir, stamp, Some(jieba))
    }

    /// Opens an existing index whose stamp is `stamp`; errors when it is missing, stale or
    /// unreadable.
    pub fn open(dir: &Path, stamp: &str) -> Result<WikiIndex, SearchError> {
        Self::open_with(dir, stamp, None)
    }

    fn open_with(
        dir: &Path,
        stamp: &str,
        jieba: Option<tokenizer::Segmenter>,
    ) -> Result<WikiIndex, SearchError> {
        let on_disk = std::fs::read_to_string(dir.join(STAMP_FILE))?;
        if on_disk != stamp {
            return Err(SearchError::Io(std::io::Error::other("the index is stale")));
        }
        let index = Index::open_in_dir(dir)?;
        let (_, fields) = schema();
        if serde_json::to_value(index.schema()).ok() != serde_json::to_value(schema().0).ok() {
            return Err(SearchError::Io(std::io::Error::other(
                "the index has another schema",
            )));
        }
        let jieba = match jieba {
            Some(jieba) => jieba,
            None => {
                let names: Vec<String> =
                    serde_json::from_slice(&std::fs::read(dir.join("grove-names.json"))?)
                        .map_err(std::io::Error::other)?;
                tokenizer::jieba_with(names.iter().map(String::as_str))
            }
        };
        register(&index, &jieba);
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(WikiIndex {
            index,
            reader,
            fields,
            jieba,
            stamp: stamp.to_string(),
            dir: dir.to_path_buf(),
            embedded: OnceLock::new(),
            neural: OnceLock::new(),
        })
    }

    /// Documents in the index.
    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    fn parse(&self, query: &str, lenient: bool) -> Result<Box<dyn Query>, SearchError> {
        let q = query.trim();
        if q.is_empty() {
            return Err(SearchError::BadQuery("the query is empty".into()));
        }
        if q.chars().count() > MAX_QUERY_CHARS {
            return Err(SearchError::BadQuery(format!(
                "the query is longer than {MAX_QUERY_CHARS} characters"
            )));
        }
        let f = self.fields;
        let mut parser = QueryParser::for_index(&self.index, vec![f.title, f.aliases, f.body]);
        parser.set_field_boost(f.title, TITLE_BOOST);
        parser.set_field_boost(f.aliases, ALIAS_BOOST);
        let spaced = tokenizer::spaced_query(&self.jieba, q);
        if lenient {
            Ok(parser.parse_query_lenient(&spaced).0)
        } else {
            parser
                .parse_query(&spaced)
                .map_err(|e| SearchError::BadQuery(format!("bad query syntax: {e}")))
        }
    }

    /// Full-text search; `keep` says whether a page id still exists.
    pub fn search(
        &self,
        query: &str,
        limit: usize,
        offset: usize,
        keep: &dyn Fn(&str) -> bool,
    ) -> Result<Hits, SearchError> {
        let query = self.parse(query, false)?;
        let searcher = self.reader.searcher();
        let want = offset + limit;
        let mut fetch = want.max(10) * 2;
        let f = self.fields;
        let snippets = self.snippet_generator(&searcher, &*query)?;
        loop {
            let (total, top) = searcher.search(
                &*query,
                &(Count, TopDocs::with_limit(fetch).order_by_score()),
            )?;
            let mut kept = Vec::new();
            for (score, addr) in &top {
                let doc: TantivyDocument = searcher.doc(*addr)?;
                let id = text_of(&doc, f.id);
                if keep(&id) {
                    kept.push((*score, doc, id));
                }
                if kept.len() >= want {
                    break;
                }
            }
            if kept.len() >= want || top.len() < fetch || fetch >= total {
                let hits = kept
                    .into_iter()
                    .skip(offset)
                    .map(|(score, doc, id)| {
                        let snippet = snippets.snippet_from_doc(&doc);
                        let fragment = snippet.fragment().to_string();
                        let highlights = snippet
                            .highlighted()
                            .iter()
                            .filter_map(|r| {
                                Some([
                                    fragment.get(..r.start)?.chars().count(),
                                    fragment.get(..r.end)?.chars().count(),
                                ])
                            })
                            .collect();
                        let (snippet_text, snippet_html) = if fragment.is_empty() {
                            let s: String = text_of(&doc, f.summary).chars().take(200).collect();
                            (s.clone(), html_escape(&s))
                        } else {
                            (fragment, snippet.to_html())
                        };
                        Hit {
                            title: text_of(&doc, f.title),
                            page_type: text_of(&doc, f.page_type),
                            id,
                            score,
                            snippet: snippet_text,
                            snippet_html,
                            highlights,
                        }
                    })
                    .collect();
                return Ok(Hits { total, hits });
            }
            fetch *= 4;
        }
    }

    /// The snippet generator for `query` over the body. tantivy's snippets need tokens in text
    /// order without overlaps, which the index's search-mode tokenizer does not give (it also
    /// emits the words inside a long Chinese word), so snippets use the default-mode analyzer.
    /// The query's terms and weights are those `SnippetGenerator::create` would use.
    fn snippet_generator(
        &self,
        searcher: &tantivy::Searcher,
        query: &dyn tantivy::query::Query,
    ) -> Result<SnippetGenerator, SearchError> {
        let mut terms = std::collections::BTreeSet::new();
        query.query_terms(&mut |term, _| {
            if term.field() == self.fields.body {
                terms.insert(term.clone());
            }
        });
        let mut weights = std::collections::BTreeMap::new();
        for term in terms {
            if let Some(text) = term.value().as_str() {
                let df = searcher.doc_freq(&term)?;
                if df > 0 {
                    weights.insert(text.to_string(), 1.0 / (1.0 + df as f32));
                }
            }
        }
        Ok(SnippetGenerator::new(
            weights,
            tokenizer::analyzer(self.jieba.clone(), false),
            self.fields.body,
            200,
        ))
    }

    /// BM25 ranking (lenient syntax), best first.
    pub fn bm25_ranking(&self, query: &str, depth: usize) -> Result<Vec<String>, SearchError> {
        let query = self.parse(query, true)?;
        let searcher = self.reader.searcher();
        let top = searcher.search(&*query, &TopDocs::with_limit(depth).order_by_score())?;
        let mut out = Vec::new();
        for (_, addr) in top {
            let doc: TantivyDocument = searcher.doc(addr)?;
            out.push(text_of(&doc, self.fields.id));
        }
        Ok(out)
    }

    /// The terms of a text as the embedder sees them.
    pub fn embed_terms(&self, text: &str) -> Vec<String> {
        let mut a = tokenizer::analyzer(self.jieba.clone(), false);
        tokenizer::terms(&mut a, text)
    }

    /// The terms of a text as the full-text index sees them (search mode: also the dictionary
    /// words inside a longer word).
    pub fn index_terms(&self, text: &str) -> Vec<String> {
        let mut a = tokenizer::analyzer(self.jieba.clone(), true);
        tokenizer::terms(&mut a, text)
    }

    /// Every indexed page: id and the text the embedders read (title, summary, body).
    fn page_texts(&self) -> Result<Vec<(String, String)>, SearchError> {
        let searcher = self.reader.searcher();
        let f = self.fields;
        let mut pages = Vec::new();
        for segment in searcher.segment_readers() {
            let store = segment.get_store_reader(64)?;
            for doc_id in 0..segment.max_doc() {
                if segment.is_deleted(doc_id) {
                    continue;
                }
                let doc: TantivyDocument = store.get(doc_id)?;
                let text = format!(
                    "{}\n{}\n{}",
                    text_of(&doc, f.title),
                    text_of(&doc, f.summary),
                    text_of(&doc, f.body)
                );
                pages.push((text_of(&doc, f.id), text));
            }
        }
        Ok(pages)
    }

    /// Trains the embedded embedder on `paragraphs` plus the indexed pages and embeds every
    /// page (once per index; later calls return the same model).
    pub fn train_semantic(&self, paragraphs: &[String]) -> Result<Arc<SemanticModel>, SearchError> {
        if let Some(m) = self.embedded.get() {
            return Ok(m.clone());
        }
        let mut analyzer = tokenizer::analyzer(self.jieba.clone(), false);
        let pages: Vec<(String, Vec<String>)> = self
            .page_texts()?
            .into_iter()
            .map(|(id, text)| (id, tokenizer::terms(&mut analyzer, &text)))
            .collect();
        let mut units: Vec<Vec<String>> = paragraphs
            .iter()
            .map(|p| tokenizer::terms(&mut analyzer, p))
            .collect();
        units.extend(pages.iter().map(|(_, t)| t.clone()));
        let embedder = embed::Embedder::train(&units);
        let pages = pages
            .into_iter()
            .map(|(id, terms)| {
                let v = embedder.embed(&terms);
                (id, v)
            })
            .collect();
        let model = Arc::new(SemanticModel {
            embedding: Embedding::Embedded(embedder),
            pages,
        });
        let _ = self.embedded.set(model.clone());
        Ok(model)
    }

    /// The neural model of this index: the page vectors stored beside the index when they were
    /// made by the same weights from the same pages, otherwise computed now (every page's
    /// first [`NEURAL_WINDOWS_PER_PAGE`] windows, in batches) and stored.
    pub fn neural_semantic(
        &self,
        embedder: &Arc<neural::NeuralEmbedder>,
    ) -> Result<Arc<SemanticModel>, SearchError> {
        if let Some(m) = self.neural.get()
            && let Embedding::Neural(e) = &m.embedding
            && e.fingerprint() == embedder.fingerprint()
        {
            return Ok(m.clone());
        }
        let texts = self.page_texts()?;
        let key = format!(
            "{}|{}|{}|{}",
            embedder.fingerprint(),
            embedder.max_tokens(),
            NEURAL_WINDOWS_PER_PAGE,
            self.stamp
        );
        let path = self.dir.join(VECTORS_FILE);
        let pages = match read_vectors(&path, &key, embedder.dim()) {
            Some(pages) => pages,
            None => {
                let t0 = std::time::Instant::now();
                let refs: Vec<&str> = texts.iter().map(|(_, t)| t.as_str()).collect();
                let mut pages = Vec::new();
                for (chunk_ids, chunk) in texts.chunks(64).zip(refs.chunks(64)) {
                    let vectors = embedder.embed_long(chunk, NEURAL_WINDOWS_PER_PAGE)?;
                    for ((id, _), vs) in chunk_ids.iter().zip(vectors) {
                        pages.extend(vs.into_iter().map(|v| (id.clone(), v)));
                    }
                }
                tracing::info!(
                    pages = texts.len(),
                    vectors = pages.len(),
                    ms = t0.elapsed().as_millis() as u64,
                    model = embedder.fingerprint(),
                    "neural page vectors computed"
                );
                if let Err(e) = write_vectors(&path, &key, &pages) {
                    tracing::warn!(error = %e, path = %path.display(), "cannot store the neural page vectors; they are computed again next time");
                }
                pages
            }
        };
        let model = Arc::new(SemanticModel {
            embedding: Embedding::Neural(embedder.clone()),
            pages,
        });
        let _ = self.neural.set(model.clone());
        Ok(model)
    }

    /// The vector of a query under `model`.
    fn query_vector(&self, model: &SemanticModel, query: &str) -> Result<Vec<f32>, SearchError> {
        Ok(match &model.embedding {
            Embedding::Embedded(e) => e.embed(&self.embed_terms(query)),
            Embedding::Neural(e) => e.embed(&[query])?.pop().unwrap_or_default(),
        })
    }

    /// The dense ranking: (page id, best cosine over the page's vectors), best first, at most
    /// `depth`, pages with a positive similarity only.
    fn dense(
        &self,
        model: &SemanticModel,
        query: &str,
        depth: usize,
    ) -> Result<Vec<(String, f32)>, SearchError> {
        let qv = self.query_vector(model, query)?;
        let mut best: HashMap<&str, f32> = HashMap::new();
        for (id, v) in &model.pages {
            let s = embed::cosine(&qv, v);
            let e = best.entry(id.as_str()).or_insert(f32::MIN);
            if s > *e {
                *e = s;
            }
        }
        let mut dense: Vec<(String, f32)> = best
            .into_iter()
            .filter(|(_, s)| *s > 0.0)
            .map(|(id, s)| (id.to_string(), s))
            .collect();
        dense.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        dense.truncate(depth);
        Ok(dense)
    }

    /// Hybrid retrieval: BM25 and dense rankings fused by reciprocal rank fusion.
    pub fn semantic(
        &self,
        model: &SemanticModel,
        query: &str,
        top_k: usize,
        keep: &dyn Fn(&str) -> bool,
    ) -> Result<Vec<Fused>, SearchError> {
        let lexical = self.bm25_ranking(query, FUSE_DEPTH)?;
        let dense = self.dense(model, query, FUSE_DEPTH)?;
        let mut fused: HashMap<&str, Fused> = HashMap::new();
        let blank = |id: &str| Fused {
            id: id.to_string(),
            score: 0.0,
            bm25_rank: None,
            dense_rank: None,
            similarity: 0.0,
        };
        for (rank, id) in lexical.iter().enumerate() {
            let e = fused.entry(id.as_str()).or_insert_with(|| blank(id));
            e.score += 1.0 / (RRF_K + rank as f32 + 1.0);
            e.bm25_rank = Some(rank + 1);
        }
        for (rank, (id, sim)) in dense.iter().enumerate() {
            let e = fused.entry(id.as_str()).or_insert_with(|| blank(id));
            e.score += 1.0 / (RRF_K + rank as f32 + 1.0);
            e.dense_rank = Some(rank + 1);
            e.similarity = *sim;
        }
        let mut out: Vec<Fused> = fused.into_values().filter(|f| keep(&f.id)).collect();
        out.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.id.cmp(&b.id)));
        out.truncate(top_k);
        Ok(out)
    }

    /// Dense-only ranking (for evaluation): page ids by cosine similarity.
    pub fn dense_ranking(
        &self,
        model: &SemanticModel,
        query: &str,
        depth: usize,
    ) -> Result<Vec<String>, SearchError> {
        Ok(self
            .dense(model, query, depth)?
            .into_iter()
            .map(|(id, _)| id)
            .collect())
    }
}

/// Reads stored neural vectors: a first line with the key, then per vector a line
/// `<page id>\t<hex of little-endian f32s>`. `None` when missing, for another key, or damaged.
fn read_vectors(path: &Path, key: &str, dim: usize) -> Option<Vec<(String, Vec<f32>)>> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut lines = text.lines();
    if lines.next()? != key {
        return None;
    }
    let mut out = Vec::new();
    for line in lines {
        let (id, hexed) = line.split_once('\t')?;
        let bytes = hex::decode(hexed).ok()?;
        if bytes.len() != dim * 4 {
            return None;
        }
        let v = bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        out.push((id.to_string(), v));
    }
    Some(out)
}

/// Writes neural vectors for [`read_vectors`] (temp file, then rename).
fn write_vectors(path: &Path, key: &str, pages: &[(String, Vec<f32>)]) -> std::io::Result<()> {
    let mut text = String::with_capacity(pages.len() * 3200);
    text.push_str(key);
    text.push('\n');
    for (id, v) in pages {
        text.push_str(id);
        text.push('\t');
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        text.push_str(&hex::encode(bytes));
        text.push('\n');
    }
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(tmp, path)
}

fn jieba_for<'a>(
    names: impl Iterator<Item = (&'a String, &'a Vec<String>)>,
) -> tokenizer::Segmenter {
    let mut all: Vec<&str> = Vec::new();
    for (t, a) in names {
        all.push(t);
        all.extend(a.iter().map(String::as_str));
    }
    tokenizer::jieba_with(all)
}

/// Writes an index built in `ram` into `dir` (its segment files, `meta.json` and the managed
/// list, byte for byte with their footers) and makes the files durable with one `syncfs`. The
/// index is derived data (rebuilt when missing, stale or unreadable), but a reader must not
/// find a torn file after a crash.
fn write_out(
    index: &Index,
    ram: &tantivy::directory::RamDirectory,
    dir: &Path,
) -> Result<(), SearchError> {
    use tantivy::Directory;
    let mut files: Vec<PathBuf> = index.directory().list_managed_files().into_iter().collect();
    files.push(PathBuf::from("meta.json"));
    files.push(PathBuf::from(".managed.json"));
    for f in files {
        let bytes = match ram.open_read(&f) {
            Ok(slice) => slice.read_bytes()?,
            Err(tantivy::directory::error::OpenReadError::FileDoesNotExist(_)) => continue,
            Err(e) => return Err(SearchError::Io(std::io::Error::other(e))),
        };
        std::fs::write(dir.join(&f), bytes.as_slice())?;
    }
    let d = std::fs::File::open(dir)?;
    rustix::fs::syncfs(&d).map_err(std::io::Error::from)?;
    Ok(())
}

fn register(index: &Index, jieba: &tokenizer::Segmenter) {
    index.tokenizers().register(
        tokenizer::TOKENIZER,
        tokenizer::analyzer(jieba.clone(), true),
    );
}

fn text_of(doc: &TantivyDocument, field: Field) -> String {
    doc.get_first(field)
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// (Re)builds a wiki's index from `docs/` now. Called when grow finishes; failures are the
/// caller's to log (the index is derived and rebuilt on the next search anyway).
pub fn index_wiki(app: &App, wiki: &WikiRecord) -> Result<Arc<WikiIndex>, SearchError> {
    // Read the wiki again: grow updates it (page count, time) after the caller loaded it.
    let wiki = app.store.wiki(&wiki.id)?.unwrap_or_else(|| wiki.clone());
    let docs = docs_of(app, &wiki);
    index_docs(app, &wiki, &docs)
}

/// Builds the index of `wiki` as it will be once recorded (its `page_count` and `updated_at`
/// make the index's stamp) from the pages in `docs/` now, with `records` for the metadata a
/// page file lacks. Lets grow index while it commits, before the store has the new pages.
pub fn index_wiki_as(
    app: &App,
    wiki: &WikiRecord,
    records: &HashMap<String, crate::store::PageRecord>,
) -> Result<Arc<WikiIndex>, SearchError> {
    let docs = docs_in(&app.paths.wiki_dir(&wiki.slug), records);
    index_docs(app, wiki, &docs)
}

fn index_docs(
    app: &App,
    wiki: &WikiRecord,
    docs: &[IndexDoc],
) -> Result<Arc<WikiIndex>, SearchError> {
    let dir = index_dir(app, wiki);
    let built = Arc::new(WikiIndex::build(&dir, docs, &stamp_of(wiki))?);
    cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(dir, built.clone());
    tracing::info!(wiki.slug = %wiki.slug, docs = built.num_docs(), "search index built");
    if let Some(embedder) = &app.embedder {
        // Page vectors are made now, at index time, and stored beside the index.
        built.neural_semantic(embedder)?;
    }
    Ok(built)
}

/// [`index_wiki`] for the end of grow: never fails, logs instead.
pub fn index_wiki_logged(app: &App, wiki: &WikiRecord) {
    if let Err(e) = index_wiki(app, wiki) {
        tracing::warn!(wiki.slug = %wiki.slug, error = %e, "building the search index failed; it is rebuilt on the next search");
    }
}

/// The current index of a wiki: cached, opened from disk, or rebuilt from `docs/`.
pub fn open_wiki(app: &App, wiki: &WikiRecord) -> Result<Arc<WikiIndex>, SearchError> {
    let dir = index_dir(app, wiki);
    let stamp = stamp_of(wiki);
    if let Some(idx) = cache().lock().unwrap_or_else(|e| e.into_inner()).get(&dir)
        && idx.stamp == stamp
        && idx.dir.join(STAMP_FILE).exists()
    {
        return Ok(idx.clone());
    }
    let idx = match WikiIndex::open(&dir, &stamp) {
        Ok(idx) => Arc::new(idx),
        Err(e) => {
            tracing::info!(wiki.slug = %wiki.slug, reason = %e, "rebuilding the search index");
            Arc::new(WikiIndex::build(&dir, &docs_of(app, wiki), &stamp)?)
        }
    };
    cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(dir, idx.clone());
    Ok(idx)
}

fn forget(app: &App, wiki: &WikiRecord) {
    cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&index_dir(app, wiki));
    let _ = std::fs::remove_file(index_dir(app, wiki).join(STAMP_FILE));
}

fn page_exists(app: &App, wiki: &WikiRecord) -> impl Fn(&str) -> bool {
    move |id: &str| matches!(app.store.page(&wiki.id, id), Ok(Some(_)))
}

/// Full-text search in a wiki. An index that fails while searching is rebuilt once.
pub fn search(
    app: &App,
    wiki: &WikiRecord,
    query: &str,
    limit: usize,
    offset: usize,
) -> Result<Hits, SearchError> {
    let keep = page_exists(app, wiki);
    match open_wiki(app, wiki)?.search(query, limit, offset, &keep) {
        Err(SearchError::Index(e)) => {
            tracing::warn!(wiki.slug = %wiki.slug, error = %e, "the search index failed; rebuilding it");
            forget(app, wiki);
            open_wiki(app, wiki)?.search(query, limit, offset, &keep)
        }
        other => other,
    }
}

/// Semantic (hybrid) search in a wiki. Returns the mode that answered and the results.
pub fn semantic(
    app: &App,
    wiki: &WikiRecord,
    query: &str,
    top_k: usize,
) -> Result<(&'static str, Vec<SemanticHit>), SearchError> {
    let run = || -> Result<(&'static str, Vec<SemanticHit>), SearchError> {
        let idx = open_wiki(app, wiki)?;
        let model = match &app.embedder {
            Some(embedder) => idx.neural_semantic(embedder)?,
            None => idx.train_semantic(&corpus_paragraphs(app, wiki))?,
        };
        let keep = page_exists(app, wiki);
        let ranked = idx.semantic(&model, query, top_k, &keep)?;
        let mut out = Vec::new();
        for f in ranked {
            let Some(p) = app.store.page(&wiki.id, &f.id)? else {
                continue;
            };
            out.push(SemanticHit {
                id: f.id,
                title: p.title,
                page_type: p.page_type,
                summary: p.summary,
                score: f.score,
                bm25_rank: f.bm25_rank,
                dense_rank: f.dense_rank,
                similarity: f.similarity,
            });
        }
        Ok((model.mode(), out))
    };
    match run() {
        Err(SearchError::Index(e)) => {
            tracing::warn!(wiki.slug = %wiki.slug, error = %e, "the search index failed; rebuilding it");
            forget(app, wiki);
            run()
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(id: &str, title: &str, aliases: &[&str], body: &str) -> IndexDoc {
        IndexDoc {
            id: id.into(),
            title: title.into(),
            aliases: aliases.iter().map(|s| s.to_string()).collect(),
            page_type: "concept".into(),
            summary: String::new(),
            body: body.into(),
        }
    }

    fn sample(dir: &Path) -> WikiIndex {
        WikiIndex::build(
            dir,
            &[
                doc(
                    "ke-ji-fu-li",
                    "克己复礼",
                    &[],
                    "颜渊问仁。子曰：克己复礼为仁。一日克己复礼，天下归仁焉。",
                ),
                doc(
                    "xue-er",
                    "学而",
                    &["学而篇"],
                    "学而时习之，不亦说乎？有朋自远方来，不亦乐乎？",
                ),
                doc(
                    "farming",
                    "Farming",
                    &["agriculture"],
                    "The farmers planted wheat and barley in spring.",
                ),
                doc(
                    "sailing",
                    "Sailing",
                    &[],
                    "Sailors steered ships across the sea. The farming of fish.",
                ),
            ],
            "s1",
        )
        .unwrap()
    }

    #[test]
    fn chinese_english_mixed_and_titles_first() {
        let tmp = tempfile::tempdir().unwrap();
        let idx = sample(&tmp.path().join("w"));
        let all = |_: &str| true;
        let h = idx.search("克己复礼", 10, 0, &all).unwrap();
        assert_eq!(h.hits[0].id, "ke-ji-fu-li");
        assert!(h.hits[0].snippet_html.contains("<b>"), "{:?}", h.hits[0]);
        let h = idx.search("planting", 10, 0, &all).unwrap();
        assert_eq!(h.hits[0].id, "farming");
        let h = idx.search("farming", 10, 0, &all).unwrap();
        assert_eq!(h.hits[0].id, "farming", "the title outweighs the body");
        assert_eq!(h.hits.len(), 2);
        let h = idx.search("学而 sailing", 10, 0, &all).unwrap();
        let ids: Vec<_> = h.hits.iter().map(|h| h.id.as_str()).collect();
        assert!(
            ids.contains(&"xue-er") && ids.contains(&"sailing"),
            "{ids:?}"
        );
        // paging and filtering
        let h = idx.search("farming", 1, 1, &all).unwrap();
        assert_eq!(h.hits.len(), 1);
        assert_eq!(h.hits[0].id, "sailing");
        let h = idx
            .search("farming", 10, 0, &|id: &str| id != "farming")
            .unwrap();
        assert_eq!(h.hits[0].id, "sailing");
    }

    /// Search mode also indexes the words inside a long Chinese word, out of text order; the
    /// snippets must still be well formed (this once panicked on a slice far out of bounds).
    #[test]
    fn snippets_of_long_chinese_words_are_well_formed() {
        let tmp = tempfile::tempdir().unwrap();
        let body =
            "中华人民共和国成立。四国是遒，哀我人斯，亦孔之嘉。周公东征，四国是皇。".repeat(12);
        let idx = WikiIndex::build(
            &tmp.path().join("w"),
            &[
                doc("zh", "周公", &[], &body),
                doc("other", "其他", &[], "无关的文字。"),
            ],
            "s1",
        )
        .unwrap();
        let all = |_: &str| true;
        for q in [
            "人民",
            "共和",
            "中华人民共和国",
            "东征",
            "四国 东征",
            "亦孔之嘉",
        ] {
            let h = idx.search(q, 10, 0, &all).unwrap();
            assert!(!h.hits.is_empty(), "{q}");
            for hit in &h.hits {
                let n = hit.snippet.chars().count();
                for [a, b] in &hit.highlights {
                    assert!(a < b && *b <= n, "{q}: {:?} in {n} chars", hit.highlights);
                }
            }
        }
    }

    #[test]
    fn bad_queries_are_reported() {
        let tmp = tempfile::tempdir().unwrap();
        let idx = sample(&tmp.path().join("w"));
        let all = |_: &str| true;
        assert!(matches!(
            idx.search("  ", 10, 0, &all),
            Err(SearchError::BadQuery(_))
        ));
        assert!(matches!(
            idx.search("title:(", 10, 0, &all),
            Err(SearchError::BadQuery(_))
        ));
        assert!(matches!(
            idx.search("nofield:x", 10, 0, &all),
            Err(SearchError::BadQuery(_))
        ));
        assert!(idx.bm25_ranking("title:(", 10).is_ok());
    }

    #[test]
    fn reopen_checks_the_stamp() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("w");
        drop(sample(&dir));
        assert!(WikiIndex::open(&dir, "s1").is_ok());
        assert!(WikiIndex::open(&dir, "s2").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(WikiIndex::open(&dir, "s1").is_err());
    }

    #[test]
    fn hybrid_finds_by_context() {
        let tmp = tempfile::tempdir().unwrap();
        let idx = sample(&tmp.path().join("w"));
        let model = idx
            .train_semantic(&["The farmers sowed wheat in spring.".to_string()])
            .unwrap();
        let r = idx
            .semantic(&model, "who sowed the wheat", 3, &|_| true)
            .unwrap();
        assert_eq!(r[0].id, "farming");
    }
}

//! Analysis of a document's extracted text: what the genes' evidence imports read.
//!
//! Input is a [`Document`] (title, language, chapters made of blocks that carry their
//! location: section, PDF page, source line), as the egg stage extracts it or as
//! [`Document::from_text`] / [`Document::from_markdown`] build it from plain text.
//! [`Analysis::new`] splits it into sentences (the passages genes cite), finds candidate
//! terms with statistics and a kind hint, definitional sentences, co-occurrence and step
//! sequences, and answers the look-ups behind the gene imports (mentions, definitions,
//! related, search, chapter passages and text, procedure steps).
//!
//! Chinese is segmented and tagged by jieba (with names found by generic rules and the
//! wiki's own entry titles added to its dictionary); English uses surface rules for names,
//! noun phrases and lemmas; both measure salience against background frequencies of
//! ordinary usage (`background.rs`, `data/README.md`).
//!
//! What it is not: it stores nothing and knows nothing of genes, wasm or HTTP. It is
//! deterministic: the same document gives the same passage ids.

mod background;
mod chinese;
mod english;
mod procedures;
mod reference;
mod sentences;
mod terms;

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

pub use english::{is_table_of_names, prompt_programs};
pub use reference::table_glosses;
pub use sentences::split_sentences;

/// Content language of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    /// "zh" or "en".
    pub fn as_str(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }
    /// Parses "zh" / "en" (case-insensitive).
    pub fn parse(s: &str) -> Option<Lang> {
        match s.trim().to_ascii_lowercase().as_str() {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }
}

/// An extracted document: the input of the analysis.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Document {
    pub title: String,
    pub lang: Lang,
    pub chapters: Vec<Chapter>,
    /// The programs the document's code runs at a shell prompt ([`prompt_programs`]): a word
    /// the prose uses that names one is a program (in Chinese text, though the word is English,
    /// "make"). The code itself is no prose and is not analysed.
    #[serde(default)]
    pub programs: Vec<String>,
}

/// A chapter in reading order.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Chapter {
    pub title: String,
    pub blocks: Vec<Block>,
    /// What the chapter's tables say each row's name is ([`reference::table_glosses`]).
    /// Analysis reads no table as prose; a gloss is no sentence, mention or definition
    /// ([`Analysis::glosses`] hands it out apart).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub glosses: Vec<Gloss>,
    /// The divisions that hold the chapter, outermost first ("国风", "周南";
    /// [`crate::extract::Chapter::parts`]): each is a work of the book ([`divisions`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<String>,
}

/// A table row's gloss of a name: `gettext` / "GNU Internationalization utilities", with
/// where the row is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gloss {
    pub name: String,
    pub description: String,
    /// The nearest heading inside the chapter.
    pub section: Option<String>,
    /// 1-based PDF page.
    pub page: Option<u32>,
    /// 1-based line of a txt/md source.
    pub line: Option<u32>,
}

/// A paragraph, heading-free list item or similar run of text, with where it is.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Block {
    pub text: String,
    /// The nearest heading inside the chapter.
    pub section: Option<String>,
    /// 1-based PDF page.
    pub page: Option<u32>,
    /// 1-based line of a txt/md source.
    pub line: Option<u32>,
    /// The code blocks (commands, listings) that follow this block in the source before
    /// the next block of text, in order. Analysis reads no code; it hands them to the
    /// genes with the block's passages ([`Analysis::code_after`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub code_after: Vec<Code>,
    /// The head line of the dictionary entry whose text this block opens ("/dev·nuhl/, n.":
    /// the word's pronunciation and part of speech), which the extraction keeps as furniture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry_head: Option<String>,
}

/// A block of code of the source, verbatim: a command to type, a listing, a config file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Code {
    pub text: String,
    /// 1-based PDF page.
    pub page: Option<u32>,
    /// 1-based line of a txt/md source.
    pub line: Option<u32>,
}

/// A code block with where it is, as [`Analysis::code_after`] gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeBlock {
    /// At most [`MAX_CODE_BYTES`], cut after a whole line.
    pub text: String,
    pub location: Location,
}

/// Where a passage is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Location {
    pub chapter: u32,
    pub chapter_title: String,
    pub section: Option<String>,
    pub page: Option<u32>,
    pub line: Option<u32>,
}

/// A sentence of the source with its id and location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Passage {
    pub id: String,
    pub text: String,
    pub location: Location,
}

/// The analysis' guess of what a term is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TermKind {
    Person,
    Place,
    Org,
    Work,
    Event,
    Term,
    NounPhrase,
    Other,
}

/// A candidate term and its statistics.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TermStat {
    pub text: String,
    pub kind: TermKind,
    pub frequency: u32,
    pub salience: f32,
    pub chapter_count: u32,
    pub first: Passage,
    pub variants: Vec<String>,
}

/// A chapter's summary.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChapterInfo {
    pub index: u32,
    pub title: String,
    pub passage_count: u32,
    pub char_count: u32,
}

/// A detected step sequence.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Procedure {
    pub id: String,
    pub title: String,
    pub step_count: u32,
    pub location: Location,
}

/// A co-occurring term.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RelatedTerm {
    pub text: String,
    pub count: u32,
    pub weight: f32,
}

/// One sentence as stored by the analysis.
#[derive(Debug, Clone)]
struct Sentence {
    text: String,
    chapter: u32,
    block: u32,
}

/// A table row's gloss as the passage a page quotes: "gettext: GNU Internationalization
/// utilities", where the row's table is.
#[derive(Debug, Clone)]
struct GlossPassage {
    /// The glossed name's term key.
    key: String,
    text: String,
    chapter: u32,
    section: Option<String>,
    page: Option<u32>,
    line: Option<u32>,
}

/// A division of a collection: the heading that groups units of the book ("周南"), the
/// divisions above it ("国风"), what it holds directly (the divisions below it, or else its
/// units' titles) and the chapters of all its units.
#[derive(Debug, PartialEq)]
struct Division {
    title: String,
    path: Vec<String>,
    holds: Vec<String>,
    chapters: Vec<u32>,
}

/// The sentences of English prose that go on about a person a sentence has just named: "Ray
/// Dassen (jdassen) died on May 18th. Ray was a Debian Developer for 19 years. He joined the
/// project in 1994 …" — up to four sentences in a row of the same paragraph that open with
/// "He", "She", "His", "Her" or the person's given name ("Ray was …") join the person's
/// passages. Only after a sentence that names the person among its first six words (its
/// subject: "On July 30th Jens Schmalzing died …"; not a possessive, "Ian Murdock's wife …",
/// whose subject is someone else) and no other person the text knows: with two people in it,
/// "he" may be either; and the run stops at a sentence that names another person.
fn pronoun_continuations(found: &mut [terms::Found], sentences: &[Sentence]) {
    const MAX_FOLLOWING: usize = 4;
    const SUBJECT_WORDS: usize = 6;
    // (sentence → the persons found in it, by text)
    let mut persons_in: HashMap<u32, Vec<String>> = HashMap::new();
    for f in found.iter().filter(|f| f.kind == TermKind::Person) {
        for &si in &f.sentences {
            persons_in.entry(si).or_default().push(f.text.clone());
        }
    }
    for f in found.iter_mut().filter(|f| f.kind == TermKind::Person) {
        let given = f
            .text
            .split_once(' ')
            .map(|(g, _)| g.to_string())
            .filter(|g| g.chars().count() >= 2 && g.chars().all(char::is_alphabetic));
        // (a sentence's persons other than this one, by its given name too)
        let others = |si: u32| {
            persons_in.get(&si).is_some_and(|ps| {
                ps.iter()
                    .any(|p| *p != f.text && given.as_deref() != Some(p.as_str()))
            })
        };
        let mut extra: Vec<u32> = Vec::new();
        for &si in &f.sentences {
            let s = &sentences[si as usize];
            let Some(at) = s.text.find(f.text.as_str()) else {
                continue;
            };
            let rest = &s.text[at + f.text.len()..];
            let subject = s.text[..at].split_whitespace().count() < SUBJECT_WORDS
                && !rest.starts_with(|c: char| c.is_alphanumeric())
                && !rest.starts_with("'s")
                && !rest.starts_with("’s");
            if !subject || others(si) {
                continue;
            }
            for next in (si + 1..).take(MAX_FOLLOWING) {
                let Some(n) = sentences.get(next as usize) else {
                    break;
                };
                let t = n.text.trim_start();
                let by_given = given.as_deref().is_some_and(|g| {
                    t.strip_prefix(g).is_some_and(|r| {
                        r.starts_with(' ') && r[1..].starts_with(|c: char| c.is_lowercase())
                    })
                });
                let continues = by_given
                    || ["He ", "She ", "His ", "Her "]
                        .iter()
                        .any(|p| t.starts_with(p));
                if n.block != s.block || n.chapter != s.chapter || !continues || others(next) {
                    break;
                }
                extra.push(next);
            }
        }
        if !extra.is_empty() {
            f.sentences.extend(extra);
            f.sentences.sort_unstable();
            f.sentences.dedup();
        }
    }
}

/// The constants the chapters' tables describe, in reading order, each once: a row's name
/// in capitals with an underscore ("F_OK", "O_RDONLY", "COPYFILE_EXCL"), the shape of a
/// constant, a flag or a variable of code, which no everyday word has.
fn table_constants(chapters: &[Chapter]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for g in chapters.iter().flat_map(|c| &c.glosses) {
        let n = g.name.trim();
        let constant = n.len() >= 3
            && n.contains('_')
            && n.starts_with(|c: char| c.is_ascii_uppercase())
            && n.chars().any(|c| c.is_ascii_uppercase())
            && n.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        if constant && !out.iter().any(|o| o == n) {
            out.push(n.to_string());
        }
    }
    out
}

/// Whether `text` names the identifier `name` as a whole (`F_OK`, `fs.constants.F_OK`; not
/// `F_OK2`, `XF_OK`).
fn names_identifier(text: &str, name: &str) -> bool {
    let part = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(at, _)| {
        !text[..at].chars().next_back().is_some_and(part)
            && !text[at + name.len()..].chars().next().is_some_and(part)
    })
}

/// The divisions of a collection, in reading order, from its chapters'
/// [`Chapter::parts`]: "国风" holds 周南, 召南 …, "周南" holds 关雎, 葛覃 …. A division is
/// known by its whole path: two volumes may each have a part of one name.
fn divisions(chapters: &[Chapter]) -> Vec<Division> {
    let mut out: Vec<Division> = Vec::new();
    let mut at: HashMap<Vec<String>, usize> = HashMap::new();
    for (ci, c) in chapters.iter().enumerate() {
        for depth in 0..c.parts.len() {
            let path = c.parts[..=depth].to_vec();
            let i = *at.entry(path.clone()).or_insert_with(|| {
                out.push(Division {
                    title: path[depth].clone(),
                    path: path[..depth].to_vec(),
                    holds: Vec::new(),
                    chapters: Vec::new(),
                });
                out.len() - 1
            });
            let d = &mut out[i];
            d.chapters.push(ci as u32);
            let held = c.parts.get(depth + 1).unwrap_or(&c.title);
            if !held.is_empty() && d.holds.last() != Some(held) {
                d.holds.push(held.clone());
            }
        }
    }
    out
}

/// What a division holds as a line of its own: "周南（国风）：关雎、葛覃、卷耳……（11 篇）",
/// "Book One: Canto 1, Canto 2 (2 pieces)"; the first eight of what it holds, and how many
/// units in all.
fn division_gloss(d: &Division, lang: Lang) -> String {
    // (the language's marks: around the path, between its parts, between what it holds,
    // after a cut list, and the count)
    let n = d.chapters.len();
    let (open, join, close, list, cut, count) = match lang {
        Lang::Zh => ("（", "・", "）", "、", "……", format!("（{n} 篇）")),
        Lang::En => (
            " (",
            " › ",
            ")",
            ", ",
            ", …",
            format!(" ({n} {})", if n == 1 { "piece" } else { "pieces" }),
        ),
    };
    let path = if d.path.is_empty() {
        String::new()
    } else {
        format!("{open}{}{close}", d.path.join(join))
    };
    let shown: Vec<&str> = d.holds.iter().take(8).map(String::as_str).collect();
    let more = if d.holds.len() > shown.len() { cut } else { "" };
    let sep = if lang == Lang::Zh { "：" } else { ": " };
    format!("{}{path}{sep}{}{more}{count}", d.title, shown.join(list))
}

/// A gloss as a line of text: "gettext: GNU Internationalization utilities"; the description
/// alone where it opens with the name itself ("QEMU: fast generic processor emulator" in the
/// row of `qemu`).
fn gloss_line(name: &str, description: &str, lang: Lang) -> String {
    let named = description
        .get(..name.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(name))
        && description[name.len()..].starts_with([':', '：']);
    match lang {
        _ if named => description.to_string(),
        Lang::En => format!("{name}: {description}"),
        Lang::Zh => format!("{name}：{description}"),
    }
}

/// The analysed document.
#[derive(Debug, Clone)]
pub struct Analysis {
    title: String,
    lang: Lang,
    doc: Document,
    sentences: Vec<Sentence>,
    /// Sentence index range of each chapter.
    chapter_ranges: Vec<(usize, usize)>,
    chapters: Vec<ChapterInfo>,
    terms: Vec<TermStat>,
    /// Lower-cased term text and variants -> index into `terms`.
    term_lookup: HashMap<String, usize>,
    /// Sentence ids per term (sorted).
    term_sentences: Vec<Vec<u32>>,
    /// Term ids per sentence.
    sentence_terms: Vec<Vec<u32>>,
    procedures: Vec<(Procedure, Vec<u32>)>,
    /// A reference manual's documented items (by term key): the sentences of their own section.
    reference: HashMap<String, Vec<u32>>,
    /// The items of `reference` that a section headed by their name alone documents ("3.6.
    /// sbuild", "5.6.8. Architecture"), not a function's or an option's own entry: a
    /// textbook's section may open on something else ("lintian 软件包能找到…").
    section_items: HashSet<String>,
    /// The keys of the terms a glossary defines ([`reference::glossary`]): their own line
    /// reads as a parameter's ("sponsor: a person who …") and is their definition all the same.
    glossary_items: HashSet<String>,
    /// The first sentence of the section named after a term (by term key): "Build-Depends"
    /// opens with what the field is. The first section of that name wins.
    section_leads: HashMap<String, u32>,
    /// The first three sentences of the section whose heading asks what a term is (by term
    /// key): "4.3. 什么是 debmake？" answers with "文中的 debmake 命令是用于 Debian 打包的一个帮助
    /// 脚本。". The first such section wins.
    answers: HashMap<String, Vec<u32>>,
    /// The sentence a description list gives a name (by the name as written: `HOSTNAME` is not
    /// `hostname`): `BASH_ARGC` / "An array variable whose values are …". The first list that
    /// names it wins.
    listed_leads: HashMap<String, u32>,
    /// The glosses of the document's tables as passages ("gettext: GNU Internationalization
    /// utilities"), in reading order. Their passage ids follow the sentences' (`s<n>` with
    /// n ≥ the sentence count); they are no sentences: nothing counts or searches them.
    glosses: Vec<GlossPassage>,
    /// Every sentence (lower-cased for English), each followed by a NUL, in one string, and
    /// where each sentence starts in it: [`Analysis::search`] runs one SIMD substring scan
    /// per query word over this instead of one `contains` per sentence.
    haystack: String,
    haystack_starts: Vec<usize>,
    /// Search weight of each sentence by its length: very short and very long ones rank a
    /// little lower.
    sentence_fit: Vec<f32>,
    /// Sentences containing a query word, per word already searched: the genes of one grow
    /// search the same words (titles, aliases, related entries) for many pages.
    word_hits: WordHits,
}

/// The cache behind [`Analysis::search`]; a clone starts empty.
#[derive(Default)]
struct WordHits(std::sync::Mutex<HashMap<String, std::sync::Arc<[u32]>>>);

impl Clone for WordHits {
    fn clone(&self) -> Self {
        WordHits::default()
    }
}

impl std::fmt::Debug for WordHits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WordHits")
    }
}

/// Longest passage text handed out (bytes).
pub const MAX_PASSAGE_BYTES: usize = 2048;

/// The longest code block handed to the genes; a longer listing is cut after its last whole
/// line within the bound.
pub const MAX_CODE_BYTES: usize = 4096;

/// The sentences lower-cased (English) and joined with NULs, each one's start in it, and each
/// one's length fit for a summary (short and very long sentences weigh less).
fn haystack_of(sentences: &[Sentence], lang: Lang) -> (String, Vec<usize>, Vec<f32>) {
    let mut hay = String::with_capacity(sentences.iter().map(|s| s.text.len() + 1).sum());
    let mut starts = Vec::with_capacity(sentences.len());
    for s in sentences {
        starts.push(hay.len());
        match lang {
            Lang::En => hay.extend(s.text.chars().flat_map(char::to_lowercase)),
            Lang::Zh => hay.push_str(&s.text),
        }
        hay.push('\0');
    }
    let fit = sentences
        .iter()
        .map(|s| match s.text.chars().count() {
            0..12 => 0.7,
            401.. => 0.8,
            _ => 1.0,
        })
        .collect();
    (hay, starts, fit)
}

fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// `s` cut to at most `max` bytes after a whole line where it has a line break in bound.
fn cut_lines(s: &str, max: usize) -> &str {
    let head = cut(s, max);
    if head.len() == s.len() {
        return s;
    }
    head.rfind('\n').map_or(head, |at| &head[..at])
}

impl Document {
    /// A plain-text document: paragraphs separated by blank lines (hard-wrapped lines
    /// are joined), list items on their own lines kept apart, chapters split at lines
    /// like "CHAPTER IV", "Chapter 12" or "第十二章".
    pub fn from_text(title: &str, lang: Lang, text: &str) -> Document {
        let mut chapters = vec![Chapter::default()];
        let mut para = String::new();
        let mut para_line = 0u32;
        let flush = |chapters: &mut Vec<Chapter>, para: &mut String, line: u32| {
            let t = para.trim();
            if !t.is_empty() {
                chapters.last_mut().unwrap().blocks.push(Block {
                    text: t.to_string(),
                    line: Some(line),
                    ..Block::default()
                });
            }
            para.clear();
        };
        for (i, raw) in text.lines().enumerate() {
            let line_no = i as u32 + 1;
            let line = raw.trim();
            if line.is_empty() {
                flush(&mut chapters, &mut para, para_line);
                continue;
            }
            if is_chapter_heading(line) {
                flush(&mut chapters, &mut para, para_line);
                let cur = chapters.last_mut().unwrap();
                if cur.blocks.is_empty() && cur.title.is_empty() {
                    cur.title = line.to_string();
                } else {
                    chapters.push(Chapter {
                        title: line.to_string(),
                        ..Chapter::default()
                    });
                }
                continue;
            }
            if procedures::step_marker(line).is_some() {
                flush(&mut chapters, &mut para, para_line);
            }
            if para.is_empty() {
                para_line = line_no;
            } else if lang == Lang::En || para.ends_with(|c: char| c.is_ascii_alphanumeric()) {
                para.push(' ');
            }
            para.push_str(line);
        }
        flush(&mut chapters, &mut para, para_line);
        chapters.retain(|c| !c.blocks.is_empty() || !c.title.is_empty());
        Document {
            title: title.to_string(),
            lang,
            chapters,
            programs: Vec::new(),
        }
    }

    /// A Markdown document: the shallowest heading level used makes chapters, deeper
    /// headings make sections; list items are blocks of their own.
    pub fn from_markdown(title: &str, lang: Lang, text: &str) -> Document {
        let heading = |l: &str| -> Option<(usize, String)> {
            let t = l.trim_start();
            let n = t.chars().take_while(|c| *c == '#').count();
            if (1..=6).contains(&n) && t[n..].starts_with(' ') {
                Some((n, t[n..].trim().trim_end_matches('#').trim().to_string()))
            } else {
                None
            }
        };
        let top = text.lines().filter_map(heading).map(|(n, _)| n).min();
        let mut chapters = vec![Chapter::default()];
        let mut section: Option<String> = None;
        let mut para = String::new();
        let mut para_line = 0u32;
        let mut in_code = false;
        let flush =
            |chapters: &mut Vec<Chapter>, para: &mut String, line: u32, sec: &Option<String>| {
                let t = para.trim();
                if !t.is_empty() {
                    chapters.last_mut().unwrap().blocks.push(Block {
                        text: t.to_string(),
                        section: sec.clone(),
                        line: Some(line),
                        ..Block::default()
                    });
                }
                para.clear();
            };
        // (a fenced block's lines and first line; it goes with the block of text before it
        // where no heading came between, as `pipeline::grow` does for extracted documents)
        let mut code = String::new();
        let mut code_line = 0u32;
        let mut after_text = false;
        for (i, raw) in text.lines().enumerate() {
            let line_no = i as u32 + 1;
            let line = raw.trim();
            if line.starts_with("```") {
                in_code = !in_code;
                flush(&mut chapters, &mut para, para_line, &section);
                if in_code {
                    code_line = line_no + 1;
                } else if after_text
                    && let Some(last) = chapters.last_mut().and_then(|c| c.blocks.last_mut())
                    && !code.trim().is_empty()
                {
                    last.code_after.push(Code {
                        text: code.trim_end().to_string(),
                        page: None,
                        line: Some(code_line),
                    });
                }
                code.clear();
                continue;
            }
            if in_code {
                code.push_str(raw);
                code.push('\n');
                continue;
            }
            if line.is_empty() {
                flush(&mut chapters, &mut para, para_line, &section);
                continue;
            }
            if let Some((n, h)) = heading(line) {
                flush(&mut chapters, &mut para, para_line, &section);
                after_text = false;
                if Some(n) == top {
                    let cur = chapters.last_mut().unwrap();
                    if cur.blocks.is_empty() && cur.title.is_empty() {
                        cur.title = h;
                    } else {
                        chapters.push(Chapter {
                            title: h,
                            ..Chapter::default()
                        });
                    }
                    section = None;
                } else {
                    section = Some(h);
                }
                continue;
            }
            let item = line
                .strip_prefix("- ")
                .or_else(|| line.strip_prefix("* "))
                .or_else(|| line.strip_prefix("+ "));
            let is_item = item.is_some() || procedures::step_marker(line).is_some();
            if is_item {
                flush(&mut chapters, &mut para, para_line, &section);
            }
            let content = item.unwrap_or(line);
            after_text = true;
            if para.is_empty() {
                para_line = line_no;
            } else if lang == Lang::En || para.ends_with(|c: char| c.is_ascii_alphanumeric()) {
                para.push(' ');
            }
            para.push_str(&strip_inline_markdown(content));
        }
        flush(&mut chapters, &mut para, para_line, &section);
        chapters.retain(|c| !c.blocks.is_empty() || !c.title.is_empty());
        Document {
            title: title.to_string(),
            lang,
            chapters,
            programs: Vec::new(),
        }
    }
}

/// The text of a line of Markdown without its inline marks: emphasis (`*`, and `_` at a
/// word's edge, not inside a name such as `BASH_VERSION`), code marks (a code span's text is
/// kept as it is) and links (`[text](url)` is its text).
fn strip_inline_markdown(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    let mut code = false;
    while let Some(c) = chars.next() {
        if code && c != '`' {
            out.push(c);
            continue;
        }
        match c {
            '`' => code = !code,
            '_' if out.chars().next_back().is_some_and(char::is_alphanumeric)
                && chars.peek().is_some_and(|n| n.is_alphanumeric()) =>
            {
                out.push(c)
            }
            '*' | '_' => {}
            '[' => {
                // [text](url) -> text
                let mut inner = String::new();
                let mut closed = false;
                for d in chars.by_ref() {
                    if d == ']' {
                        closed = true;
                        break;
                    }
                    inner.push(d);
                }
                out.push_str(&inner);
                if closed && chars.peek() == Some(&'(') {
                    for d in chars.by_ref() {
                        if d == ')' {
                            break;
                        }
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

fn is_chapter_heading(line: &str) -> bool {
    if line.chars().count() > 40 {
        return false;
    }
    let lower = line.to_ascii_lowercase();
    for p in ["chapter ", "book ", "part "] {
        if let Some(rest) = lower.strip_prefix(p) {
            let word = rest
                .split(|c: char| !c.is_ascii_alphanumeric())
                .next()
                .unwrap_or("");
            if !word.is_empty()
                && (word.chars().all(|c| c.is_ascii_digit())
                    || word.chars().all(|c| "ivxlc".contains(c))
                    || [
                        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                        "ten",
                    ]
                    .contains(&word))
            {
                return true;
            }
        }
    }
    if let Some(rest) = line.strip_prefix('第') {
        let num: String = rest
            .chars()
            .take_while(|c| "一二三四五六七八九十百千零〇两兩0123456789".contains(*c))
            .collect();
        if !num.is_empty() {
            let after = &rest[num.len()..];
            return after.starts_with(['章', '回', '节', '節', '篇', '卷']);
        }
    }
    false
}

impl Analysis {
    /// Analyses a document. Linear in its length (plus the candidate counting).
    pub fn new(doc: &Document) -> Analysis {
        Analysis::with_names(doc, &[])
    }

    /// Analyses a document with known names (a wiki's entry titles and aliases from an
    /// earlier run): they join the segmentation dictionary and are always candidates.
    pub fn with_names(doc: &Document, names: &[String]) -> Analysis {
        let mut sentences = Vec::new();
        let mut chapter_ranges = Vec::new();
        let mut chapters = Vec::new();
        for (ci, ch) in doc.chapters.iter().enumerate() {
            let start = sentences.len();
            let mut chars = 0u32;
            for (bi, b) in ch.blocks.iter().enumerate() {
                chars = chars.saturating_add(b.text.chars().count() as u32);
                for s in split_sentences(&b.text, doc.lang) {
                    sentences.push(Sentence {
                        text: s,
                        chapter: ci as u32,
                        block: bi as u32,
                    });
                }
            }
            chapter_ranges.push((start, sentences.len()));
            chapters.push(ChapterInfo {
                index: ci as u32,
                title: ch.title.clone(),
                passage_count: (sentences.len() - start) as u32,
                char_count: chars,
            });
        }
        let mut a = Analysis {
            title: doc.title.clone(),
            lang: doc.lang,
            doc: doc.clone(),
            sentences,
            chapter_ranges,
            chapters,
            terms: Vec::new(),
            term_lookup: HashMap::new(),
            term_sentences: Vec::new(),
            sentence_terms: Vec::new(),
            procedures: Vec::new(),
            reference: HashMap::new(),
            section_items: HashSet::new(),
            glossary_items: HashSet::new(),
            section_leads: HashMap::new(),
            answers: HashMap::new(),
            listed_leads: HashMap::new(),
            glosses: Vec::new(),
            haystack: String::new(),
            haystack_starts: Vec::new(),
            sentence_fit: Vec::new(),
            word_hits: WordHits::default(),
        };
        for (ci, ch) in doc.chapters.iter().enumerate() {
            for g in &ch.glosses {
                a.glosses.push(GlossPassage {
                    key: key(&g.name, doc.lang),
                    text: gloss_line(&g.name, &g.description, doc.lang),
                    chapter: ci as u32,
                    section: g.section.clone(),
                    page: g.page,
                    line: g.line,
                });
            }
        }
        // Three independent passes over the sentences, side by side: term extraction (the
        // longest), step sequences and the lower-cased haystack.
        let texts: Vec<&str> = a.sentences.iter().map(|s| s.text.as_str()).collect();
        let ((found, words), procedures, (haystack, starts, fit)) = std::thread::scope(|s| {
            let shared = &a;
            let procedures = s.spawn(move || procedures::detect(shared));
            let haystack = s.spawn(move || haystack_of(&shared.sentences, shared.lang));
            let found = terms::extract(&texts, doc.lang, names, &doc.programs);
            (
                found,
                procedures
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                haystack
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            )
        });
        a.haystack = haystack;
        a.haystack_starts = starts;
        a.sentence_fit = fit;
        // A reference manual's documented items (a section per function or class) come first,
        // each with the sentences of its own section; the term of the same name joins it.
        // the sections, each with its sentences, in reading order
        let mut units: Vec<(String, Vec<u32>)> = Vec::new();
        for (i, s) in a.sentences.iter().enumerate() {
            let block = &a.doc.chapters[s.chapter as usize].blocks[s.block as usize];
            let Some(section) = block.section.as_deref() else {
                continue;
            };
            match units.last_mut() {
                Some((h, ids)) if h == section => ids.push(i as u32),
                _ => units.push((section.to_string(), vec![i as u32])),
            }
        }
        // (a C reference's parameters: `src`, `str_len`)
        let parameters = reference::parameter_names(a.sentences.iter().map(|s| s.text.as_str()));
        let reference = {
            for (heading, ids) in &units {
                for name in section_names(heading) {
                    a.section_leads
                        .entry(key(&name, doc.lang))
                        .or_insert(ids[0]);
                }
                if let Some(name) = asks_what_is(heading) {
                    a.answers
                        .entry(key(&name, doc.lang))
                        .or_insert_with(|| ids.iter().take(3).copied().collect());
                }
            }
            let mut items = reference::items(
                units.iter().map(|(h, ids)| (h.as_str(), ids.clone())),
                |i| a.sentences[i as usize].text.as_str(),
                |name| a.sentence_ids_mentioning(name),
            );
            // (the document's paragraphs, each with its sentences)
            let mut by_block: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
            for (i, s) in a.sentences.iter().enumerate() {
                by_block
                    .entry((s.chapter, s.block))
                    .or_default()
                    .push(i as u32);
            }
            let paragraphs: Vec<reference::Paragraph<'_>> = a
                .doc
                .chapters
                .iter()
                .enumerate()
                .flat_map(|(c, ch)| {
                    let by_block = &by_block;
                    ch.blocks
                        .iter()
                        .enumerate()
                        .map(move |(b, block)| reference::Paragraph {
                            chapter: &ch.title,
                            section: block.section.as_deref(),
                            text: &block.text,
                            after_head: block.entry_head.is_some(),
                            sentences: by_block
                                .get(&(c as u32, b as u32))
                                .cloned()
                                .unwrap_or_default(),
                        })
                })
                .collect();
            // and a dictionary's words, each with its entry (before the sections that name one
            // thing, which its entries' headings resemble)
            for defined in reference::dictionary_entries(
                &paragraphs,
                |i| a.sentences[i as usize].text.as_str(),
                |name| a.sentence_ids_mentioning(name),
            ) {
                if !items.iter().any(|(f, _)| f.text == defined.0.text) {
                    a.glossary_items.insert(key(&defined.0.text, doc.lang));
                    items.push(defined);
                }
            }
            // and the sections that document one named thing (a standard's fields, `/boot`)
            for named in reference::named_sections(&units, |name| a.sentence_ids_mentioning(name)) {
                if !items.iter().any(|(f, _)| f.text == named.0.text) {
                    a.section_items.insert(key(&named.0.text, doc.lang));
                    items.push(named);
                }
            }
            // and a manual's command-line options (`cat -A`, `set -e`)
            items.extend(reference::commands_and_options(&paragraphs, |name| {
                a.sentence_ids_mentioning(name)
            }));
            // and a C reference's definition lines where no heading names them
            for declared in
                reference::declared_items(&paragraphs, |name| a.sentence_ids_mentioning(name))
            {
                if !items.iter().any(|(f, _)| f.text == declared.0.text) {
                    items.push(declared);
                }
            }
            // a description list's names, each with the sentence that describes it; a name
            // the list describes with what it is ("BASH_VERSION" / "The version number of the
            // current instance of Bash.") is one of the manual's documented items, as a
            // glossary's term is, however rarely the text names it again
            // (a marked list's item, "* Recommends", may be described by what it is for:
            // "Use this for packages that are not strictly necessary …")
            for reference::ListedName {
                name,
                sentence: s,
                marked,
            } in reference::description_list(&paragraphs)
            {
                let description = &a.sentences[s as usize].text;
                if !parameters.contains(&name)
                    && !items.iter().any(|(f, _)| f.text == name)
                    && (describes_listed_name(description, doc.lang)
                        || marked && describes_use(description))
                {
                    let more = a.sentence_ids_mentioning(&name);
                    items.push(reference::documented(
                        name.clone(),
                        Vec::new(),
                        vec![s],
                        more,
                    ));
                }
                a.listed_leads.entry(name).or_insert(s);
            }
            // and a glossary's terms, each defined by its own line (not a C function's
            // parameters, whose lines read alike: "src: the source buffer")
            // (nor an acronym a line labels, which its expansion says more of: "BTS: responsive
            // maintainer to bug reports" of a list of criteria, beside "Debian Bug Tracking
            // System (BTS)")
            for defined in reference::glossary(&paragraphs, |name| a.sentence_ids_mentioning(name))
            {
                let acronym = defined
                    .0
                    .text
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                    && defined.1.first().is_some_and(|&s| {
                        a.sentences[s as usize]
                            .text
                            .contains(&format!("{}:", defined.0.text))
                    });
                if !acronym
                    && !parameters.contains(&defined.0.text)
                    && !items.iter().any(|(f, _)| f.text == defined.0.text)
                {
                    a.glossary_items.insert(key(&defined.0.text, doc.lang));
                    items.push(defined);
                }
            }
            items
        };
        let found = if reference.is_empty() {
            found
        } else {
            let mut merged = Vec::with_capacity(reference.len() + found.len());
            // the blocks that describe one parameter ("`maxRetries` {integer} If an `EBUSY`
            // … is encountered, Node.js will retry … This option represents the number of
            // retries."): every sentence of such a block is about the parameter
            let mut parameter_blocks: HashSet<(u32, u32)> = HashSet::new();
            let mut last_block = None;
            for s in &a.sentences {
                if last_block != Some((s.chapter, s.block)) {
                    last_block = Some((s.chapter, s.block));
                    if reference::is_parameter_line(&s.text) {
                        parameter_blocks.insert((s.chapter, s.block));
                    }
                }
            }
            for (f, mut own) in reference {
                // (a section number the extraction left as a sentence of its own, "3.14.",
                // says nothing)
                // (nor does a status line, "Stability: 1 - Experimental")
                own.retain(|&i| {
                    let text = &a.sentences[i as usize].text;
                    text.chars().filter(|c| c.is_alphabetic()).count() >= 2
                        && !reference::is_status_line(text)
                });
                // what the item does first (a sentence that opens with what it does, "Attaches
                // an AbortSignal to …", before one that may be a parameter's, "A stream to
                // attach a signal to."), then what its parameters' lines say of them, then
                // a note on its use ("This function MUST NOT be called directly.", "See
                // stream.compose for more information."), then a sentence that only announces
                // what follows ("Options, if supplied, have the following meanings:"), then
                // its parameter and return lines
                // (a section named after one thing, "5.21. watch" of a textbook, is read in
                // its own order: its opening says what the thing is, and a later sentence that
                // reads as a verb's, "This solves issues related to …", is about what came
                // before it)
                let in_order = a.section_items.contains(&key(&f.text, doc.lang));
                // (a C manual's definition says what its function does in the imperative
                // under the definition line: "Assign the value of u to w and return w.")
                let declared = own
                    .iter()
                    .any(|&i| reference::is_definition_line(&a.sentences[i as usize].text));
                // (a glossary's or a dictionary's entry keeps the order it was found in: its
                // defining sense first, as the entry reads)
                let glossed = a.glossary_items.contains(&key(&f.text, doc.lang));
                if !glossed {
                    own.sort_by_key(|&i| {
                        let s = &a.sentences[i as usize];
                        (
                            reference::is_definition_line(&s.text),
                            reference::is_parameter_line(&s.text),
                            parameter_blocks.contains(&(s.chapter, s.block)),
                            if in_order {
                                !says_what_its_item_does(&s.text)
                            } else {
                                !(reference::says_what_it_does(&s.text)
                                    || declared && reference::opens_with_an_imperative(&s.text))
                            },
                            reference::is_usage_note(&s.text),
                            s.text.trim_end().ends_with([':', '：']),
                        )
                    });
                }
                a.reference.insert(key(&f.text, doc.lang), own);
                merged.push(f);
            }
            for f in found {
                let k = key(&f.text, doc.lang);
                if let Some(r) = merged.iter_mut().find(|r| key(&r.text, doc.lang) == k) {
                    r.sentences.extend(f.sentences);
                    r.sentences.sort_unstable();
                    r.sentences.dedup();
                } else {
                    merged.push(f);
                }
            }
            merged
        };
        let found = with_heading_terms(
            found,
            &units,
            doc.lang,
            |name| a.sentence_ids_mentioning(name),
            |i| a.sentences[i as usize].text.as_str(),
        );
        let found =
            with_credited_headings(found, &units, |i| a.sentences[i as usize].text.as_str());
        let found = merge_headed(found, &a.sentences, doc.lang);
        let found = merge_item_heads(found, |i| a.sentence_key(i), doc.lang);
        let found = merge_aliases(found, &a.sentences, |t| {
            a.reference.contains_key(&key(t, doc.lang))
        });
        // Generic words are not concepts of a technical book: an ordinary single word
        // ("file", "user", "device"; 文件, 程序) is a term of it only where it defines the word.
        // (In scripture or history "prayer" and "fire" are the book's own ideas.)
        // Nor are the images of verse (梨花, 青苔, 帘幕): a poem's nouns are a concept of the
        // book only where it defines them.
        // (A manual that teaches a program by its windows rather than its code, "Click the
        // Convert books button", is such a book too.)
        let technical = is_technical(&a.sentences);
        // (the sentences the document repeats as boilerplate: a term named in them and hardly
        // anywhere else is the boilerplate's word, no term of the book)
        let titles: Vec<&str> = a.doc.chapters.iter().map(|c| c.title.as_str()).collect();
        let boilerplate = boilerplate_sentences(&a.sentences, &titles, doc.lang);
        let instructional = technical || is_instructional(&a.sentences, doc.lang);
        let verse = doc.lang == Lang::Zh && is_verse(&a.sentences);
        // (a term the book defines: some sentence reads as its definition)
        // (among its first `lookups` sentences, one scores at least `min`)
        // (of the sentences `counts` keeps)
        let defined_where =
            |f: &terms::Found, min: f32, lookups: usize, counts: &dyn Fn(&str) -> bool| {
                f.sentences.iter().take(lookups).any(|&i| {
                    let i = i as usize;
                    let text = &a.sentences[i].text;
                    counts(text)
                        && definition_score(text, a.sentence_key(i), &f.text, doc.lang)
                            .is_some_and(|sc| sc >= min)
                })
            };
        let defined_at =
            |f: &terms::Found, min: f32, lookups: usize| defined_where(f, min, lookups, &|_| true);
        let defined = |f: &terms::Found| defined_at(f, 0.8, usize::MAX);
        // (an everyday word of computing is the book's only where a sentence defines the
        // word: "The file is a simple text file where …" says what one file met before is, as
        // "the" and "this" point back to it; a law's "The quorum is …" defines its own term)
        let defined_as_a_word = |f: &terms::Found| {
            if doc.lang == Lang::En && background::is_generic_computing(&f.text) {
                defined_where(f, 0.8, usize::MAX, &|text| !points_back_to(text, &f.text))
            } else {
                defined(f)
            }
        };
        // (The prefix of a C library's identifiers, "IDN2" of IDN2_OK, where the text names it
        // mostly as the start of one that a PDF's font printed apart: a namespace.)
        let identifiers: HashSet<String> = found
            .iter()
            .filter(|f| f.text.contains('_'))
            .map(|f| f.text.clone())
            .collect();
        let prefixes = reference::identifier_prefixes(&identifiers);
        let split_identifier = |f: &terms::Found| {
            reference::named_as_split_identifier(
                &f.text,
                f.sentences
                    .iter()
                    .map(|&i| a.sentences[i as usize].text.as_str()),
                &identifiers,
            )
        };
        // A technical book is about no places: a word the dictionary calls one (日志, 关联 are
        // "ns" in jieba's) or that stands where places stand ("in Makefile") is one of its
        // terms, or a name; a Chinese name with a place's own last character (扬州) stays one.
        // (asked of each term only where the document names a mailing list at all)
        let lists_named = doc.lang == Lang::En
            && a.sentences
                .iter()
                .any(|s| s.text.contains("mailing list") || s.text.contains("@lists."));
        let found = found.into_iter().map(|mut f| {
            // (a host name names a site, a thing of the world like a place: "qa.debian.org")
            if f.kind == TermKind::Term && host_name(&f.text) && !example_name(&f.text) {
                f.kind = TermKind::Other;
            }
            // (a name the text gives a mailing list, "the debian-mentors mailing list", names
            // a forum of people, as a body's name does)
            // (the list first: it refuses most words before it reads a sentence)
            if lists_named
                && f.kind == TermKind::Term
                && named_as_mailing_list(
                    &f.text,
                    f.sentences.iter().map(|&i| a.sentence_key(i as usize)),
                )
                && !named_as_software(
                    &f.text,
                    f.sentences.iter().map(|&i| a.sentence_key(i as usize)),
                )
            {
                f.kind = TermKind::Org;
            }
            if technical && f.kind == TermKind::Place {
                f.kind = match doc.lang {
                    Lang::En => TermKind::Other,
                    Lang::Zh if chinese::has_place_suffix(&f.text) => TermKind::Place,
                    Lang::Zh => TermKind::Term,
                };
            }
            f
        });
        let found: Vec<terms::Found> = found
            .filter(|f| {
                // (an adverb capitalised at a sentence's start is no name and no term:
                // "Unquestionably", "Specifically")
                // (nor is a hyphenated adjective that opens a sentence, "Host-specific"; nor a
                // URL's scheme, "http" of "http://…")
                if doc.lang == Lang::En
                    && (english_adverb(&f.text)
                        || archaic_verb(&f.text)
                        || adjective_compound(&f.text)
                        || legal_form(&f.text))
                    || url_scheme_only(&f.text, &f.sentences, &a.sentences)
                {
                    return false;
                }
                // (nor the adjective of a language or a nation, "American or British
                // spelling", unless the book defines it)
                if doc.lang == Lang::En
                    && language_adjective(&f.text)
                    && !defined(f)
                    && !a.reference.contains_key(&key(&f.text, doc.lang))
                {
                    return false;
                }
                // (nor a word of a texinfo category, "Global" of "[Global flag]", seen only on
                // the definition lines of a C reference)
                if f.sentences
                    .iter()
                    .all(|&i| reference::in_category(&a.sentences[i as usize].text, &f.text))
                {
                    return false;
                }
                if (prefixes.contains(&f.text)
                    || reference::spaced_identifier_part(&f.text, &identifiers))
                    && !defined(f)
                    && split_identifier(f)
                {
                    return false;
                }
                // (nor a word of the document's boilerplate, the notice every manual page ends
                // with: "完整文档请见：<…/tail>或者在本地使用：info '(coreutils) tail
                // invocation'" makes no term of 完整文档 or invocation)
                // (a product named in it is still a name: "GNU coreutils 的在线帮助")
                let everyday = match doc.lang {
                    Lang::Zh => {
                        f.text.chars().all(chinese::is_cjk)
                            || f.text.chars().all(|c| c.is_ascii_lowercase())
                                && background::en_is_common(&f.text)
                    }
                    Lang::En => f
                        .text
                        .split(' ')
                        .all(|w| background::en_is_common(&w.to_lowercase())),
                };
                if matches!(f.kind, TermKind::Term | TermKind::NounPhrase)
                    && everyday
                    && mostly_boilerplate(&f.sentences, &boilerplate)
                    && !defined(f)
                {
                    return false;
                }
                // (nor a key of the keyboard, "Alt", "Esc", "Function Key 1", nor a
                // placeholder of a command's example, "package_name": words of a closed class
                // that name no subject of the book unless it says what they are)
                // (a key where some sentence speaks of keys, "press Alt-F2", and no name of a
                // person, a body or a work, the company Meta; a placeholder where a command or
                // a path takes it as its argument, "dpkg -L package_name",
                // "/usr/share/doc/package_name"; not a setting, "server_name example.com;")
                let texts = || {
                    f.sentences
                        .iter()
                        .map(|&i| a.sentences[i as usize].text.as_str())
                };
                let closed_class = matches!(
                    f.kind,
                    TermKind::Term | TermKind::NounPhrase | TermKind::Other
                ) && (keyboard_key(&f.text) && texts().any(speaks_of_keys)
                    || placeholder(&f.text) && texts().any(|t| as_argument(t, &f.text)));
                if closed_class && !defined_at(f, 0.5, 64) {
                    return false;
                }
                // (nor a host the text only writes inside an address: the host of a page's
                // URL, "http://www.netfort.gr.jp/~dancer/…", or the domain of mail addresses
                // and of longer host names, "user@debian.org", "www.debian.org": the reader
                // opens the page or writes the mail; no sentence speaks of the host)
                if host_name(&f.text)
                    && !f.sentences.is_empty()
                    && texts().all(|t| only_in_addresses(t, &f.text))
                    && !defined(f)
                {
                    return false;
                }
                if !matches!(f.kind, TermKind::Term | TermKind::NounPhrase) {
                    return true;
                }
                if parameters.contains(&f.text)
                    && !a.reference.contains_key(&key(&f.text, doc.lang))
                {
                    return false;
                }
                if doc.lang == Lang::En
                    && (adjective_compound(&f.text) || noun_and_its_variable(&f.text))
                    || example_name(&f.text)
                    || page_address(&f.text)
                    || section_number(&f.text)
                {
                    return false;
                }
                // (nor a file that only a command line of an example takes or writes, "groff
                // -Tpdf -mom doc.mom > doc.pdf", "cp templates.pot templates.pot.orig": the
                // reader's own file, which no sentence speaks of)
                if file_name(&f.text)
                    && !f.sentences.is_empty()
                    && texts().all(|t| command_line(t, &f.text))
                    && !a.reference.contains_key(&key(&f.text, doc.lang))
                    && !defined(f)
                {
                    return false;
                }
                // (a C function's parameter, seen only in its prototype and its parameter
                // line: `src`, `str_len`)
                if f.sentences
                    .iter()
                    .all(|&i| reference::as_parameter(&a.sentences[i as usize].text, &f.text))
                    && !a.reference.contains_key(&key(&f.text, doc.lang))
                {
                    return false;
                }
                // The most common words of the language (时候, 时间, 父母, 朋友; the two
                // thousand or so most frequent) are no concept of any book unless it defines
                // them.
                let commonest = doc.lang == Lang::Zh && is_generic_word(&f.text, Lang::Zh);
                // Nor is a Chinese word the book uses hardly more than the language does (船舶,
                // 房屋, 饮料 in a scripture: under ten times their share of ordinary text; the
                // book's own words, 拜功, 复活日, 火狱, have tens to thousands of times theirs).
                // (in English too, a single lower-case word, by its SCOWL band: "ship", "face"
                // and "eye" in a scripture; a manual's everyday words are weighed below, where
                // naming one as a program or an item of its reference keeps it)
                // (asked after the cheaper tests: it looks the word up)
                let ordinary = || {
                    f.kind == TermKind::Term
                        && (doc.lang == Lang::Zh || !instructional)
                        && !a.reference.contains_key(&key(&f.text, doc.lang))
                        && used_as_ordinary(&f.text, f.sentences.len(), words, doc.lang)
                };
                // (a word the text writes with capitals, "HOME", "APT", "Depends", or names
                // as a command, "the tar command", "aptitude(8)", is a name, not the
                // everyday word it spells)
                // (or names one thing of a kind by it, "the unstable distribution", "the
                // DELAYED queue", and uses it as a noun of its own, "uploaded to unstable")
                let named = || {
                    doc.lang == Lang::En
                        && (f.text.chars().any(|c| c.is_uppercase())
                            || named_as_software(
                                &f.text,
                                f.sentences.iter().map(|&i| a.sentence_key(i as usize)),
                            )
                            || named_as_item(
                                &f.text,
                                f.sentences.iter().map(|&i| a.sentence_key(i as usize)),
                            ))
                };
                let generic = !a.reference.contains_key(&key(&f.text, doc.lang))
                    && (verse
                        || instructional
                            && (is_everyday_word(&f.text, doc.lang) && !named()
                                || background::is_generic_computing(&f.text)));
                // Nor, in a book that teaches no craft, are the phrases of ordinary language
                // that jieba's dictionary lists (天地间, 主持公道).
                let phrase = doc.lang == Lang::Zh
                    && !instructional
                    && f.kind == TermKind::Term
                    && chinese::dictionary_phrase(&f.text);
                // Nor is a word the dictionary lists as a verb, an adjective or an adverb
                // (违抗, 调用, 浩荡), or, in a book that teaches no craft, as a set phrase or an
                // idiom (毫无疑义): a concept is a thing named.
                // (asked last: it looks the word up)
                let predicate = || {
                    doc.lang == Lang::Zh
                        && f.kind == TermKind::Term
                        && chinese::predicate_word(&f.text, !instructional)
                };
                !(commonest || generic || phrase || ordinary() || predicate())
                    || defined_as_a_word(f)
            })
            .collect();
        // (a name that grew may be the expansion of an acronym: "Version Control System")
        let found = match inside_longer_names(found, &a.sentences, doc.lang) {
            (found, true) => merge_aliases(found, &a.sentences, |t| {
                a.reference.contains_key(&key(t, doc.lang))
            }),
            (found, false) => found,
        };
        let mut found =
            rank_defined_first(found, |f| defined_at(f, DEFINITION_MIN, DEFINITION_LOOKUPS));
        // (what a narrative goes on to say of a person it has just named: "Ray Dassen died
        // on …. He was one of …" is a passage about him too)
        if doc.lang == Lang::En {
            pronoun_continuations(&mut found, &a.sentences);
        }
        // A constant a table of the text describes ("F_OK | Flag indicating that the file is
        // visible to the calling process.") is an item the text documents, as a reference's
        // own definition line makes one: a term however rarely the prose names it, under the
        // name its table gives it, with the qualified spellings of the prose as its other
        // names ("fs.constants.F_OK"); its row glosses it.
        for c in table_constants(&doc.chapters) {
            let k = key(&c, doc.lang);
            if let Some(f) = found.iter_mut().find(|f| key(&f.text, doc.lang) == k) {
                f.salience = f.salience.max(1.0);
                continue;
            }
            let qualified = format!(".{c}");
            let mut variants = Vec::new();
            let mut sentences: Vec<u32> = Vec::new();
            found.retain(|f| {
                if f.text.ends_with(&qualified) {
                    variants.push(f.text.clone());
                    sentences.extend(&f.sentences);
                    false
                } else {
                    true
                }
            });
            sentences.extend(
                a.sentences
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| names_identifier(&s.text, &c))
                    .map(|(i, _)| i as u32),
            );
            sentences.sort_unstable();
            sentences.dedup();
            if !sentences.is_empty() {
                found.push(terms::Found {
                    text: c,
                    kind: TermKind::Term,
                    salience: 1.0,
                    variants,
                    sentences,
                });
            }
        }
        // A collection's divisions ("国风", "周南") are works of the book, first among its
        // terms: each named by the opening sentence of every unit it holds, and glossed by
        // what it holds, as the book's headings list it.
        let divided = divisions(&doc.chapters);
        let mut first_sentence: Vec<Option<u32>> = vec![None; doc.chapters.len()];
        if !divided.is_empty() {
            for (i, s) in a.sentences.iter().enumerate().rev() {
                first_sentence[s.chapter as usize] = Some(i as u32);
            }
        }
        let mut division_terms = Vec::new();
        for d in divided {
            let k = key(&d.title, doc.lang);
            if !a.glosses.iter().any(|g| g.key == k) {
                let line = doc.chapters[d.chapters[0] as usize]
                    .blocks
                    .first()
                    .and_then(|b| b.line);
                a.glosses.push(GlossPassage {
                    key: k.clone(),
                    text: division_gloss(&d, doc.lang),
                    chapter: d.chapters[0],
                    section: None,
                    page: None,
                    line,
                });
            }
            let sentences: Vec<u32> = d
                .chapters
                .iter()
                .filter_map(|&c| first_sentence[c as usize])
                .collect();
            if sentences.is_empty() || found.iter().any(|f| key(&f.text, doc.lang) == k) {
                continue;
            }
            division_terms.push(terms::Found {
                text: d.title,
                kind: TermKind::Work,
                salience: 1.0,
                variants: Vec::new(),
                sentences,
            });
        }
        // (a division is no word of its units' openings: no other term is "often with" it)
        let division_count = division_terms.len();
        found.splice(0..0, division_terms);
        a.sentence_terms = vec![Vec::new(); a.sentences.len()];
        for (ti, t) in found.into_iter().enumerate() {
            let first = t.sentences.first().copied().unwrap_or(0);
            let mut chs: Vec<u32> = t
                .sentences
                .iter()
                .map(|&s| a.sentences[s as usize].chapter)
                .collect();
            chs.dedup();
            chs.sort_unstable();
            chs.dedup();
            if ti >= division_count {
                for &s in &t.sentences {
                    a.sentence_terms[s as usize].push(ti as u32);
                }
            }
            a.term_lookup.insert(key(&t.text, doc.lang), ti);
            for v in &t.variants {
                a.term_lookup.entry(key(v, doc.lang)).or_insert(ti);
            }
            a.terms.push(TermStat {
                text: t.text,
                kind: t.kind,
                frequency: t.sentences.len() as u32,
                salience: t.salience,
                chapter_count: chs.len() as u32,
                first: a.passage_at(first as usize),
                variants: t.variants,
            });
            a.term_sentences.push(t.sentences);
        }
        a.procedures = procedures;
        a
    }

    pub fn title(&self) -> &str {
        &self.title
    }
    pub fn lang(&self) -> Lang {
        self.lang
    }
    /// Chapter summaries in reading order.
    pub fn chapters(&self) -> &[ChapterInfo] {
        &self.chapters
    }
    /// Candidate terms, most salient first.
    pub fn terms(&self) -> &[TermStat] {
        &self.terms
    }
    /// Detected step sequences.
    pub fn procedures(&self) -> impl Iterator<Item = &Procedure> {
        self.procedures.iter().map(|(p, _)| p)
    }
    /// Number of sentences.
    pub fn passage_count(&self) -> usize {
        self.sentences.len()
    }
    /// The term statistics for a text or one of its variants.
    pub fn term(&self, text: &str) -> Option<&TermStat> {
        self.term_lookup
            .get(&key(text, self.lang))
            .map(|&i| &self.terms[i])
    }

    fn passage_at(&self, i: usize) -> Passage {
        if let Some(g) = i
            .checked_sub(self.sentences.len())
            .and_then(|g| self.glosses.get(g))
        {
            return Passage {
                id: format!("s{i}"),
                text: cut(&g.text, MAX_PASSAGE_BYTES).to_string(),
                location: Location {
                    chapter: g.chapter,
                    chapter_title: self.doc.chapters[g.chapter as usize].title.clone(),
                    section: g.section.clone(),
                    page: g.page,
                    line: g.line,
                },
            };
        }
        let s = &self.sentences[i];
        let ch = &self.doc.chapters[s.chapter as usize];
        let b = &ch.blocks[s.block as usize];
        Passage {
            id: format!("s{i}"),
            text: cut(&s.text, MAX_PASSAGE_BYTES).to_string(),
            location: Location {
                chapter: s.chapter,
                chapter_title: ch.title.clone(),
                section: b.section.clone(),
                page: b.page,
                line: b.line,
            },
        }
    }

    /// One passage by id ("s<index>"; a table's gloss numbered after the sentences).
    pub fn passage(&self, id: &str) -> Option<Passage> {
        let i: usize = id.strip_prefix('s')?.parse().ok()?;
        (i < self.sentences.len() + self.glosses.len()).then(|| self.passage_at(i))
    }

    /// The code blocks that follow the paragraph of passage `id` in the source, at most
    /// `limit`: the command a step says to run ("To list the files, type:" and then "$ ls
    /// -l"). Every passage of the paragraph gets the same blocks (a step may be its first
    /// sentence only).
    pub fn code_after(&self, id: &str, limit: usize) -> Vec<CodeBlock> {
        let Some(i) = id
            .strip_prefix('s')
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&i| i < self.sentences.len())
        else {
            return Vec::new();
        };
        let s = &self.sentences[i];
        let ch = &self.doc.chapters[s.chapter as usize];
        let b = &ch.blocks[s.block as usize];
        b.code_after
            .iter()
            .take(limit)
            .map(|c| CodeBlock {
                text: cut_lines(&c.text, MAX_CODE_BYTES).to_string(),
                location: Location {
                    chapter: s.chapter,
                    chapter_title: ch.title.clone(),
                    section: b.section.clone(),
                    page: c.page,
                    line: c.line,
                },
            })
            .collect()
    }

    fn sentence_ids_mentioning(&self, term: &str) -> Vec<u32> {
        let needle = key(term, self.lang);
        if let Some(&ti) = self.term_lookup.get(&needle) {
            return self.term_sentences[ti].clone();
        }
        if needle.trim().is_empty() {
            return Vec::new();
        }
        // (the haystack is lower-cased for English, options and all)
        let needle = if self.lang == Lang::En && needle.chars().any(char::is_uppercase) {
            needle.to_lowercase()
        } else {
            needle
        };
        let hay = self.haystack.as_str();
        // (an underscore joins an identifier: IDN2_NFC is not named in IDN2_NFC_INPUT)
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        // (a single Chinese character doubled describes, it names nothing: "浩浩湯湯",
        // "绵绵葛藟" do not mention 湯 or 绵)
        let latin = |c: char| chinese::is_latin_alnum(c) || c == '_';
        let single = (self.lang == Lang::Zh && needle.chars().count() == 1)
            .then(|| needle.chars().next())
            .flatten();
        self.haystack_hits(&needle, |at| match self.lang {
            Lang::En => {
                !(word(hay[..at].chars().next_back())
                    || word(hay[at + needle.len()..].chars().next()))
            }
            // (a Latin word inside Chinese text is matched whole, as in English: "cron" is
            // not named in "anacron" or "crontab")
            Lang::Zh => {
                single.is_none_or(|c| {
                    !hay[..at].ends_with(c) && !hay[at + needle.len()..].starts_with(c)
                }) && !(needle.starts_with(latin)
                    && hay[..at].chars().next_back().is_some_and(latin)
                    || needle.ends_with(latin)
                        && hay[at + needle.len()..].chars().next().is_some_and(latin))
            }
        })
    }

    /// The sentences in which `needle` occurs at a position `accept` takes, ascending: one
    /// SIMD scan of the haystack (the sentences, lower-cased for English, NUL between them).
    /// A match of a UTF-8 needle starts and ends on character boundaries.
    fn haystack_hits(&self, needle: &str, accept: impl Fn(usize) -> bool) -> Vec<u32> {
        let mut ids: Vec<u32> = Vec::new();
        for at in memchr::memmem::find_iter(self.haystack.as_bytes(), needle.as_bytes()) {
            if !accept(at) {
                continue;
            }
            let i = (self.haystack_starts.partition_point(|&s| s <= at) - 1) as u32;
            if ids.last() != Some(&i) {
                ids.push(i);
            }
        }
        ids
    }

    /// Passages mentioning `term` (or a merged variant), in reading order. Where there are
    /// more than `limit`, the first half of them are the first mentions and the rest are
    /// spread evenly over the others ([`sample_in_reading_order`]): a name the text uses in
    /// every chapter is seen in every part of it, not only where it is first used.
    pub fn mentions(&self, term: &str, limit: usize) -> Vec<Passage> {
        sample_in_reading_order(&self.sentence_ids_mentioning(term), limit)
            .into_iter()
            .map(|i| self.passage_at(i as usize))
            .collect()
    }

    /// Passages that define or describe `term`, best first. A reference manual's item is
    /// described by its own section, in order (purpose, parameters, return value).
    ///
    /// An item whose section holds only its parameter lines (`readableStream
    /// {ReadableStream}`) or a pointer elsewhere ("See stream.compose for more information.") is
    /// described like any other term: neither says what it is.
    ///
    /// Where the best is no more than a sentence of what the term does (below
    /// [`WEAK_DEFINITION`], "apt-file(1) … must run ”apt-file update” in advance.") and a
    /// table of the book says what it is ("apt-file: APT package searching utility"), there
    /// is none: the gloss says more ([`Analysis::glosses`]).
    pub fn definitions(&self, term: &str, limit: usize) -> Vec<Passage> {
        let scored = self.scored_definitions(term, limit);
        if scored.first().is_some_and(|(s, _)| *s < WEAK_DEFINITION)
            && !self.glosses(term, 1).is_empty()
        {
            return Vec::new();
        }
        scored.into_iter().map(|(_, p)| p).collect()
    }

    /// What the document's tables say `term` (or its term's text or a variant) is: the
    /// glosses of the rows that name it ([`reference::table_glosses`]), as passages
    /// ("gettext: GNU Internationalization utilities"), in reading order, at most `limit`.
    /// No gloss is a sentence: [`Analysis::definitions`] and [`Analysis::mentions`] never
    /// give one.
    pub fn glosses(&self, term: &str, limit: usize) -> Vec<Passage> {
        let mut names = vec![key(term, self.lang)];
        if let Some(t) = self.term(term) {
            names.push(key(&t.text, self.lang));
            names.extend(t.variants.iter().map(|v| key(v, self.lang)));
        }
        let base = self.sentences.len();
        self.glosses
            .iter()
            .enumerate()
            .filter(|(_, g)| names.contains(&g.key))
            .take(limit)
            .map(|(i, _)| self.passage_at(base + i))
            .collect()
    }

    /// [`Analysis::definitions`] with the score each won (1.0 for a reference's own
    /// description; the sentence scores of `definition_score` otherwise), best first.
    pub fn scored_definitions(&self, term: &str, limit: usize) -> Vec<(f32, Passage)> {
        if let Some(ids) = self
            .reference
            .get(&key(term, self.lang))
            .or_else(|| {
                self.term(term)
                    .and_then(|t| self.reference.get(&key(&t.text, self.lang)))
            })
            .filter(|ids| {
                ids.first().is_some_and(|&i| {
                    let text = &self.sentences[i as usize].text;
                    self.glossary_items.contains(&key(term, self.lang))
                        || !reference::is_parameter_line(text) && !reference::is_bare_pointer(text)
                })
            })
            // (a section headed by the name opens with what it is only where it names it,
            // points at it or says what it does: "3.6. sbuild" of a textbook opens "lintian
            // 软件包能找到所构建软件包中的缺陷。", about another tool)
            .filter(|ids| {
                let k = key(term, self.lang);
                let named = self.section_items.contains(&k)
                    || self
                        .term(term)
                        .is_some_and(|t| self.section_items.contains(&key(&t.text, self.lang)));
                !named
                    || ids.first().is_some_and(|&i| {
                        opens_on_its_item(&self.sentences[i as usize].text, term, self.lang)
                    })
            })
        {
            return ids
                .iter()
                .take(limit)
                .map(|&i| (1.0, self.passage_at(i as usize)))
                .collect();
        }
        let mut names: Vec<String> = vec![term.to_string()];
        let mut variants: Vec<String> = Vec::new();
        if let Some(t) = self.term(term) {
            names.push(t.text.clone());
            variants.extend(t.variants.iter().cloned());
        }
        let mut scored: Vec<(f32, u32)> = Vec::new();
        // the answer of a section that asks what the term is ("什么是 debmake？"): its first
        // statement that names the term
        if let Some(ids) = names
            .iter()
            .chain(variants.iter())
            .find_map(|n| self.answers.get(&key(n, self.lang)))
            && let Some(&i) = ids.iter().find(|&&i| {
                let text = &self.sentences[i as usize].text;
                let lower = text.to_lowercase();
                names.iter().any(|n| lower.contains(&n.to_lowercase()))
                    && !text.trim_end().ends_with(['?', '？', ':', '：'])
                    && not_a_caption(text)
            })
        {
            scored.push((0.95, i));
        }
        // the opening sentence of the book's own section on the term ("5.6.4. Changed-By":
        // "The name and email address of the person who prepared this package version …")
        // (a Chinese one where it is a statement that opens with the term: "5.19. 调试信息":
        // "调试信息由 dh_strip 命令…剥离。"; not "Debian 软件包…都会带上调试信息；", where it is
        // the object)
        // (not one about its opposite: "5.5. 原生 Debian 软件包" opening with "…的非原生 Debian
        // 软件包是最常见的…")
        if let Some((n, &i)) = names.iter().chain(variants.iter()).find_map(|n| {
            self.section_leads
                .get(&key(n, self.lang))
                .map(|i| (n.as_str(), i))
        }) && !(self.lang == Lang::Zh && zh_only_negated(&self.sentences[i as usize].text, n))
        {
            let text = &self.sentences[i as usize].text;
            // (a section named after one thing, a file or a field, opens on it or is about
            // something else; a topic's section, "Virtual packages", "The locale", may open on
            // the topic in other words: "The behavior of programs supporting
            // internationalization are configured by …")
            let one_thing = self.section_items.contains(&key(n, self.lang));
            if says_what_it_is(text, self.lang)
                && (!one_thing || opens_on_its_item(text, n, self.lang))
            {
                // (an opening that tells the reader what to do, "You may wish to use BTS
                // usertags when …", below the section's own definition, "Usertags are similar
                // to normal tags … but differ in that they are user-defined …")
                scored.push((if addresses_reader(text) { 0.35 } else { 0.9 }, i));
            } else if self.lang == Lang::Zh && zh_statement_about(text, n) {
                // (below the text's own definitions elsewhere: "正则表达式描述要匹配的模式")
                scored.push((0.45, i));
            }
        }
        // a path's own section, headed by the file's name alone ("4.1. control" for
        // debian/control), where it opens by pointing at that file ("This file contains …"):
        // only for a name no other path of the text ends in
        if scored.is_empty()
            && let Some((_, file)) = term.rsplit_once('/')
            && !file.is_empty()
            && self
                .terms
                .iter()
                .filter(|t| t.text.rsplit_once('/').is_some_and(|(_, f)| f == file))
                .count()
                <= 1
            && let Some(&i) = self.section_leads.get(&key(file, self.lang))
        {
            let text = self.sentences[i as usize].text.trim_start();
            let points = [
                "This file ",
                "This directory ",
                "This script ",
                "This program ",
                "该文件",
                "此文件",
                "这个文件",
                "這個文件",
                "该目录",
                "此目录",
            ]
            .iter()
            .any(|p| text.starts_with(p));
            if points && says_what_it_is(text, self.lang) {
                scored.push((0.85, i));
            }
        }
        // the description a list gives the name (`BASH_ARGC` / "An array variable whose …")
        if let Some(&i) = names
            .iter()
            .chain(variants.iter())
            .find_map(|n| self.listed_leads.get(n.as_str()))
            && describes_listed_name(&self.sentences[i as usize].text, self.lang)
        {
            scored.push((0.8, i));
        }

        // a release's own line, which opens with its product, version and name ("Debian 6.0
        // Squeeze (February 2011): named for …"), before what the text says of it in passing
        // ("Squeeze was a one-time exception to the two-year policy …")
        if let Some(t) = self.term(term).filter(|t| t.kind == TermKind::Work)
            && let Some(i) = self
                .sentence_ids_mentioning(term)
                .into_iter()
                .find(|&i| opens_as_release(&self.sentences[i as usize].text, &t.text, &t.variants))
        {
            scored.push((0.95, i));
        }

        // (a variant, such as a surname alone, counts only where the sentence defines it;
        // a plural is the name itself where it opens the sentence as its subject:
        // "Maintainer scripts include …")
        let plurals: Vec<String> = variants
            .iter()
            .map(|v| v.to_lowercase())
            .filter(|v| {
                names.iter().any(|n| {
                    v.strip_prefix(n.to_lowercase().as_str())
                        .is_some_and(|rest| ["s", "es"].contains(&rest))
                })
            })
            .collect();
        for i in self.sentence_ids_mentioning(term) {
            let s = &self.sentences[i as usize].text;
            // (a line with a brace alternation of words is a pattern, not a statement: "The
            // package name provides {a,an,the,some} synopsis.", a manual's example of a bad
            // synopsis; a file name's, ".orig.tar.{gz,xz}", is no word of its own)
            if alternation_of_words(s) {
                continue;
            }
            let key = self.sentence_key(i as usize);
            let plural = |v: &str| {
                // (past a verse's number and a sentence's opening word: "7:113 And the
                // magicians came to Pharaoh.")
                let mut subject = key.trim_start_matches(|c: char| !c.is_alphanumeric());
                if let Some((n, rest)) = subject.split_once(' ')
                    && n.chars()
                        .all(|c| c.is_ascii_digit() || c == ':' || c == '.')
                {
                    subject = rest;
                }
                while let Some((w, rest)) = subject.split_once(' ')
                    && EN_OPENERS.contains(&w.trim_end_matches(','))
                {
                    subject = rest;
                }
                let subject = subject.trim_start_matches("the ");
                let v = v.to_lowercase();
                plurals.contains(&v) && subject.starts_with(v.as_str())
            };
            let best = names
                .iter()
                .filter_map(|n| definition_score(s, key, n, self.lang))
                .chain(variants.iter().filter_map(|n| {
                    definition_score(s, key, n, self.lang).filter(|&sc| sc >= 0.6 || plural(n))
                }))
                .fold(None, |a: Option<f32>, b| Some(a.map_or(b, |a| a.max(b))));
            if let Some(sc) = best {
                scored.push((sc, i));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.dedup_by_key(|s| s.1);
        scored
            .into_iter()
            .take(limit)
            .map(|(sc, i)| (sc, self.passage_at(i as usize)))
            .collect()
    }

    /// Terms co-occurring with `term` in the same sentences, strongest first.
    pub fn related(&self, term: &str, limit: usize) -> Vec<RelatedTerm> {
        let own = self.term_lookup.get(&key(term, self.lang)).copied();
        let sids = self.sentence_ids_mentioning(term);
        if sids.is_empty() {
            return Vec::new();
        }
        let mut counts: HashMap<u32, u32> = HashMap::new();
        for &s in &sids {
            for &t in &self.sentence_terms[s as usize] {
                if Some(t as usize) != own {
                    *counts.entry(t).or_default() += 1;
                }
            }
        }
        let fa = sids.len() as f32;
        // Strongest first by association, not by raw count: a hub word that co-occurs with
        // everything ("system", "file") has a low cosine. Named entities (persons, places,
        // organisations, works) rank before ordinary terms at equal strength, and a pair seen
        // once counts only for a rarely mentioned term.
        let min = if sids.len() >= 10 { 2 } else { 1 };
        let mut out: Vec<(f32, RelatedTerm)> = counts
            .into_iter()
            .filter(|&(_, c)| c >= min)
            .map(|(t, c)| {
                let stat = &self.terms[t as usize];
                let fb = stat.frequency.max(1) as f32;
                let weight = (c as f32 / (fa * fb).sqrt()).clamp(0.0, 1.0);
                let named = if is_named(stat.kind) { 1.5 } else { 1.0 };
                let rank = weight * (1.0 + (c as f32).ln()) * named;
                (
                    rank,
                    RelatedTerm {
                        text: stat.text.clone(),
                        count: c,
                        weight,
                    },
                )
            })
            .collect();
        out.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.text.cmp(&b.1.text)));
        out.truncate(limit);
        out.into_iter().map(|(_, r)| r).collect()
    }

    /// Passages best matching a free-text query, best first: the query's words weighted by
    /// how rare they are among the passages (idf), so a passage that mentions several of
    /// the query's terms (the most central sentence about them) ranks first; very short
    /// and very long passages rank a little lower.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Passage> {
        let tokens = terms::query_tokens(query, self.lang);
        if tokens.is_empty() {
            return Vec::new();
        }
        // Query words are alphanumeric, so a match never spans the NUL between sentences.
        let mut masks = vec![0u32; self.sentences.len()];
        let mut hits: Vec<usize> = Vec::new();
        let mut df = vec![0u32; tokens.len()];
        for (t, tok) in tokens.iter().enumerate() {
            let ids = self.sentences_with(tok);
            df[t] = ids.len() as u32;
            for &i in ids.iter() {
                let i = i as usize;
                if masks[i] == 0 {
                    hits.push(i);
                }
                masks[i] |= 1 << t;
            }
        }
        let n = self.sentences.len().max(1) as f32;
        let idf: Vec<f32> = df
            .iter()
            .map(|&d| (1.0 + n / (1.0 + d as f32)).ln())
            .collect();
        let mut scored: Vec<(f32, usize)> = hits
            .into_iter()
            .map(|i| {
                let mask = masks[i];
                let base: f32 = (0..tokens.len())
                    .filter(|t| mask & (1 << t) != 0)
                    .map(|t| idf[t])
                    .sum();
                (base * self.sentence_fit[i], i)
            })
            .collect();
        let best_first =
            |a: &(f32, usize), b: &(f32, usize)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
        if limit == 0 {
            return Vec::new();
        }
        if scored.len() > limit {
            scored.select_nth_unstable_by(limit - 1, best_first);
            scored.truncate(limit);
        }
        scored.sort_by(best_first);
        scored
            .into_iter()
            .map(|(_, i)| self.passage_at(i))
            .collect()
    }

    /// Sentence `i` as the haystack holds it: lower-cased for English, as written for Chinese.
    fn sentence_key(&self, i: usize) -> &str {
        let start = self.haystack_starts[i];
        let end = self
            .haystack_starts
            .get(i + 1)
            .map_or(self.haystack.len(), |&next| next - 1);
        &self.haystack[start..end.max(start)]
    }

    /// The sentences whose (lower-cased, for English) text contains `word`, ascending: one
    /// SIMD scan of the haystack, then cached for the next search of the same word.
    fn sentences_with(&self, word: &str) -> std::sync::Arc<[u32]> {
        if let Some(ids) = self
            .word_hits
            .0
            .lock()
            .ok()
            .and_then(|c| c.get(word).cloned())
        {
            return ids;
        }
        let ids: std::sync::Arc<[u32]> = self.haystack_hits(word, |_| true).into();
        if let Ok(mut cache) = self.word_hits.0.lock() {
            cache.insert(word.to_string(), ids.clone());
        }
        ids
    }

    /// The passages of a chapter from `offset`.
    pub fn chapter_passages(&self, chapter: usize, offset: usize, limit: usize) -> Vec<Passage> {
        let Some(&(start, end)) = self.chapter_ranges.get(chapter) else {
            return Vec::new();
        };
        let from = start.saturating_add(offset).min(end);
        (from..end)
            .take(limit)
            .map(|i| self.passage_at(i))
            .collect()
    }

    /// A chapter's text, paragraphs separated by blank lines, cut at `max_bytes`.
    pub fn chapter_text(&self, chapter: usize, max_bytes: usize) -> Option<String> {
        let ch = self.doc.chapters.get(chapter)?;
        let mut out = String::new();
        for b in &ch.blocks {
            if out.len() >= max_bytes {
                break;
            }
            if !out.is_empty() {
                out.push_str("\n\n");
            }
            out.push_str(&b.text);
        }
        Some(cut(&out, max_bytes).to_string())
    }

    /// The steps of a procedure, in order.
    pub fn procedure_steps(&self, id: &str, limit: usize) -> Vec<Passage> {
        self.procedures
            .iter()
            .find(|(p, _)| p.id == id)
            .map(|(_, steps)| {
                steps
                    .iter()
                    .take(limit)
                    .map(|&i| self.passage_at(i as usize))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// The term a section heading asks about, if it asks what one is: "4.3. 什么是 debmake？",
/// "debuild 是什么？", "What is a shell?", "What are symbolic links?" (without the article).
fn asks_what_is(heading: &str) -> Option<String> {
    let h = procedures::strip_section_number(heading).trim();
    let q = h.trim_end_matches(['?', '？']).trim();
    let subject = if let Some(rest) = q.strip_prefix("什么是").or_else(|| q.strip_prefix("何谓"))
    {
        rest
    } else if let Some(rest) = q.strip_suffix("是什么") {
        rest
    } else if h.ends_with('?') {
        let lower = q.to_lowercase();
        let rest = ["what is ", "what are ", "what's "]
            .iter()
            .find_map(|p| lower.starts_with(p).then(|| &q[p.len()..]))?;
        ["a ", "an ", "the ", "A ", "An ", "The "]
            .iter()
            .find_map(|a| rest.strip_prefix(a))
            .unwrap_or(rest)
    } else {
        return None;
    };
    let subject = subject
        .trim()
        .trim_matches(['“', '”', '"', '「', '」'])
        .trim();
    (!subject.is_empty()
        && subject.chars().count() <= 40
        && subject.split_whitespace().count() <= 4)
        .then(|| subject.to_string())
}

/// The names a section heading gives its subject: "5.6.10. Build-Depends, Build-Depends-Indep"
/// names both fields; "The debian/rules file" names "debian/rules" and itself.
fn section_names(heading: &str) -> Vec<String> {
    let h = procedures::strip_section_number(heading);
    let mut out = Vec::new();
    for part in h
        .split([',', '、', '，'])
        .flat_map(|p| p.split(" and "))
        .flat_map(|p| p.split(" - "))
        .flat_map(|p| p.split(" – "))
    {
        let p = part.trim();
        let p = p.strip_prefix("The ").unwrap_or(p);
        if p.is_empty() || p.split_whitespace().count() > 4 {
            continue;
        }
        out.push(p.to_string());
        for head in [
            " field",
            " file",
            " command",
            " option",
            " target",
            " script",
            " directory",
        ] {
            if let Some(base) = p.strip_suffix(head) {
                out.push(base.trim().to_string());
            }
        }
    }
    out
}

/// The terms that sections are headed by. In English, a heading of two to four words that
/// names a thing ("3.5.4 Command Substitution", "Logical Volume Manager"), or one word that is
/// no word of ordinary English ("10.2.1 Autotools", "umask"), not a task ("Maintaining your
/// public key", "Build the package"), a topic ("List of fields") or a question. In Chinese, a
/// short noun phrase that is no frequent word ("5.24. 持续集成", "5.20.1. 库符号") or one
/// Latin name ("5.18.3. Meson"), not a task ("获取上游源代码"), a question, a list ("软件包名称和
/// 版本") or a topic ("大致流程", "拆包的场景"). Either way the section's own prose must use
/// the phrase ("Command substitution allows …"). The book gives the phrase a section, which is
/// evidence that it is one of its terms, however rarely the text names it: the phrase joins
/// `found` as the prose writes it, or, found already, rises to the salience of a term the book
/// uses often.
fn with_heading_terms<'t>(
    mut found: Vec<terms::Found>,
    units: &[(String, Vec<u32>)],
    lang: Lang,
    mentions: impl Fn(&str) -> Vec<u32>,
    text: impl Fn(u32) -> &'t str,
) -> Vec<terms::Found> {
    let mut known: HashSet<String> = found.iter().map(|f| f.text.to_lowercase()).collect();
    // (a heading that many sections repeat labels a part of each, "参见", "Description",
    // "Note": it names no term)
    let mut repeats: HashMap<&str, usize> = HashMap::new();
    for (heading, _) in units {
        *repeats
            .entry(procedures::strip_section_number(heading))
            .or_default() += 1;
    }
    for (heading, own) in units {
        if repeats[procedures::strip_section_number(heading)] >= 3 {
            continue;
        }
        let names = section_names(heading);
        for name in &names {
            // (not the base a kind head was cut from: "default rules" of "default rules file")
            if names
                .iter()
                .any(|n| n != name && n.starts_with(name.as_str()))
            {
                continue;
            }
            let name = name.clone();
            let lower = name.to_lowercase();
            let Some(kind) = (match lang {
                Lang::En => en_heading_term(&name),
                Lang::Zh => zh_heading_term(&name, heading),
            }) else {
                continue;
            };
            let sentences = mentions(&name);
            if sentences.len() < 2 || !sentences.iter().any(|i| own.binary_search(i).is_ok()) {
                continue;
            }
            if known.contains(&lower) {
                // (found already, but rarely named: it rises to its place among the terms, once)
                let Some(i) = found
                    .iter()
                    .position(|f| f.text.to_lowercase() == lower)
                    .filter(|&i| found[i].salience < HEADING_TERM_SALIENCE)
                else {
                    continue;
                };
                let mut f = found.remove(i);
                f.salience = HEADING_TERM_SALIENCE;
                let at = found.partition_point(|f| f.salience >= HEADING_TERM_SALIENCE);
                found.insert(at, f);
                continue;
            }
            // (the form the prose writes inside its sentences: "command substitution")
            let mut forms: HashMap<&str, usize> = HashMap::new();
            for &i in &sentences {
                let t = text(i);
                let Some(at) = t.to_lowercase().find(&lower).filter(|&at| at > 0) else {
                    continue;
                };
                if let Some(form) = t.get(at..at + lower.len())
                    && form.eq_ignore_ascii_case(&lower)
                {
                    *forms.entry(form).or_default() += 1;
                }
            }
            let form = forms
                .into_iter()
                .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)))
                .map_or(name.clone(), |(f, _)| f.to_string());
            known.insert(lower);
            // (in its place among the terms, most salient first)
            let at = found.partition_point(|f| f.salience >= HEADING_TERM_SALIENCE);
            found.insert(
                at,
                terms::Found {
                    text: form,
                    kind,
                    salience: HEADING_TERM_SALIENCE,
                    variants: Vec::new(),
                    sentences,
                },
            );
        }
    }
    found
}

/// The persons a title page credits under headings of their own, as DocBook prints its
/// authors and translators: the heading is a name ("Fonzie Huang", "杨博远", "xiao sheng
/// wen(肖盛文)") and the section's first line gives a mail address, with at most a role and
/// years ("Chinese zh-cn Translation (2018) <hxf.prc@gmail.com>"). A name given in two scripts
/// is the Chinese one, with the other as its variant. A name found already as something else
/// becomes a person.
fn with_credited_headings<'t>(
    mut found: Vec<terms::Found>,
    units: &[(String, Vec<u32>)],
    text: impl Fn(u32) -> &'t str,
) -> Vec<terms::Found> {
    for (heading, ids) in units {
        let Some(&first) = ids.first() else { continue };
        if !is_mail_line(text(first)) {
            continue;
        }
        let Some((name, other)) = credited_name(heading.trim()) else {
            continue;
        };
        let lower = name.to_lowercase();
        if let Some(f) = found.iter_mut().find(|f| f.text.to_lowercase() == lower) {
            f.kind = TermKind::Person;
            f.sentences.push(first);
            f.sentences.sort_unstable();
            f.sentences.dedup();
            continue;
        }
        found.push(terms::Found {
            text: name,
            kind: TermKind::Person,
            salience: HEADING_TERM_SALIENCE,
            variants: other.into_iter().collect(),
            sentences: vec![first],
        });
    }
    found
}

/// Whether a line is short (eight words at most) and gives a mail address in angle brackets,
/// as a title page does under a credited name: "Chinese zh-cn Translation (2018)
/// <hxf.prc@gmail.com>", "<osamu@debian.org>".
pub fn is_mail_line(text: &str) -> bool {
    let line = text.trim();
    line.split_whitespace().count() <= 8
        && line
            .find('<')
            .and_then(|at| line[at..].find('>').map(|end| &line[at + 1..at + end]))
            .is_some_and(|m| m.contains('@') && !m.contains(char::is_whitespace))
}

/// A heading that is a person's name, with the name's form in another script if it gives one:
/// two to four capitalised Latin words ("Fonzie Huang", "Raphaël Hertzog"), two to four Han
/// characters opening with a common surname ("杨博远"), or either followed by the other in
/// brackets ("xiao sheng wen(肖盛文)" is 肖盛文, also written "xiao sheng wen").
fn credited_name(heading: &str) -> Option<(String, Option<String>)> {
    let han = |t: &str| {
        let n = t.chars().count();
        (2..=4).contains(&n)
            && t.chars().all(chinese::is_cjk)
            && t.chars()
                .next()
                .is_some_and(|c| chinese::SURNAMES.contains(c))
    };
    let latin = |t: &str, capitalised: bool| {
        let words: Vec<&str> = t.split_whitespace().collect();
        (2..=4).contains(&words.len())
            && words.iter().all(|w| {
                w.chars()
                    .all(|c| c.is_alphabetic() && !chinese::is_cjk(c) || c == '-' || c == '.')
                    && (!capitalised || w.starts_with(char::is_uppercase))
            })
    };
    if let Some((outer, inner)) = heading
        .strip_suffix([')', '）'])
        .and_then(|h| h.split_once(['(', '（']))
    {
        let (outer, inner) = (outer.trim(), inner.trim());
        return if han(inner) && latin(outer, false) {
            Some((inner.to_string(), Some(outer.to_string())))
        } else if han(outer) && latin(inner, false) {
            Some((outer.to_string(), Some(inner.to_string())))
        } else {
            None
        };
    }
    (han(heading) || latin(heading, true) && title_fault(heading).is_none())
        .then(|| (heading.to_string(), None))
}

/// The kind of term an English section heading names, if it names one: a phrase of two to
/// four words ("Command Substitution") or one word of no ordinary English ("Autotools").
fn en_heading_term(name: &str) -> Option<TermKind> {
    let words: Vec<&str> = name.split_whitespace().collect();
    let first = words.first().map(|w| w.to_lowercase()).unwrap_or_default();
    // (one word only where it is no word of ordinary English or of everyday computing:
    // "Autotools", "umask", "LVM"; not "Introduction", "Voting", "Files")
    let one_rare_word = words.len() == 1
        && name.chars().count() >= 3
        && !is_generic_word(name, Lang::En)
        && !background::is_generic_computing(name);
    if !((2..=4).contains(&words.len()) || one_rare_word)
        || !words
            .iter()
            .all(|w| w.chars().all(|c| c.is_alphanumeric() || c == '-'))
        || !words[0].starts_with(|c: char| c.is_alphabetic())
        || first.ends_with("ing")
        || EN_IMPERATIVES.contains(&first.as_str())
        // (a phrase with a preposition is a topic: "Syntax of control files", "List of
        // fields", "reminders for updating packages")
        || words.iter().any(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "of" | "for" | "to" | "in" | "on" | "with" | "by" | "from" | "about"
                    | "at" | "into" | "as" | "vs"
            )
        })
        || title_fault(name).is_some()
    {
        return None;
    }
    Some(if one_rare_word {
        TermKind::Term
    } else {
        TermKind::NounPhrase
    })
}

/// The last words of a Chinese heading that names a topic, not a thing: "大致流程",
/// "拆包的场景", "帮助资源".
const ZH_TOPIC_HEADS: &[&str] = &[
    "流程", "状况", "资源", "提醒", "场景", "例子", "示例", "简介", "概述", "介绍", "说明", "问题",
    "事项", "细节", "方法", "步骤", "建议", "技巧", "总结", "小结", "概览", "要点", "前言",
];

/// Whether a Chinese section heading (`name`, one of the names of `heading`) names a term: one
/// Latin name of three characters or more that is no everyday computing word ("Meson",
/// "dgit"), or a noun phrase of two to eight characters that is no frequent word ("持续集成",
/// "可重现的构建", "原生 Debian 软件包"); not a task, a question, a list or a topic.
fn zh_heading_term(name: &str, heading: &str) -> Option<TermKind> {
    let t = name.trim();
    if t.chars().any(chinese::is_cjk) {
        let cs: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
        // (its length in Han characters and Latin words: "原生 Debian 软件包" is five)
        let latin_words = t
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .count();
        let length = cs.iter().filter(|&&c| chinese::is_cjk(c)).count() + latin_words;
        let ok = (2..=8).contains(&length)
            && cs
                .iter()
                .all(|&c| chinese::is_cjk(c) || c.is_ascii_alphanumeric() || c == '-' || c == '.')
            // (no fragment or frequent word; nor a name's 者 at its end, "贡献者")
            && title_fault(t).is_none()
            && !t.ends_with('者')
            && !t.contains(['和', '与', '與', '及', '或'])
            && !t.starts_with(['第', '其', '什', '怎', '如', '为', '為'])
            && !ZH_TOPIC_HEADS.iter().any(|h| t.ends_with(h))
            && procedures::howto_title(heading, Lang::Zh).is_none();
        return ok.then_some(TermKind::Term);
    }
    let ok = t.chars().count() >= 3
        && !t.contains(char::is_whitespace)
        && t.starts_with(|c: char| c.is_ascii_alphabetic())
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
        && !background::is_generic_computing(t)
        && !is_generic_word(t, Lang::En);
    ok.then_some(TermKind::Term)
}

/// The salience of a term found as a section's heading: that of a noun phrase the book uses
/// often.
const HEADING_TERM_SALIENCE: f32 = 0.6;

/// How far a term the book defines rises above one it only uses (salience is 0..=1; a name's
/// kind earns as much).
const DEFINED_BOOST: f32 = 0.1;

/// The least `definition_score` of a sentence that may lead an entry's page.
const DEFINITION_MIN: f32 = 0.6;

/// The score below which a definition says only what its term does or how it is used (a
/// sentence with it as its subject, 0.3 to 0.45 before its length's penalty), not what it is.
const WEAK_DEFINITION: f32 = 0.5;

/// A term's sentences read, at most, for a definition when it is ranked.
const DEFINITION_LOOKUPS: usize = 60;

/// The candidates re-ranked so that a concept the book defines comes before one it only
/// uses ("A tarball is …" against "usr"): both may pass every gate, but only the first can
/// lead its page with the text's own words, and a term the book takes the trouble to define
/// is one of its terms. Names keep their rank; the order is otherwise that of `terms::extract`.
fn rank_defined_first(
    mut found: Vec<terms::Found>,
    defined: impl Fn(&terms::Found) -> bool,
) -> Vec<terms::Found> {
    for f in &mut found {
        if matches!(f.kind, TermKind::Term | TermKind::NounPhrase) && defined(f) {
            f.salience = (f.salience + DEFINED_BOOST).min(1.0);
        }
    }
    found.sort_by(terms::by_rank);
    found
}

/// What is wrong with an entry title as a name, if anything: a fragment (it starts or ends
/// with a closed-class word: "Therefore David", "If NAME", 告其妾), a possessive ("Aaron's"),
/// or one generic word of the language ("data", 文件). The page checklist (`quality`) scores
/// such pages down.
pub fn title_fault(title: &str) -> Option<&'static str> {
    let t = title.trim();
    let zh = t.chars().any(chinese::is_cjk);
    if zh {
        let cs: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
        let edge = |c: char| chinese::ZH_EDGE.contains(c);
        if cs.len() >= 2 && (edge(cs[0]) || edge(cs[cs.len() - 1]) && cs[cs.len() - 1] != '者') {
            return Some("a fragment");
        }
        return is_generic_word(t, Lang::Zh).then_some("generic");
    }
    if t.ends_with("'s") || t.ends_with("’s") {
        return Some("a possessive");
    }
    // (a company's legal form alone, "Inc" of "Software in the Public Interest, Inc.")
    if legal_form(t) {
        return Some("a fragment");
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    // (an option, `read -a`, is no word "a")
    let closed = |w: &str| {
        let word = w
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        !is_option_prefixed(w) && terms::EN_STOP.contains(&word.as_str())
    };
    // (a how-to heading, "How to salvage a package", is a title)
    let how_to = words.len() >= 3 && words[0] == "How" && words[1] == "to";
    if words.len() >= 2
        && (closed(words[0]) && words[0] != "The" && !how_to || closed(words[words.len() - 1]))
    {
        return Some("a fragment");
    }
    if adjective_compound(t) {
        return Some("an adjective");
    }
    if archaic_verb(t) {
        return Some("a verb");
    }
    (words.len() == 1 && t.chars().all(|c| c.is_lowercase()) && is_generic_word(t, Lang::En))
        .then_some("generic")
}

/// Whether a lower-case word is one of the English dictionary's (SCOWL, any band): "tracker",
/// not "pdfroff" or "cdbs".
pub fn is_english_word(word: &str) -> bool {
    background::en_band(word).is_some()
}

/// Whether a title is made of everyday words only: a Chinese word jieba's dictionary counts
/// at least once in 100,000 words, or one character (工具, 代码, 事); an English phrase in
/// lower case whose every word is of the common SCOWL bands ("operating system", "physical
/// book"). Such a title is a term of the book only where the book says what it is: the page
/// checklist (`quality`) calls it generic where the lead is no sentence of the text about it.
pub fn everyday_title(title: &str) -> bool {
    let t = title.trim();
    if t.chars().any(chinese::is_cjk) {
        return t.chars().count() == 1
            || t.chars().all(chinese::is_cjk) && is_everyday_word(t, Lang::Zh);
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    !words.is_empty()
        && words.len() <= 3
        && t.chars().all(|c| c.is_lowercase() || c == ' ')
        && words.iter().all(|w| is_generic_word(w, Lang::En))
}

/// The legal forms that follow a company's name ("Inc.", "Ltd", "GmbH"): no name alone.
const LEGAL_FORMS: &[&str] = &[
    "Inc", "Ltd", "LLC", "GmbH", "Corp", "Co", "PLC", "AG", "SA", "S.A", "B.V", "BV", "Pty",
];

/// Whether a title is a company's legal form alone ("Inc", "Inc.").
fn legal_form(t: &str) -> bool {
    LEGAL_FORMS.contains(&t.trim_end_matches('.'))
}

/// Heads that make a hyphenated English word an adjective ("site-specific", "UNIX-like",
/// "keyboard-generated", "web-based").
const EN_ADJECTIVE_HEADS: &[&str] = &[
    "specific",
    "like",
    "generated",
    "based",
    "related",
    "oriented",
    "aware",
    "friendly",
    "wide",
];

/// Whether a one-word English title is a hyphenated adjective, not a term: its last part is
/// an adjective head ("site-specific", "csh-like") or, in lower case, a past participle of the
/// dictionary's ("zero-terminated", "colon-separated", "non-privileged"; a capitalised one
/// names a state or a field, "Half-Installed", "DM-Upload-Allowed"), it negates a name
/// ("non-Linux"), or it is a phrase with a closed-class word inside ("up-to-date",
/// "state-of-the-art"). A book's own terms of that shape ("non-free",
/// "architecture-independent") are none of these.
fn adjective_compound(t: &str) -> bool {
    if t.contains(char::is_whitespace) || !t.contains('-') {
        return false;
    }
    let parts: Vec<&str> = t.split('-').collect();
    let last = parts[parts.len() - 1].to_lowercase();
    EN_ADJECTIVE_HEADS.contains(&last.as_str())
        || last.len() >= 5
            && last.ends_with("ed")
            && is_english_word(&last)
            && !t.contains(char::is_uppercase)
        || parts.len() == 2
            && parts[0].eq_ignore_ascii_case("non")
            && parts[1].chars().next().is_some_and(char::is_uppercase)
        || parts.len() >= 3
            && parts[1..parts.len() - 1]
                .iter()
                .any(|p| terms::EN_STOP.contains(&p.to_lowercase().as_str()))
}

/// The sentences a document repeats as boilerplate: the same words in three chapters or more
/// (a notice each manual page ends with, "完整文档请见：<https://…/tail>或者在本地使用：info
/// '(coreutils) tail invocation'", a footer, a licence line). Sentences are compared by their
/// words past what changes from copy to copy: a Chinese sentence by its Chinese characters
/// (six at least), an English one by its plain lower-case words (six at least; not names,
/// numbers, paths or addresses, nor the words of its chapter's title, "cat" of "cat(1)").
/// `titles` are the chapters' titles. Indexed as `sentences`.
fn boilerplate_sentences(sentences: &[Sentence], titles: &[&str], lang: Lang) -> Vec<bool> {
    use std::hash::{Hash, Hasher};
    const MIN_CHAPTERS: usize = 3;
    // (each chapter title's words once, lower case, past its function words: "cat" of
    // "cat(1)"; not "the", "to")
    let title_words: Vec<Vec<String>> = titles
        .iter()
        .map(|t| {
            t.split(|c: char| !c.is_alphanumeric())
                .map(str::to_lowercase)
                .filter(|w| !w.is_empty() && !terms::EN_STOP.contains(&w.as_str()))
                .collect()
        })
        .collect();
    // (a sentence's words hashed as they are read: no copy of them is kept)
    let skeleton = |text: &str, chapter: u32| -> Option<u64> {
        let mut h = rustc_hash::FxHasher::default();
        let mut n = 0usize;
        match lang {
            Lang::Zh => {
                for c in text.chars().filter(|c| chinese::is_cjk(*c)) {
                    c.hash(&mut h);
                    n += 1;
                }
            }
            Lang::En => {
                let title = title_words.get(chapter as usize);
                for w in text
                    .split_whitespace()
                    .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
                    .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()))
                    .filter(|w| title.is_none_or(|t| !t.iter().any(|tw| tw == w)))
                {
                    w.hash(&mut h);
                    n += 1;
                }
            }
        }
        (n >= 6).then(|| h.finish())
    };
    let skeletons: Vec<Option<u64>> = sentences
        .iter()
        .map(|s| skeleton(&s.text, s.chapter))
        .collect();
    let mut chapters: HashMap<u64, Vec<u32>> = HashMap::new();
    for (s, sk) in sentences.iter().zip(&skeletons) {
        if let Some(sk) = sk {
            let seen = chapters.entry(*sk).or_default();
            if seen.len() < MIN_CHAPTERS && !seen.contains(&s.chapter) {
                seen.push(s.chapter);
            }
        }
    }
    skeletons
        .iter()
        .map(|sk| sk.is_some_and(|sk| chapters.get(&sk).is_some_and(|c| c.len() >= MIN_CHAPTERS)))
        .collect()
}

/// Whether three quarters of a term's sentences (two at least) are boilerplate
/// ([`boilerplate_sentences`]).
fn mostly_boilerplate(ids: &[u32], boilerplate: &[bool]) -> bool {
    let repeated = ids
        .iter()
        .filter(|&&i| boilerplate.get(i as usize).copied().unwrap_or(false))
        .count();
    ids.len() >= 2 && repeated * 4 >= ids.len() * 3
}

/// Whether a word appears only as the scheme of a URL ("http" of "http://www.pathname.com/fhs/"):
/// then it names no thing the book speaks of.
fn url_scheme_only(word: &str, ids: &[u32], sentences: &[Sentence]) -> bool {
    if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphabetic()) || word.len() > 8 {
        return false;
    }
    let w = word.to_ascii_lowercase();
    let mut seen = false;
    for &i in ids {
        let lower = sentences[i as usize].text.to_ascii_lowercase();
        for (at, _) in lower.match_indices(&w) {
            let whole = lower[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric())
                && lower[at + w.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_ascii_alphanumeric());
            if !whole {
                continue;
            }
            if !lower[at + w.len()..].starts_with("://") {
                return false;
            }
            seen = true;
        }
    }
    seen
}

/// Whether a name is a file's, a stem and a suffix of letters and digits after a dot
/// ("doc.pdf", "templates.pot.orig"): no path, no space, no dot at its ends.
fn file_name(t: &str) -> bool {
    let Some((stem, suffix)) = t.rsplit_once('.') else {
        return false;
    };
    stem.chars().any(|c| c.is_ascii_alphabetic())
        && !stem.starts_with('.')
        && (1..=5).contains(&suffix.len())
        && suffix.chars().all(|c| c.is_ascii_alphanumeric())
        && suffix.chars().any(|c| c.is_ascii_alphabetic())
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
}

/// Whether `sentence` is a command line that takes `name` as an argument: it opens with a
/// program's word (lower-case letters, digits, `-`, `_`, no everyday English word: "see
/// config.toml" of a caption is no command; after a prompt's `$ ` or `# `),
/// names `name` after it, and ends as no sentence does (no full stop, no colon): "pdfmom
/// doc.mom > doc.pdf", "$ cp templates.pot templates.pot.orig".
fn command_line(sentence: &str, name: &str) -> bool {
    let line = sentence.trim();
    let line = line
        .strip_prefix("$ ")
        .or_else(|| line.strip_prefix("# "))
        .unwrap_or(line);
    let Some((program, rest)) = line.split_once(' ') else {
        return false;
    };
    !program.is_empty()
        && program
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_".contains(c))
        && !background::en_is_common(program)
        && !line.ends_with([
            '.', ':', '?', '!', ',', ';', '。', '：', '？', '！', '；', '，',
        ])
        && rest.split_whitespace().any(|w| w == name)
}

/// Whether a name is a manual's example rather than a term of it: a file named with a
/// version number ("debhello-0.2.tar.gz", "gentoo_0.9.12.orig.tar.gz", "package-1.install"),
/// a placeholder ("libfoo-dev", "/usr/bin/foo"), or a character range of a pattern
/// ("a-z0-9").
fn example_name(t: &str) -> bool {
    if t.contains(char::is_whitespace) {
        return false;
    }
    let parts: Vec<&str> = t
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|p| !p.is_empty())
        .collect();
    let placeholder = parts.iter().any(|p| {
        let p = p.to_ascii_lowercase();
        let p = p.strip_prefix("lib").unwrap_or(&p);
        ["foo", "bar", "baz", "qux", "quux", "foobar"].contains(&p)
    });
    // (the domains reserved for examples, RFC 2606: "example.org", "www.example.com")
    let example_domain = host_name(t)
        && t.rsplit('.')
            .nth(1)
            .is_some_and(|second| second == "example");
    // a version after a name: "_0.9.12", "-1." with a file suffix after it
    let versioned = {
        let b = t.as_bytes();
        let suffixed = [
            ".tar", ".gz", ".xz", ".bz2", ".zip", ".deb", ".dsc", ".changes", ".orig", ".diff",
            ".install", ".patch", ".udeb",
        ]
        .iter()
        .any(|s| t.contains(s));
        suffixed
            && (1..b.len().saturating_sub(1)).any(|i| {
                matches!(b[i - 1], b'-' | b'_')
                    && b[i].is_ascii_digit()
                    && b[i..]
                        .iter()
                        .find(|c| !c.is_ascii_digit())
                        .is_some_and(|c| matches!(c, b'.' | b'-' | b'_'))
                    && b[..i - 1].iter().any(u8::is_ascii_alphabetic)
            })
    };
    // "a-z0-9A-Z": the character ranges of a pattern
    let ranges = t.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && ["a-z", "A-Z", "0-9"].iter().any(|r| t.contains(r));
    placeholder || versioned || ranges || example_domain
}

/// At most `limit` of `ids`, in their order: all of them where they are no more; otherwise
/// the first half of `limit` (rounded up) and the rest taken at even steps over the others,
/// so that a sample of a name's mentions holds its introduction and every part of the text
/// that uses it (Allah in every surah, not the first two only).
fn sample_in_reading_order(ids: &[u32], limit: usize) -> Vec<u32> {
    if ids.len() <= limit {
        return ids.to_vec();
    }
    let head = limit.div_ceil(2);
    let tail = limit - head;
    let rest = &ids[head..];
    let mut out = ids[..head].to_vec();
    // (each step's last: the sample ends with the last mention)
    out.extend((1..=tail).map(|k| rest[k * rest.len() / tail - 1]));
    out
}

/// Whether every occurrence of the host name `host` in `sentence` is part of an address:
/// a site's host ("www." or a domain of two labels) in a URL that goes on to a page
/// ("http://www.lrde.epita.fr/~adl/autotools.html"), or, for a domain of two labels, the part
/// after an "@" or a "." ("user@debian.org", "www.debian.org"). A host written alone ("see
/// qa.debian.org") or as a site's address ("https://qa.debian.org/") is spoken of; so is a
/// service's host ("https://tracker.debian.org/pkg/dpkg", the package tracker) and a mail
/// host of three labels or more ("debian-devel@lists.debian.org").
fn only_in_addresses(sentence: &str, host: &str) -> bool {
    let domain = host.split('.').count() == 2;
    let mut seen = false;
    for (at, _) in sentence.match_indices(host) {
        let before = &sentence[..at];
        let after = &sentence[at + host.len()..];
        // (a whole host: no letter, digit, "-" or "." right after it but the end of a
        // sentence's "." ; not "debian.org" inside "debian.organisation")
        let next = after.chars().next();
        if next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            || next == Some('.')
                && after[1..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            continue;
        }
        let prev = before.chars().next_back();
        if prev.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            continue;
        }
        // (a site's own host, "www." or a domain, not a service's: "tracker.debian.org/pkg/…"
        // names the package tracker)
        let url_page = (domain || host.starts_with("www."))
            && before.ends_with("://")
            && after
                .strip_prefix('/')
                .is_some_and(|p| p.starts_with(|c: char| !c.is_whitespace()));
        let mail_or_subdomain = domain && matches!(prev, Some('@' | '.'));
        if !(url_page || mail_or_subdomain) {
            return false;
        }
        seen = true;
    }
    seen
}

/// Whether an English sentence opens with `term` after a word that points back to one met
/// before: "The file is …", "This function returns …", "That argument is …".
fn points_back_to(sentence: &str, term: &str) -> bool {
    let s = sentence.trim_start_matches(|c: char| !c.is_alphanumeric());
    let Some((first, rest)) = s.split_once(' ') else {
        return false;
    };
    ["the", "this", "that", "these", "those"].contains(&first.to_lowercase().as_str())
        && rest
            .get(..term.len())
            .is_some_and(|t| t.eq_ignore_ascii_case(term))
        && rest[term.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric())
}

/// Whether a name is a section's number ("A.1.1", "B.2", "3.14"): a heading's number that a
/// PDF left as a line of text, which names no thing of the book.
fn section_number(t: &str) -> bool {
    let t = t.strip_suffix('.').unwrap_or(t);
    let mut parts = t.split('.');
    let first = parts.next().unwrap_or("");
    let lettered = first.len() == 1 && first.chars().all(|c| c.is_ascii_uppercase());
    let numbered = !first.is_empty() && first.chars().all(|c| c.is_ascii_digit());
    let rest: Vec<&str> = parts.collect();
    (lettered || numbered)
        && !rest.is_empty()
        && rest
            .iter()
            .all(|p| (1..=3).contains(&p.len()) && p.chars().all(|c| c.is_ascii_digit()))
}

/// Whether a two-word phrase is a noun and the name of a variable that abbreviates it, as a
/// C manual writes a parameter after its kind: "the algorithm algo", "the context ctx",
/// "the buffer buf". The phrase names no term; the noun alone may.
fn noun_and_its_variable(t: &str) -> bool {
    let Some((noun, var)) = t.split_once(' ') else {
        return false;
    };
    if var.contains(' ') || var.len() < 2 || var.len() >= noun.len() {
        return false;
    }
    if !var.chars().all(|c| c.is_ascii_lowercase()) || !noun.chars().all(|c| c.is_ascii_lowercase())
    {
        return false;
    }
    // the variable's letters in order within the noun, the first letter first ("ctx" of
    // "context", "algo" of "algorithm")
    let mut letters = noun.chars();
    var.chars().next() == noun.chars().next() && var.chars().all(|v| letters.any(|n| n == v))
}

/// Whether a name is the address of one page of a site, not the site: a host with a path of
/// two parts or more, or with a file ("www.debian.org/doc/devel-manuals",
/// "bugs.debian.org/cgi-bin/pkgreport.cgi", "gnu.org/licenses/gpl.html"). A reader looks such
/// a page up; the book does not write about it. A site with one part of a path names a thing
/// of its own ("lists.debian.org/debian-devel", a mailing list; "deb.debian.org/debian", an
/// archive).
fn page_address(t: &str) -> bool {
    let t = t
        .strip_prefix("https://")
        .or_else(|| t.strip_prefix("http://"))
        .unwrap_or(t);
    let Some((host, path)) = t.split_once('/') else {
        return false;
    };
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    host_name(host)
        && (parts.len() >= 2
            || parts.last().is_some_and(|p| {
                p.rsplit_once('.').is_some_and(|(name, ext)| {
                    !name.is_empty() && !ext.is_empty() && ext.len() <= 5
                })
            }))
}

/// Whether the text is technical: at least 3 sentences in 100 hold a code-like token (a path,
/// an identifier with `_`, `.` or `()`, an option, a variable, markup).
fn is_technical(sentences: &[Sentence]) -> bool {
    let code_like = |w: &str| {
        let letters = w.chars().any(|c| c.is_ascii_alphabetic());
        // (a call or a manual page, "read()" or "cp(1)", not an aside "(i.e. …)"; a dotted
        // name, "fs.readFile" or "rules.mk", not "e.g.")
        let call = w.find('(').is_some_and(|i| i > 0 && w[i..].contains(')'));
        let dotted = {
            let parts: Vec<&str> = w
                .trim_end_matches(['.', ',', ';', ':'])
                .split('.')
                .collect();
            parts.len() >= 2 && parts.iter().all(|p| p.len() >= 2)
        };
        letters
            && (w.contains(['/', '_', '=', '$', '<', '{'])
                || call
                || dotted
                || w.starts_with('-') && w.chars().nth(1).is_some_and(|c| c.is_ascii_alphabetic()))
    };
    let with = sentences
        .iter()
        .filter(|s| s.text.split_whitespace().any(code_like))
        .count();
    with * 100 >= sentences.len().max(1) * 3
}

/// Whether a text instructs its reader: at least 2 sentences in 100 open with an imperative
/// ("Click …", "Select …", "Run …"; "请…", "运行…", "使用…"), as a user guide's do. Scripture,
/// history, law, poetry and classical prose command rarely in these words (under 1 in 100:
/// quran-en 0.3, quran-zh 0.1, lunyu 0.0; debmake-doc 8.0).
fn is_instructional(sentences: &[Sentence], lang: Lang) -> bool {
    let imperative = sentences
        .iter()
        .filter(|s| match lang {
            Lang::En => s
                .text
                .split_whitespace()
                .find(|w| w.chars().any(char::is_alphanumeric))
                .is_some_and(|w| {
                    let w = w
                        .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                        .to_lowercase();
                    EN_IMPERATIVES.contains(&w.as_str())
                }),
            Lang::Zh => {
                let t = s.text.trim_start_matches(['•', '*', '-', ' ']);
                ZH_IMPERATIVES.iter().any(|v| t.starts_with(v))
            }
        })
        .count();
    imperative * 100 >= sentences.len().max(1) * 2
}

/// Head nouns that say what kind of thing a command-like name is: "the lintian command" is
/// lintian, "dpkg 命令" dpkg, "the debhelper package" debhelper, "the initrd image" initrd.
const KIND_HEADS: &[&str] = &[
    "command",
    "commands",
    "program",
    "programs",
    "tool",
    "utility",
    "builtin",
    "builtins",
    "package",
    "file",
    "image",
    // ("the udev system provides …" is udev's)
    "system",
    "daemon",
    // (the longer head first: "cd 内建命令" is cd's, not "cd 内建"'s)
    "内建命令",
    "命令",
    "程序",
    "工具",
    "软件包",
    "文件",
    "系统",
];

/// The heads that name a command even where its name is an ordinary word: "the aptitude
/// command", "the read builtin" (not "source program", "source package").
const COMMAND_HEADS: &[&str] = &["command", "commands", "builtin", "builtins", "命令"];

/// Folds a noun phrase made of a term and a kind head ("lintian command") into the term
/// ("lintian"), as a variant with its sentences. The term must read as a name of software
/// (lower case or with `-_./`, Latin letters in Chinese text), not a proper name: "Debian
/// package" is a thing of its own. An ordinary word folds only before a command's head
/// ("aptitude command" into aptitude), and only where the text names one such command, not
/// a class of them ("shell builtins", "history commands"): "debug package" and "source
/// program" stay.
fn merge_headed(found: Vec<terms::Found>, sentences: &[Sentence], lang: Lang) -> Vec<terms::Found> {
    let index = index_by_key(&found, lang);
    let mut into: Vec<Option<usize>> = vec![None; found.len()];
    for (i, f) in found.iter().enumerate() {
        let text = f.text.trim();
        let Some((base, head)) = KIND_HEADS.iter().find_map(|h| {
            text.strip_suffix(h)
                .filter(|b| b.ends_with(' ') || !h.is_ascii())
                .map(|b| (b.trim_end(), *h))
        }) else {
            continue;
        };
        let ordinary = background::en_is_common(&base.to_lowercase());
        // (an adjective only modifies its head: "architecture-dependent package")
        let adjective = [
            "-dependent",
            "-independent",
            "-specific",
            "-based",
            "-level",
            "-only",
        ]
        .iter()
        .any(|a| base.ends_with(a));
        let software = !base.is_empty()
            && !adjective
            && base.is_ascii()
            && !base.contains(' ')
            && (!ordinary
                || COMMAND_HEADS.contains(&head) && base.chars().all(|c| c.is_ascii_lowercase()))
            && (base.chars().all(|c| !c.is_uppercase()) || base.contains(['-', '_', '.', '/']));
        // (the phrase in the plural, "shell builtins", makes a class of the head; counted as
        // whole words: "unset command" is no "set command")
        let one_thing = |j: usize| {
            let singular = format!("{} {}", base.to_lowercase(), head.trim_end_matches('s'));
            let (mut one, mut many) = (0usize, 0usize);
            let mut ids: Vec<u32> = f
                .sentences
                .iter()
                .chain(&found[j].sentences)
                .copied()
                .collect();
            ids.sort_unstable();
            ids.dedup();
            for i in ids {
                let s = sentences[i as usize].text.to_lowercase();
                for (at, _) in s.match_indices(&singular) {
                    let before = s[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || "-_/".contains(c)) {
                        continue;
                    }
                    let mut after = s[at + singular.len()..].chars();
                    match after.next() {
                        Some('s') if !after.next().is_some_and(char::is_alphanumeric) => many += 1,
                        Some(c) if c.is_alphanumeric() => {}
                        _ => one += 1,
                    }
                }
            }
            many * 2 < one
        };
        let program = |base: &str| {
            ["command", "commands", "program", "programs"]
                .iter()
                .any(|h| index.contains_key(&key(&format!("{base} {h}"), lang)))
        };
        // (nor where the word itself takes a plural, "shells": a common noun, not a name)
        let countable = |j: usize| {
            let plural = format!("{}s", base.to_lowercase());
            found[j].variants.iter().any(|v| v.to_lowercase() == plural)
        };
        // (the daemon of a program named with a d is that one: "the ssh daemon" is sshd)
        let own_daemon = head == "daemon" && index.contains_key(&key(&format!("{base}d"), lang));
        if let Some(&j) = index.get(&key(base, lang))
            && software
            && !own_daemon
            && (!ordinary || !countable(j) && one_thing(j))
            // (a program's file or image is not the program: "tar file" beside "tar command")
            && (!["package", "file", "image"].contains(&head) || !program(base))
            && j != i
            && !is_named(found[j].kind)
        {
            into[i] = Some(j);
        }
    }
    fold(found, into)
}

/// Each candidate's position, by its text's lookup key.
fn index_by_key(found: &[terms::Found], lang: Lang) -> HashMap<String, usize> {
    found
        .iter()
        .enumerate()
        .map(|(i, f)| (key(&f.text, lang), i))
        .collect()
}

/// Folds a noun phrase of an everyday word and the head that names it one thing of a kind
/// ("unstable distribution") into the word ("unstable"), where the text uses the word as that
/// thing's name ([`named_as_item`]): one entry for unstable, not one for it and another for
/// "the unstable distribution". English only.
fn merge_item_heads<'s>(
    found: Vec<terms::Found>,
    sentence_key: impl Fn(usize) -> &'s str,
    lang: Lang,
) -> Vec<terms::Found> {
    if lang != Lang::En {
        return found;
    }
    let index = index_by_key(&found, lang);
    let mut into: Vec<Option<usize>> = vec![None; found.len()];
    for (i, f) in found.iter().enumerate() {
        let Some((base, head)) = f.text.rsplit_once(' ') else {
            continue;
        };
        if !english::ITEM_NAMING_HEADS.contains(&head) {
            continue;
        }
        if let Some(&j) = index.get(&key(base, lang))
            && j != i
            && found[j].kind == TermKind::Term
            && named_as_item(
                base,
                found[j].sentences.iter().map(|&k| sentence_key(k as usize)),
            )
        {
            into[i] = Some(j);
        }
    }
    fold(found, into)
}

/// Folds the other forms of one name into its most used form, as variants with their
/// sentences: an acronym's plural ("URLs" into "URL"), a call or a path written with or
/// without its marks ("stream.Readable()", "/sbin"), a capitalised plural ("Debian
/// Developers"), spellings with a space, a hyphen or neither ("command line", "command-line",
/// "commandline") or with a middle initial ("Donald E. Knuth"), and an acronym and its
/// expansion where the text pairs them in brackets ("Debian Free Software Guidelines
/// (DFSG)"). A `documented` item (a reference manual's own section) keeps its form; options
/// that differ by case (`set -e`, `set -E`) stay two.
fn merge_aliases(
    mut found: Vec<terms::Found>,
    sentences: &[Sentence],
    documented: impl Fn(&str) -> bool,
) -> Vec<terms::Found> {
    let index: HashMap<&str, usize> = found
        .iter()
        .enumerate()
        .map(|(i, f)| (f.text.as_str(), i))
        .collect();
    // (a, b, directed): a directed pair folds a into b; another folds the less used form
    let mut pairs: Vec<(usize, usize, bool)> = Vec::new();
    // (the plurals of peoples, whose page is a people's: of kind other)
    let mut peoples: Vec<usize> = Vec::new();
    let acronym = |t: &str| {
        let letters = t.chars().filter(|c| c.is_alphanumeric()).count();
        (2..=8).contains(&letters)
            && t.chars().filter(|c| c.is_ascii_uppercase()).count() * 10 >= letters * 7
            && !t.contains(' ')
    };
    for (i, f) in found.iter().enumerate() {
        let t = f.text.as_str();
        // a path keeps its slash ("/sbin"); the other marked forms fold into the bare one
        // (a bare ordinary word has senses of its own: "root" is the user and the
        // filesystem, not only /root; so has a bare name the text uses more often than the
        // path of one segment: "init" is the init system and "gentoo" the example package,
        // not only /init and /gentoo)
        if let Some(&j) = t
            .strip_prefix('/')
            .filter(|r| r.contains('/') || !background::en_is_common(&r.to_lowercase()))
            .and_then(|r| index.get(r))
            .filter(|&&j| t[1..].contains('/') || found[j].sentences.len() <= f.sentences.len())
        {
            pairs.push((j, i, true));
            continue;
        }
        let other = t
            .strip_suffix("()")
            .or_else(|| {
                // "URLs", "Debian Developers", "A-labels" (not "Jesus" from "Jesu")
                t.strip_suffix('s').filter(|b| {
                    acronym(b)
                        || b.contains('-') && b.starts_with(|c: char| c.is_uppercase())
                        || b.contains(' ')
                            && b.split(' ')
                                .all(|w| w.chars().next().is_some_and(char::is_uppercase))
                })
            })
            .or_else(|| {
                // an acronym used as a verb or an agent: "NMUed", "NMUing", "NMUer" are the NMU
                ["ed", "ing", "er", "ers"].iter().find_map(|suffix| {
                    t.strip_suffix(suffix)
                        .filter(|b| acronym(b) && b.ends_with(|c: char| c.is_ascii_uppercase()))
                })
            });
        if let Some(&j) = other.and_then(|o| index.get(o)) {
            pairs.push((i, j, true));
        } else if let Some(&j) = t
            .strip_suffix('s')
            .filter(|b| b.len() >= 3)
            .and_then(|b| index.get(b))
            && people_plural(
                t,
                found[j].text.as_str(),
                f.sentences
                    .iter()
                    .map(|&s| sentences[s as usize].text.as_str()),
                found[j]
                    .sentences
                    .iter()
                    .map(|&s| sentences[s as usize].text.as_str()),
            )
        {
            // a people and one of them: "the Jews" and "a Jew" (not a surname that ends in
            // s, "Williams" beside "William"; nor a file and a field, "the Packages file"
            // and "a Package field")
            pairs.push((i, j, true));
            peoples.push(i);
        }
        // a project named after its subject is the subject: "the Debian Project" is Debian,
        // "the GNU Project" GNU (a name of its own, "Debian Documentation Project", stays);
        // so is a system, "the X Window System" X Window
        // (the suffix, and whether it names a system)
        const NAMED_AFTER: [(&str, bool); 4] = [
            (" Project", false),
            (" project", false),
            (" System", true),
            (" system", true),
        ];
        if let Some(&j) = NAMED_AFTER
            .iter()
            .find_map(|&(suffix, system)| t.strip_suffix(suffix).map(|b| (b, system)))
            .filter(|(b, _)| b.starts_with(char::is_uppercase))
            // (a system named after a word of the language is a thing of its own: "the
            // Continental System")
            .filter(|(b, system)| {
                !system || b.contains(' ') || !background::en_is_common(&b.to_lowercase())
            })
            .map(|(b, _)| b)
            .and_then(|b| index.get(b))
            && found[j].text.starts_with(char::is_uppercase)
            // (not a place or a person it is named after: "Manhattan Project")
            && !matches!(found[j].kind, TermKind::Place | TermKind::Person)
        {
            pairs.push((i, j, true));
        }
        // a name with an epithet is the name ("Uriah the Hittite" is Uriah, whose page then
        // states "the Hittite")
        if let Some((name, epithet)) = t.rsplit_once(" the ")
            && epithet.starts_with(char::is_uppercase)
            && !epithet.contains(' ')
            && let Some(&j) = index.get(name)
            && found[j].text.starts_with(char::is_uppercase)
        {
            pairs.push((i, j, true));
        }
    }
    // A name and the other name the text says it goes by: "Joel Klecker, who was also known
    // as Espy", "Joel Klecker (also known as Espy)", "X，又名Y". The other name folds into the
    // one it follows, the nearest candidate before the phrase in the same sentence.
    // (the few sentences that have such a phrase, found in one pass; each candidate's
    // sentences are sorted, so a binary search per such sentence finds its own)
    let naming: Vec<u32> = (0..sentences.len() as u32)
        .filter(|&si| {
            let text = &sentences[si as usize].text;
            ALSO_KNOWN_AS.iter().any(|p| text.contains(p))
        })
        .collect();
    for (i, f) in found.iter().enumerate() {
        for &si in naming
            .iter()
            .filter(|si| f.sentences.binary_search(si).is_ok())
        {
            let text = sentences[si as usize].text.as_str();
            for (at, _) in text.match_indices(f.text.as_str()) {
                let Some(rest) = ALSO_KNOWN_AS
                    .iter()
                    .find_map(|p| {
                        text[..at]
                            .trim_end_matches([' ', '"', '\'', '“', '‘'])
                            .strip_suffix(p)
                    })
                    .filter(|r| !r.ends_with(|c: char| c.is_ascii_alphanumeric()))
                else {
                    continue;
                };
                // (the name before it, a clause opened by a comma or a bracket at most
                // three words back: "Joel Klecker, who was")
                let head = rest
                    .trim_end()
                    .trim_end_matches(" who was")
                    .trim_end_matches(" who is")
                    .trim_end_matches(" also")
                    .trim_end_matches([',', '，', '(', '（', ' ']);
                let Some((j, _)) = found
                    .iter()
                    .enumerate()
                    .filter(|(j, g)| *j != i && head.ends_with(g.text.as_str()))
                    .max_by_key(|(_, g)| g.text.len())
                else {
                    continue;
                };
                let bounded = !text[..at].is_empty()
                    && !text[at + f.text.len()..].starts_with(|c: char| c.is_alphanumeric());
                if bounded {
                    pairs.push((i, j, true));
                }
            }
        }
    }
    // A first name alone, where one person of the text has it ("Kristoffer" of "Kristoffer
    // H. Rose"): no other candidate opens with the word, and it is no ordinary word.
    // (each first word of a longer candidate: the candidates that open with it)
    let mut opening: HashMap<&str, Vec<usize>> = HashMap::new();
    for (j, g) in found.iter().enumerate() {
        if let Some((first, _)) = g.text.split_once(' ') {
            opening.entry(first).or_default().push(j);
        }
    }
    for (i, f) in found.iter().enumerate() {
        let t = f.text.as_str();
        if t.contains(' ')
            || !t.starts_with(char::is_uppercase)
            || !t.chars().skip(1).all(char::is_lowercase)
            || t.chars().count() < 3
            || background::en_is_common(&t.to_lowercase())
            || !matches!(f.kind, TermKind::Person | TermKind::Other)
        {
            continue;
        }
        if let Some([j]) = opening.get(t).map(Vec::as_slice)
            && found[*j].kind == TermKind::Person
        {
            pairs.push((i, *j, true));
        }
    }
    // Spellings of one name: with a space, a hyphen or neither ("command line",
    // "command-line", "commandline"), and a person's name with or without a middle initial
    // ("Donald E. Knuth", "Donald Knuth").
    let mut spellings: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, f) in found.iter().enumerate() {
        let t = f.text.as_str();
        if !t.contains([' ', '-']) && !t.chars().all(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        // (a command-line option keeps its case and its dash: `set -e`, `set -E`)
        if t.split(' ').any(is_option_prefixed) {
            continue;
        }
        let squashed: String = t
            .split(' ')
            .filter(|w| !(w.len() == 2 && w.ends_with('.')))
            .flat_map(|w| w.chars())
            .filter(|c| *c != '-')
            .flat_map(char::to_lowercase)
            .collect();
        if squashed.chars().count() >= 4 {
            spellings.entry(squashed).or_default().push(i);
        }
    }
    for ids in spellings.values().filter(|ids| ids.len() >= 2) {
        for &other in &ids[1..] {
            pairs.push((other, ids[0], false));
        }
    }
    // an acronym and its expansion, paired in brackets in some sentence
    // (the sentences that bracket the acronym first: few, so the expansion test, which
    // allocates, runs only for terms that share one of them or whose capitals spell it)
    for (i, f) in found.iter().enumerate() {
        if !acronym(&f.text) {
            continue;
        }
        // (in brackets, "(DER)", "(DD，Debian 开发者)", or before them, "DER (…", "DD（…")
        let bracketing: Vec<u32> = f
            .sentences
            .iter()
            .copied()
            .filter(|&s| {
                let text = &sentences[s as usize].text;
                text.match_indices(f.text.as_str()).any(|(at, t)| {
                    let after = &text[at + t.len()..];
                    let opened = text[..at].ends_with(['(', '（'])
                        && !after.starts_with(|c: char| c.is_alphanumeric());
                    opened
                        || after.starts_with([' ', '(', '（'])
                            && after.trim_start().starts_with(['(', '（'])
                })
            })
            .collect();
        // (or never paired, when the expansion is a proper name of three words or more whose
        // capitals spell the acronym: "Package Tracking System", PTS; asked of every term, so
        // it allocates nothing)
        // (past the joining words the capitals skip: "Software in the Public Interest", SPI)
        // (or with them, where the acronym has a letter for each word: "Table of Contents",
        // TOC)
        let named = |g: &str| {
            let joining = |w: &str| ["of", "in", "the", "for", "and", "on", "to"].contains(&w);
            g.split(' ')
                .all(|w| w.starts_with(char::is_uppercase) || joining(w))
                && (g.split(' ').filter(|w| !joining(w)).count() >= 3
                    && g.chars().filter(|c| c.is_uppercase()).eq(f.text.chars())
                    || g.split(' ').count() >= 3
                        && g.split(' ')
                            .filter_map(|w| w.chars().next())
                            .map(|c| c.to_ascii_uppercase())
                            .eq(f.text.chars()))
        };
        let initial = |t: &str| t.chars().next().map(|c| c.to_ascii_lowercase());
        let own_initial = initial(&f.text);
        for (j, g) in found.iter().enumerate() {
            if i == j || !g.text.contains([' ', '-']) {
                continue;
            }
            // (a sentence that brackets the acronym and writes the expansion, whether or not
            // it counts as the expansion's mention: "Midnight Commander (MC) is …", where a
            // capitalised phrase opening a sentence is no evidence of a name)
            let paired = bracketing.iter().any(|s| {
                g.sentences.binary_search(s).is_ok()
                    || initial(&g.text) == own_initial
                        && sentences[*s as usize].text.contains(g.text.as_str())
            }) || named(&g.text);
            if paired && expands(&f.text, &g.text) {
                pairs.push((i, j, false));
            }
        }
    }
    pairs.extend(translations(&found, &index, sentences));
    // Each undirected pair joins the less used form into the more used one (one level: a
    // form that is itself folded is not a target).
    let mut into: Vec<Option<usize>> = vec![None; found.len()];
    for (a, b, directed) in pairs {
        // (a reference manual's documented item keeps its own form)
        let (from, to) = if documented(&found[a].text) && !documented(&found[b].text)
            || !directed && found[a].sentences.len() > found[b].sentences.len()
        {
            (b, a)
        } else {
            (a, b)
        };
        if into[from].is_none() && into[to].is_none() && !into.contains(&Some(from)) {
            into[from] = Some(to);
        }
    }
    for i in peoples {
        if let Some(j) = into[i] {
            for k in [i, j] {
                if matches!(
                    found[k].kind,
                    TermKind::Person | TermKind::Term | TermKind::NounPhrase
                ) {
                    found[k].kind = TermKind::Other;
                }
            }
        }
    }
    fold(found, into)
}

/// A name in Latin letters and the Chinese words a bracket pairs with it, either way round
/// ("GUI（图形用户界面）", "后台守护进程（daemon）"), where the pair is how the text writes the
/// rarer of the two at least half the times it names it, and twice unless it names it once: a
/// translation, one entity, as an undirected pair for [`merge_aliases`]. A bracket that names
/// an instance in passing ("程序（gcc）") pairs a word the text mostly uses alone.
fn translations(
    found: &[terms::Found],
    index: &HashMap<&str, usize>,
    sentences: &[Sentence],
) -> Vec<(usize, usize, bool)> {
    let cjk_only = |t: &str| t.chars().all(chinese::is_cjk);
    // (the sentences with a full-width bracket: none in most English text)
    let bracketed: HashSet<u32> = (0..sentences.len() as u32)
        .filter(|&si| sentences[si as usize].text.contains('（'))
        .collect();
    if bracketed.is_empty() {
        return Vec::new();
    }
    // (the Latin name, the Chinese term: the sentences that pair them)
    let mut paired: HashMap<(usize, usize), HashSet<u32>> = HashMap::new();
    for (i, f) in found.iter().enumerate() {
        let t = f.text.as_str();
        if t.chars().any(chinese::is_cjk) || !t.chars().any(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        for &si in f.sentences.iter().filter(|si| bracketed.contains(si)) {
            let text = sentences[si as usize].text.as_str();
            for (at, _) in text.match_indices(t) {
                let before = &text[..at];
                let after = &text[at + t.len()..];
                // (a whole name: not ID of UUID)
                if before
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
                {
                    continue;
                }
                // X（Y）: the bracket holds the Chinese term alone
                let inside = after
                    .trim_start()
                    .strip_prefix('（')
                    .and_then(|r| r.split_once('）'))
                    .map(|(y, _)| y.trim())
                    .filter(|y| cjk_only(y))
                    .and_then(|y| index.get(y));
                // Y（X）: the Chinese term ends the words before the bracket
                let outside = before
                    .trim_end()
                    .strip_suffix('（')
                    .filter(|_| after.trim_start().starts_with('）'))
                    .and_then(|b| {
                        let run: Vec<(usize, char)> = b
                            .char_indices()
                            .rev()
                            .take_while(|(_, c)| chinese::is_cjk(*c))
                            .take(16)
                            .collect();
                        // (the longest term that ends the run: 后台守护进程 of 系统后台守护进程)
                        run.iter()
                            .rev()
                            .find_map(|&(from, _)| index.get(&b[from..]))
                    });
                for &j in inside.into_iter().chain(outside) {
                    paired.entry((i, j)).or_default().insert(si);
                }
            }
        }
    }
    // (a kind noun is no translation of a name: "C 程序（tcc）", "系统（systemd）")
    let kind_noun = |k: usize| ZH_HEADS.contains(&found[k].text.as_str());
    let mut out: Vec<(usize, usize, bool)> = paired
        .into_iter()
        .filter(|&((i, j), _)| !kind_noun(i) && !kind_noun(j))
        .filter(|&((i, j), ref ids)| {
            let rarer = found[i].sentences.len().min(found[j].sentences.len());
            // (a person bracketed after a role is an apposition: "前 ftp-master 成员（Steve
            // Langasek）")
            let person = [i, j].iter().any(|&k| found[k].kind == TermKind::Person);
            ids.len() * 2 >= rarer && (ids.len() >= 2 || rarer == 1) && !person
        })
        .map(|((i, j), _)| (i, j, false))
        .collect();
    // (in the order of the candidates, whatever the hash map's: the first pair to reach a
    // term wins)
    out.sort_unstable();
    out
}

/// The phrases that give a name another one it goes by ("Joel Klecker (also known as Espy)").
const ALSO_KNOWN_AS: &[&str] = &[
    "also known as",
    "better known as",
    "a.k.a.",
    "aka",
    "nicknamed",
    "又名",
    "又称",
    "又稱",
    "亦称",
    "亦稱",
    "别名",
    "別名",
    "又叫",
];

/// Whether the capitalised single word `plural` and its `singular` name a people and one of
/// them: the text puts the definite article before the plural ("the Jews", "The
/// Philistines") and the indefinite one before the singular, which heads its phrase ("a Jew
/// nor a Christian", "an Egyptian."). A person's name or a surname takes neither; a name
/// that only modifies a noun ("the Packages file", "a Package field") heads no phrase.
fn people_plural<'s>(
    plural: &str,
    singular: &str,
    mut plural_sentences: impl Iterator<Item = &'s str>,
    mut singular_sentences: impl Iterator<Item = &'s str>,
) -> bool {
    if plural.contains(' ') || !plural.starts_with(char::is_uppercase) {
        return false;
    }
    // (`word` after one of `articles`, as a whole word, and what follows it)
    fn after_article<'t>(
        s: &'t str,
        word: &'t str,
        articles: &'t [&'t str],
    ) -> impl Iterator<Item = &'t str> + 't {
        s.match_indices(word)
            .filter(move |&(at, _)| {
                let article = articles.iter().find_map(|a| s[..at].strip_suffix(a));
                article.is_some_and(|rest| !rest.ends_with(|c: char| c.is_alphanumeric()))
                    && !s[at + word.len()..].starts_with(|c: char| c.is_alphanumeric())
            })
            .map(move |(at, _)| &s[at + word.len()..])
    }
    // (the singular heads its phrase: punctuation, or a word that joins or begins a clause
    // after it)
    let heads = |rest: &str| {
        let rest = rest.trim_start();
        let next = rest
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or("");
        next.is_empty()
            || [
                "and", "or", "nor", "but", "who", "whom", "of", "in", "to", "from", "with", "by",
                "is", "was", "among", "that", "which", "than", "as",
            ]
            .contains(&next)
    };
    plural_sentences.any(|s| after_article(s, plural, &["the ", "The "]).next().is_some())
        && singular_sentences
            .any(|s| after_article(s, singular, &["a ", "an ", "A ", "An "]).any(heads))
}

/// Folds away the candidates that the text uses only as part of a longer name: "Identified
/// Mail" inside "DomainKeys Identified Mail", "Public Interest" inside "Software in the Public
/// Interest", 层级标准 inside 文件系统层级标准. Where at least four in five of a candidate's
/// uses extend the same way into another candidate, it becomes that one's variant; an
/// English name whose uses extend the same way back to capitalised words that make no
/// candidate ("DomainKeys" of "DomainKeys Identified Mail") takes the longer name.
/// (Not a name the text always follows with the same noun where that makes no candidate:
/// "the FreeBSD port", "an EPERM error" are uses of the names FreeBSD and EPERM, as
/// "Bézier curves" is of Bézier.)
/// Returns whether a name grew.
fn inside_longer_names(
    found: Vec<terms::Found>,
    sentences: &[Sentence],
    lang: Lang,
) -> (Vec<terms::Found>, bool) {
    // (once more where a name grew: "DomainKeys" then folds into "DomainKeys Identified Mail")
    match fold_into_longer(found, sentences, lang) {
        (found, true) => (fold_into_longer(found, sentences, lang).0, true),
        (found, false) => (found, false),
    }
}

/// One pass of [`inside_longer_names`]; whether a name grew.
fn fold_into_longer(
    found: Vec<terms::Found>,
    sentences: &[Sentence],
    lang: Lang,
) -> (Vec<terms::Found>, bool) {
    /// Uses looked at, at most, per candidate.
    const SAMPLE: usize = 60;
    let index: HashMap<String, usize> = found
        .iter()
        .enumerate()
        .flat_map(|(i, f)| {
            std::iter::once(&f.text)
                .chain(&f.variants)
                .map(move |t| (key(t, lang), i))
        })
        .collect();
    let mut into: Vec<Option<usize>> = vec![None; found.len()];
    let mut renamed: Vec<(usize, String)> = Vec::new();
    for (i, f) in found.iter().enumerate() {
        let uses: Vec<Extension> = f
            .sentences
            .iter()
            .flat_map(|&si| {
                // (a Chinese run is its own key: no allocation per run)
                extensions(&sentences[si as usize].text, &f.text, lang, |run| {
                    index.get(run).is_some_and(|&j| j != i)
                })
            })
            .take(SAMPLE)
            .collect();
        let Some((ext, n)) = most_common(&uses) else {
            continue;
        };
        if n * 5 < uses.len() * 4 {
            continue;
        }
        // (an epithet stays a name of its own: "Hittite" of "Uriah the Hittite" names a people)
        if let Extension::Before(e) = ext
            && let Some(name) = e.strip_suffix(" the ")
            && name
                .rsplit(' ')
                .next()
                .is_some_and(|w| w.starts_with(char::is_uppercase))
        {
            continue;
        }
        let longer = match ext {
            Extension::Before(e) => format!("{e}{}", f.text),
            Extension::After(e) => format!("{}{e}", f.text),
            Extension::Within(y) => y.clone(),
            Extension::None => continue,
        };
        match index.get(&key(&longer, lang)) {
            Some(&j) if j != i && found[j].text.chars().count() > f.text.chars().count() => {
                into[i] = Some(j);
            }
            Some(_) => {}
            // (a name that the text always writes after the same capitalised words, or in
            // Chinese after the same candidate, is the tail of a longer name, which no rule
            // found: it takes that name; so is one it always writes before the same number,
            // the head of a model's or a standard's name: "Cybook Gen 3")
            None if (matches!(ext, Extension::Before(_)) || numbered(ext))
                && uses.len() >= 2
                && (lang == Lang::Zh || f.text.starts_with(|c: char| c.is_uppercase()))
                && !matches!(f.kind, TermKind::Person | TermKind::Work) =>
            {
                // (two tails of one name: the second folds into the first)
                match renamed
                    .iter()
                    .find(|(_, l)| key(l, lang) == key(&longer, lang))
                {
                    Some(&(j, _)) => into[i] = Some(j),
                    None => renamed.push((i, longer)),
                }
            }
            None => {}
        }
    }
    // (a chain folds into its end: "Interest" → "Public Interest" → "Software in …")
    for i in 0..into.len() {
        let mut to = into[i];
        for _ in 0..4 {
            match to.and_then(|j| into[j]) {
                Some(k) => to = Some(k),
                None => break,
            }
        }
        into[i] = to;
    }
    let mut found = found;
    let grew = !renamed.is_empty();
    for (i, longer) in renamed {
        let f = &mut found[i];
        let short = std::mem::replace(&mut f.text, longer);
        f.variants.push(short);
    }
    for from in 0..found.len() {
        let Some(to) = into[from] else { continue };
        let (text, sentences) = (found[from].text.clone(), found[from].sentences.clone());
        let salience = found[from].salience;
        let base = &mut found[to];
        // (the whole ranks as its best-ranked part: "init script" as "init")
        base.salience = base.salience.max(salience);
        base.sentences.extend(sentences);
        base.sentences.sort_unstable();
        base.sentences.dedup();
        if !base.variants.contains(&text) {
            base.variants.push(text);
        }
    }
    let found = found
        .into_iter()
        .enumerate()
        .filter(|(i, _)| into[*i].is_none())
        .map(|(_, f)| f)
        .collect();
    (found, grew)
}

/// Whether an extension is a number after the name (" 3", " 1003.1"): digits, with dots
/// between them.
fn numbered(ext: &Extension) -> bool {
    let Extension::After(e) = ext else {
        return false;
    };
    let n = e.trim_start();
    e.starts_with(' ')
        && (1..=8).contains(&n.len())
        && n.starts_with(|c: char| c.is_ascii_digit())
        && n.ends_with(|c: char| c.is_ascii_digit())
        && n.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// How one use of a name extends beyond it (see [`inside_longer_names`]).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Extension {
    /// It does not.
    None,
    /// The words before it, back to a capitalised one: "DomainKeys ", "Software in the "; in
    /// Chinese, a candidate right before it (文件系统 before 层级标准).
    Before(String),
    /// The words after it, on to a capitalised one, " for Information Interchange", else the
    /// next word, " curves".
    After(String),
    /// A longer candidate of Chinese text it is part of.
    Within(String),
}

/// The most common extension other than none, and how many uses have it.
fn most_common(uses: &[Extension]) -> Option<(&Extension, usize)> {
    let mut counts: HashMap<&Extension, usize> = HashMap::new();
    for u in uses.iter().filter(|u| **u != Extension::None) {
        *counts.entry(u).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|(e, n)| (*n, std::cmp::Reverse(e.len_hint())))
}

impl Extension {
    fn len_hint(&self) -> usize {
        match self {
            Extension::None => 0,
            Extension::Before(s) | Extension::After(s) | Extension::Within(s) => s.len(),
        }
    }
}

/// Each use of `name` in `sentence`, as it extends (see [`inside_longer_names`]); in Chinese,
/// the shortest longer run around it that `is_candidate`, else the shortest candidate right
/// before it that is a noun.
fn extensions(
    sentence: &str,
    name: &str,
    lang: Lang,
    is_candidate: impl Fn(&str) -> bool,
) -> Vec<Extension> {
    let mut out = Vec::new();
    for (at, _) in sentence.match_indices(name) {
        let before = &sentence[..at];
        let after = &sentence[at + name.len()..];
        match lang {
            Lang::En => {
                if before
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric())
                    || after.chars().next().is_some_and(|c| c.is_alphanumeric())
                {
                    continue;
                }
                out.push(en_extension(before, after));
            }
            Lang::Zh => {
                // (the longer runs of Han characters around it, shortest first)
                let left: Vec<char> = before
                    .chars()
                    .rev()
                    .take_while(|&c| chinese::is_cjk(c))
                    .take(4)
                    .collect();
                let right: Vec<char> = after
                    .chars()
                    .take_while(|&c| chinese::is_cjk(c))
                    .take(4)
                    .collect();
                // (else a candidate right before it that the dictionary calls a noun:
                // 文件系统 before 层级标准, not 完纳 "pay" before 天课)
                let before_it = || {
                    (1..=left.len())
                        .map(|k| left[..k].iter().rev().collect::<String>())
                        .find(|w| is_candidate(w) && chinese::noun_word(w))
                        .map_or(Extension::None, Extension::Before)
                };
                out.push(
                    zh_runs(&left, name, &right)
                        .into_iter()
                        .find(|r| is_candidate(r))
                        .map_or_else(before_it, Extension::Within),
                );
            }
        }
    }
    out
}

/// The runs of `left` (reversed) + `name` + `right`, up to four characters each way,
/// shortest first.
fn zh_runs(left: &[char], name: &str, right: &[char]) -> Vec<String> {
    let mut runs: Vec<String> = Vec::new();
    for total in 1..=left.len() + right.len() {
        for l in 0..=total.min(left.len()) {
            let r = total - l;
            if r > right.len() {
                continue;
            }
            let mut s: String = left[..l].iter().rev().collect();
            s.push_str(name);
            s.extend(&right[..r]);
            runs.push(s);
        }
    }
    runs
}

/// How an English name extends before or after one of its uses: back over capitalised words
/// that are no title, and at most two joining words ("of", "in", "the", "for") between them,
/// to the first word of a longer name ("Software in the "); else forward the same way
/// (" for Information Interchange"); else to the next word (" port", " curves").
fn en_extension(before: &str, after: &str) -> Extension {
    const JOINING: &[&str] = &["of", "in", "the", "for", "de"];
    let capitalised_name = |w: &str| {
        w.starts_with(|c: char| c.is_uppercase())
            && !terms::EN_STOP.contains(&w.to_lowercase().as_str())
            && !english::HONORIFICS.contains(&w.trim_end_matches('.'))
    };
    let is_word_char = |c: char| c.is_alphanumeric() || c == '-';
    // (the words right before the use, nearest first, each with where it starts)
    let mut back: Vec<(usize, &str)> = Vec::new();
    let mut rest = before;
    while back.len() < 6 {
        let Some(t) = rest.strip_suffix(' ').filter(|t| !t.ends_with(' ')) else {
            break;
        };
        let start = t.len()
            - t.chars()
                .rev()
                .take_while(|&c| is_word_char(c))
                .map(char::len_utf8)
                .sum::<usize>();
        if start == t.len() {
            break;
        }
        back.push((start, &t[start..]));
        rest = &t[..start];
    }
    // (the words right after it, each with where it ends)
    let mut forth: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    while forth.len() < 6 {
        let Some(t) = after[at..].strip_prefix(' ') else {
            break;
        };
        // (a number keeps its decimals: "Xfce 4.4", "IEEE Std 1003.1")
        let mut len = 0;
        let mut cs = t.char_indices().peekable();
        while let Some((i, c)) = cs.next() {
            let decimal = c == '.'
                && t[..i].ends_with(|p: char| p.is_ascii_digit())
                && cs.peek().is_some_and(|(_, n)| n.is_ascii_digit());
            if !is_word_char(c) && !decimal {
                break;
            }
            len = i + c.len_utf8();
        }
        if len == 0 {
            break;
        }
        at += 1 + len;
        forth.push((at, &t[..len]));
    }
    // the farthest capitalised word reached over names and at most two joining words in a row
    let reach = |words: &[(usize, &str)]| {
        let (mut last, mut joins) = (None, 0);
        for &(pos, w) in words {
            if capitalised_name(w) {
                (last, joins) = (Some(pos), 0);
            } else if JOINING.contains(&w) && joins < 2 {
                joins += 1;
            } else {
                break;
            }
        }
        last
    };
    if let Some(start) = reach(&back) {
        return Extension::Before(before[start..].to_string());
    }
    if let Some(end) = reach(&forth) {
        return Extension::After(after[..end].to_string());
    }
    match forth.first() {
        Some(&(end, _)) => Extension::After(after[..end].to_string()),
        None => Extension::None,
    }
}

/// Whether a kind is a named entity's: a person, place, organisation or work.
fn is_named(kind: TermKind) -> bool {
    matches!(
        kind,
        TermKind::Person | TermKind::Place | TermKind::Org | TermKind::Work
    )
}

/// Folds each term `i` with `into[i] = Some(j)` into term `j`: its text and variants become
/// `j`'s variants, its sentences join `j`'s, and a named kind (person, place, organisation,
/// work) carries over to an unnamed `j`.
fn fold(mut found: Vec<terms::Found>, into: Vec<Option<usize>>) -> Vec<terms::Found> {
    for from in 0..found.len() {
        let Some(to) = into[from] else { continue };
        let (text, sentences, variants) = (
            found[from].text.clone(),
            found[from].sentences.clone(),
            found[from].variants.clone(),
        );
        if is_named(found[from].kind) && !is_named(found[to].kind) {
            found[to].kind = found[from].kind;
        }
        let base = &mut found[to];
        base.sentences.extend(sentences);
        base.sentences.sort_unstable();
        base.sentences.dedup();
        for v in std::iter::once(text).chain(variants) {
            if !base.variants.contains(&v) && v != base.text {
                base.variants.push(v);
            }
        }
    }
    found
        .into_iter()
        .zip(into)
        .filter(|(_, i)| i.is_none())
        .map(|(f, _)| f)
        .collect()
}

/// Whether a Chinese text is verse: nearly every line (between 。！？；) is made of clauses of at
/// most seven characters, and the lines are either all short or often parallel (two or more
/// clauses of one length: "床前明月光，疑是地上霜"). Classical prose has short clauses too,
/// but longer lines and fewer parallel ones (the Analects: 83 % short, 10 % parallel).
fn is_verse(sentences: &[Sentence]) -> bool {
    let (mut lines, mut short, mut parallel) = (0usize, 0usize, 0usize);
    for s in sentences {
        for line in s.text.split(['。', '！', '？', '!', '?', '；', ';']) {
            let clauses: Vec<usize> = line
                .split(['，', ',', '：', ':', '、', '“', '”'])
                .map(|c| c.chars().filter(|c| chinese::is_cjk(*c)).count())
                .filter(|&n| n > 0)
                .collect();
            if clauses.iter().sum::<usize>() < 4 {
                continue;
            }
            lines += 1;
            short += usize::from(clauses.iter().all(|&n| n <= 7));
            parallel += usize::from(
                clauses.len() >= 2 && clauses[0] >= 3 && clauses.iter().all(|&n| n == clauses[0]),
            );
        }
    }
    lines >= 20
        && (short * 100 >= lines * 95 || short * 100 >= lines * 85 && parallel * 100 >= lines * 30)
}

/// Whether a term is one ordinary word of the language: English words of the common SCOWL
/// bands, Chinese words of two or more characters that jieba's dictionary counts as frequent
/// (文件, 程序, 朋友: at least 5 in 100,000 words). Such a word is a concept only with a
/// definition in the text.
fn is_generic_word(text: &str, lang: Lang) -> bool {
    match lang {
        Lang::En => {
            let w = text.trim().to_lowercase();
            !w.contains([' ', '/', '.', '_', '-'])
                && (background::en_is_common(&w)
                    || w.strip_suffix('s').is_some_and(background::en_is_common))
        }
        Lang::Zh => text.chars().count() >= 2 && background::zh_frequency(text) >= 5e-5,
    }
}

/// Whether a word is used in a book of `words` words, in `sentences` of its sentences, under
/// ten times as often as in ordinary text: a word of the language the book happens to use, not
/// one of its own. A Chinese word of two characters or more by jieba's dictionary; an English
/// word in lower case, one word, by its SCOWL band.
fn used_as_ordinary(word: &str, sentences: usize, words: usize, lang: Lang) -> bool {
    let ordinary = match lang {
        Lang::Zh if word.chars().count() >= 2 => background::zh_frequency(word),
        Lang::En
            if word.chars().all(|c| c.is_ascii_lowercase())
                && background::en_band(word).is_some() =>
        {
            background::en_frequency(word)
        }
        Lang::En => match older_solid_spelling(word) {
            Some(solid) => background::en_frequency(&solid),
            None => return false,
        },
        _ => return false,
    };
    (sentences as f64 / words.max(1) as f64) < 10.0 * ordinary
}

/// The word an older spelling hyphenates that is written solid now and listed as ordinary
/// ("to-day" "today", "to-morrow"); None for another word, or one whose hyphen follows a
/// productive prefix and makes another word ("re-sign" is no "resign").
fn older_solid_spelling(word: &str) -> Option<String> {
    const PREFIXES: &[&str] = &[
        "re", "co", "pre", "non", "un", "de", "sub", "multi", "anti", "self", "e", "x", "semi",
        "post", "mid", "over", "under", "out", "inter", "cross", "up", "down",
    ];
    let (first, _) = word.split_once('-')?;
    if PREFIXES.contains(&first) || !word.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
        return None;
    }
    let solid = word.replace('-', "");
    background::en_band(&solid).is_some().then_some(solid)
}

/// Whether a term is one word of everyday usage, which a manual makes a concept only where it
/// defines it: in English a word of the common SCOWL bands (`is_generic_word`), in Chinese,
/// the counterpart, a word jieba's dictionary counts at least once in 100,000 words (步骤,
/// 代码, 指令; `is_generic_word` asks five times that).
fn is_everyday_word(text: &str, lang: Lang) -> bool {
    match lang {
        Lang::En => is_generic_word(text, lang),
        Lang::Zh => text.chars().count() >= 2 && background::zh_frequency(text) >= 1e-5,
    }
}

/// Whether the text names the one-word name `w` as a mailing list's: its address at a host
/// of lists, "debian-devel@lists.debian.org", or, for a name in parts, "the debian-mentors
/// mailing list"; not an everyday word. The sentences come lower-cased.
fn named_as_mailing_list<'s>(w: &str, mut sentences: impl Iterator<Item = &'s str>) -> bool {
    let w = w.to_lowercase();
    // (an everyday word before "mailing list" says what kind of list it is: "the special
    // mailing lists", "the policy mailing list"; a program's name, "the groff mailing list",
    // names the program, which the caller asks first: only a list's own name in parts,
    // "debian-mentors", or its address names the list)
    if w.contains(' ') || background::en_is_common(&w) {
        return false;
    }
    let address = format!("{w}@lists.");
    let named = if w.contains('-') {
        vec![address, format!("{w} mailing list")]
    } else {
        vec![address]
    };
    sentences.any(|lower| {
        named.iter().any(|n| {
            lower.match_indices(n.as_str()).any(|(at, _)| {
                !lower[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || "-_./@#".contains(c))
            })
        })
    })
}

/// Whether the text names the word `w` as a program somewhere: before a command's head
/// ("the tar command", "the test builtin"; not "the source package"), with a manual
/// section ("tar(1)", "aptitude(8)") or with a gloss in apposition ("apt, a new package
/// management interface"). The sentences come lower-cased.
fn named_as_software<'s>(w: &str, mut sentences: impl Iterator<Item = &'s str>) -> bool {
    let w = w.to_lowercase();
    if w.contains(' ') {
        return false;
    }
    sentences.any(|lower| {
        lower.match_indices(w.as_str()).any(|(at, _)| {
            let starts = !lower[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || "-_./$".contains(c));
            let after = &lower[at + w.len()..];
            // (one command, "the tar command"; not a class, "user commands")
            let one_command = lower[..at].ends_with("the ")
                && [" command", " builtin", " utility"].iter().any(|h| {
                    after
                        .strip_prefix(h)
                        .is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric()))
                });
            // (or with its manual section, or glossed in apposition as software: "apt, a new
            // package management interface", [`english::software_gloss`])
            starts
                && (one_command
                    || skip_manual_section(after).len() < after.len()
                    || english::software_gloss(&lower[..at], after))
        })
    })
}

/// Whether the text uses the everyday word `w` as the name of one thing of a kind: it names
/// it so ("the unstable distribution", [`english::ITEM_NAMING_HEADS`]) and uses it twice or more as a
/// noun of its own after a preposition ([`english::item_use`]: "uploaded to
/// unstable.", "migrates into testing and …"), which an adjective that only modifies a head never is ("the major release", "a local
/// branch"; nor a gerund, "prior to testing the package"). The sentences come lower-cased.
fn named_as_item<'s>(w: &str, sentences: impl Iterator<Item = &'s str>) -> bool {
    use english::{ItemUse, item_use};
    let w = w.to_lowercase();
    if w.contains(' ') || !w.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
        return false;
    }
    let (mut named, mut bare) = (false, 0);
    for lower in sentences {
        let words: Vec<&str> = lower
            .split_whitespace()
            .map(|t| t.trim_matches(|c: char| "\"'“”‘’`()".contains(c)))
            .collect();
        for (i, t) in words.iter().enumerate() {
            let (word, closed) = match t.strip_suffix(['.', ',', ';', ':', '!', '?']) {
                Some(bare_word) => (bare_word, true),
                None => (*t, false),
            };
            if word != w || i == 0 {
                continue;
            }
            let next = words
                .get(i + 1)
                .filter(|_| !closed)
                .map(|n| n.trim_end_matches(['.', ',', ';', ':']));
            match item_use(i.checked_sub(2).map(|j| words[j]), words[i - 1], next) {
                Some(ItemUse::Named) => named = true,
                Some(ItemUse::Bare) => bare += 1,
                None => {}
            }
        }
    }
    named && bare >= 2
}

/// Whether a term is an Internet host name: labels of lower-case letters, digits and hyphens
/// joined by dots, ending in a top-level domain that no file name ends in ("qa.debian.org",
/// "www.kernel.org", "example.com"; not "setup.py", "doc.pdf", "package.info", "Makefile.in").
fn host_name(text: &str) -> bool {
    const DOMAINS: &[&str] = &[
        "org", "com", "net", "edu", "gov", "io", "de", "fr", "jp", "cn", "uk", "eu", "ch", "nl",
        "se", "ru", "au", "ca", "tw", "hk", "br", "kr", "nz", "cz", "dk", "fi",
    ];
    let labels: Vec<&str> = text.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && l.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        && labels.last().is_some_and(|tld| DOMAINS.contains(tld))
}

/// Whether an English title is one adverb in -ly: a long word that ends as adverbs are made
/// ("unquestionably", "specifically", "accordingly") or a common word whose stem is a common
/// word too ("only", "early"); not a name that ends so ("Lily", "Emily", "Italy", "Sally").
fn english_adverb(text: &str) -> bool {
    let w = text.trim().to_lowercase();
    if w.contains(|c: char| !c.is_ascii_lowercase()) || !w.ends_with("ly") || w.len() < 4 {
        return false;
    }
    let made = [
        "ably", "ibly", "ally", "edly", "ingly", "ously", "ively", "fully", "ently",
    ]
    .iter()
    .any(|e| w.ends_with(e));
    // (a long word made so; a short one only as a common word of a common stem, not "Sally")
    made && w.len() >= 8
        || background::en_is_common(&w) && background::en_is_common(&w[..w.len() - 2])
}

/// Whether a title names a key of the keyboard as manuals write it ("Alt", "Ctrl", "ESC",
/// "PgUp", "F10", "Function Key 1"): capitalised or in capitals, never in lower case, which
/// is a word or a command ("shift", "return", "tab").
fn keyboard_key(text: &str) -> bool {
    const KEYS: &[&str] = &[
        "alt",
        "altgr",
        "ctrl",
        "esc",
        "tab",
        "shift",
        "enter",
        "return",
        "ret",
        "backspace",
        "del",
        "delete",
        "ins",
        "insert",
        "pgup",
        "pgdn",
        "pageup",
        "pagedown",
        "page up",
        "page down",
        "capslock",
        "caps lock",
        "numlock",
        "num lock",
        "scroll lock",
        "sysrq",
        "prtsc",
        "print screen",
        "fn",
        "meta",
        "super",
        "cmd",
        "spacebar",
        "spc",
        "lfd",
        "rubout",
        "function key",
    ];
    let t = text.trim();
    if !t.starts_with(|c: char| c.is_ascii_uppercase()) {
        return false;
    }
    // (a function key, "F1" to "F24", "Function Key 12")
    let base = t.trim_end_matches(|c: char| c.is_ascii_digit()).trim_end();
    let numbered = base.len() < t.len();
    if numbered && (base == "F" || base.eq_ignore_ascii_case("function key")) {
        return true;
    }
    !numbered && KEYS.contains(&t.to_ascii_lowercase().as_str())
}

/// Whether a sentence speaks of keys of the keyboard ("press", "key", "Ctrl-C", "Alt-F2").
fn speaks_of_keys(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    [
        "key", "press", "keyboard", "ctrl-", "ctrl+", "alt-", "alt+", "shift-", "shift+",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Whether `name` stands in `sentence` as an argument of a command or a part of a path:
/// after a slash ("/usr/share/doc/package_name") or after an option ("dpkg -L
/// package_name").
fn as_argument(sentence: &str, name: &str) -> bool {
    sentence.match_indices(name).any(|(at, _)| {
        let before = &sentence[..at];
        before.ends_with('/')
            || before.strip_suffix(' ').is_some_and(|b| {
                b.rsplit(' ').next().is_some_and(|w| {
                    w.len() >= 2
                        && w.starts_with('-')
                        && w[1..]
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-')
                })
            })
    })
}

/// Whether an identifier is a placeholder that stands for what a reader types: ordinary
/// words joined by underscores, the last a generic head ("package_name", "file_name",
/// "your_dir"); not a field or a variable a text defines ("upstream_version", which the
/// caller keeps where it is defined).
fn placeholder(text: &str) -> bool {
    const HEADS: &[&str] = &[
        "name",
        "file",
        "filename",
        "dir",
        "directory",
        "path",
        "here",
        "string",
        "value",
        "number",
        "id",
        "text",
        "word",
        "host",
        "user",
        "address",
    ];
    let parts: Vec<&str> = text.split('_').collect();
    parts.len() >= 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase()))
        && parts.last().is_some_and(|h| HEADS.contains(h))
        && parts.iter().all(|p| background::en_is_common(p))
}

/// Whether an English title is the adjective of a language or a nation ("English",
/// "French", "American"; `data/en-languages.txt`).
fn language_adjective(text: &str) -> bool {
    static WORDS: std::sync::OnceLock<std::collections::HashSet<&'static str>> =
        std::sync::OnceLock::new();
    WORDS
        .get_or_init(|| {
            include_str!("data/en-languages.txt")
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .collect()
        })
        .contains(text.trim())
}

/// Whether an English title is a verb in the inflections of older English, second or third
/// person ("dwelleth", "cometh", "knowest", "givest"): a word in -eth or -est whose stem, or
/// the stem with its "e" back, is a common word of four letters or more, and that is no
/// common word itself. Not "teeth", "forest", "interest", "tempest", nor "Nazareth" (a name).
fn archaic_verb(text: &str) -> bool {
    let w = text.trim();
    // (no common word of today's English: "interest", "forest", "priest" are words of their
    // own)
    if w.contains(|c: char| !c.is_ascii_lowercase()) || background::en_is_common(w) {
        return false;
    }
    let Some(stem) = w.strip_suffix("eth").or_else(|| w.strip_suffix("est")) else {
        return false;
    };
    // (a doubled consonant before the ending: "dwell-eth" is "dwell", "sitt-eth" is "sit")
    let undoubled = stem
        .as_bytes()
        .windows(2)
        .last()
        .filter(|p| p[0] == p[1] && !b"aeiou".contains(&p[0]))
        .map(|_| &stem[..stem.len() - 1]);
    let common = |s: &str| s.len() >= 4 && background::en_is_common(s);
    // (the "e" comes back only where the stem is no word itself: "giv-est" is "give", but
    // "for-est" is no "fore")
    common(stem)
        || !background::en_is_common(stem) && common(&format!("{stem}e"))
        || undoubled.is_some_and(|u| u.len() >= 3 && background::en_is_common(u))
}

/// The lookup key of a text: lower-cased for English, as is for Chinese.
fn key(s: &str, lang: Lang) -> String {
    let t = s.trim();
    match lang {
        // a command-line option keeps its case: `set -e` and `set -E` are two items
        Lang::En if t.split_whitespace().any(is_option_prefixed) => fold_name(t),
        Lang::En => t.to_lowercase(),
        Lang::Zh => t.to_string(),
    }
}

/// A command-line option's word (`-e`, `--all`, `+o`): its case is part of its name.
fn is_option_prefixed(w: &str) -> bool {
    w.starts_with(['-', '+'])
}

/// A name as entries are matched by it: its words joined by single spaces and lower-cased,
/// except a command-line option's word (`tar -A` and `tar -a` are two options).
pub fn fold_name(s: &str) -> String {
    let mut joined = String::with_capacity(s.len());
    for w in s.split_whitespace() {
        if !joined.is_empty() {
            joined.push(' ');
        }
        if is_option_prefixed(w) {
            joined.push_str(w);
        } else if w.is_ascii() {
            // asked for every link and name of a grow: ASCII is lower-cased without a lookup
            let at = joined.len();
            joined.push_str(w);
            joined[at..].make_ascii_lowercase();
        } else {
            joined.push_str(&w.to_lowercase());
        }
    }
    joined
}

/// Whether `sentence` opens with a release's product and version and then its name, as a
/// list of releases gives each ("Debian 6.0 Squeeze (February 2011): …", "Debian 2.2
/// (Potato) was released …"): `versions` are the release's other names, "Debian 6.0"
/// (a product's name and a number, as [`english`] finds them).
fn opens_as_release(sentence: &str, name: &str, versions: &[String]) -> bool {
    let s = sentence.trim_start();
    versions.iter().any(|v| {
        v.split_once(' ')
            .is_some_and(|(_, n)| n.starts_with(|c: char| c.is_ascii_digit()) && !n.contains(' '))
            && s.strip_prefix(v.as_str()).is_some_and(|rest| {
                let rest = rest.strip_prefix(' ').unwrap_or("");
                let rest = rest.strip_prefix('(').unwrap_or(rest);
                rest.strip_prefix(name)
                    .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric()))
            })
    })
}

/// How strongly `sentence` reads as a definition of `term`; None if not at all.
///
/// `key` is the sentence as the haystack holds it (lower-cased for English). What counts,
/// strongest first: a definition ("X is a …", "X refers to …", "所谓X", "X者，…也"), an
/// expansion ("Distinguished Encoding Rules (DER)"), an apposition ("David the son of Jesse",
/// "X, a …", "孟子，鄒人也", "X，字Y"), a manual's description line ("cp - copy files",
/// "X: …"), and a sentence with X as its subject and a verb that says what it does ("dpkg
/// installs …", "X 用于 …"). Anything else — X in passing — defines nothing.
pub(crate) fn definition_score(sentence: &str, key: &str, term: &str, lang: Lang) -> Option<f32> {
    if term.trim().is_empty() {
        return None;
    }
    let len_penalty = (sentence.chars().count() as f32 / 400.0).min(0.5);
    let score = match lang {
        // (a sentence that opens with a case, "If …, use the Build-Depends field", "When …,
        // the list … is executed", tells what happens then, not what X is: only a naming or
        // an expansion in it still counts; a description the book gives X itself, "X: If
        // set, …" in a list of variables, is weighed apart, in `definitions`)
        // (but a clause of time whose subject is X, with a main clause that goes on about
        // it, says what X does: "When dpkg-source extracts …, it applies …")
        Lang::En if en_case_clause(sentence) => english_definition(sentence, key, term)
            .filter(|&s| s >= 0.7 || time_clause_subject(key, &term.to_lowercase())),
        // (a sentence that announces what follows it, "The Technical Committee uses the
        // following process to prepare a resolution for vote:", "Example using a relative
        // path on POSIX:", says what comes next, not what X is: only an expansion in it still
        // counts; "doc-debian contains lots of useful documentation:" still says what it is)
        Lang::En if en_announces(key) => None,
        Lang::En => english_definition(sentence, key, term),
        Lang::Zh => chinese_definition(sentence, term),
    };
    let score = if expanded_before(sentence, term) {
        score.map_or(1.0, |s| s.max(1.0))
    } else {
        score?
    };
    Some(score - len_penalty)
}

/// Whether the words after a plural's "which are" name the class it belongs to, a plural noun
/// phrase without an article: "binary packages, which are ordinary installable package files
/// in .deb format" (not a participle or an adverb: "which are created by …", "which are
/// often …").
fn plural_class(rest: &str) -> bool {
    const ENDS: &[&str] = &[
        "in", "of", "for", "that", "which", "with", "from", "on", "to", "used", "and", "or",
    ];
    const NOT_CLASS: &[&str] = &[
        "not",
        "also",
        "all",
        "both",
        "still",
        "then",
        "now",
        "very",
        "often",
        "sometimes",
        "always",
        "never",
        "thus",
        "less",
        "more",
    ];
    // (the phrase: up to a preposition or a conjunction, or the word a comma or stop ends)
    let mut phrase = Vec::new();
    for w in rest.split_whitespace() {
        if ENDS.contains(&w) {
            break;
        }
        let bare = w.trim_end_matches([',', ';', '.', ')']);
        phrase.push(bare);
        if bare.len() < w.len() {
            break;
        }
    }
    let Some(head) = phrase.last() else {
        return false;
    };
    phrase.len() <= 5
        && phrase
            .iter()
            .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        && !phrase
            .iter()
            .any(|w| w.ends_with("ed") || w.ends_with("ly") || w.ends_with("ing"))
        && !NOT_CLASS.contains(&phrase[0])
        && head.len() > 3
        && head.ends_with('s')
        && !head.ends_with("ss")
}

/// Words that open a clause of condition or time ("If …,", "When …,", "Once …,"). Not a
/// concession ("Although it is unset by default, the X variable is …"): what the main clause
/// says holds whatever the clause grants.
const EN_CASE_OPENERS: &[&str] = &["if", "when", "whenever", "unless", "once", "while"];

/// Whether an English sentence (past a list item's mark) opens with a clause of condition or
/// time that a comma closes: "If you are not sure which one should be used, use …".
pub(crate) fn en_case_clause(sentence: &str) -> bool {
    let t = sentence
        .trim_start()
        .trim_start_matches(|c: char| LIST_MARKS.contains(c))
        .trim_start();
    // (asked of every sentence a definition is sought in: no allocation, the comma first)
    let first = t
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphabetic());
    t.contains(", ")
        && EN_CASE_OPENERS
            .iter()
            .any(|o| first.eq_ignore_ascii_case(o))
}

/// Whether the sentence spells out the acronym `term` in the words right before it in
/// brackets, in either language and past a translation between them: "Debian Free Software
/// Guidelines （Debian 自由软件准则） (DFSG …", "Advanced Packaging Tool (APT)".
fn expanded_before(sentence: &str, term: &str) -> bool {
    let n = term.chars().count();
    if !(2..=8).contains(&n)
        || !term.chars().all(|c| c.is_ascii_alphanumeric())
        || term.chars().filter(|c| c.is_ascii_uppercase()).count() < 2
    {
        return false;
    }
    sentence.match_indices(term).any(|(at, _)| {
        let after_ok = sentence[at + term.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
        let Some(head) = sentence[..at].strip_suffix(['(', '（']).map(str::trim_end) else {
            return false;
        };
        // (past one bracketed translation or gloss: "… Guidelines （Debian 自由软件准则）")
        let head = match head.strip_suffix([')', '）']) {
            Some(inner) => match inner.rfind(['(', '（']) {
                Some(open) => inner[..open].trim_end(),
                None => return false,
            },
            None => head,
        };
        // (the Latin words that end the head, in their order)
        let mut words: Vec<&str> = head
            .split_whitespace()
            .rev()
            .take_while(|w| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
            .collect();
        words.reverse();
        // (the expansion may hold short words the acronym skips: "Free Software Guidelines")
        after_ok
            && (n..=n + 2)
                .any(|k| words.len() >= k && expands(term, &words[words.len() - k..].join(" ")))
    })
}

/// Whether the opening sentence of a section headed by `name` is about it: it names it (or
/// the last part of its path), points at it ("This file contains …", "该命令…", "It …"), or,
/// in English, says what it does ("Creates a …") or what it is ("A true/false choice.",
/// "Simple field containing …", "The name and email address of the person who …"). A Chinese
/// opening must name or point: words apart, as in "lintian 软件包能找到 Debian 软件包中的缺陷。",
/// are no sign of what it is about. An English sentence with a subject and a verb of its own
/// that names none of these is about its own subject: "Packaging of a library is not easy for
/// a novice maintainer" (opening "5.19. package.symbols"), "Manual pages are normally written
/// in nroff(1)." (`en_own_clause`).
fn opens_on_its_item(text: &str, name: &str, lang: Lang) -> bool {
    let text = text.trim_start_matches(|c: char| c.is_whitespace() || "*-•".contains(c));
    let lower = text.to_lowercase();
    let name = name.to_lowercase();
    let file = name.rsplit('/').find(|p| !p.is_empty()).unwrap_or(&name);
    const POINTERS: &[&str] = &[
        "this ", "these ", "it ", "its ", "they ", "该", "此", "这", "這", "它", "本",
    ];
    lower.contains(&name)
        || file.chars().count() >= 2 && lower.contains(file)
        || POINTERS.iter().any(|p| lower.starts_with(p))
        || lang == Lang::En
            && (reference::says_what_it_does(text)
                || ["a ", "an ", "simple ", "folded ", "multiline "]
                    .iter()
                    .any(|p| lower.starts_with(p)))
        || lang == Lang::En && says_what_it_is(text, lang) && !en_own_clause(text)
}

/// Whether a sentence of a section named after one thing says what that thing does: it
/// opens with the verb ("Creates a …") or points at the thing by its kind ("This directory
/// contains …", "This file specifies …"); not "This solves issues …" nor "This data includes
/// …", whose "this" is what the sentence before said, nor "This section describes …".
fn says_what_its_item_does(sentence: &str) -> bool {
    const KINDS: &[&str] = &[
        "file",
        "directory",
        "hierarchy",
        "script",
        "program",
        "command",
        "tool",
        "field",
        "variable",
        "option",
        "package",
        "library",
        "function",
        "macro",
        "target",
        "setting",
    ];
    let mut words = sentence
        .trim_start_matches(|c: char| c.is_whitespace() || "*-•".contains(c))
        .split_whitespace();
    reference::says_what_it_does(sentence)
        && match (words.next(), words.next()) {
            (Some("This"), Some(kind)) => KINDS.contains(&kind),
            _ => true,
        }
}

/// Whether an English sentence is a clause about a subject of its own: a finite verb (a form
/// of be or have, a modal, do) stands before any word that opens a relative or subordinate
/// clause, and nothing before it points back ("Value of this field should be …" is about the
/// field). "Packaging of a library is not easy" is one; "The name and email address of the
/// person who is responsible for …" is a noun phrase that describes (its verb is the
/// relative clause's).
fn en_own_clause(sentence: &str) -> bool {
    const FINITE: &[&str] = &[
        "is", "are", "was", "were", "has", "have", "had", "can", "could", "should", "must", "will",
        "would", "may", "might", "shall", "does", "do", "did", "isn't", "aren't", "can't", "won't",
        "doesn't", "don't",
    ];
    const OPENERS: &[&str] = &[
        "who", "whom", "whose", "which", "that", "where", "when", "if", "because", "whether",
        "unless", "while", "as", "to", "except", "but", "than", "though", "although",
    ];
    for w in sentence.split_whitespace() {
        let w = w
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_lowercase();
        if OPENERS.contains(&w.as_str()) || ["this", "its", "these"].contains(&w.as_str()) {
            return false;
        }
        if FINITE.contains(&w.as_str()) {
            return true;
        }
    }
    false
}

/// Whether the opening sentence of a section may stand as the definition of the section's
/// subject: a statement ("The name and email address of the person who …"), not a question, a
/// caption ("Table 2.17: …"), an instruction ("Click …", "Create …") or an announcement of
/// what follows ("For postfix, the following steps are needed.").
fn says_what_it_is(sentence: &str, lang: Lang) -> bool {
    let t = sentence.trim();
    if t.ends_with(['?', '？', ':', '：']) {
        return false;
    }
    match lang {
        Lang::En => {
            let words: Vec<String> = t
                .split_whitespace()
                .map(|w| {
                    w.trim_matches(|c: char| !c.is_alphanumeric())
                        .to_lowercase()
                })
                .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
                .collect();
            let lower = t.to_lowercase();
            let end = lower.trim_end_matches(['.', ' ']);
            words.len() >= 4
                && !["table", "figure", "example", "listing"].contains(&words[0].as_str())
                && !EN_IMPERATIVES.contains(&words[0].as_str())
                && !end.ends_with("the following")
                && !end.ends_with("as follows")
                && !lower.contains("the following")
        }
        // (a Chinese section's opening line counts only where it has words apart, as a
        // manual's "cp - 复制文件" has: the plain sentences of Chinese prose are weighed by
        // `definition_score` instead)
        Lang::Zh => t.split_whitespace().count() >= 4 && not_a_caption(t) && !t.contains("如下"),
    }
}

/// Whether an English sentence says what a listed item is for, as a list of options does:
/// "Use this for packages that are not strictly necessary …", "Use this if your program …"
/// (an instruction to use it, with the case it serves); not a pointer elsewhere.
fn describes_use(sentence: &str) -> bool {
    let t = sentence.trim();
    [
        "Use this for ",
        "Use this if ",
        "Use this when ",
        "Use it for ",
        "Use it if ",
    ]
    .iter()
    .any(|p| t.starts_with(p))
        && t.split_whitespace().count() >= 6
        && t.ends_with('.')
}

/// Whether the sentence a description list gives a name says what the name is: as
/// [`says_what_it_is`], or in Chinese a statement of Chinese words, which a manual's list of
/// environment variables gives without words apart (`GREP_COLOR` / "指定用来高亮显示的标记。").
fn describes_listed_name(sentence: &str, lang: Lang) -> bool {
    let t = sentence.trim();
    says_what_it_is(t, lang)
        || lang == Lang::Zh
            && t.chars().filter(|c| chinese::is_cjk(*c)).count() >= 6
            && t.ends_with(['。', '；'])
            && not_a_caption(t)
            && !t.contains("如下")
            && !t.contains("下列")
            // (not a pointer elsewhere: "参见 passwd(5) 了解详细信息。")
            && !["参见", "详见", "参阅", "見", "见"].iter().any(|p| t.starts_with(p))
            && !reference::is_bare_pointer(t)
}

/// Whether `s` holds a brace alternation set as a word of its own: " {a,an,the} ".
fn alternation_of_words(s: &str) -> bool {
    s.match_indices(" {").any(|(at, _)| {
        let inner = &s[at + 2..];
        inner.find('}').is_some_and(|close| {
            inner[..close].contains(',')
                && !inner[..close].contains(' ')
                && inner[close + 1..].starts_with([' ', '.', ',', ';'])
        })
    })
}

/// Whether a sentence is said to the reader, its subject "you" or "we" ("You may wish to use
/// …", "We recommend …", "你可以…", "我们建议…"): it says what to do with a thing, not what
/// the thing is.
fn addresses_reader(sentence: &str) -> bool {
    let t = sentence.trim_start();
    ["you", "we"].contains(&first_word(t).as_str())
        || ["你", "您", "我们", "我們"]
            .iter()
            .any(|p| t.starts_with(p))
}

/// Whether a Chinese sentence is a statement about `name`: it names it near its start, ends a
/// clause, has words enough, and neither asks, announces what follows ("如下", "以下") nor
/// captions a table or figure.
fn zh_statement_about(sentence: &str, name: &str) -> bool {
    let t = sentence.trim();
    let cjk = t.chars().filter(|c| chinese::is_cjk(*c)).count();
    // (the name near the start, as the subject: not "reportbug 命令用于提交…的错误报告";
    // or after a short modifier that opens the sentence, "类Unix系统的文件系统权限被定义给
    // 三类受影响的用户。", not a clause of condition, "如果你的…")
    t.find(name).is_some_and(|at| {
        let before = &t[..at];
        before.chars().count() <= 2
            || before.ends_with('的')
                && before.chars().count() <= 12
                && !before.contains(['，', '；', '：', ',', ';', ':', '我', '你', '您'])
                && !["如果", "假如", "若", "当", "當", "因为", "因為"]
                    .iter()
                    .any(|c| before.starts_with(c) && !before.starts_with("当前"))
    }) && t.ends_with(['。', '；', '.'])
        && cjk >= 8
        && !ZH_ANNOUNCING.iter().any(|w| t.contains(w))
        && !leaves_out(t)
        && not_a_caption(t)
}

/// Whether a Chinese sentence says what the book leaves out ("通用的网络优化超出了本文的
/// 范围。", "…不在本书讨论范围之内"): the book named as 本文 or 本书 (not inside a word,
/// 文本文件, 版本文件) and its scope exceeded.
fn leaves_out(t: &str) -> bool {
    let names_book = ["本文", "本书", "本書", "本手册", "本手冊"]
        .iter()
        .any(|w| {
            t.match_indices(w).any(|(at, _)| {
                !t[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| chinese::is_cjk(c) && !"在出于於了的过過超".contains(c))
            })
        });
    names_book
        && ["超出", "超过", "超過", "不在", "之外", "以外"]
            .iter()
            .any(|w| t.contains(w))
}

/// Not a caption ("表 2.1 …", "图 3 …", "例 4 …").
fn not_a_caption(t: &str) -> bool {
    !["表", "图", "圖", "例"].iter().any(|p| {
        t.strip_prefix(p)
            .is_some_and(|r| r.trim_start().starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// Whether a lower-cased English sentence announces what follows it: it ends in a colon and
/// points ahead ("the following process …:", "as follows:", "listed below:", "Example using
/// …:").
fn en_announces(key: &str) -> bool {
    const POINTING: &[&str] = &[
        "following",
        "as follows",
        "below",
        "these:",
        "this:",
        "example",
        "for instance",
    ];
    key.trim_end().ends_with(':') && POINTING.iter().any(|p| key.contains(p))
}

/// Words of a sentence that announces what follows ("通过下列方式", "包含四个步骤").
const ZH_ANNOUNCING: &[&str] = &["如下", "以下", "下列", "下面", "步骤", "步驟"];

/// Connectives that open a clause of modern Chinese and set it beside or against the one
/// before; the subject follows them ("而原生 Debian 软件包是…", "此外，…", "但 X 是…").
const ZH_CLAUSE_CONNECTIVES: &[&str] = &[
    "而",
    "但",
    "但是",
    "然而",
    "不过",
    "不過",
    "另外",
    "此外",
    "同时",
    "同時",
    "其中",
    "相反",
    "反之",
    "因此",
    "而且",
    "并且",
    "並且",
    "另一方面",
];

/// Verbs that open an instruction rather than a statement ("运行 uscan 命令以下载…").
const ZH_IMPERATIVES: &[&str] = &[
    "运行", "運行", "使用", "执行", "執行", "请", "請", "点击", "點擊", "输入", "輸入", "键入",
    "鍵入", "安装", "安裝", "参见", "參見", "参考", "參考",
];

/// Whether a Chinese sentence opens with an instruction ("运行 …", "请 …").
pub(crate) fn zh_imperative(sentence: &str) -> bool {
    ZH_IMPERATIVES.iter().any(|v| sentence.starts_with(v))
}

/// Whether an English sentence opens with an instruction ("Click …", "Run …").
pub(crate) fn en_imperative(sentence: &str) -> bool {
    EN_IMPERATIVES.contains(&first_word(sentence).as_str())
}

/// The first word of a sentence, lower-cased, without the marks around it ("“Run" → "run").
pub(crate) fn first_word(sentence: &str) -> String {
    sentence
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphabetic())
        .to_lowercase()
}

/// Verbs that open an instruction rather than a statement ("Click …", "Run …").
const EN_IMPERATIVES: &[&str] = &[
    "click", "create", "use", "run", "see", "type", "select", "press", "open", "add", "install",
    "edit", "make", "note", "check", "read", "go", "enter", "choose", "let's", "do", "don't",
    "try", "copy", "remove", "change", "put", "set", "please", "consider", "start", "save",
];

/// Nouns that may stand between a subject term and its verb ("the `cp` command copies").
const EN_HEADS: &[&str] = &[
    "command",
    "program",
    "file",
    "files",
    "package",
    "packages",
    "option",
    "function",
    "method",
    "field",
    "tool",
    "utility",
    "script",
    "directory",
    "variable",
    "class",
    "module",
    "event",
    "property",
    "macro",
    "builtin",
    "keyword",
    "format",
    "section",
    "flag",
    "target",
    "parameter",
    "daemon",
    "service",
    "library",
    "protocol",
    "system",
    "object",
];

/// Heads of [`EN_HEADS`]' kind that a plain word before them only modifies ("the hardware
/// driver", "the main archive"): they name the kind of a coined name alone ("The /usr/share
/// hierarchy is for …", "The ftp-master.debian.org server holds …").
const EN_CODED_HEADS: &[&str] = &[
    "hierarchy",
    "team",
    "suite",
    "distribution",
    "queue",
    "server",
    "archive",
    "repository",
    "driver",
    "interface",
];

/// Whether the words after a comma, up to the next one, hold a finite verb: a clause ("the
/// same fate may be thine", after a name called out), not a noun phrase in apposition ("the
/// brother of Moses"). The callers ask it only of a name that a comma sets off before it too
/// ("Yes, Ishmael, …"), where a clause is likelier than a reduced relative ("the tool every
/// maintainer should run").
fn runs_into_a_clause(after: &str) -> bool {
    const FINITE: &[&str] = &[
        "is", "are", "was", "were", "may", "might", "will", "would", "shall", "should", "can",
        "could", "must", "has", "have", "had", "do", "does", "did",
    ];
    // (a relative clause belongs to the noun phrase: "the tool that is used to …")
    after
        .split([',', ';', '.'])
        .next()
        .unwrap_or("")
        .split_whitespace()
        .take_while(|w| !["that", "which", "who", "whom", "whose", "where", "when"].contains(w))
        .any(|w| FINITE.contains(&w))
}

/// Verbs that say what a subject does ("dpkg installs", "The stream emits").
const EN_DESCRIBING: &[&str] = &[
    "provides",
    "contains",
    "specifies",
    "describes",
    "lists",
    "holds",
    "defines",
    "controls",
    "determines",
    "allows",
    "lets",
    "returns",
    "creates",
    "displays",
    "prints",
    "removes",
    "installs",
    "builds",
    "runs",
    "manages",
    "stores",
    "handles",
    "reads",
    "writes",
    "sets",
    "gives",
    "shows",
    "supports",
    "generates",
    "converts",
    "checks",
    "copies",
    "emits",
    "represents",
    "consists",
    "includes",
    "indicates",
    "implements",
    "performs",
    "produces",
    "executes",
    "accepts",
    "takes",
    "uses",
    "governs",
    "establishes",
    "reigned",
    "ruled",
    "founded",
    "led",
    "became",
    "was born",
    "served",
];

/// Participles after "is"/"are" that say how a subject is used or made ("is called after",
/// "are stored in").
const EN_PASSIVE_DESCRIBING: &[&str] = &[
    "called",
    "used",
    "run",
    "invoked",
    "executed",
    "installed",
    "stored",
    "kept",
    "generated",
    "created",
    "built",
    "distributed",
    "maintained",
    "written",
    "located",
    "read",
    "provided",
    "intended",
    "designed",
    "meant",
    "named",
    "based",
    "composed",
    "made",
    "placed",
    "shipped",
    "known",
];

/// Adverbs that may stand between a copula and the class it names ("is also a", "is
/// simply a").
const COPULA_ADVERBS: &[&str] = &[
    "also",
    "simply",
    "basically",
    "essentially",
    "just",
    "actually",
    "really",
    "usually",
    "normally",
    "typically",
    "generally",
    "often",
    "always",
    "merely",
    "itself",
];

/// Conjunctions that open a clause of time, whose subject may be the sentence's topic
/// ("When dpkg-source extracts …, it applies …").
const EN_CLAUSE_OF_TIME: &[&str] = &["when", "whenever", "once", "after", "before", "while"];

/// Sentence adverbs and conjunctions that may open a sentence before its subject.
const EN_OPENERS: &[&str] = &[
    "and", "but", "indeed", "then", "so", "now", "verily", "surely", "also", "thus", "however",
    "moreover", "finally", "today", "later", "o",
];

/// Participles that point to where a thing is said or asked for rather than say what the
/// agent does ("defined by the Policy Manual", "required by dpkg").
const EN_POINTING: &[&str] = &[
    "defined",
    "described",
    "specified",
    "required",
    "covered",
    "explained",
    "documented",
    "listed",
    "mentioned",
    "discussed",
    "given",
    "shown",
    "referenced",
    "determined",
    "affected",
    "replaced",
    "superseded",
    "caused",
];

/// Pronouns that may open a sentence as its subject, whose referent the sentence does not name.
const EN_PRONOUN_SUBJECTS: &[&str] = &[
    "it", "they", "this", "these", "that", "those", "he", "she", "we", "you", "i", "there",
];

/// Words that open a clause of concession, which a comma closes before the subject:
/// "Although it is unset by default, the X variable is the prefix of …".
const EN_CONCESSIVE: &[&str] = &["although", "though"];

/// Prepositions that open a phrase of time or place before a sentence's subject ("During
/// August 1995, X started …").
const EN_FRONTED: &[&str] = &[
    "in", "during", "on", "at", "after", "before", "since", "by", "from", "around", "until",
    "within", "between", "shortly", "soon", "early", "late", "later", "then", "today",
];

/// Whether `before`, the lower-cased words before a sentence's subject, is a date set before
/// it without a comma, as news and histories write it: "On July 18th Steve Greenland died
/// …", "In August 1995 Bruce Perens took over …", "On 9 May …". A preposition of time, then
/// at most four words of a date, one of them a number or a year.
fn fronted_date(before: &str) -> bool {
    // (asked of every sentence a definition is looked for in: no allocation, and a long
    // opening is no date)
    if before.len() > 40 {
        return false;
    }
    let mut words = before.split_whitespace();
    if !words
        .next()
        .is_some_and(|w| ["on", "in", "during", "by", "since", "until"].contains(&w))
    {
        return false;
    }
    let number = |w: &str| {
        let digits = ["st", "nd", "rd", "th"]
            .iter()
            .find_map(|o| w.strip_suffix(o))
            .unwrap_or(w);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    let (mut count, mut dated) = (0, false);
    for w in words {
        count += 1;
        if count > 4 {
            return false;
        }
        if number(w) {
            dated = true;
        } else if !(english::MONTHS.iter().any(|m| m.eq_ignore_ascii_case(w))
            || ["early", "late", "mid", "of"].contains(&w))
        {
            return false;
        }
    }
    dated
}

/// Words that open a phrase before a sentence's subject ("For a source package …, the …").
const EN_SUBORDINATORS: &[&str] = &[
    "for", "if", "when", "while", "after", "before", "since", "because", "although", "though",
    "unless", "until", "once", "in", "on", "with", "without", "by", "to", "from", "unlike", "like",
    "as", "under", "during", "instead",
];

/// Nouns of kinship: before a name ("his father Azar") and in a phrase of kinship ("the son
/// of X").
pub(super) const EN_KIN_NOUNS: &[&str] = &[
    "father", "mother", "son", "daughter", "wife", "husband", "brother", "sister", "uncle",
];

/// Offices and roles right before a name, beside the kin nouns ("the prophet Jonah", "King
/// Solomon").
const EN_OFFICES_BEFORE: &[&str] = &[
    "prophet",
    "king",
    "queen",
    "messenger",
    "servant",
    "founder",
    "leader",
    "author",
    "maintainer",
    "developer",
];

/// Kinship, office and origin after an apposition ("David the son of Jesse").
const EN_APPOSITION: &[&str] = &[
    "son of",
    "daughter of",
    "wife of",
    "husband of",
    "brother of",
    "sister of",
    "father of",
    "mother of",
    "king of",
    "queen of",
    "prince of",
    "lord of",
    "prophet",
    "servant of",
    "city of",
    "land of",
    "people of",
    "author of",
    "founder of",
    "leader of",
    "chief",
];

fn english_definition(sentence: &str, s: &str, term: &str) -> Option<f32> {
    let t = term.to_lowercase();
    // the first whole-word occurrence
    let pos = s.match_indices(&t).map(|(i, _)| i).find(|&i| {
        let before_ok = s[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after_ok = s[i + t.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
        before_ok && after_ok
    })?;
    let raw_after = &s[pos + t.len()..];
    // (markup around X is no word before it: "`cp`", "“X”", "<hotlink text>")
    let before = s[..pos].trim_end_matches(['`', '"', '\'', '“', '‘', '(', '*', '_', '<', ' ']);
    // X is the sentence's subject: nothing but an article before it, after a verse number
    // and a sentence adverb ("67 Abraham was …", "And indeed, Moses …").
    // ("in fact" opens a sentence; "In e-books, …" puts X in a phrase before the subject)
    // ("Note that X is …" states X's nature too; "(A top-level directory is …)" is an aside)
    let before_words = before.trim_start_matches('(');
    // (a list item's label before a dash opens a clause of its own: "* debian-policy - the
    // Debian Policy Manual includes …", the label at most three words)
    let before_words = [" - ", " – ", " — "]
        .iter()
        .find_map(|d| before_words.rsplit_once(d))
        .filter(|(label, _)| {
            label
                .split_whitespace()
                .filter(|w| !w.chars().all(|c| LIST_MARKS.contains(c)))
                .count()
                <= 3
        })
        .map_or(before_words, |(_, clause)| clause.trim_start());
    let before_words = ["in fact", "note that"]
        .iter()
        .find_map(|p| before_words.strip_prefix(p))
        .filter(|r| r.is_empty() || r.starts_with([',', ' ']))
        .unwrap_or(before_words);
    let opening = before_words
        .split(|c: char| c.is_whitespace() || ",;[]".contains(c))
        .filter(|w| !w.is_empty())
        .filter(|w| {
            !w.chars()
                .all(|c| c.is_ascii_digit() || c == ':' || c == '.')
        })
        .filter(|w| !EN_OPENERS.contains(w))
        // (a sentence adverb is no word of the subject: "Conversely, umount(8) detaches it";
        // nor is a list item's mark, "• D-bus creates …")
        .filter(|w| !sentence_adverb(w))
        .filter(|w| !w.chars().all(|c| LIST_MARKS.contains(c)))
        .collect::<Vec<_>>();
    // (a head noun may name X's kind before it: "The package cdbs offers …")
    // ("Every rules file, like any other Makefile, consists of …")
    let article = |w: &str| ["the", "a", "an", "every", "each"].contains(&w);
    // (or after a phrase of time or place set off by a comma: "During August 1995 (…),
    // Hartmut Koptein started …", "In 1993, Ian Murdock founded …"; not "For postfix, …",
    // where X is inside the phrase)
    // (or after a colon that ends a clause: "It is split into two parts: binary-arch builds
    // …"; not after a clause of condition, "If you have fakeroot installed, dpkg-buildpackage
    // will use it", which tells a case, not what X is)
    let unarticled = before
        .strip_suffix(" the")
        .or_else(|| before.strip_suffix(" a"))
        .unwrap_or(before);
    // (a phrase of a case is a condition too: "In this case, dpkg-source renames the
    // temporary directory …", "In such cases, …", "For example, …")
    let of_a_case = || {
        before.split(|c: char| !c.is_alphanumeric()).any(|w| {
            [
                "case",
                "cases",
                "situation",
                "example",
                "instance",
                "event",
                "scenario",
            ]
            .contains(&w)
        })
    };
    let fronted = unarticled.ends_with(',')
        && before
            .split_whitespace()
            .next()
            .is_some_and(|w| EN_FRONTED.contains(&w) || EN_CONCESSIVE.contains(&w))
        && !of_a_case()
        || unarticled.ends_with(':') && unarticled.split_whitespace().count() >= 3
        || fronted_date(before);
    // (or one of names joined as the subject: "Manuel Estrada Sainz (ranty) and Andrés García
    // Solier (ErConde) were killed …")
    let same = s.len() == sentence.len();
    let joined = same && joined_names_before(&sentence[..pos]);
    // (or the subject of a clause of time whose main clause goes on about it: "When
    // dpkg-source extracts a source package …, it automatically applies all patches …"; it
    // says what X does, the weakest of leads; not "If you run X, you …", where X is no
    // subject)
    let clause_subject = same && time_clause_subject(s, &t);
    let subject = fronted
        || joined
        || clause_subject
        || match opening.as_slice() {
            [] => true,
            [w] => article(w) || EN_HEADS.contains(w),
            [a, h] => article(a) && EN_HEADS.contains(h),
            _ => false,
        };
    let mut score: f32 = 0.0;
    // "his father Azar", "the prophet Jonah", "King Solomon": a relation or office names X
    // (set off by a comma too: "Ian Murdock, and his wife, Debra")
    let kin_before = before.strip_suffix(',').unwrap_or(before);
    if EN_KIN_NOUNS.iter().chain(EN_OFFICES_BEFORE).any(|k| {
        let before = kin_before;
        before.ends_with(k)
            && before[..before.len() - k.len()]
                .trim_end()
                .rsplit(' ')
                .next()
                .is_some_and(|w| {
                    [
                        "his", "her", "their", "the", "its", "whose", "our", "your", "my",
                    ]
                    .contains(&w)
                })
    }) {
        score = score.max(0.7);
    }
    // Who a person is, right after the name, wherever the sentence names it: "Newton, the
    // natural scientist, is …", "Coulomb, a Frenchman, proved …", "Fermat (born 1601 a.d.,
    // and died 1665 a.d.), a distinguished Frenchman"; or just before it, "the poet Pindar",
    // "an Indian mathematician, Bhaskara"
    if same && english::says_who_after(&sentence[pos + t.len()..]) {
        score = score.max(0.75);
    }
    {
        let words: Vec<&str> = kin_before.split_whitespace().rev().take(5).collect();
        if words
            .first()
            .is_some_and(|w| english::calling_before_a_name(w))
            && words[1..]
                .iter()
                .any(|w| ["a", "an", "the", "his", "her"].contains(w))
        {
            score = score.max(0.7);
        }
    }
    // "Call me Ishmael.", "My name is Ishmael": the speaker names themself (the sentence, or
    // the quotation it opens, starts so)
    {
        let opening = before.trim_start_matches(|c: char| !c.is_alphanumeric());
        if ["call me", "my name is", "my name's"].contains(&opening) {
            score = score.max(0.7);
        }
    }
    // "a boy whose name will be John", "a man whose name was Heinrich"
    if ["whose name is", "whose name was", "whose name will be"]
        .iter()
        .any(|p| before.ends_with(p))
    {
        score = score.max(0.7);
    }
    // "called X", "known as X", "named X"
    // (a naming "called": "is called X", "a tool called X", "the so-called X", "a boy named
    // X"; not "your Lord called Moses")
    // (an article may come between: "is called a tarball")
    let named_before = ["a", "an", "the"]
        .iter()
        .find_map(|a| before.strip_suffix(a).filter(|h| h.ends_with(' ')))
        .map_or(before, str::trim_end);
    for (pat, w) in [
        ("called", 0.7),
        ("known as", 0.8),
        ("referred to as", 0.7),
        ("termed", 0.7),
        ("named", 0.7),
        // (a code name is given only so: "is currently codenamed Bookworm", "(codenamed sid,
        // after …)")
        ("codenamed", 0.7),
        ("code-named", 0.7),
    ] {
        if let Some(head) = named_before.strip_suffix(pat) {
            let words: Vec<&str> = head.split_whitespace().rev().take(3).collect();
            let copula_or_adverb = |w: &&str| {
                [
                    "is", "are", "was", "were", "be", "been", "also", "often", "usually", "so",
                    "so-",
                ]
                .contains(w)
            };
            let naming = pat == "known as"
                || pat.starts_with("code")
                || pat == "referred to as"
                || words.first().is_some_and(copula_or_adverb)
                || words.iter().skip(1).any(|w| ["a", "an"].contains(w));
            // (what is named must be said, not pointed at: "A compressed archive of the
            // source is called a tarball", not "This is called uscan." nor "The tool is known
            // as lintian.", whose subject is in another sentence)
            // (the copula, after an adverb or not: "is called", "are also called"; not
            // "X, also known as Y", which names X)
            let copula = |w: &&str| ["is", "are", "was", "were", "be", "been"].contains(w);
            let after_copula = words.first().is_some_and(copula)
                || words.first().is_some_and(copula_or_adverb) && words.get(1).is_some_and(copula);
            // (a clause after another points back at it: "The scripts that update testing
            // are run twice a day; these scripts are called britney.")
            let (earlier, clause) = head
                .trim_end()
                .rsplit_once(|c: char| ",;:".contains(c))
                .unwrap_or(("", head));
            let subject = clause
                .split_whitespace()
                .take_while(|w| !copula(w))
                .collect::<Vec<_>>();
            let pointed = after_copula
                && earlier.split_whitespace().count() < 3
                && (subject.len() < 3
                    || subject[0] == "such"
                    || EN_PRONOUN_SUBJECTS.contains(&subject[0]));
            if naming && !pointed {
                score = score.max(w);
            }
        }
    }
    // Expansion: "Distinguished Encoding Rules (DER)" or "DER (Distinguished Encoding Rules)".
    // (offsets of the lower-cased key are the sentence's only when lower-casing kept lengths)
    // the text in brackets right after X, as the sentence writes it
    let bracketed = same
        .then(|| {
            let inner = raw_after
                .strip_prefix(" (")
                .or_else(|| raw_after.strip_prefix('('))?;
            let close = inner.find(')')?;
            sentence.get(sentence.len() - inner.len()..)?.get(..close)
        })
        .flatten();
    if bracketed.is_some_and(|gloss| expands(term, gloss) || expands(gloss, term)) {
        score = score.max(1.0);
    }
    if same && s[..pos].ends_with('(') && raw_after.starts_with(')') {
        let words: Vec<&str> = sentence[..pos - 1].split_whitespace().collect();
        let n = term.chars().count();
        // (the expansion may hold short words the acronym skips: "Free Software Guidelines")
        if (n..=n + 2)
            .any(|k| words.len() >= k && expands(term, &words[words.len() - k..].join(" ")))
        {
            score = score.max(1.0);
        }
    }
    if subject {
        let mut after =
            raw_after.trim_start_matches(['`', '"', '\'', '”', '’', ')', '*', '_', '>']);
        // (a manual section after a command's name: "The uupdate(1) command …")
        let sectioned = skip_manual_section(after);
        // (a name with a manual section is a program's or a function's: "dh_shlibdeps(1)
        // calculates …")
        let program = sectioned.len() < after.len();
        after = sectioned;
        // (and a nickname or handle in brackets: "Steve Greenland (stevegr) died …")
        if let Some(inner) = after.strip_prefix(" (")
            && let Some(close) = inner.find(')')
            && close <= 30
            && !inner[..close].contains(' ')
        {
            after = &inner[close + 1..];
        }
        // (and the names joined to it: "Michael Neuffer and Shimon Shapiro, founders of
        // i-Connect.Net, hosted master …")
        if same && let Some(rest) = joined_names_after(&sentence[sentence.len() - after.len()..]) {
            after = &after[after.len() - rest.len()..];
        }
        // "the `cp` command copies …": a head noun between the term and its verb (not after a
        // capitalised word, which is then a modifier: "Debian files are …")
        let capitalised = {
            let mut cs = term.chars();
            cs.next().is_some_and(char::is_uppercase) && cs.all(char::is_lowercase)
        };
        let mut headed = false;
        // (the coded heads only after a coined name, looked up only where one follows)
        let coined = || !t.chars().all(char::is_alphabetic) || !background::en_is_common(&t);
        if let Some(head) = EN_HEADS
            .iter()
            .chain(EN_CODED_HEADS)
            .filter(|_| !capitalised)
            .find(|h| {
                after
                    .strip_prefix(' ')
                    .and_then(|r| r.strip_prefix(**h))
                    // (or a list item's colon: "* binary-arch target: to create …")
                    .is_some_and(|r| r.starts_with(' ') || before.is_empty() && r.starts_with(": "))
                    && (EN_HEADS.contains(*h) || coined())
            })
        {
            after = &after[1 + head.len()..];
            headed = true;
            // (two heads joined: "The debootstrap package and script allows you to …")
            if let Some(second) = after.strip_prefix(" and ").and_then(|r| {
                EN_HEADS
                    .iter()
                    .find(|h| r.strip_prefix(**h).is_some_and(|r| r.starts_with(' ')))
            }) {
                after = &after[" and ".len() + second.len()..];
            }
        }
        // A list item that names X and its kind and says what it is for: "* binary-arch
        // target: to create arch-dependent packages" (not a word's own label, "Read: don't
        // use it at all").
        if before.is_empty()
            && headed
            && let Some(desc) = after.strip_prefix(": ")
            && desc.split_whitespace().count() >= 4
            && desc.starts_with(|c: char| c.is_lowercase())
            && !desc.trim_end().ends_with(':')
            // (not a program's message: "dpkg-gensymbols: warning: …")
            && !desc
                .split_whitespace()
                .next()
                .is_some_and(|w| w.ends_with(':'))
        {
            score = score.max(0.6);
        }
        // A glossary line that names X and says what it is as a noun phrase: "*
        // git-buildpackage: a suite to help with Debian packages in Git repositories." (not a
        // label before a sentence, "Warning: the file is gone", or an instruction, "Read:
        // don't use it at all")
        if before.is_empty()
            && !headed
            && !background::en_is_common(&t)
            && let Some(desc) = after.strip_prefix(": ")
            && ["a ", "an ", "the "].iter().any(|a| desc.starts_with(a))
            && desc.split_whitespace().count() >= 4
            && !desc.trim_end().ends_with(':')
            && !desc
                .split([',', ';'])
                .next()
                .unwrap_or("")
                .split_whitespace()
                .any(|w| ["is", "are", "was", "were", "will", "has", "have"].contains(&w))
        {
            score = score.max(0.6);
        }
        let mut comma = after.starts_with(", ");
        let mut after = after.trim_start_matches([',', ' ']);
        // (a comparison set off by commas: "X, like any other Makefile, consists of …")
        if comma
            && let Some(aside) = ["like ", "unlike ", "as with "]
                .iter()
                .find_map(|w| after.strip_prefix(w))
            && let Some(close) = aside.find(", ")
            && close <= 50
            && !aside[..close].contains(['.', ';', ':'])
        {
            after = &aside[close + 2..];
            comma = false;
        }
        // (an apposition that is no definition of its own, set off by commas, before what X
        // did: "X and Y, founders of i-Connect.Net, hosted master …")
        if comma
            && let Some((aside, rest)) = after.split_once(", ")
            && aside.split_whitespace().count() <= 8
            && !aside.contains([';', ':'])
            && !aside.contains(". ")
            && aside.starts_with(|c: char| c.is_lowercase())
            && en_predicate(rest)
        {
            after = rest;
            comma = false;
        }
        // A bare "X is …" is no definition when a passive or negation follows ("the
        // stream is not paused", "is set up"), nor when it only compares X with what came
        // before ("The public key is similar, with "private-key" replaced by …").
        let bare_ok = || {
            let rest = after.split_once(' ').map_or("", |(_, r)| r);
            let n2 = rest
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_matches(|c: char| !c.is_alphanumeric());
            !n2.ends_with("ed")
                && ![
                    "not", "set", "also", "still", "only", "now", "then", "done", "true", "false",
                ]
                .contains(&n2)
                // (a comparison with nothing named to compare with: not "Usertags are
                // similar to normal tags …")
                && !(["similar", "analogous", "identical", "equivalent", "alike"].contains(&n2)
                    && (rest
                        .split_whitespace()
                        .next()
                        .is_some_and(|w| w.ends_with([',', '.', ';']))
                        || !rest
                            .split_whitespace()
                            .nth(1)
                            .is_some_and(|w| ["to", "with"].contains(&w))))
        };
        // (nor a story's event, told in the past of one thing of the kind: "The harpoon
        // dropped from his hand.", "The mate was in the very act of striking"; what a common
        // noun is, a text says in the present, "The harpoon is …", or with "was a")
        let event = term
            .chars()
            .all(|c| c.is_lowercase() || c == ' ' || c == '-')
            && before.split_whitespace().next_back() == Some("the")
            && after.split_whitespace().next().is_some_and(|v| {
                let v = v.trim_end_matches([',', ';', '.']);
                // (not a verb in -eed, present still: "succeed", "proceed"; nor a past that
                // is a participle or a noun as often: "found", "left", "held")
                v.ends_with("ed") && !v.ends_with("eed") && v.len() > 4
                    || ["was", "were", "had"].contains(&v)
                        && !["a", "an", "one"]
                            .contains(&after.split_whitespace().nth(1).unwrap_or(""))
                    || EN_IRREGULAR_PAST.contains(&v)
                        && !["found", "left", "led", "built", "held", "sent"].contains(&v)
            });
        for (pat, w) in [
            ("is a ", 1.0),
            ("is an ", 1.0),
            ("is the ", 0.8),
            ("refers to", 1.0),
            ("means ", 0.9),
            ("is defined as", 1.0),
            ("stands for", 1.0),
            ("are ", 0.6),
            ("was a ", 0.8),
            ("was an ", 0.8),
            ("was the ", 0.7),
            ("is ", 0.4),
            ("was ", 0.4),
        ] {
            let bare = matches!(pat, "are " | "is " | "was ");
            if after.starts_with(pat) && (!bare || bare_ok()) && !(event && pat == "was ") {
                score = score.max(w);
            }
        }
        // (a sentence adverb after the copula: "A binNMU is also a package upload by …",
        // "X is simply a …")
        if let Some(rest) = ["is ", "are ", "was "]
            .iter()
            .find_map(|b| after.strip_prefix(b))
            .and_then(|r| r.split_once(' '))
            .filter(|(adverb, _)| COPULA_ADVERBS.contains(adverb))
            .map(|(_, r)| r)
            && ["a ", "an "].iter().any(|a| rest.starts_with(a))
        {
            score = score.max(0.8);
        }
        // (past a short phrase of place or part that names where X is: "The mailname in the
        // "/etc/mailname" file is usually a fully qualified domain name …", "The SONAME of a
        // shared library is a …")
        if !comma && let Some(rest) = modifier_then_copula(after) {
            let rest = rest
                .split_once(' ')
                .filter(|(adverb, _)| COPULA_ADVERBS.contains(adverb))
                .map_or(rest, |(_, r)| r);
            if ["a ", "an "].iter().any(|a| rest.starts_with(a)) {
                score = score.max(0.7);
            }
        }
        // "David the son of Jesse", "Moses, the servant of God", "X, a tool that …"
        if let Some(rest) = after.strip_prefix("the ")
            && EN_APPOSITION.iter().any(|a| rest.starts_with(a))
        {
            score = score.max(0.9);
        }
        // (an apposition is a noun phrase, not a clause after a name called out: "Yes,
        // Ishmael, the same fate may be thine.")
        if comma
            && (after.starts_with("a ") || after.starts_with("an ") || after.starts_with("the "))
            && !(before.trim_end().ends_with(',') && runs_into_a_clause(after))
        {
            score = score.max(0.6);
        }
        // A manual's description line: "cp - copy files", "Maintainer: the person who …"
        let described = raw_after.trim_start_matches(['`', '*', '"', ')']);
        if ["- ", "— ", "– "]
            .iter()
            .any(|d| described.trim_start().starts_with(d))
            && described.split_whitespace().count() >= 4
            && before.is_empty()
        {
            score = score.max(0.7);
        }
        // (a sentence that announces what follows says nothing itself: "LVM requires the
        // following.", "X works as follows.")
        let announces = {
            let end = s.trim_end().trim_end_matches(['.', ':']);
            end.ends_with("the following") || end.ends_with("as follows")
        };
        // The subject does something that says what it is (in the plural where the subject
        // may be one: "Maintainer scripts include the files …"; a name that ends in s may be
        // one thing still, "D-bus creates events …", "CUPS provides …", "Moses leads …").
        let plural_subject = t.ends_with('s') && !t.ends_with("ss");
        let says = |v: &str| after.starts_with(v) && after[v.len()..].starts_with([' ', ',', '.']);
        if !announces
            && EN_DESCRIBING
                .iter()
                .any(|v| says(v) || plural_subject && v.strip_suffix('s').is_some_and(&says))
        {
            score = score.max(0.5);
        }
        // A passive that says how X is used or made ("The postrm script is called after
        // …", "Templates are stored in …"), not a rule (must, should) or an announcement
        // ("is called in the following ways:").
        if let Some(rest) = ["is ", "are ", "was ", "were "]
            .iter()
            .find_map(|b| after.strip_prefix(b))
            && EN_PASSIVE_DESCRIBING
                .iter()
                .any(|v| rest.starts_with(v) && rest[v.len()..].starts_with(' '))
            && sentence.trim_end().ends_with('.')
            && !sentence.contains("following")
        {
            score = score.max(0.35);
        }
        // Last: a sentence about X that says anything X does or is ("The debuild command
        // executes lintian …", "Ian Murdock wrote …"), better than no sentence at all.
        // (one that says more than a farewell: "X and Y will be missed." is no part they had;
        // "Debian Developers can sponsor packages." is)
        let farewell = {
            let words: Vec<&str> = after.split_whitespace().collect();
            words.len() <= 3 && words.get(1) == Some(&"be")
        };
        if !announces
            && !farewell
            && !event
            && (en_predicate(after)
                || program && en_verb_of_program(after)
                || of_phrase_then(after).is_some_and(en_predicate))
            && sentence.trim_end().ends_with(['.', '!'])
        {
            score = score.max(0.3);
        }
        if clause_subject {
            score = score.min(0.3);
        }
    }
    // A task done with X, said of the tool: "sign the .dsc and .changes files with your
    // private GPG key using the debsign command.", "Use the uscan command to check for a new
    // version." (what X is for; not "the following command", nor an example to come)
    let with_tool = ["using the ", "with the ", "use the "].iter().any(|p| {
        s[..pos]
            .trim_end_matches(['`', '"', '\'', '“', '‘'])
            .ends_with(p)
    });
    if with_tool
        && let Some(rest) = [" command", " program", " tool", " utility", " script"]
            .iter()
            .find_map(|h| {
                raw_after
                    .trim_start_matches(['`', '"', '\'', '”', '’'])
                    .strip_prefix(h)
            })
        && (rest.starts_with(['.', ','])
            || [
                " to ", " with ", " before ", " in ", " on ", " from ", " for ",
            ]
            .iter()
            .any(|p| rest.starts_with(p)))
        && sentence.trim_end().ends_with('.')
        && !s.contains("following")
    {
        score = score.max(0.4);
    }
    // A list line that labels X with the name and the number it goes with and says what X is
    // after a colon: "Debian 1.2 Rex (December 12th, 1996): Named for the plastic dinosaur in
    // the Toy Story movies." (a version list, a release history)
    if same {
        let label: Vec<&str> = sentence[..pos].split_whitespace().collect();
        let labelled = label.len() == 2
            && label[0].starts_with(char::is_uppercase)
            && label[1].starts_with(|c: char| c.is_ascii_digit());
        let rest = &sentence[pos + term.len()..];
        let rest = rest
            .strip_prefix(" (")
            .and_then(|r| {
                r.find(')')
                    .filter(|&close| close <= 40)
                    .map(|c| &r[c + 1..])
            })
            .unwrap_or(rest);
        if labelled
            && let Some(desc) = rest.strip_prefix(": ")
            && desc.split_whitespace().count() >= 4
            && desc.trim_end().ends_with('.')
        {
            score = score.max(0.6);
        }
    }
    // Whom the text calls X: "Anyone who maintains a package in Debian is a Debian
    // maintainer.", "Whoever breaks the covenant - those are the wrongdoers." (X ends the
    // clause that a relative opener began)
    {
        let open = s
            .trim_start_matches(|c: char| c.is_ascii_digit() || ":. ".contains(c))
            .trim_start_matches("and ")
            .trim_start_matches("so ");
        let relative = [
            "whoever ",
            "whosoever ",
            "anyone who ",
            "anybody who ",
            "everyone who ",
            "those who ",
            "he who ",
            "one who ",
            "a person who ",
            "any person who ",
        ]
        .iter()
        .any(|r| open.starts_with(r));
        let called = [
            " is a",
            " is an",
            " is the",
            " are the",
            " are",
            " is called",
            " are called",
        ]
        .iter()
        .any(|c| before.ends_with(c));
        let ends_clause = raw_after
            .trim_start_matches(['"', '\'', '”', '’'])
            .trim_start()
            .chars()
            .next()
            .is_none_or(|c| ".,;!".contains(c));
        if relative && called && ends_clause && before.split_whitespace().count() >= 5 {
            score = score.max(0.5);
        }
    }
    // What X does, said in the passive: "Details … are published by the Release Team on
    // debian-devel-announce." (the participle right before "by", a copula before it)
    // (a short sentence whose subject is named, not "They are installed by dh_install(1).",
    // nor a pointer to where something is said, "It is defined by the Policy Manual")
    let agent = s[..pos]
        .strip_suffix("by the ")
        .or_else(|| s[..pos].strip_suffix("by "))
        .map(str::trim_end)
        .and_then(|h| h.rsplit_once(' '))
        .is_some_and(|(head, participle)| {
            (participle.ends_with("ed") || participle.ends_with("en"))
                && participle.len() >= 5
                && !EN_POINTING.contains(&participle)
                && head
                    .rsplit(' ')
                    .take(3)
                    .any(|w| ["is", "are", "was", "were", "be", "been"].contains(&w))
        })
        && !EN_PRONOUN_SUBJECTS.contains(&first_word(s).as_str())
        && s.split_whitespace().count() <= 25;
    if agent
        && sentence.trim_end().ends_with('.')
        && !s.contains("following")
        && raw_after
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric())
    {
        score = score.max(0.35);
    }
    // A gloss in brackets after X: "udeb (stripped-down binary packages used by the Debian
    // Installer)", "DEB_HOST_ARCH_CPU (the Debian CPU name)".
    if let Some(gloss) = bracketed
        && gloss.chars().next().is_some_and(|c| c.is_lowercase())
        && gloss.split_whitespace().count() >= 3
        && ![
            "e.g.", "i.e.", "see ", "for ", "as ", "which ", "if ", "or ", "and ", "but ", "with ",
            "without ", "in ", "on ", "at ", "to ", "by ", "from ", "via ", "using ", "under ",
            "when ",
        ]
        .iter()
        .any(|p| gloss.starts_with(p))
        && !gloss.contains(['=', '/', '$', '!', '?'])
    {
        score = score.max(0.5);
    }
    // A credit line names a person's part in the book ("Copyright © 1998 Josip Rodin",
    // "Maintainer: Emil Brink", "written by …").
    // An apposition anywhere in the sentence: "the Debian Developer's Reference, a set of
    // guidelines …", "a central database, the Debian Security Tracker".
    // (past a company's legal form: "Software in the Public Interest, Inc., a New York-based
    // non-profit organization")
    if same {
        let after = raw_after.trim_start_matches(['`', '"', '\'', '”', '’', '*', '_']);
        // (the key is lower case)
        let after = [", inc.", ", ltd.", ", llc", ", gmbh", ", corp."]
            .iter()
            .find_map(|f| after.strip_prefix(f))
            .unwrap_or(after);
        // (not the comma that closes an opening phrase, "For a source package generating a
        // binary package, the directory …", nor an announcement, "X, the following …")
        let opening_phrase = before.split_whitespace().next().is_some_and(|w| {
            EN_SUBORDINATORS.contains(&w.trim_matches(|c: char| !c.is_alphanumeric()))
        }) && !before.contains(',');
        // (nor X inside a phrase of kinship, "the son of X", whose apposition says who the
        // phrase's head is: "Jesus, the son of Mary, the messenger of Allah" says nothing of
        // Mary; "the use of logrotate, a program …" does say what logrotate is)
        let object_of = {
            let head = s[..pos].trim_end();
            head.strip_suffix(" of").is_some_and(|h| {
                let noun = h.rsplit(' ').next().unwrap_or("");
                let noun = noun.trim_end_matches('s');
                EN_KIN_NOUNS.contains(&noun) || noun == "servant"
            })
        };
        if let Some(rest) = after
            .strip_prefix(", a ")
            .or_else(|| after.strip_prefix(", an "))
            .or_else(|| after.strip_prefix(", the "))
            && rest.chars().next().is_some_and(|c| c.is_lowercase())
            && rest.split_whitespace().count() >= 3
            && !rest.starts_with("following")
            && !opening_phrase
            && !object_of
            && !(before.trim_end().ends_with(',') && runs_into_a_clause(rest))
        {
            score = score.max(0.5);
        }
        // A relative clause that says what X is: "debuild, which is a wrapper around
        // dpkg-buildpackage", "sid, which is the current unstable distribution", past an
        // aside in brackets ("debchange (or its alias, dch), which manipulates …").
        let relative = match after.strip_prefix(" (").and_then(|r| r.split_once(')')) {
            Some((aside, r)) if aside.len() <= 40 => r,
            _ => after,
        };
        if let Some(rest) = relative.strip_prefix(", which ")
            && !opening_phrase
            && sentence.trim_end().ends_with(['.', ';'])
        {
            let copula = ["is ", "are ", "was "]
                .iter()
                .find_map(|c| rest.strip_prefix(c))
                .is_some_and(|r| ["a ", "an ", "the "].iter().any(|a| r.starts_with(a)))
                || rest.strip_prefix("are ").is_some_and(plural_class);
            let describes = EN_DESCRIBING
                .iter()
                .any(|v| rest.starts_with(v) && rest[v.len()..].starts_with(' '));
            if copula {
                score = score.max(0.7);
            } else if describes {
                score = score.max(0.5);
            }
        }
        // A gloss that says what X is: "a non-native source package (that is, the set of
        // input files used for Debian package building)".
        if let Some(gloss) = after.strip_prefix(" (").and_then(|r| {
            r.strip_prefix("that is, ")
                .or_else(|| r.strip_prefix("i.e., "))
        }) && ["a ", "an ", "the "].iter().any(|a| gloss.starts_with(a))
            && gloss.find(')').is_some_and(|close| {
                gloss[..close].split_whitespace().count() >= 4 && !gloss[..close].contains(',')
            })
        {
            score = score.max(0.6);
        }
        // (X heads its noun phrase: "the Security Tracker." but not "an HTML interface")
        let heads_phrase = after.is_empty()
            || after.starts_with([',', '.', ';', ':', ')', ' ']) && {
                let a = after.trim_start();
                a.is_empty()
                    || a.starts_with([',', '.', ';', ':', ')', '('])
                    || a.starts_with("and ")
                    || a.starts_with("or ")
                    || a.starts_with("which ")
                    || a.starts_with("that ")
                    || a.starts_with("is ")
                    || a.starts_with("was ")
            };
        let head = before.trim_end();
        // (nor one item of a list: "to the needy, the orphan, and the captive")
        let listed = [", and ", ", or "].iter().any(|c| after.starts_with(c));
        if heads_phrase
            && !listed
            && let Some(np) = head
                .strip_suffix(", the")
                .or_else(|| head.strip_suffix(", a"))
                .or_else(|| head.strip_suffix(", an"))
        {
            let words: Vec<&str> = np.split_whitespace().rev().take(5).collect();
            let det = words.iter().position(|w| ["a", "an", "the"].contains(w));
            if det.is_some_and(|d| d >= 1)
                && words[..det.unwrap_or(0)]
                    .iter()
                    .all(|w| w.chars().all(|c| c.is_lowercase() || c == '-'))
            {
                score = score.max(0.5);
            }
        }
    }
    // What X is for: "use X to …", "run the X command to …", "X can be used to …", "with
    // the X command, you can …" (not an announcement: "use X as follows:").
    // (a sentence of prose, not a flattened table row: "… run passwd program to …")
    let prose = sentence.trim_end().ends_with(['.', '!']) && !sentence.contains('=');
    if purpose_of(before, raw_after)
        && prose
        && !s.contains("following")
        && !s.contains("as follows")
    {
        score = score.max(0.4);
    }
    // (only a name is credited: "Table 2.17: The files created by dpkg" credits nothing, nor
    // does "Maintainer: Josip Rodin <joy-mg@debian.org>" credit debian.org)
    if name_like(term) && credited(if same { &sentence[..pos] } else { &s[..pos] }) {
        score = score.max(0.45);
    }
    (score > 0.0).then_some(score + if pos < 8 { 0.3 } else { 0.0 })
}

/// Whether the words around X (lower case) say what it is for: "use X to …", "run the X
/// command to …", "X can be used to …", "with the X command, you can …", "X, used to …".
fn purpose_of(before: &str, after: &str) -> bool {
    let words: Vec<&str> = before.split_whitespace().rev().take(3).collect();
    let mut after = after.trim_start_matches(['`', '"', '\'', '”', '’', '*', '_']);
    // (a manual section and a head noun: "the interdiff(1) command")
    after = skip_manual_section(after);
    // (a mailing list's address: "debian-devel@lists.debian.org, used to discuss …")
    if let Some(host) = after.strip_prefix('@') {
        after = &host[host.find([' ', ',']).unwrap_or(host.len())..];
    }
    if let Some(h) = EN_HEADS.iter().find(|h| {
        after
            .strip_prefix(' ')
            .and_then(|r| r.strip_prefix(**h))
            .is_some_and(|r| r.starts_with([' ', ',']))
    }) {
        after = &after[1 + h.len()..];
    }
    // the verb before X, past an article ("use the", "run")
    let verb = match words.as_slice() {
        [w, ..] if !["the", "a", "an"].contains(w) => Some(*w),
        [_, w, ..] => Some(*w),
        _ => None,
    };
    let using = verb
        .is_some_and(|v| ["use", "uses", "using", "run", "running", "invoke", "call"].contains(&v));
    let with = verb == Some("with") || words.first() == Some(&"with");
    let after = after.trim_start();
    using && after.starts_with("to ")
        || with && after.starts_with(", you can ")
        || [
            "can be used to ",
            // (a list item's description: "debian-devel@lists.debian.org, used to discuss …")
            ", used to ",
            ", used for ",
            "is used to ",
            "are used to ",
            "is used for ",
            "lets you ",
            "allows you to ",
        ]
        .iter()
        .any(|p| after.starts_with(p))
}

/// Whether the words before a name are other names joined to it as one subject: "Manuel
/// Estrada Sainz (ranty) and ", "Ian Murdock, Bruce Perens and " (each one to four capitalised
/// words, a nickname in brackets after it).
fn joined_names_before(before: &str) -> bool {
    let Some(list) = before.trim_end().strip_suffix(" and") else {
        return false;
    };
    list.split(", ").all(en_joined_name)
}

/// The rest of a sentence past the names joined to the name it starts with: " and Shimon
/// Shapiro, founders of …" → ", founders of …"; `None` where no name is joined.
fn joined_names_after(after: &str) -> Option<&str> {
    let rest = after.strip_prefix(" and ")?;
    let end = rest.find([',', ';', '.']).unwrap_or(rest.len());
    // (the name ends where its words stop being capitalised: "and Y were killed …")
    let words: Vec<&str> = rest[..end].split(' ').collect();
    let n = words
        .iter()
        .take_while(|w| w.starts_with(|c: char| c.is_uppercase() || c == '('))
        .count();
    let name: String = words[..n].join(" ");
    (n > 0 && en_joined_name(&name)).then(|| &rest[name.len()..])
}

/// One name of a list of joined names: one to four capitalised words, each an initial ("H.")
/// or a word of letters, with a nickname or handle in brackets after them ("Manuel Estrada
/// Sainz (ranty)").
fn en_joined_name(part: &str) -> bool {
    let name = match part.trim().split_once(" (") {
        Some((name, nick)) if nick.ends_with(')') && !nick.contains(' ') => name,
        Some(_) => return false,
        None => part.trim(),
    };
    let words: Vec<&str> = name.split(' ').collect();
    // (a capitalised word that opens a clause is no name: "If Debian and …", "The Debian …")
    let opener = words.first().is_some_and(|w| {
        let w = w.to_lowercase();
        EN_OPENERS.contains(&w.as_str())
            || [
                "if", "when", "while", "since", "because", "although", "after", "before", "both",
                "either", "neither", "unless", "until", "where", "in", "on", "at", "for", "from",
                "with", "by", "as", "the", "a", "an", "this", "that", "these", "those",
            ]
            .contains(&w.as_str())
    });
    (1..=4).contains(&words.len())
        && !opener
        && words.iter().all(|w| {
            let mut cs = w.chars();
            cs.next().is_some_and(char::is_uppercase)
                && cs.all(|c| c.is_alphabetic() || c == '.' || c == '-' || c == '\'')
                && !english::HONORIFICS.contains(&w.trim_end_matches('.'))
        })
}

/// Where `term` (Latin letters) stands in `sentence` as a whole word in any case: the byte
/// offset of its first such occurrence.
fn ascii_word_at(sentence: &str, term: &str) -> Option<usize> {
    let lower = sentence.to_ascii_lowercase();
    let t = term.to_ascii_lowercase();
    lower.match_indices(&t).map(|(i, _)| i).find(|&i| {
        let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
        !lower[..i].chars().next_back().is_some_and(word)
            && !lower[i + t.len()..].chars().next().is_some_and(word)
    })
}

/// A manual section right after a command's name, skipped: "(1) command …" → " command …".
fn skip_manual_section(after: &str) -> &str {
    match after.strip_prefix('(') {
        Some(r)
            if r.starts_with(|c: char| c.is_ascii_digit())
                && r.find(')').is_some_and(|close| close <= 3) =>
        {
            &r[r.find(')').unwrap_or(0) + 1..]
        }
        _ => after,
    }
}

/// Whether a term may be a name a credit line credits: it opens with a capital or a Chinese
/// character and is no address or path ("Josip Rodin", 杜甫; not "dpkg", "debian.org").
fn name_like(term: &str) -> bool {
    term.chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || chinese::is_cjk(c))
        && !term.contains(['.', '@', '/'])
}

/// Words after which a name is credited with a part in the book (lower case).
const CREDIT_LABELS: &[&str] = &[
    "copyright",
    "©",
    "(c)",
    "author:",
    "authors:",
    "maintainer:",
    "uploader:",
    "upstream-contact:",
    "written by",
    "translated by",
    "edited by",
    "maintained by",
    "compiled by",
    "作者：",
    "作者:",
    "译者：",
    "譯者：",
    "著者：",
    "编者：",
    "版权所有",
    "版權所有",
];

/// Participles of making and authorship that credit the name after "by": who wrote, made,
/// founded, translated or looks after a work ("developed by", "founded in 1993 by").
const CREDIT_PARTICIPLES: &[&str] = &[
    "written",
    "rewritten",
    "developed",
    "created",
    "designed",
    "founded",
    "started",
    "initiated",
    "authored",
    "edited",
    "translated",
    "maintained",
    "compiled",
    "prepared",
    "produced",
    "published",
    "contributed",
    "sponsored",
    "funded",
    "organized",
    "organised",
    "coordinated",
    "proposed",
    "invented",
    "implemented",
    "ported",
    "packaged",
    "reviewed",
    "revised",
    "updated",
    "illustrated",
    "composed",
    "drafted",
    "conceived",
    "established",
    "uploaded",
    "hosted",
    "adopted",
    "elected",
    "appointed",
    "announced",
];

/// Whether the text before a name ends with a credit label, with only years, other credited
/// names and e-mail addresses between ("Copyright © 1998-2002 ", "Maintainer: ",
/// "Copyright © 1996 Ian Jackson and ").
fn credited(before: &str) -> bool {
    let lower = before.to_lowercase();
    // A participle of making and "by" credits too: "developed by", "written in 1996 by"; not
    // a participle of use, "messages posted by NNTP clients", "files installed by dpkg".
    let agent = lower.rfind(" by ").filter(|&i| {
        lower[..i]
            .split_whitespace()
            .rev()
            .take(4)
            .any(|w| CREDIT_PARTICIPLES.contains(&w))
    });
    let Some((at, label)) = CREDIT_LABELS
        .iter()
        .filter_map(|l| lower.rfind(l).map(|i| (i, *l)))
        .chain(agent.map(|i| (i, " by ")))
        .max_by_key(|(i, l)| i + l.len())
    else {
        return false;
    };
    // (the label's offset in `lower` is that in `before` where lower-casing kept lengths)
    let Some(between) = before
        .get(at + label.len()..)
        .filter(|_| lower.len() == before.len())
    else {
        return false;
    };
    let tokens: Vec<&str> = between.split_whitespace().collect();
    // (a PDF's font may give the © as a "c": "Copyright c 2011–2022 Simon Josefsson")
    let tokens = match tokens.split_first() {
        Some((&"c", rest)) if label == "copyright" => rest.to_vec(),
        _ => tokens,
    };
    tokens.len() <= 12
        && tokens.iter().all(|t| {
            let t = t.trim_matches(|c: char| ",;、，和".contains(c));
            t.is_empty()
                || t.chars()
                    .all(|c| c.is_ascii_digit() || "-–©().,".contains(c))
                || ["and", "&", "by", "(c)", "©", "以及", "及", "和", "与", "與"].contains(&t)
                || t.starts_with('<') && t.contains('@')
                || t.chars().next().is_some_and(char::is_uppercase)
                // (a name, not a word with a particle: "copyright 文件的模板" credits nobody;
                // the particles only, for 何, 于 and 安 begin names)
                || t.chars().all(chinese::is_cjk)
                    && t.chars().count() <= 4
                    && !t.contains(['的', '了', '地', '得', '着', '著', '过', '過'])
        })
}

/// Auxiliaries that open a predicate which says what a subject does or has. (Not the
/// normative modals, "must", "should", "may": a rule about X does not say what X is; not
/// "is", whose definitions are weighed above.)
const EN_AUX: &[&str] = &["can", "will", "has", "have", "had", "does", "did"];

/// Common irregular past tenses of verbs of doing ("led", "wrote", "became").
const EN_IRREGULAR_PAST: &[&str] = &[
    "led", "wrote", "became", "began", "took", "made", "gave", "won", "ran", "left", "built",
    "held", "sent", "brought", "found", "taught", "sought", "fought", "chose", "drew", "grew",
    "knew", "met", "paid", "rose", "sold", "spoke", "stood", "told", "went", "came", "fled",
    "bore", "slew", "smote", "forsook",
];

/// Whether a word is an adverb of manner or time ([`english_adverb`]: "largely",
/// "eventually", "initially"), so that a predicate may stand after it. Not the adjectives
/// in "-ly" whose stem is a word too ("the nightly build", "a timely upload").
fn sentence_adverb(w: &str) -> bool {
    w.len() >= 6
        && english_adverb(w)
        && ![
            "early",
            "likely",
            "unlikely",
            "friendly",
            "lovely",
            "costly",
            "orderly",
            "elderly",
            "weekly",
            "monthly",
            "daily",
            "yearly",
            "hourly",
            "nightly",
            "quarterly",
            "deadly",
            "manly",
            "homely",
            "timely",
            "kindly",
            "scholarly",
            "chilly",
            "curly",
            "holy",
        ]
        .contains(&w)
}

/// Whether `after` (what follows a subject) opens with a verb: an auxiliary, or a word in
/// -s or -ed that is not itself a noun before a verb ("Debian packages are …"), after an
/// adverb at most ([`sentence_adverb`]).
fn en_predicate(after: &str) -> bool {
    let words: Vec<&str> = after
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .skip_while(|w| {
            [
                "usually",
                "also",
                "often",
                "always",
                "only",
                "then",
                "now",
                "first",
                "still",
                "never",
                "normally",
                "generally",
                "automatically",
                "simply",
                "just",
                "later",
            ]
            .contains(w)
                || sentence_adverb(w)
        })
        .take(2)
        .collect();
    let Some(&w) = words.first() else {
        return false;
    };
    if EN_AUX.contains(&w) {
        return true;
    }
    // (a participle that joins X to the noun after it makes a modifier: "Emacs related
    // packages have …", "Debian based systems")
    if [
        "related", "based", "oriented", "powered", "enabled", "specific",
    ]
    .contains(&w)
    {
        return false;
    }
    // (a passive in a narrative that says what was done to X, and more: "X was elected in
    // April 2020"; not a bare "X was dropped.", nor a step of a procedure, "The postrm script
    // is removed by dpkg at the end.")
    if ["was", "were"].contains(&w)
        && words.get(1).is_some_and(|p| {
            p.len() >= 4 && p.chars().all(|c| c.is_ascii_lowercase()) && p.ends_with("ed")
                || EN_IRREGULAR_PAST.contains(p)
                || [
                    "born", "known", "given", "taken", "chosen", "written", "held", "made",
                ]
                .contains(p)
        })
        && after.split_whitespace().count() >= 4
    {
        return true;
    }
    // (a verb takes an object or a complement: "executes the lintian command"; a plural
    // noun after a modifier does not: "ABI changes that …", "Init scripts ending …")
    let object_follows = words.get(1).is_some_and(|n| {
        [
            "the", "a", "an", "all", "any", "each", "every", "its", "their", "his", "her", "it",
            "them", "him", "to", "in", "on", "into", "from", "with", "for", "by", "as", "at", "no",
            "one", "some", "this", "these", "those", "up", "out", "us", "you", "users",
            // (or a clause of time or condition: "The discussion period starts when …")
            "when", "after", "before", "until", "unless", "once",
        ]
        .contains(n)
    });
    let next_is_verb = words
        .get(1)
        .is_some_and(|n| EN_AUX.contains(n) || ["is", "are", "was", "were"].contains(n));
    // (an irregular past: "Bruce Perens led Debian …", "Ian Murdock wrote …")
    if EN_IRREGULAR_PAST.contains(&w) && !next_is_verb {
        return true;
    }
    w.len() >= 4
        && w.chars().all(|c| c.is_ascii_lowercase())
        && (w.ends_with('s')
            && !w.ends_with("ss")
            && !w.ends_with("us")
            && !w.ends_with("is")
            && object_follows
            || w.ends_with("ed") && !next_is_verb)
}

/// Whether the lower-cased sentence `s` opens with a clause of time whose subject is `t`
/// ("when dpkg-source extracts a source package …, it automatically applies …"), and whose
/// main clause goes on about it ("it", "they"). Not "If you run X, you …", where X is no
/// subject, nor a main clause with a subject of its own.
fn time_clause_subject(s: &str, t: &str) -> bool {
    let Some((opener, rest)) = s.split_once(' ') else {
        return false;
    };
    let rest = ["the ", "a ", "an "]
        .iter()
        .find_map(|a| rest.strip_prefix(a))
        .unwrap_or(rest);
    EN_CLAUSE_OF_TIME.contains(&opener)
        && rest
            .strip_prefix(t)
            .and_then(|r| r.strip_prefix(' '))
            .and_then(|r| r.split_once(", "))
            .is_some_and(|(clause, main)| {
                !clause.contains([';', ':'])
                    && !clause.contains(". ")
                    && en_predicate(clause)
                    && ["it ", "they "].iter().any(|p| main.starts_with(p))
            })
}

/// What follows the copula after a subject's phrase of place or part (a preposition and at
/// most five words, no clause or punctuation in it but quotes around a name): "usually a fully
/// qualified domain name …" of "in the "/etc/mailname" file is usually a fully qualified
/// domain name …". None where `after` (lower case) opens with no such phrase and copula.
fn modifier_then_copula(after: &str) -> Option<&str> {
    let (preposition, rest) = after.split_once(' ')?;
    if !["in", "of", "on", "for", "from", "under", "inside", "within"].contains(&preposition) {
        return None;
    }
    let mut offset = 0;
    for (i, word) in rest.split(' ').enumerate().take(6) {
        let here = &rest[offset..];
        if i >= 1
            && let Some(r) = ["is ", "are "].iter().find_map(|c| here.strip_prefix(c))
        {
            return Some(r);
        }
        let bare = word.trim_matches(|c: char| "\"'”“’‘`".contains(c));
        // (nor a phrase of a case or an example, which tells of one use: "The mailname in
        // this example is a placeholder.")
        if bare.is_empty()
            || bare.contains([',', ';', ':', '(', ')'])
            || bare.ends_with('.') && !bare.starts_with(['/', '.', '~'])
            || [
                "that",
                "which",
                "who",
                "where",
                "when",
                "was",
                "were",
                "and",
                "or",
                "this",
                "these",
                "example",
                "examples",
                "case",
                "cases",
                "instance",
                "following",
            ]
            .contains(&bare)
        {
            return None;
        }
        offset += word.len() + 1;
    }
    None
}

/// What follows a subject's phrase of "of" (at most five words, no clause or punctuation in
/// it): the predicate of "The SONAME of a shared library usually matches the library file
/// name", said of the SONAME. None where `after` holds no such phrase.
fn of_phrase_then(after: &str) -> Option<&str> {
    let rest = after.strip_prefix("of ")?;
    let mut offset = 0;
    for (i, word) in rest.split(' ').enumerate().take(6) {
        if i >= 1 && en_predicate(&rest[offset..]) {
            return Some(&rest[offset..]);
        }
        if word.is_empty()
            || word.contains([',', ';', ':', '.', '(', ')'])
            || ["that", "which", "who", "is", "are", "was", "were"].contains(&word)
        {
            return None;
        }
        offset += word.len() + 1;
        if offset >= rest.len() {
            return None;
        }
    }
    None
}

/// Whether the words after a program's name open with a verb of the present and its object,
/// with no determiner before it ("calculates shared library dependencies", "creates template
/// files"): a program does things, where a noun with a plural after it ("ABI changes that …")
/// is a phrase.
fn en_verb_of_program(after: &str) -> bool {
    let mut words = after
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()));
    let (Some(verb), Some(object)) = (words.next(), words.next()) else {
        return false;
    };
    verb.len() >= 4
        && verb.chars().all(|c| c.is_ascii_lowercase())
        && verb.ends_with('s')
        && !["ss", "us", "is", "ics"].iter().any(|e| verb.ends_with(e))
        && !object.is_empty()
        && object.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        && !object.ends_with("ing")
        && !EN_AUX.contains(&object)
        && ![
            "is", "are", "was", "were", "that", "which", "who", "and", "or", "of", "can", "must",
        ]
        .contains(&object)
        && after.split_whitespace().count() >= 3
}

/// Whether `long` expands the acronym `short` ("Distinguished Encoding Rules", "DER"): the
/// initials of its words (or of their capitals) spell it, or the opening letters of each
/// word where the acronym has more letters than the words ("Secure SHell", "SSH"), or one
/// letter a word, one of them from inside its word ("Extensible Markup Language", "XML").
fn expands(short: &str, long: &str) -> bool {
    let letters: String = short.chars().filter(|c| c.is_alphanumeric()).collect();
    if letters.len() < 2 || letters.len() > 8 || !letters.chars().any(|c| c.is_uppercase()) {
        return false;
    }
    let words: Vec<&str> = long
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() < 2 {
        return false;
    }
    let skip = ["of", "and", "the", "for", "to", "in", "on", "a"];
    let initials: String = words
        .iter()
        .filter(|w| !skip.contains(&w.to_lowercase().as_str()))
        .filter_map(|w| w.chars().next())
        .collect();
    let capitals: String = long.chars().filter(|c| c.is_uppercase()).collect();
    // (or every word's, the joining ones too: "Table of Contents", TOC)
    let every: String = words.iter().filter_map(|w| w.chars().next()).collect();
    if initials.eq_ignore_ascii_case(&letters)
        || capitals.eq_ignore_ascii_case(&letters)
        || words.len() >= 3 && every.eq_ignore_ascii_case(&letters)
    {
        return true;
    }
    let content: Vec<String> = words
        .iter()
        .filter(|w| !skip.contains(&w.to_lowercase().as_str()))
        .map(|w| w.to_lowercase())
        .collect();
    let letters = letters.to_lowercase();
    // (or each word's opening letters, one or more: "Secure SHell" (SSH), where the acronym
    // has more letters than the words)
    if letters.len() > content.len()
        && letters.len() <= 2 * content.len()
        && opening_letters(&letters, &content)
    {
        return true;
    }
    // one letter per word, one of them from inside its word: "Extensible Markup Language"
    // (XML)
    content.len() == letters.chars().count()
        && content.len() >= 3
        // (from inside a word only as its second letter: "eXtensible", not the "a" of "team")
        && content
            .iter()
            .zip(letters.chars())
            .all(|(w, l)| w.starts_with(l) || w.chars().nth(1) == Some(l))
        && content
            .iter()
            .zip(letters.chars())
            .filter(|(w, l)| !w.starts_with(*l))
            .count()
            <= 1
}

/// Whether `letters` is the words' opening letters in order, one or more of each word and
/// every word's first: "ssh" of "secure shell" (s + sh). Lower case.
fn opening_letters(letters: &str, words: &[String]) -> bool {
    let Some((word, rest)) = words.split_first() else {
        return letters.is_empty();
    };
    (1..=letters.len().min(word.len())).any(|n| {
        letters.is_char_boundary(n)
            && word.is_char_boundary(n)
            && word[..n] == letters[..n]
            && opening_letters(&letters[n..], rest)
    })
}

/// Chinese verbs of using or running a program before its name ("使用 dch 命令来…"), the longer
/// first ("使用" before "用").
const USING_VERBS: &[&str] = &[
    "使用", "利用", "运行", "運行", "执行", "執行", "通过", "通過", "用",
];

/// Chinese verbs that say what a subject term is for ("X 用于 …").
const ZH_DESCRIBING: &[&str] = &[
    "用于", "用於", "用来", "用來", "表示", "包含", "提供", "负责", "負責", "指定", "定义", "定義",
    "描述", "列出", "记录", "記錄", "允许", "允許", "控制", "决定", "決定", "显示", "顯示", "创建",
    "建立", "删除", "安装", "構建", "构建", "运行", "執行", "执行", "管理", "保存", "处理", "處理",
];

/// Verbs of what a program does, after its name in Latin letters as the subject of a sentence
/// ("gunzip 检查一个32位的CRC校验码。"). After a Chinese word they make a compound noun
/// (换行符转换程序, 主机名解析), and after a modifier a noun (传统的 UNIX 实现).
const ZH_DOING: &[&str] = &[
    "生成", "产生", "產生", "检查", "檢查", "设置", "設置", "调用", "調用", "读取", "讀取", "计算",
    "計算", "支持", "实现", "實現", "下载", "下載", "更新", "编译", "編譯", "解析", "转换", "轉換",
    "打包", "签名", "簽名", "上传", "上傳", "输出", "輸出", "搜索", "查找", "比较", "比較",
];

/// The marks that open a list item in plain text ("* ", "• ", "- ").
const LIST_MARKS: &str = "*•·-+◦▪●○";

/// Words that open a clause of condition or time ("如果…，", "当…时").
const ZH_CASE_OPENERS: &[&str] = &["如果", "假如", "假设", "假設", "若", "当", "當", "一旦"];

/// Words that begin with a case opener and open no case: "当前" (current), "当然" (of course),
/// "当中", "当地", "当初", "若干" (several).
const ZH_NOT_CASES: &[&str] = &[
    "当前", "當前", "当然", "當然", "当中", "當中", "当地", "當地", "当初", "當初", "若干",
];

/// Whether a Chinese sentence opens with a clause of condition or time ("如果你不知道…，",
/// "当 watch 中包含…时"; not "当前的版本…", "若干软件包…").
fn opens_a_case(sentence: &str) -> bool {
    let s = sentence.trim_start();
    ZH_CASE_OPENERS.iter().any(|c| s.starts_with(c))
        && !ZH_NOT_CASES.iter().any(|w| s.starts_with(w))
}

/// Verbs that say what a file holds where a manual tells what to write in it ("在 X 文件中列出
/// …").
const ZH_FILE_VERBS: &[&str] = &[
    "列出", "写入", "寫入", "设置", "設置", "定义", "定義", "指定", "记录", "記錄", "声明", "聲明",
    "包含", "保存",
];

/// Head nouns between a Chinese subject term and its verb ("cp 命令用于 …").
const ZH_HEADS: &[&str] = &[
    // (the longer head first: "ext4 文件系统是…" is ext4's, not "ext4 文件"'s)
    "文件系统",
    "文件系統",
    "系统",
    "系統",
    "机制",
    "機制",
    "编辑器",
    "編輯器",
    "编译器",
    "編譯器",
    "库",
    "庫",
    "命令",
    "工具",
    "程序",
    "文件",
    "选项",
    "選項",
    "软件包",
    "軟件包",
    "函数",
    "函數",
    "字段",
    "目录",
    "目錄",
    "变量",
    "變量",
    "脚本",
    "腳本",
    "映像",
    "镜像",
    "鏡像",
    "协议",
    "協議",
    "服务",
    "服務",
    "格式",
    "模块",
    "模塊",
    "包",
];

/// Modals and adverbs that open a predicate about a Chinese subject (not the normative
/// 必须, 应该: a rule about X does not say what X is).
const ZH_PREDICATE: &[&str] = &[
    "可以", "能够", "能夠", "会", "會", "将", "將", "已经", "已經", "通常", "总是", "總是", "主要",
    "被", "把", "由",
];

/// Whether a Chinese sentence names `term` only in its negation, 非X or 不X ("非原生 Debian
/// 软件包" is no 原生 Debian 软件包).
fn zh_only_negated(sentence: &str, term: &str) -> bool {
    let mut seen = false;
    for (at, _) in sentence.match_indices(term) {
        seen = true;
        if !sentence[..at].trim_end().ends_with(['非', '不']) {
            return false;
        }
    }
    seen
}

/// Particles that open a classical clause before its topic ("夫孝者，…也", "故君子者…").
/// ("有X者" introduces one: "有颜回者好学，…")
const ZH_CLAUSE_OPENERS: &[&str] = &[
    "夫", "故", "凡", "蓋", "盖", "且", "今", "所謂", "所谓", "有",
];

fn chinese_definition(sentence: &str, term: &str) -> Option<f32> {
    if zh_only_negated(sentence, term) {
        return None;
    }
    // (a name in Latin letters in any case, as a whole word: "perl(1) 可以…" names Perl)
    let pos = sentence.find(term).or_else(|| {
        term.is_ascii()
            .then(|| ascii_word_at(sentence, term))
            .flatten()
    })?;
    let first = chinese_definition_at(sentence, term, pos);
    // (a later mention may be the one defined: a speech names 仁 in passing, "修道以仁。",
    // before it says "仁者人也"; only one that opens a clause counts)
    sentence
        .match_indices(term)
        .map(|(at, _)| at)
        .filter(|&at| at > pos)
        .filter(|&at| {
            let before = &sentence[..at];
            before
                .trim_end_matches(['“', '「', '『', '"'])
                .ends_with(['。', '；', '！', '？', '：'])
                || chinese::NAMING_VERBS.iter().any(|v| before.ends_with(v))
        })
        .take(8)
        .filter_map(|at| chinese_definition_at(sentence, term, at))
        .filter(|&s| s >= 0.7)
        .fold(first, |best, s| Some(best.map_or(s, |b| b.max(s))))
}

/// Whether the words after two names in Latin letters give them a kind in apposition,
/// counted: "procfs和sysfs两个伪文件系统，分别加载于…" (the two pseudo-filesystems), in a
/// statement.
fn zh_kind_apposition(after: &str, sentence: &str) -> bool {
    [
        "两个", "兩個", "两种", "兩種", "三个", "三個", "三种", "三種",
    ]
    .iter()
    .find_map(|n| after.trim_start().strip_prefix(n))
    // (a kind of a few characters, then a comma or a copula: not a phrase, "两个编译器的
    // 输出不同")
    .and_then(|kind| kind.find(['，', '是', '都']).map(|at| &kind[..at]))
    .is_some_and(|kind| {
        (2..=6).contains(&kind.chars().count())
            && kind.chars().all(chinese::is_cjk)
            && !kind.contains(['的', '了', '之'])
    }) && sentence.trim_end().ends_with('。')
}

/// Whether the words before a naming verb (称为, 叫做) say what is named, as a definition
/// does: "这种把源代码打包成压缩文件的做法通常称为 tarball", or name it in a clause before,
/// "维护者脚本，也称为 maintainer scripts"; not where they point at what another sentence said,
/// "我们把这样的文件叫做模板文件" (in the sentence's first clause, what is left without its
/// agent, its demonstrative and its adverbs is four characters at least).
fn zh_naming_says_what(head: &str) -> bool {
    const AGENTS: &[&str] = &["我们", "我們", "人们", "人們", "大家", "一般", "通常"];
    const POINTING: &[&str] = &[
        "这样的",
        "這樣的",
        "这种",
        "這種",
        "这些",
        "這些",
        "这个",
        "這個",
        "这类",
        "這類",
        "此类",
        "此類",
        "那些",
        "这样",
        "這樣",
        "该",
        "該",
        "此",
        "这",
        "這",
        "其",
        "它",
    ];
    const ADVERBS: &[&str] = &[
        "通常", "一般", "常常", "常", "也", "又", "亦", "就", "被", "则", "則", "可以", "可", "便",
    ];
    let clause = head
        .rsplit(['，', '。', '；', '：', ',', ';', ':', '（', '('])
        .next()
        .unwrap_or(head)
        .trim();
    // (a clause after another may point back at it: "…的做法，这种做法通常称为 tarball")
    let earlier = head.chars().count() - clause.chars().count();
    if earlier >= 4 {
        return true;
    }
    let mut rest = clause;
    // (its adverbs, at the end, as many as there are: "也常", "通常被")
    while let Some(r) = ADVERBS.iter().find_map(|a| rest.strip_suffix(a)) {
        rest = r.trim_end();
    }
    // ("X，也称为 Y": what is named is the clause before)
    if rest.is_empty() {
        return earlier > 0;
    }
    for list in [AGENTS, &["把", "将", "將"][..], POINTING] {
        if let Some(r) = list.iter().find_map(|a| rest.strip_prefix(a)) {
            rest = r.trim_start();
        }
    }
    rest.chars()
        .filter(|c| chinese::is_cjk(*c) || c.is_alphanumeric())
        .count()
        >= 4
}

/// [`chinese_definition`] of the mention of `term` at byte `pos`.
fn chinese_definition_at(sentence: &str, term: &str, pos: usize) -> Option<f32> {
    let raw_after = &sentence[pos + term.len()..];
    let before = &sentence[..pos];
    // (a mention glued to the word before it is part of a longer word, which the sentence
    // is about: "新软件包（NEW）检查清单", "上游维护者（upstream maintainer）：…", "多架构
    // （multiarch）支持" say nothing of 软件包, 维护者, 架构; not after a function word, "的
    // 软件包", nor a naming, "所谓软件包")
    // (or glued to a name in Latin letters: "Free Pascal编译器 (FPC)" is about that compiler)
    if term.starts_with(chinese::is_cjk)
        && before.chars().next_back().is_some_and(|c| {
            chinese::is_cjk(c) && !chinese::is_function(c) || c.is_ascii_alphanumeric()
        })
        && !["叫做", "叫作", "称作", "稱作"]
            .iter()
            .chain(ZH_CLAUSE_CONNECTIVES)
            .any(|p| before.ends_with(p))
    {
        return None;
    }
    // the subject: at the start, or after a clause break or an opening quote
    let lead = before.trim_end_matches([' ', '“', '「', '『', '《', '"']);
    // (a list item's marker is no word before it: "* Wayland 是…", "• X：…")
    let lead = if lead.chars().all(|c| LIST_MARKS.contains(c)) && before.ends_with(' ') {
        ""
    } else {
        lead
    };
    // (or after a numeral that counts it: "一个 binNMU（二进制非维护者上传）是…")
    // (or after a connective that opens the clause and sets it against the one before: "而原生
    // Debian 软件包是较罕见的一种 Debian 软件包格式。")
    // (the words before X since the last clause break: a connective here, a modifier below)
    let clause_lead = lead
        .rfind(['，', '；', '：', '。', ',', ';', ':'])
        .map_or(lead, |at| {
            let mark = lead[at..].chars().next().map_or(1, char::len_utf8);
            &lead[at + mark..]
        });
    let after_break = clause_lead.trim();
    // (the second of two names in Latin letters that open the clause together: "procfs和
    // sysfs两个伪文件系统，…")
    let coordinated = !term.chars().any(chinese::is_cjk)
        && ["和", "与", "與", "及"]
            .iter()
            .find_map(|c| lead.trim_end().strip_suffix(c))
            .map(str::trim_end)
            .and_then(|h| {
                let name_at = h
                    .rfind(|c: char| !(c.is_ascii_alphanumeric() || "-_./".contains(c)))
                    .map_or(0, |at| {
                        at + h[at..].chars().next().map_or(1, char::len_utf8)
                    });
                (name_at < h.len() && h[name_at..].chars().any(|c| c.is_ascii_alphabetic()))
                    .then(|| h[..name_at].trim_end())
            })
            .is_some_and(|rest| {
                rest.is_empty() || rest.ends_with(['，', '；', '：', '。', ',', ';', ':'])
            });
    let subject = lead.is_empty()
        || lead.ends_with(['，', '；', '：', '。', ',', ';', ':'])
        || lead
            .chars()
            .all(|c| c.is_ascii_digit() || c == ':' || c == '.' || c == ' ')
        || ["一个", "一個", "一种", "一種"].contains(&lead);
    // (after a connective the clause counts only where a modern copula names what X is, not
    // a state, "但警告是无效的", nor what X does, "但 lintian 会对它们进行扫描", nor a classical
    // 乃, "而事乃有大謬不然者")
    let connective = !subject && ZH_CLAUSE_CONNECTIVES.contains(&after_break);
    let mut after = raw_after.trim_start_matches([' ', '”', '」', '』', '》', '"']);
    // (a command's manual section is no word after it: "who(1) 显示谁登录在系统里面。")
    if term.is_ascii() {
        after = skip_manual_section(after).trim_start();
    }
    let mut score: f32 = 0.0;
    // A glossary line: the name, a colon or an equals sign, and what it is in words
    // ("dev：库开发软件包（any，same）", "gbp import-orig：向 git 仓库中导入新的上游源码。",
    // "dpkg-buildpackage = 软件包打包工具的核心"); a name in Latin letters may follow the
    // program it belongs to ("gbp").
    let program = !lead.is_empty()
        && lead
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        && term.is_ascii()
        && before.ends_with(' ');
    if (lead.is_empty() || program)
        && let Some(desc) = ["：", ": ", "= "]
            .iter()
            .find_map(|sep| after.strip_prefix(sep))
        && desc.chars().filter(|c| chinese::is_cjk(*c)).count() >= 4
        && !desc.trim_end().ends_with(['：', ':'])
        && !ZH_ANNOUNCING.iter().any(|w| desc.contains(w))
        && !ZH_IMPERATIVES
            .iter()
            .any(|v| desc.trim_start().starts_with(v))
    {
        score = score.max(0.6);
    }
    // (a space may stand before a Latin name: "通常称为 tarball")
    let named_at = before.trim_end_matches(' ');
    for (pat, w) in [
        ("所谓", 1.0),
        ("所謂", 1.0),
        ("叫做", 0.8),
        ("叫作", 0.8),
        ("称为", 0.8),
        ("稱為", 0.8),
        ("称作", 0.8),
        ("稱作", 0.8),
    ] {
        if let Some(head) = named_at.strip_suffix(pat)
            && (pat.starts_with('所') || zh_naming_says_what(head))
        {
            score = score.max(w);
        }
    }
    // A classical naming, the name closing its clause: "天命之謂性，率性之謂道", "喜怒哀樂之未發，
    // 謂之中", "…威武不能屈。此之謂大丈夫。" (the naming joined to what it names, `split_sentences`)
    // ("Y之謂X" says what X is; "Y，謂之X" rather when a thing is so called)
    if let Some(verb) = chinese::NAMING_VERBS.iter().find(|v| before.ends_with(*v))
        && chinese::naming_stated(sentence, pos - verb.len())
        && raw_after
            .chars()
            .next()
            .is_none_or(|c| !chinese::is_cjk(c) || chinese::CLOSING_PARTICLES.contains(c))
    {
        score = score.max(if verb.ends_with('之') { 0.85 } else { 0.9 });
    }
    // A question about X and its answer in one sentence: "孟懿子问孝，子曰：“无违。”",
    // "颜渊问仁，子曰：“克己复礼为仁。…”", "敢問何謂浩然之氣？曰：…" (what the text
    // answers is what it says X is; X is the whole of what is asked, and the answer follows
    // it: "问孝于我" reports a question, and a question alone answers nothing)
    let asked = ["问", "問", "何谓", "何謂"].iter().any(|q| before.ends_with(q))
        // (not "学问", "顾问": the question's verb after a name or a clause break)
        && !["学问", "學問", "顾问", "顧問", "访问", "訪問", "疑问", "疑問"]
            .iter()
            .any(|w| before.ends_with(w));
    if asked
        && let Some(rest) = raw_after.strip_prefix(['，', '？', '?', ',']).or_else(|| {
            raw_after
                .strip_prefix("於")
                .or_else(|| raw_after.strip_prefix("于"))
                .and_then(|r| r.split_once('，').map(|(_, r)| r))
        })
        && let Some(said) = rest.find("曰：").or_else(|| rest.find("曰:"))
        && rest[..said].chars().count() <= 6
        && rest[said..].chars().filter(|c| chinese::is_cjk(*c)).count() >= 3
    {
        score = score.max(0.8);
    }
    // an expansion or gloss in brackets inside a sentence that goes on: "DFSG（Debian
    // 自由软件指导方针）是……" (not a heading such as "debian/rules（模板文件）：")
    if let Some(inner) = after
        .strip_prefix('（')
        .or_else(|| after.strip_prefix(" ("))
        .or_else(|| after.strip_prefix('('))
        && let Some(close) = inner.find(['）', ')'])
        && inner[..close].chars().count() >= 2
        && !inner[..close].contains(['：', ':', '，', ',', '='])
        && inner[close..]
            .chars()
            .filter(|c| chinese::is_cjk(*c))
            .count()
            >= 6
        && subject
    {
        score = score.max(0.7);
    }
    // a foreign-language gloss anywhere: "上游源码压缩包（tarball）名称为 …"
    else if let Some(inner) = after.strip_prefix('（').or_else(|| after.strip_prefix('('))
        && let Some(close) = inner.find(['）', ')'])
        && inner[..close].split_whitespace().count() <= 4
        && inner[..close].chars().any(|c| c.is_ascii_alphabetic())
        && inner[..close]
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '-')
        && !term.chars().any(|c| c.is_ascii_alphabetic())
    {
        score = score.max(0.35);
    }
    // a name in Latin letters glossed by the Chinese words before it: "上游源码压缩包
    // （tarball）", "调试符号（debug symbol）"
    if term.chars().any(|c| c.is_ascii_alphabetic())
        && let Some(head) = before
            .strip_suffix('（')
            .or_else(|| before.strip_suffix('('))
        && head
            .chars()
            .rev()
            .take_while(|c| chinese::is_cjk(*c))
            .count()
            >= 2
        && raw_after.trim_start().starts_with(['）', ')'])
        // (not a translation that keeps the name's Latin words: "Debian 政策（Debian Policy）")
        && !term.split_whitespace().next().is_some_and(|w| {
            head.trim_end_matches(chinese::is_cjk)
                .trim_end()
                .ends_with(w)
        })
        && !ZH_IMPERATIVES
            .iter()
            .any(|v| sentence.trim_start().starts_with(v))
        && !ZH_ANNOUNCING.iter().any(|w| sentence.contains(w))
    {
        score = score.max(0.5);
    }
    // "X者，Y也": X opens its clause (after a particle that opens one at most, "夫孝者，…也");
    // not the end of a phrase before 者, "而能喻諸人者，未之有也", "吾二臣者皆不欲也" (one who
    // instructs others, we two ministers), nor "者也" (one who is …: "災及其身者也")
    if after.starts_with('者')
        && after.contains('也')
        && !after['者'.len_utf8()..].starts_with('也')
        && (subject
            || ZH_CLAUSE_OPENERS.contains(&after_break.trim_start_matches(['“', '「', '『', '"'])))
    {
        // (a crisp one, the statement one clause of ten characters at most, "仁者人也",
        // "政者，正也", "師者，所以傳道受業解惑也", is the text's own definition however long
        // the passage around it: above "仁者以財發身", which says what the humane do)
        let crisp = chinese::crisp_definition(&after['者'.len_utf8()..]);
        score = score.max(if crisp { 1.25 } else { 1.0 });
    }
    // What a file holds, said where the text tells what to write in it: "在 debian/watch
    // 文件中列出下载上游源码包所使用的URL。"
    // (在 opens the clause, after a modal at most: not "按照在 X 文件中指定的顺序", nor a case,
    // "如果…，或在 X 文件中设置…")
    let clause_opening = before.trim_end().strip_suffix('在').is_some_and(|h| {
        let h = h.trim_end();
        let h = [
            "请", "請", "应该", "應該", "应当", "應當", "需要", "必须", "必須", "可以", "要", "应",
            "應",
        ]
        .iter()
        .find_map(|m| h.strip_suffix(m))
        .map_or(h, str::trim_end);
        h.is_empty() || h.ends_with(['，', '。', '；', '：', ',', ';', ':'])
    });
    if clause_opening
        && !term.chars().any(chinese::is_cjk)
        && !opens_a_case(sentence)
        && let Some(rest) = ["文件中", "文件里", "文件內", "文件内"]
            .iter()
            .find_map(|h| after.strip_prefix(h))
        && ZH_FILE_VERBS.iter().any(|v| {
            rest.trim_start()
                .strip_prefix(v)
                .is_some_and(|r| !r.starts_with('的'))
        })
        && rest.chars().filter(|c| chinese::is_cjk(*c)).count() >= 6
        && sentence.trim_end().ends_with('。')
    {
        score = score.max(0.45);
    }
    // (or the head of a subject that a modifier opens: "二进制软件包中的 DEBIAN/symbols 文件
    // 提供了…"; what such a sentence says counts as a description at most)
    let modifier = clause_lead;
    // (a name in Latin letters, as a manual names a file or a program, after a modifier
    // that is no person's, "你们的劳绩", nor a condition's, "如果你的 SSH")
    let modified = !subject
        && !term.chars().any(chinese::is_cjk)
        && modifier.ends_with('的')
        && modifier.chars().count() <= 20
        && !modifier.contains(['我', '你', '您', '他', '她', '它', '其'])
        // (a noun phrase, not a clause that ends in one: "且主要由一个称为 busybox 的")
        && !modifier.contains(['由', '被', '为', '為', '是', '将', '將', '把', '从', '從', '用'])
        && ![
            "如果", "假设", "假設", "若", "当", "當", "因为", "因為", "虽然", "雖然", "由于",
        ]
        .iter()
        .any(|c| modifier.trim_start().starts_with(c))
        && sentence.trim_end().ends_with('。')
        && !ZH_ANNOUNCING.iter().any(|w| sentence.contains(w))
        && !ZH_IMPERATIVES
            .iter()
            .any(|v| modifier.trim_start().starts_with(v));
    if connective {
        let clause = raw_after
            .trim_start()
            .split(['，', '。', '；', '！', '？'])
            .next()
            .unwrap_or("");
        if let Some(w) = [
            ("是指", 1.0),
            ("指的是", 1.0),
            ("就是", 0.8),
            ("是一", 0.9),
            ("是", 0.5),
        ]
        .iter()
        .find(|(p, _)| clause.starts_with(p))
        .map(|(_, w)| *w)
            && !clause.ends_with('的')
            && !["是否", "是不是", "是什么", "是什麼", "是如何", "是怎"]
                .iter()
                .any(|q| clause.starts_with(q))
        {
            score = score.max(w);
        }
    }
    let before_subject = score;
    // (the second of the two names: "procfs和sysfs两个伪文件系统")
    if coordinated && zh_kind_apposition(after, sentence) {
        score = score.max(0.7);
    }
    if subject || modified {
        // (a second name joined to it: "debian/source/local-options 和
        // debian/source/local-patch-header 文件只用于…")
        if !term.chars().any(chinese::is_cjk)
            && let Some(rest) = ["和", "与", "與", "及"]
                .iter()
                .find_map(|c| after.trim_start().strip_prefix(c))
            && let Some(other) = rest
                .trim_start()
                .split(|c: char| chinese::is_cjk(c) || c == ' ')
                .next()
            && other.chars().any(|c| c.is_ascii_alphabetic())
        {
            after = rest.trim_start()[other.len()..].trim_start();
            // A kind in apposition after the names it counts: "procfs和sysfs两个伪文件系统，
            // 分别加载于…" (the two pseudo-filesystems procfs and sysfs; not one name,
            // "Debian两个版本之间…")
            if zh_kind_apposition(after, sentence) {
                score = score.max(0.7);
            }
        }
        // (only after a name in Latin letters: after a Chinese term the head makes a longer
        // word, 二进制 + 软件包)
        if !term.chars().any(chinese::is_cjk)
            && let Some(h) = ZH_HEADS.iter().find(|h| after.starts_with(**h))
        {
            after = &after[h.len()..];
        }
        let after = after.trim_start();
        for (pat, w) in [
            ("是指", 1.0),
            ("指的是", 1.0),
            // ("dh_auto_install命令所做的基本上就是“$(MAKE) install …”")
            ("所做的", 0.7),
            ("就是", 0.8),
            ("即", 0.8),
            ("，即", 0.8),
            ("是一", 0.9),
            ("是", 0.5),
            ("者", 0.7),
            ("，是", 0.6),
            ("乃", 0.6),
            ("为", 0.3),
            ("為", 0.3),
        ] {
            // (not a question: "UNIX 系统是如何工作的"; nor a judgement, a clause that 是
            // opens and 的 closes, "Ubuntu 和 Debian 是不能混在一起的", which says how X is,
            // unless it says what X is for or where it comes from, "流式编辑器是用来…转换的",
            // "《古兰经》是从全世界的主降示的", or a later clause says what
            // X is, "mkfs 命令是由 e2fsprogs 包提供的，是各种文件系统相关程序的前端")
            let judgement = || {
                let mut clauses = after
                    .split(['，', '。', '；', '！', '？'])
                    .filter(|c| !c.is_empty());
                matches!(pat, "是" | "，是")
                    && clauses.next().is_some_and(|c| {
                        c.ends_with('的')
                            && ![
                                "是用来",
                                "是用于",
                                "是用於",
                                "是为了",
                                "是為了",
                                "是由",
                                "是从",
                                "是從",
                            ]
                            .iter()
                            .any(|p| c.starts_with(p))
                    })
                    && !clauses.any(|c| c.starts_with('是') && !c.ends_with('的'))
                    // (nor the classical demonstrative before one word: "周有大赉，善人是富。",
                    // the good were enriched by it; a copula names a thing in more)
                    || pat == "是"
                        && after
                            .strip_prefix('是')
                            .and_then(|r| r.split(['，', '。', '；', '！', '？']).next())
                            .is_some_and(|c| c.chars().count() == 1)
            };
            if after.starts_with(pat)
                && !judgement()
                && ![
                    "是如何",
                    "是怎样",
                    "是怎樣",
                    "是怎么",
                    "是怎麼",
                    "是谁",
                    "是誰",
                    "是哪",
                    "是多少",
                    "为什么",
                    "為什麼",
                    "是什么",
                    "是什麼",
                    "是否",
                    "是不是",
                ]
                .iter()
                .any(|q| after.starts_with(q))
            {
                score = score.max(w);
            }
        }
        // Classical identification: "孟子，鄒人也", "X，字Y", "X字Y"
        let rest = after.trim_start_matches(['，', ',']);
        if rest.starts_with('字') && rest.chars().nth(1).is_some_and(|c| c != '，') {
            score = score.max(1.0);
        }
        if after.starts_with('，') {
            let clause: String = rest
                .chars()
                .take_while(|c| !"，。；".contains(*c))
                .collect();
            if (clause.ends_with("人也") || clause.ends_with('人')) && clause.chars().count() <= 8
            {
                score = score.max(1.0);
            } else if clause.ends_with('也')
                && clause.chars().count() <= 12
                // (not a manner, "子路，行行如也", "闵子侍侧，訚訚如也": how one looked, not
                // what one is)
                && !clause.ends_with("如也")
            {
                // the classical copula: "麻冕，禮也"
                score = score.max(0.7);
            }
        }
        if after.starts_with("也者") {
            score = score.max(1.0);
        }
        // A manual's description line: "cp - 复制文件和目录", "X：…"
        if ["- ", "— "].iter().any(|d| after.starts_with(d))
            && after.chars().count() >= 6
            && lead.is_empty()
        {
            score = score.max(0.7);
        }
        // (a verb followed by 的 modifies a noun and says nothing of X: "软件包构建的大致流程";
        // nor does one followed by 时, a clause of time: "软件包安装时：由 dpkg 命令调用")
        if ZH_DESCRIBING.iter().any(|v| {
            [
                after,
                after.trim_start_matches(['可', '能', '会', '會', '只', '仅', '僅', '也', '都']),
            ]
            .iter()
            .any(|a| {
                a.strip_prefix(v)
                    .is_some_and(|r| !r.starts_with(['的', '时', '時']))
            })
        }) {
            score = score.max(0.5);
        }
        // What a program named in Latin letters does, said right after its name or after a
        // phrase of means ("gunzip 检查…", "cmake 命令根据 CMakeLists.txt 文件来生成 Makefile
        // 文件")
        if subject && !term.chars().any(chinese::is_cjk) && sentence.trim_end().ends_with('。') {
            let does = |clause: &str| {
                ZH_DOING.iter().any(|v| {
                    clause
                        .strip_prefix(v)
                        .is_some_and(|r| !r.starts_with(['的', '时', '時']))
                })
            };
            let clause = after.split(['，', '。', '；', '：']).next().unwrap_or("");
            let means = ["根据", "根據", "通过", "通過", "使用"]
                .iter()
                .find_map(|p| clause.strip_prefix(p))
                .and_then(|m| m.find(['来', '來']).map(|at| &m[at + '来'.len_utf8()..]));
            if does(clause) || means.is_some_and(does) {
                score = score.max(0.45);
            }
        }
        // Last: a modal or adverb opens a predicate about X ("X 可以 …", "X 必须 …"), X in
        // the sentence's first clause (a verse's number before it is no clause): after a
        // clause of circumstance, "在编译软件包之后，源代码通常会…", "使用 LVM2 的话，硬盘分区
        // 可以…", the sentence is about that case
        if ZH_PREDICATE.iter().any(|v| after.starts_with(v))
            && (!lead.contains(['，', '；', '：', ',', ';', ':'])
                || lead
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == ':' || c == '.' || c == ' '))
            && sentence.trim_end().ends_with(['。', '！', '.'])
        {
            score = score.max(0.3);
        }
    }
    if modified {
        score = score.min(before_subject.max(0.45));
    }
    // What X is for: "使用 dch 命令来添加…", "用 lintian 以检查…", "通过 X 可以…".
    // (past the marks of a variable's expansion: "采纳 $(DESTDIR) 作为…")
    {
        let lead = before.trim_end_matches([' ', '“', '「', '"', '`', '$', '(', '{']);
        let mut rest = raw_after.trim_start_matches([' ', '”', '」', '"', '`', ')', '}']);
        // (a command's manual section is no word after it: "用 script(1) 记录…")
        if term.is_ascii() {
            rest = skip_manual_section(rest).trim_start();
        }
        let mut headed = false;
        if !term.chars().any(chinese::is_cjk)
            && let Some(h) = ZH_HEADS.iter().find(|h| rest.starts_with(**h))
        {
            rest = &rest[h.len()..];
            headed = true;
        }
        let rest = rest.trim_start();
        // (or, after a program in Latin letters, the verb itself, where the sentence opens
        // with the use and nothing but who uses it comes before: "5. 用 gzip 处理存档",
        // "你可以使用 interdiff(1) 命令比较两个 diff.gz 文件。", "通过 modprobe(8) 程序添加和删除
        // 内核模块…"; not a verb that makes a modifier, "使用 UTF-8 挂载的文件系统", nor another
        // program's use of it, "uscan 命令会…使用 GPG 签名验证…", nor a heading)
        let verb_next = || {
            let verb = rest.char_indices().nth(2).map_or("", |(at, _)| &rest[..at]);
            // (the words before the verb of use: "你可以" of "你可以使用")
            let opener = USING_VERBS
                .iter()
                .find_map(|v| lead.strip_suffix(v))
                .unwrap_or(lead);
            !term.chars().any(chinese::is_cjk)
                && verb.chars().count() == 2
                && verb.chars().all(chinese::is_cjk)
                && chinese::predicate_word(verb, false)
                && !rest[verb.len()..].starts_with(['的', '地'])
                && opener.chars().all(|c| {
                    c.is_ascii_digit()
                        || ". *•".contains(c)
                        || "你您我们們可以请請还還并並也就再先然后後需要应應该該这這里裡此时時"
                            .contains(c)
                })
                && sentence.trim_end().ends_with(['。', '；', ';'])
                && !sentence.contains("参见")
                && !sentence.contains("參見")
        };
        if USING_VERBS.iter().any(|v| lead.ends_with(v))
            && (["来", "來", "以", "可以", "进行", "進行"]
                .iter()
                .any(|v| rest.starts_with(v))
                || verb_next())
            && !sentence.contains("如下")
            && !sentence.contains("以下")
            && !sentence.trim_end().ends_with(['：', ':'])
            // (not advice for a case, "如果你不知道应该使用哪一个，则使用 Build-Depends 以保证
            // 安全。", unless it names a tool by its kind and what it does then: "如果构建结果
            // 令人满意，那就用 debsign 命令以你的私有 GPG 密钥签署 .dsc 文件")
            && (headed || !opens_a_case(sentence))
        {
            score = score.max(0.4);
        }
        // the role X is given: "安装文件时采纳 $(DESTDIR) 作为目标系统镜像的路径前缀"
        if [
            "使用", "用", "采纳", "採納", "采用", "採用", "以", "将", "將", "把",
        ]
        .iter()
        .any(|v| lead.ends_with(v))
            && ["作为", "作為"].iter().any(|v| rest.starts_with(v))
            && rest.chars().filter(|c| chinese::is_cjk(*c)).count() >= 6
        {
            score = score.max(0.4);
        }
    }
    // What a tool does, said in the passive: "这些符号文件…将交由 dpkg-gensymbols 命令进行
    // 处理和安装。", "这些路径设置已由 dh_auto_configure 命令自动处理。"
    // Whom the text calls X: "凡背弃约言的，都是罪人。", "凡告发…者，是罪人" (X ends the
    // clause that 凡 began)
    {
        let clause_at = before.rfind(['。', '；', '！', '？']).map_or(0, |at| {
            at + before[at..].chars().next().map_or(1, char::len_utf8)
        });
        let clause = &before[clause_at..];
        let called = clause
            .trim_end()
            .strip_suffix('是')
            .map(|h| h.trim_end_matches(['都', '皆', '就', '便', '确', '確', '乃', '即']))
            .is_some_and(|h| h.ends_with(['的', '者', '，']));
        let ends_clause = raw_after
            .trim_start_matches(['”', '」', '"'])
            .chars()
            .next()
            .is_none_or(|c| "。；！，".contains(c));
        let condition = clause.rsplit_once('凡').map(|(_, c)| c);
        if called
            && ends_clause
            && condition.is_some_and(|c| c.chars().filter(|c| chinese::is_cjk(*c)).count() >= 5)
        {
            score = score.max(0.5);
        }
    }
    // (or by a sentence that says what X makes: "….buildinfo 是 dpkg-genbuildinfo(1) 生成的
    // 元数据文件。")
    if !term.chars().any(chinese::is_cjk)
        && before.trim_end().ends_with('是')
        && sentence.trim_end().ends_with(['。', '；'])
        && ["生成的", "产生的", "產生的", "创建的", "創建的", "提供的"]
            .iter()
            .any(|v| skip_manual_section(raw_after).trim_start().starts_with(v))
    {
        score = score.max(0.35);
    }
    if !term.chars().any(chinese::is_cjk)
        && before.trim_end().ends_with('由')
        && sentence.trim_end().ends_with(['。', '；'])
        && !ZH_ANNOUNCING.iter().any(|w| sentence.contains(w))
    {
        // (past the manual section after the name: "由 dpkg-genbuildinfo(1) 自动生成")
        let mut rest = skip_manual_section(raw_after).trim_start();
        if let Some(h) = ZH_HEADS.iter().find(|h| rest.starts_with(**h)) {
            rest = &rest[h.len()..];
        }
        let rest = rest
            .trim_start()
            .trim_start_matches(['自', '动', '動', '所'])
            .trim_start();
        if ZH_DESCRIBING.iter().any(|v| rest.starts_with(v))
            || ["进行", "進行", "生成", "产生", "產生", "提供", "打包"]
                .iter()
                .any(|v| rest.starts_with(v))
        {
            score = score.max(0.35);
        }
    }
    if name_like(term) && credited(before) {
        score = score.max(0.45);
    }
    // (a short sentence about "this file" says what X does only with the sentence before it:
    // "dh_installdocs(1) 命令会安装这个文件。")
    let pointing = sentence.chars().filter(|c| chinese::is_cjk(*c)).count() < 16
        && (["这个", "這個", "这些", "這些", "它"]
            .iter()
            .any(|d| raw_after.contains(d))
            // ("此项", "该项": the item, not 因此项目 or 该项目)
            || ["此项", "此項", "该项", "該項"].iter().any(|d| {
                raw_after.match_indices(d).any(|(at, _)| {
                    !raw_after[..at].ends_with(['因', '如'])
                        && !raw_after[at + d.len()..].starts_with('目')
                })
            }));
    if pointing && score <= 0.5 {
        return None;
    }
    (score > 0.0).then_some(score + if pos < 6 { 0.3 } else { 0.0 })
}

#[cfg(test)]
mod tests;

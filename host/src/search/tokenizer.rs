//! Text analysis shared by the full-text index and the embedded embedder: Han (and kana) runs are
//! segmented by jieba with the wiki's own titles and aliases added to its dictionary, so that an
//! entry's name is one token; other alphanumeric runs are split into words, lower-cased and
//! stemmed for English (Snowball). Mixed text is handled run by run.
//!
//! Not for: deciding what is indexed (see `index.rs`) or query syntax.

use std::sync::{Arc, OnceLock};

use aho_corasick::{AhoCorasick, MatchKind};
use jieba_rs::{Jieba, TokenizeMode};
use tantivy::tokenizer::{
    LowerCaser, RemoveLongFilter, TextAnalyzer, Token, TokenFilter, TokenStream, Tokenizer,
};

/// Name under which the analyzer is registered in every wiki index.
pub const TOKENIZER: &str = "grove";

/// Is `c` a character that jieba should segment (Han ideographs, kana)?
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FFFF)
}

/// jieba with its default dictionary, loaded once per process on first use (about 0.2 s and
/// tens of MB, which is why an idle server does not load it). Share this one instance; do not
/// load another.
pub fn base_jieba() -> &'static Arc<Jieba> {
    static BASE: OnceLock<Arc<Jieba>> = OnceLock::new();
    BASE.get_or_init(|| Arc::new(Jieba::new()))
}

/// The segmenter of one wiki: jieba's shared base dictionary, which is only loaded when a CJK
/// run is first cut (an English wiki never loads it), with the wiki's names (entry titles and
/// aliases) laid over it: a name is always one word, and the text around it is cut by the base
/// dictionary. The overlay replaces a copy of jieba's dictionary per wiki (about 15 ms and
/// tens of MB each).
#[derive(Clone)]
pub enum Segmenter {
    Base,
    WithNames(Arc<AhoCorasick>),
}

impl Segmenter {
    /// The words of a CJK run as byte ranges, in order. In search mode a name is preceded by
    /// the dictionary words inside it, as jieba's search mode does for a long word.
    pub fn cut(&self, run: &str, mode: TokenizeMode) -> Vec<(usize, usize)> {
        let base = |out: &mut Vec<(usize, usize)>, from: usize, text: &str| {
            out.extend(
                base_jieba()
                    .tokenize(text, mode, true)
                    .into_iter()
                    .map(|t| (from + t.byte_start, from + t.byte_end)),
            );
        };
        let mut out = Vec::new();
        match self {
            Segmenter::Base => base(&mut out, 0, run),
            Segmenter::WithNames(names) => {
                for (at, piece, name) in pieces(names, run) {
                    if name.is_none() {
                        base(&mut out, at, piece);
                        continue;
                    }
                    let whole = (at, at + piece.len());
                    if matches!(mode, TokenizeMode::Search) {
                        // the dictionary words inside the name, then the name
                        let mut inside = Vec::new();
                        base(&mut inside, at, piece);
                        out.extend(inside.into_iter().filter(|w| *w != whole));
                    }
                    out.push(whole);
                }
            }
        }
        out
    }
}

/// `s` cut at the (leftmost-longest) matches of `names`, in order: each piece with its byte
/// offset and the index of the name it is, or `None` for the text between names. The overlay
/// of words on jieba's shared dictionary, here and in the Chinese analysis.
pub fn pieces<'a>(names: &AhoCorasick, s: &'a str) -> Vec<(usize, &'a str, Option<usize>)> {
    let mut out = Vec::new();
    let mut at = 0;
    for m in names.find_iter(s) {
        if m.start() > at {
            out.push((at, &s[at..m.start()], None));
        }
        out.push((
            m.start(),
            &s[m.start()..m.end()],
            Some(m.pattern().as_usize()),
        ));
        at = m.end();
    }
    if at < s.len() {
        out.push((at, &s[at..], None));
    }
    out
}

/// jieba's default dictionary with `names` (a wiki's titles and aliases) laid over it, each of
/// which will be cut as one word. Without any CJK name (an English wiki) this is the shared
/// base dictionary alone, not loaded until needed.
pub fn jieba_with<'a>(names: impl IntoIterator<Item = &'a str>) -> Segmenter {
    let mut extra: Vec<&str> = names
        .into_iter()
        .map(str::trim)
        .filter(|name| name.chars().count() >= 2 && name.chars().all(is_cjk))
        .collect();
    extra.sort_unstable();
    extra.dedup();
    if extra.is_empty() {
        return Segmenter::Base;
    }
    match AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostLongest)
        .build(&extra)
    {
        Ok(ac) => Segmenter::WithNames(Arc::new(ac)),
        // only a pattern set too large for the automaton fails; the base cut still works
        Err(e) => {
            tracing::warn!(error = %e, names = extra.len(), "entry names not added to the segmentation");
            Segmenter::Base
        }
    }
}

/// The tokenizer: jieba for CJK runs, word splitting for the rest. Lower-casing and stemming are
/// filters added by [`analyzer`].
#[derive(Clone)]
pub struct GroveTokenizer {
    jieba: Segmenter,
    /// Search mode also emits the dictionary words inside a long word (better recall for the
    /// index); default mode gives one segmentation (for the embedder's co-occurrences).
    search_mode: bool,
    tokens: Vec<Token>,
}

impl GroveTokenizer {
    pub fn new(jieba: Segmenter, search_mode: bool) -> Self {
        GroveTokenizer {
            jieba,
            search_mode,
            tokens: Vec::new(),
        }
    }
}

/// The token stream of one text (tokens are computed eagerly).
pub struct GroveTokenStream<'a> {
    tokens: &'a mut Vec<Token>,
    next: usize,
}

impl TokenStream for GroveTokenStream<'_> {
    fn advance(&mut self) -> bool {
        self.next += 1;
        self.next <= self.tokens.len()
    }
    fn token(&self) -> &Token {
        &self.tokens[self.next - 1]
    }
    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next - 1]
    }
}

impl Tokenizer for GroveTokenizer {
    type TokenStream<'a> = GroveTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> GroveTokenStream<'a> {
        self.tokens.clear();
        let mode = if self.search_mode {
            TokenizeMode::Search
        } else {
            TokenizeMode::Default
        };
        let mut position = 0usize;
        let mut push = |tokens: &mut Vec<Token>, from: usize, to: usize, text: &str| {
            tokens.push(Token {
                offset_from: from,
                offset_to: to,
                position,
                text: text.to_string(),
                position_length: 1,
            });
            position += 1;
        };
        let mut chars = text.char_indices().peekable();
        while let Some(&(start, c)) = chars.peek() {
            if is_cjk(c) {
                let mut end = start;
                while let Some(&(i, c)) = chars.peek() {
                    if !is_cjk(c) {
                        break;
                    }
                    end = i + c.len_utf8();
                    chars.next();
                }
                let run = &text[start..end];
                for (from, to) in self.jieba.cut(run, mode) {
                    let word = &run[from..to];
                    if word.chars().any(char::is_alphanumeric) {
                        push(&mut self.tokens, start + from, start + to, word);
                    }
                }
            } else if c.is_alphanumeric() {
                let mut end = start;
                while let Some(&(i, c)) = chars.peek() {
                    if !c.is_alphanumeric() || is_cjk(c) {
                        break;
                    }
                    end = i + c.len_utf8();
                    chars.next();
                }
                push(&mut self.tokens, start, end, &text[start..end]);
            } else {
                chars.next();
            }
        }
        GroveTokenStream {
            tokens: &mut self.tokens,
            next: 0,
        }
    }
}

/// The full analyzer: tokenizer, long-token removal, lower-casing, English stemming.
pub fn analyzer(jieba: Segmenter, search_mode: bool) -> TextAnalyzer {
    TextAnalyzer::builder(GroveTokenizer::new(jieba, search_mode))
        .filter(RemoveLongFilter::limit(48))
        .filter(LowerCaser)
        .filter(EnglishStemmer)
        .build()
}

/// Snowball's English stemmer with a memo of the words it has stemmed: a wiki's pages repeat
/// the same few thousand words, and stemming each occurrence again was a third of the time
/// of indexing one. Gives exactly the stems of tantivy's `Stemmer::new(Language::English)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct EnglishStemmer;

/// Words remembered by one analyzer before its memo starts over.
const STEM_MEMO: usize = 1 << 16;

impl TokenFilter for EnglishStemmer {
    type Tokenizer<T: Tokenizer> = EnglishStemmerFilter<T>;

    fn transform<T: Tokenizer>(self, inner: T) -> EnglishStemmerFilter<T> {
        EnglishStemmerFilter {
            inner,
            memo: std::collections::HashMap::new(),
        }
    }
}

/// The tokenizer [`EnglishStemmer`] makes; the memo lives as long as the analyzer.
#[derive(Clone)]
pub struct EnglishStemmerFilter<T> {
    inner: T,
    memo: std::collections::HashMap<String, String>,
}

impl<T: Tokenizer> Tokenizer for EnglishStemmerFilter<T> {
    type TokenStream<'a> = EnglishStemmerStream<'a, T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        if self.memo.len() >= STEM_MEMO {
            self.memo.clear();
        }
        EnglishStemmerStream {
            tail: self.inner.token_stream(text),
            memo: &mut self.memo,
        }
    }
}

/// A token stream whose tokens are replaced by their stems.
pub struct EnglishStemmerStream<'a, T> {
    tail: T,
    memo: &'a mut std::collections::HashMap<String, String>,
}

fn english_stemmer() -> &'static frostem::Stemmer {
    static STEMMER: OnceLock<frostem::Stemmer> = OnceLock::new();
    STEMMER.get_or_init(|| frostem::Stemmer::new(frostem::Algorithm::English))
}

impl<T: TokenStream> TokenStream for EnglishStemmerStream<'_, T> {
    fn advance(&mut self) -> bool {
        if !self.tail.advance() {
            return false;
        }
        let token = self.tail.token_mut();
        if let Some(stem) = self.memo.get(&token.text) {
            token.text.clone_from(stem);
        } else {
            let stem = english_stemmer().stem(&token.text).into_owned();
            let word = std::mem::replace(&mut token.text, stem.clone());
            self.memo.insert(word, stem);
        }
        true
    }

    fn token(&self) -> &Token {
        self.tail.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.tail.token_mut()
    }
}

/// The analysed terms of `text`, in order.
pub fn terms(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stream = analyzer.token_stream(text);
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// Rewrites a user query so that every CJK run is split into jieba words separated by spaces:
/// the query parser then treats them as separate terms instead of one phrase. Everything else
/// (operators, quotes, English words) is left as typed.
pub fn spaced_query(jieba: &Segmenter, query: &str) -> String {
    let mut out = String::with_capacity(query.len() * 2);
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        if run.is_empty() {
            return;
        }
        let words: Vec<&str> = jieba
            .cut(run, TokenizeMode::Default)
            .into_iter()
            .map(|(from, to)| &run[from..to])
            .collect();
        if !out.is_empty() && !out.ends_with([' ', '"', '(', '+', '-', ':']) {
            out.push(' ');
        }
        out.push_str(&words.join(" "));
        out.push(' ');
        run.clear();
    };
    for c in query.chars() {
        if is_cjk(c) {
            run.push(c);
        } else {
            flush(&mut run, &mut out);
            out.push(c);
        }
    }
    flush(&mut run, &mut out);
    out.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_names_are_one_token_and_english_is_stemmed() {
        let jieba = jieba_with(["克己复礼"]);
        let mut a = analyzer(jieba.clone(), false);
        let t = terms(
            &mut a,
            "颜渊问仁。子曰：克己复礼为仁。Farmers planted trees",
        );
        assert!(t.contains(&"克己复礼".to_string()), "{t:?}");
        assert!(t.contains(&"plant".to_string()), "{t:?}");
        assert!(t.contains(&"farmer".to_string()), "{t:?}");
        let mut b = analyzer(jieba, true);
        assert!(terms(&mut b, "planting").contains(&"plant".to_string()));
    }

    #[test]
    fn the_memoized_stemmer_stems_as_tantivys() {
        use tantivy::tokenizer::{Language, SimpleTokenizer, Stemmer};
        let text = "Running runners ran; the packages' maintainers maintained packaging. \
                    Running again: generously, generalization, généralement, 孔子 Running";
        let mut ours = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .filter(EnglishStemmer)
            .build();
        let mut theirs = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .filter(Stemmer::new(Language::English))
            .build();
        // twice: the second pass is answered from the memo
        for _ in 0..2 {
            assert_eq!(terms(&mut ours, text), terms(&mut theirs, text));
        }
        assert!(terms(&mut ours, text).contains(&"run".to_string()));
    }

    #[test]
    fn names_overlay_the_base_dictionary() {
        // (names, run, the names that must come out as words)
        let cases: &[(&[&str], &str, &[&str])] = &[
            (&[], "颜渊问仁子曰克己复礼为仁", &[]),
            (&["问仁子"], "颜渊问仁子曰克己复礼为仁", &["问仁子"]),
            (&["仁子曰克"], "颜渊问仁子曰克己复礼为仁", &["仁子曰克"]),
            // the longest of overlapping names wins
            (&["季康", "季康子"], "季康子问政于孔子", &["季康子"]),
            (&["软件包维护者"], "成为软件包维护者之后", &["软件包维护者"]),
        ];
        for (names, run, want) in cases {
            let seg = jieba_with(names.iter().copied());
            let words = |mode| -> Vec<&str> {
                seg.cut(run, mode)
                    .into_iter()
                    .map(|(a, b)| &run[a..b])
                    .collect()
            };
            let default = words(TokenizeMode::Default);
            // one segmentation: the words are the run, in order
            assert_eq!(default.concat(), *run, "{default:?}");
            for w in *want {
                assert!(default.contains(w), "{w} in {default:?}");
            }
            if names.is_empty() {
                let base: Vec<&str> = base_jieba()
                    .cut(run, true)
                    .into_iter()
                    .map(|t| t.word)
                    .collect();
                assert_eq!(default, base);
            }
            // search mode keeps the name and adds the dictionary words inside it before it
            let search = words(TokenizeMode::Search);
            for w in *want {
                let at = search
                    .iter()
                    .position(|s| s == w)
                    .expect("name in search mode");
                assert!(
                    search[..at]
                        .iter()
                        .all(|s| s.len() < w.len() || !w.contains(s))
                );
            }
        }
        let seg = jieba_with(["软件包维护者"]);
        let run = "软件包维护者";
        let search: Vec<&str> = seg
            .cut(run, TokenizeMode::Search)
            .into_iter()
            .map(|(a, b)| &run[a..b])
            .collect();
        assert_eq!(search.last(), Some(&"软件包维护者"));
        assert!(search.contains(&"维护"), "{search:?}");
    }

    #[test]
    fn offsets_point_into_the_text() {
        let mut a = analyzer(jieba_with([]), true);
        let text = "Hello 世界和平 world";
        let mut s = a.token_stream(text);
        while s.advance() {
            let t = s.token();
            assert!(text.is_char_boundary(t.offset_from) && text.is_char_boundary(t.offset_to));
        }
    }

    #[test]
    fn cjk_runs_are_spaced_in_queries() {
        let jieba = jieba_with(["克己复礼"]);
        let q = spaced_query(&jieba, "什么是克己复礼 and planting");
        assert!(q.contains(" 克己复礼"), "{q}");
        assert!(q.ends_with("and planting"), "{q}");
    }
}

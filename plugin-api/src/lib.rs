//! `grove-gene`: the guest SDK for writing Grove genes.
//!
//! A gene is a WebAssembly component (target `wasm32-wasip2`) that decides which wiki
//! entries exist for a book and what they say. This crate binds the newest released
//! `grove:gene` WIT package (see `wit/`), exposes the [`Gene`] trait with sensible
//! defaults, safe wrappers of the host imports ([`host`]), helpers to build grounded pages
//! ([`page`], [`build`]: quotes with citations, linked mentions, central passages, the
//! shared `improve`), the shared junk rejection ([`junk`]), and the [`register_gene!`] macro that exports a type
//! implementing [`Gene`] and embeds the ABI version in the `grove-gene-abi` custom
//! section so that a host can refuse an incompatible gene before compiling it.
//!
//! It is not the host: it knows nothing of how the host analyses text, stores pages or
//! runs genes. It has no dependency but `wit-bindgen`.
//!
//! ```ignore
//! use grove_gene::{Gene, GeneInfo, Document, Proposal, Entry, Page};
//! struct Hello;
//! impl Gene for Hello {
//!     fn info() -> GeneInfo { grove_gene::info("hello", "0.1.0", "says hello", &["hello"], &[]) }
//!     fn propose(doc: Document) -> Result<Vec<Proposal>, String> { Ok(vec![]) }
//! }
//! grove_gene::register_gene!(Hello);
//! ```

#[doc(hidden)]
pub mod bindings {
    wit_bindgen::generate!({
        path: "wit/grove-gene@1.1.0",
        world: "grove:gene/gene@1.1.0",
        pub_export_macro: true,
        export_macro_name: "__grove_export_gene",
        default_bindings_module: "grove_gene::bindings",
        generate_all,
    });
}

pub use bindings::grove::gene1_0_0::types::Location;
pub use bindings::grove::gene1_0_0::types::{
    Chapter, Citation, Document, Entry, Finding, GeneInfo, Level, Page, Passage, Procedure,
    Proposal, RelatedTerm, Review, Section, TermKind, TermStat,
};
pub use bindings::grove::gene1_1_0::source::CodeBlock;

/// The ABI version this SDK builds genes for (the WIT package version).
pub const ABI_VERSION: &str = "1.1.0";

/// The bytes written into the `grove-gene-abi` custom section by [`register_gene!`].
#[doc(hidden)]
pub const ABI_SECTION: [u8; ABI_VERSION.len()] = {
    let src = ABI_VERSION.as_bytes();
    let mut out = [0u8; ABI_VERSION.len()];
    let mut i = 0;
    while i < src.len() {
        out[i] = src[i];
        i += 1;
    }
    out
};

/// The bounds of ABI 1.1.0 (1.0.0's, and the code blocks'), as documented in the WIT files.
/// The host enforces them; a gene that stays within them never has a call refused for size.
pub mod limits {
    /// Titles, term texts, keys, aliases, headings (bytes).
    pub const MAX_TITLE: usize = 256;
    /// Passage text given to the gene (bytes).
    pub const MAX_PASSAGE: usize = 2048;
    /// Code block text given to the gene (bytes; a longer listing is cut after a line).
    pub const MAX_CODE: usize = 4096;
    /// Items in any list an import returns.
    pub const MAX_IMPORT_ITEMS: u32 = 100;
    /// `chapter-text` result (bytes).
    pub const MAX_CHAPTER_TEXT: usize = 262_144;
    /// String arguments to imports (bytes); longer ones give empty results.
    pub const MAX_IMPORT_ARG: usize = 1024;
    /// Proposals returned by one `propose`.
    pub const MAX_PROPOSALS: usize = 2000;
    /// Aliases per proposal or page.
    pub const MAX_ALIASES: usize = 32;
    /// Page summary (bytes).
    pub const MAX_SUMMARY: usize = 4096;
    /// Sections per page.
    pub const MAX_SECTIONS: usize = 64;
    /// One section body (bytes).
    pub const MAX_SECTION_BODY: usize = 65_536;
    /// Citations per page.
    pub const MAX_CITATIONS: usize = 512;
    /// Links per page.
    pub const MAX_LINKS: usize = 512;
    /// A whole page (bytes, all strings added up).
    pub const MAX_PAGE: usize = 524_288;
    /// Log lines per export call; a line is cut at 1024 bytes.
    pub const MAX_LOG_LINES: usize = 100;
}

/// A gene. Implement it on a unit struct and export it with [`register_gene!`].
///
/// Only [`Gene::info`] is required. The defaults propose nothing, render a page made
/// of quoted passages that mention the entry's key, and never improve a page.
pub trait Gene {
    /// Name (`[a-z0-9-]`, unique among the host's genes), version, description,
    /// entry types and languages. Called when the gene is loaded.
    fn info() -> GeneInfo;

    /// Which entries of this gene's types should exist for the document.
    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let _ = doc;
        Ok(Vec::new())
    }

    /// One entry -> one page. The default quotes up to five passages that define or
    /// mention the entry's key, each with its citation.
    fn render(entry: Entry) -> Result<Page, String> {
        Ok(page::quoted_page(&entry, 5))
    }

    /// A page plus the host's review -> a better page, or `None` to keep it.
    fn improve(page: Page, review: Review) -> Result<Option<Page>, String> {
        let _ = (page, review);
        Ok(None)
    }
}

/// Builds a [`GeneInfo`].
pub fn info(
    name: &str,
    version: &str,
    description: &str,
    entry_types: &[&str],
    languages: &[&str],
) -> GeneInfo {
    GeneInfo {
        name: name.to_string(),
        version: version.to_string(),
        description: description.to_string(),
        entry_types: entry_types.iter().map(|s| s.to_string()).collect(),
        languages: languages.iter().map(|s| s.to_string()).collect(),
    }
}

/// Safe wrappers of the host imports: read-only look-ups into the analysed document.
pub mod host {
    use super::bindings::grove::gene1_0_0::host as raw;
    use super::bindings::grove::gene1_1_0::source;
    use super::{CodeBlock, Level, Passage, RelatedTerm};

    /// Passages that mention `term` (or one of its variants), in reading order.
    pub fn mentions(term: &str, limit: u32) -> Vec<Passage> {
        raw::mentions(term, limit)
    }
    /// Passages that define or describe `term`, best first.
    pub fn definitions(term: &str, limit: u32) -> Vec<Passage> {
        raw::definitions(term, limit)
    }
    /// Terms co-occurring with `term`, strongest first.
    pub fn related(term: &str, limit: u32) -> Vec<RelatedTerm> {
        raw::related(term, limit)
    }
    /// Full-text search over the passages.
    pub fn search(query: &str, limit: u32) -> Vec<Passage> {
        raw::search(query, limit)
    }
    /// One passage by id.
    pub fn passage(id: &str) -> Option<Passage> {
        raw::get_passage(id)
    }
    /// The passages of chapter `chapter` from `offset`.
    pub fn chapter_passages(chapter: u32, offset: u32, limit: u32) -> Vec<Passage> {
        raw::chapter_passages(chapter, offset, limit)
    }
    /// A chapter's plain text.
    pub fn chapter_text(chapter: u32) -> Option<String> {
        raw::chapter_text(chapter)
    }
    /// The steps of a procedure, in order.
    pub fn procedure_steps(id: &str, limit: u32) -> Vec<Passage> {
        raw::procedure_steps(id, limit)
    }
    /// The code blocks (commands, listings) that follow the paragraph of passage `id` in the
    /// source: a step's command. Every passage of one paragraph gets the same. ABI 1.1.
    pub fn code_after(id: &str, limit: u32) -> Vec<CodeBlock> {
        source::code_after(id, limit)
    }
    /// What the source's tables say `term` is ("gettext: GNU Internationalization
    /// utilities", from a table with a description column), cited where the table is: a
    /// lead for a term the prose never defines. No definition or mention is one. ABI 1.1.
    pub fn glosses(term: &str, limit: u32) -> Vec<Passage> {
        source::glosses(term, limit)
    }
    /// The title of the planned entry a term belongs to (none during `propose`).
    pub fn entry_for(term: &str) -> Option<String> {
        raw::entry_for(term)
    }
    /// LLM completion when the operator configured a model; `None` otherwise.
    pub fn complete(prompt: &str, max_tokens: u32) -> Option<String> {
        raw::complete(prompt, max_tokens)
    }
    /// A log line in the server log, tagged with the gene and the job.
    pub fn log(level: Level, message: &str) {
        raw::log(level, message)
    }
    /// `log(Level::Info, message)`.
    pub fn info(message: &str) {
        raw::log(Level::Info, message)
    }
    /// `log(Level::Warn, message)`.
    pub fn warn(message: &str) {
        raw::log(Level::Warn, message)
    }
}

/// Helpers for grounded pages: every sentence a quote with its citation or a fixed
/// template line.
pub mod page {
    use super::{Citation, Entry, Location, Page, Passage, Section, host};

    /// "Chapter title, §section, p. 12" / "line 40": a human-readable location.
    pub fn location_label(loc: &Location) -> String {
        let mut s = if loc.chapter_title.is_empty() {
            format!("Chapter {}", loc.chapter + 1)
        } else {
            loc.chapter_title.clone()
        };
        if let Some(sec) = &loc.section
            && !sec.is_empty()
            && sec != &loc.chapter_title
        {
            s.push_str(" › ");
            s.push_str(sec);
        }
        if let Some(p) = loc.page {
            s.push_str(&format!(", p. {p}"));
        } else if let Some(l) = loc.line {
            s.push_str(&format!(", line {l}"));
        }
        s
    }

    /// The verse reference a passage opens with, as scripture numbers its verses ("2:255
    /// Allah - there is no deity …", "12:4 …"): chapter, colon, verse.
    pub fn verse_reference(text: &str) -> Option<&str> {
        let t = text.trim_start();
        let (r, rest) = t.split_once(' ')?;
        let (c, v) = r.split_once(':')?;
        let digits = |s: &str| (1..=3).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
        (digits(c) && digits(v) && !rest.trim().is_empty()).then_some(r)
    }

    /// Where a passage is, as a reader finds it: [`location_label`], with the verse it opens
    /// with in place of the file's line where it opens with one ("Surah 12. Joseph › 12:4",
    /// not "line 1632").
    pub fn passage_label(p: &Passage) -> String {
        match verse_reference(&p.text) {
            Some(verse) => {
                let loc = Location {
                    line: None,
                    ..p.location.clone()
                };
                format!("{} › {verse}", location_label(&loc))
            }
            None => location_label(&p.location),
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn a_verse_is_cited_by_its_number_not_its_line() {
            let at = |line| Location {
                chapter: 11,
                chapter_title: "Surah 12. Joseph (Yusuf)".into(),
                section: None,
                page: None,
                line: Some(line),
            };
            let p = |text: &str| Passage {
                id: "s1".into(),
                text: text.into(),
                location: at(1632),
            };
            // (passage text, label)
            for (text, want) in [
                (
                    "12:4 When Joseph said to his father",
                    "Surah 12. Joseph (Yusuf) › 12:4",
                ),
                ("And Joseph said.", "Surah 12. Joseph (Yusuf), line 1632"),
                ("10:30 ", "Surah 12. Joseph (Yusuf), line 1632"),
                ("1234:5 text", "Surah 12. Joseph (Yusuf), line 1632"),
            ] {
                assert_eq!(passage_label(&p(text)), want, "{text}");
            }
        }
    }

    /// A Markdown block quote of the passage followed by its location, and the citation.
    pub fn quote(p: &Passage) -> (String, Citation) {
        let md = format!(
            "> {}\n>\n> — {} [^{}]\n",
            p.text.trim().replace('\n', " "),
            passage_label(p),
            p.id
        );
        (
            md,
            Citation {
                passage_id: p.id.clone(),
                quote: p.text.clone(),
            },
        )
    }

    /// Quotes the passages into one section; returns it with the citations.
    pub fn quotes_section(heading: &str, passages: &[Passage]) -> (Section, Vec<Citation>) {
        let mut body = String::new();
        let mut cites = Vec::new();
        for p in passages {
            let (md, c) = quote(p);
            body.push_str(&md);
            body.push('\n');
            cites.push(c);
        }
        (
            Section {
                heading: heading.to_string(),
                body,
            },
            cites,
        )
    }

    /// The longest passage, in characters, that a page shows whole: a longer one (a speech of
    /// 400 characters, a verse of 600) is shown by [`excerpt`].
    pub const WHOLE_ZH: usize = 160;
    /// See [`WHOLE_ZH`].
    pub const WHOLE_EN: usize = 480;

    /// The part of a long passage a page shows for the entry `names` (title and aliases): the
    /// sentences around the first that opens with a name (a definition, "仁者，人也"), else the
    /// first that holds one, else the passage's opening, and the sentences after it (before it
    /// where the passage ends first), up to three quarters of the
    /// [`WHOLE_ZH`] or [`WHOLE_EN`] limit, with "…" where text is left out. A speech keeps its
    /// speaker ("子曰：「…"). A passage within the limit, or one that holds no stop, is shown
    /// whole. The citation still quotes the whole passage: the excerpt is a part of it.
    pub fn excerpt(text: &str, names: &[&str], zh: bool) -> String {
        let text = text.trim();
        let (whole, window) = if zh {
            (WHOLE_ZH, WHOLE_ZH * 3 / 4)
        } else {
            (WHOLE_EN, WHOLE_EN * 3 / 4)
        };
        let chars = |s: &str| s.chars().count();
        if chars(text) <= whole {
            return text.to_string();
        }
        // (the passage as sentences, each with its stop and any closing quote)
        let mut units: Vec<&str> = Vec::new();
        let mut start = 0;
        let cs: Vec<(usize, char)> = text.char_indices().collect();
        for (k, &(i, c)) in cs.iter().enumerate() {
            let stop = if zh {
                matches!(c, '。' | '！' | '？' | '；')
            } else {
                matches!(c, '.' | ';' | '?' | '!')
                    && cs.get(k + 1).is_some_and(|(_, n)| *n == ' ')
                    && cs.get(k + 2).is_some_and(|(_, n)| !n.is_lowercase())
            };
            if !stop {
                continue;
            }
            let mut end = i + c.len_utf8();
            let mut j = k + 1;
            while let Some(&(at, n)) = cs.get(j) {
                if !"」』”’\"')）".contains(n) {
                    break;
                }
                end = at + n.len_utf8();
                j += 1;
            }
            if end > start && end < text.len() {
                units.push(&text[start..end]);
                start = end;
            }
        }
        if start < text.len() {
            units.push(&text[start..]);
        }
        if units.len() < 2 {
            return text.to_string();
        }
        let lower: Vec<String> = units.iter().map(|u| u.trim().to_lowercase()).collect();
        let names: Vec<String> = names
            .iter()
            .map(|n| n.trim().to_lowercase())
            .filter(|n| !n.is_empty())
            .collect();
        let at = lower
            .iter()
            .position(|u| names.iter().any(|n| u.starts_with(n.as_str())))
            .or_else(|| {
                lower
                    .iter()
                    .position(|u| names.iter().any(|n| u.contains(n.as_str())))
            })
            .unwrap_or(0);
        let (mut from, mut to) = (at, at + 1);
        let mut len = chars(units[at]);
        loop {
            let next = units.get(to).map(|u| chars(u));
            let prev = from.checked_sub(1).map(|k| chars(units[k]));
            // (the sentences after the first come first, what follows a name says what it
            // is; those before it only where the passage ends within the window)
            match (next, prev) {
                (Some(n), _) if len + n <= window => {
                    len += n;
                    to += 1;
                }
                (None, Some(p)) if len + p <= window => {
                    len += p;
                    from -= 1;
                }
                _ => break,
            }
        }
        let mut out = String::new();
        if from > 0 {
            // (a speech keeps its speaker: 子曰：「…)
            let opening = units[0];
            let speaker = ["：「", "：“", ": “", ": \""].iter().find_map(|q| {
                opening
                    .find(q)
                    .filter(|&i| chars(&opening[..i]) <= 12)
                    .map(|i| &opening[..i + q.len()])
            });
            if let Some(sp) = speaker {
                out.push_str(sp);
            }
            out.push('…');
            if !zh {
                out.push(' ');
            }
        }
        out.push_str(units[from..to].concat().trim());
        if to < units.len() {
            if !zh {
                out.push(' ');
            }
            out.push('…');
        }
        out
    }

    #[cfg(test)]
    mod excerpt_tests {
        use super::excerpt;

        #[test]
        fn a_long_passage_is_shown_around_the_entry() {
            let speech = format!(
                "子曰：「{}仁者人也，親親為大；義者宜也，尊賢為大。{}」",
                "天下之達道五，所以行之者三。".repeat(6),
                "好學近乎知，力行近乎仁。".repeat(6)
            );
            let verse = format!(
                "2:255 {} Moses said to his people: be patient. {}",
                "They ask you about the moon and the stars of the night. ".repeat(6),
                "And the sun runs on its course for a term appointed. ".repeat(9)
            );
            let cases: &[(&str, &[&str], bool, &str, &str)] = &[
                // (text, names, zh, the excerpt opens with, and ends with)
                (&speech, &["仁"], true, "子曰：「…", "」"),
                (&speech, &["義"], true, "子曰：「…", "」"),
                (&verse, &["Moses"], false, "… Moses said to his people", "…"),
                ("短文。仁者人也。", &["仁"], true, "短文。仁者人也。", "。"),
            ];
            for (text, names, zh, opens, ends) in cases {
                let got = excerpt(text, names, *zh);
                assert!(got.starts_with(opens), "{got}");
                assert!(got.ends_with(ends), "{got}");
                assert!(got.chars().count() <= if *zh { 130 } else { 370 }, "{got}");
                for part in got.split('…').filter(|p| p.trim().len() > 3) {
                    let part = part.trim().trim_start_matches("子曰：「");
                    assert!(text.contains(part), "{part}");
                }
            }
            for name in ["仁", "義"] {
                let got = excerpt(&speech, &[name], true);
                assert!(got.contains(&format!("{name}者")), "{got}");
            }
        }
    }

    /// Cuts `s` to at most `max` bytes at a char boundary.
    pub fn truncate(s: &str, max: usize) -> &str {
        if s.len() <= max {
            return s;
        }
        let mut end = max;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        &s[..end]
    }

    /// A page made of the best definitional passage (as summary) and up to `n`
    /// passages that mention the key, each quoted with its citation.
    pub fn quoted_page(entry: &Entry, n: u32) -> Page {
        let defs = host::definitions(&entry.key, 1);
        let mut mentions = host::mentions(&entry.key, n);
        let mut citations = Vec::new();
        let summary = match defs.first() {
            Some(d) => {
                citations.push(Citation {
                    passage_id: d.id.clone(),
                    quote: d.text.clone(),
                });
                mentions.retain(|m| m.id != d.id);
                truncate(d.text.trim(), 4000).to_string()
            }
            None => template_summary(entry),
        };
        let (section, cites) = quotes_section(
            if entry.lang == "zh" {
                "原文"
            } else {
                "In the text"
            },
            &mentions,
        );
        citations.extend(cites);
        let sections = if section.body.is_empty() {
            Vec::new()
        } else {
            vec![section]
        };
        Page {
            title: entry.title.clone(),
            entry_type: entry.entry_type.clone(),
            aliases: entry.aliases.clone(),
            summary,
            sections,
            citations,
            links: Vec::new(),
        }
    }

    /// A lead that names its entry before the quoted passage that describes it:
    /// "cat -A: Equivalent to -vET.", "tar -A：将一存档与已有的存档合并".
    pub fn named_lead(title: &str, quote: &str, zh: bool) -> String {
        format!("{title}{}{quote}", if zh { "：" } else { ": " })
    }

    /// The fixed template line used when the text has no definitional sentence.
    pub fn template_summary(entry: &Entry) -> String {
        if entry.lang == "zh" {
            format!(
                "“{}”见于{}。",
                entry.title,
                crate::build::book_zh(&entry.document_title)
            )
        } else {
            format!(
                "{} is a {} in {}.",
                entry.title,
                entry.entry_type,
                crate::build::book_en(&entry.document_title)
            )
        }
    }
}

/// Junk rejection shared by the default genes: titles no reader wants an entry for.
pub mod class;

pub mod junk {
    /// English function words that are never an entry on their own.
    pub const EN_FUNCTION: &[&str] = &[
        "a", "an", "the", "and", "or", "but", "if", "of", "to", "in", "on", "at", "by", "for",
        "with", "from", "as", "is", "are", "was", "were", "be", "been", "it", "its", "this",
        "that", "these", "those", "he", "she", "they", "we", "you", "i", "his", "her", "their",
        "our", "your", "not", "no", "so", "than", "then", "there", "here", "when", "where",
        "which", "who", "what", "how", "all", "any", "some", "each", "can", "will", "may", "must",
        "should", "would", "could", "do", "does", "also", "only", "into", "such", "other", "more",
        "most", "very", "see", "use", "note", "example", "yes", "ok",
    ];
    /// Chinese particles, pronouns and negations that are never an entry on their own.
    pub const ZH_FUNCTION: &str = "之乎者也矣焉哉兮而其以于於与與则則乃且亦又所为為的了是在和就都及着著过過吗嗎呢吧啊这這那我你他她它们們曰云不无無弗勿毋莫未非否吾予余尔爾汝";

    /// A manual's command-line option as the host names it: the command, then one option
    /// (`cat -A`, `read -a`, `tar --create`). Such an item is documented by the manual itself:
    /// never junk, and the default genes propose it however rarely the text repeats it.
    pub fn is_option_item(title: &str) -> bool {
        let mut words = title.split_whitespace();
        let (Some(command), Some(option), None) = (words.next(), words.next(), words.next()) else {
            return false;
        };
        let name = option
            .strip_prefix("--")
            .or_else(|| option.strip_prefix(['-', '+']));
        command
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && command
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
            && name.is_some_and(|n| {
                n.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
                    && n.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            })
    }

    /// Why `title` is junk, if it is: empty or too long, a number or verse/line number, a
    /// single Latin letter, a function word or particle, markup or a heading artefact, or a
    /// sentence fragment (dangling punctuation or a function word at its edge).
    pub fn reason(title: &str) -> Option<&'static str> {
        let t = title.trim();
        if t.is_empty() {
            return Some("empty");
        }
        if is_option_item(t) {
            return None;
        }
        if t.chars().count() > 80 {
            return Some("too long");
        }
        if !t.chars().any(char::is_alphabetic) {
            return Some("number or punctuation");
        }
        if t.chars().count() == 1 && t.chars().all(|c| c.is_ascii_alphabetic()) {
            return Some("single letter");
        }
        const MARKUP: &[&str] = &[
            "<", ">", "{", "}", "](", "**", "``", "\\", "http://", "https://", "&amp;", "&lt;",
            "&gt;", "&nbsp;", "[[", "]]",
        ];
        if MARKUP.iter().any(|m| t.contains(m)) || t.starts_with(['#', '|', '=', '*']) {
            return Some("markup");
        }
        let lower = t.to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        if words.len() == 1 && EN_FUNCTION.contains(&words[0]) {
            return Some("function word");
        }
        // (function words joined by a slash or a hyphen are one too: "and/or", "either-or")
        if words.len() == 1
            && lower.contains(['/', '-'])
            && lower
                .split(['/', '-'])
                .all(|w| w.is_empty() || EN_FUNCTION.contains(&w) || w == "either" || w == "nor")
        {
            return Some("function word");
        }
        if t.chars().all(|c| ZH_FUNCTION.contains(c)) {
            return Some("particle");
        }
        let cjk = t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        if !cjk && words.len() > 1 {
            let edge =
                |w: &str| EN_FUNCTION.contains(&w.trim_matches(|c: char| !c.is_alphanumeric()));
            // "The …", "A …", "To brew tea", "How to …", "When to …" are ordinary titles.
            let opener = [
                "the", "a", "an", "to", "how", "what", "when", "why", "where", "using", "if",
            ];
            if edge(words[0]) && !opener.contains(&words[0]) || edge(words[words.len() - 1]) {
                return Some("fragment");
            }
        }
        if t.ends_with([',', ';', '，', '；', '、', '：'])
            || t.starts_with([',', ';', '，', '、', '-', '.'])
        {
            return Some("fragment");
        }
        // a classical verb or preposition and 之, its object pronoun, open a clause, never a
        // name: "爲之歌" (sang for him), "使之", "謂之" (介之推 and 燭之武 open with no such word)
        let chars: Vec<char> = t.chars().collect();
        if chars.len() >= 3
            && chars[1] == '之'
            && "爲為为與与以使謂谓令告問问見见從从於于".contains(chars[0])
        {
            return Some("fragment");
        }
        // an identifier cut at its joiner: "DEB_" of DEB_BUILD_OPTIONS, "dh_" (not
        // "__init__")
        if t.ends_with('_') && !t.starts_with('_') {
            return Some("fragment");
        }
        None
    }

    /// `reason(title).is_some()`.
    pub fn is_junk(title: &str) -> bool {
        reason(title).is_some()
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn junk_titles() {
            for (title, want) in [
                ("", Some("empty")),
                ("of", Some("function word")),
                ("and/or", Some("function word")),
                ("either-or", Some("function word")),
                ("/usr", None),
                ("on-line", None),
                ("stream and", Some("fragment")),
                ("爲之歌", Some("fragment")),
                ("謂之信", Some("fragment")),
                ("介之推", None),
                ("燭之武", None),
                ("DEB_", Some("fragment")),
                ("dh_", Some("fragment")),
                ("__init__", None),
                ("DEB_BUILD_OPTIONS", None),
                ("ls -l", None),
            ] {
                assert_eq!(super::reason(title), want, "{title}");
            }
        }
    }
}

/// Building rich, grounded pages: every sentence either a quote of the source with its
/// citation or a fixed template line. Shared by the default genes.
pub mod build {
    use super::{Citation, Entry, Page, Passage, Review, Section, host, page};
    use std::collections::{HashMap, HashSet};

    /// Simplified characters of the genes' own Chinese words and their Traditional forms.
    /// (Characters that Traditional text also uses as they are, such as 于, 系 and 着, are
    /// left out: they tell nothing of the script.)
    const TRADITIONAL: &[(char, char)] = &[
        ('称', '稱'),
        ('读', '讀'),
        ('岭', '嶺'),
        ('县', '縣'),
        ('宫', '宮'),
        ('楼', '樓'),
        ('与', '與'),
        ('专', '專'),
        ('个', '個'),
        ('为', '為'),
        ('义', '義'),
        ('们', '們'),
        ('儿', '兒'),
        ('关', '關'),
        ('则', '則'),
        ('问', '問'),
        ('处', '處'),
        ('对', '對'),
        ('开', '開'),
        ('亲', '親'),
        ('条', '條'),
        ('点', '點'),
        ('现', '現'),
        ('组', '組'),
        ('织', '織'),
        ('节', '節'),
        ('过', '過'),
        ('这', '這'),
        ('见', '見'),
        ('览', '覽'),
        ('论', '論'),
        ('说', '說'),
        ('话', '話'),
        ('释', '釋'),
        ('骤', '驟'),
        ('无', '無'),
        ('时', '時'),
        ('国', '國'),
        ('会', '會'),
        ('来', '來'),
        ('长', '長'),
        ('书', '書'),
        ('经', '經'),
        ('门', '門'),
        ('马', '馬'),
        ('东', '東'),
        ('乐', '樂'),
        ('归', '歸'),
        ('杀', '殺'),
        ('权', '權'),
        ('声', '聲'),
        ('题', '題'),
    ];

    /// Whether a Chinese text is in Traditional characters: more of its characters are
    /// Traditional forms of the table above than Simplified ones.
    pub fn traditional(text: &str) -> bool {
        let (mut simp, mut trad) = (0, 0);
        for c in text.chars() {
            if TRADITIONAL.iter().chain(SCRIPT_PAIRS).any(|(s, _)| *s == c) {
                simp += 1;
            } else if TRADITIONAL.iter().chain(SCRIPT_PAIRS).any(|(_, t)| *t == c) {
                trad += 1;
            }
        }
        trad > simp
    }

    /// More of the commonest characters that differ between the scripts (Simplified,
    /// Traditional), beside [`TRADITIONAL`], to tell a book's script from a few passages:
    /// only for detection.
    const SCRIPT_PAIRS: &[(char, char)] = &[
        ('后', '後'),
        ('发', '發'),
        ('学', '學'),
        ('还', '還'),
        ('间', '間'),
        ('观', '觀'),
        ('师', '師'),
        ('车', '車'),
        ('陈', '陳'),
        ('郑', '鄭'),
        ('晋', '晉'),
        ('齐', '齊'),
        ('吴', '吳'),
        ('鲁', '魯'),
        ('卫', '衛'),
        ('赵', '趙'),
        ('韩', '韓'),
        ('诸', '諸'),
        ('闻', '聞'),
        ('谓', '謂'),
        ('礼', '禮'),
        ('贤', '賢'),
        ('圣', '聖'),
        ('虽', '雖'),
        ('从', '從'),
        ('远', '遠'),
        ('岁', '歲'),
        ('军', '軍'),
        ('战', '戰'),
        ('万', '萬'),
        ('将', '將'),
        ('尽', '盡'),
        ('贵', '貴'),
        ('兴', '興'),
        ('听', '聽'),
    ];

    /// The genes' own Chinese words in Traditional characters ("多见于" → "多見於"). Only
    /// for words a gene writes, never for the text it quotes.
    pub fn to_traditional(s: &str) -> String {
        s.replace("于", "於")
            .replace("关系", "關係")
            .chars()
            .map(|c| {
                TRADITIONAL
                    .iter()
                    .find(|(s, _)| *s == c)
                    .map_or(c, |(_, t)| *t)
            })
            .collect()
    }

    /// How a Chinese page names the book: 《title》, or 本书 where the title is only a file
    /// name, one word in Latin letters ("tang300", "quran": a text that names no title of its own),
    /// which no reader knows the book by (the page builder writes 本書 in a Traditional book).
    pub fn book_zh(document_title: &str) -> String {
        let t = document_title.trim();
        // (a title of several words, "Debian Reference", is one a reader may know)
        if t.is_empty() || t.is_ascii() && !t.contains(char::is_whitespace) {
            "本书".to_string()
        } else {
            format!("《{t}》")
        }
    }

    /// How an English page names the book: “Title”, or "this book" where the title is only a
    /// file name, one word in lower case ("quran", "debian-constitution": a text that names no
    /// title of its own). A word with a capital, "Libidn2", may be the book's name.
    pub fn book_en(document_title: &str) -> String {
        let t = document_title.trim();
        let slug = t.is_empty()
            || t.is_ascii()
                && !t.contains(char::is_whitespace)
                && !t.contains(|c: char| c.is_ascii_uppercase());
        if slug {
            "this book".to_string()
        } else {
            format!("“{t}”")
        }
    }

    #[cfg(test)]
    mod only_names_tests {
        #[test]
        fn a_passage_of_names_alone_says_nothing() {
            for (text, own, want) in [
                ("GCRY_MD_TIGER2", "GCRY_MD_TIGER2", true),
                ("gcry_cipher_encrypt gcry_cipher_decrypt", "gcry_cipher_encrypt", true),
                ("GCRY_MD_SHA384, GCRY_MD_FLAG_HMAC", "GCRY_MD_SHA384", true),
                ("Fatal-Error.", "Fatal-Error", true),
                ("This is another variant of TIGER.", "GCRY_MD_TIGER2", false),
                ("gcry_cipher_encrypt is used to encrypt the data.", "gcry_cipher_encrypt", false),
                ("See gcry_md_open", "gcry_md_open", false),
            ] {
                assert_eq!(crate::build::only_names(text, &[own]), want, "{text}");
            }
        }
    }

    #[cfg(test)]
    mod book_tests {
        #[test]
        fn a_chinese_page_names_no_book_by_a_latin_file_name() {
            for (title, named) in [
                ("唐诗三百首", "《唐诗三百首》"),
                ("大學·中庸", "《大學·中庸》"),
                ("Debian 维护者指南", "《Debian 维护者指南》"),
                ("tang300", "本书"),
                ("quran", "本书"),
                ("Debian Reference", "《Debian Reference》"),
                ("", "本书"),
            ] {
                assert_eq!(super::book_zh(title), named, "{title}");
            }
        }

        #[test]
        fn an_english_page_names_no_book_by_a_file_name() {
            for (title, named) in [
                ("Bash Reference Manual", "“Bash Reference Manual”"),
                ("Libidn2", "“Libidn2”"),
                ("quran", "this book"),
                ("debian-constitution", "this book"),
                ("my notes", "“my notes”"),
            ] {
                assert_eq!(super::book_en(title), named, "{title}");
            }
        }
    }

    /// "zh" text or "en" text, by the entry's language.
    pub fn t<'a>(zh: bool, zh_text: &'a str, en_text: &'a str) -> &'a str {
        if zh { zh_text } else { en_text }
    }

    /// Whether a page is in Chinese (its title, summary or headings have CJK characters);
    /// `improve` gets no language.
    pub fn looks_zh(page: &Page) -> bool {
        let cjk = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        cjk(&page.title) || cjk(&page.summary) || page.sections.iter().any(|s| cjk(&s.heading))
    }

    /// Whether `next` is the passage right after `first` in the same paragraph: the next
    /// sentence of the text, by the passages' ids ("s41", "s42"), in the same chapter and
    /// section, at the same line of a txt or md source (the line its paragraph starts at).
    /// False where the passages have no line (a PDF's or an EPUB's), which cannot tell one
    /// paragraph from the next.
    pub fn follows(first: &Passage, next: &Passage) -> bool {
        let number = |p: &Passage| p.id.strip_prefix('s').and_then(|n| n.parse::<u64>().ok());
        matches!((number(first), number(next)), (Some(a), Some(b)) if b == a + 1)
            && first.location.chapter == next.location.chapter
            && first.location.section == next.location.section
            && first.location.line.is_some()
            && first.location.line == next.location.line
    }

    /// A citation of a passage.
    pub fn cite(p: &Passage) -> Citation {
        Citation {
            passage_id: p.id.clone(),
            quote: p.text.clone(),
        }
    }

    /// Wraps the first mention of each name in `text` as a `[[Title|name]]` link (longest
    /// names first, never inside another link). `names` are (mention, entry title) pairs.
    pub fn link_mentions(text: &str, names: &[(String, String)]) -> String {
        let mut names: Vec<&(String, String)> = names
            .iter()
            .filter(|(m, _)| m.chars().count() >= 2 && !m.contains('[') && !m.contains(']'))
            .collect();
        names.sort_by_key(|(m, _)| std::cmp::Reverse(m.len()));
        let mut out = text.to_string();
        let mut used: HashSet<&str> = HashSet::new();
        for (m, title) in names {
            if used.contains(title.as_str()) {
                continue;
            }
            let Some(pos) = find_free(&out, m) else {
                continue;
            };
            let link = if m == title {
                format!("[[{title}]]")
            } else {
                format!("[[{title}|{m}]]")
            };
            out.replace_range(pos..pos + m.len(), &link);
            used.insert(title.as_str());
        }
        out
    }

    /// The first occurrence of `m` in `s` outside `[[…]]`, not right after a backslash (the
    /// text is escaped: a link there would start `\[`, which is no link), on word boundaries
    /// for Latin letters, and not where a name goes on in the next capitalised word.
    fn find_free(s: &str, m: &str) -> Option<usize> {
        let mut from = 0;
        while let Some(p) = s[from..].find(m) {
            let at = from + p;
            let before = &s[..at];
            let inside = before.matches("[[").count() > before.matches("]]").count();
            // (each end of a Latin mention is a word boundary: "/dev/hda" is not linked
            // inside "/dev/hda1"; nor is a name inside a path, an identifier or a host name,
            // "/usr/share", "dh\_auto\_configure" as escaped, "www.x.org/~adl", "fs.readFile")
            let latin = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
            let word = |c: Option<char>| {
                c.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '/' | '\\'))
            };
            let after = &s[at + m.len()..];
            let mut back = before.chars().rev();
            let mut ahead = after.chars();
            // (a dot joins two words, "usr.md", "fs.readFile"; a full stop ends a sentence)
            let dotted = |dot: Option<char>, next: Option<char>| {
                dot == Some('.') && next.is_some_and(|c| c.is_ascii_alphanumeric())
            };
            let bounded = (!latin(m.chars().next())
                || !word(before.chars().next_back()) && !dotted(back.next(), back.next()))
                && (!latin(m.chars().next_back())
                    || !word(after.chars().next()) && !dotted(ahead.next(), ahead.next()));
            // (a name that goes on in the next capitalised word is part of a longer name,
            // one this page may not know: not "Ian" of "Ian Jackson")
            let goes_on = m.starts_with(|c: char| c.is_ascii_uppercase())
                && after.strip_prefix(' ').is_some_and(|a| {
                    let mut cs = a.chars();
                    cs.next().is_some_and(|c| c.is_uppercase())
                        && cs.next().is_some_and(|c| c.is_lowercase())
                });
            if !inside && bounded && !goes_on && !before.ends_with('\\') {
                return Some(at);
            }
            from = at + m.len().max(1);
        }
        None
    }

    /// A Markdown block quote of a passage with its location and footnote, mentions of
    /// other entries linked.
    pub fn quote_md(p: &Passage, names: &[(String, String)]) -> String {
        shown_quote_md(p, p.text.trim(), names)
    }

    /// The most lines of code [`PageBuilder::example`] shows.
    pub const EXAMPLE_LINES: usize = 20;
    /// How many of a term's mentions [`PageBuilder::example`] looks behind for code.
    pub const EXAMPLE_PASSAGES: usize = 60;

    /// Whether `code` writes `key` as a word of its own: "iconv" in "$ iconv -f utf8 …" and
    /// in "/usr/bin/iconv", "set -e" in "set -e; make"; not "dpkg" in "dpkg-deb -x" nor in
    /// "dpkg.cfg", nor "tar" in "start". Case counts: code spells its names exactly.
    pub fn uses_in_code(code: &str, key: &str) -> bool {
        let key = key.trim();
        if key.is_empty() {
            return false;
        }
        let joins = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
        code.match_indices(key).any(|(at, _)| {
            let before = code[..at].chars().next_back();
            let rest = &code[at + key.len()..];
            let mut after = rest.chars();
            let next = after.next();
            !before.is_some_and(|c| joins(c) || c == '.')
                && !next.is_some_and(|c| {
                    joins(c) || c == '.' && after.next().is_some_and(char::is_alphanumeric)
                })
        })
    }

    /// Code as a fenced Markdown block whose lines start `indent` columns in (a list item's
    /// continuation, where the item's content starts there): a blank line, a fence longer than
    /// any run of backticks in the code, the lines verbatim, the fence, a blank line. The host
    /// leaves fenced code as it is: no `[[link]]` is resolved inside it.
    pub fn code_fence(code: &str, indent: usize) -> String {
        let mut longest = 0;
        let mut run = 0;
        for c in code.chars() {
            run = if c == '`' { run + 1 } else { 0 };
            longest = longest.max(run);
        }
        let fence = "`".repeat((longest + 1).max(3));
        let pad = " ".repeat(indent);
        let mut out = format!("\n{pad}{fence}\n");
        for line in code.trim_end().lines() {
            if line.trim().is_empty() {
                out.push('\n');
            } else {
                out.push_str(&format!("{pad}{line}\n"));
            }
        }
        out.push_str(&format!("{pad}{fence}\n\n"));
        out
    }

    /// [`quote_md`] of the part of the passage a page shows ([`page::excerpt`]).
    pub fn shown_quote_md(p: &Passage, shown: &str, names: &[(String, String)]) -> String {
        let text = escape(shown).replace('\n', " ");
        format!(
            "> {}\n>\n> — {} [^{}]\n",
            link_mentions(&text, names),
            escape(&page::passage_label(p)),
            p.id
        )
    }

    /// Source text made safe to show as Markdown: brackets, which would read as links
    /// (`readable[Symbol.asyncIterator]()`), and angle brackets, which would read as HTML,
    /// are escaped.
    pub fn escape(s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            if matches!(c, '[' | ']' | '<' | '>' | '*' | '_' | '`') {
                out.push('\\');
            }
            out.push(c);
        }
        out
    }

    /// A page under construction. Citations are kept unique by passage, and quotes by text.
    pub struct PageBuilder {
        pub page: Page,
        pub zh: bool,
        /// (mention, entry title) pairs of other entries, for linking mentions.
        pub names: Vec<(String, String)>,
        /// Whether the book is in Traditional characters: the gene's own Chinese words
        /// (headings, lines) are written in them too. See [`PageBuilder::script_of`].
        pub traditional: bool,
        /// The book's and the entry's titles: part of what tells the book's script.
        script_hint: String,
        cited: HashSet<String>,
        /// The texts quoted so far (whitespace collapsed): a sentence a document repeats (a
        /// table of contents, a running list) is quoted once.
        quoted: HashSet<String>,
    }

    /// Whether a passage only names things and says nothing of them: one of the entry's own
    /// names alone ("GCRY_MD_TIGER2", a manual's list item before its description), or a row
    /// of identifiers ("gcry_cipher_encrypt gcry_cipher_decrypt", a figure's labels).
    pub fn only_names(text: &str, own_names: &[&str]) -> bool {
        let t = text.trim().trim_end_matches(['.', ':', ';', ',']).trim();
        if own_names.iter().any(|n| t.eq_ignore_ascii_case(n)) {
            return true;
        }
        let words: Vec<&str> = t
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        !words.is_empty()
            && words.iter().all(|w| {
                w.contains('_') && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            })
    }

    /// A passage's text as compared for repeats: trimmed, whitespace collapsed.
    fn quote_key(text: &str) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    impl PageBuilder {
        /// An empty page for an entry.
        pub fn new(entry: &Entry) -> PageBuilder {
            PageBuilder {
                page: Page {
                    title: entry.title.clone(),
                    entry_type: entry.entry_type.clone(),
                    aliases: entry.aliases.clone(),
                    summary: String::new(),
                    sections: Vec::new(),
                    citations: Vec::new(),
                    links: Vec::new(),
                },
                zh: entry.lang == "zh",
                names: Vec::new(),
                traditional: entry.lang == "zh"
                    && traditional(&format!("{}{}", entry.document_title, entry.title)),
                script_hint: format!("{}{}", entry.document_title, entry.title),
                cited: HashSet::new(),
                quoted: HashSet::new(),
            }
        }

        /// A builder that continues an existing page (for `improve`).
        pub fn from_page(page: Page, zh: bool) -> PageBuilder {
            let zh_traditional = zh
                && (traditional(&page.summary)
                    || page.sections.iter().any(|s| traditional(&s.body)));
            let cited = page
                .citations
                .iter()
                .map(|c| c.passage_id.clone())
                .collect();
            PageBuilder {
                page,
                zh,
                traditional: zh_traditional,
                script_hint: String::new(),
                names: Vec::new(),
                cited,
                quoted: HashSet::new(),
            }
        }

        /// The entry's title and aliases.
        fn own_names(&self) -> Vec<&str> {
            std::iter::once(&self.page.title)
                .chain(self.page.aliases.iter())
                .map(String::as_str)
                .collect()
        }

        /// Whether the passage is already cited on the page.
        pub fn has(&self, p: &Passage) -> bool {
            self.cited.contains(&p.id)
        }

        /// Cites a passage (once).
        pub fn cite(&mut self, p: &Passage) {
            if self.cited.insert(p.id.clone()) {
                self.page.citations.push(cite(p));
            }
        }

        /// The summary is a quoted passage. Where the passage does not name the entry (a
        /// reference item's own description: "Equivalent to -vET."), the entry's name comes
        /// first: "cat -A: Equivalent to -vET." ([`page::named_lead`]).
        pub fn summary_quote(&mut self, p: &Passage) {
            self.page.summary = self.lead_of(&p.text);
            self.quoted.insert(quote_key(&p.text));
            self.cite(p);
        }

        /// The summary is a passage and the next one of the same paragraph, where the first
        /// stops at a clause's end that the second goes on from (a Chinese option's
        /// description, "grep -c：禁止通常的输出；" + "只打印匹配的行数……"); both are cited.
        pub fn summary_quote_run(&mut self, first: &Passage, next: &Passage) {
            // (Chinese punctuation joins without a space, Latin text with one)
            let (a, b) = (first.text.trim_end(), next.text.trim_start());
            let spaced = a.chars().next_back().is_some_and(|c| c.is_ascii());
            let joined = if spaced {
                format!("{a} {b}")
            } else {
                format!("{a}{b}")
            };
            self.page.summary = self.lead_of(&joined);
            for p in [first, next] {
                self.quoted.insert(quote_key(&p.text));
                self.cite(p);
            }
        }

        /// The lead a passage's text makes: past a list item's bullet, an excerpt of a long
        /// passage, headed by the page's title where the text does not name it.
        fn lead_of(&self, text: &str) -> String {
            // (a list item's bullet opens no lead: "• debian-devel@lists.debian.org, used to …")
            let trimmed = text.trim();
            let trimmed = ["• ", "* ", "· "]
                .iter()
                .find_map(|b| trimmed.strip_prefix(b))
                .unwrap_or(trimmed)
                .trim_start();
            // (a long passage leads with its sentences about the entry: `page::excerpt`)
            let shown = page::excerpt(trimmed, &self.own_names(), self.zh);
            let text = page::truncate(&shown, 4000);
            let lower = text.to_lowercase();
            let names_it = std::iter::once(&self.page.title)
                .chain(self.page.aliases.iter())
                .any(|n| !n.trim().is_empty() && lower.contains(&n.trim().to_lowercase()));
            if names_it {
                text.to_string()
            } else {
                page::named_lead(&self.page.title, text, self.zh)
            }
        }

        /// The summary is one sentence of a passage, as the text writes it (the gene chose
        /// it: "仲尼祖述堯、舜，憲章文、武；"), and the passage is cited. Unlike
        /// [`Self::summary_quote`], no excerpt of the passage is made: the sentence is the
        /// lead, whatever else the passage says.
        pub fn summary_sentence(&mut self, sentence: &str, p: &Passage) {
            self.page.summary = page::truncate(sentence.trim(), 4000).to_string();
            self.quoted.insert(quote_key(&p.text));
            self.cite(p);
        }

        /// Takes the script of the book from its passages: Traditional where they are.
        pub fn script_of(&mut self, passages: &[Passage]) {
            let mut text: String = passages.iter().take(20).map(|p| p.text.as_str()).collect();
            text.push_str(&self.script_hint);
            self.traditional = self.zh && traditional(&text);
        }

        /// The gene's own Chinese words in the book's script (see [`to_traditional`]).
        pub fn words(&self, s: &str) -> String {
            if self.traditional {
                to_traditional(s)
            } else {
                s.to_string()
            }
        }

        /// The summary is the line [`evidence_lead`] writes; the passage that names the
        /// entry's class, where one does, is cited.
        pub fn evidence_summary(
            &mut self,
            entry: &Entry,
            kind: (&str, &str),
            role: Option<&str>,
            mentions: &[Passage],
            with: &[String],
        ) {
            self.evidence_summary_or(entry, kind, role, mentions, with, None);
        }

        /// [`Self::evidence_summary`], with the class to say where the text puts the entry in
        /// none by a pattern of its own or a kind noun: `fallback`, and the passage that
        /// shows it ([`ListKinds::class`]).
        pub fn evidence_summary_or(
            &mut self,
            entry: &Entry,
            kind: (&str, &str),
            role: Option<&str>,
            mentions: &[Passage],
            with: &[String],
            fallback: Option<(crate::class::NamedClass, &Passage)>,
        ) {
            let class = class_of(entry, mentions)
                .or_else(|| kind_class(entry, kind, mentions))
                .or(fallback);
            let line = evidence_line(
                entry,
                kind,
                role,
                mentions,
                with,
                class.as_ref().map(|(c, _)| c),
            );
            self.summary_line(line);
            if let Some((_, p)) = class {
                self.cite(p);
            }
        }

        /// The summary says whom the text gives the entry as a quality ([`predicated_subject`]):
        /// "全知，《古兰经》中用以称述安拉的词（“安拉确是全聪的，确是全知的”），多见于…", "Merciful
        /// is said of Allah in “The Quran” (“Allah is Forgiving and Merciful”), mostly in …";
        /// the passage is cited.
        pub fn predicated_summary(
            &mut self,
            entry: &Entry,
            said: &crate::class::Predicated,
            passage: &Passage,
            mentions: &[Passage],
        ) {
            let units = placing_units(mentions, self.zh, &entry.document_title);
            let line = if self.zh {
                let mut s = format!(
                    "{}，{}中用以称述{}的词（“{}”）",
                    entry.title,
                    book_zh(&entry.document_title),
                    said.subject,
                    said.snippet
                );
                push_units(&mut s, &units, true);
                s.push('。');
                s
            } else {
                let mut s = format!(
                    "{} is said of {} in {} (“{}”)",
                    entry.title,
                    said.subject,
                    book_en(&entry.document_title),
                    said.snippet
                );
                push_units(&mut s, &units, false);
                s.push('.');
                s
            };
            self.summary_line(line);
            self.cite(passage);
        }

        /// The summary is a line the gene writes (a template or a line from evidence), in
        /// the book's script.
        pub fn summary_line(&mut self, line: String) {
            self.page.summary = self.words(&line);
        }

        /// A section of quoted passages (those not cited yet, and whose text was not quoted
        /// yet from another place); returns how many were added.
        pub fn quotes(&mut self, heading: &str, passages: &[Passage]) -> usize {
            let mut body = String::new();
            let mut n = 0;
            for p in passages {
                if self.has(p)
                    || only_names(&p.text, &self.own_names())
                    || !self.quoted.insert(quote_key(&p.text))
                {
                    continue;
                }
                let shown = page::excerpt(&p.text, &self.own_names(), self.zh);
                body.push_str(&shown_quote_md(p, &shown, &self.names));
                body.push('\n');
                self.cite(p);
                n += 1;
            }
            if n > 0 {
                self.section(heading, body);
            }
            n
        }

        /// A section that shows how the text uses `key` in code: the first of `mentions`
        /// (in reading order) that is prose and whose paragraph is followed by a code block
        /// that writes `key` as a word of its own ([`uses_in_code`]), at most
        /// [`EXAMPLE_LINES`] lines; the passage quoted and cited, then the code verbatim.
        /// Whether there was one. ABI 1.1.
        pub fn example(&mut self, heading: &str, key: &str, mentions: &[Passage]) -> bool {
            // (the passage that leads to the code is prose: not a line of code or output
            // the source left among it, "# A completion function", "-rwsr-xr-x 1 root")
            let prose = |t: &str| {
                let t = t.trim();
                let symbols = t.chars().filter(|c| "$|{}[]<>=;#~\\`".contains(*c)).count();
                t.starts_with(char::is_alphabetic) && symbols * 20 < t.chars().count()
            };
            let found = mentions
                .iter()
                .take(EXAMPLE_PASSAGES)
                .filter(|p| prose(&p.text))
                .find_map(|p| {
                    host::code_after(&p.id, 3)
                        .into_iter()
                        .find(|c| {
                            c.text.lines().count() <= EXAMPLE_LINES && uses_in_code(&c.text, key)
                        })
                        .map(|c| (p, c))
                });
            let Some((p, code)) = found else {
                return false;
            };
            let shown = page::excerpt(&p.text, &self.own_names(), self.zh);
            let mut body = shown_quote_md(p, &shown, &self.names);
            body.push_str(&code_fence(&code.text, 0));
            self.section(heading, body);
            self.cite(p);
            true
        }

        /// A section with a Markdown body; the heading in the book's script.
        pub fn section(&mut self, heading: &str, body: String) {
            if body.trim().is_empty() {
                return;
            }
            let heading = self.words(heading);
            if let Some(s) = self.page.sections.iter_mut().find(|s| s.heading == heading) {
                s.body.push('\n');
                s.body.push_str(&body);
            } else {
                self.page.sections.push(Section { heading, body });
            }
        }

        /// Links to other entries. The host lists a page's links under "Related" and
        /// resolves them, so no section of the gene's own repeats them; `_heading` names
        /// what they are for readers of the code.
        pub fn links(&mut self, _heading: &str, titles: &[String]) {
            for t in titles {
                if *t != self.page.title && !self.page.links.contains(t) {
                    self.page.links.push(t.clone());
                }
            }
        }

        /// The page.
        pub fn finish(self) -> Page {
            self.page
        }
    }

    /// The chapters that hold most of `mentions`, most first, by their titles: one where it
    /// holds at least half of them (or is the only one), else the two that hold most.
    pub fn main_units(mentions: &[Passage], zh: bool) -> Vec<String> {
        most_held(mentions.iter().map(|m| {
            if m.location.chapter_title.trim().is_empty() {
                let n = m.location.chapter + 1;
                if zh {
                    format!("第{n}章")
                } else {
                    format!("chapter {n}")
                }
            } else {
                m.location.chapter_title.trim().to_string()
            }
        }))
    }

    /// The subject the text gives an entry as a quality most often ([`crate::class::predicated_of`]:
    /// "安拉确是全知的", "Allah is Knowing"), among `subjects` (the entry's companions), where it
    /// does so in three passages or more and in a fifth of those that name it: a quality of
    /// the subject, which the page says it is used for. With the first passage that says so.
    pub fn predicated_subject<'p>(
        names: &[&str],
        mentions: &'p [Passage],
        subjects: &[&str],
        zh: bool,
    ) -> Option<(crate::class::Predicated, &'p Passage)> {
        let mut by_subject: HashMap<String, (usize, crate::class::Predicated, &'p Passage)> =
            HashMap::new();
        for p in mentions {
            let Some(said) = names
                .iter()
                .find_map(|n| crate::class::predicated_of(n, &p.text, subjects, zh))
            else {
                continue;
            };
            by_subject
                .entry(said.subject.clone())
                .or_insert((0, said, p))
                .0 += 1;
        }
        by_subject
            .into_values()
            .filter(|(n, _, _)| *n >= 3 && n * 5 >= mentions.len())
            .max_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.subject.cmp(&a.1.subject)))
            .map(|(_, said, p)| (said, p))
    }

    /// A saying of a classical master that says what `names` (an entry's names) is or does,
    /// as its subject: the passage where the master's words open with the name and go on to
    /// say something of it ("子曰：“德不孤，必有邻。”"), or set it beside another in their
    /// second clause ("子曰：“君子喻于义，小人喻于利。”"), or name it as what one who does so
    /// may be called ("…使于四方不辱君命，可谓士矣。"). The last is preferred, then a name that
    /// opens the words, then the second clause; then the shortest passage (an aphorism, not a
    /// speech that uses the word as a verb on its way, "道千乘之国，敬事而信，…"), then reading
    /// order. Only a master's words count ("子曰", "孟子曰", "仲尼曰"): a classical text's
    /// sayings are its teaching, while a narrative's speeches ("平公曰：“寡人亦有過焉…”") and a
    /// modern text's sentences are weighed by the host's definitions. None where no saying is
    /// about the name (it is followed by a particle, "礼之用", or a conjunction, "学而时习之",
    /// or named in passing, "就有道而正焉").
    pub fn saying_about<'p>(names: &[&str], mentions: &'p [Passage]) -> Option<&'p Passage> {
        // (what may not follow the name in a saying about it: a particle or a conjunction
        // makes it a modifier or an object, "礼之用", "学而时习之")
        // (nor a question word after it: a call, "小子何莫学夫《诗》？")
        const NOT_PREDICATE: &str = "之也者乎矣哉焉與与而及何盍奚，。、；：！？”」";
        // (the particles two parallel clauses share whatever they say)
        const PARTICLES: &str = "之也者乎矣哉焉而其以於于則则不亦";
        // Whether the saying's first clause (the end of `before`) and the clause the name opens
        // are set side by side: as long, give or take a character, and sharing a word beyond
        // the particles ("君子上达，小人下达"; not "君子不重则不威，学则不固").
        let parallel = |before: &str, name: &str, clause: &[char]| {
            let first: Vec<char> = before
                .trim_end_matches(['，', '；', '。', '！', '？'])
                .rsplit(['“', '「'])
                .next()
                .unwrap_or("")
                .chars()
                .collect();
            let second = name.chars().count() + clause.len();
            first.len().abs_diff(second) <= 1
                && clause
                    .iter()
                    .any(|c| !PARTICLES.contains(*c) && first.contains(c))
        };
        let mut best: Option<(u8, &'p Passage)> = None;
        for p in mentions {
            let text = p.text.as_str();
            // (a master's: "子曰", "孔子曰", "孟子曰", "曾子曰", "仲尼曰"; not the speeches of a
            // narrative, "平公曰：“寡人亦有過焉…”", which say what one man said that day)
            // (the master speaking, not spoken to: "微生亩谓孔子曰：“丘何为是栖栖者与？”")
            let Some(said) = ["子曰：", "子曰:", "仲尼曰："]
                .iter()
                .flat_map(|m| text.match_indices(m))
                .filter(|(at, _)| {
                    !text[..*at]
                        .chars()
                        .rev()
                        .take(3)
                        .any(|c| "谓謂问問告".contains(c))
                })
                .map(|(at, m)| at + m.len() - "曰：".len())
                .min()
            else {
                continue;
            };
            for name in names.iter().filter(|n| !n.trim().is_empty()) {
                for (at, _) in text.match_indices(name) {
                    if at <= said {
                        continue;
                    }
                    let before = &text[said..at];
                    let after = &text[at + name.len()..];
                    // (the clause the name opens, up to its end)
                    let clause: Vec<char> = after
                        .chars()
                        .take_while(|c| !"，。；！？”」：".contains(*c))
                        .collect();
                    let rank = if ["可謂", "可谓"].iter().any(|v| before.ends_with(v))
                        && after.starts_with(['矣', '也'])
                    {
                        3
                    } else if before.trim_end_matches(['“', '「']).ends_with(['：', ':'])
                        && before.ends_with(['“', '「'])
                    {
                        2
                    } else if before.contains(['“', '「'])
                        && before.ends_with(['，', '；', '。', '！', '？'])
                        // (the second clause of the saying, set beside the first: "君子喻于义，
                        // 小人喻于利"; not a word deep in a speech)
                        && before
                            .matches(['，', '；', '。', '！', '？'])
                            .count()
                            == 1
                        && parallel(before, name, &clause)
                    {
                        1
                    } else {
                        continue;
                    };
                    // (the clause that says it: two to ten characters)
                    if rank < 3
                        && (after.starts_with(|c: char| NOT_PREDICATE.contains(c))
                            || !(2..=10).contains(&clause.len()))
                    {
                        continue;
                    }
                    let shorter = |q: &Passage| text.chars().count() < q.text.chars().count();
                    if best.is_none_or(|(r, q)| rank > r || rank == r && shorter(q)) {
                        best = Some((rank, p));
                    }
                }
            }
        }
        best.map(|(_, p)| p)
    }

    /// The units an evidence line places an entry in: the chapters of [`main_units`], or,
    /// where that chapter is the whole book under its own title (a short guide of one chapter
    /// named as the document is: "mostly in Producing PDFs with groff and mom" says nothing),
    /// the sections that hold most of `mentions`. Empty where neither says more than the
    /// book's title.
    pub fn placing_units(mentions: &[Passage], zh: bool, document_title: &str) -> Vec<String> {
        let book = document_title.trim();
        let is_book = |u: &String| u.trim().eq_ignore_ascii_case(book);
        let chapters = main_units(mentions, zh);
        if !chapters.iter().any(is_book) {
            return chapters;
        }
        // (the sections of all the mentions, the book being that one chapter; a passage
        // outside any section names none)
        let sections: Vec<String> = mentions
            .iter()
            .filter_map(|m| m.location.section.as_deref().map(str::trim))
            .filter(|s| !s.is_empty() && !s.eq_ignore_ascii_case(book))
            .map(str::to_string)
            .collect();
        if sections.len() * 2 < mentions.len() {
            return chapters.into_iter().filter(|u| !is_book(u)).collect();
        }
        most_held(sections.into_iter())
    }

    /// Of the units `labels` names (one per mention, in reading order), the one that holds
    /// at least half of them (or is the only one), else the two that hold most.
    fn most_held(labels: impl Iterator<Item = String>) -> Vec<String> {
        let mut counts: Vec<(String, usize, usize)> = Vec::new();
        let mut total = 0;
        for (i, label) in labels.enumerate() {
            total += 1;
            match counts.iter_mut().find(|(l, _, _)| *l == label) {
                Some(c) => c.1 += 1,
                None => counts.push((label, 1, i)),
            }
        }
        // most mentions first, then reading order
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
        let take = match counts.first() {
            Some((_, n, _)) if n * 2 >= total => 1,
            _ => 2,
        };
        counts.into_iter().take(take).map(|(l, _, _)| l).collect()
    }

    /// What the text shows of an entry that it defines nowhere, as one typed line: what kind
    /// of thing it is, what it does where that is known (`role`: "speaks", "问仁、政"), the
    /// chapters it is found in most, and the entries it appears with most ("Moses is a speaker
    /// in “The Quran”, mostly in Ta-Ha, often with Pharaoh and Aaron."). Every part is drawn
    /// from the cited passages of the page; it is a line the gene writes, not a quote, and it
    /// carries no counts.
    ///
    /// Where the text lists the entry as an example of a class ("higher level commands such
    /// as gbp buildpackage and pbuilder", "编译参数（如 CFLAGS、LDFLAGS）"), the line says so and
    /// quotes those words: "pbuilder is one of the higher level commands in “…” (“higher level
    /// commands such as gbp buildpackage and pbuilder”), …". [`PageBuilder::evidence_summary`]
    /// also cites the passage.
    pub fn evidence_lead(
        entry: &Entry,
        kind: (&str, &str),
        role: Option<&str>,
        mentions: &[Passage],
        with: &[String],
    ) -> String {
        let class = class_of(entry, mentions)
            .or_else(|| kind_class(entry, kind, mentions))
            .map(|(c, _)| c);
        evidence_line(entry, kind, role, mentions, with, class.as_ref())
    }

    /// The first class the text lists the entry in (by its title or an alias), with the
    /// passage that does so (see [`crate::class`]).
    pub fn class_of<'a>(
        entry: &Entry,
        mentions: &'a [Passage],
    ) -> Option<(crate::class::NamedClass, &'a Passage)> {
        let zh = entry.lang == "zh";
        let names: Vec<&str> = std::iter::once(entry.title.as_str())
            .chain(entry.aliases.iter().map(String::as_str))
            .filter(|n| n.trim().chars().count() >= 2)
            .collect();
        mentions.iter().find_map(|p| {
            names
                .iter()
                .find_map(|n| crate::class::named_class(n, &p.text, zh))
                // (not a class that is the entry itself: "packages such as packages")
                .filter(|c| !names.iter().any(|n| c.class.eq_ignore_ascii_case(n)))
                .map(|c| (c, p))
        })
    }

    /// The kind the line gives the entry (`kind`, "a field"), as an English text says it in
    /// a phrase that says more of it than the kind ("the Homepage field of the Source section
    /// in debian/control", [`crate::class::kind_phrase`]): the longest such phrase of the
    /// mentions, and the passage it is in; in Chinese, the clause that names it with the
    /// kind's head ([`crate::class::zh_kind_clause`]). None for a kind no head noun names ("a
    /// term").
    pub fn kind_class<'a>(
        entry: &Entry,
        kind: (&str, &str),
        mentions: &'a [Passage],
    ) -> Option<(crate::class::NamedClass, &'a Passage)> {
        // (every head that gives the kind: "filesystem" and "file system")
        let heads: Vec<&KindHead> = KIND_HEADS.iter().filter(|h| h.2 == kind.1).collect();
        let zh_kind = heads.first()?.3;
        let names: Vec<&str> = std::iter::once(entry.title.as_str())
            .chain(entry.aliases.iter().map(String::as_str))
            .filter(|n| n.trim().chars().count() >= 2)
            .collect();
        // (in Chinese, the clause that names it with its kind: "在 debian/rules 文件中添加名为
        // override_dh_auto_install 的目标")
        if entry.lang == "zh" {
            let (snippet, p) = mentions.iter().find_map(|p| {
                names
                    .iter()
                    .find_map(|n| {
                        heads
                            .iter()
                            .find_map(|h| crate::class::zh_kind_clause(n, h.1, &p.text))
                    })
                    .map(|s| (s, p))
            })?;
            return Some((
                crate::class::NamedClass {
                    class: format!("{}中的{zh_kind}", book_zh(&entry.document_title)),
                    snippet,
                    singular: true,
                },
                p,
            ));
        }
        // (or, where no phrase says more, the clause that names the kind: "build daemons
        // running the buildd program")
        let (head, snippet, p) = mentions
            .iter()
            .filter_map(|p| {
                names
                    .iter()
                    .find_map(|n| {
                        heads.iter().find_map(|h| {
                            crate::class::kind_phrase(n, h.0, &p.text).map(|s| (h.0, s))
                        })
                    })
                    .map(|(h, s)| (h, s, p))
            })
            .max_by_key(|(_, s, _)| s.chars().count())
            .or_else(|| {
                mentions.iter().find_map(|p| {
                    names
                        .iter()
                        .find_map(|n| {
                            heads.iter().find_map(|h| {
                                crate::class::kind_clause(n, h.0, &p.text).map(|s| (h.0, s))
                            })
                        })
                        .map(|(h, s)| (h, s, p))
                })
            })?;
        Some((
            crate::class::NamedClass {
                class: head.to_string(),
                snippet,
                singular: true,
            },
            p,
        ))
    }

    /// The kinds of the things lists name, as a gene learns them: what a list that holds a
    /// name the text never describes shows it to be. Coordinated items are things of one
    /// kind: where the text gives one of a name's fellow items a kind ("the EPUB format"),
    /// the name is of that kind too ("The Kobo supports EPUB, PDF, MOBI, RTF and TXT": MOBI
    /// is one of the formats). Each fellow item's kind is one host call, made once and kept.
    pub struct ListKinds {
        kinds: HashMap<String, Option<&'static KindHead>>,
        lookups_left: usize,
    }

    impl ListKinds {
        /// Kinds learnt with at most `max_lookups` host calls.
        pub fn new(max_lookups: usize) -> Self {
            ListKinds {
                kinds: HashMap::new(),
                lookups_left: max_lookups,
            }
        }

        /// The kind the text gives `item` by a head noun ([`kind_noun`]), if any.
        fn kind_of(&mut self, item: &str, zh: bool) -> Option<&'static KindHead> {
            if let Some(k) = self.kinds.get(item) {
                return *k;
            }
            if self.lookups_left == 0 {
                return None;
            }
            self.lookups_left -= 1;
            let mentions = host::mentions(item, 12);
            let texts: Vec<&str> = mentions.iter().map(|p| p.text.as_str()).collect();
            let kind = kind_noun(item, &texts, zh)
                .and_then(|k| KIND_HEADS.iter().find(|h| h.2 == k || h.3 == k));
            self.kinds.insert(item.to_string(), kind);
            kind
        }

        /// The class of the things a list in `mentions` names with one of `names`, where the
        /// text gives one of their fellow items a kind (at most four fellow items looked up
        /// per list): the kind's plural ("formats", "命令"), the sentence (or, in a long
        /// one, the list) to quote, and the passage.
        pub fn class<'a>(
            &mut self,
            names: &[&str],
            mentions: &'a [Passage],
            zh: bool,
        ) -> Option<(crate::class::NamedClass, &'a Passage)> {
            // (a Chinese text's kinds are read of names in Latin letters only; and items of
            // one kind are written alike: "MOBI" takes a kind from "EPUB", not from "Systemd"
            // beside it)
            let names: Vec<&str> = names.iter().copied().filter(|n| n.is_ascii()).collect();
            for p in mentions {
                for name in &names {
                    let Some(list) = crate::class::listed_with(name, &p.text, zh) else {
                        continue;
                    };
                    let fellows = list
                        .siblings
                        .iter()
                        .filter(|s| !names.iter().any(|n| s.eq_ignore_ascii_case(n)))
                        .filter(|s| written_alike(s, name))
                        .take(4);
                    for fellow in fellows {
                        let Some(&(head, zh_head, _, _)) = self.kind_of(fellow, zh) else {
                            continue;
                        };
                        let snippet = if p.text.chars().count() <= 200 {
                            p.text.trim().to_string()
                        } else {
                            list.snippet.clone()
                        };
                        let class = if zh {
                            zh_head.to_string()
                        } else {
                            plural(head)
                        };
                        return Some((
                            crate::class::NamedClass {
                                class,
                                snippet,
                                singular: false,
                            },
                            p,
                        ));
                    }
                }
            }
            None
        }
    }

    /// Whether two names are written alike: both in capitals ("MOBI", "AZW3"), both
    /// beginning in lower case or with a path ("dpkg", "apt-get", "/usr/bin"), or both
    /// capitalised ("Systemd", "Wayland").
    fn written_alike(a: &str, b: &str) -> bool {
        fn shape(t: &str) -> u8 {
            let letters = || t.chars().filter(|c| c.is_alphabetic());
            if letters().all(char::is_uppercase) {
                0
            } else if t.starts_with(|c: char| c.is_lowercase() || !c.is_alphabetic()) {
                1
            } else {
                2
            }
        }
        a.is_ascii() && b.is_ascii() && shape(a) == shape(b)
    }

    /// The plural of an English head noun of [`KIND_HEADS`]: "formats", "directories",
    /// "classes".
    fn plural(noun: &str) -> String {
        if let Some(stem) = noun.strip_suffix('y')
            && !stem.ends_with(['a', 'e', 'o', 'u'])
        {
            return format!("{stem}ies");
        }
        if noun.ends_with(['s', 'x']) || noun.ends_with("ch") || noun.ends_with("sh") {
            return format!("{noun}es");
        }
        format!("{noun}s")
    }

    /// Appends where a line's entry is mostly found: "，多见于第二章、第四章", ", mostly in
    /// Chapter 2 and Chapter 4" (nothing where no unit stands out).
    fn push_units(line: &mut String, units: &[String], zh: bool) {
        if units.is_empty() {
            return;
        }
        if zh {
            line.push_str("，多见于");
            line.push_str(&units.join("、"));
        } else {
            line.push_str(", mostly in ");
            line.push_str(&units.join(" and "));
        }
    }

    fn evidence_line(
        entry: &Entry,
        kind: (&str, &str),
        role: Option<&str>,
        mentions: &[Passage],
        with: &[String],
        class: Option<&crate::class::NamedClass>,
    ) -> String {
        let zh = entry.lang == "zh";
        let units = placing_units(mentions, zh, &entry.document_title);
        // (not a companion that is part of the entry's name, or has it as a part: "mount"
        // beside "umount", "hand" beside "right hand")
        let title = entry.title.to_lowercase();
        let with: Vec<&String> = with
            .iter()
            .filter(|w| {
                let w = w.to_lowercase();
                !title.contains(&w) && !w.contains(&title)
            })
            .take(2)
            .collect();
        if let Some(c) = class {
            return if zh {
                let mut s = if c.singular {
                    format!("{}，{}（“{}”）", entry.title, c.class, c.snippet)
                } else {
                    format!(
                        "{}，{}中的{}之一（“{}”）",
                        entry.title,
                        crate::build::book_zh(&entry.document_title),
                        c.class,
                        c.snippet
                    )
                };
                push_units(&mut s, &units, true);
                s.push('。');
                s
            } else {
                let what = if c.singular {
                    let an = c.class.starts_with(['a', 'e', 'i', 'o', 'u']);
                    format!("{} {}", if an { "an" } else { "a" }, c.class)
                } else {
                    format!("one of the {}", c.class)
                };
                let mut s = format!(
                    "{} is {what} in {} (“{}”)",
                    entry.title,
                    crate::build::book_en(&entry.document_title),
                    c.snippet
                );
                push_units(&mut s, &units, false);
                s.push('.');
                s
            };
        }
        if zh {
            let mut s = format!(
                "{}，{}中的{}",
                entry.title,
                crate::build::book_zh(&entry.document_title),
                kind.0
            );
            if let Some(r) = role {
                s.push('，');
                s.push_str(r);
            }
            push_units(&mut s, &units, true);
            if !with.is_empty() {
                let names: Vec<&str> = with.iter().map(|w| w.as_str()).collect();
                s.push_str("，常与");
                s.push_str(&names.join("、"));
                s.push_str("同见");
            }
            s.push('。');
            s
        } else {
            let mut s = format!(
                "{} is {} in {}",
                entry.title,
                kind.1,
                crate::build::book_en(&entry.document_title)
            );
            if let Some(r) = role {
                s.push_str(" who ");
                s.push_str(r);
            }
            push_units(&mut s, &units, false);
            match with.as_slice() {
                [a] => s.push_str(&format!(", often with {a}")),
                [a, b] => s.push_str(&format!(", often with {a} and {b}")),
                _ => {}
            }
            s.push('.');
            s
        }
    }

    /// The first sentence of a passage (at most about `max` characters, cut at a clause), for
    /// a line that quotes a unit's opening.
    pub fn opening_words(text: &str, zh: bool, max: usize) -> String {
        // (without a verse number, "45:2 这本经…"; with the closing quote of a saying that ends
        // the sentence, "子曰：“为政以德…共之。”")
        let digits = |t: &str| t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let text = match digits(text) {
            0 => text,
            d => match text[d..].strip_prefix(':') {
                Some(r) if digits(r) > 0 => r[digits(r)..].trim_start(),
                _ => text,
            },
        };
        let ends: &[char] = if zh {
            &['。', '！', '？', '；']
        } else {
            &['.', '!', '?', ';']
        };
        // (in English a stop ends the sentence only before a space, a closing quote or the
        // end: not the dot inside "cd.iso" or "debian/rules.d")
        let ends_here = |i: usize, c: char| {
            zh || text[i + c.len_utf8()..]
                .chars()
                .next()
                .is_none_or(|n| n.is_whitespace() || ['”', '’', '"', '\'', ')'].contains(&n))
        };
        // (a stop inside a quotation ends no sentence of the text: "一个母蚁说：“蚂蚁们啊！
        // 你们进自己的住宅去吧…”" runs on to where the quotation closes, unless the text never
        // closes it)
        let quoted_depth = |i: usize| {
            let before = &text[..i];
            let opened = before.matches(['“', '「', '『']).count();
            let closed = before.matches(['”', '」', '』']).count();
            opened.saturating_sub(closed)
        };
        let closes_next = |i: usize, c: char| {
            text[i + c.len_utf8()..]
                .chars()
                .next()
                .is_some_and(|n| ['”', '」', '』'].contains(&n))
        };
        let stops = || {
            text.char_indices()
                .filter(|&(i, c)| ends.contains(&c) && i > 0 && ends_here(i, c))
        };
        let ends_sentence = |&(i, c): &(usize, char)| match quoted_depth(i) {
            0 => true,
            1 => closes_next(i, c),
            _ => false,
        };
        let mut cut = stops()
            .find(ends_sentence)
            .or_else(|| stops().next())
            .map_or(text.len(), |(i, c)| i + c.len_utf8());
        // (a call or an exclamation of a few words says nothing yet: "先知啊！", "O Prophet!"
        // go on to the sentence that follows)
        let first = text[..cut].trim();
        // (and so does a row of letters or single words: "Alif, Lam, Meem.")
        let letters = letter_row(first, zh);
        let short = letters
            || if zh {
                first.chars().filter(|c| c.is_alphabetic()).count() < 5
                    || first.ends_with("啊！")
                    || first.ends_with("呀！")
            } else {
                let words = first.split_whitespace().count();
                words < 3 || words < 4 && first.ends_with('!')
            };
        if short && let Some((i, c)) = stops().filter(|&(i, _)| i >= cut).find(ends_sentence) {
            cut = i + c.len_utf8();
        }
        for c in text[cut..].chars() {
            if !['”', '」', '』', '’', '"'].contains(&c) {
                break;
            }
            cut += c.len_utf8();
        }
        let s = &text[..cut];
        if s.chars().count() <= max {
            return s.trim().to_string();
        }
        let clause: &[char] = if zh {
            &['，', '、', '：']
        } else {
            &[',', ':']
        };
        let head: String = s.chars().take(max).collect();
        match head.rfind(clause) {
            Some(i) if i > 0 => format!("{}…", head[..i].trim()),
            // (English is cut between words: not "al-Masjid a…")
            _ if !zh && let Some(i) = head.trim_end().rfind(' ').filter(|&i| i > 0) => {
                format!("{}…", head[..i].trim())
            }
            _ => format!("{}…", head.trim()),
        }
    }

    /// Whether an English sentence is a row of letters or single words, no clause: "Alif,
    /// Lam, Meem." (two parts or more between commas, each one word). It opens a unit without
    /// saying anything of it. Never in Chinese, whose verse is made of such parts ("式微，式微，
    /// 胡不归？" is a poem's line, as "艾列弗，俩目，米目。" is a row of letters).
    pub fn letter_row(sentence: &str, zh: bool) -> bool {
        if zh {
            return false;
        }
        let parts: Vec<&str> = sentence
            .trim()
            .trim_end_matches(['.', '!', '?', ';', '。', '！', '？', '；'])
            .split([',', '，', '、'])
            .map(str::trim)
            .collect();
        parts.len() >= 2 && parts.iter().all(|p| !p.is_empty() && !p.contains(' '))
    }

    /// The author a unit's credit line names ("作者：杜甫", "Author: Li Bai", "by Li Bai"), if
    /// the passage is such a line and the name is short.
    pub fn credited_author(text: &str) -> Option<String> {
        let t = text.trim();
        let rest = ["作者：", "作者:", "作者 ", "Author:", "By ", "by "]
            .iter()
            .find_map(|l| t.strip_prefix(l))?;
        let name = rest.trim().trim_end_matches(['。', '.']);
        let ok = !name.is_empty()
            && name.chars().count() <= 30
            && name.split_whitespace().count() <= 4
            && !name.contains(['，', ',', '。', '：', ':']);
        ok.then(|| name.to_string())
    }

    /// A dynasty's or an era's credit line under an anthology's title: "先秦：左丘明",
    /// "唐代：韓愈" (a short label of Chinese characters, a colon, a short name), as the label
    /// and the name.
    pub fn era_credit(text: &str) -> Option<(&str, &str)> {
        let (head, name) = text.trim().split_once(['：', ':'])?;
        let name = name.trim();
        let han = |s: &str| {
            s.chars()
                .all(|c| matches!(c, '\u{3400}'..='\u{9fff}' | '·' | '・'))
        };
        ((1..=3).contains(&head.chars().count())
            && han(head)
            && (1..=10).contains(&name.chars().count())
            && han(name))
        .then_some((head, name))
    }

    /// The book an anthology's work comes from, named alone on a line under its title:
    /// "《左傳》" → "左傳".
    pub fn source_line(text: &str) -> Option<&str> {
        let inner = text.trim().strip_prefix('《')?.strip_suffix('》')?;
        ((1..=18).contains(&inner.chars().count()) && !inner.contains(['《', '》', '。', '，']))
            .then_some(inner)
    }

    /// Whether a passage is one of the lines that attribute an anthology's work: its source
    /// ("《左傳》"), a name in brackets ("(韓愈)"), a credit ("先秦：左丘明", "作者：李白").
    pub fn attribution_line(text: &str) -> bool {
        let t = text.trim();
        let bracketed = t
            .strip_prefix(['(', '（'])
            .and_then(|r| r.strip_suffix([')', '）']))
            .is_some_and(|inner| (1..=12).contains(&inner.chars().count()) && !inner.contains(' '));
        source_line(t).is_some()
            || bracketed
            || credited_author(t).is_some()
            || era_credit(t).is_some()
    }

    /// A work of an anthology that a section of a volume holds: the section's heading names it
    /// and, after " · ", its author (as the host writes a plain text's "title / source /
    /// author" lines: "鄭伯克段於鄢 · 左丘明"), or one of its first lines credits the author
    /// ("作者：李白", "先秦：左丘明", "By Li Bai").
    #[derive(Debug, Clone, PartialEq)]
    pub struct SectionWork {
        /// The work's title, without book-title marks.
        pub title: String,
        pub author: String,
    }

    /// The work a section holds, from its heading and its first passages; `None` for a
    /// section that credits no author (a manual's "Installation", a chapter's "Summary").
    pub fn section_work(heading: &str, opening: &[Passage]) -> Option<SectionWork> {
        let (title, author) = match heading.rsplit_once(" · ") {
            Some((t, a))
                if !a.trim().is_empty()
                    && a.chars().count() <= 30
                    && a.split_whitespace().count() <= 4 =>
            {
                (t, a.trim().to_string())
            }
            _ => (
                heading,
                opening.iter().take(3).find_map(|p| {
                    credited_author(&p.text)
                        .or_else(|| era_credit(&p.text).map(|(_, name)| name.to_string()))
                })?,
            ),
        };
        let title = title
            .trim()
            .trim_start_matches('《')
            .trim_end_matches('》')
            .trim();
        (!title.is_empty() && title.chars().count() <= 40).then(|| SectionWork {
            title: title.to_string(),
            author,
        })
    }

    /// Whether one of `passages` stands in a section headed by `term` alone, with or without
    /// its number ("cme", "7.2. dget"), by `term` and its kind ("7.5. The debc command"), or
    /// by `term` and a gloss ("3.1.7. dpkg-parsechangelog - produces parsed representation of
    /// a changelog", "4.11. Upstream source location: debian/watch"): the book gives the term
    /// a section of its own, so it is a term of the book however rarely the text names it.
    pub fn heads_section(term: &str, passages: &[Passage]) -> bool {
        let term = term.trim();
        !term.is_empty()
            && passages.iter().any(|p| {
                p.location.section.as_deref().is_some_and(|heading| {
                    let h = heading.trim();
                    let unnumbered = h
                        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                        .trim_start();
                    h == term
                        || unnumbered.len() < h.len() && unnumbered == term
                        || unnumbered
                            .strip_prefix("The ")
                            .and_then(|r| r.strip_prefix(term))
                            .and_then(|r| r.strip_prefix(' '))
                            .is_some_and(|kind| KIND_HEADS.iter().any(|k| k.0 == kind))
                        || unnumbered
                            .strip_prefix(term)
                            .is_some_and(|r| r.starts_with(" - ") || r.starts_with(" – "))
                        || unnumbered
                            .strip_suffix(term)
                            .is_some_and(|r| r.ends_with(": ") && r.contains(' '))
                })
            })
    }

    /// What a line that names `name` among the copyright holders of another work says of
    /// them: the work's title and the years given with the name, if any ("“Debian New
    /// Maintainers’ Guide”, 版权所有 © 1998-2002 Josip Rodin, 2005-2017 Osamu Aoki, 2010 Craig
    /// Small" gives "Debian New Maintainers’ Guide" and "2010" for Craig Small).
    pub fn copyright_of(text: &str, name: &str) -> Option<(String, Option<String>)> {
        let t = text.trim();
        let open = t
            .chars()
            .next()
            .filter(|c| matches!(c, '“' | '"' | '《' | '「'))?;
        let close = match open {
            '“' => '”',
            '《' => '》',
            '「' => '」',
            _ => '"',
        };
        let inner = &t[open.len_utf8()..];
        let end = inner.find(close)?;
        let work = inner[..end].trim();
        let rest = inner[end + close.len_utf8()..].trim_start_matches([',', '，', ' ']);
        if work.is_empty() || work.chars().count() > 80 || !copyright_notice(rest) {
            return None;
        }
        let before = &rest[..rest.find(name)?];
        // (the run of digits, dashes, spaces and commas right before the name)
        let years = &before[before
            .trim_end_matches(|c: char| c.is_ascii_digit() || matches!(c, '-' | '–' | ' ' | ','))
            .len()..];
        let years = years.trim().trim_matches(',').trim();
        let years = (years.chars().any(|c| c.is_ascii_digit())
            && years
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '-' | '–')))
        .then(|| years.to_string());
        Some((work.to_string(), years))
    }

    /// The summary line for an entry that `text`, a copyright notice, names as a holder of a
    /// copyright: of another work the line names ("Craig Small is a copyright holder of
    /// “Debian New Maintainers’ Guide” (2010).") or of the book ("Free Software Foundation is
    /// named as a copyright holder of “Bash Reference Manual”."). A notice says no more of
    /// the holder than that. None where `text` is no copyright notice.
    pub fn copyright_line(entry: &crate::Entry, text: &str, zh: bool) -> Option<String> {
        if let Some((work, years)) = copyright_of(text, &entry.title) {
            return Some(if zh {
                let y = years.map(|y| format!("（{y}）")).unwrap_or_default();
                format!("{}，“{}”的版权所有者之一{y}。", entry.title, work)
            } else {
                let y = years.map(|y| format!(" ({y})")).unwrap_or_default();
                format!("{} is a copyright holder of “{}”{y}.", entry.title, work)
            });
        }
        copyright_notice(text).then(|| {
            if zh {
                format!(
                    "{}，{}版权声明中的版权所有者。",
                    entry.title,
                    book_zh(&entry.document_title)
                )
            } else {
                format!(
                    "{} is named as a copyright holder of {}.",
                    entry.title,
                    book_en(&entry.document_title)
                )
            }
        })
    }

    /// The passages a book's title page may hold: the first lines of its first chapter, up to
    /// the first sentence of prose, copyright notice or table of contents.
    const TITLE_PAGE_LINES: u32 = 16;

    /// Where the book's title page names `names` as its author, a line of its own under the
    /// title ("Simon Josefsson", "Deri James and", "Chet Ramey, Case Western Reserve
    /// University"): the line, and the affiliation after the name's comma. The title page is
    /// the first lines of the first chapter, up to the first sentence of prose (ten words or
    /// more, or thirty characters of Chinese, ending in a stop), copyright notice or table of
    /// contents. A line that is the book's title is no author ("Jane Eyre" names the book).
    /// None where no such line names them.
    pub fn title_page_credit(
        names: &[String],
        document_title: &str,
    ) -> Option<(Passage, Option<String>)> {
        for p in host::chapter_passages(0, 0, TITLE_PAGE_LINES) {
            let t = p.text.trim();
            if t.eq_ignore_ascii_case(document_title.trim()) {
                continue;
            }
            let lower = t.to_lowercase();
            let prose = t.ends_with(['.', '。'])
                && (t.split_whitespace().count() >= 10
                    || t.chars()
                        .filter(|c| ('\u{3400}'..='\u{9fff}').contains(c))
                        .count()
                        >= 30);
            let contents = ["table of contents", "contents", "目录", "目錄"]
                .iter()
                .any(|c| lower.starts_with(c));
            if prose || contents || copyright_notice(t) {
                return None;
            }
            let line = t
                .strip_suffix(" and")
                .unwrap_or(t)
                .trim_end_matches([',', '，']);
            let (name, affiliation) = match line.split_once(", ") {
                Some((n, a)) => (n.trim(), Some(a.trim())),
                None => (line.trim(), None),
            };
            if names.iter().any(|n| n == name) {
                let affiliation = affiliation
                    .filter(|a| !a.is_empty() && a.split_whitespace().count() <= 8)
                    .map(str::to_string);
                return Some((p, affiliation));
            }
        }
        None
    }

    /// The summary line for an author the title page names ([`title_page_credit`]):
    /// "Chet Ramey (Case Western Reserve University) is an author of “Bash Reference Manual”,
    /// named on its title page."
    pub fn title_page_line(entry: &crate::Entry, affiliation: Option<&str>, zh: bool) -> String {
        if zh {
            let a = affiliation.map(|a| format!("（{a}）")).unwrap_or_default();
            format!(
                "{}{a}，{}扉页署名的作者。",
                entry.title,
                book_zh(&entry.document_title)
            )
        } else {
            let a = affiliation.map(|a| format!(" ({a})")).unwrap_or_default();
            format!(
                "{}{a} is an author of {}, named on its title page.",
                entry.title,
                book_en(&entry.document_title)
            )
        }
    }

    /// Whether a passage is a copyright notice ("Copyright © 2010 Craig Small", "版权所有",
    /// "版权 © 2010 Craig Small"; not "版权声明", a heading).
    pub fn copyright_notice(text: &str) -> bool {
        let lower = text.trim_start_matches(['*', '-', '•', ' ']).to_lowercase();
        ["copyright", "©", "(c) ", "版权所有", "版權所有"]
            .iter()
            .any(|l| lower.starts_with(l))
            || ["版权", "版權"].iter().any(|l| {
                lower.strip_prefix(l).is_some_and(|r| {
                    r.trim_start()
                        .starts_with(|c: char| c == '©' || c.is_ascii_digit())
                })
            })
    }

    /// The kinds of thing a technical text names with a head noun after a term ("the dpkg
    /// command", "the debian/control file", "dpkg 命令"), as (head in English, head in Chinese,
    /// the kind for an English line, the kind for a Chinese line).
    /// A kind of thing a head noun names: the English and the Chinese head, and the kind as
    /// an English and a Chinese line says it ("format", "格式", "a format", "格式").
    type KindHead = (&'static str, &'static str, &'static str, &'static str);

    const KIND_HEADS: &[KindHead] = &[
        ("command", "命令", "a command", "命令"),
        ("program", "程序", "a program", "程序"),
        ("utility", "工具", "a utility", "工具"),
        ("tool", "工具", "a tool", "工具"),
        ("package", "软件包", "a package", "软件包"),
        ("file", "文件", "a file", "文件"),
        ("directory", "目录", "a directory", "目录"),
        ("option", "选项", "an option", "选项"),
        ("function", "函数", "a function", "函数"),
        ("method", "方法", "a method", "方法"),
        ("field", "字段", "a field", "字段"),
        ("variable", "变量", "a variable", "变量"),
        ("script", "脚本", "a script", "脚本"),
        ("daemon", "守护进程", "a daemon", "守护进程"),
        ("library", "库", "a library", "库"),
        ("format", "格式", "a format", "格式"),
        ("protocol", "协议", "a protocol", "协议"),
        ("service", "服务", "a service", "服务"),
        ("module", "模块", "a module", "模块"),
        ("class", "类", "a class", "类"),
        ("event", "事件", "an event", "事件"),
        ("property", "属性", "a property", "属性"),
        ("builtin", "内建命令", "a shell builtin", "内建命令"),
        ("macro", "宏", "a macro", "宏"),
        ("target", "目标", "a target", "目标"),
        ("team", "团队", "a team", "团队"),
        ("alias", "别名", "an alias", "别名"),
        ("system", "系统", "a system", "系统"),
        ("mailing list", "邮件列表", "a mailing list", "邮件列表"),
        ("queue", "队列", "a queue", "队列"),
        ("suite", "套件", "a suite", "套件"),
        ("distribution", "发行版", "a distribution", "发行版"),
        ("editor", "编辑器", "an editor", "编辑器"),
        ("server", "服务器", "a server", "服务器"),
        // (a name is often given its kind this way too: "the Linux kernel", "the Firefox web
        // browser", "the Xfce 4.12 desktop", "ext4 文件系统", "the ARM architecture")
        ("file system", "文件系统", "a file system", "文件系统"),
        ("filesystem", "文件系统", "a file system", "文件系统"),
        ("web browser", "浏览器", "a web browser", "浏览器"),
        ("browser", "浏览器", "a web browser", "浏览器"),
        (
            "desktop environment",
            "桌面环境",
            "a desktop environment",
            "桌面环境",
        ),
        ("desktop", "桌面", "a desktop environment", "桌面环境"),
        (
            "window manager",
            "窗口管理器",
            "a window manager",
            "窗口管理器",
        ),
        ("kernel", "内核", "a kernel", "内核"),
        ("architecture", "架构", "an architecture", "架构"),
        ("language", "语言", "a language", "语言"),
        ("compiler", "编译器", "a compiler", "编译器"),
        (
            "boot loader",
            "引导加载程序",
            "a boot loader",
            "引导加载程序",
        ),
        ("bootloader", "引导程序", "a boot loader", "引导加载程序"),
        ("license", "许可证", "a licence", "许可证"),
        ("licence", "许可协议", "a licence", "许可证"),
    ];

    /// The kinds a name (a capitalised word, "Firefox", "Debian") takes from a head after it:
    /// those of the things a name is the name of ("the Linux kernel", "the GNOME desktop",
    /// "the Python language", "the Homepage field"), not those of what it makes, holds or
    /// serves ("the Debian package", "the Debian system", "the Debian archive").
    const NAME_KINDS: &[&str] = &[
        "field",
        "file system",
        "filesystem",
        "web browser",
        "browser",
        "desktop environment",
        "desktop",
        "window manager",
        "kernel",
        "architecture",
        "language",
        "compiler",
        "editor",
        "boot loader",
        "bootloader",
        "license",
        "licence",
    ];

    /// The one character in brackets that opens `after`, the text right after a name: the
    /// manual section of "dpkg(1)", "qsort(3)".
    pub fn manual_section(after: &str) -> Option<char> {
        let sec = after.strip_prefix('(')?;
        let c = sec.chars().next()?;
        sec[c.len_utf8()..].starts_with(')').then_some(c)
    }

    /// What kind of thing the text shows `key` to be, from the head noun it puts after it
    /// in `texts` ("the dpkg command", "debian/rules 文件") or a manual-section reference
    /// ("dpkg(1)" a command, "printf(3)" a function): the kind for an English or a Chinese
    /// line ("a command", "命令"). None where the text names no kind at least twice, where the
    /// key is a name or an adjective, which a head noun only modifies ("the Debian package",
    /// "architecture-dependent packages"), or where it is not in Latin letters.
    pub fn kind_noun(key: &str, texts: &[&str], zh: bool) -> Option<&'static str> {
        let counts = kind_counts(key, texts)?;
        let (best, &n) = counts
            .iter()
            .enumerate()
            .max_by_key(|&(i, n)| (*n, usize::MAX - i))?;
        if n < 2 {
            return None;
        }
        Some(match best {
            b if b == KIND_HEADS.len() => {
                if zh {
                    "命令"
                } else {
                    "a command"
                }
            }
            b if b == KIND_HEADS.len() + 1 => {
                if zh {
                    "函数"
                } else {
                    "a function"
                }
            }
            b => {
                let (_, _, en, zh_kind) = KIND_HEADS[b];
                if zh { zh_kind } else { en }
            }
        })
    }

    /// The kind an English text gives `key` where it names the kind once only, but in a
    /// phrase that says more of it than the kind ([`crate::class::kind_phrase`]): "the
    /// Homepage field of the Source section in debian/control" makes Homepage a field, as
    /// (the kind for a Chinese line, the kind for an English line). The names that may take
    /// a kind are those of [`kind_noun`]; None where the text gives it two kinds, or its one
    /// kind in no such phrase, or where a manual section names it (a reference of its own);
    /// None for a phrase of plain words, which a head after it makes a compound of ("the
    /// original source package from upstream" is no package named "original source").
    pub fn kind_named_once(key: &str, texts: &[&str]) -> Option<(&'static str, &'static str)> {
        let k = key.trim();
        if k.contains(' ') && k.chars().all(|c| c.is_ascii_lowercase() || c == ' ') {
            return None;
        }
        let counts = kind_counts(key, texts)?;
        let named: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
        let [only] = named[..] else {
            return None;
        };
        let (_, _, en, zh_kind) = *KIND_HEADS.get(only)?;
        // (a coined name, which no head makes a compound of, is of the kind it is named once
        // in a clause that says what is done with it: "The Amazon Kindle which supports the
        // AZW3 format"; a plain word is not, "the binary package")
        let coined = k
            .chars()
            .any(|c| c.is_ascii_digit() || c.is_uppercase() || "-_.+/".contains(c));
        heads_of(en)
            .any(|head| {
                texts.iter().any(|t| {
                    crate::class::kind_phrase(key, head, t).is_some()
                        || coined && crate::class::kind_clause(key, head, t).is_some()
                })
            })
            .then_some((zh_kind, en))
    }

    /// How often `texts` give `key` each kind of [`KIND_HEADS`] by a head noun (then how
    /// often a manual section names it a command, then a function); None for a key that takes
    /// no kind (not in Latin letters, an adjective).
    fn kind_counts(key: &str, texts: &[&str]) -> Option<Vec<usize>> {
        let k = key.trim();
        // (a Chinese word runs on into the next without a space, "软件包管理": only a key in
        // Latin letters is followed by its head, "dpkg 命令"; an adjective only modifies its
        // head, "architecture-dependent package")
        // ("Debian", "Release Team"; not "README.Debian" or "Build-Depends", a file's and a
        // field's names)
        let name = k.starts_with(|c: char| c.is_uppercase())
            && k.chars().any(char::is_lowercase)
            && k.chars().all(|c| c.is_alphabetic() || c == ' ');
        let adjective = [
            "-dependent",
            "-independent",
            "-specific",
            "-based",
            "-level",
            "-only",
        ]
        .iter()
        .any(|a| k.ends_with(a))
            // ("a multi-line command", "non-free packages")
            || ["multi-", "non-", "single-", "semi-"]
                .iter()
                .any(|p| k.to_lowercase().starts_with(p));
        if k.is_empty() || adjective || !k.is_ascii() {
            return None;
        }
        // An acronym names a file's or a package's content more often than the file ("the PID
        // file"): it takes only the kinds an acronym names itself ("the HTML format").
        let acronym = k.len() <= 6 && k.chars().all(|c| c.is_ascii_uppercase());
        let acronym_kinds = [
            "format",
            "protocol",
            "service",
            "library",
            "team",
            "system",
            "file system",
            "filesystem",
            "desktop environment",
            "desktop",
            "architecture",
            "license",
            "licence",
        ];
        let kl = k.to_lowercase();
        let mut counts = vec![0usize; KIND_HEADS.len() + 2];
        for text in texts {
            let lower = text.to_lowercase();
            for (i, _) in lower.match_indices(&kl) {
                // X as a whole word (not "dpkg" inside "dpkg-deb")
                let before = lower[..i].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || "-_./".contains(c)) {
                    continue;
                }
                let rest = &lower[i + kl.len()..];
                if rest.starts_with(|c: char| c.is_alphanumeric() || "-_".contains(c)) {
                    continue;
                }
                // the notation of a shell: "$EDITOR", "${EDITOR:-vi}" a variable; "”journalctl
                // -b”", "| tr -d" a command (the word that opens a command line, before its
                // options)
                match notation_kind(k, &lower[..i], rest) {
                    Some(Notation::Variable) => counts[same_kind(VARIABLE)] += 1,
                    Some(Notation::Command) => counts[KIND_HEADS.len()] += 1,
                    None => {}
                }
                let rest = rest.trim_start_matches(['`', '"', '\'', '”', '’', '*']);
                // a manual section: "(1)", "(8)" a command, "(3)" a function
                if let Some(c) = manual_section(rest) {
                    match c {
                        '1' | '6' | '8' => counts[KIND_HEADS.len()] += 1,
                        '2' | '3' => counts[KIND_HEADS.len() + 1] += 1,
                        _ => {}
                    }
                    continue;
                }
                let spaced = rest.strip_prefix(' ');
                // (a Chinese head ends its word: "ext4 文件系统" is no file, "命令行" no command)
                let zh_word = |r: &str, head: &str| {
                    r.strip_prefix(head).is_some_and(|after| {
                        !crate::class::ZH_HEAD_RUNS_ON
                            .iter()
                            .any(|longer| after.starts_with(longer))
                    })
                };
                // (a release's number may stand between a name and its head: "the Xfce 4.12
                // desktop")
                let versioned = spaced.and_then(|r| {
                    let end = r.find(' ')?;
                    let v = &r[..end];
                    (v.starts_with(|c: char| c.is_ascii_digit())
                        && v.chars().all(|c| c.is_ascii_digit() || c == '.'))
                    .then(|| &r[end + 1..])
                });
                // (the longest head that follows wins: "ext4 file system" is no file, "the
                // GNOME desktop environment" no desktop)
                let mut after: Option<(usize, usize)> = None;
                for (j, (en, zh_head, _, _)) in KIND_HEADS.iter().enumerate() {
                    // (an option is named with its dash: "the -f option")
                    let unnamed = *en == "option" && !k.starts_with('-');
                    // (a path names a file, a directory or a script)
                    let path = k.starts_with('/') && !["file", "directory", "script"].contains(en);
                    // (a name takes only the kinds of what a name names: "the Homepage
                    // field", "the Linux kernel", not "the Debian package")
                    let named = name && !NAME_KINDS.contains(en);
                    if acronym && !acronym_kinds.contains(en) || unnamed || path || named {
                        continue;
                    }
                    // the head before the key: "an alias dquilt", "the command grep"
                    // (only for a key that is no plain word, which a head before would
                    // only modify: "the command line")
                    let head_before = !name
                        && !k.chars().all(char::is_alphabetic)
                        && lower[..i]
                            .trim_end_matches(['`', '"', '\'', '“', '‘', '*'])
                            .strip_suffix(' ')
                            .and_then(|b| b.strip_suffix(en))
                            .is_some_and(|b| {
                                ["the ", "a ", "an "].iter().any(|a| {
                                    b.strip_suffix(a).is_some_and(|r| {
                                        !r.ends_with(|c: char| c.is_alphanumeric())
                                    })
                                })
                            });
                    if head_before {
                        counts[same_kind(j)] += 1;
                        continue;
                    }
                    let en_word = |r: &str| {
                        r.strip_prefix(en)
                            .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric()))
                    };
                    let hit = match spaced {
                        Some(r) => en_word(r) || zh_word(r, zh_head),
                        None => zh_word(rest, zh_head),
                    } || versioned.is_some_and(|r| en_word(r) || zh_word(r, zh_head));
                    let len = en.len().max(zh_head.len());
                    if hit && after.is_none_or(|(_, l)| len > l) {
                        after = Some((j, len));
                    }
                }
                if let Some((j, _)) = after {
                    counts[same_kind(j)] += 1;
                }
            }
        }
        Some(counts)
    }

    /// The index of "variable" in [`KIND_HEADS`].
    const VARIABLE: usize = 11;

    /// A kind a shell's notation shows a word to be.
    #[derive(Debug, PartialEq)]
    enum Notation {
        /// "$EDITOR", "${EDITOR:-vi}": a variable's value expanded.
        Variable,
        /// "”journalctl -b”", "$ gpg --verify file", "| tr -d": the word that opens a command
        /// line, followed by an option.
        Command,
    }

    /// What the notation around one mention of `key` shows it to be: `before` and `after`
    /// are the text (lowercased) on either side of the mention. A variable is a key in
    /// capitals after "$" or "${" (not "$1", nor a lowercase key such as "unit", which a
    /// manual writes "$unit" for a placeholder; the key's case is checked, not the
    /// mention's); a command is a word of the letters a command's name is made of that opens
    /// a line (at the passage's start, after a quote, a bracket, a ";", a prompt, a pipe or
    /// "sudo") and is followed by an option ("-b", "--system"). Not a word inside a command
    /// ("gpg -o file --export": "file" is an argument) nor one in prose ("the option -f").
    fn notation_kind(key: &str, before: &str, after: &str) -> Option<Notation> {
        if (before.ends_with('$') || before.ends_with("${"))
            && key.starts_with(|c: char| c.is_ascii_uppercase())
            && key
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        {
            return Some(Notation::Variable);
        }
        let command_name = key.starts_with(|c: char| c.is_ascii_lowercase())
            && key.chars().all(|c| {
                c.is_ascii_lowercase() || c.is_ascii_digit() || "-_.+".contains(c)
            });
        let option = after.strip_prefix(' ').is_some_and(|r| {
            let r = r.strip_prefix("--").or_else(|| r.strip_prefix('-'));
            r.is_some_and(|o| o.starts_with(|c: char| c.is_ascii_alphabetic()))
        });
        if !command_name || !option {
            return None;
        }
        let lead = before.trim_end();
        let spaces = before.len() - lead.len();
        // (a quote or a pipe right before the word or a space apart, "”gpg", "| tr"; a
        // prompt a space apart, "$ gpg", since "$unit" is a variable's value)
        let opens = lead.is_empty()
            || spaces <= 1
                && (lead.ends_with(['"', '“', '”', '\'', '‘', '’', '`', '|', '(', ';'])
                    || lead.ends_with("sudo")
                        && lead[..lead.len() - 4]
                            .chars()
                            .next_back()
                            .is_none_or(|c| !c.is_alphanumeric()))
            || spaces == 1 && lead.ends_with(['$', '#']);
        opens.then_some(Notation::Command)
    }

    /// The English heads of [`KIND_HEADS`] that give the kind `en` ("a file system": "file
    /// system" and "filesystem").
    fn heads_of(en: &str) -> impl Iterator<Item = &'static str> + '_ {
        KIND_HEADS.iter().filter(move |h| h.2 == en).map(|h| h.0)
    }

    /// The first head of [`KIND_HEADS`] that gives the same kind as the `j`th ("filesystem"
    /// and "file system"; "browser" and "web browser"): the index a kind is counted under.
    fn same_kind(j: usize) -> usize {
        KIND_HEADS
            .iter()
            .position(|h| h.2 == KIND_HEADS[j].2)
            .unwrap_or(j)
    }

    /// The characters that end a ruler's title after his state and his posthumous name: 公
    /// (齐景公), 侯 (晋文侯), 伯 (郑庄伯), 王 (楚庄王).
    const RULER_RANKS: &str = "公侯伯王";

    /// Whether `name` names a ruler of the state `state`: the state, a posthumous name and a
    /// rank ("齐景公", "楚庄王"; not "齐人", "鲁国"). (Not the state and a rank alone: "莊公" is
    /// Duke Zhuang, whose 莊 is no state, as "文王" is King Wen.)
    pub fn ruler_of(state: &str, name: &str) -> bool {
        name.strip_prefix(state).is_some_and(|rest| {
            let cs: Vec<char> = rest.chars().collect();
            cs.len() == 2
                && cs.iter().all(|c| ('\u{3400}'..='\u{9fff}').contains(c))
                && cs.last().is_some_and(|c| RULER_RANKS.contains(*c))
        })
    }

    /// The dynasties of Chinese history whose name is one character used alone and names no
    /// state of the Zhou era (殷, 周, 夏; not 秦, 晉 and 宋, states before they were dynasties):
    /// the host types such a character a place where the text uses it as a dynasty's name ("殷因
    /// 於夏禮", "周人以栗"); its page says it is a dynasty, unless the text names rulers of it as
    /// a state's. The host's `analysis::chinese::DYNASTIES` less 秦, 晉 (晋) and 宋.
    pub const ZH_DYNASTIES: &str = "夏商殷周漢汉隋唐";

    /// The rulers of the state `state` the text names with it, as the text writes them (at most
    /// three): the terms used with it that name one ([`ruler_of`]), or whose entry does (景公,
    /// whose entry is 齐景公), or a titled name the text writes after the state where it names
    /// it (灵公 of "子言卫灵公之无道也", whose entry is 灵公).
    pub fn rulers_of(state: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut mentions: Option<Vec<Passage>> = None;
        for r in host::related(state, 60) {
            let titled = |n: &String| {
                n.chars().count() == 2 && n.chars().last().is_some_and(|c| RULER_RANKS.contains(c))
            };
            let full = std::iter::once(&r.text)
                .find(|n| titled(n))
                .map(|n| format!("{state}{n}"));
            let name = std::iter::once(r.text.clone())
                .chain(r.entry.clone())
                .find(|n| ruler_of(state, n))
                .or_else(|| {
                    let full = full?;
                    mentions
                        .get_or_insert_with(|| host::mentions(state, 100))
                        .iter()
                        .any(|p| p.text.contains(&full))
                        .then_some(full)
                });
            if let Some(n) = name
                && !out.contains(&n)
            {
                out.push(n);
            }
            if out.len() >= 3 {
                break;
            }
        }
        out
    }

    /// Who speaks with the person in a classical dialogue, as one passage shows it (the entries
    /// the page relates, by title): one who asks them ("哀公問於孔子曰", "季康子問政於孔子"), one
    /// who asks and whom they answer ("哀公問曰：…孔子對曰：…"), and one who answers their
    /// question ("子張問曰：…子夏對曰"). A question and a reply make the dialogue: two sayings side
    /// by side ("子曰：…曾子曰：…") need not be one.
    pub fn zh_interlocutors(
        text: &str,
        names: &[String],
        related: &[(String, String)],
    ) -> Vec<String> {
        // the clause after a mention, up to the speech marker or the clause's end
        let clause_after = |at: usize| -> &str {
            let rest = &text[at..];
            let end = rest
                .char_indices()
                .find(|(_, c)| "，。；：:！？「“".contains(*c))
                .map_or(rest.len(), |(i, _)| i);
            &rest[..end.min(rest.char_indices().nth(14).map_or(rest.len(), |(i, _)| i))]
        };
        const ASK: &[char] = &['問', '问'];
        const ANSWER: &[&str] = &["對曰", "对曰", "答曰"];
        // (the person's mentions: where they ask and where they answer)
        let mut person_asks: Option<usize> = None;
        let mut person_answers: Vec<usize> = Vec::new();
        for n in names {
            for (at, _) in text.match_indices(n.as_str()) {
                let clause = clause_after(at + n.len());
                if clause.starts_with(ASK) && clause.ends_with('曰') {
                    person_asks = Some(person_asks.map_or(at, |a: usize| a.min(at)));
                }
                if ANSWER.iter().any(|a| clause.starts_with(a)) {
                    person_answers.push(at);
                }
            }
        }
        let mut out: Vec<String> = Vec::new();
        for (m, title) in related {
            if m.chars().count() < 2 || names.contains(title) || out.contains(title) {
                continue;
            }
            let spoke = text.match_indices(m.as_str()).any(|(at, _)| {
                let clause = clause_after(at + m.len());
                // M asks the person: "問於孔子曰", "問政於孔子"
                let asks_person = clause.starts_with(ASK)
                    && names.iter().any(|n| {
                        ["於", "于"]
                            .iter()
                            .any(|p| clause.contains(&format!("{p}{n}")))
                    });
                // M asks, and the person answers after: "哀公問曰：…孔子對曰"
                let asked_answered = clause.starts_with(ASK)
                    && clause.ends_with('曰')
                    && person_answers.iter().any(|&a| a > at);
                // the person asks, and M answers after: "子張問曰：…子夏對曰"
                let answers_person = ANSWER.iter().any(|a| clause.starts_with(a))
                    && person_asks.is_some_and(|a| a < at);
                asks_person || asked_answered || answers_person
            });
            if spoke {
                out.push(title.clone());
            }
        }
        out
    }

    /// The entries an evidence line may say `key` is "often with" ([`PageBuilder::evidence_summary`]):
    /// of its related entries, strongest first, those it shares at least two passages with,
    /// and at least one in five of its `mentions` (as many as the page read, at most 100),
    /// and that are no hub (an association of 0.1 at least: "system", "command" are with
    /// everything). One passage in common is no "often": "Subversion, often with CVS and
    /// Wayland" set a table's neighbour beside a tool.
    pub fn often_with(key: &str, own_title: &str, mentions: usize, limit: usize) -> Vec<String> {
        let n = mentions.clamp(1, 100) as u32;
        let mut out: Vec<String> = Vec::new();
        for r in host::related(key, 60) {
            if let Some(title) = r.entry
                && title != own_title
                && r.count >= 2
                && r.count * 5 >= n
                && r.weight >= 0.1
                && !out.contains(&title)
            {
                out.push(title);
            }
            if out.len() >= limit {
                break;
            }
        }
        out
    }

    /// Entries related to `key` (co-occurring terms that have an entry), strongest first,
    /// as (mention, entry title) pairs, without the entry itself.
    pub fn related_entries(key: &str, own_title: &str, limit: usize) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        for r in host::related(key, 60) {
            if let Some(title) = r.entry
                && title != own_title
                && !out.iter().any(|(_, t)| *t == title)
            {
                out.push((r.text, title));
            }
            if out.len() >= limit {
                break;
            }
        }
        out
    }

    /// The most central passages about `key`: the passages that mention it together with
    /// most of its strongest co-occurring terms (the host's weighted search), best first.
    pub fn central(key: &str, related: &[String], limit: u32) -> Vec<Passage> {
        let mut q = key.to_string();
        for r in related.iter().take(6) {
            q.push(' ');
            q.push_str(r);
        }
        let mentions: HashSet<String> =
            host::mentions(key, 100).into_iter().map(|p| p.id).collect();
        host::search(&q, 40)
            .into_iter()
            .filter(|p| mentions.contains(&p.id))
            .take(limit as usize)
            .collect()
    }

    /// Mentions spread over the text: the first mention in each chapter, in reading order,
    /// then the rest. Where more chapters mention it than `limit`, the chapters are taken at
    /// even steps from the first to the last (a name used in all 114 surahs is quoted from
    /// surahs spread over the book, not from the first four).
    pub fn spread(mentions: &[Passage], limit: usize) -> Vec<Passage> {
        let mut seen = HashSet::new();
        let mut first: Vec<Passage> = Vec::new();
        let mut rest: Vec<Passage> = Vec::new();
        for m in mentions {
            if seen.insert(m.location.chapter) {
                first.push(m.clone());
            } else {
                rest.push(m.clone());
            }
        }
        if first.len() > limit && limit >= 2 {
            let n = first.len();
            // (the k-th of `limit` steps: 0, …, n - 1)
            let picked: Vec<usize> = (0..limit).map(|k| k * (n - 1) / (limit - 1)).collect();
            first = picked.into_iter().map(|i| first[i].clone()).collect();
        }
        first.extend(rest);
        first.truncate(limit);
        first
    }

    /// The improvements every default gene makes for a review: a definition when the page
    /// has none (a definitional passage about the title or an alias), more cited passages
    /// when it has few or its body is thin, related entries when it links to none. `None`
    /// when nothing could be added.
    pub fn improve(page: Page, review: &Review, zh: bool) -> Option<Page> {
        let codes: Vec<&str> = review.findings.iter().map(|f| f.code.as_str()).collect();
        let has = |c: &str| codes.iter().any(|x| x.contains(c));
        let names: Vec<String> = std::iter::once(page.title.clone())
            .chain(page.aliases.iter().cloned())
            .collect();
        let mut b = PageBuilder::from_page(page, zh);
        let before = (
            b.page.citations.len(),
            b.page.links.len(),
            b.page.summary.clone(),
        );
        if has("definition") || b.page.summary.trim().is_empty() {
            if let Some(d) = names
                .iter()
                .flat_map(|n| host::definitions(n, 3))
                .find(|d| !b.has(d))
            {
                b.summary_quote(&d);
            }
        }
        if has("citation") || has("thin") || b.page.citations.len() < 3 {
            let mut more: Vec<Passage> = Vec::new();
            for n in &names {
                more.extend(host::mentions(n, 30).into_iter().filter(|p| !b.has(p)));
                if more.len() >= 6 {
                    break;
                }
            }
            let more = spread(&more, 4);
            b.quotes(t(zh, "更多原文", "More from the text"), &more);
        }
        if has("link") || b.page.links.is_empty() {
            let rel: Vec<String> = names
                .iter()
                .flat_map(|n| related_entries(n, &b.page.title, 8))
                .map(|(_, t)| t)
                .collect();
            b.links(t(zh, "相关条目", "Related"), &rel);
        }
        let after = (
            b.page.citations.len(),
            b.page.links.len(),
            b.page.summary.clone(),
        );
        (after != before).then(|| b.finish())
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::{Location, Passage};

        #[test]
        fn code_stays_verbatim_inside_its_step() {
            // (code, indent, block)
            let cases = [
                ("$ ls -l", 3, "\n   ```\n   $ ls -l\n   ```\n\n"),
                (
                    "if [[ -f x ]]; then\n\n  echo `date`\nfi\n",
                    4,
                    "\n    ```\n    if [[ -f x ]]; then\n\n      echo `date`\n    fi\n    ```\n\n",
                ),
                // (a fence in the code makes a longer one around it)
                (
                    "```\nx\n```",
                    3,
                    "\n   ````\n   ```\n   x\n   ```\n   ````\n\n",
                ),
            ];
            for (code, indent, want) in cases {
                assert_eq!(code_fence(code, indent), want, "{code}");
            }
        }

        #[test]
        fn a_saying_about_a_word_is_one_a_speaker_opens_with_it() {
            // (name, passages, the one chosen)
            let cases: &[(&str, &[&str], Option<usize>)] = &[
                (
                    "德",
                    &[
                        "子曰：“志于道，据于德，依于仁。”",
                        "子曰：“德不孤，必有邻。”",
                    ],
                    Some(1),
                ),
                ("小人", &["子曰：“君子喻于义，小人喻于利。”"], Some(0)),
                (
                    "士",
                    &[
                        "子曰：“士志于道，而耻恶衣恶食者，未足与议也。”",
                        "子贡问曰：“何如斯可谓之士矣？”子曰：“行己有耻，使于四方不辱君命，可谓士矣。”",
                    ],
                    Some(1),
                ),
                // (the shorter saying: an aphorism, not a verb on its way)
                (
                    "道",
                    &[
                        "子曰：“道千乘之国，敬事而信，节用而爱人，使民以时。”",
                        "子曰：“道不同，不相为谋。”",
                    ],
                    Some(1),
                ),
                // (a particle after it: a modifier; a conjunction: a verb)
                ("礼", &["有子曰：“礼之用，和为贵。”"], None),
                ("学", &["子曰：“学而时习之，不亦说乎？”"], None),
                // (named in passing, deep in a speech, in a narrative's speech or with no
                // speech at all)
                ("道", &["子曰：“君子食无求饱，就有道而正焉。”"], None),
                (
                    "身",
                    &["子曰：“武王纘大王、王季、文王之緒，壹戎衣而有天下，身不失天下之顯名。”"],
                    None,
                ),
                ("寡人", &["平公曰：“寡人亦有過焉，酌而飲寡人。”"], None),
                (
                    "丘",
                    &["微生亩谓孔子曰：“丘何为是栖栖者与？无乃为佞乎？”"],
                    None,
                ),
                ("德", &["德不孤，必有邻。"], None),
                // (a master named by his own name)
                ("小人", &["仲尼曰：「君子中庸，小人反中庸。」"], Some(0)),
                // (a second clause that is no counterpart of the first, or a call)
                ("学", &["子曰：“君子不重则不威，学则不固。”"], None),
                ("民", &["子曰：「中庸其至矣乎！民鮮能久矣！」"], None),
                ("小子", &["子曰：“小子何莫学夫《诗》？”"], None),
            ];
            for (name, texts, want) in cases {
                let ps: Vec<Passage> = texts.iter().map(|t| passage(t)).collect();
                let got = saying_about(&[name], &ps)
                    .map(|q| ps.iter().position(|x| x.text == q.text).unwrap());
                assert_eq!(got, *want, "{name}");
            }
        }

        #[test]
        fn a_term_is_used_in_code_as_a_word_of_its_own() {
            // (code, key, uses it)
            let cases = [
                ("$ iconv -f utf8 -t utf8 input.txt", "iconv", true),
                ("/usr/bin/iconv x", "iconv", true),
                ("set -e; make", "set -e", true),
                ("$ dpkg-deb -x foo.deb", "dpkg", false),
                ("cp dpkg.cfg /etc", "dpkg", false),
                ("echo dpkg.", "dpkg", true),
                ("start", "tar", false),
                ("$ Iconv x", "iconv", false),
                ("anything", "", false),
            ];
            for (code, key, want) in cases {
                assert_eq!(uses_in_code(code, key), want, "{key} in {code}");
            }
        }

        #[test]
        fn who_speaks_with_a_person_in_a_classical_dialogue() {
            let related = |ms: &[&str]| -> Vec<(String, String)> {
                ms.iter().map(|m| (m.to_string(), m.to_string())).collect()
            };
            let names = vec!["孔子".to_string()];
            // (passage, related entries, interlocutors)
            let cases: [(&str, &[&str], &[&str]); 6] = [
                ("哀公問於孔子曰：「何為則民服？」", &["哀公"], &["哀公"]),
                (
                    "季康子問政於孔子。孔子對曰：「政者，正也。」",
                    &["季康子"],
                    &["季康子"],
                ),
                (
                    "哀公問曰：「何為則民服？」孔子對曰：「舉直錯諸枉，則民服。」",
                    &["哀公", "民服"],
                    &["哀公"],
                ),
                // two sayings side by side are no dialogue
                ("孔子曰：「君子不器。」子貢曰：「如之何？」", &["子貢"], &[]),
                // the person asks and the other answers
                (
                    "孔子問曰：「何謂也？」曾參對曰：「忠恕而已矣。」",
                    &["曾參"],
                    &["曾參"],
                ),
                // a question answered before it is asked is none
                ("曾參對曰：「唯。」孔子問曰：「何謂也？」", &["曾參"], &[]),
            ];
            for (text, rel, want) in cases {
                assert_eq!(
                    zh_interlocutors(text, &names, &related(rel)),
                    want,
                    "{text}"
                );
            }
        }

        #[test]
        fn a_copyright_line_of_another_work_names_its_holders() {
            let line = "“Debian New Maintainers’ Guide”, 版权所有 © 1998-2002 Josip Rodin, \
                        2005-2017 Osamu Aoki, 2010 Craig Small 以及 2010 Raphaël Hertzog。";
            let guide = "Debian New Maintainers’ Guide".to_string();
            // (text, name, work and years)
            let cases = [
                (
                    line,
                    "Josip Rodin",
                    Some((guide.clone(), Some("1998-2002".into()))),
                ),
                (
                    line,
                    "Craig Small",
                    Some((guide.clone(), Some("2010".into()))),
                ),
                (line, "Raphaël Hertzog", Some((guide, Some("2010".into())))),
                (
                    "“The New-Maintainer’s Debian Packaging Howto”, 版权所有 © 1997 Will Lowe.",
                    "Will Lowe",
                    Some((
                        "The New-Maintainer’s Debian Packaging Howto".into(),
                        Some("1997".into()),
                    )),
                ),
                ("Copyright © 2010 Craig Small", "Craig Small", None),
                ("“Hello”, said Craig Small.", "Craig Small", None),
            ];
            for (text, name, want) in cases {
                assert_eq!(copyright_of(text, name), want, "{name} in {text}");
            }
        }

        #[test]
        fn a_ruler_is_named_with_his_state_and_a_rank() {
            for (state, name, ruler) in [
                ("齐", "齐景公", true),
                ("齊", "齊桓公", true),
                ("楚", "楚庄王", true),
                ("莊", "莊公", false),
                ("文", "文王", false),
                ("齐", "齐人", false),
                ("鲁", "鲁国", false),
                ("齐", "景公", false),
                ("齐", "齐", false),
                ("齐", "齐国之君", false),
            ] {
                assert_eq!(ruler_of(state, name), ruler, "{name} of {state}");
            }
        }

        #[test]
        fn a_copyright_notice_says_whose_copyright_it_names() {
            let entry = |title: &str| Entry {
                entry_type: "other".into(),
                title: title.into(),
                aliases: Vec::new(),
                key: title.into(),
                lang: "en".into(),
                document_title: "Bash Reference Manual".into(),
            };
            // (text, entry, zh, the summary line)
            let cases = [
                (
                    "Copyright c 1988–2022 Free Software Foundation, Inc.",
                    "Free Software Foundation",
                    false,
                    Some(
                        "Free Software Foundation is named as a copyright holder of “Bash Reference Manual”.",
                    ),
                ),
                (
                    "“Debian New Maintainers’ Guide”, Copyright © 2010 Craig Small",
                    "Craig Small",
                    false,
                    Some(
                        "Craig Small is a copyright holder of “Debian New Maintainers’ Guide” (2010).",
                    ),
                ),
                (
                    "版权所有 © 2015 自由软件基金会",
                    "自由软件基金会",
                    true,
                    Some("自由软件基金会，《Bash Reference Manual》版权声明中的版权所有者。"),
                ),
                (
                    "版权 © 2010 Craig Small",
                    "Craig Small",
                    true,
                    Some("Craig Small，《Bash Reference Manual》版权声明中的版权所有者。"),
                ),
                ("版权声明", "Craig Small", true, None),
                (
                    "The Free Software Foundation publishes it.",
                    "Free Software Foundation",
                    false,
                    None,
                ),
            ];
            for (text, title, zh, want) in cases {
                assert_eq!(
                    copyright_line(&entry(title), text, zh).as_deref(),
                    want,
                    "{text}"
                );
            }
        }

        #[test]
        fn an_evidence_line_names_no_part_of_the_entry_as_a_companion() {
            let entry = |title: &str| Entry {
                entry_type: "concept".into(),
                title: title.into(),
                aliases: Vec::new(),
                key: title.into(),
                lang: "en".into(),
                document_title: "Book".into(),
            };
            let with = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<String>>();
            // (entry, its companions, the line)
            let cases = [
                (
                    "umount",
                    with(&["mount", "unmount", "fstab"]),
                    "umount is a term in “Book”, often with unmount and fstab.",
                ),
                (
                    "right hand",
                    with(&["hand", "right", "oath", "companions"]),
                    "right hand is a term in “Book”, often with oath and companions.",
                ),
                (
                    "fstab",
                    with(&["mount", "umount"]),
                    "fstab is a term in “Book”, often with mount and umount.",
                ),
            ];
            for (title, companions, line) in cases {
                let got = evidence_line(
                    &entry(title),
                    ("概念", "a term"),
                    None,
                    &[],
                    &companions,
                    None,
                );
                assert_eq!(got, line);
            }
        }

        #[test]
        fn mentions_are_linked_as_whole_names_only() {
            let names = |m: &str| vec![(m.to_string(), m.to_string())];
            // (text, mention, linked)
            let cases = [
                ("Run dh to build it.", "dh", true),
                ("Run dh\\_auto\\_configure to build it.", "dh", false),
                ("Files go to /usr/share/doc.", "usr", false),
                (
                    "See http://www.lrde.epita.fr/~adl for more.",
                    "www.lrde.epita.fr",
                    false,
                ),
                ("Call fs.readFile() first.", "readFile", false),
                ("Call fs.readFile() first.", "fs", false),
                ("The usr directory.", "usr", true),
                ("It ends with dh.", "dh", true),
                ("(dh) builds it.", "dh", true),
                ("/dev/hda1 is a disk.", "/dev/hda", false),
                ("调用 dpkg 命令。", "dpkg", true),
                // (a name that goes on in the next capitalised word is part of a longer one)
                ("Ian Jackson led Debian.", "Ian", false),
                ("Then Ian left.", "Ian", true),
                ("Ask Ian. He knows.", "Ian", true),
                ("Ask Ian, Bdale and Sam.", "Ian", true),
            ];
            for (text, m, linked) in cases {
                let out = link_mentions(text, &names(m));
                assert_eq!(out.contains("[["), linked, "{text} / {m}: {out}");
            }
        }

        fn passage(text: &str) -> Passage {
            Passage {
                id: "s1".into(),
                text: text.into(),
                location: Location {
                    chapter: 0,
                    chapter_title: "卷一・周文".into(),
                    section: None,
                    page: None,
                    line: Some(1),
                },
            }
        }

        /// A Chinese description cut at its first ； goes on in the next passage of its
        /// paragraph: the lead quotes both and cites both; a passage elsewhere does not follow.
        #[test]
        fn a_description_cut_at_a_semicolon_leads_with_what_follows() {
            let at = |id: &str, text: &str, line: u32| {
                let mut p = passage(text);
                p.id = id.into();
                p.location.line = Some(line);
                p
            };
            let first = at("s41", "date -f：类似 --date；", 7);
            let next = at("s42", "对日期文件的每一行执行一次。", 7);
            assert!(follows(&first, &next));
            assert!(!follows(
                &first,
                &at("s43", "对日期文件的每一行执行一次。", 7)
            ));
            assert!(!follows(&first, &at("s42", "另一段。", 9)));
            // (passages with no line, a PDF's or an EPUB's, tell no paragraph from the next)
            let mut unplaced = next.clone();
            unplaced.location.line = None;
            let mut unplaced_first = first.clone();
            unplaced_first.location.line = None;
            assert!(!follows(&unplaced_first, &unplaced));
            let entry = Entry {
                entry_type: "concept".into(),
                title: "date -f".into(),
                aliases: Vec::new(),
                key: "date -f".into(),
                lang: "zh".into(),
                document_title: "手册页".into(),
            };
            let mut b = PageBuilder::new(&entry);
            b.summary_quote_run(&first, &next);
            let page = b.finish();
            assert_eq!(
                page.summary,
                "date -f：类似 --date；对日期文件的每一行执行一次。"
            );
            let cited: Vec<&str> = page
                .citations
                .iter()
                .map(|c| c.passage_id.as_str())
                .collect();
            assert_eq!(cited, ["s41", "s42"]);
        }

        fn placed(chapter: &str, section: Option<&str>) -> Passage {
            Passage {
                location: Location {
                    chapter_title: chapter.into(),
                    section: section.map(str::to_string),
                    ..passage("").location
                },
                ..passage("X is used here.")
            }
        }

        #[test]
        fn an_evidence_line_places_an_entry_in_sections_where_the_chapter_is_the_book() {
            const BOOK: &str = "Producing PDFs with groff and mom";
            // (the chapter and section of each mention, the units named)
            let cases: &[(&[(&str, Option<&str>)], &[&str])] = &[
                // a chapter of its own: named
                (
                    &[
                        ("Chapter 6. Building", Some("6.1. Rebuild")),
                        ("Chapter 6. Building", None),
                    ],
                    &["Chapter 6. Building"],
                ),
                // the book's one chapter under the book's title: its sections
                (
                    &[
                        (BOOK, Some("Creating internal links")),
                        (BOOK, Some("Creating internal links")),
                        (BOOK, Some("Opening and closing levels")),
                    ],
                    &["Creating internal links"],
                ),
                // ... and none where few mentions lie in a section
                (&[(BOOK, None), (BOOK, None), (BOOK, Some("Credits"))], &[]),
            ];
            for (places, want) in cases {
                let mentions: Vec<Passage> = places.iter().map(|(c, s)| placed(c, *s)).collect();
                assert_eq!(placing_units(&mentions, false, BOOK), *want, "{places:?}");
            }
        }

        #[test]
        fn opening_words_end_at_a_stop_that_ends_the_sentence() {
            // (text, zh, max, the opening)
            let cases: &[(&str, bool, usize, &str)] = &[
                (
                    "If cd.iso is an image, mount it. Then copy.",
                    false,
                    160,
                    "If cd.iso is an image, mount it.",
                ),
                ("He said “stop.” Then left.", false, 160, "He said “stop.”"),
                // (a stop inside a quotation ends no sentence)
                (
                    "He said, “Stop! Go away.” Then he left.",
                    false,
                    160,
                    "He said, “Stop! Go away.”",
                ),
                (
                    "一个母蚁说：“蚂蚁们啊！你们进自己的住宅去吧。”苏莱曼笑了。",
                    true,
                    160,
                    "一个母蚁说：“蚂蚁们啊！你们进自己的住宅去吧。”",
                ),
                // (a call says nothing yet: the sentence after it too)
                (
                    "先知啊！你应当敬畏安拉。不要顺从他们。",
                    true,
                    160,
                    "先知啊！你应当敬畏安拉。",
                ),
                (
                    "O Prophet! Fear Allah. Obey not them.",
                    false,
                    160,
                    "O Prophet! Fear Allah.",
                ),
                (
                    "式微，式微，胡不归？微君之故。",
                    true,
                    160,
                    "式微，式微，胡不归？",
                ),
                (
                    "Alif, Lam, Meem. This is the Book about which there is no doubt.",
                    false,
                    160,
                    "Alif, Lam, Meem. This is the Book about which there is no doubt.",
                ),
                // (a quotation the text never closes: the first stop)
                (
                    "他说：“我的主啊！求你赦宥我。",
                    true,
                    160,
                    "他说：“我的主啊！",
                ),
                ("No stop at all", false, 160, "No stop at all"),
                (
                    "45:2 这本经，毫无疑义。是指导。",
                    true,
                    160,
                    "这本经，毫无疑义。",
                ),
                (
                    "A long first sentence that goes on, and on past the limit.",
                    false,
                    40,
                    "A long first sentence that goes on…",
                ),
                // (cut between words where no clause ends)
                (
                    "And when We made the House a place of return for the people",
                    false,
                    30,
                    "And when We made the House a…",
                ),
            ];
            for (text, zh, max, want) in cases {
                assert_eq!(opening_words(text, *zh, *max), *want, "{text}");
            }
        }

        #[test]
        fn list_items_of_one_kind_are_written_alike() {
            for (a, b, want) in [
                ("MOBI", "AZW3", true),
                ("dpkg", "apt-get", true),
                ("/usr/bin", "dpkg", true),
                ("IMAP", "Systemd", false),
                ("Systemd", "Wayland", true),
                ("dpkg", "DPKG", false),
                ("内核", "GCC", false),
            ] {
                assert_eq!(written_alike(a, b), want, "{a} / {b}");
            }
        }

        #[test]
        fn a_term_heads_its_own_section() {
            // (term, the section of its passage, whether that section is the term's own)
            let cases: &[(&str, Option<&str>, bool)] = &[
                ("cme", Some("cme"), true),
                ("dget", Some("7.2. dget"), true),
                ("lintian", Some("Package lint tools"), false),
                ("lintian", Some("lintian-brush"), false),
                ("2", Some("2"), true),
                ("dget", None, false),
                ("", Some(""), false),
                ("debc", Some("7.5. The debc command"), true),
                ("debc", Some("7.5. The debc manual"), false),
                (
                    "dpkg-parsechangelog",
                    Some("3.1.7. dpkg-parsechangelog - produces parsed representation"),
                    true,
                ),
                (
                    "debian/watch",
                    Some("4.11. Upstream source location: debian/watch"),
                    true,
                ),
                (
                    "debian/watch",
                    Some("debian/watch and debian/control"),
                    false,
                ),
            ];
            for (term, section, want) in cases {
                let mut p = passage("A sentence.");
                p.location.section = section.map(str::to_string);
                assert_eq!(heads_section(term, &[p]), *want, "{term} / {section:?}");
            }
        }

        #[test]
        fn an_anthology_section_holds_a_work_and_its_author() {
            // (heading, first passages, the work and its author)
            let cases: &[(&str, &[&str], Option<(&str, &str)>)] = &[
                (
                    "鄭伯克段於鄢 · 左丘明",
                    &["《左傳》"],
                    Some(("鄭伯克段於鄢", "左丘明")),
                ),
                (
                    "原道",
                    &["(韓愈)", "唐代：韓愈", "博愛之謂仁。"],
                    Some(("原道", "韓愈")),
                ),
                (
                    "《静夜思》",
                    &["作者：李白", "床前明月光。"],
                    Some(("静夜思", "李白")),
                ),
                (
                    "Ode to a Nightingale",
                    &["By John Keats", "My heart aches."],
                    Some(("Ode to a Nightingale", "John Keats")),
                ),
                (
                    "Installation",
                    &["Run the installer.", "It asks for a path."],
                    None,
                ),
                ("5.2. Fields", &["Note: see below."], None),
            ];
            for (heading, opening, want) in cases {
                let ps: Vec<Passage> = opening.iter().map(|t| passage(t)).collect();
                let got = section_work(heading, &ps);
                let got = got.as_ref().map(|w| (w.title.as_str(), w.author.as_str()));
                assert_eq!(got, *want, "{heading}");
            }
        }

        #[test]
        fn attribution_lines() {
            // (line, an attribution line, the source it names)
            for (line, attribution, source) in [
                ("《左傳》", true, Some("左傳")),
                ("(路溫舒)", true, None),
                ("先秦：左丘明", true, None),
                ("作者：杜甫", true, None),
                ("初，鄭武公娶於申，曰武姜。", false, None),
                ("公曰：「善哉！」", false, None),
            ] {
                assert_eq!(attribution_line(line), attribution, "{line}");
                assert_eq!(source_line(line), source, "{line}");
            }
        }

        #[test]
        fn kind_nouns() {
            // (name, a sentence that names it, said twice, the kind the text gives it)
            for (name, text, kind) in [
                ("dput", "Run the dput command.", Some("a command")),
                ("dh_strip", "See dh_strip(1).", Some("a command")),
                ("qsort", "Call qsort(3) on it.", Some("a function")),
                ("debian/rules", "Edit debian/rules file.", Some("a file")),
                ("dput", "Upload it with dput.", None),
                // a name takes only a field; a head may come first
                ("Homepage", "Set the Homepage field.", Some("a field")),
                ("Debian", "Install the Debian package.", None),
                // a name takes the kinds of what a name names, the longest head first, a
                // release's number between
                ("Linux", "It runs the Linux kernel.", Some("a kernel")),
                (
                    "Firefox",
                    "It ships the Firefox web browser.",
                    Some("a web browser"),
                ),
                (
                    "Xfce",
                    "It has the Xfce 4.12 desktop.",
                    Some("a desktop environment"),
                ),
                (
                    "ext4",
                    "Make an ext4 file system here.",
                    Some("a file system"),
                ),
                (
                    "ext4",
                    "对于 ext4 文件系统，有下面的工具。",
                    Some("a file system"),
                ),
                (
                    "ARM",
                    "It supports the ARM architecture.",
                    Some("an architecture"),
                ),
                ("Unix", "Open a Unix shell.", None),
                ("Debian", "The Debian system boots.", None),
                // (a name only modifies what it makes or holds: "a Linux distribution")
                ("Linux", "It was the first Linux distribution.", None),
                ("UTF-8", "设置为 UTF-8 语言环境值。", None),
                (
                    "dh_make",
                    "Use the command dh_make here.",
                    Some("a command"),
                ),
                ("dquilt", "Create an alias dquilt now.", None),
                ("dquilt", "Create the dquilt alias now.", Some("an alias")),
                (
                    "debian-devel",
                    "Write to the debian-devel mailing list.",
                    Some("a mailing list"),
                ),
                ("DELAYED", "It waits in the DELAYED queue.", Some("a queue")),
                ("line", "Type it on the command line.", None),
                ("multi-line", "Use a multi-line command.", None),
                // (a bracket that holds no manual section, in any script)
                ("grub", "It boots with grub(中).", None),
                ("grub", "It boots with grub(é).", None),
                // (a shell's notation: a variable's value, a command line's first word)
                ("EDITOR", "fc checks $EDITOR first.", Some("a variable")),
                ("EDITOR", "Use ${EDITOR:-vi} then.", Some("a variable")),
                ("unit", "Set $unit first.", None),
                ("journalctl", "”journalctl -b --system” the last boot", Some("a command")),
                ("gpg", "$ gpg --verify file", Some("a command")),
                ("tr", "cat x | tr -d '\n'", Some("a command")),
                ("gpg", "请运行“gpg -a -s file”。", Some("a command")),
                ("unit", "journalctl -b -u $unit -f", None),
                ("file", "gpg -o file --export", None),
                ("option", "Use the option -f here.", None),
                ("make", "Run make -j4 to build.", None),
            ] {
                assert_eq!(kind_noun(name, &[text, text], false), kind, "{text}");
            }
        }

        #[test]
        fn the_variable_index_names_the_variable_head() {
            assert_eq!(KIND_HEADS[VARIABLE].0, "variable");
        }

        #[test]
        fn a_kind_named_once_in_a_phrase_that_says_more() {
            // (name, the one sentence that names its kind, the kind an English line gives)
            for (name, text, kind) in [
                (
                    "Homepage",
                    "Add the Homepage field of the Source section in debian/control.",
                    Some("a field"),
                ),
                (
                    "PDF_LINK",
                    "Use the macro PDF_LINK, which takes the form",
                    Some("a macro"),
                ),
                // the kind alone says no more than "a field"
                ("Homepage", "Set the Homepage field.", None),
                // a phrase of plain words before a head is a compound
                (
                    "original source",
                    "Get the original source package from an upstream archive.",
                    None,
                ),
                // two kinds: which one is unsure
                (
                    "foo-bar",
                    "the foo-bar package of X and the foo-bar file of Y",
                    None,
                ),
            ] {
                assert_eq!(kind_named_once(name, &[text]).map(|k| k.1), kind, "{text}");
            }
        }
    }
}

/// Exports a type implementing [`Gene`] as the gene of this component and writes the
/// ABI version into the `grove-gene-abi` custom section. Use it exactly once, at the
/// crate root of a `cdylib` built for `wasm32-wasip2`.
#[macro_export]
macro_rules! register_gene {
    ($gene:ty) => {
        #[used]
        #[unsafe(link_section = "grove-gene-abi")]
        static __GROVE_GENE_ABI: [u8; $crate::ABI_VERSION.len()] = $crate::ABI_SECTION;

        #[doc(hidden)]
        struct __GroveGeneExport;

        impl $crate::bindings::Guest for __GroveGeneExport {
            fn info() -> $crate::GeneInfo {
                <$gene as $crate::Gene>::info()
            }
            fn propose(
                doc: $crate::Document,
            ) -> ::core::result::Result<::std::vec::Vec<$crate::Proposal>, ::std::string::String>
            {
                <$gene as $crate::Gene>::propose(doc)
            }
            fn render(
                entry: $crate::Entry,
            ) -> ::core::result::Result<$crate::Page, ::std::string::String> {
                <$gene as $crate::Gene>::render(entry)
            }
            fn improve(
                page: $crate::Page,
                review: $crate::Review,
            ) -> ::core::result::Result<::core::option::Option<$crate::Page>, ::std::string::String>
            {
                <$gene as $crate::Gene>::improve(page, review)
            }
        }

        $crate::bindings::__grove_export_gene!(__GroveGeneExport with_types_in $crate::bindings);
    };
}

//! `grove-gene`: the guest SDK for writing Grove genes.
//!
//! A gene is a WebAssembly component (target `wasm32-wasip2`) that decides which wiki
//! entries exist for a book and what they say. This crate binds the newest released
//! `grove:gene` WIT package (see `wit/`), exposes the [`Gene`] trait with sensible
//! defaults, safe wrappers of the host imports ([`host`]), a few helpers to build
//! grounded pages ([`page`]), and the [`register_gene!`] macro that exports a type
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
        path: "wit/grove-gene@1.0.0",
        world: "grove:gene/gene@1.0.0",
        pub_export_macro: true,
        export_macro_name: "__grove_export_gene",
        default_bindings_module: "grove_gene::bindings",
        generate_all,
    });
}

pub use bindings::grove::gene::types::Location;
pub use bindings::grove::gene::types::{
    Chapter, Citation, Document, Entry, Finding, GeneInfo, Level, Page, Passage, Procedure,
    Proposal, RelatedTerm, Review, Section, TermKind, TermStat,
};

/// The ABI version this SDK builds genes for (the WIT package version).
pub const ABI_VERSION: &str = "1.0.0";

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

/// The bounds of ABI 1.0.0, as documented in the WIT file. The host enforces them;
/// a gene that stays within them never has a call refused for size.
pub mod limits {
    /// Titles, term texts, keys, aliases, headings (bytes).
    pub const MAX_TITLE: usize = 256;
    /// Passage text given to the gene (bytes).
    pub const MAX_PASSAGE: usize = 2048;
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
    use super::bindings::grove::gene::host as raw;
    use super::{Level, Passage, RelatedTerm};

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

    /// A Markdown block quote of the passage followed by its location, and the citation.
    pub fn quote(p: &Passage) -> (String, Citation) {
        let md = format!(
            "> {}\n>\n> — {} [^{}]\n",
            p.text.trim().replace('\n', " "),
            location_label(&p.location),
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

    /// The fixed template line used when the text has no definitional sentence.
    pub fn template_summary(entry: &Entry) -> String {
        if entry.lang == "zh" {
            format!("“{}”见于《{}》。", entry.title, entry.document_title)
        } else {
            format!(
                "{} is a {} in “{}”.",
                entry.title, entry.entry_type, entry.document_title
            )
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

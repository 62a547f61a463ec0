//! ABI `grove:gene@1.0.0`: the generated bindings, the imports implemented on
//! [`CallState`] (delegating to its version-independent methods) and conversions
//! between the generated types and the host model. Frozen with the WIT it binds.

use wasmtime::Store;
use wasmtime::component::{HasSelf, Linker};

use super::model;
use super::runtime::CallState;
use crate::analysis;

wasmtime::component::bindgen!({
    path: "../plugin-api/wit/grove-gene@1.0.0",
    world: "grove:gene/gene@1.0.0",
});

use self::grove::gene::types as t;

pub(crate) use Gene as Bindings;
pub(crate) type Pre = GenePre<CallState>;

/// Adds the `grove:gene/host@1.0.0` imports to the linker.
pub(crate) fn add_to_linker(linker: &mut Linker<CallState>) -> wasmtime::Result<()> {
    Gene::add_to_linker::<CallState, HasSelf<CallState>>(linker, |s| s)
}

pub(crate) fn location(l: analysis::Location) -> t::Location {
    t::Location {
        chapter: l.chapter,
        chapter_title: l.chapter_title,
        section: l.section,
        page: l.page,
        line: l.line,
    }
}

fn passage(p: analysis::Passage) -> t::Passage {
    t::Passage {
        id: p.id,
        text: p.text,
        location: location(p.location),
    }
}

pub(crate) fn passages(ps: Vec<analysis::Passage>) -> Vec<t::Passage> {
    ps.into_iter().map(passage).collect()
}

fn kind(k: analysis::TermKind) -> t::TermKind {
    use analysis::TermKind as K;
    match k {
        K::Person => t::TermKind::Person,
        K::Place => t::TermKind::Place,
        K::Org => t::TermKind::Org,
        K::Work => t::TermKind::Work,
        K::Event => t::TermKind::Event,
        K::Term => t::TermKind::Term,
        K::NounPhrase => t::TermKind::NounPhrase,
        K::Other => t::TermKind::Other,
    }
}

pub(crate) fn document(d: &model::DocSummary) -> t::Document {
    t::Document {
        lang: d.lang.clone(),
        title: d.title.clone(),
        chapters: d
            .chapters
            .iter()
            .map(|c| t::Chapter {
                index: c.index,
                title: c.title.clone(),
                passage_count: c.passage_count,
                char_count: c.char_count,
            })
            .collect(),
        terms: d
            .terms
            .iter()
            .map(|s| t::TermStat {
                text: s.text.clone(),
                kind: kind(s.kind),
                frequency: s.frequency,
                salience: s.salience,
                chapter_count: s.chapter_count,
                first: passage(s.first.clone()),
                variants: s.variants.clone(),
            })
            .collect(),
        procedures: d
            .procedures
            .iter()
            .map(|p| t::Procedure {
                id: p.id.clone(),
                title: p.title.clone(),
                step_count: p.step_count,
                location: location(p.location.clone()),
            })
            .collect(),
    }
}

pub(crate) fn entry(e: &model::Entry) -> t::Entry {
    t::Entry {
        entry_type: e.entry_type.clone(),
        title: e.title.clone(),
        aliases: e.aliases.clone(),
        key: e.key.clone(),
        lang: e.lang.clone(),
        document_title: e.document_title.clone(),
    }
}

pub(crate) fn page_in(p: &model::Page) -> t::Page {
    t::Page {
        title: p.title.clone(),
        entry_type: p.entry_type.clone(),
        aliases: p.aliases.clone(),
        summary: p.summary.clone(),
        sections: p
            .sections
            .iter()
            .map(|s| t::Section {
                heading: s.heading.clone(),
                body: s.body.clone(),
            })
            .collect(),
        citations: p
            .citations
            .iter()
            .map(|c| t::Citation {
                passage_id: c.passage_id.clone(),
                quote: c.quote.clone(),
            })
            .collect(),
        links: p.links.clone(),
    }
}

pub(crate) fn page_out(p: t::Page) -> model::Page {
    model::Page {
        title: p.title,
        entry_type: p.entry_type,
        aliases: p.aliases,
        summary: p.summary,
        sections: p
            .sections
            .into_iter()
            .map(|s| model::Section {
                heading: s.heading,
                body: s.body,
            })
            .collect(),
        citations: p
            .citations
            .into_iter()
            .map(|c| model::Citation {
                passage_id: c.passage_id,
                quote: c.quote,
            })
            .collect(),
        links: p.links,
    }
}

pub(crate) fn review(r: &model::Review) -> t::Review {
    t::Review {
        score: r.score,
        findings: r
            .findings
            .iter()
            .map(|f| t::Finding {
                code: f.code.clone(),
                message: f.message.clone(),
            })
            .collect(),
    }
}

pub(crate) fn proposal_out(p: t::Proposal) -> model::Proposal {
    model::Proposal {
        entry_type: p.entry_type,
        title: p.title,
        aliases: p.aliases,
        score: p.score,
        key: p.key,
    }
}

pub(crate) fn info_out(i: t::GeneInfo) -> model::GeneInfo {
    model::GeneInfo {
        name: i.name,
        version: i.version,
        description: i.description,
        entry_types: i.entry_types,
        languages: i.languages,
    }
}

/// Instantiates the gene in `store` (fresh for every call).
pub(crate) fn instantiate(pre: &Pre, store: &mut Store<CallState>) -> wasmtime::Result<Bindings> {
    pre.instantiate(store)
}

impl t::Host for CallState {}

impl self::grove::gene::host::Host for CallState {
    fn mentions(&mut self, term: String, limit: u32) -> Vec<t::Passage> {
        passages(self.imp_mentions(&term, limit))
    }
    fn definitions(&mut self, term: String, limit: u32) -> Vec<t::Passage> {
        passages(self.imp_definitions(&term, limit))
    }
    fn related(&mut self, term: String, limit: u32) -> Vec<t::RelatedTerm> {
        self.imp_related(&term, limit)
            .into_iter()
            .map(|(r, entry)| t::RelatedTerm {
                text: r.text,
                count: r.count,
                weight: r.weight,
                entry,
            })
            .collect()
    }
    fn search(&mut self, query: String, limit: u32) -> Vec<t::Passage> {
        passages(self.imp_search(&query, limit))
    }
    fn get_passage(&mut self, id: String) -> Option<t::Passage> {
        self.imp_passage(&id).map(passage)
    }
    fn chapter_passages(&mut self, chapter: u32, offset: u32, limit: u32) -> Vec<t::Passage> {
        passages(self.imp_chapter_passages(chapter, offset, limit))
    }
    fn chapter_text(&mut self, chapter: u32) -> Option<String> {
        self.imp_chapter_text(chapter)
    }
    fn procedure_steps(&mut self, id: String, limit: u32) -> Vec<t::Passage> {
        passages(self.imp_procedure_steps(&id, limit))
    }
    fn entry_for(&mut self, term: String) -> Option<String> {
        self.imp_entry_for(&term)
    }
    fn complete(&mut self, prompt: String, max_tokens: u32) -> Option<String> {
        self.imp_complete(&prompt, max_tokens)
    }
    fn log(&mut self, level: t::Level, message: String) {
        let level = match level {
            t::Level::Trace => model::LogLevel::Trace,
            t::Level::Debug => model::LogLevel::Debug,
            t::Level::Info => model::LogLevel::Info,
            t::Level::Warn => model::LogLevel::Warn,
            t::Level::Error => model::LogLevel::Error,
        };
        self.imp_log(level, &message)
    }
}

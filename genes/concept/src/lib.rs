//! The default `concept` gene: proposes the salient ideas and terms of a document (including
//! technical terms in Latin letters inside Chinese text) and renders each as a page: the
//! definition (a definitional passage, a classical dialogue's saying about it, or a fixed
//! template line), where the book defines it
//! (or first uses it), a short summary made of the most central passages about it, further
//! definitions, the entries it is used with (and in how many passages), where it appears
//! across the chapters, and related entries, with mentions of other entries linked.
//!
//! It does not decide about people, places, organisations or works (the `person` and
//! `other` genes do) and writes no sentence of its own beyond fixed template lines.
//! How many concepts it proposes grows with the length of the document; a manual's options
//! (`cat -A`) come on top, each documented by its own paragraph, and so do terms that head
//! a section of their own ("cme", "7.2. dget", "7.5. The debc command"), however rare or
//! frequent. Any other rare term gets a page only
//! where the text says what it is: a definition, a class it is listed in, its kind ("the
//! dput command"), its manual section ("dh_installinit(1)") or a list that names it with a
//! thing of a kind ("AZW3, MOBI and PDF" beside "the PDF format").

use grove_gene::build::{
    ListKinds, PageBuilder, central, heads_section, improve, kind_named_once, kind_noun, looks_zh,
    manual_section, related_entries, spread, t,
};
use grove_gene::{Document, Entry, Gene, GeneInfo, Page, Proposal, Review, TermKind, host};

struct Concept;

/// Rare terms looked up for a section of their own, at most, per proposal (each is one host
/// call, of the 10000 an export call may make).
const MAX_SECTION_CHECKS: usize = 2000;

/// A term used fewer times than this many times the least frequency is rare: it gets a
/// page only where the text says what it is.
const RARE_FACTOR: u32 = 2;

/// A term used at least once in this many passages is no rare term, however few its uses
/// (a short text uses its own terms a few times each).
const RARE_SHARE: u32 = 100;

/// Rare terms looked up for what the text says they are, at most, per proposal (each is
/// two host calls).
const MAX_IDENTITY_CHECKS: usize = 1000;

/// Terms rarer than the least frequency looked up for a definition, at most, per proposal
/// (each is one host call).
const MAX_DEFINITION_CHECKS: usize = 1000;

/// Fellow items of lists looked up for the kind the text gives them, at most, per proposal
/// (each is one host call).
const MAX_LIST_LOOKUPS: usize = 2000;

/// Whether the text says what `term` is: a sentence defines it, one lists it as one of a
/// class ("higher level commands such as gbp buildpackage"), or the text names its kind
/// ("the dput command", "dh_installinit(1)", "debian/control 文件"), lists it with a thing
/// of a kind it names ("AZW3, MOBI and PDF" beside "the PDF format"), or heads a section
/// with it ("7.5. The debc command").
fn identified(term: &str, zh: bool, lists: &mut ListKinds) -> bool {
    if !host::definitions(term, 1).is_empty() {
        return true;
    }
    let mentions = host::mentions(term, 12);
    let texts: Vec<&str> = mentions.iter().map(|p| p.text.as_str()).collect();
    kind_noun(term, &texts, zh).is_some()
        || texts.iter().any(|t| {
            with_manual_section(term, t) || grove_gene::class::named_class(term, t, zh).is_some()
        })
        || lists.class(&[term], &mentions, zh).is_some()
        || heads_section(term, &mentions)
}

/// A line without the mark of its list item ("* sponsor: …", "• X").
fn unmarked(text: &str) -> &str {
    text.trim_start()
        .trim_start_matches(['*', '•', '-', '+', '·'])
        .trim_start()
}

/// Whether a defining sentence is about `term` as its subject: it opens with it ("RFA stands
/// for Request For Adoption.", "cowbuilder = speed up …", "DEP-8 定义了…") or spells it out
/// before it in brackets ("Open and free technology community (OFTC)"), not a sentence that
/// uses it on the way ("Thanks to the power of APT, …") or glosses a word of its own with it
/// ("更新 Debian 维基（Wiki）中的内容").
fn names_as_subject(term: &str, text: &str) -> bool {
    let line = unmarked(text);
    let line = line.strip_prefix("The ").unwrap_or(line);
    line.strip_prefix(term).is_some_and(|rest| {
        rest.chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric() && !"_-./".contains(c))
    }) || [("(", ")"), ("（", "）")].iter().any(|(o, c)| {
        text.find(&format!("{o}{term}{c}"))
            .is_some_and(|at| spelled_out(term, &text[..at]))
    })
}

/// Whether the words that end `before` spell out the acronym `short`: their initials, minor
/// words aside, are its letters ("Frequently Asked Questions" for FAQ, "Open and free
/// technology community" for OFTC).
fn spelled_out(short: &str, before: &str) -> bool {
    const MINOR: &[&str] = &["and", "of", "for", "the", "in", "on", "to", "a"];
    let letters: Vec<char> = short
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if letters.len() < 2
        || letters.len() != short.chars().filter(char::is_ascii_alphanumeric).count()
    {
        return false;
    }
    let words: Vec<&str> = before.split_whitespace().collect();
    let initials: Vec<char> = words
        .iter()
        .rev()
        .take(letters.len() + 3)
        .filter_map(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            (!MINOR.contains(&w.to_lowercase().as_str()))
                .then(|| w.chars().next())
                .flatten()
        })
        .map(|c| c.to_ascii_lowercase())
        .collect();
    initials.len() >= letters.len() && initials[..letters.len()].iter().rev().eq(letters.iter())
}

/// Whether `text` names `term` with its manual section, as a manual names a command or a
/// function: "dh_installinit(1)", "qsort(3)".
fn with_manual_section(term: &str, text: &str) -> bool {
    text.match_indices(term).any(|(at, _)| {
        let starts_word = !text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || "-_./".contains(c));
        starts_word
            && manual_section(&text[at + term.len()..]).is_some_and(|c| ('1'..='8').contains(&c))
    })
}

/// Whether the host ranks `term` as a reference's documented item: a code name (`fs.access()`,
/// `idn2_to_ascii_8z`, `IDN2_OK`, a variable's `PATH`) at the top salience, which the host
/// gives the items a manual documents one by one. A C library's functions, flags and return
/// codes are what its manual is about: each gets a page, on top of the budget of concepts.
fn declared_item(term: &grove_gene::TermStat) -> bool {
    let t = term.text.as_str();
    // (or a variable's name in capitals, which a manual's list of variables describes one by
    // one: "PATH", "SECONDS", "HISTSIZE")
    let capitals = t.chars().filter(char::is_ascii_alphabetic).count() >= 2
        && t.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    term.salience >= 1.0
        && t.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && t.chars().all(|c| c.is_ascii_alphanumeric() || "_.()".contains(c))
        && (t.contains(['_', '.', '(']) || capitals)
}

/// Whether `passage` sits in the entry that `term` heads, the last part of its section path
/// being the term itself: a dictionary's entry ("hacker"), or a section named after one thing.
fn is_entry_of(term: &str, passage: &grove_gene::Passage) -> bool {
    passage
        .location
        .section
        .as_deref()
        .and_then(|s| s.rsplit(" / ").next())
        .is_some_and(|last| last.trim() == term)
}

/// Whether the host gives `term` a manual's synopsis among its spellings ("alias [-p]
/// [name[=value] ...]"): a command the manual documents, with a page however the budget
/// of concepts stands. (Its uses are the text's own, so they still count in the passages
/// the budget is drawn from.)
fn synopsis_item(term: &grove_gene::TermStat) -> bool {
    term.salience >= 1.0
        && term.variants.iter().any(|v| {
            v.strip_prefix(term.text.as_str())
                .is_some_and(|rest| rest.starts_with(" [") || rest.starts_with(" -"))
        })
}

/// Whether a term is one a glossary of the book defines, as its first passage shows: the
/// book's line that names it and says what it is ("* sponsor: a person who helps …",
/// "cowbuilder = speed up …", "gbp buildpackage：从 git 仓库中构建…"). Such a term is one of the
/// book's own, documented like a reference's item.
fn glossary_term(term: &grove_gene::TermStat) -> bool {
    let line = unmarked(&term.first.text);
    term.salience >= 1.0
        && line.strip_prefix(term.text.as_str()).is_some_and(|rest| {
            [": ", " = ", "："].iter().any(|sep| {
                rest.strip_prefix(sep).is_some_and(|d| {
                    d.split_whitespace().count() >= 3 || d.chars().count() >= 6
                })
            })
        })
}

impl Gene for Concept {
    fn info() -> GeneInfo {
        grove_gene::info(
            "concept",
            env!("CARGO_PKG_VERSION"),
            "Salient ideas and terms of the text, defined and summarised by quotes from it",
            &["concept"],
            &["zh", "en"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let passages: u32 = doc.chapters.iter().map(|c| c.passage_count).sum();
        // About one concept per 12 passages, at most 250; a short text (under 900 passages)
        // has more to the passage, 2.5 √passages (a guide of 200 passages names some 35
        // terms of its own, not 17), and at least 20. A reference documents its items one by
        // one: they come on top, and the budget counts the passages of the rest of the text
        // (those that name no item, as far as the items' frequencies tell).
        let item_passages = doc
            .terms
            .iter()
            .filter(|t| declared_item(t))
            .fold(0u32, |f, t| f.saturating_add(t.frequency));
        let rest = passages.saturating_sub(item_passages) as f32;
        let budget = (rest / 12.0).max(2.5 * rest.sqrt()).clamp(20.0, 250.0) as usize;
        let min_freq = if passages > 400 { 3 } else { 2 };
        let mut out = Vec::new();
        // a manual's options, a reference's items (`IDN2_BIDI`, named once, on its own
        // definition line) and terms with a section of their own ("cme" under "Package lint
        // tools") are documented items: proposed however rare, outside the budget (a term the
        // book gives a section is one of its subjects, and takes no frequent term's place)
        let mut concepts = 0;
        let mut section_checks = 0;
        let mut identity_checks = 0;
        let mut definition_checks = 0;
        let mut lists = ListKinds::new(MAX_LIST_LOOKUPS);
        for term in &doc.terms {
            if !matches!(term.kind, TermKind::Term | TermKind::NounPhrase)
                || grove_gene::junk::is_junk(&term.text)
            {
                continue;
            }
            let documented = term.kind == TermKind::Term
                && (grove_gene::junk::is_option_item(&term.text)
                    || declared_item(term)
                    || synopsis_item(term)
                    || glossary_term(term)
                    || section_checks < MAX_SECTION_CHECKS
                        && {
                            section_checks += 1;
                            // (a dictionary's word heads its entry, wherever the book first
                            // names it: the passage that defines it is the entry's; one look-up
                            // where that settles it, as the import budget is shared)
                            term.salience >= 1.0
                                && term.frequency > 4
                                && host::definitions(&term.text, 1)
                                    .first()
                                    .is_some_and(|d| is_entry_of(&term.text, d))
                                || heads_section(&term.text, &host::mentions(&term.text, 4))
                        });
            // (a term the text defines is one of its terms however rarely it names it, "RFA
            // stands for Request For Adoption": its page leads with the text's own words)
            let documented = documented
                || term.frequency < min_freq && definition_checks < MAX_DEFINITION_CHECKS && {
                    definition_checks += 1;
                    host::definitions(&term.text, 1)
                        .first()
                        .is_some_and(|d| names_as_subject(&term.text, &d.text))
                };
            if !documented && term.frequency < min_freq {
                continue;
            }
            if !documented {
                if concepts >= budget {
                    continue;
                }
                // A rare term that the text neither defines, lists as one of a class nor
                // names the kind of could only have a page that says the book uses it
                // ("sysconfig is a term in …"): it gets none. Frequent terms keep theirs
                // (what the book keeps using is one of its terms, whatever it says of it).
                // (rare as a share of the text: three uses in a text of 200 passages are as
                // many as thirty in one of 2,000)
                if term.frequency < RARE_FACTOR * min_freq
                    && term.frequency.saturating_mul(RARE_SHARE) < passages
                    && (identity_checks >= MAX_IDENTITY_CHECKS || {
                        identity_checks += 1;
                        !identified(&term.text, doc.lang == "zh", &mut lists)
                    })
                {
                    continue;
                }
                concepts += 1;
            }
            out.push(Proposal {
                entry_type: "concept".into(),
                title: term.text.clone(),
                aliases: term
                    .variants
                    .iter()
                    .filter(|v| !grove_gene::junk::is_junk(v))
                    .cloned()
                    .collect(),
                score: term.salience.clamp(0.0, 1.0),
                key: term.text.clone(),
            });
        }
        Ok(out)
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let zh = entry.lang == "zh";
        let defs = host::definitions(&entry.key, 4);
        let mentions = host::mentions(&entry.key, 100);
        if mentions.is_empty() && defs.is_empty() {
            return Err(format!("no passage mentions {}", entry.key));
        }
        let related = related_entries(&entry.key, &entry.title, 10);
        let mut b = PageBuilder::new(&entry);
        b.names = related.clone();
        b.script_of(&mentions);
        // (the names the page's entry goes by, as the text writes them)
        let names: Vec<&str> = std::iter::once(entry.title.as_str())
            .chain(entry.aliases.iter().map(String::as_str))
            .collect();
        // (what a table of the book says it is, where its prose never says: "gettext: GNU
        // Internationalization utilities" from a table of packages)
        let glosses = if defs.is_empty() {
            host::glosses(&entry.key, 2)
        } else {
            Vec::new()
        };
        match defs.first().or(glosses.first()) {
            // (a Chinese description cut at its first ；, "grep -c：禁止通常的输出；", goes on
            // in the next passage of its paragraph: the lead quotes both)
            Some(d)
                if let Some(next) = defs.get(1).filter(|n| {
                    zh && d.text.trim_end().ends_with('；') && grove_gene::build::follows(d, n)
                }) =>
            {
                b.summary_quote_run(d, next)
            }
            Some(d) => b.summary_quote(d),
            // A quality the text gives one of its companions, most often: whom it describes
            // ("全知": 安拉).
            None if let Some((said, p)) = {
                let subjects: Vec<&str> = related
                    .iter()
                    .flat_map(|(m, t)| [m.as_str(), t.as_str()])
                    .collect();
                grove_gene::build::predicated_subject(&names, &mentions, &subjects, zh)
            } =>
            {
                b.predicated_summary(&entry, &said, p, &mentions);
            }
            // A classical dialogue's saying about it, where a speaker's words open with it
            // ("子曰：“德不孤，必有邻。”"): what the book teaches of it.
            None if let Some(p) = zh
                .then(|| grove_gene::build::saying_about(&names, &mentions))
                .flatten() =>
            {
                b.summary_quote(p);
            }
            // What the text shows of it: where it is used, and with which entries.
            None => {
                let with =
                    grove_gene::build::often_with(&entry.key, &entry.title, mentions.len(), 4);
                // (the kind the text gives it, "the dpkg command", where it gives one)
                let texts: Vec<&str> = mentions.iter().map(|p| p.text.as_str()).collect();
                let mut own = (
                    kind_noun(&entry.key, &texts, true),
                    kind_noun(&entry.key, &texts, false),
                );
                // (or the kind it names once, in a phrase that says more: "the Homepage field
                // of the Source section in debian/control", which the line quotes)
                if own.1.is_none()
                    && !zh
                    && let Some((z, e)) = kind_named_once(&entry.key, &texts)
                {
                    own = (Some(z), Some(e));
                }
                let kind = (own.0.unwrap_or("概念"), own.1.unwrap_or("a term"));
                // (where the text gives it no kind, the kind of what it is listed with: "MOBI"
                // beside "the EPUB format")
                let listed = if own.0.is_none() && own.1.is_none() {
                    ListKinds::new(8).class(&names, &mentions, zh)
                } else {
                    None
                };
                b.evidence_summary_or(&entry, kind, None, &mentions, &with, listed);
            }
        }
        // Where the book defines the term (or, when it defines nothing, first uses it): the
        // page's first section. Its places are cited after the quotes below, which skip
        // passages already cited.
        let described = if defs.is_empty() { &glosses } else { &defs };
        let (heading, places) = if described.is_empty() {
            (t(zh, "首次出现", "First used"), &mentions[..1])
        } else {
            (t(zh, "描述之处", "Where the text describes it"), &described[..])
        };
        let places = &places[..places.len().min(4)];
        let body: String = places
            .iter()
            .map(|p| {
                format!(
                    "- {} [^{}]\n",
                    grove_gene::build::escape(&grove_gene::page::passage_label(p)),
                    p.id
                )
            })
            .collect();
        b.section(heading, body);
        let rel_terms: Vec<String> = related.iter().map(|(m, _)| m.clone()).collect();
        b.quotes(
            t(zh, "概要", "Summary"),
            &central(&entry.key, &rel_terms, 3),
        );
        if defs.len() > 1 {
            b.quotes(t(zh, "释义", "Definitions"), &defs[1..]);
        }
        // How the text uses it in code, where a passage about it goes on to show that: a
        // command and its options, a field in a control file.
        b.example(t(zh, "示例", "Example"), &entry.key, &mentions);
        for p in places {
            b.cite(p);
        }
        // The terms the book uses it with, and in how many passages.
        let mut with: Vec<(String, u32)> = Vec::new();
        for r in host::related(&entry.key, 60) {
            if let Some(title) = r
                .entry
                .filter(|t| *t != entry.title && !with.iter().any(|(w, _)| w == t))
            {
                with.push((title, r.count));
                if with.len() >= 6 {
                    break;
                }
            }
        }
        let body: String = with
            .iter()
            .map(|(title, n)| {
                if zh {
                    b.words(&format!("- [[{title}]]：同见于{n}处原文\n"))
                } else {
                    format!("- [[{title}]]: together in {n} passages\n")
                }
            })
            .collect();
        b.section(t(zh, "常一同出现", "Used with"), body);
        b.quotes(t(zh, "原文", "In the text"), &spread(&mentions, 4));
        let titles: Vec<String> = related.iter().map(|(_, title)| title.clone()).collect();
        b.links(t(zh, "相关条目", "Related"), &titles);
        Ok(b.finish())
    }

    fn improve(page: Page, review: Review) -> Result<Option<Page>, String> {
        let zh = looks_zh(&page);
        Ok(improve(page, &review, zh))
    }
}

grove_gene::register_gene!(Concept);

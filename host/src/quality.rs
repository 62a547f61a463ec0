//! The host-side quality checklist of a page. Its score drives the butler (weakest pages
//! first) and a wiki's `completion`; its findings are what `improve` is told.
//!
//! It checks the lead (a definition, or only a template line), the citations, the links, the
//! body, and the title as a name (`analysis::title_fault`: a fragment, a possessive or a
//! generic word never scores 100). It only looks at the page and the set of existing entries;
//! it never calls a gene.

use crate::genes::{Finding, Page, Review};

/// A page at or above this score passes the checklist.
pub const PASS: u8 = 60;

/// Whether an entry of this type names an entity (a person; a place, a people, a work: the
/// `other` type) rather than a term. Related lists and the central entries put them first.
pub fn names_an_entity(entry_type: &str) -> bool {
    matches!(entry_type, "person" | "other")
}

/// Whether the entry is a concept of one character (臣, 德): a word of classical text, not a
/// thing, which no related list or list of central entries shows. A person or a state of one
/// character (舜, 楚) is not one.
pub fn one_character_word(entry_type: &str, title: &str) -> bool {
    entry_type == "concept" && title.trim().chars().count() == 1
}

fn finding(code: &str, message: &str) -> Finding {
    Finding {
        code: code.into(),
        message: message.into(),
    }
}

/// The part of a lead that may quote the text: the lead without the entry's name where the
/// page puts the name first ("cat -A: Equivalent to -vET." quotes "Equivalent to -vET.").
pub fn quoted_lead<'a>(title: &str, summary: &'a str) -> &'a str {
    let s = summary.trim();
    s.strip_prefix(title)
        .and_then(|rest| rest.strip_prefix(": ").or_else(|| rest.strip_prefix('：')))
        .map(str::trim)
        .unwrap_or(s)
}

/// Whether a page's lead quotes the passage `quote`: the whole of it, or the part a page
/// shows of a long one (`excerpt` of the gene SDK: "子曰：「…仁者人也…", every stretch
/// between the marks found in the passage).
pub fn lead_quotes(title: &str, summary: &str, quote: &str) -> bool {
    let lead = quoted_lead(title, summary);
    let quote = quote.trim();
    let parts = || lead.split('…').map(str::trim).filter(|p| !p.is_empty());
    lead == quote
        || lead.contains('…')
            && parts().any(|p| p.chars().count() >= 8)
            && parts().all(|p| quote.contains(p))
}

/// Whether a lead opens with the title, as a sentence about it does ("仁者人也", "The
/// operating system is …"), past an article, in any case.
fn opens_with(lead: &str, title: &str) -> bool {
    let lead = lead.trim_start().to_lowercase();
    let lead = ["the ", "a ", "an "]
        .iter()
        .find_map(|a| lead.strip_prefix(a))
        .unwrap_or(&lead);
    lead.starts_with(&title.trim().to_lowercase())
}

/// Whether a lead quoted from the text names a Latin title only as the end of a longer name
/// that opens it: "The package tracker has a web interface …" for "tracker", "gbp
/// buildpackage：从 git 仓库中构建…" for "buildpackage". The text's name is longer than the
/// title, which is then a truncated one. Not a determiner or a preposition before it ("Each
/// package must …", "in posix mode, …"), nor a kind before a name that is no English word, an
/// apposition ("The program pdfroff exists …", "The directory /run is …").
fn names_a_longer_name(lead: &str, title: &str) -> bool {
    const NOT_A_NAME_PART: &[&str] = &[
        "this", "that", "these", "those", "each", "every", "any", "some", "all", "no", "our",
        "your", "its", "their", "his", "her", "my", "one", "another", "other", "such", "new",
        "old", "same", "several", "many", "most", "both", "few", "in", "on", "at", "for", "with",
        "by", "to", "from", "of", "as", "if", "when",
    ];
    const KINDS: &[&str] = &[
        "program",
        "command",
        "package",
        "file",
        "directory",
        "utility",
        "tool",
        "script",
        "macro",
        "option",
        "field",
        "variable",
        "function",
        "library",
        "daemon",
        "target",
    ];
    let title = title.trim().to_lowercase();
    if title.is_empty() || !title.is_ascii() || opens_with(lead, &title) {
        return false;
    }
    let lead = lead.trim_start().to_lowercase();
    let lead = ["the ", "a ", "an "]
        .iter()
        .find_map(|a| lead.strip_prefix(a))
        .unwrap_or(&lead);
    let Some((first, rest)) = lead.split_once(' ') else {
        return false;
    };
    first.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
        && !NOT_A_NAME_PART.contains(&first)
        && !first.ends_with("ing")
        && (!KINDS.contains(&first) || crate::analysis::is_english_word(&title))
        && rest.strip_prefix(title.as_str()).is_some_and(|after| {
            after
                .chars()
                .next()
                .is_some_and(|c| c == ' ' || c == ':' || c == '：' || c == ',')
        })
}

/// Reviews `page`. `entry_exists` tells whether a link target is an existing entry.
pub fn review(page: &Page, entry_exists: &dyn Fn(&str) -> bool) -> Review {
    let mut findings = Vec::new();
    let mut score: i32 = 100;
    if page.summary.trim().is_empty() {
        findings.push(finding(
            "missing-definition",
            "the page has no one-line definition or description",
        ));
        score -= 35;
    }
    match page.citations.len() {
        0 => {
            findings.push(finding(
                "no-citations",
                "the page cites no passage of the source",
            ));
            score -= 50;
        }
        1 | 2 => {
            findings.push(finding(
                "few-citations",
                "the page cites fewer than three passages",
            ));
            score -= 15;
        }
        _ => {}
    }
    let broken: Vec<&String> = page.links.iter().filter(|l| !entry_exists(l)).collect();
    if !broken.is_empty() {
        findings.push(finding(
            "broken-links",
            &format!(
                "links to entries that do not exist: {}",
                broken
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
        score -= 10;
    }
    if page.links.len() == broken.len() {
        findings.push(finding("no-links", "the page links to no other entry"));
        score -= 10;
    }
    // The lead should be the text's own sentence about the entry, not a template line.
    // (a lead from a long passage shows a part of it, "子曰：「…仁者人也…": its longest
    // stretch is what the passage must hold)
    let lead: String = quoted_lead(&page.title, &page.summary)
        .split('…')
        .map(str::trim)
        .max_by_key(|part| part.len())
        .unwrap_or_default()
        .chars()
        .take(40)
        .collect();
    // (a lead a writer composed is cited where the page repeats it with its footnote marks:
    // "In short: … [^s12]")
    let marked = page
        .sections
        .iter()
        .any(|s| s.body.contains(&lead) && s.body.contains("[^"));
    let templated = !lead.is_empty()
        && !marked
        && !page.citations.is_empty()
        && !page.citations.iter().any(|c| c.quote.contains(&lead));
    if templated {
        findings.push(finding(
            "template-lead",
            "the lead is a template line: no sentence of the text that says what the entry is was found",
        ));
        score -= 5;
    }
    // (a how-to is titled by what it does: "To plant a tree", "How to build")
    let fault = (page.entry_type != "method")
        .then(|| crate::analysis::title_fault(&page.title))
        .flatten()
        // (a concept named by everyday words, 事, 工具 or "operating system", is a word of
        // the language, not a term of the book, unless the lead is the text's sentence about
        // it: the lead opens with the title, as a definition does, "仁者人也", not a sentence
        // that uses the word in passing, "所藏乎身不恕，而能喻諸人者")
        .or((page.entry_type == "concept"
            && (templated || !opens_with(&lead, &page.title))
            && crate::analysis::everyday_title(&page.title))
        .then_some("generic"));
    match fault {
        Some("generic") => {
            findings.push(finding(
                "generic-title",
                "the title is an ordinary word of the language, not a term of this book",
            ));
            score -= 10;
        }
        Some(fault) => {
            findings.push(finding(
                "fragment-title",
                &format!("the title is no name: it reads as {fault}"),
            ));
            score -= 45;
        }
        None => {}
    }
    // (a title the lead shows to be the end of a longer name: "tracker" led by "The package
    // tracker has …" is a truncated name)
    if fault.is_none() && !templated && names_a_longer_name(&lead, &page.title) {
        findings.push(finding(
            "truncated-title",
            "the lead names the entry by a longer name than its title: the title is a part of that name",
        ));
        score -= 10;
    }
    let body_chars: usize = page.sections.iter().map(|s| s.body.chars().count()).sum();
    if body_chars < 80 {
        findings.push(finding("thin-body", "the page body is very short"));
        score -= 10;
    }
    Review {
        score: score.clamp(0, 100) as f32 / 100.0,
        findings,
    }
}

/// The review's score as 0–100.
pub fn score_percent(review: &Review) -> u8 {
    (review.score * 100.0).round().clamp(0.0, 100.0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::model::{Citation, Section};

    fn page(summary: &str, citations: usize, links: &[&str], body: &str) -> Page {
        titled("Tarragon", summary, citations, links, body)
    }

    fn titled(title: &str, summary: &str, citations: usize, links: &[&str], body: &str) -> Page {
        Page {
            title: title.into(),
            entry_type: "concept".into(),
            aliases: vec![],
            summary: summary.into(),
            sections: vec![Section {
                heading: "About".into(),
                body: body.into(),
            }],
            citations: (0..citations)
                .map(|i| Citation {
                    passage_id: format!("p{i}"),
                    quote: if i == 0 { summary.into() } else { "q".into() },
                })
                .collect(),
            links: links.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn an_option_named_before_its_quoted_description_is_a_quoted_lead() {
        let exists = |_: &str| true;
        let long = "x".repeat(100);
        let mut p = titled(
            "read -a",
            "read -a: Assign the words to an array.",
            3,
            &["B"],
            &long,
        );
        p.citations[0].quote = "Assign the words to an array.".into();
        let r = review(&p, &exists);
        assert_eq!(score_percent(&r), 100, "{:?}", r.findings);
        assert_eq!(
            quoted_lead("tar -A", "tar -A：将一存档与已有的存档合并"),
            "将一存档与已有的存档合并"
        );
        assert_eq!(quoted_lead("Tarragon", "A herb: green."), "A herb: green.");
        let speech = "子曰：「天下之達道五。仁者人也，親親為大；義者宜也。好學近乎知。」";
        for (summary, quotes) in [
            (speech, true),
            ("子曰：「…仁者人也，親親為大；義者宜也。…", true),
            ("子曰：「…仁者人也，親親為大；義者知也。…", false),
            ("子曰：「…好學…", false),
        ] {
            assert_eq!(lead_quotes("仁", summary, speech), quotes, "{summary}");
        }
    }

    #[test]
    fn checklist_scores() {
        let exists = |t: &str| t != "Ghost";
        let long = "x".repeat(100);
        let cases = [
            (page("A thing.", 3, &["B"], &long), 100, vec![]),
            (page("", 3, &["B"], &long), 65, vec!["missing-definition"]),
            (page("A thing.", 0, &["B"], &long), 50, vec!["no-citations"]),
            (
                page("A thing.", 1, &["Ghost"], "short"),
                55,
                vec!["few-citations", "broken-links", "no-links", "thin-body"],
            ),
        ];
        let cases = cases.into_iter().chain([
            // a template lead, a fragment, a possessive, a generic word
            (
                {
                    let mut p = page("A thing.", 3, &["B"], &long);
                    p.summary = "“T” is a concept of “Book”, found in 3 passages.".into();
                    p
                },
                95,
                vec!["template-lead"],
            ),
            (
                titled("Therefore David", "A thing.", 3, &["B"], &long),
                55,
                vec!["fragment-title"],
            ),
            (
                titled("Aaron's", "A thing.", 3, &["B"], &long),
                55,
                vec!["fragment-title"],
            ),
            (
                titled("其妾", "A thing.", 3, &["B"], &long),
                55,
                vec!["fragment-title"],
            ),
            (
                titled("data", "A thing.", 3, &["B"], &long),
                90,
                vec!["generic-title"],
            ),
            (
                titled("site-specific", "A thing.", 3, &["B"], &long),
                55,
                vec!["fragment-title"],
            ),
            (
                titled("non-free", "A thing.", 3, &["B"], &long),
                100,
                vec![],
            ),
            (titled("The Cow", "A thing.", 3, &["B"], &long), 100, vec![]),
            // a title the lead shows to be part of a longer name
            (
                titled(
                    "tracker",
                    "The package tracker has a web interface.",
                    3,
                    &["B"],
                    &long,
                ),
                90,
                vec!["truncated-title"],
            ),
            (
                titled(
                    "buildpackage",
                    "gbp buildpackage：从 git 仓库中构建。",
                    3,
                    &["B"],
                    &long,
                ),
                90,
                vec!["truncated-title"],
            ),
            (
                titled(
                    "tracker",
                    "The tracker has a web interface.",
                    3,
                    &["B"],
                    &long,
                ),
                100,
                vec![],
            ),
            // (a kind before a name is an apposition; a preposition opens no name)
            (
                titled(
                    "pdfroff",
                    "The program pdfroff exists to handle it.",
                    3,
                    &["B"],
                    &long,
                ),
                100,
                vec![],
            ),
            (
                titled(
                    "posix mode",
                    "In posix mode, the parser stops.",
                    3,
                    &["B"],
                    &long,
                ),
                100,
                vec![],
            ),
            (
                titled(
                    "dpkg-deb",
                    "Each dpkg-deb run builds one archive.",
                    3,
                    &["B"],
                    &long,
                ),
                100,
                vec![],
            ),
            // a concept of one character: generic where the text does not define it
            (
                {
                    let mut p = titled("事", "事者，物之始也。", 3, &["B"], &long);
                    p.summary = "事，《大學》中的概念，見於 12 段。".into();
                    p
                },
                85,
                vec!["template-lead", "generic-title"],
            ),
            (
                titled("誠", "誠者，天之道也。", 3, &["B"], &long),
                100,
                vec![],
            ),
            (
                titled(
                    "人",
                    "所藏乎身不恕，而能喻諸人者，未之有也。",
                    3,
                    &["B"],
                    &long,
                ),
                90,
                vec!["generic-title"],
            ),
            (
                titled(
                    "operating system",
                    "The operating system is the software that runs the machine.",
                    3,
                    &["B"],
                    &long,
                ),
                100,
                vec![],
            ),
            (
                {
                    let mut p = titled("operating system", "x", 3, &["B"], &long);
                    p.summary = "operating system is a term in “Book”, found in 3 passages.".into();
                    p
                },
                85,
                vec!["template-lead", "generic-title"],
            ),
            (
                {
                    let mut p = titled("工具", "x", 3, &["B"], &long);
                    p.summary = "工具，《书》中的概念，见于 3 段。".into();
                    p
                },
                85,
                vec!["template-lead", "generic-title"],
            ),
        ]);
        for (p, want, codes) in cases {
            let r = review(&p, &exists);
            assert_eq!(score_percent(&r), want, "{}: {:?}", p.title, r.findings);
            let got: Vec<_> = r.findings.iter().map(|f| f.code.as_str()).collect();
            assert_eq!(got, codes);
        }
    }
}

//! The frame a distributor puts around a work it republishes: Project Gutenberg's header (the
//! title, author and release lines, "*** START OF THE PROJECT GUTENBERG EBOOK … ***", the
//! producers' credit) and its footer (from "End of the Project Gutenberg EBook of …" or
//! "*** END OF … ***" on: the full licence). Tens of thousands of public-domain books reach
//! readers this way, in every format.
//!
//! The frame is furniture: its blocks stay in the corpus as [`BlockKind::Matter`] for a reader,
//! but are never read as the book's text (the licence would otherwise give a book its "electronic
//! work", "Project Gutenberg-tm" and "public domain" entries, and split a plain text at its
//! "Section 1." headings). Its `Title:` line, and a title the distributor prefixed ("The Project
//! Gutenberg eBook #41568: An Introduction to Mathematics."), name the book.
//!
//! This module reads lines and blocks only; it does not decide chapters (each format's extractor
//! does) and knows no other distributor.

use super::{BlockKind, ExtractedDoc};

const PG: &str = "project gutenberg";

/// A line as its markers are compared: lower case, without the stars that open it.
fn marker_text(line: &str) -> String {
    line.trim()
        .trim_start_matches('*')
        .trim_start()
        .to_lowercase()
}

/// "*** START OF THE PROJECT GUTENBERG EBOOK …", "***START OF THIS PROJECT GUTENBERG EBOOK …".
fn is_start_marker(line: &str) -> bool {
    let l = marker_text(line);
    l.starts_with("start of th") && l.contains(PG)
}

/// "*** END OF THE PROJECT GUTENBERG EBOOK …", "End of the Project Gutenberg EBook of …",
/// "End of Project Gutenberg's …".
fn is_end_marker(line: &str) -> bool {
    let l = marker_text(line);
    (l.starts_with("end of th") || l.starts_with("end of project gutenberg"))
        && l.contains(PG)
        && l.chars().count() <= 160
}

/// A producers' credit right after the start marker: "Produced by David Newman, … and the Online
/// Distributed Proofreading Team at http://www.pgdp.net".
fn is_credit(paragraph: &str) -> bool {
    let l = paragraph.trim_start().to_lowercase();
    [
        "produced by",
        "e-text prepared by",
        "etext prepared by",
        "transcribed from",
        "transcribed by",
    ]
    .iter()
    .any(|p| l.starts_with(p))
        && l.chars().count() <= 400
}

/// The lines of the work inside a Project Gutenberg frame, as `start..end` (the first line after
/// the start marker and the producers' credit; the footer's first line), or `None` when the text
/// has no frame. A text with only a footer is framed from its first line.
pub(crate) fn work_lines(lines: &[&str]) -> Option<std::ops::Range<usize>> {
    let start = lines.iter().take(400).position(|l| is_start_marker(l));
    // (a marker wrapped over two lines ends on the next: "***START OF THE PROJECT GUTENBERG
    // EBOOK PLUTARCH'S LIVES, VOLUME I (OF" / "4)***")
    let start = start.map(|s| {
        let wrapped = !lines[s].trim_end().ends_with('*')
            && lines.get(s + 1).is_some_and(|n| {
                let n = n.trim();
                n.ends_with("***") && n.chars().count() <= 80
            });
        s + usize::from(wrapped)
    });
    let from = start.map_or(0, |s| s + 1);
    let end = lines[from..]
        .iter()
        .position(|l| is_end_marker(l))
        .map(|e| from + e);
    if start.is_none() && end.is_none() {
        return None;
    }
    let end = end.unwrap_or(lines.len());
    // (the producers' credit: its paragraph, after blank lines)
    let mut from = from;
    if start.is_some() {
        let first = (from..end).find(|&i| !lines[i].trim().is_empty());
        if let Some(first) = first {
            let last = (first..end)
                .find(|&i| lines[i].trim().is_empty())
                .unwrap_or(end);
            if is_credit(&lines[first..last].join(" ")) {
                from = last;
            }
        }
    }
    (from < end).then_some(from..end)
}

/// The header's `Title:` line before the start marker ("Title: Critical & Historical Essays").
pub(crate) fn header_title(header: &[&str]) -> Option<String> {
    header.iter().find_map(|l| {
        let t = l.trim().strip_prefix("Title:")?.trim();
        (!t.is_empty() && t.chars().count() <= 200).then(|| t.to_string())
    })
}

/// A title without the distributor's prefix: "The Project Gutenberg eBook #41568: An
/// Introduction to Mathematics." and "The Project Gutenberg EBook of Walden, by Henry David
/// Thoreau" name "An Introduction to Mathematics" and "Walden". Any other title is returned as
/// it is.
pub(crate) fn work_title(title: &str) -> &str {
    let t = title.trim();
    let lower = t.to_lowercase();
    let Some(at) = lower.find(PG) else {
        return t;
    };
    // (what follows the name: "'s ", " eBook #41568: ", " EBook of ")
    let rest = &t[at + PG.len()..];
    let rest = rest
        .strip_prefix("'s ")
        .or_else(|| rest.strip_prefix("’s "))
        .unwrap_or(rest)
        .trim_start();
    let lower_rest = rest.to_lowercase();
    let rest = if lower_rest.starts_with("ebook") || lower_rest.starts_with("e-book") {
        let r = rest
            .split_once(char::is_whitespace)
            .map_or("", |(_, r)| r)
            .trim_start();
        // "#41568: " or "of "
        if let Some(r) = r.strip_prefix('#') {
            r.trim_start_matches(|c: char| c.is_ascii_digit())
                .trim_start_matches([':', ','])
                .trim_start()
        } else {
            r.strip_prefix("of ").unwrap_or(r)
        }
    } else {
        rest
    };
    // (", by Henry David Thoreau": the author, not the title)
    let rest = rest.rsplit_once(", by ").map_or(rest, |(t, _)| t);
    let rest = rest.trim().trim_end_matches('.').trim();
    if rest.is_empty() { t } else { rest }
}

/// Marks the blocks outside a Project Gutenberg frame as matter in a document whose extractor
/// did not see lines (EPUB, PDF, Markdown), and takes the work's title from the distributor's.
pub(crate) fn mark_frame(doc: &mut ExtractedDoc) {
    if let Some(t) = &doc.title {
        let w = work_title(t);
        if w.len() != t.len() {
            doc.title = Some(w.to_string());
        }
    }
    let texts: Vec<&str> = doc.blocks().map(|b| b.text.as_str()).collect();
    let start = texts
        .iter()
        .take(200)
        .position(|t| t.lines().any(is_start_marker));
    let from = start.map_or(0, |s| s + 1);
    let end = texts[from.min(texts.len())..]
        .iter()
        .position(|t| t.lines().any(is_end_marker))
        .map(|e| from + e);
    if start.is_none() && end.is_none() {
        return;
    }
    let mut from = from;
    if start.is_some() && texts.get(from).is_some_and(|t| is_credit(t)) {
        from += 1;
    }
    let end = end.unwrap_or(texts.len());
    // (a chapter that holds the header alone is the book's front, whatever the distributor
    // named it: "PG Boilerplate")
    if start.is_some()
        && let Some(title) = doc.title.clone()
        && let Some(first) = doc.chapters.first_mut()
        && first.blocks.len() <= from
    {
        first.title = title;
    }
    for (i, b) in doc
        .chapters
        .iter_mut()
        .flat_map(|c| c.blocks.iter_mut())
        .enumerate()
    {
        if i < from || i >= end {
            b.kind = BlockKind::Matter;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_distributors_prefix_is_no_part_of_the_title() {
        for (title, want) in [
            (
                "The Project Gutenberg eBook #41568: An Introduction to Mathematics.",
                "An Introduction to Mathematics",
            ),
            (
                "The Project Gutenberg EBook of Walden, by Henry David Thoreau",
                "Walden",
            ),
            (
                "Project Gutenberg's Critical & Historical Essays, by Edward MacDowell",
                "Critical & Historical Essays",
            ),
            (
                "An Introduction to Mathematics",
                "An Introduction to Mathematics",
            ),
            ("The Bash Reference Manual", "The Bash Reference Manual"),
        ] {
            assert_eq!(work_title(title), want, "{title}");
        }
    }

    #[test]
    fn the_work_is_what_the_markers_frame() {
        let text = "Project Gutenberg's Essays, by A. Writer\n\nTitle: Essays\n\nAuthor: A. Writer\n\n\
                    *** START OF THIS PROJECT GUTENBERG EBOOK ESSAYS ***\n\n\n\
                    Produced by Jane Roe and the Online Distributed\nProofreading Team\n\n\n\
                    ESSAYS\n\nThe first essay.\n\n\
                    End of Project Gutenberg's Essays, by A. Writer\n\n\
                    *** END OF THIS PROJECT GUTENBERG EBOOK ESSAYS ***\n\n\
                    Section 1.  General Terms of Use\n";
        let lines: Vec<&str> = text.lines().collect();
        let work = work_lines(&lines).expect("a framed text");
        let inside: Vec<&str> = lines[work.clone()]
            .iter()
            .copied()
            .filter(|l| !l.trim().is_empty())
            .collect();
        assert_eq!(inside, ["ESSAYS", "The first essay."]);
        assert_eq!(
            header_title(&lines[..work.start]).as_deref(),
            Some("Essays")
        );
        // (a start marker wrapped over two lines, and an e-text's credit after it)
        let wrapped = [
            "Title: Lives, Volume I (of 4)",
            "",
            "***START OF THE PROJECT GUTENBERG EBOOK LIVES, VOLUME I (OF",
            "4)***",
            "",
            "E-text prepared by Jane Roe, John Doe, and the Project",
            "Gutenberg Online Distributed Proofreading Team",
            "",
            "LIVES",
        ];
        let work = work_lines(&wrapped).expect("a framed text");
        assert_eq!(wrapped[work.start..], ["", "LIVES"]);
        // (no frame: no range)
        assert_eq!(work_lines(&["A book.", "", "Its text."]), None);
        // (the words in a sentence are no marker)
        assert!(!is_end_marker(
            "At the end of the Project Gutenberg years, he wrote a long letter."
        ));
    }
}

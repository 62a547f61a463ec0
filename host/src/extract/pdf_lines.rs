//! Line assembly for PDF pages: positioned text runs (what the PDF backend reads from a page's
//! content stream in one pass) become the page's lines, top to bottom and left to right, with a
//! space where the gap between two runs is a word gap, a tab where it is gutter-wide (between
//! the cells of a table row or a term and its description), and a blank line between blocks (a
//! wider gap between lines than the line spacing, or a change of font size, as between a
//! heading and its text).
//!
//! This is the fast path of PDF extraction: a single-column page needs nothing more, and it keeps
//! a sentence whole where a code-font word sits inside it. It refuses (returns `None`) what it
//! cannot read in that order, a page set in two or more columns, so the caller can hand such a
//! page to the backend's full reading-order analysis. Not for: headers, footers, hyphens and
//! paragraphs (that is `pdf::layout`, over the lines this returns), nor for vertical or rotated
//! text (the caller never sends it here).

/// One run of text as drawn on the page, in PDF user space (y grows upwards).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Run {
    pub text: String,
    /// Left edge.
    pub x: f32,
    /// Vertical position of the run (the same reference for every run of a page).
    pub y: f32,
    pub width: f32,
    /// Font size in points (1 em).
    pub size: f32,
}

impl Run {
    fn end(&self) -> f32 {
        self.x + self.width
    }
}

/// A gap wider than this many em between two runs on a line is a word gap.
const WORD_GAP_EM: f32 = 0.15;
/// A gap wider than this many em is a gutter candidate (between columns or table cells).
const GUTTER_EM: f32 = 1.5;
/// Lines further apart than this many em (baseline to baseline) are in different blocks:
/// body text is set at about 1.2 em, paragraphs, headings and code blocks further apart.
const BLOCK_GAP_EM: f32 = 1.5;

/// The page's text, one line per output line, or `None` when the page is set in columns.
/// `page_width` is the media box width (0 when unknown).
pub(crate) fn assemble(mut runs: Vec<Run>, page_width: f32) -> Option<String> {
    runs.retain(|r| !r.text.trim().is_empty() && r.size > 0.0 && r.x.is_finite());
    // Top to bottom, then left to right.
    runs.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
    let mut lines: Vec<Vec<Run>> = Vec::new();
    for run in runs {
        match lines.last_mut() {
            // Same line: the baseline is within half the larger font size (superscripts and
            // mixed fonts stay on their line).
            Some(line) if (line[0].y - run.y).abs() <= 0.5 * line[0].size.max(run.size) => {
                line.push(run)
            }
            _ => lines.push(vec![run]),
        }
    }
    let mut columned = 0;
    let mut out = String::new();
    // The previous line's baseline and font size (those of its largest run).
    let mut above: Option<(f32, f32)> = None;
    for line in &mut lines {
        line.sort_by(|a, b| a.x.total_cmp(&b.x));
        let (y, size) = dominant(line);
        if let Some((y_above, size_above)) = above
            && (y_above - y > BLOCK_GAP_EM * size.min(size_above)
                || (size - size_above).abs() >= 1.0)
        {
            out.push('\n');
        }
        above = Some((y, size));
        if splits_into_columns(line, page_width) {
            columned += 1;
        }
        let mut prev: Option<&Run> = None;
        for run in line.iter() {
            if let Some(p) = prev {
                // The same text drawn twice at (nearly) the same place: fake bold, shadows.
                if p.text == run.text && (p.x - run.x).abs() < 0.5 * run.size {
                    continue;
                }
                let gap = run.x - p.end();
                // Measured in the smaller font: a footnote mark before its text.
                if gap > GUTTER_EM * run.size.min(p.size) && !out.ends_with('\t') {
                    while out.ends_with(' ') {
                        out.pop();
                    }
                    out.push('\t');
                } else if gap > WORD_GAP_EM * run.size.min(p.size)
                    && !out.ends_with(char::is_whitespace)
                    && !run.text.starts_with(char::is_whitespace)
                {
                    out.push(' ');
                }
            }
            out.push_str(&run.text);
            prev = Some(run);
        }
        out.push('\n');
    }
    // Two columns of text side by side on most lines: reading them line by line would
    // interleave the columns.
    if columned >= 3 && columned * 2 >= lines.len() {
        return None;
    }
    Some(out)
}

/// A line's baseline and font size: those of the size that sets most of its characters. A
/// word in a larger code font inside a sentence ("adding NAMED<id> to the HEADING macro")
/// leaves the line in its paragraph; a heading set wholly in a larger size is its own block.
fn dominant(line: &[Run]) -> (f32, f32) {
    let mut sizes: Vec<(f32, f32, usize)> = Vec::new();
    for r in line {
        let n = r.text.trim().chars().count();
        match sizes.iter_mut().find(|(s, _, _)| (s - r.size).abs() < 0.5) {
            Some(e) => e.2 += n,
            None => sizes.push((r.size, r.y, n)),
        }
    }
    // (ties go to the larger size, as a heading's number and title in two fonts do)
    let (size, y, _) = sizes
        .into_iter()
        .max_by(|a, b| a.2.cmp(&b.2).then(a.0.total_cmp(&b.0)))
        .expect("a line has a run");
    (y, size)
}

/// Whether a line is two blocks of text side by side: a gutter-wide gap with a substantial
/// amount of text on both sides (a table row with a short first cell is not).
fn splits_into_columns(line: &[Run], page_width: f32) -> bool {
    if page_width <= 0.0 || line.len() < 2 {
        return false;
    }
    let start = line[0].x;
    let end = line.iter().map(Run::end).fold(f32::MIN, f32::max);
    line.windows(2).any(|w| {
        let gap = w[1].x - w[0].end();
        gap > GUTTER_EM * w[1].size
            && w[0].end() - start >= 0.25 * page_width
            && end - w[1].x >= 0.25 * page_width
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, x: f32, y: f32, width: f32) -> Run {
        Run {
            text: text.into(),
            x,
            y,
            width,
            size: 10.0,
        }
    }

    /// Six lines 12 pt apart, each with a left and a right run.
    fn rows(left: (&str, f32, f32), right: (&str, f32, f32)) -> Vec<Run> {
        (0..6)
            .flat_map(|i| {
                let y = 700.0 - 12.0 * i as f32;
                [
                    run(left.0, left.1, y, left.2),
                    run(right.0, right.1, y, right.2),
                ]
            })
            .collect()
    }

    #[test]
    fn runs_become_lines_in_reading_order() {
        let cases: &[(&str, Vec<Run>, Option<&str>)] = &[
            (
                "drawn out of order",
                vec![
                    run("second line", 72.0, 708.0, 50.0),
                    run("world", 110.0, 720.0, 25.0),
                    run("Hello", 72.0, 720.0, 25.0),
                ],
                Some("Hello world\nsecond line\n"),
            ),
            (
                "a wider gap between lines starts a block",
                vec![
                    run("end of a paragraph.", 72.0, 720.0, 80.0),
                    run("next paragraph", 72.0, 700.0, 60.0),
                ],
                Some("end of a paragraph.\n\nnext paragraph\n"),
            ),
            (
                "a heading in a larger font is its own block",
                vec![
                    Run {
                        size: 14.0,
                        ..run("4.4.5 salsa.debian.org", 72.0, 720.0, 150.0)
                    },
                    run("If you want to use a git repository", 72.0, 706.0, 150.0),
                ],
                Some("4.4.5 salsa.debian.org\n\nIf you want to use a git repository\n"),
            ),
            (
                "a footnote mark in a small font, then its text",
                vec![
                    Run {
                        size: 6.0,
                        ..run("9", 72.0, 100.0, 3.0)
                    },
                    run("Found in the archive.", 76.0, 100.0, 80.0),
                ],
                Some("9 Found in the archive.\n"),
            ),
            (
                "a code-font word inside a sentence, no gap after it",
                vec![
                    run("Use", 72.0, 720.0, 15.0),
                    run("sed", 90.0, 720.0, 15.0),
                    run(", then stop.", 105.0, 720.0, 50.0),
                ],
                Some("Use sed, then stop.\n"),
            ),
            (
                "a word in a larger code font leaves its line in the paragraph",
                vec![
                    run("With", 72.0, 720.0, 20.0),
                    run("mom, this is done by adding", 72.0, 708.0, 120.0),
                    Run {
                        size: 11.0,
                        ..run("NAMED<id>", 195.0, 708.0, 50.0)
                    },
                    run("to the heading macro", 248.0, 708.0, 90.0),
                    run("for the heading.", 72.0, 696.0, 60.0),
                ],
                Some(
                    "With\nmom, this is done by adding NAMED<id> to the heading macro\nfor the heading.\n",
                ),
            ),
            (
                "a superscript stays on its line",
                vec![
                    run("E = mc", 72.0, 720.0, 30.0),
                    Run {
                        size: 6.0,
                        ..run("2", 102.0, 724.0, 3.0)
                    },
                    run("next", 72.0, 708.0, 20.0),
                ],
                Some("E = mc2\nnext\n"),
            ),
            (
                "fake bold: the same run twice",
                vec![
                    run("Bold", 72.0, 720.0, 20.0),
                    run("Bold", 72.3, 720.0, 20.0),
                ],
                Some("Bold\n"),
            ),
            (
                "blank runs dropped",
                vec![run("  ", 72.0, 720.0, 5.0), run("text", 72.0, 708.0, 20.0)],
                Some("text\n"),
            ),
            (
                "a table with a short first column is not columns",
                rows(
                    ("sed", 72.0, 15.0),
                    ("The stream editor of the system", 160.0, 200.0),
                ),
                Some(
                    "sed\tThe stream editor of the system\n\
                     sed\tThe stream editor of the system\n\
                     sed\tThe stream editor of the system\n\
                     sed\tThe stream editor of the system\n\
                     sed\tThe stream editor of the system\n\
                     sed\tThe stream editor of the system\n",
                ),
            ),
            (
                "two columns of text",
                rows(
                    ("left column text runs wide", 50.0, 240.0),
                    ("right column text runs wide", 320.0, 240.0),
                ),
                None,
            ),
        ];
        for (name, runs, want) in cases {
            assert_eq!(
                assemble(runs.clone(), 612.0).as_deref(),
                *want,
                "case: {name}"
            );
        }
    }
}

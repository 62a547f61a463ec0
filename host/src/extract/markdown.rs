//! Markdown extraction with `pulldown-cmark`: ATX and setext headings become chapters (the top
//! heading level present; a lone leading top heading is the document title and the next level
//! down makes the chapters) and sections (the heading path below the chapter level). Markup is
//! stripped: emphasis goes, links keep their text; images, inline HTML tags, HTML comments, front
//! matter and reference definitions are dropped; code blocks become separate
//! [`BlockKind::Code`] blocks; a block of raw HTML is read as the EPUB reader reads XHTML (its
//! paragraphs, code and tables: a `<table>` of constants in an API reference is a
//! [`BlockKind::Table`], not lost).
//! Every block keeps the 1-based source line where it starts. Not for rendering Markdown.

use super::html::HtmlKind;
use super::{DocBuilder, ExtractError, ExtractedDoc, Format, text::decode_text};
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The heading level of a collection's units, where the text is one: under fewer than twelve
/// chapter headings, twelve or more headings of one deeper level that are titles, not code,
/// with short texts (poems under "国风 / 周南", essays under their volumes). Each unit is then
/// a chapter of its own, as a reader cites it. An API reference, whose deep headings are code
/// ("fs.access(path[, mode], callback)", "Event: 'close'"), is no collection.
fn collection_level(
    heads: &[(u8, String)],
    chapter_level: u8,
    lone_title: bool,
    text_len: usize,
) -> Option<u8> {
    let chapters = heads.iter().filter(|(l, _)| *l <= chapter_level).count();
    let chapters = chapters - usize::from(lone_title);
    if chapters >= 12 {
        return None;
    }
    let deep = (chapter_level + 1..=6)
        .rev()
        .find(|&d| heads.iter().filter(|(l, _)| *l == d).count() >= 12)?;
    let units: Vec<&str> = heads
        .iter()
        .filter(|(l, _)| *l == deep)
        .map(|(_, h)| h.as_str())
        .collect();
    let code = units
        .iter()
        .filter(|h| h.contains(['(', '`', '_', '.', ':', '/', '=', '<', '[', '{']))
        .count();
    (code * 5 < units.len() && text_len / units.len() <= 4000).then_some(deep)
}

/// Every heading's level and text, in order.
fn heading_texts(events: &[(Event<'_>, std::ops::Range<usize>)]) -> Vec<(u8, String)> {
    let mut heads: Vec<(u8, String)> = Vec::new();
    let mut open: Option<(u8, String)> = None;
    for (e, _) in events {
        match e {
            Event::Start(Tag::Heading { level: l, .. }) => open = Some((level(*l), String::new())),
            Event::Text(t) | Event::Code(t) => {
                if let Some((_, h)) = open.as_mut() {
                    h.push_str(t);
                }
            }
            Event::End(TagEnd::Heading(_)) => heads.extend(open.take()),
            _ => {}
        }
    }
    heads
}

fn level(l: HeadingLevel) -> u8 {
    l as u8
}

/// Extracts a Markdown file.
pub(crate) fn extract_md(bytes: &[u8]) -> Result<ExtractedDoc, ExtractError> {
    let (text, encoding) = decode_text(bytes)?;
    let src = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    let mut doc = extract_md_str(src);
    doc.encoding = Some(encoding.to_string());
    Ok(doc)
}

/// Line starts for offset -> line look-ups.
struct Lines(Vec<usize>);

impl Lines {
    fn new(s: &str) -> Self {
        let mut v = vec![0];
        v.extend(s.match_indices('\n').map(|(i, _)| i + 1));
        Lines(v)
    }
    fn line(&self, offset: usize) -> u32 {
        (self.0.partition_point(|&s| s <= offset)) as u32
    }
}

pub(crate) fn extract_md_str(src: &str) -> ExtractedDoc {
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    opts.insert(Options::ENABLE_FOOTNOTES);
    opts.insert(Options::ENABLE_YAML_STYLE_METADATA_BLOCKS);
    opts.insert(Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS);
    let events: Vec<(Event<'_>, std::ops::Range<usize>)> =
        Parser::new_ext(src, opts).into_offset_iter().collect();
    let lines = Lines::new(src);

    // heading levels present, to choose the chapter level
    let texts = heading_texts(&events);
    let heads: Vec<u8> = texts.iter().map(|(l, _)| *l).collect();
    let top = heads.iter().copied().min().unwrap_or(1);
    let top_count = heads.iter().filter(|&&l| l == top).count();
    let lone_title = top_count == 1 && heads.first() == Some(&top) && heads.len() > 1;
    let chapter_level = if lone_title {
        heads
            .iter()
            .copied()
            .filter(|&l| l > top)
            .min()
            .unwrap_or(top)
    } else {
        top
    };
    let unit_level = collection_level(&texts, chapter_level, lone_title, src.len());
    let chapter_level = unit_level.unwrap_or(chapter_level);

    let mut b = DocBuilder::new();
    let mut title: Option<String> = None;
    let mut sections: Vec<(u8, String)> = Vec::new();
    // (a collection's divisions: the headings above its units' level, "国风" › "周南")
    let mut divisions: Vec<(u8, String)> = Vec::new();

    let mut buf = String::new();
    let mut buf_line = 0u32;
    let mut in_heading: Option<u8> = None;
    let mut heading_text = String::new();
    let mut in_code = false;
    let mut code = String::new();
    let mut code_line = 0u32;
    let mut skip_depth = 0usize; // inside images or metadata blocks
    let mut first_heading_done = false;
    // Open lists, innermost last: the next item number of an ordered list, `None` for a
    // bulleted one. An ordered item keeps its number ("2. Run it"), which is what makes a
    // numbered list a step sequence for the analysis.
    let mut lists: Vec<Option<u64>> = Vec::new();
    // (a block of raw HTML being read, and the line it starts on)
    let mut html: Option<(String, u32)> = None;

    let flush = |b: &mut DocBuilder, buf: &mut String, line: u32| {
        if super::html::only_item_number(buf) {
            return; // the number waits for its item's text (a paragraph inside the item)
        }
        if !buf.trim().is_empty() {
            b.para(buf, None, Some(line));
        }
        buf.clear();
    };

    for (ev, range) in &events {
        let line = lines.line(range.start);
        match ev {
            Event::Start(Tag::Image { .. }) | Event::Start(Tag::MetadataBlock(_)) => {
                skip_depth += 1;
            }
            Event::End(TagEnd::Image) | Event::End(TagEnd::MetadataBlock(_)) => {
                skip_depth = skip_depth.saturating_sub(1);
            }
            _ if skip_depth > 0 => {}
            Event::Start(Tag::Heading { level: l, .. }) => {
                flush(&mut b, &mut buf, buf_line);
                in_heading = Some(level(*l));
                heading_text.clear();
            }
            Event::End(TagEnd::Heading(_)) => {
                let l = in_heading.take().unwrap_or(chapter_level);
                let h = heading_text.trim().to_string();
                let is_title = lone_title && !first_heading_done && l == top;
                first_heading_done = true;
                if is_title {
                    title = Some(h);
                } else if l <= chapter_level {
                    b.chapter(&h);
                    sections.clear();
                    if unit_level.is_some() {
                        divisions.retain(|(dl, _)| *dl < l);
                        if l < chapter_level {
                            divisions.push((l, h));
                        } else {
                            b.set_parts(divisions.iter().map(|(_, d)| d.clone()).collect());
                        }
                    }
                } else {
                    sections.retain(|(sl, _)| *sl < l);
                    sections.push((l, h));
                    let path: Vec<&str> = sections.iter().map(|(_, s)| s.as_str()).collect();
                    b.set_section(Some(path.join(" / ")));
                }
            }
            Event::Start(Tag::HtmlBlock) => {
                flush(&mut b, &mut buf, buf_line);
                html = Some((String::new(), line));
            }
            Event::Html(t) => {
                if let Some((h, _)) = html.as_mut() {
                    h.push_str(t);
                }
            }
            Event::End(TagEnd::HtmlBlock) => {
                if let Some((h, at)) = html.take() {
                    for blk in super::html::html_blocks(&h).0 {
                        match blk.kind {
                            HtmlKind::Code => b.code(&blk.text, None, Some(at)),
                            HtmlKind::Table => b.table(&blk.text, None, Some(at)),
                            HtmlKind::Caption => b.matter(blk.text.trim(), None, Some(at)),
                            HtmlKind::Para | HtmlKind::Heading(_) => {
                                b.para(&blk.text, None, Some(at))
                            }
                        }
                    }
                }
            }
            Event::Start(Tag::CodeBlock(_)) => {
                flush(&mut b, &mut buf, buf_line);
                in_code = true;
                code.clear();
                code_line = line;
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code = false;
                // fenced blocks start on the fence line; report the first code line
                let first = if src[range.clone()].starts_with(['`', '~']) {
                    code_line + 1
                } else {
                    code_line
                };
                b.code(&code, None, Some(first));
            }
            Event::Start(Tag::List(start)) => {
                flush(&mut b, &mut buf, buf_line);
                lists.push(*start);
            }
            Event::End(TagEnd::List(_)) => {
                lists.pop();
            }
            Event::Start(Tag::Item) => {
                flush(&mut b, &mut buf, buf_line);
                buf.clear(); // an empty item's number
                if let Some(Some(n)) = lists.last_mut() {
                    buf_line = line;
                    buf.push_str(&format!("{n}. "));
                    *n += 1;
                }
            }
            Event::Start(
                Tag::Paragraph
                | Tag::BlockQuote(_)
                | Tag::TableRow
                | Tag::TableHead
                | Tag::FootnoteDefinition(_)
                | Tag::DefinitionListTitle
                | Tag::DefinitionListDefinition,
            ) => {
                flush(&mut b, &mut buf, buf_line);
            }
            Event::End(
                TagEnd::Paragraph
                | TagEnd::Item
                | TagEnd::TableRow
                | TagEnd::TableHead
                | TagEnd::BlockQuote(_)
                | TagEnd::FootnoteDefinition
                | TagEnd::DefinitionListTitle
                | TagEnd::DefinitionListDefinition,
            ) => {
                flush(&mut b, &mut buf, buf_line);
            }
            Event::End(TagEnd::TableCell) => buf.push(' '),
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                if in_code {
                    code.push_str(t);
                } else if in_heading.is_some() {
                    heading_text.push_str(t);
                } else {
                    if buf.is_empty() {
                        buf_line = line;
                    }
                    buf.push_str(t);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if in_heading.is_some() {
                    heading_text.push(' ');
                } else {
                    buf.push('\n');
                }
            }
            // inline HTML tags are dropped; footnote references and rules carry no text
            _ => {}
        }
    }
    flush(&mut b, &mut buf, buf_line);
    ExtractedDoc {
        format: Format::Markdown,
        title,
        lang_hint: None,
        encoding: None,
        chapters: {
            let mut chapters = b.into_chapters();
            // a collection's group headings ("国风", "周南") hold no text of their own
            if unit_level.is_some() {
                chapters.retain(|c| !c.blocks.is_empty());
            }
            chapters
        },
        warnings: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::BlockKind;

    const MD: &str = "---\ntitle: front matter\n---\n\n# The Book\n\nIntro *text* with a [link](http://x) and ![img](a.png).\n\n<!-- a comment -->\n\nChapter One\n===========\n\nFirst **para**\ncontinues here.\n\n## Part A\n\n- item one\n- item two\n\n```rust\nfn main() {}\n```\n\n### Deeper\n\nSee [ref][r].\n\n[r]: http://example.com\n\n# Chapter Two\n\nLast para with `code`.\n";

    /// An anthology's poems under group headings are its chapters; an API reference's deep
    /// headings (code) and a book of few, long chapters keep theirs.
    #[test]
    fn a_collection_s_units_are_its_chapters() {
        let poems: String = (1..=14)
            .map(|i| format!("#### 诗{i}\n\n关关雎鸠，在河之洲。{i}\n\n"))
            .collect();
        let anthology =
            format!("# 诗经\n\n## 国风\n\n### 周南\n\n{poems}## 小雅\n\n#### 鹿鸣\n\n呦呦鹿鸣。\n");
        let api: String = (1..=14)
            .map(|i| format!("### fs.call{i}(path)\n\nCalls {i}.\n\n"))
            .collect();
        let api = format!("# fs\n\n## Callback API\n\n{api}## Promises API\n\nText.\n");
        let cases: [(&str, &str, usize, &str); 2] = [
            ("anthology", &anthology, 15, "诗1"),
            ("API reference", &api, 2, "Callback API"),
        ];
        for (what, md, chapters, first) in cases {
            let doc = extract_md_str(md);
            assert_eq!(doc.chapters.len(), chapters, "{what}");
            assert_eq!(doc.chapters[0].title, first, "{what}");
        }
        // (each poem knows the divisions that hold it; the API's sections are no divisions)
        let doc = extract_md_str(&anthology);
        assert_eq!(doc.chapters[0].parts, ["国风", "周南"]);
        assert_eq!(doc.chapters[14].title, "鹿鸣");
        assert_eq!(doc.chapters[14].parts, ["小雅"]);
        assert!(
            extract_md_str(&api)
                .chapters
                .iter()
                .all(|c| c.parts.is_empty())
        );
    }

    #[test]
    fn headings_markup_and_lines() {
        let doc = extract_md_str(MD);
        let titles: Vec<_> = doc.chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["The Book", "Chapter One", "Chapter Two"]);
        assert_eq!(doc.title, None);
        let all: Vec<(&str, BlockKind, Option<&str>, Option<u32>)> = doc
            .chapters
            .iter()
            .flat_map(|c| &c.blocks)
            .map(|b| {
                (
                    b.text.as_str(),
                    b.kind,
                    b.location.section.as_deref(),
                    b.location.line,
                )
            })
            .collect();
        assert_eq!(
            all,
            vec![
                (
                    "Intro text with a link and .",
                    BlockKind::Paragraph,
                    None,
                    Some(7)
                ),
                (
                    "First para continues here.",
                    BlockKind::Paragraph,
                    None,
                    Some(14)
                ),
                ("item one", BlockKind::Paragraph, Some("Part A"), Some(19)),
                ("item two", BlockKind::Paragraph, Some("Part A"), Some(20)),
                ("fn main() {}", BlockKind::Code, Some("Part A"), Some(23)),
                (
                    "See ref.",
                    BlockKind::Paragraph,
                    Some("Part A / Deeper"),
                    Some(28)
                ),
                ("Last para with code.", BlockKind::Paragraph, None, Some(34)),
            ]
        );
    }

    #[test]
    fn lone_top_heading_is_the_title() {
        let doc = extract_md_str(
            "# 诗经\n\n## 国风\n\n### 周南\n\n#### 关雎\n\n关关雎鸠，\n在河之洲。\n\n## 小雅\n\n呦呦鹿鸣。\n",
        );
        assert_eq!(doc.title.as_deref(), Some("诗经"));
        let titles: Vec<_> = doc.chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["国风", "小雅"]);
        let b = &doc.chapters[0].blocks[0];
        assert_eq!(b.text, "关关雎鸠，在河之洲。");
        assert_eq!(b.location.section.as_deref(), Some("周南 / 关雎"));
        assert_eq!(b.location.line, Some(9));
    }

    #[test]
    fn ordered_items_keep_their_numbers() {
        let cases: &[(&str, &[&str])] = &[
            ("1. Open it.\n2. Run it.\n", &["1. Open it.", "2. Run it."]),
            ("3. Three\n4. Four\n", &["3. Three", "4. Four"]),
            // loose items: the number joins the item's paragraph
            (
                "1. Open it.\n\n2. Run it.\n",
                &["1. Open it.", "2. Run it."],
            ),
            ("- bullet\n- list\n", &["bullet", "list"]),
            (
                "1. Outer\n   - inner\n2. Next\n",
                &["1. Outer", "inner", "2. Next"],
            ),
            ("1.\n2. Two\n", &["2. Two"]),
        ];
        for (src, want) in cases {
            let doc = extract_md_str(src);
            let got: Vec<&str> = doc.chapters[0]
                .blocks
                .iter()
                .map(|b| b.text.as_str())
                .collect();
            assert_eq!(&got, want, "{src:?}");
        }
    }

    #[test]
    fn a_block_of_raw_html_is_read_as_xhtml() {
        let md = "# Constants\n\nText before.\n\n<!-- YAML\nadded: v1 -->\n\n<table>\n  <tr>\n    <th>Constant</th>\n    <th>Description</th>\n  </tr>\n  <tr>\n    <td><code>F_OK</code></td>\n    <td>Flag indicating that the file is visible.</td>\n  </tr>\n  <tr>\n    <td><code>R_OK</code></td>\n    <td>Flag indicating that the file can be read.</td>\n  </tr>\n</table>\n\n<p align=\"center\">A <em>centred</em> line.</p>\n\nText after <span>inline</span>.\n";
        let doc = extract_md_str(md);
        let got: Vec<(&str, BlockKind, Option<u32>)> = doc.chapters[0]
            .blocks
            .iter()
            .map(|b| (b.text.as_str(), b.kind, b.location.line))
            .collect();
        assert_eq!(
            got,
            vec![
                ("Text before.", BlockKind::Paragraph, Some(3)),
                (
                    "| Constant | Description |\n| F_OK | Flag indicating that the file is visible. |\n| R_OK | Flag indicating that the file can be read. |",
                    BlockKind::Table,
                    Some(8)
                ),
                ("A centred line.", BlockKind::Paragraph, Some(23)),
                ("Text after inline.", BlockKind::Paragraph, Some(25)),
            ]
        );
    }

    #[test]
    fn no_headings_is_one_chapter() {
        let doc = extract_md_str("just text\n\nmore text\n");
        assert_eq!(doc.chapters.len(), 1);
        assert_eq!(doc.chapters[0].blocks.len(), 2);
    }
}

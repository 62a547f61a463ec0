//! Document structure common to every format: recognises the blocks that are not prose a
//! reader would quote — tables, command output and code, ASCII art, tables of contents, index
//! lines, licence texts, admonition labels ("Note", "警告") and headings left in the text — and
//! marks them ([`BlockKind::Table`], [`BlockKind::Code`], [`BlockKind::Matter`]), so that analysis
//! takes entries and quotes from prose only. The blocks stay in the corpus: a reader still sees
//! them.
//!
//! It does not split chapters or find sections (each format's extractor does, from the structure
//! its format records), and it does no language analysis: every rule here reads the shape of a
//! block (its characters, its lines) or the title of the unit it sits in. The line-level rules
//! ([`line_is_rule`], [`line_is_table_row`], [`looks_like_command`]) serve the plain-text
//! extractor, which still sees line breaks.

use super::normalize::is_cjk;
use super::{BlockKind, ExtractedDoc};

/// Marks every non-prose block of `doc` (see the module doc). Idempotent.
pub(crate) fn classify_blocks(doc: &mut ExtractedDoc) {
    let total: usize = doc.blocks().map(|b| b.text.len()).sum();
    let cjk_doc = mostly_cjk(doc.blocks().take(400).map(|b| b.text.as_str()));
    for ch in &mut doc.chapters {
        let chapter_matter = unit_is_matter(&ch.title, &ch.blocks, total);
        // sections: (first block, last block) runs of one section name
        let mut i = 0;
        while i < ch.blocks.len() {
            let sec = ch.blocks[i].location.section.clone();
            let mut j = i;
            while j < ch.blocks.len() && ch.blocks[j].location.section == sec {
                j += 1;
            }
            let section_matter = sec
                .as_deref()
                .is_some_and(|t| !t.is_empty() && unit_is_matter(t, &ch.blocks[i..j], total));
            for b in &mut ch.blocks[i..j] {
                if b.kind != BlockKind::Paragraph {
                    continue;
                }
                if chapter_matter || section_matter {
                    b.kind = BlockKind::Matter;
                } else if let Some(kind) = block_kind(&b.text, cjk_doc) {
                    b.kind = kind;
                }
            }
            i = j;
        }
    }
}

/// Whether a chapter or section is front or back matter as a whole: a table of contents, an
/// index, or a licence (by its title or its preamble) no larger than a quarter of the book of
/// `total` bytes.
fn unit_is_matter(title: &str, blocks: &[super::Block], total: usize) -> bool {
    let size: usize = blocks.iter().map(|b| b.text.len()).sum();
    is_matter_title(title)
        || (is_licence_title(title) || opens_like_licence(blocks)) && size * 4 <= total.max(1)
}

/// Whether at least 30 % of the non-space characters of `texts` are Chinese (a Chinese
/// document, for [`block_kind`]).
pub(crate) fn mostly_cjk<'a>(texts: impl Iterator<Item = &'a str>) -> bool {
    let (mut cjk, mut all) = (0usize, 0usize);
    for c in texts.flat_map(str::chars).filter(|c| !c.is_whitespace()) {
        all += 1;
        if is_cjk(c) {
            cjk += 1;
        }
    }
    all > 0 && cjk * 10 >= all * 3
}

/// The kind of one paragraph block by its shape, when it is not prose.
pub(crate) fn block_kind(text: &str, cjk_doc: bool) -> Option<BlockKind> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    if is_admonition_label(t) || is_index_line(t) || is_leader_line(t) {
        return Some(BlockKind::Matter);
    }
    if t.lines()
        .filter(|l| !l.trim().is_empty())
        .all(|l| line_is_table_row(l) || line_is_rule(l))
    {
        return Some(if t.lines().all(line_is_rule) {
            BlockKind::Code
        } else {
            BlockKind::Table
        });
    }
    if looks_like_command(t) || symbol_heavy(t) || c_like_code(t) {
        return Some(BlockKind::Code);
    }
    if flattened_table(t) {
        return Some(BlockKind::Table);
    }
    // In a Chinese document, a paragraph without one Chinese character that is a whole line of
    // words or holds command characters is command output, code or a quoted English notice: not
    // prose of the book's language. (A name or a term alone, "Josip Rodin", "uscan", stays.)
    // (nor is a credit, a name with its mail address: "Mike Frysinger <vapier@gentoo.org>")
    if cjk_doc
        && !t.chars().any(is_cjk)
        && !t
            .lines()
            .filter(|l| !l.trim().is_empty())
            .all(is_name_with_address)
        && (t.split_whitespace().count() >= 6
            || t.chars().any(|c| "$#=|<>{};~".contains(c)) && t.chars().count() >= 6)
    {
        return Some(BlockKind::Code);
    }
    None
}

/// Whether a line is a person's name and a mail address in angle brackets, as an author or
/// translator line gives them: "Mike Frysinger <vapier@gentoo.org>" (one to four capitalised
/// words).
fn is_name_with_address(line: &str) -> bool {
    let Some((name, rest)) = line.trim().split_once(" <") else {
        return false;
    };
    let words: Vec<&str> = name.split_whitespace().collect();
    (1..=4).contains(&words.len())
        && words.iter().all(|w| {
            w.starts_with(|c: char| c.is_uppercase())
                && w.chars().all(|c| c.is_alphabetic() || ".'-".contains(c))
        })
        && rest.strip_suffix('>').is_some_and(|mail| {
            mail.contains('@') && !mail.contains(|c: char| c.is_whitespace() || "<>".contains(c))
        })
}

/// A title of front or back matter that is no source of entries: tables of contents and indexes.
pub(crate) fn is_matter_title(title: &str) -> bool {
    let t = strip_number(title).trim().to_lowercase();
    // (a heading's closing stop is no part of it: "Index.", "Contents.")
    let t = t.trim_end_matches([':', '：', '.']);
    if t.is_empty() {
        return false;
    }
    // (a transcriber's note on the digital edition is no part of the book)
    if t.replace('’', "'").starts_with("transcriber's note") {
        return true;
    }
    is_index_title(t) || is_contents_title(t)
}

/// A title of a table of contents ("Contents", "CONTENTS.", "Table of Contents", "目录").
pub(crate) fn is_contents_title(title: &str) -> bool {
    let t = strip_number(title).trim().to_lowercase();
    let t = t.trim_end_matches([':', '：', '.']);
    matches!(
        t,
        "contents" | "table of contents" | "目录" | "目錄" | "目次"
    )
}

/// A title of a book's index ("Index", "INDEX", "Concept Index", "索引").
pub(crate) fn is_index_title(title: &str) -> bool {
    let t = strip_number(title).trim().to_lowercase();
    let t = t.trim_end_matches([':', '：', '.']);
    let words: Vec<&str> = t.split_whitespace().collect();
    matches!(words.last(), Some(&("index" | "indexes" | "indices"))) && words.len() <= 4
        || t.ends_with("索引")
        || t == "索 引"
}

/// The title of a book's division that LaTeX and its PDF outlines put above the chapters
/// ("Front Matter.", "Main Matter", "Back Matter"): no unit a reader knows.
pub(crate) fn is_division_title(title: &str) -> bool {
    matches!(
        title.trim().trim_end_matches('.').to_lowercase().as_str(),
        "front matter"
            | "frontmatter"
            | "main matter"
            | "mainmatter"
            | "body matter"
            | "bodymatter"
            | "back matter"
            | "backmatter"
    )
}

/// Splits each chapter a division title heads ([`is_division_title`]) into the chapters its
/// top-level sections are: a PDF outline's "Main Matter." over "I: Nature of Mathematics.",
/// "II: Variables.", … gives those chapters. The blocks before its first section stay under
/// the division's title.
pub(crate) fn divisions_as_chapters(doc: &mut ExtractedDoc) {
    if !doc.chapters.iter().any(|c| is_division_title(&c.title)) {
        return;
    }
    let mut out = Vec::with_capacity(doc.chapters.len());
    for ch in std::mem::take(&mut doc.chapters) {
        let sections = ch
            .blocks
            .iter()
            .filter_map(|b| b.location.section.as_deref())
            .map(|s| s.split(" / ").next().unwrap_or(s))
            .collect::<std::collections::HashSet<_>>()
            .len();
        if !is_division_title(&ch.title) || sections < 2 {
            out.push(ch);
            continue;
        }
        let mut current = super::Chapter {
            title: ch.title.clone(),
            blocks: Vec::new(),
            parts: ch.parts.clone(),
        };
        for mut b in ch.blocks {
            let top = b
                .location
                .section
                .as_deref()
                .map(|s| s.split_once(" / ").map_or((s, None), |(t, r)| (t, Some(r))))
                .map(|(t, r)| (t.to_string(), r.map(str::to_string)));
            if let Some((top, rest)) = top {
                if top != current.title {
                    let done = std::mem::replace(
                        &mut current,
                        super::Chapter {
                            title: top,
                            blocks: Vec::new(),
                            parts: ch.parts.clone(),
                        },
                    );
                    if !done.blocks.is_empty() {
                        out.push(done);
                    }
                }
                b.location.section = rest;
            }
            current.blocks.push(b);
        }
        if !current.blocks.is_empty() {
            out.push(current);
        }
    }
    doc.chapters = out;
}

/// A title naming a licence ("GNU Free Documentation License", "Appendix A GNU General Public
/// License", "许可证").
pub(crate) fn is_licence_title(title: &str) -> bool {
    let t = strip_number(title).to_lowercase();
    let t = t.trim();
    let t = t
        .strip_prefix("appendix")
        .map(|r| strip_number(r.trim()).trim())
        .unwrap_or(t);
    t.ends_with("license")
        || t.ends_with("licence")
        || t == "licenses"
        || t == "licences"
        || t.contains("gnu free documentation")
        || t.contains("gnu general public")
        || t.ends_with("许可证")
        || t.ends_with("许可协议")
        || t.ends_with("許可證")
        || t.ends_with("授权协议")
}

/// Whether a unit opens with the preamble of a well-known licence.
fn opens_like_licence(blocks: &[super::Block]) -> bool {
    const PREAMBLES: [&str; 4] = [
        "everyone is permitted to copy and distribute verbatim copies",
        "the purpose of this license is to make a manual",
        "permission is hereby granted, free of charge, to any person obtaining a copy",
        "this license applies to any manual or other work",
    ];
    blocks.iter().take(6).any(|b| {
        let l = b.text.to_lowercase();
        PREAMBLES.iter().any(|p| l.contains(p))
    })
}

/// "3.2. ", "A.1 ", "B. " at the start of a title, removed.
fn strip_number(title: &str) -> &str {
    let t = title
        .trim()
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
        .trim_start();
    // "A.1 " / "B. "
    let mut chars = t.chars();
    if let (Some(a), Some(b)) = (chars.next(), chars.next())
        && a.is_ascii_uppercase()
        && (b == '.' || b == ' ')
        && t.len() > 2
    {
        let rest = &t[1..];
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if rest.starts_with(' ') {
            return rest.trim_start();
        }
    }
    t
}

/// "Note", "Warning", "注意", "警告" … alone: the label of an admonition box, no prose.
pub(crate) fn is_admonition_label(t: &str) -> bool {
    let t = t.trim().trim_end_matches([':', '：']).trim();
    matches!(
        t.to_lowercase().as_str(),
        "note"
            | "notes"
            | "warning"
            | "tip"
            | "caution"
            | "important"
            | "example"
            | "注意"
            | "警告"
            | "提示"
            | "小心"
            | "重要"
            | "注"
            | "注释"
            | "例子"
            | "示例"
            | "技巧"
    )
}

/// An index line: a name followed by page numbers ("alias, 12, 45" / "pipes 23-25").
pub(crate) fn is_index_line(t: &str) -> bool {
    let t = t.trim();
    // (an older book's index closes each entry with a stop: "Flute players, 91.")
    let t = t
        .strip_suffix('.')
        .filter(|r| r.ends_with(|c: char| c.is_ascii_digit()))
        .unwrap_or(t);
    let Some((head, nums)) = t.rsplit_once([',', ' ']) else {
        return false;
    };
    let nums_ok = |s: &str| {
        let s = s.trim();
        !s.is_empty()
            && s.len() <= 9
            && s.chars()
                .all(|c| c.is_ascii_digit() || c == '-' || c == '–')
            && s.chars().next().is_some_and(|c| c.is_ascii_digit())
    };
    if !nums_ok(nums) {
        return false;
    }
    // at least two numbers, or "name, number"
    let mut count = 1;
    let mut rest = head.trim_end_matches(',').trim_end();
    while let Some((h, n)) = rest.rsplit_once([',', ' ']) {
        if nums_ok(n) {
            count += 1;
            rest = h.trim_end_matches(',').trim_end();
        } else {
            break;
        }
    }
    let name_words = rest.split_whitespace().count();
    (count >= 2 || head.trim_end().ends_with(','))
        && (1..=8).contains(&name_words)
        && !rest.ends_with(['.', '。', ':'])
}

/// A table-of-contents line with dot leaders ("Introduction ........ 3", "1.2 Files . . . 7").
pub(crate) fn is_leader_line(t: &str) -> bool {
    let t = t.trim_end();
    let body = t.trim_end_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
    body.len() < t.len() && (body.ends_with("....") || body.ends_with(". . . ."))
        || body.ends_with("……")
}

/// A rule or border line: dashes, equals signs, plus signs, box drawing.
pub(crate) fn line_is_rule(l: &str) -> bool {
    let t = l.trim();
    t.chars().count() >= 4
        && t.chars().all(|c| {
            matches!(c, '-' | '=' | '+' | '|' | '_' | '*' | '~' | ' ' | '#')
                || ('\u{2500}'..='\u{257F}').contains(&c)
        })
}

/// A row of a drawn table: starts and ends with a cell border, or holds box-drawing borders.
pub(crate) fn line_is_table_row(l: &str) -> bool {
    let t = l.trim();
    (t.starts_with('|') && t.ends_with('|') && t.len() > 2)
        || t.starts_with('│')
        || t.starts_with(['┌', '├', '└', '╔', '╠', '╚'])
        || (t.starts_with('+') && t.ends_with('+') && t.contains("--"))
}

/// The rows of a table block, each a list of its cells' texts, the header first: a drawn
/// table (`|gettext |V:55, |5825 |GNU 国际化工具 |` with `|----+----|` borders, its cells
/// set on several lines between borders where rows are ruled off from each other) or a
/// table as the PDF and Markdown extractors write one (`| a | b |`, a row per line, a line
/// whose first cell is empty continuing the row above). Box-drawing borders count as `|`.
/// Empty where the block holds no row of two cells or more. It reads shape only: which
/// column says what a row's name is, is the analysis' question.
pub fn table_rows(table: &str) -> Vec<Vec<String>> {
    // each line: None for a border, Some(cells) for a row
    let lines: Vec<Option<Vec<String>>> = table
        .lines()
        .map(|l| l.trim().replace(['│', '┃', '║'], "|"))
        .filter(|l| !l.is_empty())
        .map(|l| {
            if line_is_rule(&l) {
                return None;
            }
            let inner = l.strip_prefix('|').unwrap_or(&l);
            let inner = inner.strip_suffix('|').unwrap_or(inner);
            Some(inner.split('|').map(|c| c.trim().to_string()).collect())
        })
        .collect();
    // (ruled rows: a border between two lines of the body, after the header's border)
    let header_border = lines
        .iter()
        .position(Option::is_some)
        .and_then(|h| lines[h..].iter().position(Option::is_none).map(|b| h + b));
    let ruled = header_border.is_some_and(|f| {
        lines[f + 1..]
            .windows(3)
            .any(|w| w[0].is_some() && w[1].is_none() && w[2].is_some())
    });
    let lines = if ruled {
        lines
    } else {
        tall_cells_rejoined(lines)
    };
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut open = false;
    for line in lines {
        let Some(cells) = line else {
            open = false;
            continue;
        };
        if cells.len() < 2 {
            continue;
        }
        let continues = open
            && rows.last().is_some_and(|r| r.len() == cells.len())
            && (ruled || cells[0].is_empty());
        if continues && let Some(last) = rows.last_mut() {
            for (have, more) in last.iter_mut().zip(cells) {
                join_cell(have, &more);
            }
        } else {
            rows.push(cells);
        }
        open = true;
    }
    rows
}

/// A table as a PDF sets it, a row per line, where a row's tallest cell is set on lines of
/// their own above and below the row's other cells (centred): "| Unix text editor Vi
/// IMproved (standard |", "| vim | V:97 | 3570 |", "| version) |". A row one cell short of
/// the header with a one-cell line on each side gets them as its last cell; one with a
/// one-cell line of one word above only ("| developers-reference |", "| V:0 | 2051 |
/// Guidelines … |") gets it as its first.
fn tall_cells_rejoined(lines: Vec<Option<Vec<String>>>) -> Vec<Option<Vec<String>>> {
    let Some(width) = lines.iter().flatten().next().map(Vec::len) else {
        return lines;
    };
    let single = |l: Option<&Option<Vec<String>>>| -> Option<String> {
        match l {
            Some(Some(c)) if c.len() == 1 => Some(c[0].clone()),
            _ => None,
        }
    };
    let mut out: Vec<Option<Vec<String>>> = Vec::with_capacity(lines.len());
    let mut used = vec![false; lines.len()];
    for i in 0..lines.len() {
        if used[i] {
            continue;
        }
        let Some(cells) = &lines[i] else {
            out.push(None);
            continue;
        };
        if width < 3 || cells.len() + 1 != width {
            out.push(Some(cells.clone()));
            continue;
        }
        let above = i
            .checked_sub(1)
            .filter(|&j| !used[j])
            .and_then(|j| single(lines.get(j)));
        let below = single(lines.get(i + 1));
        let mut row = cells.clone();
        match (above, below) {
            (Some(a), Some(b)) => {
                let mut tall = a;
                join_cell(&mut tall, &b);
                row.push(tall);
                used[i + 1] = true;
            }
            (Some(a), None) if !a.contains(char::is_whitespace) => row.insert(0, a),
            _ => {
                out.push(Some(row));
                continue;
            }
        }
        // (the line above was pushed as a row of one cell: it is this row's now)
        if let Some(Some(prev)) = out.last()
            && prev.len() == 1
        {
            out.pop();
        }
        out.push(Some(row));
    }
    out
}

/// Appends a cell's next line to what it holds: with a space between Latin words, without
/// one where either side is CJK ("GNU 标准 C++ 库版本 3（开发文" + "件）").
fn join_cell(have: &mut String, more: &str) {
    if more.is_empty() {
        return;
    }
    let cjk_seam =
        have.chars().next_back().is_some_and(is_cjk) || more.chars().next().is_some_and(is_cjk);
    if !have.is_empty() && !cjk_seam {
        have.push(' ');
    }
    have.push_str(more);
}

/// A shell command or its prompt ("$ ls -l", "# apt-get install", "foo:~$ ls", ">>> x").
pub(crate) fn looks_like_command(t: &str) -> bool {
    let first = t.lines().next().unwrap_or("").trim_start();
    if let Some(rest) = first
        .strip_prefix("$ ")
        .or_else(|| first.strip_prefix("# "))
        .or_else(|| first.strip_prefix("% "))
        .or_else(|| first.strip_prefix(">>> "))
    {
        // "# apt-get install foo": a command word in lower case, not a Markdown heading
        return rest.split_whitespace().next().is_some_and(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() || c == '.' || c == '/')
        });
    }
    // user@host:~$ / foo:~# prompts
    if let Some(i) = first.find(['$', '#'])
        && i > 0
        && i < 40
        && first[..i].contains(['@', ':', '~'])
        && !first[..i].contains(' ')
    {
        return true;
    }
    false
}

/// Whether a paragraph in Latin letters is a table whose rows and columns the extractor ran
/// together (a PDF table drawn without rules: "command action COLUMNS=120 dpkg -l list status
/// of an installed package …"): 400 characters or more with no sentence stop, and fewer than
/// seven commas or semicolons in a thousand characters. Prose that long stops a sentence or
/// at least pauses in commas; a long verse without a stop has commas ("3:191 Who remember
/// Allah while standing or sitting …, [saying], …").
fn flattened_table(t: &str) -> bool {
    let chars = t.chars().count();
    if chars < 400 || t.chars().filter(|&c| is_cjk(c)).count() * 10 >= chars {
        return false;
    }
    let stops = t.char_indices().any(|(i, c)| {
        matches!(c, '.' | '!' | '?')
            && t[i + 1..]
                .trim_start_matches(['"', '”', '’', ')', ']'])
                .chars()
                .next()
                .is_none_or(char::is_whitespace)
    });
    let pauses = t.chars().filter(|c| matches!(c, ',' | ';')).count();
    !stops && pauses * 1000 < chars * 7
}

/// A directive or statement of a C-family language (C, a shell function, JavaScript) that the
/// extractor left among the prose, as a PDF does: a preprocessor directive ("#include
/// <stdio.h>"), a brace alone, or a block that ends a statement, a comment or a block (';',
/// '*/', '{', '}') with two marks of code (three where it ends in a parenthesis): a call ("strlen (buf)"), an assignment or a comparison, a
/// string literal, a pointer or address operator, two statements, braces. Not a sentence (a
/// stop before a capital, seven lower-case words in a row), no list item ("• …") and nothing
/// with Chinese in it (an option line, "显示所有行 METHOD={separate(default), …}", is prose).
fn c_like_code(t: &str) -> bool {
    let t = t.trim();
    let directive = [
        "include", "define", "ifdef", "ifndef", "endif", "pragma", "undef",
    ]
    .iter()
    .any(|d| {
        t.strip_prefix('#')
            .and_then(|r| r.strip_prefix(d))
            .is_some_and(|r| r.is_empty() || r.starts_with([' ', '<', '"']))
    });
    if directive || ["{", "}", "{}", "};"].contains(&t) {
        return true;
    }
    // (a statement's end, or a comment's; a block that ends in a parenthesis, as a condition
    // does, "if (rc != IDN2_OK)", and prose often does, needs a third mark)
    let needed = if t.ends_with([';', '{', '}']) || t.ends_with("*/") {
        2
    } else if t.ends_with(')') {
        3
    } else {
        return false;
    };
    // (nor a list item: "• with format “3.0 (quilt)”, it has a mandatory .orig.tar.{gz,xz}")
    if t.chars().any(is_cjk) || t.starts_with(['•', '–', '·', '◦', '▪']) {
        return false;
    }
    let chars: Vec<char> = t.chars().collect();
    let sentence_break = chars
        .windows(3)
        .any(|w| matches!(w[0], '.' | '!' | '?') && w[1] == ' ' && w[2].is_uppercase());
    let mut run = 0;
    let prose_run = t.split_whitespace().any(|w| {
        let w = w.trim_end_matches(',');
        run = if !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()) {
            run + 1
        } else {
            0
        };
        run >= 7
    });
    if sentence_break || prose_run {
        return false;
    }
    // (a call: a name, at most one space, "(" and an argument or ")")
    let call = chars.iter().enumerate().any(|(i, &c)| {
        let before = match i.checked_sub(1).map(|j| chars[j]) {
            Some(' ') => i.checked_sub(2).map(|j| chars[j]),
            b => b,
        };
        c == '('
            && before.is_some_and(|b| b.is_alphanumeric() || b == '_')
            && chars
                .get(i + 1)
                .is_some_and(|n| n.is_alphanumeric() || "_\"&*)!’'".contains(*n))
    });
    let assignment = [" = ", "==", "!=", "+=", "-=", "++", "]="]
        .iter()
        .any(|op| t.contains(op));
    let string = t.matches('"').count() >= 2;
    let pointer = t.contains("->")
        || chars
            .windows(2)
            .any(|w| w[0] == '&' && (w[1].is_alphanumeric() || w[1] == '_'));
    let statements = t.matches(';').count() >= 2;
    let braces = t.contains(['{', '}']);
    [call, assignment, string, pointer, statements, braces]
        .iter()
        .filter(|&&m| m)
        .count()
        >= needed
}

/// Code or program output by its characters: many symbols, few sentence stops.
fn symbol_heavy(t: &str) -> bool {
    let mut symbols = 0usize;
    let mut all = 0usize;
    for c in t.chars().filter(|c| !c.is_whitespace()) {
        all += 1;
        if matches!(
            c,
            '{' | '}'
                | '['
                | ']'
                | '<'
                | '>'
                | '='
                | ';'
                | '$'
                | '|'
                | '\\'
                | '/'
                | '_'
                | '*'
                | '&'
                | '#'
                | '~'
                | '^'
                | '@'
                | '%'
        ) {
            symbols += 1;
        }
    }
    all >= 12 && symbols * 100 >= all * 22 && !t.trim_end().ends_with(['.', '。', '?', '？'])
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE_RUN_TOGETHER: &str = "command action COLUMNS=120 dpkg -l list status of an \
        installed package for the bug report package_name_pattern dpkg -L package_name list \
        contents of an installed package dpkg -S file_name_pattern list installed packages \
        which have matching file name apt-file search list packages in archive which have \
        matching file name apt-file list list contents of matching packages in archive \
        dpkg-reconfigure package_name reconfigure the exact package dpkg --audit audit system \
        for partially installed packages dpkg --configure -a configure all partially \
        installed packages";

    const LONG_VERSE: &str = "19:75 Say, \"Whoever is in error - let the Most Merciful \
        extend for him an extension [in wealth and time] until, when they see that which they \
        were promised - either punishment [in this world] or the Hour - they will come to know \
        who is worst in position and weaker in soldiers\" and the people went on their way \
        until the evening came upon them and they turned back to their houses, and they did \
        not speak of it again that year";

    #[test]
    fn table_rows_join_the_lines_of_a_cell() {
        let cases: &[(&str, &[&[&str]])] = &[
            // a drawn table whose rows are ruled off: a cell's lines join, CJK without a space
            (
                "|----------------+---------+-----+------------------|\n\
                 |     软件包     | 流行度  |大小 |       说明       |\n\
                 |----------------+---------+-----+------------------|\n\
                 |gettext         |V:55,    |5825 |GNU 国际化工具    |\n\
                 |                |I:278    |     |                  |\n\
                 |----------------+---------+-----+------------------|\n\
                 |libstdc++-10-dev|V:38,    |17587|GNU 标准 C++ 库版 |\n\
                 |                |I:269    |     |本 3（开发文件）  |\n\
                 |----------------+---------+-----+------------------|\n\
                 |flex            |V:8, I:82|1260 |LEX 兼容的 fast   |\n\
                 |                |         |     |lexical analyzer  |\n\
                 |----------------+---------+-----+------------------|",
                &[
                    &["软件包", "流行度", "大小", "说明"],
                    &["gettext", "V:55, I:278", "5825", "GNU 国际化工具"],
                    &[
                        "libstdc++-10-dev",
                        "V:38, I:269",
                        "17587",
                        "GNU 标准 C++ 库版本 3（开发文件）",
                    ],
                    &[
                        "flex",
                        "V:8, I:82",
                        "1260",
                        "LEX 兼容的 fast lexical analyzer",
                    ],
                ],
            ),
            // a row per line (a PDF's, a Markdown table's); an empty first cell continues a row
            (
                "| package | popcon | size | description |\n\
                 | gettext | V:55 | 5825 | GNU Internationalization |\n\
                 | | | | utilities |\n\
                 | gcc | V:153 | 47 | GNU C compiler |",
                &[
                    &["package", "popcon", "size", "description"],
                    &[
                        "gettext",
                        "V:55",
                        "5825",
                        "GNU Internationalization utilities",
                    ],
                    &["gcc", "V:153", "47", "GNU C compiler"],
                ],
            ),
            // a PDF's centred tall cell, set above and below the row's other cells
            (
                "| package | popcon | size | description |\n\
                 | mc | V:54 | 1482 | A text-mode full-screen file manager |\n\
                 | Unix text editor Vi IMproved (standard |\n\
                 | vim | V:97 | 3570 |\n\
                 | version) |\n\
                 | developers-reference |\n\
                 | V:0 | 2051 | Guidelines for Debian developers |",
                &[
                    &["package", "popcon", "size", "description"],
                    &["mc", "V:54", "1482", "A text-mode full-screen file manager"],
                    &[
                        "vim",
                        "V:97",
                        "3570",
                        "Unix text editor Vi IMproved (standard version)",
                    ],
                    &[
                        "developers-reference",
                        "V:0",
                        "2051",
                        "Guidelines for Debian developers",
                    ],
                ],
            ),
            // box-drawing borders
            (
                "┌────┬────┐\n│ a  │ b  │\n├────┼────┤\n│ c  │ d  │\n│ e  │ f  │\n└────┴────┘",
                &[&["a", "b"], &["c", "d"], &["e", "f"]],
            ),
            // no row of two cells
            ("|----|\n| a |\n|----|", &[]),
        ];
        for (table, want) in cases {
            let got = table_rows(table);
            let want: Vec<Vec<String>> = want
                .iter()
                .map(|r| r.iter().map(|c| c.to_string()).collect())
                .collect();
            assert_eq!(got, want, "{table}");
        }
    }

    #[test]
    fn block_kinds_table() {
        let cases: &[(&str, bool, Option<BlockKind>)] = &[
            ("Debian is a free operating system.", false, None),
            ("注意", true, Some(BlockKind::Matter)),
            ("Note:", false, Some(BlockKind::Matter)),
            ("alias, 12, 45", false, Some(BlockKind::Matter)),
            ("pipelines 23, 101-103", false, Some(BlockKind::Matter)),
            (
                "Shell Functions ........ 17",
                false,
                Some(BlockKind::Matter),
            ),
            (
                "|d   |目录        |\n|----+------------|",
                true,
                Some(BlockKind::Table),
            ),
            (
                "+-----------+\n|字符|说明|\n+-----------+",
                true,
                Some(BlockKind::Table),
            ),
            ("-----------------", false, Some(BlockKind::Code)),
            ("$ sudo apt-get install foo", false, Some(BlockKind::Code)),
            ("# chvt 3", true, Some(BlockKind::Code)),
            ("foo:~$ ls -l", false, Some(BlockKind::Code)),
            // a credit line in a Chinese document is no code
            ("Mike Frysinger <vapier@gentoo.org>", true, None),
            ("echo foo <bar@baz>", true, Some(BlockKind::Code)),
            ("# Introduction", false, None),
            (
                "foo login: penguin Password: Linux foo 5.10.0-6-amd64",
                true,
                Some(BlockKind::Code),
            ),
            ("Josip Rodin", true, None),
            ("dh_auto_configure", true, None),
            ("文件名是区分大小写的。", true, None),
            (
                "if (x) { y = z; } else { w = {}; }",
                false,
                Some(BlockKind::Code),
            ),
            (
                "In 1993, Ian Murdock founded Debian, 12 years before.",
                false,
                None,
            ),
            // C left among the prose by a PDF: directives, statements, a brace alone
            (
                "#include <stdio.h> /* printf */",
                false,
                Some(BlockKind::Code),
            ),
            ("#define MAX 10", false, Some(BlockKind::Code)),
            ("}", false, Some(BlockKind::Code)),
            ("setlocale (LC_ALL, \"\");", false, Some(BlockKind::Code)),
            (
                "{ int rc; char src[BUFSIZ]; char *lookupname;",
                false,
                Some(BlockKind::Code),
            ),
            ("install_packages() {", false, Some(BlockKind::Code)),
            (
                "rc = idn2_to_ascii_8z (buf, &p, IDN2_TRANSITIONAL); /* compatible */",
                false,
                Some(BlockKind::Code),
            ),
            (
                "rc = f (buf, &p, 0); if (rc != IDNA_SUCCESS)",
                false,
                Some(BlockKind::Code),
            ),
            ("Set x = 5 (see foo(3))", false, None),
            (
                "• with format “3.0 (quilt)”, it has a mandatory .orig.tar.{gz,bz2,xz}",
                false,
                None,
            ),
            // a list item that ends in a semicolon, a sentence about code, a Chinese option
            // line: prose
            (
                "• It must not have new release-critical bugs (RC bugs affecting the version \
                 available in unstable);",
                false,
                None,
            ),
            (
                "Here is an example using case in a script that could be used: echo -n \"x\"; \
                 case $A in a) echo b;; esac; }",
                false,
                None,
            ),
            (
                "显示所有行，用一个空行分隔每一组 METHOD={separate(default), prepend, append, both}",
                true,
                None,
            ),
            ("Call it with f (x);", false, None),
            ("The answer is 42", false, None),
            // a table the PDF ran together: long, no stop, hardly a comma
            (TABLE_RUN_TOGETHER, false, Some(BlockKind::Table)),
            // a long verse without a stop pauses in commas; prose that long stops
            (LONG_VERSE, false, None),
            (
                &TABLE_RUN_TOGETHER.replacen(" list ", ". List ", 1),
                false,
                None,
            ),
        ];
        for (text, cjk, want) in cases {
            assert_eq!(block_kind(text, *cjk), *want, "{text:?}");
        }
    }

    #[test]
    fn a_latex_division_gives_its_sections_as_chapters() {
        use super::super::{Block, Chapter, Format, Location};
        let block = |section: Option<&str>, text: &str| Block {
            text: text.into(),
            kind: BlockKind::Paragraph,
            location: Location {
                section: section.map(str::to_string),
                ..Location::default()
            },
        };
        let chapter = |title: &str, blocks: Vec<Block>| Chapter {
            title: title.into(),
            blocks,
            parts: Vec::new(),
        };
        let mut doc = ExtractedDoc {
            format: Format::Pdf,
            title: None,
            lang_hint: None,
            encoding: None,
            chapters: vec![
                chapter("Preface", vec![block(None, "p")]),
                chapter(
                    "Main Matter.",
                    vec![
                        block(None, "a"),
                        block(Some("I: Nature of Mathematics."), "b"),
                        block(Some("I: Nature of Mathematics. / Numbers"), "c"),
                        block(Some("II: Variables."), "d"),
                    ],
                ),
            ],
            warnings: Vec::new(),
        };
        divisions_as_chapters(&mut doc);
        let got: Vec<(&str, Option<&str>, &str)> = doc
            .chapters
            .iter()
            .flat_map(|c| {
                c.blocks.iter().map(|b| {
                    (
                        c.title.as_str(),
                        b.location.section.as_deref(),
                        b.text.as_str(),
                    )
                })
            })
            .collect();
        assert_eq!(
            got,
            [
                ("Preface", None, "p"),
                ("Main Matter.", None, "a"),
                ("I: Nature of Mathematics.", None, "b"),
                ("I: Nature of Mathematics.", Some("Numbers"), "c"),
                ("II: Variables.", None, "d"),
            ]
        );
    }

    #[test]
    fn titles_table() {
        let matter = [
            "Index",
            "Concept Index",
            "Appendix D Indexes",
            "Table of Contents",
            "目录",
            "D.5 Function Index",
            "Index.",
            "Transcriber's Notes",
            "Transcriber’s Note.",
        ];
        for t in matter {
            assert!(is_matter_title(t), "{t}");
        }
        let licence = [
            "GNU Free Documentation License",
            "Appendix C GNU Free Documentation License",
            "A.1 GNU General Public License",
            "GNU 通用公共许可证",
        ];
        for t in licence {
            assert!(is_licence_title(t), "{t}");
        }
        for t in [
            "Introduction",
            "Licensing of packages",
            "5.1 Index files",
            "Copyright",
        ] {
            assert!(!is_matter_title(t) && !is_licence_title(t), "{t}");
        }
    }
}

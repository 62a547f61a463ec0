//! A small, tolerant tag scanner for the XML and XHTML inside EPUBs (container.xml, OPF, NCX,
//! nav.xhtml, content documents) and the XHTML-to-blocks conversion, which also reads the raw
//! HTML blocks of Markdown (a `<table>` of constants in an API reference). It never fails: broken
//! markup degrades to text. Not a conforming HTML5 or XML parser (no DTDs, no namespaces beyond
//! prefix stripping), and not for HTML uploads (those are not a supported format).

use std::borrow::Cow;

/// One token of markup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok<'a> {
    /// `<name attr="v">`; `name` is lowercase with any namespace prefix removed.
    Start {
        name: String,
        attrs: Vec<(String, String)>,
        self_closing: bool,
    },
    End {
        name: String,
    },
    /// Raw text (entities still encoded).
    Text(&'a str),
    /// CDATA content (no entity decoding).
    CData(&'a str),
}

impl Tok<'_> {
    /// The value of attribute `name` (matched with or without a namespace prefix).
    pub(crate) fn attr(&self, name: &str) -> Option<&str> {
        match self {
            Tok::Start { attrs, .. } => attrs
                .iter()
                .find(|(k, _)| k == name || k.rsplit(':').next() == Some(name))
                .map(|(_, v)| v.as_str()),
            _ => None,
        }
    }
}

fn local_lower(name: &str) -> String {
    name.rsplit(':').next().unwrap_or(name).to_ascii_lowercase()
}

/// Splits markup into tokens. Comments, processing instructions and doctypes are dropped.
pub(crate) fn tokens(s: &str) -> Vec<Tok<'_>> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut text_start = 0;
    while i < b.len() {
        if b[i] != b'<' {
            i += 1;
            continue;
        }
        let rest = &s[i..];
        let (consumed, tok): (usize, Option<Tok<'_>>) = if rest.starts_with("<!--") {
            (rest.find("-->").map(|e| e + 3).unwrap_or(rest.len()), None)
        } else if rest.starts_with("<![CDATA[") {
            let end = rest.find("]]>").unwrap_or(rest.len());
            let inner = &rest[9..end.max(9)];
            ((end + 3).min(rest.len()), Some(Tok::CData(inner)))
        } else if rest.starts_with("<!") || rest.starts_with("<?") {
            (rest.find('>').map(|e| e + 1).unwrap_or(rest.len()), None)
        } else if let Some(t) = parse_tag(rest) {
            t
        } else {
            // a lone '<' is text
            i += 1;
            continue;
        };
        if text_start < i {
            out.push(Tok::Text(&s[text_start..i]));
        }
        if let Some(t) = tok {
            out.push(t);
        }
        i += consumed;
        text_start = i;
    }
    if text_start < b.len() {
        out.push(Tok::Text(&s[text_start..]));
    }
    out
}

fn parse_tag(s: &str) -> Option<(usize, Option<Tok<'_>>)> {
    let b = s.as_bytes();
    let mut i = 1;
    let closing = b.get(1) == Some(&b'/');
    if closing {
        i += 1;
    }
    let name_start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || matches!(b[i], b':' | b'-' | b'_' | b'.'))
    {
        i += 1;
    }
    if i == name_start || !b[name_start].is_ascii_alphabetic() {
        return None;
    }
    let name = local_lower(&s[name_start..i]);
    let mut attrs = Vec::new();
    let mut self_closing = false;
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            return Some((b.len(), None));
        }
        match b[i] {
            // a '<' inside a tag means the tag was never closed: treat it as text
            b'<' => return None,
            b'>' => {
                i += 1;
                break;
            }
            b'/' => {
                self_closing = true;
                i += 1;
                continue;
            }
            _ => {}
        }
        let ks = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && !matches!(b[i], b'=' | b'>' | b'/') {
            i += 1;
        }
        let key = s[ks..i].to_ascii_lowercase();
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut val = String::new();
        if i < b.len() && b[i] == b'=' {
            i += 1;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if i < b.len() && (b[i] == b'"' || b[i] == b'\'') {
                let q = b[i];
                let vs = i + 1;
                let ve = s[vs..].bytes().position(|c| c == q).map(|p| vs + p);
                let ve = ve.unwrap_or(b.len());
                val = decode_entities(&s[vs..ve]).into_owned();
                i = (ve + 1).min(b.len());
            } else {
                let vs = i;
                while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'>' {
                    i += 1;
                }
                val = decode_entities(&s[vs..i]).into_owned();
            }
        }
        if !key.is_empty() {
            attrs.push((key, val));
        } else if i < b.len() {
            i += 1;
        }
    }
    let tok = if closing {
        Tok::End { name }
    } else {
        Tok::Start {
            name,
            attrs,
            self_closing,
        }
    };
    Some((i, Some(tok)))
}

/// Decodes XML/HTML character references and the common named entities.
pub(crate) fn decode_entities(s: &str) -> Cow<'_, str> {
    if !s.contains('&') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        rest = &rest[p..];
        let end = rest[1..]
            .find(|c: char| c == ';' || c == '&' || c.is_whitespace() || c == '<')
            .map(|e| e + 1);
        if let Some(e) = end.filter(|&e| rest.as_bytes()[e] == b';' && e <= 40) {
            let name = &rest[1..e];
            if let Some(c) = entity(name) {
                out.push_str(c);
                rest = &rest[e + 1..];
                continue;
            }
            if let Some(num) = name.strip_prefix('#') {
                let code = if let Some(h) = num.strip_prefix(['x', 'X']) {
                    u32::from_str_radix(h, 16).ok()
                } else {
                    num.parse().ok()
                };
                if let Some(c) = code.and_then(char::from_u32) {
                    out.push(c);
                    rest = &rest[e + 1..];
                    continue;
                }
            }
        }
        out.push('&');
        rest = &rest[1..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

fn entity(name: &str) -> Option<&'static str> {
    Some(match name {
        "amp" => "&",
        "lt" => "<",
        "gt" => ">",
        "quot" => "\"",
        "apos" => "'",
        "nbsp" => "\u{A0}",
        "ensp" | "emsp" | "thinsp" => " ",
        "shy" => "\u{AD}",
        "mdash" => "—",
        "ndash" => "–",
        "hellip" => "…",
        "lsquo" => "‘",
        "rsquo" => "’",
        "ldquo" => "“",
        "rdquo" => "”",
        "laquo" => "«",
        "raquo" => "»",
        "bull" => "•",
        "middot" => "·",
        "copy" => "©",
        "reg" => "®",
        "trade" => "™",
        "times" => "×",
        "deg" => "°",
        "para" => "¶",
        "sect" => "§",
        "eacute" => "é",
        "egrave" => "è",
        "aacute" => "á",
        "agrave" => "à",
        "uuml" => "ü",
        "ouml" => "ö",
        "auml" => "ä",
        "szlig" => "ß",
        "ccedil" => "ç",
        "rarr" => "→",
        "larr" => "←",
        "zwsp" => "\u{200B}",
        _ => return None,
    })
}

/// What an extracted XHTML block is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HtmlKind {
    Para,
    Code,
    Heading(u8),
    /// The title of a box set apart from the text, a sidebar's, a figure's or an example's
    /// (DocBook's `<p class="title">`: "TIP Testing the DNS server", "工具 安装程序"): it names
    /// the box, with a label of its kind, and is no sentence of the text nor a section.
    Caption,
    /// A table of data: one line per row, cells between `|` ("| F_OK | Flag indicating … |").
    Table,
}

/// The table being read: its rows of cells so far.
#[derive(Default)]
struct OpenTable {
    /// Nested `<table>`s inside it (read as part of the cell they sit in).
    depth: usize,
    rows: Vec<Vec<String>>,
    row: Vec<String>,
    cell: Option<String>,
}

impl OpenTable {
    fn text(&mut self, t: &str) {
        // (text between cells, outside any `<td>`, is whitespace or stray)
        if let Some(c) = self.cell.as_mut() {
            c.push_str(t);
        }
    }

    fn close_cell(&mut self) {
        if let Some(c) = self.cell.take() {
            // one line per row: a cell's own breaks and bars would split it
            let c = c.split_whitespace().collect::<Vec<_>>().join(" ");
            self.row.push(c.replace('|', "¦"));
        }
    }

    fn close_row(&mut self) {
        self.close_cell();
        if self.row.iter().any(|c| !c.is_empty()) {
            self.rows.push(std::mem::take(&mut self.row));
        }
        self.row.clear();
    }

    /// The blocks the table makes: a table of data where at least two rows have two cells
    /// or more and the cells are short (under 300 characters on average); otherwise a table
    /// that lays out text (a one-column box, a page laid out in cells), whose cells are
    /// paragraphs.
    fn finish(mut self) -> Vec<HtmlBlock> {
        self.close_row();
        let cells: Vec<&String> = self.rows.iter().flatten().collect();
        let chars: usize = cells.iter().map(|c| c.chars().count()).sum();
        let data = self.rows.iter().filter(|r| r.len() >= 2).count() >= 2
            && chars < 300 * cells.len().max(1);
        if data {
            let text = self
                .rows
                .iter()
                .map(|r| format!("| {} |", r.join(" | ")))
                .collect::<Vec<_>>()
                .join("\n");
            vec![HtmlBlock {
                text,
                kind: HtmlKind::Table,
            }]
        } else {
            cells
                .into_iter()
                .filter(|c| !c.is_empty())
                .map(|c| HtmlBlock {
                    text: c.clone(),
                    kind: HtmlKind::Para,
                })
                .collect()
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HtmlBlock {
    pub text: String,
    pub kind: HtmlKind,
}

/// Whether `buf` holds only an ordered list item's number ("3. "), written when the item
/// opened and waiting for its text.
pub(crate) fn only_item_number(buf: &str) -> bool {
    buf.strip_suffix(". ")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn is_block(name: &str) -> bool {
    matches!(
        name,
        "p" | "div"
            | "li"
            | "dt"
            | "dd"
            | "blockquote"
            | "tr"
            | "table"
            | "ul"
            | "ol"
            | "dl"
            | "section"
            | "article"
            | "aside"
            | "header"
            | "footer"
            | "figure"
            | "figcaption"
            | "hr"
            | "body"
            | "caption"
            | "address"
            | "main"
            | "center"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "pre"
    )
}

/// The classes of a `<div>` that sets a box apart from the text (DocBook's sidebars and
/// admonitions), whose `<p class="title">` names the box with a label of its kind ("TIP
/// Testing the DNS server"): a caption, where a table's or a figure's title ("Table 5.1.
/// Multiarch library paths") is read as text.
const BOX_CLASSES: &[&str] = &["sidebar", "note", "tip", "warning", "important", "caution"];

fn is_skipped(name: &str) -> bool {
    matches!(
        name,
        "script" | "style" | "head" | "nav" | "template" | "noscript" | "svg" | "math" | "object"
    )
}

/// Converts an XHTML content document to blocks (paragraphs, code, headings, tables of data),
/// skipping script, style, head and nav. Also returns the document's `<title>`.
pub(crate) fn html_blocks(src: &str) -> (Vec<HtmlBlock>, Option<String>) {
    let mut blocks = Vec::new();
    let mut buf = String::new();
    let mut kind = HtmlKind::Para;
    let mut skip: Vec<String> = Vec::new();
    let mut pre = 0usize;
    let mut title: Option<String> = None;
    let mut in_title = false;
    // Open lists, innermost last: the next item number of an `<ol>`, `None` for an `<ul>`.
    // An ordered item keeps its number ("2. Run the installer"), which is what makes a
    // numbered list a step sequence for the analysis.
    let mut lists: Vec<Option<u32>> = Vec::new();
    let mut table: Option<OpenTable> = None;
    // (the open `<div>`s, innermost last: whether each is a box set apart from the text, a
    // sidebar or an admonition, whose title is a caption)
    let mut boxes: Vec<bool> = Vec::new();
    let flush = |blocks: &mut Vec<HtmlBlock>, buf: &mut String, kind: &mut HtmlKind| {
        if only_item_number(buf) {
            return; // the number waits for its item's text (`<li><p>…`)
        }
        if !buf.trim().is_empty() {
            blocks.push(HtmlBlock {
                text: std::mem::take(buf),
                kind: *kind,
            });
        }
        buf.clear();
        *kind = HtmlKind::Para;
    };
    for tok in tokens(src) {
        match &tok {
            Tok::Start {
                name, self_closing, ..
            } => {
                if name == "title" && !*self_closing {
                    in_title = true;
                    continue;
                }
                if !skip.is_empty() {
                    if is_skipped(name) && !*self_closing {
                        skip.push(name.clone());
                    }
                    continue;
                }
                if is_skipped(name) && !*self_closing {
                    skip.push(name.clone());
                    continue;
                }
                if let Some(t) = table.as_mut() {
                    match name.as_str() {
                        "table" if !*self_closing => t.depth += 1,
                        "tr" if t.depth == 0 => t.close_row(),
                        "td" | "th" if t.depth == 0 => {
                            t.close_cell();
                            t.cell = Some(String::new());
                        }
                        _ if name == "br" || is_block(name) => t.text(" "),
                        _ => {}
                    }
                    continue;
                }
                if name == "table" && !*self_closing && pre == 0 {
                    flush(&mut blocks, &mut buf, &mut kind);
                    table = Some(OpenTable::default());
                    continue;
                }
                if name == "br" {
                    buf.push('\n');
                } else if matches!(name.as_str(), "td" | "th") {
                    buf.push(' ');
                } else if name == "img" {
                    // images drop; their alt text is not prose
                } else if is_block(name) {
                    flush(&mut blocks, &mut buf, &mut kind);
                    match name.as_str() {
                        "ol" if !*self_closing => lists.push(Some(
                            tok.attr("start")
                                .and_then(|v| v.trim().parse().ok())
                                .unwrap_or(1),
                        )),
                        "ul" if !*self_closing => lists.push(None),
                        "li" => {
                            buf.clear(); // an empty item's number
                            if let Some(Some(n)) = lists.last_mut() {
                                buf.push_str(&format!("{n}. "));
                                *n += 1;
                            }
                        }
                        _ => {}
                    }
                    if name == "pre" && !*self_closing {
                        pre += 1;
                        kind = HtmlKind::Code;
                    } else if let Some(l) = name
                        .strip_prefix('h')
                        .and_then(|d| d.parse::<u8>().ok())
                        .filter(|l| (1..=6).contains(l))
                    {
                        kind = HtmlKind::Heading(l);
                    } else if name == "p"
                        && boxes.iter().any(|&b| b)
                        && tok
                            .attr("class")
                            .is_some_and(|c| c.split_whitespace().any(|c| c == "title"))
                    {
                        kind = HtmlKind::Caption;
                    }
                    if name == "div" && !*self_closing {
                        boxes.push(tok.attr("class").is_some_and(|c| {
                            c.split_whitespace().any(|c| BOX_CLASSES.contains(&c))
                        }));
                    }
                }
            }
            Tok::End { name } => {
                if name == "title" {
                    in_title = false;
                    continue;
                }
                if let Some(top) = skip.last() {
                    if top == name {
                        skip.pop();
                    }
                    continue;
                }
                if let Some(t) = table.as_mut() {
                    match name.as_str() {
                        "table" if t.depth > 0 => t.depth -= 1,
                        "table" => {
                            blocks.extend(table.take().map(OpenTable::finish).unwrap_or_default())
                        }
                        "tr" if t.depth == 0 => t.close_row(),
                        "td" | "th" if t.depth == 0 => t.close_cell(),
                        _ if is_block(name) => t.text(" "),
                        _ => {}
                    }
                    continue;
                }
                if is_block(name) {
                    if matches!(name.as_str(), "ol" | "ul") {
                        lists.pop();
                    }
                    if name == "div" {
                        boxes.pop();
                    }
                    if name == "pre" {
                        pre = pre.saturating_sub(1);
                    }
                    if pre == 0 || name == "pre" {
                        flush(&mut blocks, &mut buf, &mut kind);
                        if pre > 0 {
                            kind = HtmlKind::Code;
                        }
                    }
                }
            }
            Tok::Text(t) | Tok::CData(t) => {
                let text = match tok {
                    Tok::Text(_) => decode_entities(t),
                    _ => Cow::Borrowed(*t),
                };
                if in_title {
                    title.get_or_insert_with(String::new).push_str(&text);
                } else if let Some(t) = table.as_mut().filter(|_| skip.is_empty()) {
                    t.text(&text);
                } else if skip.is_empty() {
                    buf.push_str(&text);
                }
            }
        }
    }
    flush(&mut blocks, &mut buf, &mut kind);
    // (a table left open at the end of the document)
    blocks.extend(table.take().map(OpenTable::finish).unwrap_or_default());
    (blocks, title.map(|t| t.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_table() {
        let cases = [
            ("a &amp; b", "a & b"),
            ("&lt;p&gt;", "<p>"),
            ("&#20013;&#x6587;", "中文"),
            ("AT&T", "AT&T"),
            ("&unknown;", "&unknown;"),
            ("&nbsp;x", "\u{A0}x"),
            ("&", "&"),
        ];
        for (i, w) in cases {
            assert_eq!(decode_entities(i), w, "{i}");
        }
    }

    #[test]
    fn xhtml_to_blocks() {
        let src = r#"<?xml version="1.0"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title><style>p{}</style></head>
<body><nav epub:type="toc"><ol><li>skip</li></ol></nav><h1 class="c">Chapter <em>One</em></h1>
<p>First&#160;para
with a line break.</p><div>Div <b>text</b><p>nested</p> tail</div>
<pre><code>fn x() {
    y();
}</code></pre><script>var a = "<p>";</script><p>中文<br/>第二行</p><img src="a.png" alt="alt"/><p>broken <i>markup</p> <unclosed</body></html>"#;
        let (blocks, title) = html_blocks(src);
        assert_eq!(title.as_deref(), Some("T"));
        let got: Vec<(&str, HtmlKind)> = blocks.iter().map(|b| (b.text.trim(), b.kind)).collect();
        assert_eq!(
            got,
            vec![
                ("Chapter One", HtmlKind::Heading(1)),
                ("First\u{A0}para\nwith a line break.", HtmlKind::Para),
                ("Div text", HtmlKind::Para),
                ("nested", HtmlKind::Para),
                ("tail", HtmlKind::Para),
                ("fn x() {\n    y();\n}", HtmlKind::Code),
                ("中文\n第二行", HtmlKind::Para),
                ("broken markup", HtmlKind::Para),
                ("<unclosed", HtmlKind::Para),
            ]
        );
    }

    /// A sidebar's title names the box: a caption, not a sentence nor a section.
    #[test]
    fn a_sidebars_title_is_a_caption() {
        let src = r#"<body><p>Text before.</p><div class="sidebar"><div class="titlepage"><p class="title"><strong><span class="emphasis"><em>TIP</em></span> Testing the DNS server</strong></p></div><div class="para">The host command queries the server.</div></div><div class="table"><p class="title"><strong>Table 5.1. Multiarch library paths</strong></p></div></body>"#;
        let (blocks, _) = html_blocks(src);
        let got: Vec<(&str, HtmlKind)> = blocks.iter().map(|b| (b.text.trim(), b.kind)).collect();
        assert_eq!(
            got,
            vec![
                ("Text before.", HtmlKind::Para),
                ("TIP Testing the DNS server", HtmlKind::Caption),
                ("The host command queries the server.", HtmlKind::Para),
                ("Table 5.1. Multiarch library paths", HtmlKind::Para),
            ]
        );
    }

    #[test]
    fn ordered_items_keep_their_numbers() {
        let cases: &[(&str, &[&str])] = &[
            (
                "<ol><li>Open it.</li><li><p>Run it.</p></li></ol>",
                &["1. Open it.", "2. Run it."],
            ),
            ("<ol start=\"5\"><li>Five</li></ol>", &["5. Five"]),
            ("<ul><li>bullet</li></ul>", &["bullet"]),
            (
                "<ol><li>A<ul><li>x</li></ul></li><li>B</li></ol>",
                &["1. A", "x", "2. B"],
            ),
            ("<ol><li></li><li>Two</li></ol>", &["2. Two"]),
        ];
        for (src, want) in cases {
            let (blocks, _) = html_blocks(src);
            let got: Vec<&str> = blocks.iter().map(|b| b.text.trim()).collect();
            assert_eq!(&got, want, "{src:?}");
        }
    }

    #[test]
    fn tables_of_data_and_tables_that_lay_out_text() {
        let long = "word ".repeat(100);
        let cases: Vec<(String, Vec<(&str, HtmlKind)>)> = vec![
            (
                "<p>Before</p><table><tr><th>Constant</th><th>Description</th></tr>\n<tr><td><code>F_OK</code></td><td>Flag indicating that the file\n is visible.</td></tr><tr><td>O_RDWR | O_CREAT</td><td>Open for <b>reading</b><br/>and writing.</td></tr></table><p>After</p>".to_string(),
                vec![
                    ("Before", HtmlKind::Para),
                    (
                        "| Constant | Description |\n| F_OK | Flag indicating that the file is visible. |\n| O_RDWR ¦ O_CREAT | Open for reading and writing. |",
                        HtmlKind::Table,
                    ),
                    ("After", HtmlKind::Para),
                ],
            ),
            // (a one-column box lays out text: its cells are paragraphs)
            (
                "<table><tr><td><p>Note: back up first.</p></td></tr><tr><td>Then run it.</td></tr></table>".to_string(),
                vec![("Note: back up first.", HtmlKind::Para), ("Then run it.", HtmlKind::Para)],
            ),
            // (and so do cells of long prose)
            (
                format!("<table><tr><td>{long}</td><td>{long}</td></tr><tr><td>{long}</td><td>x</td></tr></table>"),
                vec![(long.trim(), HtmlKind::Para), (long.trim(), HtmlKind::Para), (long.trim(), HtmlKind::Para), ("x", HtmlKind::Para)],
            ),
            // (a table inside a cell is part of that cell)
            (
                "<table><tr><td>a</td><td>b <table><tr><td>in</td></tr></table> c</td></tr><tr><td>d</td><td>e</td></tr></table>".to_string(),
                vec![("| a | b in c |\n| d | e |", HtmlKind::Table)],
            ),
            // (a table never closed ends with the document)
            (
                "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d".to_string(),
                vec![("| a | b |\n| c | d |", HtmlKind::Table)],
            ),
        ];
        for (src, want) in &cases {
            let (blocks, _) = html_blocks(src);
            let got: Vec<(&str, HtmlKind)> =
                blocks.iter().map(|b| (b.text.trim(), b.kind)).collect();
            assert_eq!(&got, want, "{src}");
        }
    }

    #[test]
    fn attrs() {
        let t = tokens(
            r#"<item id='a' href="x%20y.xhtml" media-type=application/xhtml+xml properties="nav"/>"#,
        );
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].attr("href"), Some("x%20y.xhtml"));
        assert_eq!(t[0].attr("media-type"), Some("application/xhtml+xml"));
        let t = tokens(r#"<nav epub:type="toc">"#);
        assert_eq!(t[0].attr("type"), Some("toc"));
    }
}

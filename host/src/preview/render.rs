//! HTML of the preview site: the layout, the home page, page views, search results, the graph
//! and the style sheet. Everything a page shows is escaped here; page bodies are rendered from
//! Markdown events by our own small renderer, which escapes all text, shows raw HTML in the
//! Markdown as text, keeps only links to existing pages, in-page anchors and http(s) links, and
//! draws no remote images. The site needs no JavaScript.
//!
//! Not for: reading the wiki (see `preview::site`) or HTTP (see `api/site.rs`).

use std::fmt::Write as _;

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use super::site::{GRAPH_H, GRAPH_W, Layout, SitePage, Snapshot, page_target};
use crate::search::Hits;

/// Markdown extensions the pages use.
pub fn markdown_options() -> Options {
    Options::ENABLE_FOOTNOTES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES
}

/// Escapes text for HTML content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Words of the interface in the wiki's language.
struct Words {
    home: &'static str,
    graph: &'static str,
    search: &'static str,
    search_placeholder: &'static str,
    entries: &'static str,
    key_entries: &'static str,
    by_type: &'static str,
    sources: &'static str,
    related: &'static str,
    backlinks: &'static str,
    no_backlinks: &'static str,
    also: &'static str,
    results_for: &'static str,
    no_results: &'static str,
    not_found: &'static str,
    not_found_text: &'static str,
    graph_intro: &'static str,
    links_list: &'static str,
    quality: &'static str,
    empty: &'static str,
    generated: &'static str,
}

const EN: Words = Words {
    home: "Home",
    graph: "Graph",
    search: "Search",
    search_placeholder: "Search this wiki",
    entries: "entries",
    key_entries: "Central entries",
    by_type: "All entries by type",
    sources: "Sources",
    related: "Related entries",
    backlinks: "Linked from",
    no_backlinks: "No other entry links here yet.",
    also: "Also called",
    results_for: "Results for",
    no_results: "No entry matches this search.",
    not_found: "Not found",
    not_found_text: "There is no such entry in this wiki.",
    graph_intro: "Each dot is an entry, each line a link between two entries. Select a dot to open its entry.",
    links_list: "Links, entry by entry",
    quality: "quality",
    empty: "This wiki has no entries yet.",
    generated: "A wiki generated from the book by Grove. Every statement cites the passage it comes from.",
};

const ZH: Words = Words {
    home: "首页",
    graph: "关系图",
    search: "搜索",
    search_placeholder: "搜索本维基",
    entries: "个条目",
    key_entries: "核心条目",
    by_type: "按类型浏览全部条目",
    sources: "出处",
    related: "相关条目",
    backlinks: "链接到本条目",
    no_backlinks: "还没有其他条目链接到这里。",
    also: "又称",
    results_for: "搜索结果：",
    no_results: "没有匹配的条目。",
    not_found: "未找到",
    not_found_text: "本维基中没有这个条目。",
    graph_intro: "每个圆点是一个条目，每条线是两个条目之间的链接。点击圆点打开条目。",
    links_list: "逐条列出的链接",
    quality: "质量",
    empty: "本维基还没有条目。",
    generated: "由 Grove 根据原书生成的维基。每一句都注明出自书中的哪一段。",
};

fn words(snap: &Snapshot) -> &'static Words {
    if snap.lang.starts_with("zh") {
        &ZH
    } else {
        &EN
    }
}

/// Display name of a page type.
fn type_label(snap: &Snapshot, t: &str, plural: bool) -> String {
    let zh = snap.lang.starts_with("zh");
    let label = match (t, zh, plural) {
        ("concept", false, true) => "Concepts",
        ("concept", false, false) => "Concept",
        ("person", false, true) => "People",
        ("person", false, false) => "Person",
        ("method", false, true) => "Methods",
        ("method", false, false) => "Method",
        ("other", false, true) => "Other entries",
        ("other", false, false) => "Other",
        ("concept", true, _) => "概念",
        ("person", true, _) => "人物",
        ("method", true, _) => "方法",
        ("other", true, _) => "其他",
        (other, _, _) => return other.to_string(),
    };
    label.to_string()
}

fn page_href(snap: &Snapshot, id: &str) -> String {
    format!("{}page/{}", snap.base(), esc(id))
}

/// The whole document around `main`.
fn layout(snap: &Snapshot, title: &str, active: &str, query: &str, main: &str) -> String {
    let w = words(snap);
    let base = esc(&snap.base());
    let nav = |name: &str, href: &str, label: &str| {
        let current = if name == active {
            " aria-current=\"page\""
        } else {
            ""
        };
        format!("<a href=\"{href}\"{current}>{}</a>", esc(label))
    };
    let page_title = if title.is_empty() {
        esc(&snap.name)
    } else {
        format!("{} · {}", esc(title), esc(&snap.name))
    };
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"color-scheme\" content=\"light dark\">\n\
<title>{page_title}</title>\n<link rel=\"stylesheet\" href=\"{base}site.css\">\n</head>\n<body>\n\
<header class=\"site\"><div class=\"bar\">\
<a class=\"brand\" href=\"{base}\">{name}</a>\
<nav>{home}{graph}</nav>\
<form class=\"search\" role=\"search\" action=\"{base}search\" method=\"get\">\
<input type=\"search\" name=\"q\" value=\"{q}\" placeholder=\"{ph}\" aria-label=\"{ph}\">\
<button type=\"submit\">{search}</button></form>\
</div></header>\n<main>\n{main}\n</main>\n\
<footer class=\"site\"><p>{generated}</p></footer>\n</body>\n</html>\n",
        lang = esc(&snap.lang),
        name = esc(&snap.name),
        home = nav("home", &base, w.home),
        graph = nav("graph", &format!("{base}graph"), w.graph),
        q = esc(query),
        ph = esc(w.search_placeholder),
        search = esc(w.search),
        generated = esc(w.generated),
    )
}

fn entry_item(snap: &Snapshot, p: &SitePage) -> String {
    let mut li = format!(
        "<li><a href=\"{}\">{}</a>",
        page_href(snap, &p.id),
        esc(&p.title)
    );
    if !p.summary.is_empty() {
        let _ = write!(li, "<span class=\"summary\">{}</span>", esc(&p.summary));
    }
    li.push_str("</li>");
    li
}

/// The home page: the wiki's overview and its entries by type.
pub fn home(snap: &Snapshot) -> String {
    let w = words(snap);
    let mut main = format!("<h1>{}</h1>\n", esc(&snap.name));
    if snap.pages.is_empty() {
        let _ = write!(main, "<p class=\"lead\">{}</p>", esc(w.empty));
        return layout(snap, "", "home", "", &main);
    }
    let groups = snap.by_type();
    let counts: Vec<String> = groups
        .iter()
        .map(|(t, ps)| {
            format!(
                "<a href=\"#type-{}\">{} {}</a>",
                esc(t),
                ps.len(),
                esc(&type_label(snap, t, true))
            )
        })
        .collect();
    let _ = writeln!(
        main,
        "<p class=\"lead\">{} {} · {}</p>",
        snap.pages.len(),
        esc(w.entries),
        counts.join(" · ")
    );
    let top = snap.central(6);
    if !top.is_empty() {
        let _ = write!(
            main,
            "<section class=\"overview\"><h2>{}</h2><ul class=\"cards\">",
            esc(w.key_entries)
        );
        for p in top {
            let _ = write!(
                main,
                "<li><a href=\"{}\"><strong>{}</strong><span class=\"type\">{}</span><span class=\"summary\">{}</span></a></li>",
                page_href(snap, &p.id),
                esc(&p.title),
                esc(&type_label(snap, &p.page_type, false)),
                esc(&p.summary)
            );
        }
        main.push_str("</ul></section>\n");
    }
    let _ = writeln!(main, "<h2>{}</h2>", esc(w.by_type));
    for (t, ps) in &groups {
        let _ = write!(
            main,
            "<section class=\"type-group\" id=\"type-{}\"><h3>{} <span class=\"count\">{}</span></h3><ul class=\"entries\">",
            esc(t),
            esc(&type_label(snap, t, true)),
            ps.len()
        );
        for p in ps {
            main.push_str(&entry_item(snap, p));
        }
        main.push_str("</ul></section>\n");
    }
    layout(snap, "", "home", "", &main)
}

/// A page view: body, citations with their passage and place, related entries and backlinks.
pub fn page(snap: &Snapshot, p: &SitePage) -> String {
    let w = words(snap);
    let mut main = String::from("<article class=\"entry\">");
    let _ = write!(
        main,
        "<p class=\"crumbs\"><a href=\"{}\">{}</a> › <a href=\"{}#type-{}\">{}</a></p>",
        esc(&snap.base()),
        esc(w.home),
        esc(&snap.base()),
        esc(&p.page_type),
        esc(&type_label(snap, &p.page_type, false))
    );
    let _ = write!(main, "<h1>{}</h1>", esc(&p.title));
    let mut meta = Vec::new();
    if !p.aliases.is_empty() {
        let aliases: Vec<String> = p.aliases.iter().map(|a| esc(a)).collect();
        meta.push(format!("{} {}", esc(w.also), aliases.join(", ")));
    }
    if let Some(q) = p.quality {
        meta.push(format!("{} {q}/100", esc(w.quality)));
    }
    if !meta.is_empty() {
        let _ = write!(main, "<p class=\"meta\">{}</p>", meta.join(" · "));
    }
    main.push_str("<div class=\"body\">");
    main.push_str(&markdown_html(snap, p));
    main.push_str("</div>");
    if !p.citations.is_empty() {
        let _ = write!(
            main,
            "<section class=\"sources\"><h2>{}</h2><ol>",
            esc(w.sources)
        );
        for (i, c) in p.citations.iter().enumerate() {
            let _ = write!(
                main,
                "<li id=\"cite-{n}\"><blockquote>{}</blockquote><cite>{}</cite></li>",
                esc(&c.quote),
                esc(&c.location_label),
                n = i + 1
            );
        }
        main.push_str("</ol></section>");
    }
    if !p.links.is_empty() {
        let _ = write!(
            main,
            "<section class=\"related\"><h2>{}</h2><ul class=\"entries\">",
            esc(w.related)
        );
        for l in &p.links {
            if let Some(t) = snap.page(l) {
                main.push_str(&entry_item(snap, t));
            }
        }
        main.push_str("</ul></section>");
    }
    let _ = write!(
        main,
        "<section class=\"backlinks\"><h2>{}</h2>",
        esc(w.backlinks)
    );
    if p.backlinks.is_empty() {
        let _ = write!(main, "<p class=\"muted\">{}</p>", esc(w.no_backlinks));
    } else {
        main.push_str("<ul class=\"entries\">");
        for b in &p.backlinks {
            if let Some(t) = snap.page(b) {
                main.push_str(&entry_item(snap, t));
            }
        }
        main.push_str("</ul>");
    }
    main.push_str("</section></article>");
    layout(snap, &p.title, "", "", &main)
}

/// The search page: the form's query and its results (or why there are none).
pub fn search(snap: &Snapshot, q: &str, results: Option<Result<&Hits, &str>>) -> String {
    let w = words(snap);
    let mut main = format!("<h1>{}</h1>", esc(w.search));
    let _ = write!(
        main,
        "<form class=\"search big\" role=\"search\" action=\"{}search\" method=\"get\"><input type=\"search\" name=\"q\" value=\"{}\" placeholder=\"{}\" aria-label=\"{}\"><button type=\"submit\">{}</button></form>",
        esc(&snap.base()),
        esc(q),
        esc(w.search_placeholder),
        esc(w.search_placeholder),
        esc(w.search)
    );
    match results {
        None => {}
        Some(Err(msg)) => {
            let _ = write!(main, "<p class=\"error\">{}</p>", esc(msg));
        }
        Some(Ok(hits)) if hits.hits.is_empty() => {
            let _ = write!(main, "<p class=\"muted\">{}</p>", esc(w.no_results));
        }
        Some(Ok(hits)) => {
            let _ = write!(
                main,
                "<p class=\"muted\">{} “{}” · {}</p><ol class=\"results\">",
                esc(w.results_for),
                esc(q),
                hits.hits.len()
            );
            for h in &hits.hits {
                // snippet_html is escaped text with <b> marks, made by the search module.
                let _ = write!(
                    main,
                    "<li><a href=\"{}\">{}</a> <span class=\"type\">{}</span><p class=\"snippet\">{}</p></li>",
                    page_href(snap, &h.id),
                    esc(&h.title),
                    esc(&type_label(snap, &h.page_type, false)),
                    h.snippet_html
                );
            }
            main.push_str("</ol>");
        }
    }
    layout(snap, w.search, "search", q, &main)
}

/// The graph view: an SVG of the links whose dots are links, and the same links as a list.
pub fn graph(snap: &Snapshot, g: &Layout) -> String {
    let w = words(snap);
    let mut main = format!(
        "<h1>{}</h1><p class=\"muted\">{}</p>",
        esc(w.graph),
        esc(w.graph_intro)
    );
    let _ = write!(
        main,
        "<figure class=\"graph\"><svg viewBox=\"0 0 {GRAPH_W} {GRAPH_H}\" role=\"img\" aria-label=\"{}\" xmlns=\"http://www.w3.org/2000/svg\"><g class=\"edges\">",
        esc(w.graph)
    );
    for &(a, b) in &g.edges {
        let (_, x1, y1) = &g.nodes[a];
        let (_, x2, y2) = &g.nodes[b];
        let _ = write!(
            main,
            "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>"
        );
    }
    main.push_str("</g><g class=\"nodes\">");
    for (id, x, y) in &g.nodes {
        let Some(p) = snap.page(id) else { continue };
        let r = 4.0 + (snap.degree(p) as f32).sqrt() * 2.0;
        let _ = write!(
            main,
            "<a href=\"{href}\"><title>{title}</title><circle class=\"t-{ty}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\"/><text x=\"{tx:.1}\" y=\"{ty_:.1}\">{title}</text></a>",
            href = page_href(snap, id),
            title = esc(&p.title),
            ty = esc(&p.page_type),
            tx = x + r + 3.0,
            ty_ = y + 4.0,
        );
    }
    main.push_str("</g></svg>");
    let legend: Vec<String> = snap
        .by_type()
        .iter()
        .map(|(t, _)| {
            format!(
                "<span class=\"key t-{}\">{}</span>",
                esc(t),
                esc(&type_label(snap, t, true))
            )
        })
        .collect();
    let _ = write!(
        main,
        "<figcaption>{}</figcaption></figure>",
        legend.join(" ")
    );
    if g.omitted > 0 {
        let _ = write!(
            main,
            "<p class=\"muted\">+{} {}</p>",
            g.omitted,
            esc(w.entries)
        );
    }
    let _ = write!(
        main,
        "<section class=\"link-list\"><h2>{}</h2><dl>",
        esc(w.links_list)
    );
    for p in snap.pages.iter().filter(|p| !p.links.is_empty()) {
        let targets: Vec<String> = p
            .links
            .iter()
            .map(|l| {
                format!(
                    "<a href=\"{}\">{}</a>",
                    page_href(snap, l),
                    esc(snap.title_of(l))
                )
            })
            .collect();
        let _ = write!(
            main,
            "<dt><a href=\"{}\">{}</a></dt><dd>→ {}</dd>",
            page_href(snap, &p.id),
            esc(&p.title),
            targets.join(", ")
        );
    }
    main.push_str("</dl></section>");
    layout(snap, w.graph, "graph", "", &main)
}

/// The not-found page.
pub fn not_found(snap: &Snapshot) -> String {
    let w = words(snap);
    let main = format!(
        "<h1>{}</h1><p>{}</p><p><a href=\"{}\">{}</a></p>",
        esc(w.not_found),
        esc(w.not_found_text),
        esc(&snap.base()),
        esc(w.home)
    );
    layout(snap, w.not_found, "", "", &main)
}

/// Headings of the sections the page view shows from its own data, not from the body.
fn is_generated_section(heading: &str) -> bool {
    matches!(
        heading.trim().to_lowercase().as_str(),
        "sources"
            | "related"
            | "see also"
            | "来源"
            | "出处"
            | "相关"
            | "相关条目"
            | "來源"
            | "出處"
            | "相關"
            | "相關條目"
    )
}

/// The body of a page as HTML: the title heading, the Sources and Related sections and the
/// footnote definitions are left out (the page view shows them from the parsed page); footnote
/// references become numbered links to the citations.
pub fn markdown_html(snap: &Snapshot, p: &SitePage) -> String {
    let events: Vec<Event<'_>> = Parser::new_ext(&p.body, markdown_options()).collect();
    let mut out = String::with_capacity(p.body.len() * 2);
    let mut i = 0;
    let mut skip_depth = 0usize; // inside a footnote definition
    let mut first_block = true;
    // Link targets left as text (missing pages, unsafe schemes) close without </a>.
    let mut link_stack: Vec<bool> = Vec::new();
    while i < events.len() {
        let ev = &events[i];
        i += 1;
        if skip_depth > 0 {
            match ev {
                Event::Start(Tag::FootnoteDefinition(_)) => skip_depth += 1,
                Event::End(TagEnd::FootnoteDefinition) => skip_depth -= 1,
                _ => {}
            }
            continue;
        }
        match ev {
            Event::Start(Tag::FootnoteDefinition(_)) => skip_depth = 1,
            Event::Start(Tag::Heading { level, .. }) => {
                let text = heading_text(&events[i..]);
                let is_title = first_block && *level == HeadingLevel::H1;
                if is_title || (*level <= HeadingLevel::H2 && is_generated_section(&text)) {
                    // skip the heading, and for a generated section everything up to the
                    // next heading of the same or a higher level
                    while i < events.len() && !matches!(events[i], Event::End(TagEnd::Heading(_))) {
                        i += 1;
                    }
                    i += 1;
                    if !is_title {
                        while i < events.len() {
                            if let Event::Start(Tag::Heading { level: l, .. }) = &events[i]
                                && *l <= *level
                            {
                                break;
                            }
                            i += 1;
                        }
                    }
                    first_block = false;
                    continue;
                }
                // Page headings sit under the page's own h1.
                let n = (*level as usize + 1).min(6);
                let _ = write!(out, "<h{n}>");
            }
            Event::End(TagEnd::Heading(level)) => {
                let n = (*level as usize + 1).min(6);
                let _ = writeln!(out, "</h{n}>");
            }
            Event::Start(Tag::Paragraph) => out.push_str("<p>"),
            Event::End(TagEnd::Paragraph) => out.push_str("</p>\n"),
            Event::Start(Tag::BlockQuote(_)) => out.push_str("<blockquote>"),
            Event::End(TagEnd::BlockQuote(_)) => out.push_str("</blockquote>\n"),
            Event::Start(Tag::CodeBlock(kind)) => {
                let _ = kind_lang(kind);
                out.push_str("<pre><code>");
            }
            Event::End(TagEnd::CodeBlock) => out.push_str("</code></pre>\n"),
            Event::Start(Tag::List(Some(start))) => {
                if *start == 1 {
                    out.push_str("<ol>");
                } else {
                    let _ = write!(out, "<ol start=\"{start}\">");
                }
            }
            Event::Start(Tag::List(None)) => out.push_str("<ul>"),
            Event::End(TagEnd::List(true)) => out.push_str("</ol>\n"),
            Event::End(TagEnd::List(false)) => out.push_str("</ul>\n"),
            Event::Start(Tag::Item) => out.push_str("<li>"),
            Event::End(TagEnd::Item) => out.push_str("</li>\n"),
            Event::Start(Tag::Emphasis) => out.push_str("<em>"),
            Event::End(TagEnd::Emphasis) => out.push_str("</em>"),
            Event::Start(Tag::Strong) => out.push_str("<strong>"),
            Event::End(TagEnd::Strong) => out.push_str("</strong>"),
            Event::Start(Tag::Strikethrough) => out.push_str("<del>"),
            Event::End(TagEnd::Strikethrough) => out.push_str("</del>"),
            Event::Start(Tag::Table(_)) => out.push_str("<div class=\"table\"><table>"),
            Event::End(TagEnd::Table) => out.push_str("</tbody></table></div>\n"),
            Event::Start(Tag::TableHead) => out.push_str("<thead><tr>"),
            Event::End(TagEnd::TableHead) => out.push_str("</tr></thead><tbody>"),
            Event::Start(Tag::TableRow) => out.push_str("<tr>"),
            Event::End(TagEnd::TableRow) => out.push_str("</tr>"),
            Event::Start(Tag::TableCell) => out.push_str("<td>"),
            Event::End(TagEnd::TableCell) => out.push_str("</td>"),
            Event::Start(Tag::Link { dest_url, .. }) => {
                let href = if let Some(id) = page_target(dest_url) {
                    snap.page(id).map(|_| page_href(snap, id))
                } else if dest_url.starts_with("https://") || dest_url.starts_with("http://") {
                    Some(esc(dest_url))
                } else {
                    dest_url
                        .strip_prefix('#')
                        .map(|anchor| format!("#{}", esc(anchor)))
                };
                match href {
                    Some(h) => {
                        let external = h.starts_with("http");
                        let rel = if external {
                            " rel=\"nofollow noopener noreferrer\""
                        } else {
                            ""
                        };
                        let _ = write!(out, "<a href=\"{h}\"{rel}>");
                        link_stack.push(true);
                    }
                    None => {
                        out.push_str("<span class=\"unlinked\">");
                        link_stack.push(false);
                    }
                }
            }
            Event::End(TagEnd::Link) => {
                if link_stack.pop().unwrap_or(false) {
                    out.push_str("</a>");
                } else {
                    out.push_str("</span>");
                }
            }
            // Images are shown as their description: the site loads nothing from elsewhere.
            Event::Start(Tag::Image { .. }) => out.push_str("<span class=\"image\">"),
            Event::End(TagEnd::Image) => out.push_str("</span>"),
            Event::Text(t) => out.push_str(&esc(t)),
            Event::Code(t) => {
                let _ = write!(out, "<code>{}</code>", esc(t));
            }
            Event::Html(t) | Event::InlineHtml(t) => out.push_str(&esc(t)),
            Event::SoftBreak => out.push('\n'),
            Event::HardBreak => out.push_str("<br>\n"),
            Event::Rule => out.push_str("<hr>\n"),
            Event::FootnoteReference(name) => {
                if let Some(n) = p
                    .citations
                    .iter()
                    .position(|c| c.passage_id == name.as_ref())
                {
                    let _ = write!(
                        out,
                        "<sup class=\"cite\"><a href=\"#cite-{}\">{}</a></sup>",
                        n + 1,
                        n + 1
                    );
                }
            }
            Event::TaskListMarker(done) => {
                out.push_str(if *done { "☑ " } else { "☐ " });
            }
            _ => {}
        }
        if matches!(ev, Event::End(_)) {
            first_block = false;
        }
    }
    out
}

fn kind_lang<'a>(kind: &'a CodeBlockKind<'a>) -> Option<&'a str> {
    match kind {
        CodeBlockKind::Fenced(l) if !l.is_empty() => Some(l.as_ref()),
        _ => None,
    }
}

/// The text of a heading whose events start at `events[0]`.
fn heading_text(events: &[Event<'_>]) -> String {
    let mut s = String::new();
    for ev in events {
        match ev {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Text(t) | Event::Code(t) => s.push_str(t),
            _ => {}
        }
    }
    s
}

/// The style sheet: system fonts for Latin and Chinese, a measure that reads well, light and
/// dark schemes, and a layout that works from phones up.
pub const CSS: &str = r#":root {
  --bg: #fbfaf7; --fg: #1f2328; --muted: #5b6470; --line: #e3e0d8; --accent: #1f6f5c;
  --card: #ffffff; --quote: #f3f1ea; --mark: #fff1a8;
  --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans",
    "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC",
    "WenQuanYi Micro Hei", sans-serif;
  --serif: Charter, "Iowan Old Style", "Source Serif Pro", Georgia, "Noto Serif", "Songti SC",
    "Noto Serif CJK SC", "Source Han Serif SC", SimSun, serif;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #16181c; --fg: #e6e6e3; --muted: #9aa3ad; --line: #2d3138; --accent: #6cc4a8;
    --card: #1d2025; --quote: #23272d; --mark: #5a4d12; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 17px/1.7 var(--sans); }
:lang(zh) body, body:lang(zh) { line-height: 1.9; letter-spacing: 0.02em; }
a { color: var(--accent); text-underline-offset: 0.15em; }
a:hover { text-decoration-thickness: 2px; }
header.site { border-bottom: 1px solid var(--line); background: var(--card); position: sticky; top: 0; z-index: 1; }
.bar { max-width: 60rem; margin: 0 auto; padding: 0.5rem 1rem; display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; }
.brand { font-weight: 700; color: var(--fg); text-decoration: none; margin-right: auto; }
nav a { margin-right: 0.75rem; text-decoration: none; }
nav a[aria-current] { font-weight: 700; text-decoration: underline; }
form.search { display: flex; gap: 0.25rem; flex: 1 1 14rem; max-width: 22rem; }
form.search.big { max-width: none; margin: 0 0 1.5rem; }
form.search input { flex: 1; min-width: 0; font: inherit; padding: 0.3rem 0.6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
form.search button { font: inherit; padding: 0.3rem 0.8rem; border: 1px solid var(--accent); border-radius: 6px; background: var(--accent); color: var(--bg); cursor: pointer; }
main { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1, h2, h3, h4 { line-height: 1.3; font-weight: 700; }
h1 { font-size: 2rem; margin: 0.5rem 0 0.75rem; }
h2 { font-size: 1.3rem; margin: 2.2rem 0 0.6rem; padding-bottom: 0.2rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.6rem 0 0.4rem; }
.lead { font-size: 1.1rem; color: var(--muted); }
.muted, .meta, .crumbs { color: var(--muted); font-size: 0.92rem; }
.crumbs { margin: 0; }
.count, .type { color: var(--muted); font-size: 0.8rem; font-weight: 400; }
.type { border: 1px solid var(--line); border-radius: 999px; padding: 0 0.5rem; white-space: nowrap; }
.entry .body { font-family: var(--serif); font-size: 1.06rem; }
.entry .body > p:first-child { font-size: 1.12rem; }
.body h3, .body h4 { font-family: var(--sans); }
sup.cite a { text-decoration: none; font-family: var(--sans); font-size: 0.75em; padding: 0 0.1em; }
sup.cite a::before { content: "["; } sup.cite a::after { content: "]"; }
.unlinked { border-bottom: 1px dotted var(--muted); }
.sources ol { padding-left: 1.4rem; }
.sources li { margin: 0 0 1rem; }
.sources li:target blockquote { outline: 2px solid var(--accent); }
blockquote { margin: 0.3rem 0; padding: 0.5rem 0.9rem; background: var(--quote); border-left: 3px solid var(--accent); font-family: var(--serif); border-radius: 0 6px 6px 0; }
cite { display: block; font-style: normal; color: var(--muted); font-size: 0.88rem; margin-top: 0.2rem; }
cite::before { content: "— "; }
ul.entries { list-style: none; padding: 0; margin: 0; }
ul.entries li { padding: 0.35rem 0; border-bottom: 1px solid var(--line); }
ul.entries .summary { display: block; color: var(--muted); font-size: 0.92rem; line-height: 1.5; }
ul.cards { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(12.5rem, 1fr)); gap: 0.75rem; }
ul.cards a { display: block; height: 100%; padding: 0.75rem; border: 1px solid var(--line); border-radius: 8px; background: var(--card); color: var(--fg); text-decoration: none; }
ul.cards a:hover { border-color: var(--accent); }
ul.cards .type { display: inline-block; margin-left: 0.4rem; }
ul.cards .summary { display: block; margin-top: 0.3rem; color: var(--muted); font-size: 0.88rem; line-height: 1.5; }
ol.results { padding-left: 1.4rem; }
ol.results li { margin-bottom: 1rem; }
.snippet { margin: 0.2rem 0 0; color: var(--muted); font-size: 0.95rem; }
.snippet b { color: var(--fg); background: var(--mark); font-weight: 600; }
.error { color: #b42318; }
figure.graph { margin: 1rem 0; }
figure.graph svg { width: 100%; height: auto; border: 1px solid var(--line); border-radius: 8px; background: var(--card); }
.edges line { stroke: var(--line); stroke-width: 1.5; }
.nodes circle { stroke: var(--card); stroke-width: 1.5; }
.nodes text { font: 17px var(--sans); fill: var(--fg); }
.nodes a:hover circle { stroke: var(--fg); }
.t-concept { fill: #2f7fbf; background: #2f7fbf; } .t-person { fill: #c2573a; background: #c2573a; }
.t-method { fill: #3f9a4f; background: #3f9a4f; } .t-other { fill: #8a6fb3; background: #8a6fb3; }
.key { display: inline-block; color: #fff; border-radius: 999px; padding: 0 0.6rem; font-size: 0.85rem; margin-right: 0.3rem; }
.link-list dt { margin-top: 0.5rem; font-weight: 600; }
.link-list dd { margin: 0 0 0 1rem; color: var(--muted); }
.table { overflow-x: auto; }
table { border-collapse: collapse; } td { border: 1px solid var(--line); padding: 0.2rem 0.5rem; }
pre { overflow-x: auto; background: var(--quote); padding: 0.75rem; border-radius: 6px; }
footer.site { max-width: 44rem; margin: 0 auto; padding: 1rem; color: var(--muted); font-size: 0.85rem; border-top: 1px solid var(--line); }
@media (max-width: 36rem) {
  body { font-size: 16px; }
  h1 { font-size: 1.6rem; }
  form.search { max-width: none; flex-basis: 100%; }
  main { padding-top: 1rem; }
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preview::site::Site;

    fn site_with(body: &str) -> (tempfile::TempDir, Site) {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("docs")).unwrap();
        std::fs::write(
            tmp.path().join("docs/a.md"),
            format!("---\ntitle: \"A <b>\"\ntype: \"concept\"\n---\n\n# A <b>\n\n{body}\n\n## Sources\n\n[^p-1]: “x <y>” — Chapter 1, line 2\n\n## Related\n\n- [B](b.md)\n"),
        )
        .unwrap();
        std::fs::write(
            tmp.path().join("docs/b.md"),
            "---\ntitle: \"B\"\ntype: \"person\"\n---\n\n# B\n\nPlain.\n",
        )
        .unwrap();
        let site = Site::open(tmp.path(), "w").unwrap();
        (tmp, site)
    }

    #[test]
    fn bodies_are_escaped_and_links_kept_safe() {
        let cases = [
            ("<script>alert(1)</script>", "&lt;script&gt;", "<script>"),
            (
                "[x](javascript:alert(1))",
                "<span class=\"unlinked\">x</span>",
                "javascript:",
            ),
            ("[b](b.md)", "<a href=\"/preview/w/page/b\">b</a>", "b.md"),
            (
                "[gone](gone.md)",
                "<span class=\"unlinked\">gone</span>",
                "gone.md",
            ),
            (
                "![img](http://evil/x.png)",
                "<span class=\"image\">img</span>",
                "<img",
            ),
            ("text[^p-1]", "<a href=\"#cite-1\">1</a>", "[^p-1]"),
            (
                "[w](https://example.org/?a=1&b=\"2\")",
                "href=\"https://example.org/?a=1&amp;b=&quot;2&quot;\"",
                "b=\"2",
            ),
        ];
        for (body, want, never) in cases {
            let (_tmp, site) = site_with(body);
            let snap = site.snapshot();
            let html = markdown_html(&snap, snap.page("a").unwrap());
            assert!(html.contains(want), "{body}: {html}");
            assert!(!html.contains(never), "{body}: {html}");
            assert!(
                !html.contains("Sources") && !html.contains("Related"),
                "{html}"
            );
        }
    }

    #[test]
    fn page_view_shows_citations_related_and_backlinks() {
        let (_tmp, site) = site_with("Body.");
        let snap = site.snapshot();
        let html = page(&snap, snap.page("a").unwrap());
        assert!(html.contains("<h1>A &lt;b&gt;</h1>"), "{html}");
        assert!(
            html.contains("<blockquote>x &lt;y&gt;</blockquote><cite>Chapter 1, line 2</cite>")
        );
        assert!(html.contains("href=\"/preview/w/page/b\""));
        let b = page(&snap, snap.page("b").unwrap());
        assert!(b.contains("href=\"/preview/w/page/a\""), "backlink: {b}");
        let home = home(&snap);
        assert!(home.contains("id=\"type-concept\"") && home.contains("id=\"type-person\""));
        assert!(home.contains("<meta name=\"viewport\""));
    }
}

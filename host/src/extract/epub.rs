//! EPUB 2 and 3 extraction: `META-INF/container.xml` -> OPF -> spine in reading order, each
//! XHTML document to blocks, chapter titles from the navigation (EPUB 3 nav document or EPUB 2
//! NCX), else from the document's first heading. Tolerates real-world files (mimetype not first or
//! missing, wrong `dc:language`, missing NCX, broken relative paths, bad percent-encoding) and
//! guards against zip bombs (total decompressed bytes and entry count are capped). Not for
//! writing EPUBs, nor for DRM (an EPUB with encrypted content documents is refused).

use super::html::{HtmlKind, Tok, decode_entities, html_blocks, tokens};
use super::{DocBuilder, ExtractError, ExtractedDoc, Format, Limits};
use std::collections::HashMap;
use std::io::{Cursor, Read};

struct Archive<'a> {
    zip: zip::ZipArchive<Cursor<&'a [u8]>>,
    /// lowercase normalized name -> real entry name
    names: HashMap<String, String>,
    budget: u64,
    limit: u64,
}

impl<'a> Archive<'a> {
    fn open(bytes: &'a [u8], limits: &Limits) -> Result<Self, ExtractError> {
        let zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
            ExtractError::DamagedEpub(format!(
                "the zip container cannot be read ({e}); the file may be truncated"
            ))
        })?;
        if zip.len() > limits.max_zip_entries {
            return Err(ExtractError::TooLarge(format!(
                "the EPUB has {} zip entries; the limit is {}",
                zip.len(),
                limits.max_zip_entries
            )));
        }
        let names = zip
            .file_names()
            .filter_map(Result::ok)
            .map(|n| (n.trim_start_matches('/').to_lowercase(), n.to_string()))
            .collect();
        Ok(Archive {
            zip,
            names,
            budget: limits.max_unzipped_bytes,
            limit: limits.max_unzipped_bytes,
        })
    }

    fn real_name(&self, path: &str) -> Option<String> {
        let p = path.trim_start_matches('/');
        let candidates = [p.to_lowercase(), percent_decode(p).to_lowercase()];
        candidates.iter().find_map(|c| self.names.get(c).cloned())
    }

    fn read(&mut self, path: &str) -> Result<Option<Vec<u8>>, ExtractError> {
        let Some(name) = self.real_name(path) else {
            return Ok(None);
        };
        let mut f = match self.zip.by_name(&name) {
            Ok(f) => f,
            Err(zip::result::ZipError::UnsupportedArchive(m)) if m.contains("ncrypt") => {
                return Err(ExtractError::EncryptedEpub);
            }
            Err(e) => {
                return Err(ExtractError::DamagedEpub(format!(
                    "entry {name} cannot be read ({e})"
                )));
            }
        };
        let mut out = Vec::new();
        (&mut f)
            .take(self.budget + 1)
            .read_to_end(&mut out)
            .map_err(|e| {
                ExtractError::DamagedEpub(format!("entry {name} cannot be decompressed ({e})"))
            })?;
        if out.len() as u64 > self.budget {
            return Err(ExtractError::TooLarge(format!(
                "the EPUB decompresses to more than {} bytes (a zip bomb?)",
                self.limit
            )));
        }
        self.budget -= out.len() as u64;
        Ok(Some(out))
    }
}

fn percent_decode(s: &str) -> String {
    fn hex(c: u8) -> Option<u8> {
        (c as char).to_digit(16).map(|d| d as u8)
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2]))
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_string())
}

/// Resolves `href` relative to the directory of `base` (a zip path), dropping any fragment.
fn resolve(base: &str, href: &str) -> String {
    let href = href.split('#').next().unwrap_or("");
    let href = percent_decode(href.trim());
    let mut parts: Vec<&str> = if href.starts_with('/') {
        Vec::new()
    } else {
        let mut v: Vec<&str> = base.split('/').collect();
        v.pop();
        v
    };
    for seg in href.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    parts.join("/")
}

/// Text of a content document as UTF-8 (EPUB requires UTF-8 or UTF-16; be lenient anyway).
fn decode_xml(bytes: &[u8]) -> String {
    if let Some((enc, _)) = encoding_rs::Encoding::for_bom(bytes) {
        return enc.decode(bytes).0.into_owned();
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_string();
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]);
    if let Some(p) = head.find("encoding=") {
        let label: String = head[p + 9..]
            .trim_start_matches(['"', '\''])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if let Some(enc) = encoding_rs::Encoding::for_label(label.as_bytes()) {
            return enc.decode(bytes).0.into_owned();
        }
    }
    String::from_utf8_lossy(bytes).into_owned()
}

fn text_of(toks: &[Tok<'_>]) -> String {
    let mut s = String::new();
    for t in toks {
        match t {
            Tok::Text(x) => s.push_str(&decode_entities(x)),
            Tok::CData(x) => s.push_str(x),
            _ => {}
        }
    }
    super::normalize::normalize_text(&s)
}

struct ManifestItem {
    href: String,
    media_type: String,
    properties: String,
}

struct Opf {
    title: Option<String>,
    language: Option<String>,
    items: HashMap<String, ManifestItem>,
    spine: Vec<String>,
    toc_id: Option<String>,
}

fn parse_opf(src: &str) -> Opf {
    let toks = tokens(src);
    let mut opf = Opf {
        title: None,
        language: None,
        items: HashMap::new(),
        spine: Vec::new(),
        toc_id: None,
    };
    let mut i = 0;
    while i < toks.len() {
        if let Tok::Start {
            name, self_closing, ..
        } = &toks[i]
        {
            match name.as_str() {
                "title" | "language" if !self_closing => {
                    let end = toks[i..]
                        .iter()
                        .position(|t| matches!(t, Tok::End { name: n } if n == name))
                        .map(|p| i + p)
                        .unwrap_or(toks.len());
                    let text = text_of(&toks[i + 1..end]);
                    let slot = if name == "title" {
                        &mut opf.title
                    } else {
                        &mut opf.language
                    };
                    if slot.is_none() && !text.is_empty() {
                        *slot = Some(text);
                    }
                    i = end;
                }
                "item" => {
                    if let (Some(id), Some(href)) = (toks[i].attr("id"), toks[i].attr("href")) {
                        opf.items.insert(
                            id.to_string(),
                            ManifestItem {
                                href: href.to_string(),
                                media_type: toks[i]
                                    .attr("media-type")
                                    .unwrap_or("")
                                    .to_ascii_lowercase(),
                                properties: toks[i].attr("properties").unwrap_or("").to_string(),
                            },
                        );
                    }
                }
                "spine" => opf.toc_id = toks[i].attr("toc").map(str::to_string),
                "itemref" => {
                    if let Some(id) = toks[i].attr("idref") {
                        opf.spine.push(id.to_string());
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    opf
}

/// (resolved document path, title) in navigation order, from an EPUB 3 nav document.
fn parse_nav(src: &str, nav_path: &str) -> Vec<(String, String)> {
    let toks = tokens(src);
    // the toc nav, else the first nav
    let navs: Vec<usize> = toks
        .iter()
        .enumerate()
        .filter(|(_, t)| matches!(t, Tok::Start { name, .. } if name == "nav"))
        .map(|(i, _)| i)
        .collect();
    let start = navs
        .iter()
        .copied()
        .find(|&i| {
            toks[i]
                .attr("type")
                .is_some_and(|t| t.split_whitespace().any(|w| w == "toc"))
        })
        .or_else(|| navs.first().copied())
        .unwrap_or(0);
    let mut out = Vec::new();
    let mut i = start;
    while i < toks.len() {
        match &toks[i] {
            Tok::End { name } if name == "nav" => break,
            Tok::Start { name, .. } if name == "a" => {
                let end = toks[i..]
                    .iter()
                    .position(|t| matches!(t, Tok::End { name } if name == "a"))
                    .map(|p| i + p)
                    .unwrap_or(toks.len());
                if let Some(href) = toks[i].attr("href") {
                    let title = text_of(&toks[i + 1..end]);
                    out.push((resolve(nav_path, href), title));
                }
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// (resolved document path, title) in navigation order, from an EPUB 2 NCX.
fn parse_ncx(src: &str, ncx_path: &str) -> Vec<(String, String)> {
    let toks = tokens(src);
    let mut out = Vec::new();
    let mut label: Option<String> = None;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Start { name, .. } if name == "navlabel" => {
                let end = toks[i..]
                    .iter()
                    .position(|t| matches!(t, Tok::End { name } if name == "navlabel"))
                    .map(|p| i + p)
                    .unwrap_or(toks.len());
                label = Some(text_of(&toks[i + 1..end]));
                i = end;
            }
            Tok::Start { name, .. } if name == "content" => {
                if let (Some(src), Some(l)) = (toks[i].attr("src"), label.take()) {
                    out.push((resolve(ncx_path, src), l));
                }
            }
            Tok::Start { name, .. } if name == "navmap" || name == "navpoint" => {}
            Tok::Start { name, .. } if name == "pagelist" || name == "navlist" => break,
            _ => {}
        }
        i += 1;
    }
    out
}

/// Refuses EPUBs whose content documents are encrypted (DRM); font obfuscation is fine.
fn check_drm(ar: &mut Archive<'_>) -> Result<(), ExtractError> {
    let Some(bytes) = ar.read("META-INF/encryption.xml")? else {
        return Ok(());
    };
    let src = decode_xml(&bytes);
    let encrypted_content = tokens(&src).iter().any(|t| {
        matches!(t, Tok::Start { name, .. } if name == "cipherreference")
            && t.attr("uri").is_some_and(|u| {
                let u = u.to_ascii_lowercase();
                u.ends_with(".xhtml") || u.ends_with(".html") || u.ends_with(".htm")
            })
    });
    if encrypted_content {
        Err(ExtractError::EncryptedEpub)
    } else {
        Ok(())
    }
}

fn is_content(media_type: &str, href: &str) -> bool {
    let h = href.to_ascii_lowercase();
    media_type.contains("html")
        || media_type.is_empty()
            && (h.ends_with(".xhtml") || h.ends_with(".html") || h.ends_with(".htm"))
}

pub(crate) fn extract_epub(bytes: &[u8], limits: &Limits) -> Result<ExtractedDoc, ExtractError> {
    let mut ar = Archive::open(bytes, limits)?;
    check_drm(&mut ar)?;
    let mut warnings = Vec::new();

    // container.xml -> OPF path; else the first .opf in the archive
    let mut opf_path = None;
    if let Some(c) = ar.read("META-INF/container.xml")? {
        let src = decode_xml(&c);
        opf_path = tokens(&src)
            .iter()
            .find(|t| matches!(t, Tok::Start { name, .. } if name == "rootfile"))
            .and_then(|t| t.attr("full-path"))
            .map(|p| p.trim_start_matches('/').to_string());
    }
    if opf_path
        .as_deref()
        .is_none_or(|p| ar.real_name(p).is_none())
    {
        let found = ar
            .names
            .values()
            .find(|n| n.to_ascii_lowercase().ends_with(".opf"))
            .cloned();
        if found.is_some() {
            warnings.push("container.xml does not name a readable package document; used the .opf found in the archive".into());
        }
        opf_path = found;
    }
    let Some(opf_path) = opf_path else {
        return Err(ExtractError::DamagedEpub(
            "it has no package document (.opf); META-INF/container.xml is missing or wrong".into(),
        ));
    };
    let opf_bytes = ar.read(&opf_path)?.ok_or_else(|| {
        ExtractError::DamagedEpub(format!("the package document {opf_path} is missing"))
    })?;
    let opf = parse_opf(&decode_xml(&opf_bytes));

    // navigation titles: EPUB 3 nav first, then the NCX
    let mut nav: Vec<(String, String)> = Vec::new();
    if let Some(item) = opf
        .items
        .values()
        .find(|it| it.properties.split_whitespace().any(|p| p == "nav"))
    {
        let p = resolve(&opf_path, &item.href);
        if let Some(b) = ar.read(&p)? {
            nav = parse_nav(&decode_xml(&b), &p);
        }
    }
    if nav.is_empty() {
        let ncx = opf
            .toc_id
            .as_ref()
            .and_then(|id| opf.items.get(id))
            .or_else(|| {
                opf.items
                    .values()
                    .find(|it| it.media_type == "application/x-dtbncx+xml")
            });
        if let Some(item) = ncx {
            let p = resolve(&opf_path, &item.href);
            if let Some(b) = ar.read(&p)? {
                nav = parse_ncx(&decode_xml(&b), &p);
            }
        }
    }
    let mut nav_title: HashMap<String, String> = HashMap::new();
    for (path, title) in nav {
        if !title.is_empty() {
            nav_title.entry(path.to_lowercase()).or_insert(title);
        }
    }

    let mut spine: Vec<String> = Vec::new();
    for id in &opf.spine {
        match opf.items.get(id) {
            Some(it) if is_content(&it.media_type, &it.href) => {
                spine.push(resolve(&opf_path, &it.href))
            }
            Some(_) => {}
            None => warnings.push(format!("spine item {id} is not in the manifest")),
        }
    }
    if spine.is_empty() {
        // no usable spine: fall back to the manifest's documents in file-name order
        let mut docs: Vec<String> = opf
            .items
            .values()
            .filter(|it| is_content(&it.media_type, &it.href) && !it.properties.contains("nav"))
            .map(|it| resolve(&opf_path, &it.href))
            .collect();
        docs.sort();
        if !docs.is_empty() {
            warnings.push("the spine is empty; documents were read in file-name order".into());
        }
        spine = docs;
    }

    let mut b = DocBuilder::new();
    b.max_chars = limits.max_text_chars;
    for path in &spine {
        let Some(raw) = ar.read(path)? else {
            warnings.push(format!("spine document {path} is missing from the archive"));
            continue;
        };
        let (blocks, _) = html_blocks(&decode_xml(&raw));
        if blocks.is_empty() {
            continue;
        }
        let first_heading = blocks
            .iter()
            .position(|x| matches!(x.kind, HtmlKind::Heading(_)));
        // the first heading before any paragraph names the document
        let leading_heading = first_heading.filter(|&i| i == 0);
        let title = nav_title
            .get(&path.to_lowercase())
            .cloned()
            .or_else(|| leading_heading.map(|i| blocks[i].text.clone()));
        match title {
            Some(t) => b.chapter(&t),
            None if !b.has_chapter() => b.chapter(""),
            None => {} // a continuation of the previous chapter (split files)
        }
        for (i, blk) in blocks.iter().enumerate() {
            match blk.kind {
                HtmlKind::Heading(_) if Some(i) == leading_heading => {}
                HtmlKind::Heading(_) => b.set_section(Some(blk.text.clone())),
                HtmlKind::Code => b.code(&blk.text, None, None),
                HtmlKind::Para => b.para(&blk.text, None, None),
                HtmlKind::Table => b.table(&blk.text, None, None),
                HtmlKind::Caption => b.matter(blk.text.trim(), None, None),
            }
        }
    }

    Ok(ExtractedDoc {
        format: Format::Epub,
        title: opf.title,
        lang_hint: opf.language,
        encoding: Some("UTF-8".into()),
        chapters: b.into_chapters(),
        warnings,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::io::Write;

    pub(crate) fn zip(entries: &[(&str, &str)]) -> Vec<u8> {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, data) in entries {
            let opts = zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated);
            w.start_file(*name, opts).unwrap();
            w.write_all(data.as_bytes()).unwrap();
        }
        w.finish().unwrap().into_inner()
    }

    const CONTAINER: &str = r#"<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"#;

    fn xhtml(body: &str) -> String {
        format!(
            r#"<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>{body}</body></html>"#
        )
    }

    /// A minimal EPUB 2: NCX navigation, `mimetype` not first, `dc:language` wrong (en for Chinese).
    pub(crate) fn epub2() -> Vec<u8> {
        let opf = r#"<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>测试之书</dc:title><dc:language>en</dc:language></metadata>
<manifest><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="c1" href="Text/ch1.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="Text/ch%202.xhtml" media-type="application/xhtml+xml"/><item id="img" href="cover.jpg" media-type="image/jpeg"/></manifest>
<spine toc="ncx"><itemref idref="img"/><itemref idref="c2"/><itemref idref="c1"/><itemref idref="ghost"/></spine></package>"#;
        let ncx = r#"<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap><navPoint id="n1" playOrder="1"><navLabel><text>第一章 开始</text></navLabel><content src="Text/ch1.xhtml"/></navPoint><navPoint id="n2" playOrder="2"><navLabel><text>第二章 &amp; 结束</text></navLabel><content src="Text/ch%202.xhtml#top"/></navPoint></navMap></ncx>"#;
        zip(&[
            ("META-INF/container.xml", CONTAINER),
            ("OEBPS/content.opf", opf),
            ("OEBPS/toc.ncx", ncx),
            (
                "OEBPS/Text/ch1.xhtml",
                &xhtml("<h1>第一章 开始</h1><p>子曰：学而时习之，</p><p>不亦说乎？</p>"),
            ),
            (
                "OEBPS/Text/ch 2.xhtml",
                &xhtml("<h2>第二章</h2><p>有朋自远方来。</p><h3>小节</h3><p>不亦乐乎？</p>"),
            ),
            ("mimetype", "application/epub+zip"),
        ])
    }

    /// A minimal EPUB 3 with a nav document, no NCX, and a document without a heading.
    pub(crate) fn epub3() -> Vec<u8> {
        let opf = r#"<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>A Small Book</dc:title><dc:language>en-US</dc:language></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.xhtml" media-type="application/xhtml+xml"/><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest>
<spine><itemref idref="a"/><itemref idref="b"/><itemref idref="c"/></spine></package>"#;
        let nav = xhtml(
            r#"<nav epub:type="landmarks"><ol><li><a href="c.xhtml">Wrong</a></li></ol></nav><nav epub:type="toc"><h1>Contents</h1><ol><li><a href="a.xhtml">Opening</a></li><li><a href="c.xhtml#x">Closing <span>Words</span></a></li></ol></nav>"#,
        );
        zip(&[
            ("mimetype", "application/epub+zip"),
            ("META-INF/container.xml", CONTAINER),
            ("OEBPS/content.opf", opf),
            ("OEBPS/nav.xhtml", &nav),
            (
                "OEBPS/a.xhtml",
                &xhtml("<h1>Opening</h1><p>It was a bright\n cold day.</p><pre>code  here</pre>"),
            ),
            ("OEBPS/b.xhtml", &xhtml("<p>continued text.</p>")),
            (
                "OEBPS/c.xhtml",
                &xhtml("<section><h1>Closing Words</h1><p>The end.</p></section>"),
            ),
        ])
    }

    #[test]
    fn epub2_ncx_spine_order_and_wrong_language() {
        let doc = super::super::extract(&epub2(), "book.epub").unwrap();
        assert_eq!(doc.format, Format::Epub);
        assert_eq!(doc.title.as_deref(), Some("测试之书"));
        assert_eq!(doc.lang_hint.as_deref(), Some("en"));
        let titles: Vec<_> = doc.chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["第二章 & 结束", "第一章 开始"]);
        assert_eq!(doc.chapters[0].blocks[0].text, "有朋自远方来。");
        assert_eq!(
            doc.chapters[0].blocks[1].location.section.as_deref(),
            Some("小节")
        );
        assert_eq!(doc.chapters[1].blocks.len(), 2);
        assert_eq!(doc.chapters[1].blocks[0].location.chapter, 2);
        assert!(doc.warnings.iter().any(|w| w.contains("ghost")));
    }

    #[test]
    fn epub3_nav_titles_and_continuations() {
        let doc = super::super::extract(&epub3(), "book.epub").unwrap();
        let titles: Vec<_> = doc.chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["Opening", "Closing Words"]);
        let texts: Vec<_> = doc.chapters[0]
            .blocks
            .iter()
            .map(|b| b.text.as_str())
            .collect();
        assert_eq!(
            texts,
            ["It was a bright cold day.", "code  here", "continued text."]
        );
        assert_eq!(
            doc.chapters[0].blocks[1].kind,
            crate::extract::BlockKind::Code
        );
        assert_eq!(doc.lang_hint.as_deref(), Some("en-US"));
    }

    #[test]
    fn broken_epubs_table() {
        let good = epub2();
        let no_opf = zip(&[("META-INF/container.xml", CONTAINER), ("mimetype", "x")]);
        let drm = zip(&[
            ("META-INF/container.xml", CONTAINER),
            (
                "META-INF/encryption.xml",
                r#"<encryption><EncryptedData><CipherData><CipherReference URI="OEBPS/Text/ch1.xhtml"/></CipherData></EncryptedData></encryption>"#,
            ),
        ]);
        let images_only = zip(&[
            ("META-INF/container.xml", CONTAINER),
            (
                "OEBPS/content.opf",
                r#"<package><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/></spine></package>"#,
            ),
            (
                "OEBPS/a.xhtml",
                "<html><body><img src='x.png'/></body></html>",
            ),
        ]);
        let cases: Vec<(&str, Vec<u8>, &str)> = vec![
            ("truncated", good[..good.len() / 2].to_vec(), "damaged_epub"),
            ("no opf", no_opf, "damaged_epub"),
            ("drm", drm, "encrypted_epub"),
            ("images only", images_only, "no_text"),
        ];
        for (name, bytes, code) in cases {
            let err = super::super::extract(&bytes, "x.epub").unwrap_err();
            assert_eq!(err.code(), code, "{name}: {err}");
        }
    }

    #[test]
    fn zip_bomb_is_capped() {
        let big = "a".repeat(2 << 20);
        let bomb = zip(&[
            ("META-INF/container.xml", CONTAINER),
            (
                "OEBPS/content.opf",
                r#"<package><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/></spine></package>"#,
            ),
            ("OEBPS/a.xhtml", &big),
        ]);
        assert!(bomb.len() < 100_000);
        let limits = Limits {
            max_unzipped_bytes: 1 << 20,
            ..Limits::default()
        };
        let err = super::super::extract_with(&bomb, "x.epub", &limits).unwrap_err();
        assert_eq!(err.code(), "too_large");
        let limits = Limits {
            max_zip_entries: 2,
            ..Limits::default()
        };
        let err = super::super::extract_with(&bomb, "x.epub", &limits).unwrap_err();
        assert_eq!(err.code(), "too_large");
    }

    #[test]
    fn resolve_table() {
        let cases = [
            ("OEBPS/content.opf", "Text/a.xhtml", "OEBPS/Text/a.xhtml"),
            ("OEBPS/content.opf", "../a.xhtml#x", "a.xhtml"),
            ("content.opf", "./a%20b.xhtml", "a b.xhtml"),
            ("OEBPS/toc.ncx", "/abs/a.xhtml", "abs/a.xhtml"),
            ("a/b/c.opf", "../../../x.html", "x.html"),
        ];
        for (base, href, want) in cases {
            assert_eq!(resolve(base, href), want, "{base} + {href}");
        }
    }
}

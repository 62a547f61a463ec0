//! Stable on-disk forms of an [`ExtractedDoc`] for the wiki's `corpus/` directory: a readable
//! Markdown rendering ([`to_markdown`]) and the full structure as JSON ([`to_json`] /
//! [`from_json`]). Both are deterministic: the same document gives the same bytes. Not for
//! rendering wiki pages.

use super::{BlockKind, ExtractError, ExtractedDoc};

/// Markdown with the document title (`#`), chapters (`##`), sections (`###`), PDF page markers
/// (`<!-- page N -->`), paragraphs separated by blank lines and code in fences.
pub fn to_markdown(doc: &ExtractedDoc) -> String {
    let mut out = String::new();
    if let Some(t) = &doc.title {
        out.push_str("# ");
        out.push_str(t);
        out.push_str("\n\n");
    }
    let mut last_page = None;
    for ch in &doc.chapters {
        if !ch.title.is_empty() {
            out.push_str("## ");
            out.push_str(&ch.title);
            out.push_str("\n\n");
        }
        let mut section: Option<&str> = None;
        for b in &ch.blocks {
            if b.location.section.as_deref() != section {
                section = b.location.section.as_deref();
                if let Some(s) = section {
                    out.push_str("### ");
                    out.push_str(s);
                    out.push_str("\n\n");
                }
            }
            if b.location.page.is_some() && b.location.page != last_page {
                last_page = b.location.page;
                out.push_str(&format!(
                    "<!-- page {} -->\n\n",
                    b.location.page.unwrap_or(0)
                ));
            }
            match b.kind {
                BlockKind::Code | BlockKind::Table => {
                    let fence = if b.text.contains("```") {
                        "~~~~"
                    } else {
                        "```"
                    };
                    out.push_str(fence);
                    out.push('\n');
                    out.push_str(&b.text);
                    out.push('\n');
                    out.push_str(fence);
                    out.push_str("\n\n");
                }
                BlockKind::Paragraph | BlockKind::Matter => {
                    if b.text.starts_with(['#', '>', '<', '`', '~', '=']) {
                        out.push('\\');
                    }
                    out.push_str(&b.text);
                    out.push_str("\n\n");
                }
            }
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// The whole structure as pretty-printed JSON (fields in declaration order).
pub fn to_json(doc: &ExtractedDoc) -> String {
    serde_json::to_string_pretty(doc).expect("ExtractedDoc serializes")
}

/// Reads back what [`to_json`] wrote.
pub fn from_json(s: &str) -> Result<ExtractedDoc, ExtractError> {
    serde_json::from_str(s).map_err(|e| ExtractError::Io(format!("bad extracted JSON: {e}")))
}

#[cfg(test)]
mod tests {
    use super::super::*;

    #[test]
    fn markdown_and_json_round_trip() {
        let src = "# Book\n\n## One\n\nHello *there*.\n\n### Sec\n\n```\nx = 1\n```\n\n# Two\n\n#not a heading\n";
        let doc = extract(src.as_bytes(), "b.md").unwrap();
        let md = to_markdown(&doc);
        assert_eq!(
            md,
            "# b\n\n## Book\n\n### One\n\nHello there.\n\n### One / Sec\n\n```\nx = 1\n```\n\n## Two\n\n\\#not a heading\n"
        );
        let json = to_json(&doc);
        assert_eq!(from_json(&json).unwrap(), doc);
        assert!(json.contains("\"format\": \"markdown\""));
        // the Markdown rendering extracts back to the same blocks
        let again = extract(md.as_bytes(), "b.md").unwrap();
        assert_eq!(again.fingerprint(), doc.fingerprint());
    }
}

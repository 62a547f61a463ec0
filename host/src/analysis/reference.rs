//! Reference manuals: the documented items (functions, methods, classes) that have a section of
//! their own, each with the passages of that section in order: what it does, its parameters,
//! what it returns. Found from the document's structure only: a section headed by a call
//! signature (`fs.access(path[, mode])`, `new Foo(x)`) or a class (`Class: fs.Dir`). A document
//! needs at least [`MIN_ITEMS`] such sections to count as a reference.
//!
//! It does not decide whether an item gets an entry or what its page says (the genes do), and it
//! reads no text beyond the section headings it is given; utilities documented as manual pages
//! are chapters (`cp(1)`), which the chapter entries already cover.

use super::TermKind;
use super::terms::Found;

/// Fewer signature sections than this and the document is no reference manual.
pub const MIN_ITEMS: usize = 5;

/// The item a section heading documents: its name (`fs.access()`, `fs.Dir`) and its signature
/// as the heading writes it. `heading` is a section path (`Class: FileHandle / filehandle.stat()`);
/// the last part names the item.
pub fn item(heading: &str) -> Option<(String, String)> {
    let h = heading
        .rsplit(" / ")
        .next()?
        .trim()
        .trim_matches('`')
        .trim();
    if let Some(class) = h.strip_prefix("Class:") {
        let name = class.trim().trim_matches('`').trim();
        return is_path(name).then(|| (name.to_string(), h.to_string()));
    }
    let call = h
        .strip_prefix("new ")
        .or_else(|| h.strip_prefix("Static method: "))
        .unwrap_or(h);
    let open = call.find('(')?;
    let name = call[..open].trim();
    (call.ends_with(')') && is_path(name) && name.contains(|c: char| c.is_ascii_lowercase()))
        .then(|| (format!("{name}()"), h.to_string()))
}

/// A parameter or return line of an item's section (`path {string|Buffer|URL}`,
/// `options {Object}`, `Default: 'r'.`, `Returns: {Promise}`), or a status line
/// (`Stability: 1 - Experimental`, `Added in: v10.0.0`): it follows the sentence that says
/// what the item does.
pub fn is_parameter_line(text: &str) -> bool {
    let t = text.trim_start_matches(['*', '-', '•', ' ']);
    if [
        "Returns",
        "Default:",
        "返回",
        "默认",
        // a status or history line says nothing of what the item does
        "Stability:",
        "Added in:",
        "Deprecated since:",
        "History",
    ]
    .iter()
    .any(|p| t.starts_with(p))
    {
        return true;
    }
    let first = t.split_whitespace().next().unwrap_or("");
    let rest = t[first.len()..].trim_start();
    !first.is_empty()
        && first
            .trim_start_matches("...")
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
        && rest.starts_with(['{', '<'])
}

/// `fs.promises.access`, `filehandle.readv`, `Dir`: identifiers joined by dots.
fn is_path(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 60
        && s.split('.').all(|p| {
            !p.is_empty()
                && p.chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
                && p.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        })
}

/// The reference items of a document, as terms ahead of the others, each with the sentences
/// of its own section(s) in order (what documents it: purpose, parameters, return value).
/// `units` are the section headings with the sentences of each section in order, `mentions`
/// finds the other sentences that name an item. Empty unless the document has at least
/// [`MIN_ITEMS`] items.
pub fn items<'a>(
    units: impl Iterator<Item = (&'a str, Vec<u32>)>,
    mentions: impl Fn(&str) -> Vec<u32>,
) -> Vec<(Found, Vec<u32>)> {
    let mut out: Vec<(Found, Vec<u32>)> = Vec::new();
    for (heading, sentences) in units {
        let Some((name, signature)) = item(heading) else {
            continue;
        };
        if sentences.is_empty() {
            continue;
        }
        let mut all = sentences.clone();
        all.extend(mentions(&name));
        all.sort_unstable();
        all.dedup();
        // an item documented twice (overloads: `read(buffer, …)`, `read([options])`) is one
        if let Some((f, own)) = out.iter_mut().find(|(f, _)| f.text == name) {
            f.sentences.extend(all);
            f.sentences.sort_unstable();
            f.sentences.dedup();
            own.extend(sentences);
            if !f.variants.contains(&signature) {
                f.variants.push(signature);
            }
            continue;
        }
        out.push((
            Found {
                text: name,
                kind: TermKind::Term,
                salience: 1.0,
                variants: vec![signature],
                sentences: all,
            },
            sentences,
        ));
    }
    if out.len() < MIN_ITEMS {
        out.clear();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_from_headings() {
        let s = |n: &str, sig: &str| Some((n.to_string(), sig.to_string()));
        let cases = [
            (
                "fsPromises.access(path[, mode])",
                s("fsPromises.access()", "fsPromises.access(path[, mode])"),
            ),
            (
                "Class: FileHandle / filehandle.stat([options])",
                s("filehandle.stat()", "filehandle.stat([options])"),
            ),
            ("Class: fs.Dir", s("fs.Dir", "Class: fs.Dir")),
            (
                "new stream.Readable([options])",
                s("stream.Readable()", "new stream.Readable([options])"),
            ),
            (
                "`fs.readFile(path[, options], callback)`",
                s("fs.readFile()", "fs.readFile(path[, options], callback)"),
            ),
            ("Event: 'close'", None),
            ("Promise example", None),
            ("1.2. Files (and directories)", None),
            ("File system flags", None),
        ];
        for (heading, want) in cases {
            assert_eq!(item(heading), want, "{heading}");
        }
    }

    #[test]
    fn parameter_lines() {
        for (line, want) in [
            ("path {string|Buffer|URL}", true),
            ("mode {integer} Default: fs.constants.F_OK", true),
            (
                "Returns: {Promise} Fulfills with undefined upon success.",
                true,
            ),
            ("...args {any}", true),
            ("Default: 'r'.", true),
            ("Stability: 1 - Experimental", true),
            ("Added in: v10.0.0", true),
            ("Tests a user's permissions for the file.", false),
            ("The mode argument is an optional integer.", false),
        ] {
            assert_eq!(is_parameter_line(line), want, "{line}");
        }
    }

    #[test]
    fn a_document_with_few_signatures_is_no_reference() {
        let units = vec![("fs.open(path)", vec![1, 2]), ("Usage", vec![3])];
        assert!(items(units.into_iter(), |_| Vec::new()).is_empty());
        let many: Vec<(&str, Vec<u32>)> = vec![
            ("fs.open(path)", vec![1]),
            ("fs.close(fd)", vec![2]),
            ("fs.read(fd, buffer)", vec![3]),
            ("fs.read(fd[, options])", vec![4]),
            ("fs.write(fd, buffer)", vec![5]),
            ("fs.stat(path)", vec![6]),
            ("fs.mkdir(path)", vec![7]),
        ];
        let found = items(many.into_iter(), |_| vec![9]);
        let names: Vec<&str> = found.iter().map(|(f, _)| f.text.as_str()).collect();
        assert_eq!(
            names,
            [
                "fs.open()",
                "fs.close()",
                "fs.read()",
                "fs.write()",
                "fs.stat()",
                "fs.mkdir()"
            ]
        );
        assert_eq!(found[2].0.sentences, [3, 4, 9]);
        assert_eq!(found[2].1, [3, 4]);
        assert_eq!(
            found[2].0.variants,
            ["fs.read(fd, buffer)", "fs.read(fd[, options])"]
        );
    }
}

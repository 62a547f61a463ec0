//! Reference manuals: the documented items (functions, methods, classes) that have a section of
//! their own, each with the passages of that section in order: what it does, its parameters,
//! what it returns. Found from the document's structure only: a section headed by a call
//! signature (`fs.access(path[, mode])`, `new Foo(x)`) or a class (`Class: fs.Dir`). A document
//! needs at least [`MIN_ITEMS`] such sections to count as a reference.
//!
//! A manual's commands and command-line options are items too: a command from the paragraph
//! that opens with its synopsis (`cd [-L|-P] [directory]`), an option (`cat -A`, `set -e`) from a
//! paragraph that opens with it (`-A, --show-all`, `-e Exit immediately …`), owned by the command
//! of the synopsis above it in the same section or by the manual page the chapter is (`cat(1)`).
//! Each gets its description as its own passages.
//!
//! A C reference's definition lines are items too where no heading names them
//! ([`declared_items`]): a prototype or a texinfo definition with its category in brackets
//! ("int idn2_to_ascii_8z (…) [Function]", "idn2_rc IDN2_OK [Return code]"), each with the
//! paragraphs up to the next definition line.
//!
//! A standard's fields, variables or directories are items too where its structure says so
//! ([`named_sections`]): a heading "NAME : what it is" (`/boot : Static files of the boot
//! loader`), or a run of numbered sibling sections most of which are headed by one name
//! (`5.6.8. Architecture`, `5.6.20. Installed-Size`), or a run of adjacent unnumbered sections
//! each headed by one code name (a PDF outline's "lintian", "lintian-brush", "piuparts").
//!
//! It does not decide whether an item gets an entry or what its page says (the genes do), and it
//! reads no text beyond the section headings and the opening words of the paragraphs it is
//! given; utilities documented as manual pages are chapters (`cp(1)`), which the chapter entries
//! already cover.

use std::collections::{HashMap, HashSet};

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
    // (an event a class emits, named in quotes: "Event: 'data'"; one item however many
    // classes emit it, as a reader looks an event up by its name: the sections of all of
    // them describe it, the first class's first)
    if let Some(event) = h.strip_prefix("Event:") {
        let name = event.trim().trim_matches('`').trim();
        let inner = name.strip_prefix('\'').and_then(|n| n.strip_suffix('\''))?;
        return (!inner.is_empty()
            && inner
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .then(|| (name.to_string(), format!("Event: {name}")));
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

/// The words of a C declaration, pointer stars and spaces apart ("const char * file" is
/// `const`, `char`, `file`).
fn c_words(s: &str) -> Vec<&str> {
    s.split(|c: char| c.is_whitespace() || c == '*')
        .filter(|w| !w.is_empty())
        .collect()
}

/// A C identifier: `int`, `asn1_node`, `IDN2_OK`.
fn c_word(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A texinfo definition's category in brackets ("[Function]", "[Global flag]", "[Return
/// code]") and where it stands in `text`: a PDF sets it at the right margin, so the line's text
/// may run on past it ("int idn2_to_ascii_8z (const char * input, char ** output, int
/// [Function] flags)"). One to three words of letters, the first capitalised.
fn category(text: &str) -> Option<(usize, usize)> {
    let open = text.find('[')?;
    let close = open + text[open..].find(']')?;
    let inner = &text[open + 1..close];
    let words: Vec<&str> = inner.split(' ').collect();
    ((1..=3).contains(&words.len())
        && words
            .iter()
            .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphabetic()))
        && words[0].starts_with(|c: char| c.is_ascii_uppercase()))
    .then_some((open, close + 1))
}

/// `text` without its texinfo category ("[Function]"), spaces closed up.
fn without_category(text: &str) -> String {
    match category(text) {
        Some((open, close)) => {
            format!("{} {}", text[..open].trim_end(), text[close..].trim_start())
                .trim()
                .to_string()
        }
        None => text.trim().to_string(),
    }
}

/// The function a C prototype at the start of `text` declares, and the prototype: "int
/// asn1_parser2tree (const char * file, asn1_node * definitions, char * error_desc)", "void
/// *memcpy(void *dest, const void *src, size_t n);". The return type is one or more C words,
/// never a capitalised English one ("See memcpy (3)"), and every parameter is typed ("const
/// char * file") or `void`, so prose with brackets ("use it (see below)") is none. A texinfo
/// category a PDF set inside the line ("int [Function] flags") is no part of it.
pub fn prototype(text: &str) -> Option<(String, String)> {
    let t = without_category(text);
    let t = t.as_str();
    let open = t.find('(')?;
    let close = open + t[open..].find(')')?;
    let head = c_words(&t[..open]);
    let (&name, types) = head.split_last()?;
    // (a C type: "int", "size_t", "asn1_node", "GtkWidget"; not "See", "Use" or "The")
    let c_type = |w: &str| {
        c_word(w)
            && (w.starts_with(|c: char| c.is_ascii_lowercase())
                || w.contains('_')
                || w.chars().filter(char::is_ascii_uppercase).count() >= 2)
            && ![
                "see", "use", "call", "the", "a", "an", "and", "or", "if", "to", "of", "in",
                "with", "return", "returns",
            ]
            .contains(&w)
    };
    let params = t[open + 1..close].trim();
    // (each parameter C types and a name: "const char * file", "asn1_node * element", "char
    // buf[64]"; not "see Chapter 8", whose "Chapter" is no C type)
    let typed = params == "void"
        || params == "..."
        || !params.is_empty()
            && params.split(',').all(|p| {
                let p = p.trim();
                let p = p.split('[').next().unwrap_or(p);
                let words = c_words(p);
                p == "..."
                    || words.len() >= 2
                        && words[..words.len() - 1].iter().all(|w| c_type(w))
                        && c_word(words[words.len() - 1])
            });
    (!types.is_empty()
        && types.len() <= 4
        && types.iter().all(|w| c_type(w))
        && c_word(name)
        && name.len() >= 2
        && name.chars().any(|c| c.is_ascii_lowercase())
        && typed)
        .then(|| (name.to_string(), t[..=close].to_string()))
}

/// Whether `word` stands in the texinfo category of the definition line `text` ("Global" of
/// "idn2_flags IDN2_NFC_INPUT [Global flag]"): a word of the layout, no term of the book.
pub fn in_category(text: &str, word: &str) -> bool {
    category(text).is_some_and(|(open, close)| {
        text[open + 1..close - 1].split(' ').any(|w| w == word) && declaration(text).is_some()
    })
}

/// The prefixes that at least three of a C library's `identifiers` share before their first
/// underscore, in capitals ("IDN2" of IDN2_OK, IDN2_MALLOC and IDN2_NFC; "PDF" of PDF_TITLE).
pub fn identifier_prefixes(identifiers: &HashSet<String>) -> HashSet<String> {
    let mut by_prefix: HashMap<&str, usize> = HashMap::new();
    for id in identifiers {
        if let Some((prefix, rest)) = id.split_once('_')
            && prefix.len() >= 2
            && !rest.is_empty()
            && prefix
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        {
            *by_prefix.entry(prefix).or_default() += 1;
        }
    }
    by_prefix
        .into_iter()
        .filter(|&(_, n)| n >= 3)
        .map(|(p, _)| p.to_string())
        .collect()
}

/// Whether `name` is words in capitals that, joined by underscores, are one of the
/// `identifiers` or the start of one: "GCRY MD" and "GCRY MD FLAG HMAC" where the text writes
/// GCRY_MD_FLAG_HMAC, as a PDF's font printed its underscores apart.
pub fn spaced_identifier_part(name: &str, identifiers: &HashSet<String>) -> bool {
    if !name.contains(' ')
        || !name
            .chars()
            .all(|c| c == ' ' || c.is_ascii_uppercase() || c.is_ascii_digit())
    {
        return false;
    }
    opens_an_identifier(&name.replace(' ', "_"), identifiers)
}

/// Whether `start` is one of the `identifiers` or their start up to an underscore
/// ("GCRY_MD" of GCRY_MD_SHA384; not "GCRY_M").
fn opens_an_identifier(start: &str, identifiers: &HashSet<String>) -> bool {
    identifiers.iter().any(|id| {
        id.strip_prefix(start)
            .is_some_and(|r| r.is_empty() || r.starts_with('_'))
    })
}

/// Whether `texts` name `prefix` alone mostly as the start of one of the `identifiers` that a
/// PDF's font printed apart ("IDN2 MALLOC", "IDN2 NO TR46" of IDN2_NO_TR46): a namespace, no
/// term. "PDF" of PDF_TITLE, named as "PDF outline" and "PDF viewers", is none.
pub fn named_as_split_identifier<'t>(
    prefix: &str,
    texts: impl Iterator<Item = &'t str>,
    identifiers: &HashSet<String>,
) -> bool {
    let joins = |c: char| c.is_alphanumeric() || c == '_';
    let (mut split, mut all) = (0, 0);
    for text in texts {
        for (at, _) in text.match_indices(prefix) {
            let after = &text[at + prefix.len()..];
            // (only where it stands alone, not inside IDN2_OK)
            if text[..at].ends_with(joins) || after.starts_with(joins) {
                continue;
            }
            all += 1;
            let next = after
                .strip_prefix(' ')
                .and_then(|r| r.split(|c: char| !joins(c)).next())
                .unwrap_or("");
            // (a prefix of several words was split too: "GCRY MD SHA384" of GCRY_MD_SHA384;
            // and so may be a whole identifier, "GCRY MD FLAG HMAC")
            let underscored = prefix.replace(' ', "_");
            let joined = format!("{underscored}_{next}");
            if prefix.contains(' ') && identifiers.contains(&underscored)
                || !next.is_empty() && opens_an_identifier(&joined, identifiers)
            {
                split += 1;
            }
        }
    }
    all > 0 && split * 2 >= all
}

/// What a definition line of a C reference declares, and the line without its texinfo
/// category: a prototype ([`prototype`]), or a texinfo definition of a constant, type or
/// variable, its C type (if any) and name before the category ("idn2_flags IDN2_NFC_INPUT
/// [Global flag]", "ASN1_MAX_NAME_SIZE [Macro]"). A name alone must look like code (an
/// underscore or a capital past its first letter), so "Examples [Index]" is none.
pub fn declaration(text: &str) -> Option<(String, String)> {
    if let Some(found) = prototype(text) {
        // (an example program's `int main (void)`, or a function it keeps to its own file,
        // `static int cert_callback (…)`, is no item of the library)
        let own_file = found.1.split_whitespace().next() == Some("static");
        return (found.0 != "main" && !own_file).then_some(found);
    }
    let (open, close) = category(text)?;
    if !text[close..].trim().is_empty() {
        return None;
    }
    let line = text[..open].trim();
    let words = c_words(line);
    let (&name, types) = words.split_last()?;
    let code_like = name.contains('_') || name.chars().skip(1).any(|c| c.is_ascii_uppercase());
    (types.len() <= 3
        && c_word(name)
        && name.len() >= 2
        && code_like
        && types
            .iter()
            .all(|w| c_word(w) && w.starts_with(|c: char| c.is_ascii_lowercase())))
    .then(|| (name.to_string(), line.to_string()))
}

/// The parameters' names of the C prototypes among `texts` ("src", "dest", "n" of
/// "void *memcpy(void *dest, const void *src, size_t n)"), where at least [`MIN_ITEMS`]
/// prototypes make the text a C reference: a parameter is part of its function's page, no
/// concept of the book.
pub fn parameter_names<'t>(texts: impl Iterator<Item = &'t str>) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut prototypes = 0;
    for t in texts {
        let Some((_, proto)) = prototype(t) else {
            continue;
        };
        prototypes += 1;
        out.extend(parameters(&proto).map(str::to_string));
    }
    if prototypes < MIN_ITEMS {
        out.clear();
    }
    out
}

/// Whether `text` names `name` only as a C function's parameter: a prototype that takes it
/// ("void *memcpy(void *dest, const void *src, size_t n)" of `src`) or its parameter line
/// ("src: the source buffer"). A name seen only so is no concept of the book.
pub fn as_parameter(text: &str, name: &str) -> bool {
    let t = text.trim();
    if t.strip_prefix(name).is_some_and(|r| r.starts_with(':')) && is_parameter_line(t) {
        return true;
    }
    prototype(t).is_some_and(|(_, proto)| parameters(&proto).any(|p| p == name))
}

/// The parameters' names of a prototype (`dest`, `src`, `n` of "void *memcpy(void *dest,
/// const void *src, size_t n)"): the last word of each parameter that has a type before it.
fn parameters(proto: &str) -> impl Iterator<Item = &str> {
    let inner = proto
        .find('(')
        .and_then(|open| proto.get(open + 1..proto.len() - 1))
        .unwrap_or("");
    inner.split(',').filter_map(|p| {
        let p = p.split('[').next().unwrap_or(p).trim_end();
        let words = p
            .split(|c: char| c.is_whitespace() || c == '*')
            .filter(|w| !w.is_empty())
            .count();
        p.rsplit(|c: char| c.is_whitespace() || c == '*')
            .next()
            .filter(|_| words >= 2)
    })
}

/// Whether a section heading names the function `name`: as it is ("asn1_parser2tree"), or
/// with the underscores a PDF's heading font lost ("asn1 parser2tree"), after a section
/// number ("4.1.2 asn1 parser2tree").
fn heading_names(heading: &str, name: &str) -> bool {
    let last = heading.rsplit(" / ").next().unwrap_or(heading);
    let words: Vec<&str> = last
        .split_whitespace()
        .skip_while(|w| w.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .collect();
    let fold = |s: &str| -> String {
        s.chars()
            .filter(|c| *c != '_' && *c != '(' && *c != ')' && !c.is_whitespace())
            .collect::<String>()
            .to_lowercase()
    };
    !words.is_empty() && fold(&words.join(" ")) == fold(name)
}

/// A documented item and its own sentences: those of `own` describe it; every sentence of
/// `more` (the others that name it) is one of its sentences too.
pub fn documented(
    text: String,
    variants: Vec<String>,
    own: Vec<u32>,
    more: impl IntoIterator<Item = u32>,
) -> (Found, Vec<u32>) {
    let mut all = own.clone();
    all.extend(more);
    all.sort_unstable();
    all.dedup();
    (
        Found {
            text,
            kind: TermKind::Term,
            salience: 1.0,
            variants,
            sentences: all,
        },
        own,
    )
}

/// A parameter or return line of an item's section (`path {string|Buffer|URL}`,
/// `options {Object}`, `Default: 'r'.`, `Returns: {Promise}`), or a status line
/// (`Stability: 1 - Experimental`, `Added in: v10.0.0`): it follows the sentence that says
/// what the item does.
pub fn is_parameter_line(text: &str) -> bool {
    let t = text.trim_start_matches(['*', '-', '•', ' ']);
    // ("Returns: {Promise}", "Returns undefined."; not "Returns the value of …", "Returns
    // an integer …" nor a predicate's "Returns true if the object describes a directory.",
    // which say what the item does)
    if let Some(r) = t.strip_prefix("Returns")
        && ![
            "the ",
            "a ",
            "an ",
            "true if",
            "`true` if",
            "true when",
            "`true` when",
            "whether ",
        ]
        .iter()
        .any(|a| r.trim_start().starts_with(a))
    {
        return true;
    }
    if ["Default:", "Return value:", "返回", "默认"]
        .iter()
        .any(|p| t.starts_with(p))
        || is_status_line(t)
    {
        return true;
    }
    // (a type alone, an event listener's argument: "{Error}", "{string|Buffer}")
    let t_end = t.trim_end();
    if let Some(inner) = t_end.strip_prefix('{').and_then(|r| r.strip_suffix('}'))
        && inner
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        && inner
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "|.<>[]".contains(c))
    {
        return true;
    }
    let first = t.split_whitespace().next().unwrap_or("");
    let rest = t[first.len()..].trim_start();
    // a C function's prototype, and its parameters' lines ("file: specify the path and the
    // name of file …", "error_desc: return the error description …")
    let c_parameter = first.strip_suffix(':').is_some_and(|p| {
        (1..=24).contains(&p.len())
            && p.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
            && p.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    }) && rest.split_whitespace().count() >= 3;
    // (or two words, where a PDF's font lost the parameter's underscore: "req version: version
    // string to compare with, or NULL.")
    let split_parameter = {
        let mut words = t.splitn(3, ' ');
        match (words.next(), words.next(), words.next()) {
            (Some(a), Some(b), Some(r)) => {
                let lower = |w: &str| {
                    (1..=16).contains(&w.len())
                        && w.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                };
                lower(a)
                    && b.strip_suffix(':').is_some_and(lower)
                    && r.split_whitespace().count() >= 3
                    && !["note", "see", "example", "warning", "return"].contains(&a)
            }
            _ => false,
        }
    };
    if c_parameter || split_parameter || declaration(text).is_some() || prototype(text).is_some() {
        return true;
    }
    !first.is_empty()
        && first
            .trim_start_matches("...")
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
        && rest.starts_with(['{', '<'])
}

/// A status or history line of an item's section (`Stability: 1 - Experimental`, `Added in:
/// v10.0.0`): it says nothing of what the item is or does.
pub fn is_status_line(text: &str) -> bool {
    let t = text.trim_start_matches(['*', '-', '•', '>', ' ']);
    [
        "Stability:",
        "Added in:",
        "Deprecated since:",
        "History",
        "Since:",
    ]
    .iter()
    .any(|p| t.starts_with(p))
}

/// Whether a sentence of an item's section opens by saying what the item does, a verb of the
/// third person before its object ("Attaches an AbortSignal to …", "Returns the …",
/// "Asynchronously reads the entire contents of a file."), or names the kind of item it is
/// ("A module method to pipe between streams …"): such a sentence leads the item's page
/// before a parameter's stray description ("A stream to attach a signal to.").
pub fn says_what_it_does(text: &str) -> bool {
    let words: Vec<&str> = text
        .trim_start_matches(['*', '-', '•', ' '])
        .split_whitespace()
        .take(3)
        .collect();
    let verb = |w: &str| {
        w.len() >= 4
            && w.starts_with(|c: char| c.is_ascii_alphabetic())
            && w.ends_with('s')
            && !w.ends_with("ss")
            && w.chars().all(|c| c.is_ascii_alphabetic())
    };
    let object = |w: &str| OBJECT_OPENERS.contains(&w) || w == "this" || w.starts_with('`');
    // ("A module method to pipe between streams …", "A utility method for creating …")
    let kind = |w: &str| {
        [
            "method",
            "function",
            "utility",
            "helper",
            "wrapper",
            "class",
            "property",
            "event",
            "module",
            "shorthand",
            "convenience",
        ]
        .contains(&w)
    };
    match words.as_slice() {
        ["A" | "An", k, ..] | ["A" | "An", _, k] if kind(k) => true,
        // ("This directory contains …"; not "The minor restrictions …", an adjective and a
        // plural)
        ["This", _, v] if verb(v) && v.starts_with(|c: char| c.is_ascii_lowercase()) => true,
        [v, o, ..] if v.starts_with(|c: char| c.is_ascii_uppercase()) && verb(v) && object(o) => {
            true
        }
        [adv, v, o] => {
            adv.starts_with(|c: char| c.is_ascii_uppercase())
                && adv.ends_with("ly")
                && verb(v)
                && object(o)
        }
        _ => false,
    }
}

/// Words that open the object of a verb that opens a sentence ("Returns the …", "Assign the
/// …", "Release all …").
const OBJECT_OPENERS: &[&str] = &[
    "a", "an", "the", "its", "all", "each", "every", "one", "whether",
];

/// Whether a sentence opens with a verb in the imperative and its object, as a GNU manual
/// says what a function does under its definition line: "Assign the value of u to w and
/// return w.", "Set the key k used for encryption …", "Release all resources of …". (Asked
/// only of a definition's own paragraphs: elsewhere an imperative tells the reader what to
/// do.)
pub fn opens_with_an_imperative(text: &str) -> bool {
    const NO_VERBS: &[&str] = &[
        "this", "that", "these", "those", "the", "it", "its", "if", "when", "in", "on", "for",
        "with", "note", "see", "each", "every", "all", "both", "only", "then", "thus", "also",
        "any", "some", "no", "one", "to", "by", "as", "at", "after", "before", "unless", "while",
        "since", "because", "once", "here", "there", "what", "which", "where", "how", "other",
        "such", "most", "many", "more", "less", "like", "from", "under", "over",
    ];
    let mut words = text
        .trim_start_matches(['*', '-', '•', ' '])
        .split_whitespace();
    let (Some(verb), Some(object)) = (words.next(), words.next()) else {
        return false;
    };
    verb.len() >= 3
        && verb.starts_with(|c: char| c.is_ascii_uppercase())
        && verb.chars().skip(1).all(|c| c.is_ascii_lowercase())
        && !verb.ends_with('s')
        && !verb.ends_with("ly")
        && !verb.ends_with("ed")
        && !verb.ends_with("ing")
        && !NO_VERBS.contains(&verb.to_lowercase().as_str())
        && OBJECT_OPENERS.contains(&object)
}

/// A sentence of an item's section that says how to use it or where to read more, not what
/// it does: "This function MUST NOT be called by application code directly.", "See
/// stream.compose for more information.", "For detailed information, see …", and a condition
/// or purpose put first ("If no value is provided, …", "To use an AbortSignal, pass …"), and
/// a short sentence that only says where it is documented ("The watch file format is
/// documented in the uscan(1) manpage.").
pub fn is_usage_note(text: &str) -> bool {
    let t = text.trim_start_matches(['*', '-', '•', ' ']);
    let lower = t.to_lowercase();
    let documented_elsewhere = t.split_whitespace().count() <= 12
        && [
            "is documented in ",
            "are documented in ",
            "is described in ",
            "are described in ",
            "is explained in ",
            "are explained in ",
            "is covered in ",
            "are covered in ",
        ]
        .iter()
        .any(|p| lower.contains(p));
    let conditional = ["if ", "to "]
        .iter()
        .any(|p| lower.starts_with(p) && lower.contains(", "));
    conditional
        || documented_elsewhere
        || [
            "see ",
            "for detailed information",
            "for more information",
            "参见",
            "参阅",
            "详见",
        ]
        .iter()
        .any(|p| lower.starts_with(p))
        || lower.contains("must not be called")
        || lower.contains("should not be called")
        || lower.ends_with("for more information.")
}

/// A sentence that only sends the reader elsewhere: "See stream.compose for more
/// information.", "参见 ls(1)。" (not "For detailed information, see the documentation of the
/// asynchronous version of this API: fs.chmod().", which says what the item is).
pub fn is_bare_pointer(text: &str) -> bool {
    let t = text.trim_start_matches(['*', '-', '•', ' ']).trim();
    let lower = t.to_lowercase();
    ["see ", "参见", "参阅", "详见"]
        .iter()
        .any(|p| lower.starts_with(p))
        && t.split_whitespace().count() <= 6
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
///
/// A C function is an item too where its section opens with its prototype and the heading
/// names it ("asn1 parser2tree" / "int asn1_parser2tree (const char * file, …)"): `text`
/// gives a sentence's text.
pub fn items<'a, 't>(
    units: impl Iterator<Item = (&'a str, Vec<u32>)>,
    text: impl Fn(u32) -> &'t str,
    mentions: impl Fn(&str) -> Vec<u32>,
) -> Vec<(Found, Vec<u32>)> {
    let mut out: Vec<(Found, Vec<u32>)> = Vec::new();
    for (heading, sentences) in units {
        let declared = || {
            sentences
                .iter()
                .take(2)
                .find_map(|&i| prototype(text(i)).filter(|(name, _)| heading_names(heading, name)))
        };
        let Some((name, signature)) = item(heading).or_else(declared) else {
            continue;
        };
        if sentences.is_empty() {
            continue;
        }
        let more = mentions(&name);
        add_item(&mut out, name, signature, sentences, more);
    }
    if out.len() < MIN_ITEMS {
        out.clear();
    }
    out
}

/// Most paragraphs after its definition line that an item of [`declared_items`] takes.
const MAX_ITEM_PARAGRAPHS: usize = 12;

/// The items of a C reference whose definition lines are paragraphs, not headings (a PDF whose
/// outline stops above its functions): each definition line ([`declaration`]: a prototype, or
/// a texinfo definition with its category) opens an item, which runs to the next definition
/// line or the end of its section, at most [`MAX_ITEM_PARAGRAPHS`] paragraphs. A line that
/// only repeats the next item's name as a heading font printed it ("idn2 to unicode 8z8z")
/// belongs to neither. The signature is kept without its category. Empty unless the document
/// has at least [`MIN_ITEMS`] definition lines.
pub fn declared_items(
    paragraphs: &[Paragraph<'_>],
    mentions: impl Fn(&str) -> Vec<u32>,
) -> Vec<(Found, Vec<u32>)> {
    // (a manual that marks its definitions with a category marks all of them: a prototype
    // without one is an example program's, `static int cert_callback (…)`)
    let categorised = paragraphs
        .iter()
        .filter(|p| category(p.text).is_some() && declaration(p.text).is_some())
        .count()
        >= MIN_ITEMS;
    // (each start with the number of paragraphs its line takes: a PDF may wrap a long
    // definition line, "gcry_error_t gcry_cipher_setkey (gcry cipher hd t h, const void
    // [Function]" and then "*k, size t l)")
    let starts: Vec<(usize, usize, String, String)> = paragraphs
        .iter()
        .enumerate()
        .filter(|(_, p)| !categorised || category(p.text).is_some())
        .filter_map(|(i, p)| {
            declaration(p.text)
                .map(|(name, line)| (i, 1, name, line))
                .or_else(|| {
                    let next = paragraphs.get(i + 1)?;
                    wrapped_declaration(p.text, next.text).map(|(name, line)| (i, 2, name, line))
                })
        })
        .collect();
    if starts.len() < MIN_ITEMS {
        return Vec::new();
    }
    let mut out: Vec<(Found, Vec<u32>)> = Vec::new();
    for (k, (at, lines, name, signature)) in starts.iter().enumerate() {
        let next_item = starts.get(k + 1);
        let end = next_item.map_or(paragraphs.len(), |(i, _, _, _)| *i);
        let p = &paragraphs[*at];
        let mut own = p.sentences.clone();
        for next in paragraphs[(at + lines).min(end)..end]
            .iter()
            .take(MAX_ITEM_PARAGRAPHS)
        {
            if next.chapter != p.chapter
                || next.section != p.section
                || next_item.is_some_and(|(_, _, n, _)| heading_names(next.text, n))
            {
                break;
            }
            own.extend(&next.sentences);
        }
        if own.is_empty() {
            continue;
        }
        add_item(
            &mut out,
            name.clone(),
            signature.clone(),
            own,
            mentions(name),
        );
    }
    out
}

/// Whether `text` is a texinfo definition line, or the first part of one a PDF wrapped
/// ("gcry_error_t gcry_cipher_setkey (gcry cipher hd t h, const void [Function]"): the item's
/// signature, which says nothing of what it does.
pub fn is_definition_line(text: &str) -> bool {
    category(text).is_some() && declaration(text).is_some() || opens_a_wrapped_definition(text)
}

/// Whether `text` holds a texinfo category and opens a bracket of parameters it never closes:
/// the first part of a definition line a PDF wrapped.
fn opens_a_wrapped_definition(text: &str) -> bool {
    category(text).is_some()
        && text
            .find('(')
            .is_some_and(|open| !text[open..].contains(')'))
}

/// A texinfo definition line that a PDF wrapped into a second paragraph: `first` holds the
/// category and opens the parameters ("gcry_error_t gcry_cipher_setkey (gcry cipher hd t h,
/// const void [Function]"), `second` closes them ("*k, size t l)") and says nothing else.
fn wrapped_declaration(first: &str, second: &str) -> Option<(String, String)> {
    if !opens_a_wrapped_definition(first) {
        return None;
    }
    let close = second.find(')')?;
    if second[..close].contains('(') || !second[close + 1..].trim().is_empty() || second.len() > 200
    {
        return None;
    }
    declaration(&format!("{} {}", first.trim_end(), second.trim_start()))
}

/// Adds the item `name` with its `own` sentences and the `more` that name it to `out`; an item
/// documented twice (overloads: `read(buffer, …)`, `read([options])`) is one, with both
/// signatures.
fn add_item(
    out: &mut Vec<(Found, Vec<u32>)>,
    name: String,
    signature: String,
    own: Vec<u32>,
    more: Vec<u32>,
) {
    if let Some((f, mine)) = out.iter_mut().find(|(f, _)| f.text == name) {
        f.sentences.extend(own.iter().chain(&more));
        f.sentences.sort_unstable();
        f.sentences.dedup();
        mine.extend(own);
        if !f.variants.contains(&signature) {
            f.variants.push(signature);
        }
        return;
    }
    out.push(documented(name, vec![signature], own, more));
}

/// Numbered sibling sections needed before their one-name headings read as a list of items.
pub const MIN_SIBLINGS: usize = 8;

/// Adjacent unnumbered sections, each headed by one code name, needed before they read as a
/// list of items (one such heading alone may be a word: "boolean", "cron").
const MIN_CODE_NAME_RUN: usize = 3;

/// The section number of a heading ("5.6.8" of "5.6.8. Architecture") and the rest.
fn numbered(heading: &str) -> Option<(&str, &str)> {
    let t = heading.trim();
    let end = t.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
    let number = t[..end].trim_end_matches('.');
    (number.contains('.') && number.starts_with(|c: char| c.is_ascii_digit()))
        .then(|| (number, t[end..].trim()))
}

/// Whether a heading's text is one name: a single token of letters, digits and `-_.+/`
/// ("Installed-Size", "Standards-Version", "/etc/opt").
fn one_name(t: &str) -> bool {
    !t.is_empty()
        && t.len() <= 40
        && !t.contains(char::is_whitespace)
        && t.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '/')
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.+/".contains(c))
}

/// Whether a heading's one name is written as code: a command, a package or a path in lower
/// case ("dget", "git-buildpackage", "debian/rules"), or a short acronym ("CDBS"); not a
/// word of English ("Overview", "installation", "Summary").
fn code_name(t: &str) -> bool {
    one_name(t)
        && t.chars().any(|c| c.is_ascii_alphabetic())
        && (!t.chars().any(|c| c.is_ascii_uppercase())
            || t.contains(['-', '_', '.', '/', '+'])
            || t.len() <= 6
                && t.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()))
        && !super::background::en_is_common(&t.to_lowercase())
}

/// Whether a heading's one name is a code name in parts, joined as no English word is:
/// two letters or more on both sides of a `-`, `_` or `/` ("dpkg-cross", "debian/watch"; not
/// "e-mail").
fn compound_code_name(t: &str) -> bool {
    code_name(t)
        && t.split(['-', '_', '/'])
            .filter(|p| p.chars().filter(char::is_ascii_alphabetic).count() >= 2)
            .count()
            >= 2
}

/// Software and file kinds a heading names a thing by ("7.5. The debc command").
const HEADING_KINDS: &[&str] = &[
    "command", "commands", "program", "utility", "tool", "script", "package", "file", "daemon",
    "field", "option", "variable", "macro",
];

/// The one name a heading documents by a pattern of headings: "The debc command", "The dak
/// ls utility" (a code name of one or two words and its kind), "Upstream source location:
/// debian/watch" (a gloss and a code name), "dpkg-parsechangelog - produces parsed
/// representation of a changelog" (a code name and its gloss).
fn headed_name(h: &str) -> Option<&str> {
    let h = h.trim();
    if let Some(rest) = h.strip_prefix("The ")
        && let Some((name, kind)) = rest.rsplit_once(' ')
        && HEADING_KINDS.contains(&kind)
    {
        let words: Vec<&str> = name.split(' ').collect();
        let lower = |w: &str| w.starts_with(|c: char| c.is_ascii_lowercase()) && one_name(w);
        if (1..=2).contains(&words.len())
            && words.iter().all(|w| lower(w))
            && !super::background::en_is_common(words[0])
        {
            return Some(name);
        }
    }
    for sep in [": ", " - ", " – "] {
        let Some((a, b)) = h.split_once(sep) else {
            continue;
        };
        let (a, b) = (a.trim(), b.trim());
        if code_name(b) && a.split_whitespace().count() >= 2 {
            return Some(b);
        }
        if code_name(a)
            && a.starts_with(|c: char| !c.is_ascii_uppercase())
            && b.split_whitespace().count() >= 2
        {
            return Some(a);
        }
    }
    None
}

/// Sections that document one named thing without a signature, as items:
/// - a heading "NAME : what it is" where NAME is a path or a code name (`/boot : Static files
///   of the boot loader`);
/// - the one-name headings of a run of at least [`MIN_SIBLINGS`] numbered sibling sections
///   below the top level, most of which are one name each (`5.6.8. Architecture`, `5.6.20.
///   Installed-Size`): a standard's fields, variables or directories. Chapter lists
///   ("1. Introduction", "2. Installation") are the top level and never count;
/// - among numbered siblings of other kinds, a heading that is one code name (`7.2. dget`).
///
/// Each item has the sentences of its section and of the sections below it.
pub fn named_sections(
    units: &[(String, Vec<u32>)],
    mentions: impl Fn(&str) -> Vec<u32>,
) -> Vec<(Found, Vec<u32>)> {
    let mut names: Vec<(String, usize)> = Vec::new();
    // "NAME : gloss"
    for (i, (heading, _)) in units.iter().enumerate() {
        let h = numbered(heading).map_or(heading.as_str(), |(_, rest)| rest);
        if let Some((name, gloss)) = h.split_once(" : ").or_else(|| h.split_once(" — "))
            && one_name(name.trim())
            && (name.contains('/') || name.contains('_') || name.starts_with('$'))
            && gloss.split_whitespace().count() >= 2
        {
            names.push((name.trim().to_string(), i));
        } else if let Some(name) = headed_name(h) {
            names.push((name.to_string(), i));
        }
    }
    // runs of one-name siblings
    let mut groups: std::collections::HashMap<&str, Vec<(usize, &str)>> = Default::default();
    for (i, (heading, _)) in units.iter().enumerate() {
        if let Some((number, rest)) = numbered(heading)
            && let Some((parent, _)) = number.rsplit_once('.')
        {
            groups.entry(parent).or_default().push((i, rest));
        }
    }
    for (_, siblings) in groups {
        let one: Vec<&(usize, &str)> = siblings.iter().filter(|(_, r)| one_name(r)).collect();
        if siblings.len() >= MIN_SIBLINGS && one.len() * 10 >= siblings.len() * 6 {
            names.extend(one.into_iter().map(|&(i, r)| (r.to_string(), i)));
        } else {
            // (among mixed siblings, a heading that is a code name still documents it: "7.2.
            // dget" beside "7.11. 新的 Debian 版本"; not "2.1. Overview")
            names.extend(
                siblings
                    .iter()
                    .filter(|(_, r)| code_name(r))
                    .map(|&(i, r)| (r.to_string(), i)),
            );
        }
    }
    // unnumbered headings (a PDF outline's, an EPUB's): a run of adjacent sections each headed
    // by one code name ("lintian", "lintian-brush", "piuparts" under "Package lint tools")
    // (a one-word heading in lower case among them is one of them too, "duck" and "adequate"
    // beside "piuparts": headings begin with a capital, names as they are written; and one
    // heading alone that is a name in parts, "dpkg-cross", is one wherever it stands)
    let in_run = |h: &str| {
        numbered(h).is_none()
            && (code_name(h) || one_name(h) && h.starts_with(|c: char| c.is_ascii_lowercase()))
    };
    let mut run: Vec<usize> = Vec::new();
    for (i, (heading, _)) in units.iter().enumerate() {
        let h = heading.trim();
        if in_run(h) {
            run.push(i);
        } else {
            run.clear();
        }
        let ends = units
            .get(i + 1)
            .is_none_or(|(next, _)| !in_run(next.trim()));
        if ends {
            let codes = run
                .iter()
                .filter(|&&j| code_name(units[j].0.trim()))
                .count();
            if run.len() >= MIN_CODE_NAME_RUN && codes >= 2 {
                names.extend(run.drain(..).map(|j| (units[j].0.trim().to_string(), j)));
            } else {
                names.extend(
                    run.drain(..)
                        .filter(|&j| compound_code_name(units[j].0.trim()))
                        .map(|j| (units[j].0.trim().to_string(), j)),
                );
            }
        }
    }
    names.sort_by_key(|&(_, i)| i);
    let named_units: std::collections::HashSet<usize> = names.iter().map(|&(_, i)| i).collect();
    let mut out: Vec<(Found, Vec<u32>)> = Vec::new();
    for (name, i) in names {
        if out.iter().any(|(f, _)| f.text == name) {
            continue;
        }
        // the section and the sections below it ("5.6.12.1. Epochs …" under "5.6.12."), but
        // for those that document a named thing of their own with theirs ("5.14.4.
        // /var/spool/rwho : Rwhod files" under "5.14. /var/spool : Application spool data":
        // "This directory holds the rwhod information" is rwho's, not /var/spool's)
        let number = numbered(&units[i].0).map(|(n, _)| format!("{n}."));
        let mut own: Vec<u32> = units[i].1.clone();
        if let Some(number) = &number {
            let mut skipped: Option<String> = None;
            for (j, (heading, ids)) in units.iter().enumerate().skip(i + 1) {
                let heading = heading.trim();
                if !heading.starts_with(number.as_str()) {
                    break;
                }
                if skipped.as_deref().is_some_and(|n| heading.starts_with(n)) {
                    continue;
                }
                skipped = None;
                if named_units.contains(&j) {
                    skipped = numbered(heading).map(|(n, _)| format!("{n}."));
                    continue;
                }
                own.extend(ids);
            }
        }
        if own.is_empty() {
            continue;
        }
        let more = mentions(&name);
        out.push(documented(name, Vec::new(), own, more));
    }
    out
}

/// The marks that open a list's item, with the space after them.
const LIST_ITEM_MARKS: &[&str] = &["* ", "• ", "- ", "+ ", "· "];

/// The name of a list item that holds a name alone: a list's mark ("*", "•", "-", "+") and
/// one word that is an identifier ([`list_name`]) or a capitalised word, hyphens allowed
/// ("* Depends", "• Pre-Depends", "- BASH_ENV"); not a word of a sentence ("* Use", "* The"
/// are capitalised too, but no list names three of them, and the caller wants three).
fn marked_name(text: &str) -> Option<&str> {
    let rest = LIST_ITEM_MARKS
        .iter()
        .find_map(|m| text.strip_prefix(m))?
        .trim();
    let capitalised = rest.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && rest.chars().count() >= 2
        && rest.split('-').all(|part| {
            part.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && part.chars().all(|c| c.is_ascii_alphanumeric())
        });
    (!rest.contains(char::is_whitespace) && (capitalised || list_name(rest))).then_some(rest)
}

/// A name a description list may list: an identifier written as code (`BASH_ENV`, `PATH`,
/// `debian/rules`, `$HOME`), not a word of prose.
fn list_name(w: &str) -> bool {
    let n = w.chars().count();
    if !(2..=40).contains(&n)
        || !w.chars().any(|c| c.is_ascii_alphabetic())
        || w.ends_with([':', '.', ','])
        || !w
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./-$+:".contains(c))
    {
        return false;
    }
    let letters: Vec<char> = w.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    let capitals = letters.len() >= 2 && letters.iter().all(char::is_ascii_uppercase);
    capitals || w.contains(['_', '/', '$']) || w[1..].contains('.')
}

/// Header words of a table's column that says what each row's name is ("description",
/// "说明"), lower-cased.
const GLOSS_HEADERS: &[&str] = &[
    "description",
    "meaning",
    "purpose",
    "explanation",
    "function",
    "summary",
    "说明",
    "說明",
    "描述",
    "含义",
    "含義",
    "意义",
    "意義",
    "功能",
    "用途",
    "解释",
    "解釋",
];

/// The glosses a table gives the names of its first column, in row order: `rows` as
/// [`crate::extract::table_rows`] gives them, the header first. A table glosses where its
/// header names a column of descriptions ("package | popcon | size | description",
/// "软件包 | 流行度 | 大小 | 说明") other than the first, and at least two rows pair a
/// name (one to three words, no sentence) with a description of two words or more (three
/// CJK characters or more): `gettext` / "GNU Internationalization utilities". A table of
/// figures, a grid of names or one without a header says nothing of what its rows are.
pub fn table_glosses(rows: &[Vec<String>]) -> Vec<(String, String)> {
    let Some((header, body)) = rows.split_first() else {
        return Vec::new();
    };
    let Some(column) = header.iter().enumerate().skip(1).find_map(|(i, h)| {
        let h = h.to_lowercase();
        GLOSS_HEADERS
            .iter()
            .any(|w| {
                h == *w || h.split_whitespace().any(|p| p == *w) || h.contains(w) && !h.is_ascii()
            })
            .then_some(i)
    }) else {
        return Vec::new();
    };
    let name_like = |n: &str| {
        let words = n.split_whitespace().count();
        (1..=3).contains(&words)
            && n.chars().count() <= 60
            && n.chars().any(char::is_alphanumeric)
            && !n.ends_with(['.', '。', ',', '，', ':', '：'])
            && !n
                .chars()
                .all(|c| c.is_ascii_digit() || c.is_ascii_punctuation())
    };
    let says = |d: &str| {
        let cjk = d.chars().filter(|&c| super::chinese::is_cjk(c)).count();
        let words = d
            .split_whitespace()
            .filter(|w| w.chars().any(char::is_alphabetic))
            .count();
        d.chars().count() <= 300 && (cjk >= 3 || words >= 2)
    };
    let out: Vec<(String, String)> = body
        .iter()
        .filter(|r| r.len() == header.len())
        .filter(|r| name_like(&r[0]) && says(&r[column]))
        .map(|r| (r[0].clone(), r[column].clone()))
        .collect();
    if out.len() < 2 { Vec::new() } else { out }
}

/// A name a description list describes ([`description_list`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedName {
    /// The name as the list writes it: `BASH_ENV`, `Depends`.
    pub name: String,
    /// The sentence that describes it (the first of its description).
    pub sentence: u32,
    /// Whether the list's mark makes it an item ("* Depends"): its description may say what
    /// to use it for ("Use this for packages that …") rather than what it is.
    pub marked: bool,
}

/// The names a description list describes, each with the sentence that describes it: within
/// one section, paragraphs that are a name alone followed by a paragraph of prose
/// (`BASH_ARGC` / "An array variable whose values are …"), or that open with the name and go
/// on with a capitalised sentence (`BASH_ENV If this variable is set when …`). A section
/// needs at least three such names to be a list: one name on a line of its own is as likely
/// a stray line of code. Whether the description says what the name is, the caller decides.
pub fn description_list(paragraphs: &[Paragraph<'_>]) -> Vec<ListedName> {
    const MIN_LISTED: usize = 3;
    let mut out = Vec::new();
    let mut section: Vec<ListedName> = Vec::new();
    let mut flush = |section: &mut Vec<ListedName>| {
        if section.len() >= MIN_LISTED {
            out.append(section);
        }
        section.clear();
    };
    for (i, p) in paragraphs.iter().enumerate() {
        if i > 0 {
            let prev = &paragraphs[i - 1];
            if prev.chapter != p.chapter || prev.section != p.section {
                flush(&mut section);
            }
        }
        let text = p.text.trim();
        // A list item that is one name alone, its description the next paragraph ("* Depends"
        // / "The package will not be installed unless …"): the mark makes a list of it, where
        // the name may be a word ("Depends", "Pre-Depends").
        // (the first sentence of the next paragraph of the section, where it names no item
        // itself and, after a list's item, is a paragraph of prose, not the list's next item:
        // "+ package_version.dsc" / "* Build Debian binary packages …" lists files, it
        // describes nothing)
        let next_describes = |after_mark: bool| {
            paragraphs.get(i + 1).and_then(|next| {
                (next.chapter == p.chapter
                    && next.section == p.section
                    && !(after_mark
                        && LIST_ITEM_MARKS
                            .iter()
                            .any(|m| next.text.trim_start().starts_with(m)))
                    && !next.text.split_whitespace().next().is_some_and(list_name))
                .then(|| next.sentences.first().copied())
                .flatten()
            })
        };
        if let Some(name) = marked_name(text)
            && let Some(s) = next_describes(true)
        {
            section.push(ListedName {
                name: name.to_string(),
                sentence: s,
                marked: true,
            });
            continue;
        }
        let mut words = text.split_whitespace();
        let Some(first) = words.next() else {
            continue;
        };
        if !list_name(first) {
            continue;
        }
        match words.next() {
            // the name alone: the next paragraph of the section describes it
            None => {
                if let Some(s) = next_describes(false) {
                    section.push(ListedName {
                        name: first.to_string(),
                        sentence: s,
                        marked: false,
                    });
                }
            }
            // the name, then its description
            Some(second)
                if second.chars().next().is_some_and(char::is_uppercase)
                    && second.chars().skip(1).all(char::is_lowercase) =>
            {
                if let Some(&s) = p.sentences.first() {
                    section.push(ListedName {
                        name: first.to_string(),
                        sentence: s,
                        marked: false,
                    });
                }
            }
            Some(_) => {}
        }
    }
    flush(&mut section);
    out
}

/// Labels of a note or an admonition, which open a paragraph as a glossary's term does
/// ("Note: …", "Warning: …") but name no term.
const NOTE_LABELS: &[&str] = &[
    "note",
    "notes",
    "warning",
    "tip",
    "caution",
    "important",
    "example",
    "examples",
    "see",
    "usage",
    "hint",
    "todo",
    "fixme",
    "default",
    "result",
    "output",
    "input",
    "question",
    "answer",
    "q",
    "a",
];

/// The term a glossary's paragraph names and the acronym it gives it: "* upstream author: the
/// person who made the original program." → `upstream author`; "Debian Developer (DD): a
/// member of …" → `Debian Developer`, `DD`. A label of one to four words, then a colon and a
/// description of three words or more in lower case, a noun phrase or a clause (not a
/// sentence of its own, which a note's label opens, "Note: The file …").
fn glossary_entry(text: &str) -> Option<(String, Option<String>)> {
    // (a list's mark, followed by a space: not an option's dash, "-x0：最少的配置文件")
    let t = text.trim_start();
    let t = ["* ", "• ", "- ", "+ ", "· ", "•"]
        .iter()
        .find_map(|m| t.strip_prefix(m))
        .unwrap_or(t)
        .trim_start();
    // (the colon, an equals sign, or the full-width colon of a Chinese glossary: "cowbuilder =
    // speed up the pbuilder execution", "gbp import-orig：向 git 仓库中导入新的上游源码。")
    let (label, description, zh) = [(": ", false), (" = ", false), ("：", true)]
        .iter()
        .filter_map(|(sep, zh)| t.split_once(sep).map(|(l, d)| (l, d, *zh)))
        .min_by_key(|(l, _, _)| l.len())?;
    if label.chars().count() > 40 {
        return None;
    }
    let (label, acronym) = match label.trim_end().strip_suffix(')') {
        Some(l) => {
            let (name, acr) = l.rsplit_once(" (")?;
            let ok = (2..=8).contains(&acr.len())
                && acr
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
            if !ok {
                return None;
            }
            (name.trim(), Some(acr.to_string()))
        }
        None => (label.trim(), None),
    };
    let words: Vec<&str> = label.split_whitespace().collect();
    let word = |w: &&str| {
        w.chars().next().is_some_and(char::is_alphanumeric)
            && w.chars()
                .all(|c| c.is_alphanumeric() || "-'’./_".contains(c))
    };
    if words.is_empty()
        || words.len() > 4
        || !words.iter().all(word)
        || NOTE_LABELS.contains(&label.to_lowercase().as_str())
    {
        return None;
    }
    let d = description.trim();
    if d.ends_with([':', '：']) {
        return None;
    }
    if zh {
        // (a description in Chinese words, after a name in Latin letters)
        let cjk = d.chars().filter(|c| super::chinese::is_cjk(*c)).count();
        return (cjk >= 4 && label.is_ascii()).then(|| (label.to_string(), acronym));
    }
    let lower_start = d.chars().next().is_some_and(char::is_lowercase);
    // (words, not a table's cells or a scale: "main > contrib > non-free"; a plus joins names,
    // "dpkg-buildpackage + lintian")
    let words_only = d
        .split_whitespace()
        .all(|w| w == "+" || w.chars().any(char::is_alphanumeric));
    (lower_start && words_only && d.split_whitespace().count() >= 3)
        .then(|| (label.to_string(), acronym))
}

/// The terms a glossary defines, each with the sentence that defines it: within one section, a
/// run of at least three consecutive paragraphs that each name a term and describe it after a
/// colon ("* upstream author: the person who made the original program.", "* sponsor: a person
/// who helps maintainers to upload packages …"). A glossary's terms are the book's own, common
/// words among them: each is an item with its description as its own passage (and its acronym
/// as a variant).
pub fn glossary(
    paragraphs: &[Paragraph<'_>],
    mentions: impl Fn(&str) -> Vec<u32>,
) -> Vec<(Found, Vec<u32>)> {
    const MIN_RUN: usize = 3;
    let mut out = Vec::new();
    let mut run: Vec<(String, Option<String>, u32)> = Vec::new();
    let mut flush = |run: &mut Vec<(String, Option<String>, u32)>| {
        if run.len() >= MIN_RUN {
            for (label, acronym, s) in run.drain(..) {
                let mut sentences = mentions(&label);
                if let Some(a) = &acronym {
                    sentences.extend(mentions(a));
                }
                sentences.push(s);
                sentences.sort_unstable();
                sentences.dedup();
                out.push((
                    Found {
                        text: label,
                        kind: TermKind::Term,
                        salience: 1.0,
                        variants: acronym.into_iter().collect(),
                        sentences,
                    },
                    vec![s],
                ));
            }
        }
        run.clear();
    };
    // (a definition list's description may run on over a few paragraphs: "upstream" / "The
    // source of software …" / "The packager and upstream developer may be the same person.")
    const MAX_RUN_ON: usize = 3;
    let mut run_on: Option<usize> = None;
    let mut i = 0;
    while i < paragraphs.len() {
        let p = &paragraphs[i];
        if i > 0 {
            let prev = &paragraphs[i - 1];
            if prev.chapter != p.chapter || prev.section != p.section {
                flush(&mut run);
                run_on = None;
            }
        }
        i += 1;
        if let (Some((label, acronym)), Some(&s)) = (glossary_entry(p.text), p.sentences.first()) {
            run.push((label, acronym, s));
            run_on = None;
            continue;
        }
        // (or the term on a line of its own and its description as the next paragraph, a
        // definition list's layout: "ASCII" / "The character encoding specified by …")
        if let Some(label) = glossary_term_line(p.text)
            && let Some(next) = paragraphs.get(i)
            && next.chapter == p.chapter
            && next.section == p.section
            && glossary_description(next.text)
            && let Some(&s) = next.sentences.first()
        {
            run.push((label, None, s));
            run_on = Some(0);
            i += 1;
            continue;
        }
        if let Some(n) = run_on
            && n < MAX_RUN_ON
            && glossary_term_line(p.text).is_none()
            && p.text.trim_start().starts_with(char::is_uppercase)
            && p.text.trim_end().ends_with(['.', ')'])
        {
            run_on = Some(n + 1);
            continue;
        }
        run_on = None;
        flush(&mut run);
    }
    flush(&mut run);
    out
}

/// The words a dictionary defines, each with its own sentences, the defining one first: the
/// sections the extraction made of its entries (`crate::extract`'s dictionary layout: a
/// section headed by the word that opens with the word's head line, "/dev·nuhl/, n.", or with
/// a sense that gives its part of speech, "1. n. Originally, …"). The whole entry is the
/// word's own; the first paragraph that is more than a bracketed label ("[originally, someone
/// who makes furniture with an axe]") defines it. At most [`MAX_ITEM_PARAGRAPHS`] paragraphs
/// of an entry are its own. Empty unless at least [`MIN_ITEMS`] sections are entries.
pub fn dictionary_entries<'t>(
    paragraphs: &[Paragraph<'_>],
    text_of: impl Fn(u32) -> &'t str,
    mentions: impl Fn(&str) -> Vec<u32>,
) -> Vec<(Found, Vec<u32>)> {
    use crate::extract::{is_bracketed_label, is_head_line, is_sense_mark, opens_with_a_sense};
    let mut out = Vec::new();
    let mut i = 0;
    while i < paragraphs.len() {
        let p = &paragraphs[i];
        let mut end = i + 1;
        while end < paragraphs.len()
            && paragraphs[end].chapter == p.chapter
            && paragraphs[end].section == p.section
        {
            end += 1;
        }
        let entry = &paragraphs[i..end];
        i = end;
        let Some(word) = p.section.and_then(|s| s.rsplit(" / ").next()) else {
            continue;
        };
        let body = if entry[0].after_head {
            entry
        } else if is_head_line(entry[0].text) {
            &entry[1..]
        } else if opens_with_a_sense(entry[0].text)
            || is_bracketed_label(entry[0].text)
                && entry.get(1).is_some_and(|q| opens_with_a_sense(q.text))
        {
            entry
        } else {
            continue;
        };
        // (a sense's number and part of speech, where they make a sentence of their own,
        // "1. n.", say nothing; nor does a bracketed label, "[common; orig. from MIT MacLISP]")
        let said = |s: &u32| {
            let text = text_of(*s);
            !is_sense_mark(text) && !is_bracketed_label(text)
        };
        let Some(defining) = body
            .iter()
            .filter(|q| !is_bracketed_label(q.text))
            .find_map(|q| q.sentences.iter().copied().find(said))
        else {
            continue;
        };
        let mut own = vec![defining];
        own.extend(
            body.iter()
                .take(MAX_ITEM_PARAGRAPHS)
                .flat_map(|q| q.sentences.iter().copied())
                .filter(|&s| s != defining && said(&s)),
        );
        let mut sentences = mentions(word);
        sentences.extend(&own);
        sentences.sort_unstable();
        sentences.dedup();
        out.push((
            Found {
                text: word.to_string(),
                kind: TermKind::Term,
                salience: 1.0,
                variants: Vec::new(),
                sentences,
            },
            own,
        ));
    }
    if out.len() < MIN_ITEMS {
        out.clear();
    }
    out
}

/// A definition list's term on a line of its own: one to four words, no sentence (no mark
/// that ends one), no note's label.
fn glossary_term_line(text: &str) -> Option<String> {
    let t = text.trim();
    let words: Vec<&str> = t.split_whitespace().collect();
    let ok = (1..=4).contains(&words.len())
        && t.chars().count() <= 40
        && t.chars().next().is_some_and(char::is_alphanumeric)
        && words.iter().all(|w| {
            w.chars()
                .all(|c| c.is_alphanumeric() || "-'’./_+".contains(c))
        })
        && !t.ends_with('.')
        && !NOTE_LABELS.contains(&t.to_lowercase().as_str());
    ok.then(|| t.to_string())
}

/// A definition list's description of the term above it: a sentence or a noun phrase that
/// opens with an article and says what the term is ("The character encoding specified by
/// ANSI X3.4-1986 …"), not a paragraph that announces what follows.
fn glossary_description(text: &str) -> bool {
    let t = text.trim();
    ["The ", "A ", "An "].iter().any(|a| t.starts_with(a))
        && t.split_whitespace().count() >= 6
        && t.ends_with(['.', ')'])
        && !t.to_lowercase().contains("the following")
}

/// One prose paragraph of the document, in reading order, for [`commands_and_options`] and
/// [`description_list`].
pub struct Paragraph<'a> {
    /// The title of its chapter (`cat(1)`).
    pub chapter: &'a str,
    pub section: Option<&'a str>,
    pub text: &'a str,
    /// Whether it opens a dictionary's entry, under the entry's head line (which is furniture,
    /// no paragraph of its own).
    pub after_head: bool,
    /// Its sentences.
    pub sentences: Vec<u32>,
}

/// An option as [`commands_and_options`] collects it.
struct OptionFound {
    command: String,
    /// `-A`, `--show-all`: the first names the item.
    forms: Vec<String>,
    /// The sentences that say what it does.
    description: Vec<u32>,
    /// The paragraph that spells it alone (`-A, --show-all`), if any.
    spelling: Vec<u32>,
}

/// An option word: `-A`, `--show-all`, `--after-context=NUM`, `+o`, `--color[=WHEN]`.
fn is_option_word(w: &str) -> bool {
    let w = w.trim_end_matches(',');
    let body = w
        .strip_prefix("--")
        .or_else(|| w.strip_prefix('-'))
        .or_else(|| w.strip_prefix('+'));
    let Some(body) = body else {
        return false;
    };
    let name = body.split(['=', '[']).next().unwrap_or("");
    !name.is_empty()
        && name.len() <= 30
        && name.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        // `-1` and `-2.5` are numbers, not options
        && !(w.starts_with('-') && name.chars().all(|c| c.is_ascii_digit()) && name.len() > 1)
}

/// The option spelled at the start of a paragraph: its forms (`-A`, `--show-all`) and where the
/// spelling ends (what follows is the description, or nothing when the paragraph is the spelling
/// alone: `-A, --show-all`, then the description as the next paragraph). An argument name after
/// a form (`-A NUM`, `-f filename`, `-m keymap`) belongs to the spelling.
fn option_spelling(text: &str) -> Option<(Vec<String>, usize)> {
    let mut forms: Vec<String> = Vec::new();
    let mut end = 0;
    let mut rest = text;
    let mut expect_form = true;
    loop {
        let trimmed = rest.trim_start();
        let at = text.len() - trimmed.len();
        let Some(word) = trimmed.split_whitespace().next() else {
            break;
        };
        if expect_form && is_option_word(word) {
            forms.push(
                word.trim_end_matches(',')
                    .split(['=', '['])
                    .next()
                    .unwrap_or(word)
                    .to_string(),
            );
            end = at + word.len();
            expect_form = word.ends_with(',');
            if !expect_form {
                // an argument name right after the form: upper case (NUM), or a lower-case
                // word followed by a capitalised or Chinese description, or by nothing
                let after = trimmed[word.len()..].trim_start();
                let mut words = after.split_whitespace();
                if let Some(arg) = words.next() {
                    let next = words.next();
                    let argish = arg
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "_-:.,[]=".contains(c))
                        && arg.chars().any(|c| c.is_ascii_alphabetic());
                    let upper = arg
                        .chars()
                        .filter(|c| c.is_ascii_alphabetic())
                        .all(|c| c.is_ascii_uppercase());
                    let description_next = next.is_none_or(|n| {
                        n.chars()
                            .next()
                            .is_some_and(|c| c.is_uppercase() || !c.is_ascii())
                            || is_option_word(n)
                    });
                    if argish
                        && !is_option_word(arg)
                        && (upper && arg.len() >= 2 || description_next && arg.len() <= 20)
                        && (upper || arg.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
                    {
                        let arg_at = text.len() - after.len();
                        end = arg_at + arg.len();
                        expect_form = arg.ends_with(',');
                    }
                }
            }
            rest = &text[end..];
            continue;
        }
        break;
    }
    (!forms.is_empty()).then_some((forms, end))
}

/// The command a synopsis paragraph shows: `set [-abefhkmnptuvxBCEHPT] [-o option-name] …`,
/// `set set [-abef…] …` (a term then its synopsis), `cat [选项]... [文件]...`. A term and a
/// synopsis that takes no option, as a texinfo manual sets them ("let let expression
/// [expression ...]", "source source filename", "times times"), show the command too: the
/// name said twice is the term and its synopsis run together.
fn synopsis_command(text: &str) -> Option<&str> {
    // (words English doubles in prose: "that that", "had had")
    const DOUBLED_IN_PROSE: &[&str] = &["that", "had", "is", "do", "the", "a", "and", "to"];
    let mut words = text.split_whitespace();
    let name = words.next()?;
    let command = name.len() <= 30
        && name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if !command {
        return None;
    }
    let mut next = words.next()?;
    if next == name {
        let rest: Vec<&str> = words.clone().collect();
        if !DOUBLED_IN_PROSE.contains(&name)
            && rest.len() <= 4
            && rest.iter().all(|w| {
                w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "[]-_.=|".contains(c))
            })
        {
            return Some(name);
        }
        next = words.next()?;
    }
    (next.starts_with('[') && next.len() >= 3).then_some(name)
}

/// The command a manual page chapter documents: `cat(1)` → `cat`.
fn manual_page(title: &str) -> Option<&str> {
    let t = title.trim();
    let open = t.rfind('(')?;
    let section = t[open + 1..].strip_suffix(')')?;
    let name = &t[..open];
    (section.len() <= 3
        && section.chars().next().is_some_and(|c| c.is_ascii_digit())
        && !name.is_empty()
        && !name.contains(char::is_whitespace))
    .then_some(name)
}

/// The commands and command-line options a manual documents (see the module doc). A command
/// with a synopsis (`cd [-L|-P] [directory]`) is an item where at least three are (and where
/// the chapter is not its own manual page), with its synopsis forms as variants and the
/// paragraphs after the synopsis as its description. An option is an item named `command -x`,
/// with the long forms as variants and its description's sentences (and `mentions` of its
/// name); a command needs at least two. The document needs at least [`MIN_ITEMS`] in all.
pub fn commands_and_options<'a>(
    paragraphs: &[Paragraph<'a>],
    mentions: impl Fn(&str) -> Vec<u32>,
) -> Vec<(Found, Vec<u32>)> {
    let mut found: Vec<OptionFound> = Vec::new();
    let mut synopsis: Option<(&str, Option<&str>, &str)> = None; // (chapter, section, command)
    // (command, synopsis, description sentences, synopsis sentences)
    let mut commands: Vec<(&str, &str, Vec<u32>, Vec<u32>)> = Vec::new();
    let mut i = 0;
    while i < paragraphs.len() {
        let p = &paragraphs[i];
        i += 1;
        if let Some(command) = synopsis_command(p.text) {
            synopsis = Some((p.chapter, p.section, command));
            // The command is an item of its own where its manual page is not the chapter: its
            // description is what follows in the section, up to its options or the next command.
            if manual_page(p.chapter) != Some(command) {
                let mut description = Vec::new();
                let mut synopsis_sentences = p.sentences.clone();
                for next in paragraphs[i..].iter().take(3) {
                    if next.chapter != p.chapter
                        || next.section != p.section
                        || synopsis_command(next.text).is_some()
                        || option_spelling(next.text).is_some()
                    {
                        break;
                    }
                    if next.text.starts_with('[') && description.is_empty() {
                        // the synopsis goes on (`[-W wordlist] [-F function] …`)
                        synopsis_sentences.extend(next.sentences.iter().copied());
                    } else {
                        description.extend(next.sentences.iter().copied());
                    }
                }
                if !description.is_empty() && !commands.iter().any(|(c, ..)| *c == command) {
                    commands.push((command, p.text, description, synopsis_sentences));
                }
            }
            continue;
        }
        let Some((forms, end)) = option_spelling(p.text) else {
            continue;
        };
        let owner = synopsis
            .filter(|(c, s, _)| *c == p.chapter && *s == p.section)
            .map(|(_, _, command)| command)
            .or_else(|| manual_page(p.chapter));
        let Some(owner) = owner else {
            continue;
        };
        // (its description, the paragraph that spells it alone)
        let (own, spelling) = if p.text[end..].trim().is_empty() {
            // the spelling alone: the description is the next paragraph
            match paragraphs.get(i) {
                Some(next)
                    if next.chapter == p.chapter
                        && option_spelling(next.text).is_none()
                        && synopsis_command(next.text).is_none() =>
                {
                    i += 1;
                    (next.sentences.clone(), p.sentences.clone())
                }
                _ => continue,
            }
        } else {
            (p.sentences.clone(), Vec::new())
        };
        if own.is_empty() {
            continue;
        }
        match found
            .iter_mut()
            .find(|o| o.command == owner && o.forms[0] == forms[0])
        {
            // an option documented twice (`set -o` and `set +o`) is one
            Some(o) => {
                o.description.extend(own);
                o.spelling.extend(spelling);
            }
            None => found.push(OptionFound {
                command: owner.to_string(),
                forms,
                description: own,
                spelling,
            }),
        }
    }
    let mut out = Vec::new();
    // commands: a few synopses make a manual's list of commands, one is a stray line
    if commands.len() >= 3 {
        for (command, text, description, spelled) in commands {
            // the synopsis as it is written, each of its forms (`jobs [-lnprs] [jobspec]`,
            // `jobs -x command [arguments]`) once
            let text = text
                .strip_prefix(command)
                .map(str::trim_start)
                .filter(|t| t.starts_with(command))
                .unwrap_or(text);
            let marker = format!(" {command} ");
            let forms: Vec<String> = text
                .split(&marker)
                .enumerate()
                .map(|(k, f)| {
                    if k == 0 {
                        f.trim().to_string()
                    } else {
                        format!("{command} {}", f.trim())
                    }
                })
                .filter(|f| f.chars().count() <= 120)
                .collect();
            let mut all = description.clone();
            all.extend(&spelled);
            all.sort_unstable();
            all.dedup();
            let mut own = description;
            own.extend(spelled);
            out.push((
                Found {
                    text: command.to_string(),
                    kind: TermKind::Term,
                    salience: 1.0,
                    variants: forms,
                    sentences: all,
                },
                own,
            ));
        }
    }
    // a command with a single option-like paragraph has no option list
    for OptionFound {
        command,
        forms,
        description: own,
        spelling,
    } in &found
    {
        if found.iter().filter(|o| o.command == *command).count() < 2 {
            continue;
        }
        let name = format!("{command} {}", forms[0]);
        let more: Vec<u32> = spelling.iter().copied().chain(mentions(&name)).collect();
        let variants = forms[1..]
            .iter()
            .map(|f| format!("{command} {f}"))
            .collect();
        out.push(documented(name, variants, own.clone(), more));
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
    fn option_spellings() {
        let s =
            |forms: &[&str], end: usize| Some((forms.iter().map(|f| f.to_string()).collect(), end));
        type Spelling = Option<(Vec<String>, usize)>;
        let cases: &[(&str, Spelling)] = &[
            ("-A, --show-all", s(&["-A", "--show-all"], 14)),
            (
                "-A NUM, --after-context=NUM",
                s(&["-A", "--after-context"], 27),
            ),
            ("-e 等价于 -vE", s(&["-e"], 2)),
            ("-e Exit immediately if a pipeline fails.", s(&["-e"], 2)),
            ("-f filename", s(&["-f"], 11)),
            ("-m keymap Use keymap as the keymap.", s(&["-m"], 9)),
            ("-a aname The words are assigned.", s(&["-a"], 8)),
            ("--help 显示此帮助信息并退出", s(&["--help"], 6)),
            ("--color[=WHEN]", s(&["--color"], 14)),
            ("-12 is a number", None),
            ("-1 one name per line", s(&["-1"], 2)),
            ("Exit immediately.", None),
            ("- a dash bullet", None),
        ];
        for (text, want) in cases {
            assert_eq!(&option_spelling(text), want, "{text}");
        }
    }

    #[test]
    fn synopses_and_manual_pages() {
        for (text, want) in [
            ("set [-abefhkmnptuvxBCEHPT] [-o option-name]", Some("set")),
            (
                "set set [-abefhkmnptuvxBCEHPT] [-o option-name]",
                Some("set"),
            ),
            ("cat [选项]... [文件]...", Some("cat")),
            ("The set builtin [options] here", None),
            ("cat file", None),
            // a term and a synopsis without options, run together
            ("let let expression [expression ...]", Some("let")),
            ("source source filename", Some("source")),
            ("times times", Some("times")),
            ("that that was said is said, and more of it", None),
            ("had had", None),
        ] {
            assert_eq!(synopsis_command(text), want, "{text}");
        }
        for (title, want) in [
            ("cat(1)", Some("cat")),
            ("ssh_config(5)", Some("ssh_config")),
            ("Chapter (1)", None),
            ("Shell Builtins", None),
        ] {
            assert_eq!(manual_page(title), want, "{title}");
        }
    }

    #[test]
    fn commands_with_a_synopsis_are_items_with_their_description() {
        let para = |text: &'static str, id: u32| Paragraph {
            chapter: "Builtins",
            after_head: false,
            section: Some("Job Control Builtins"),
            text,
            sentences: vec![id],
        };
        let paragraphs = vec![
            para("cd cd [-L|[-P [-e]] [-@]] [directory]", 0),
            para("Change the current working directory to directory.", 1),
            para("exit exit [n]", 2),
            para("Exit the shell, returning a status of n.", 3),
            para(
                "jobs jobs [-lnprs] [jobspec] jobs -x command [arguments]",
                4,
            ),
            para("The first form lists the active jobs.", 5),
            para(
                "-l List process IDs in addition to the normal information.",
                6,
            ),
            para(
                "-n Display information only about jobs that have changed.",
                7,
            ),
        ];
        let found = commands_and_options(&paragraphs, |_| Vec::new());
        let got: Vec<(&str, Vec<String>, Vec<u32>)> = found
            .iter()
            .map(|(f, own)| (f.text.as_str(), f.variants.clone(), own.clone()))
            .collect();
        let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            got,
            [
                (
                    "cd",
                    strings(&["cd [-L|[-P [-e]] [-@]] [directory]"]),
                    vec![1, 0]
                ),
                ("exit", strings(&["exit [n]"]), vec![3, 2]),
                (
                    "jobs",
                    strings(&["jobs [-lnprs] [jobspec]", "jobs -x command [arguments]"]),
                    vec![5, 4]
                ),
                ("jobs -l", vec![], vec![6]),
                ("jobs -n", vec![], vec![7]),
            ]
        );
    }

    #[test]
    fn options_are_items_of_their_command() {
        let para =
            |chapter: &'static str, section: &'static str, text: &'static str, id: u32| Paragraph {
                chapter,
                after_head: false,
                section: Some(section),
                text,
                sentences: vec![id],
            };
        let paragraphs = vec![
            para("cat(1)", "概述", "cat [选项]... [文件]...", 0),
            para("cat(1)", "描述", "将文件列表中的文件连接到标准输出。", 1),
            para("cat(1)", "描述", "-A, --show-all", 2),
            para("cat(1)", "描述", "等价于 -vET", 3),
            para("cat(1)", "描述", "-e 等价于 -vE", 4),
            para("cat(1)", "描述", "-n, --number", 5),
            para("cat(1)", "描述", "给所有输出行编号", 6),
            para(
                "Builtins",
                "Modifying Shell Behavior",
                "set set [-abefhkmnptuvxBCEHPT] [-o option-name]",
                7,
            ),
            para(
                "Builtins",
                "Modifying Shell Behavior",
                "-a Each variable is marked for export.",
                8,
            ),
            para(
                "Builtins",
                "Modifying Shell Behavior",
                "-e Exit immediately if a pipeline fails.",
                9,
            ),
            // another section: the synopsis no longer owns it, and no manual page does
            para(
                "Builtins",
                "Conditional Expressions",
                "-a file True if file exists.",
                10,
            ),
            para(
                "Builtins",
                "Conditional Expressions",
                "-b file True if file is a block special file.",
                11,
            ),
        ];
        let found = commands_and_options(&paragraphs, |_| Vec::new());
        // one synopsis is no list of commands: `set` is no item, its options are
        // the spelling alone is a sentence of the item, but not its description
        assert_eq!(found[0].0.sentences, [2, 3]);
        let got: Vec<(&str, Vec<String>, Vec<u32>)> = found
            .iter()
            .map(|(f, own)| (f.text.as_str(), f.variants.clone(), own.clone()))
            .collect();
        assert_eq!(
            got,
            [
                ("cat -A", vec!["cat --show-all".to_string()], vec![3]),
                ("cat -e", vec![], vec![4]),
                ("cat -n", vec!["cat --number".to_string()], vec![6]),
                ("set -a", vec![], vec![8]),
                ("set -e", vec![], vec![9]),
            ]
        );
    }

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
            ("Event: 'close'", s("'close'", "Event: 'close'")),
            ("Event: `'data'`", s("'data'", "Event: 'data'")),
            ("Event: close", None),
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
            ("* {Error}", true),
            ("{string|Buffer}", true),
            ("{}", false),
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
    fn usage_notes() {
        for (line, want) in [
            (
                "This function MUST NOT be called by application code directly.",
                true,
            ),
            ("See stream.compose for more information.", true),
            (
                "For detailed information, see the asynchronous version.",
                true,
            ),
            ("详见 fs.readFile()。", true),
            ("Removes files and directories.", false),
            ("Reads the entire contents of a file.", false),
            (
                "To use an AbortSignal, pass it inside an options object, as the last argument.",
                true,
            ),
            (
                "If no value is provided, it will be taken from the given stream.",
                true,
            ),
            ("If-Modified-Since is a header.", false),
            (
                "The watch file format is documented in the uscan(1) manpage.",
                true,
            ),
            (
                "The control file is described in detail below and lists the fields every \
                 package must have in its binary and source stanzas.",
                false,
            ),
        ] {
            assert_eq!(is_usage_note(line), want, "{line}");
        }
    }

    #[test]
    fn what_an_item_does() {
        for (line, want) in [
            (
                "Attaches an AbortSignal to a readable or writeable stream.",
                true,
            ),
            ("Returns the number of bytes read.", true),
            ("Asynchronously reads the entire contents of a file.", true),
            ("Tests a user's permissions for the file.", true),
            ("Tests whether the path exists.", true),
            ("A stream to attach a signal to.", false),
            (
                "A module method to pipe between streams and generators.",
                true,
            ),
            ("A utility method for creating readable streams.", true),
            ("Options are passed in an object.", false),
            ("Programs that read PID files should be flexible.", false),
            ("This directory contains system information.", true),
            ("This means that the data is lost.", false),
            (
                "The minor restrictions on distributions are necessary.",
                false,
            ),
            ("Class: fs.Dir", false),
            ("Process the stream.", false),
        ] {
            assert_eq!(says_what_it_does(line), want, "{line}");
        }
    }

    #[test]
    fn c_prototypes() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "int asn1_parser2tree (const char * file, asn1_node * definitions, char * error_desc) [Function]",
                Some("asn1_parser2tree"),
            ),
            (
                "void *memcpy(void *dest, const void *src, size_t n);",
                Some("memcpy"),
            ),
            (
                "const char * asn1_check_version (const char * req_version)",
                Some("asn1_check_version"),
            ),
            ("int rand(void);", Some("rand")),
            ("See memcpy (3) for details.", None),
            ("You can use it (see below) anywhere.", None),
            ("the value (in bytes) is returned", None),
            ("Call foo(x) first.", None),
            (
                "-e Readline (see Chapter 8 [Command Line Editing], page 117) is used.",
                None,
            ),
            (
                "e Readline (see Chapter 8 [Command Line Editing], page 117)",
                None,
            ),
        ];
        for (line, want) in cases {
            assert_eq!(prototype(line).map(|(n, _)| n).as_deref(), *want, "{line}");
        }
        for (line, want) in [
            (
                "file: specify the path and the name of file that contains declarations.",
                true,
            ),
            (
                "error_desc: return the error description or an empty string.",
                true,
            ),
            ("Note: this is important for everyone.", false),
            ("int asn1_delete_structure (asn1_node * structure)", true),
            ("Function used to start the parse algorithm.", false),
            (
                "Returns the value of one element inside a structure.",
                false,
            ),
            ("Returns: ASN1_SUCCESS on success.", true),
            (
                "req version: version string to compare with, or NULL.",
                true,
            ),
            (
                "Return value: Returns IDN2_OK on success, or error code.",
                true,
            ),
            ("Note that: the input must be NFC.", false),
            ("Returns undefined.", true),
            (
                "Returns true if the fs.Stats object describes a directory.",
                false,
            ),
        ] {
            assert_eq!(is_parameter_line(line), want, "{line}");
        }
        for (line, name, want) in [
            (
                "void *memcpy(void *dest, const void *src, size_t n);",
                "src",
                true,
            ),
            (
                "void *memcpy(void *dest, const void *src, size_t n);",
                "size_t",
                false,
            ),
            (
                "src: the buffer to copy from, at least n bytes.",
                "src",
                true,
            ),
            ("Copy src to dest.", "src", false),
        ] {
            assert_eq!(as_parameter(line, name), want, "{line} / {name}");
        }
        // a section per function, headed by its name as a PDF writes it (underscores lost)
        let texts = [
            "int asn1_parser2tree (const char * file, asn1_node * definitions, char * error_desc)",
            "Function used to start the parse algorithm.",
            "int asn1_create_element (asn1_node definitions, const char * source_name, asn1_node * element)",
            "int asn1_delete_structure (asn1_node * structure)",
            "int asn1_der_coding (asn1_node element, const char * name, void * ider, int * len, char * ErrorDescription)",
            "int asn1_der_decoding (asn1_node * element, const void * ider, int ider_len, char * errorDescription)",
            "int asn1_read_value (asn1_node root, const char * name, void * ivalue, int * len)",
        ];
        let units = vec![
            ("4.1.1 asn1 parser2tree", vec![0, 1]),
            ("4.2.1 asn1 create element", vec![2]),
            ("4.2.2 asn1_delete_structure", vec![3]),
            ("4.3.1 asn1 der coding", vec![4]),
            ("4.3.2 asn1 der decoding", vec![5]),
            ("4.4.1 Reading values", vec![6]),
        ];
        let found = items(units.into_iter(), |i| texts[i as usize], |_| Vec::new());
        let names: Vec<&str> = found.iter().map(|(f, _)| f.text.as_str()).collect();
        assert_eq!(
            names,
            [
                "asn1_parser2tree",
                "asn1_create_element",
                "asn1_delete_structure",
                "asn1_der_coding",
                "asn1_der_decoding"
            ]
        );
        assert_eq!(found[0].1, [0, 1]);
    }

    #[test]
    fn texinfo_definition_lines() {
        // (line, what it declares and the line without its category)
        let cases: &[(&str, Option<(&str, &str)>)] = &[
            (
                "int idn2_to_ascii_8z (const char * input, char ** output, int [Function] flags)",
                Some((
                    "idn2_to_ascii_8z",
                    "int idn2_to_ascii_8z (const char * input, char ** output, int flags)",
                )),
            ),
            (
                "idn2_flags IDN2_NFC_INPUT [Global flag]",
                Some(("IDN2_NFC_INPUT", "idn2_flags IDN2_NFC_INPUT")),
            ),
            (
                "idn2_rc IDN2_OK [Return code]",
                Some(("IDN2_OK", "idn2_rc IDN2_OK")),
            ),
            (
                "ASN1_MAX_NAME_SIZE [Macro]",
                Some(("ASN1_MAX_NAME_SIZE", "ASN1_MAX_NAME_SIZE")),
            ),
            // (not a word, a sentence, an example's main, nor a category with text after it)
            ("Examples [Index]", None),
            ("See the flags [Global flag] below.", None),
            ("int main (void)", None),
            (
                "static int cert_callback (gnutls_session_t session, int n)",
                None,
            ),
            ("idn2_rc IDN2_OK [Return code] is returned on success", None),
            ("Read the manual [Chapter 3] first.", None),
        ];
        for (line, want) in cases {
            let got = declaration(line);
            assert_eq!(
                got.as_ref().map(|(n, l)| (n.as_str(), l.as_str())),
                *want,
                "{line}"
            );
        }
        assert!(in_category(
            "idn2_flags IDN2_NFC_INPUT [Global flag]",
            "Global"
        ));
        assert!(!in_category("A Global flag [Global] is set.", "Global"));
        // The definition lines are paragraphs: each item runs to the next one, and the line
        // that repeats the next item's name in a heading font belongs to neither.
        let texts = [
            "idn2 to ascii 8z",
            "int idn2_to_ascii_8z (const char * input, char ** output, int [Function] flags)",
            "input: zero terminated input UTF-8 string.",
            "Convert UTF-8 domain name to ASCII string using the IDNA2008 rules.",
            "idn2 free",
            "void idn2_free (void * ptr) [Function]",
            "Call free(3) on the given pointer.",
            "idn2_rc IDN2_OK [Return code]",
            "Successful return.",
            "idn2_rc IDN2_MALLOC [Return code]",
            "Memory allocation error.",
            "idn2_flags IDN2_NFC_INPUT [Global flag]",
            "Apply NFC normalization on input.",
            "The next section is about something else.",
            // (an example's function, in a manual that marks its definitions: no item)
            "int helper (int x)",
        ];
        let paragraphs: Vec<Paragraph<'_>> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| Paragraph {
                chapter: "2 Library Functions",
                after_head: false,
                section: Some(if i < 13 {
                    "Core Functions"
                } else {
                    "Version Check"
                }),
                text: t,
                sentences: vec![i as u32],
            })
            .collect();
        let found = declared_items(&paragraphs, |_| Vec::new());
        assert_eq!(
            own_sentences(&found),
            [
                ("idn2_to_ascii_8z", &[1, 2, 3][..]),
                ("idn2_free", &[5, 6][..]),
                ("IDN2_OK", &[7, 8][..]),
                ("IDN2_MALLOC", &[9, 10][..]),
                ("IDN2_NFC_INPUT", &[11, 12][..]),
            ]
        );
        assert_eq!(
            found[0].0.variants,
            ["int idn2_to_ascii_8z (const char * input, char ** output, int flags)"]
        );
        // fewer definition lines than a reference has: none
        assert!(declared_items(&paragraphs[..7], |_| Vec::new()).is_empty());
    }

    /// Words in capitals that a PDF split from an identifier are a namespace or the
    /// identifier itself, no term of their own.
    #[test]
    fn capitals_split_from_an_identifier_are_no_term() {
        let ids: HashSet<String> = ["GCRY_MD_SHA384", "GCRY_MD_FLAG_HMAC", "GCRY_CIPHER_AES"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for (name, want) in [
            ("GCRY MD", true),
            ("GCRY MD FLAG HMAC", true),
            ("GCRY CIPHER", true),
            ("GCRY", false),
            ("GCRY M", false),
            ("GNU GPL", false),
            ("Gcry Md", false),
        ] {
            assert_eq!(spaced_identifier_part(name, &ids), want, "{name}");
        }
        let texts = [
            "Use GCRY MD SHA384 or GCRY MD FLAG HMAC here.",
            "The flag GCRY MD FLAG HMAC turns the digest into an HMAC.",
        ];
        assert!(named_as_split_identifier(
            "GCRY MD",
            texts.iter().copied(),
            &ids
        ));
        assert!(named_as_split_identifier(
            "GCRY MD FLAG HMAC",
            texts.iter().copied(),
            &ids
        ));
    }

    #[test]
    fn an_imperative_opening_says_what_a_function_does() {
        for (line, want) in [
            ("Assign the value of u to w and return w.", true),
            ("Set the key k used for encryption or decryption.", true),
            ("Release all resources of hash context h.", true),
            ("Convert the MPI a into an external representation.", true),
            ("This function takes an unsigned int as type for u.", false),
            ("The function checks this and returns an error.", false),
            ("Note the size of the buffer.", false),
            ("If the key is weak, an error is returned.", false),
            ("Returns the number of bytes read.", false),
            ("Usually the caller frees it.", false),
        ] {
            assert_eq!(opens_with_an_imperative(line), want, "{line}");
        }
    }

    /// `texts` as the paragraphs of one section, each its own sentence.
    fn paragraphs_in<'a>(
        chapter: &'a str,
        section: &'a str,
        texts: &[&'a str],
    ) -> Vec<Paragraph<'a>> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| Paragraph {
                chapter,
                after_head: false,
                section: Some(section),
                text: t,
                sentences: vec![i as u32],
            })
            .collect()
    }

    /// Each item's name and its own sentences, as [`declared_items`] found them.
    fn own_sentences(found: &[(Found, Vec<u32>)]) -> Vec<(&str, &[u32])> {
        found
            .iter()
            .map(|(f, own)| (f.text.as_str(), own.as_slice()))
            .collect()
    }

    /// A definition line a PDF wrapped into a second paragraph is one line: its function is an
    /// item, and what follows is its own, not the function's above it.
    #[test]
    fn a_wrapped_definition_line_is_one_line() {
        let texts = [
            "void gcry_cipher_close (gcry cipher hd t h) [Function]",
            "This function releases the context created by gcry_cipher_open.",
            "gcry_error_t gcry_cipher_setkey (gcry cipher hd t h, const void [Function]",
            "*k, size t l)",
            "Set the key k used for encryption or decryption in the context denoted by h.",
            "gcry_error_t gcry_cipher_setiv (gcry cipher hd t h, const void [Function]",
            "*k, size t l)",
            "Set the initialization vector used for encryption or decryption.",
            "void gcry_md_close (gcry md hd t h) [Function]",
            "Release all resources of hash context h.",
            "void gcry_md_reset (gcry md hd t h) [Function]",
            "Reset the current context to its initial state.",
            // (a bracket opened and never closed by a line of its own: no definition)
            "int gcry_md_open (gcry md hd t *hd, [Function]",
            "int algo, unsigned int flags) and more words after it",
        ];
        let paragraphs = paragraphs_in(
            "5 Symmetric cryptography",
            "Working with cipher handles",
            &texts,
        );
        let found = declared_items(&paragraphs, |_| Vec::new());
        assert_eq!(
            own_sentences(&found),
            [
                ("gcry_cipher_close", &[0, 1][..]),
                ("gcry_cipher_setkey", &[2, 4][..]),
                ("gcry_cipher_setiv", &[5, 7][..]),
                ("gcry_md_close", &[8, 9][..]),
                ("gcry_md_reset", &[10, 11, 12, 13][..]),
            ]
        );
        assert_eq!(
            found[1].0.variants,
            ["gcry_error_t gcry_cipher_setkey (gcry cipher hd t h, const void *k, size t l)"]
        );
    }

    #[test]
    fn a_document_with_few_signatures_is_no_reference() {
        let units = vec![("fs.open(path)", vec![1, 2]), ("Usage", vec![3])];
        assert!(items(units.into_iter(), |_| "", |_| Vec::new()).is_empty());
        let many: Vec<(&str, Vec<u32>)> = vec![
            ("fs.open(path)", vec![1]),
            ("fs.close(fd)", vec![2]),
            ("fs.read(fd, buffer)", vec![3]),
            ("fs.read(fd[, options])", vec![4]),
            ("fs.write(fd, buffer)", vec![5]),
            ("fs.stat(path)", vec![6]),
            ("fs.mkdir(path)", vec![7]),
        ];
        let found = items(many.into_iter(), |_| "", |_| vec![9]);
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

    /// A standard's list of fields (numbered siblings, most of them one name) and "NAME :
    /// gloss" sections are items; a book's chapter list and a few one-word sections are not.
    #[test]
    fn description_lists_describe_their_names() {
        // (paragraphs of one section, each with one sentence; the names described, with the
        // index of the paragraph that describes each)
        type Case<'a> = (&'a [&'a str], &'a [(&'a str, u32)]);
        let cases: &[Case<'_>] = &[
            // a name alone, its description next
            (
                &[
                    "BASH_ARGC",
                    "An array variable whose values are the number of parameters.",
                    "BASH_ENV",
                    "If this variable is set when Bash is invoked, it is read.",
                    "OPTARG",
                    "The value of the last option argument.",
                ],
                &[("BASH_ARGC", 1), ("BASH_ENV", 3), ("OPTARG", 5)],
            ),
            // the name, then its description, in one paragraph
            (
                &[
                    "PATH A colon-separated list of directories.",
                    "HOME The current user's home directory.",
                    "debian/rules The script that builds the package.",
                ],
                &[("PATH", 0), ("HOME", 1), ("debian/rules", 2)],
            ),
            // a list's items that are a name alone, words too, each described next
            (
                &[
                    "* Depends",
                    "The package will not be installed unless the packages it depends on are.",
                    "* Recommends",
                    "Use this for packages that are not strictly necessary.",
                    "* Pre-Depends",
                    "This is stronger than Depends.",
                ],
                &[("Depends", 1), ("Recommends", 3), ("Pre-Depends", 5)],
            ),
            // an item whose next paragraph is another item describes nothing
            (
                &[
                    "* Depends",
                    "* Recommends",
                    "* Suggests",
                    "Use this sparingly.",
                ],
                &[],
            ),
            // two names make no list
            (
                &[
                    "PATH A colon-separated list of directories.",
                    "HOME The current user's home directory.",
                ],
                &[],
            ),
            // words of prose are no names
            (
                &[
                    "Debian Is a free operating system.",
                    "Note",
                    "This is prose.",
                    "GNU General Public License is a licence.",
                ],
                &[],
            ),
        ];
        for (texts, want) in cases {
            let paragraphs = paragraphs_in("Variables", "Shell Variables", texts);
            // (a name alone after a list's mark is a marked item; any other is not)
            let listed = description_list(&paragraphs);
            for l in &listed {
                let described = l.sentence as usize;
                let marked = described > 0 && texts[described - 1].starts_with("* ");
                assert_eq!(l.marked, marked, "{l:?}");
            }
            let got: Vec<(String, u32)> =
                listed.into_iter().map(|l| (l.name, l.sentence)).collect();
            let want: Vec<(String, u32)> = want.iter().map(|(n, i)| (n.to_string(), *i)).collect();
            assert_eq!(got, want, "{texts:?}");
        }
    }

    #[test]
    fn a_glossary_defines_its_terms() {
        let paragraphs = |texts: &[&'static str]| {
            paragraphs_in("1. Getting started", "1.1. Social dynamics", texts)
        };
        let names = |found: Vec<(Found, Vec<u32>)>| -> Vec<(String, Vec<String>, Vec<u32>)> {
            found
                .into_iter()
                .map(|(f, own)| (f.text, f.variants, own))
                .collect()
        };
        let glossary_of = |texts: &[&'static str]| names(glossary(&paragraphs(texts), |_| vec![]));
        let got = glossary_of(&[
            "There are several types of people interacting around Debian:",
            "* upstream author: the person who made the original program.",
            "* sponsor: a person who helps maintainers to upload packages.",
            "* mentor: a person who helps novice maintainers with packaging etc.",
            "* Debian Developer (DD): a member of the Debian project with full upload rights.",
            "Please note that you cannot become a Debian Developer overnight.",
        ]);
        let want = vec![
            ("upstream author".to_string(), vec![], vec![1]),
            ("sponsor".to_string(), vec![], vec![2]),
            ("mentor".to_string(), vec![], vec![3]),
            (
                "Debian Developer".to_string(),
                vec!["DD".to_string()],
                vec![4],
            ),
        ];
        assert_eq!(got, want);
        // an equals sign, a Chinese glossary's colon
        let got = glossary_of(&[
            "* pbuilder = core of the Debian chroot environment tool",
            "* cowbuilder = speed up the pbuilder execution",
            "* debuild = dpkg-buildpackage + lintian (build under the sanitized environment)",
        ]);
        let labels: Vec<&str> = got.iter().map(|(l, _, _)| l.as_str()).collect();
        assert_eq!(labels, ["pbuilder", "cowbuilder", "debuild"]);
        let got = glossary_of(&[
            "gbp import-orig：向 git 仓库中导入新的上游源码。",
            "gbp pq：管理 git 仓库中的补丁队列。",
            "gbp dch：从 git 提交信息生成 Debian 变更日志。",
        ]);
        let labels: Vec<&str> = got.iter().map(|(l, _, _)| l.as_str()).collect();
        assert_eq!(labels, ["gbp import-orig", "gbp pq", "gbp dch"]);
        // a definition list: each term on a line of its own, its description below
        let got = glossary_of(&[
            "The following terms are used in this Policy Manual:",
            "ASCII",
            "The character encoding specified by ANSI X3.4-1986 and its predecessor standards.",
            "upstream",
            "The source of software that is being packaged, from outside of Debian.",
            "The packager and upstream developer may be the same person.",
            "UTF-8",
            "The transformation format of ISO 10646 defined in RFC 3629.",
        ]);
        let labels: Vec<(&str, &[u32])> = got
            .iter()
            .map(|(l, _, own)| (l.as_str(), own.as_slice()))
            .collect();
        assert_eq!(
            labels,
            [("ASCII", &[2][..]), ("upstream", &[4]), ("UTF-8", &[7])]
        );
        // (not headings the extraction left as lines over their sections' prose)
        assert!(
            glossary_of(&[
                "Purpose",
                "This directory contains the files of the system.",
                "Requirements",
                "The following directories, or symbolic links to directories, are required.",
                "Specific Options",
                "The following directories must be in /usr/share if installed.",
            ])
            .is_empty()
        );
        // (options are no glossary's terms: a manual's options are items of their own)
        assert!(
            glossary_of(&[
                "-x0：最少的配置文件（这是默认选项）",
                "-x1：所有 -x0 提供的文件以及可能需要的配置文件。",
                "-x2：所有 -x1 提供的文件以及多个二进制软件包的配置文件。",
            ])
            .is_empty()
        );
        // (two are no glossary; nor are notes, nor labels before sentences of their own)
        let none: &[&[&'static str]] = &[
            &[
                "* sponsor: a person who helps maintainers to upload packages.",
                "* mentor: a person who helps novice maintainers with packaging.",
            ],
            &[
                "Note: the file is read at start.",
                "Warning: this removes the data for good.",
                "Tip: use the -v option to see more.",
            ],
            &[
                "Area: main > contrib > non-free",
                "Priority: required > important > standard > optional",
                "Essential: yes > no > maybe so",
            ],
            &[
                "Step one: Open the file.",
                "Step two: Edit the file.",
                "Step three: Save the file.",
            ],
        ];
        for texts in none {
            assert!(glossary_of(texts).is_empty(), "{texts:?}");
        }
    }

    /// A dictionary's entries, which the extraction made sections headed by their words: the
    /// whole entry is the word's own, defined by its first paragraph past a bracketed label.
    #[test]
    fn a_dictionary_defines_its_words() {
        let entry = |word: &'static str, texts: &[&'static str], first: u32| {
            texts
                .iter()
                .enumerate()
                .map(|(i, t)| Paragraph {
                    chapter: "The Lexicon",
                    after_head: false,
                    section: Some(word),
                    text: t,
                    // (a head line is furniture: no sentences)
                    sentences: if crate::extract::is_head_line(t) {
                        vec![]
                    } else {
                        vec![first + i as u32]
                    },
                })
                .collect::<Vec<_>>()
        };
        let mut paragraphs = entry(
            "/dev/null",
            &["/dev·nuhl/, n.", "A notional black hole."],
            0,
        );
        paragraphs.extend(entry(
            "hack",
            &[
                "[very common]",
                "1. n. Originally, a quick job.",
                "2. vt. To work on something.",
            ],
            10,
        ));
        paragraphs.extend(entry(
            "kludge",
            &["1. /kluhj/ n. Incorrect spelling of kluge."],
            20,
        ));
        paragraphs.extend(entry(
            "cruft",
            &[
                "/kruhft/",
                "[very common]",
                "1. n. An unpleasant substance.",
            ],
            30,
        ));
        paragraphs.extend(entry(
            "nybble",
            &["/nib'l/, n.", "Four bits; one hex digit."],
            40,
        ));
        // (a section of prose is no entry)
        paragraphs.extend(entry(
            "History",
            &["The lexicon grew from a file at Stanford."],
            50,
        ));
        let texts: HashMap<u32, &str> = paragraphs
            .iter()
            .flat_map(|p| p.sentences.iter().map(move |&s| (s, p.text)))
            .collect();
        let got: Vec<(String, Vec<u32>)> =
            dictionary_entries(&paragraphs, |i| texts[&i], |_| vec![])
                .into_iter()
                .map(|(f, own)| (f.text, own))
                .collect();
        let want: Vec<(String, Vec<u32>)> = vec![
            ("/dev/null".into(), vec![1]),
            ("hack".into(), vec![11, 12]),
            ("kludge".into(), vec![20]),
            ("cruft".into(), vec![32]),
            ("nybble".into(), vec![41]),
        ];
        assert_eq!(got, want);
        // (fewer than a reference's least are no dictionary)
        assert!(dictionary_entries(&paragraphs[..5], |i| texts[&i], |_| vec![]).is_empty());
    }

    #[test]
    fn named_sections_are_items() {
        let unit = |h: &str, i: u32| (h.to_string(), vec![i]);
        let mut units = vec![unit("5.6. List of fields", 0)];
        let fields = [
            "Source",
            "Maintainer",
            "Uploaders",
            "Section",
            "Priority",
            "Package",
            "Architecture",
            "Installed-Size",
            "Standards-Version",
        ];
        for (i, f) in fields.iter().enumerate() {
            units.push(unit(&format!("5.6.{}. {f}", i + 1), i as u32 + 1));
        }
        units.push(unit("5.6.10. Version control fields", 10));
        units.push(unit("5.6.10.1. Remarks", 11));
        units.push(unit("3.5. /boot : Static files of the boot loader", 12));
        units.push(unit("3.5.1. Purpose", 13));
        units.push(unit("3.5.2. /boot/efi : EFI system partition", 14));
        units.push(unit("3.5.2.1. Purpose", 15));
        units.push(unit("3.5.3. Requirements", 16));
        let found = named_sections(&units, |_| Vec::new());
        let names: Vec<&str> = found.iter().map(|(f, _)| f.text.as_str()).collect();
        assert!(
            names.contains(&"Installed-Size") && names.contains(&"Source"),
            "{names:?}"
        );
        assert!(names.contains(&"/boot"), "{names:?}");
        assert!(
            !names.contains(&"Purpose") && !names.contains(&"Remarks"),
            "{names:?}"
        );
        let boot = found
            .iter()
            .find(|(f, _)| f.text == "/boot")
            .map(|(_, own)| own.clone());
        // (but for a named thing's own section below it and that section's own below it)
        assert_eq!(
            boot,
            Some(vec![12, 13, 16]),
            "a section and the ones below it"
        );
        let efi = found
            .iter()
            .find(|(f, _)| f.text == "/boot/efi")
            .map(|(_, own)| own.clone());
        assert_eq!(efi, Some(vec![14, 15]));
        // a book's chapters, and too few one-name siblings
        let chapters: Vec<(String, Vec<u32>)> = [
            "1. Introduction",
            "2. Installation",
            "3. Configuration",
            "4. Usage",
            "5. Plugins",
            "6. Troubleshooting",
            "7. Glossary",
            "8. Index",
            "9. Licence",
        ]
        .iter()
        .enumerate()
        .map(|(i, h)| unit(h, i as u32))
        .collect();
        assert!(named_sections(&chapters, |_| Vec::new()).is_empty());
        let few: Vec<(String, Vec<u32>)> = ["3.1. Purpose", "3.2. Requirements", "3.3. Options"]
            .iter()
            .enumerate()
            .map(|(i, h)| unit(h, i as u32))
            .collect();
        assert!(named_sections(&few, |_| Vec::new()).is_empty());
        // mixed siblings: only the code names document a thing
        let tips: Vec<(String, Vec<u32>)> = [
            "7.1. debdiff",
            "7.2. dget",
            "7.3. git-buildpackage",
            "7.4. CDBS",
            "7.5. Overview",
            "7.6. 新上游版本",
            "7.7. Building in a UTF-8 locale",
            "7.8. installation",
            "7.9. 上传 orig.tar.gz",
            "7.10. 其他发行版",
            "7.11. 除错 与 测试",
        ]
        .iter()
        .enumerate()
        .map(|(i, h)| unit(h, i as u32))
        .collect();
        let found = named_sections(&tips, |_| Vec::new());
        let names: Vec<&str> = found.iter().map(|(f, _)| f.text.as_str()).collect();
        assert_eq!(names, ["debdiff", "dget", "git-buildpackage", "CDBS"]);
        // unnumbered headings (a PDF outline's deeper levels): a run of three code names, not
        // one alone
        let tools: Vec<(String, Vec<u32>)> = [
            "Package lint tools",
            "lintian",
            "lintian-brush",
            "piuparts",
            "Helpers",
            "debhelper",
            "Templates",
            "boolean",
            "multiselect",
        ]
        .iter()
        .enumerate()
        .map(|(i, h)| unit(h, i as u32))
        .collect();
        let found = named_sections(&tools, |_| Vec::new());
        let names: Vec<&str> = found.iter().map(|(f, _)| f.text.as_str()).collect();
        assert_eq!(names, ["lintian", "lintian-brush", "piuparts"]);
        // a word in lower case among code names is one of them; a name in parts is one alone
        let tools = [
            "Package lint tools",
            "piuparts",
            "duck",
            "adequate",
            "i18nspector",
            "Porting tools",
            "dpkg-cross",
            "Documentation",
            "Templates",
            "e-mail",
        ];
        assert_eq!(
            named_in(&tools),
            ["piuparts", "duck", "adequate", "i18nspector", "dpkg-cross"]
        );
    }

    /// The names [`named_sections`] finds in sections headed by `headings`, one sentence each.
    fn named_in(headings: &[&str]) -> Vec<String> {
        let units: Vec<(String, Vec<u32>)> = headings
            .iter()
            .enumerate()
            .map(|(i, h)| (h.to_string(), vec![i as u32]))
            .collect();
        named_sections(&units, |_| Vec::new())
            .into_iter()
            .map(|(f, _)| f.text)
            .collect()
    }

    #[test]
    fn headings_name_what_they_document() {
        // (heading, the name it documents)
        for (heading, name) in [
            ("The debc command", Some("debc")),
            ("The dak ls utility", Some("dak ls")),
            ("The Debian package", None),
            ("The new package", None),
            (
                "Upstream source location: debian/watch",
                Some("debian/watch"),
            ),
            (
                "Missing sources: debian/missing-sources",
                Some("debian/missing-sources"),
            ),
            (
                "dpkg-parsechangelog - produces parsed representation of a changelog",
                Some("dpkg-parsechangelog"),
            ),
            ("Debian - the universal operating system", None),
            ("Example: a simple package", None),
            ("Overview - what it does", None),
        ] {
            assert_eq!(headed_name(heading), name, "{heading}");
        }
    }
}

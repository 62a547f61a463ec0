//! The class a text puts a name in by example: "higher level commands such as gbp
//! buildpackage and pbuilder" (pbuilder is one of the higher level commands), "gcc, make and
//! other build tools", "编译参数（如 CFLAGS、LDFLAGS）", "如 make、cmake 等构建工具".
//!
//! These are Hearst's patterns: a plural class noun, a word that introduces examples, and a
//! list. A book that never defines a term often names it this way once, and the class is what
//! a reader needs first (what kind of thing it is). The patterns are of the language, not of
//! a book.
//!
//! A program a manual never defines is often named with the package it comes from ("the
//! uscan program (in the devscripts package)", "来自 devscripts 软件包的 licensecheck 工具"):
//! that is its class too, a thing of that kind from that package.
//!
//! Where a text names a term's kind with a head noun, the phrase around it often says more
//! than the kind: "the Uploaders field in the first paragraph of the debian/control file"
//! ([`kind_phrase`], English only).
//!
//! A plain list says less, but says it often: coordinated items are things of one kind, so a
//! name listed beside one whose kind the text gives is of that kind ([`listed_with`] finds the
//! list; the SDK's `build::ListKinds` looks the fellow items up).
//!
//! This module reads one sentence at a time and knows nothing of pages or the host.

/// A class the text puts a name in, and the words of the text that do so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedClass {
    /// The class noun as the text writes it: "higher level commands", "编译参数".
    pub class: String,
    /// The words of the sentence from the class noun through the list, to quote.
    pub snippet: String,
    /// Whether the class is one thing the name is an instance of ("a program, such as
    /// debconf"), not a plural of which it is one ("programs such as debconf").
    pub singular: bool,
}

/// Words that introduce examples after an English class noun.
const EN_EXAMPLES: &[&str] = &[
    "such as",
    "including",
    "like",
    "e.g.",
    "e.g.,",
    "for example",
    "for example,",
    "for instance",
    "for instance,",
    "especially",
    "notably",
    "namely",
];

/// Words that end an English class noun from before: determiners, quantifiers, pronouns,
/// prepositions, conjunctions and verbs that stand before a noun phrase.
const EN_STOP: &[&str] = &[
    "the",
    "a",
    "an",
    "of",
    "and",
    "or",
    "other",
    "some",
    "many",
    "all",
    "any",
    "various",
    "several",
    "another",
    "these",
    "those",
    "such",
    "its",
    "their",
    "our",
    "your",
    "his",
    "her",
    "my",
    "more",
    "most",
    "few",
    "each",
    "every",
    "both",
    "different",
    "certain",
    "similar",
    "to",
    "for",
    "in",
    "on",
    "with",
    "by",
    "from",
    "into",
    "at",
    "as",
    "is",
    "are",
    "be",
    "was",
    "were",
    "use",
    "using",
    "used",
    "uses",
    "that",
    "which",
    "who",
    "than",
    "not",
    "no",
    "also",
    "only",
    "even",
    "well",
    "about",
    "over",
    "under",
    "between",
    "through",
    "like",
    "unlike",
    "include",
    "includes",
    "including",
    "has",
    "have",
    "had",
    "do",
    "does",
    "can",
    "may",
    "will",
    "would",
    "should",
    "must",
    "could",
    "how",
    "what",
    "why",
    "whose",
    "whom",
    "whether",
    "there",
    "here",
    "where",
    "when",
    "if",
    "new",
];

/// Plural-looking words that are not class nouns ("this", "is", "always").
const EN_NOT_PLURAL: &[&str] = &[
    "this",
    "is",
    "was",
    "has",
    "does",
    "always",
    "sometimes",
    "perhaps",
    "thus",
    "whereas",
    "unless",
    "less",
    "its",
    "his",
    "hers",
    "ours",
    "yours",
    "theirs",
    "us",
    "yes",
    "towards",
    "besides",
    "afterwards",
    "news",
    "bus",
    "status",
    "analysis",
    "basis",
    "series",
    "species",
    "process",
    "access",
    "class",
    "address",
    "various",
    "previous",
    "obvious",
    "numerous",
    "uses",
    "allows",
    "provides",
    "contains",
    "includes",
    "requires",
    "means",
    "needs",
    "supports",
    "lets",
    "gives",
    "makes",
    "takes",
    "goes",
    "comes",
    "becomes",
    "seems",
    "works",
    "runs",
    "looks",
    "helps",
    "applies",
    "exists",
    "calls",
    "returns",
    "ones",
    "things",
    "others",
    "options",
    "items",
    "cases",
    "ways",
    "times",
    "parts",
    "types",
    "kinds",
    "sorts",
    "forms",
    "details",
];

/// Class nouns too vague to say what a thing is ("materials such as CD-ROMs", "other formal
/// actions").
const EN_VAGUE: &[&str] = &[
    "materials",
    "resources",
    "products",
    "features",
    "elements",
    "objects",
    "entities",
    "actions",
    "aspects",
    "areas",
    "issues",
    "matters",
    "stuff",
    "examples",
    "words",
    "names",
    // (typography holds an example, it is not its class: "between double quotation marks,
    // such as "aptitude safe-upgrade"")
    "marks",
    "quotes",
    "brackets",
    "parentheses",
];

/// The class `name` belongs to in `sentence` by one of Hearst's patterns, if any.
pub fn named_class(name: &str, sentence: &str, zh: bool) -> Option<NamedClass> {
    let name = name.trim();
    if name.is_empty() || sentence.len() > 2000 {
        return None;
    }
    if zh {
        zh_class(name, sentence).or_else(|| zh_package(name, sentence))
    } else {
        en_examples(name, sentence)
            .or_else(|| en_and_other(name, sentence))
            .or_else(|| en_package(name, sentence))
    }
}

/// A coordinated list that holds a name: the other items and the words of the list, to
/// quote ("AZW3, MOBI, PRC, AZW1, TPZ, PDF and TXT"; "dpkg、apt-get、aptitude 等").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The list's other items, in their order.
    pub siblings: Vec<String>,
    /// The list as the sentence writes it, first item to last.
    pub snippet: String,
}

/// An item of a list that [`listed_with`] reads: one token of a name's characters (letters,
/// digits and `-_./+`), as programs, formats and acronyms are written.
fn list_token(t: &str) -> bool {
    let t = t.trim_matches(|c: char| "\"'`“”‘’*".contains(c));
    !t.is_empty()
        && t.chars().count() <= 40
        && t.chars().any(char::is_alphabetic)
        && t.chars()
            .all(|c| c.is_alphanumeric() || "-_./+".contains(c))
        && !t.ends_with(['.', '/'])
}

/// The list `name` is an item of in `sentence`, with two other items or more: items of one
/// token each, joined by commas ("a, b, and c", "a, b or c") in English, by 、 (and a last
/// 和, 与, 及, 或) in Chinese. Coordinated items are things of one kind (the Kindle supports
/// AZW3, MOBI and PDF: formats all), so the list says what kind of thing a name the text
/// never describes is, where it describes one of the others. None where `name` is in no
/// such list.
pub fn listed_with(name: &str, sentence: &str, zh: bool) -> Option<Listed> {
    let name = name.trim();
    if name.is_empty() || sentence.len() > 2000 || !list_token(name) {
        return None;
    }
    let seps: &[&str] = if zh {
        &["、", "和", "与", "與", "及", "或"]
    } else {
        &[", and ", ", or ", ", ", " and ", " or "]
    };
    let is_tok = |c: char| c.is_alphanumeric() && (!zh || c.is_ascii()) || "-_./+".contains(c);
    // (a full stop or a slash after a name runs it on only before more of it: "PDF." ends)
    let continues = |rest: &str| {
        let mut cs = rest.chars();
        match cs.next() {
            Some(c @ ('.' | '/')) => {
                let _ = c;
                cs.next()
                    .is_some_and(|n| n.is_alphanumeric() && (!zh || n.is_ascii()))
            }
            Some(c) => is_tok(c),
            None => false,
        }
    };
    for (at, _) in sentence.match_indices(name) {
        let end = at + name.len();
        let whole =
            !sentence[..at].chars().next_back().is_some_and(is_tok) && !continues(&sentence[end..]);
        if !whole {
            continue;
        }
        // walk left: separator, token, separator, token ...
        let mut items: Vec<(usize, usize)> = vec![(at, end)];
        let mut commas = 0;
        let mut start = at;
        loop {
            let head = sentence[..start].trim_end_matches(' ');
            let Some(sep) = seps.iter().find(|s| head.ends_with(s.trim_end())) else {
                break;
            };
            let sep = sep.trim_end();
            let before = head[..head.len() - sep.len()].trim_end_matches(' ');
            let tok_start = before
                .char_indices()
                .rev()
                .take_while(|(_, c)| is_tok(*c))
                .last()
                .map(|(i, _)| i);
            let Some(ts) = tok_start else { break };
            if !list_token(&before[ts..]) {
                break;
            }
            commas += usize::from(sep.contains(',') || sep == "、");
            items.insert(0, (ts, before.len()));
            start = ts;
        }
        // walk right
        let mut stop = end;
        loop {
            let tail = &sentence[stop..];
            // (a Chinese text may space a name in Latin letters off its separator: "apt-get 和")
            let pad = if zh {
                tail.len() - tail.trim_start_matches(' ').len()
            } else {
                0
            };
            let Some(sep) = seps.iter().find(|s| tail[pad..].starts_with(**s)) else {
                break;
            };
            let after = &tail[pad + sep.len()..];
            let after_t = after.trim_start_matches(' ');
            let skip = tail.len() - after_t.len();
            let len: usize = after_t
                .chars()
                .take_while(|c| is_tok(*c))
                .map(char::len_utf8)
                .sum();
            // (a token that ends a sentence leaves its full stop: "PDF and TXT.")
            let tok = after_t[..len].trim_end_matches('.');
            if !list_token(tok) {
                break;
            }
            commas += usize::from(sep.contains(',') || *sep == "、");
            items.push((stop + skip, stop + skip + tok.len()));
            stop = stop + skip + tok.len();
        }
        // (a last item that runs on into a phrase is a modifier, not an item: "or similar
        // directories" holds no item "similar", "and other tools" no "other")
        let last_end = items[items.len() - 1].1;
        let after_last = sentence[last_end..].trim_start_matches(['"', '\'', '`', '”', '’', '*']);
        let runs_on = !zh
            && after_last
                .strip_prefix(' ')
                .is_some_and(|r| r.starts_with(|c: char| c.is_alphanumeric()));
        if runs_on {
            if items[items.len() - 1].0 == at {
                continue;
            }
            items.pop();
        }
        if items.len() < 3 || commas == 0 {
            continue;
        }
        let siblings = items
            .iter()
            .filter(|&&(s, _)| s != at)
            .map(|&(s, e)| sentence[s..e].to_string())
            .collect();
        let snippet = sentence[items[0].0..items[items.len() - 1].1].to_string();
        return Some(Listed { siblings, snippet });
    }
    None
}

/// Kinds of software a package provides, as a text names them after the name ("the uscan
/// program").
const EN_PROVIDED: &[&str] = &[
    "command", "program", "tool", "utility", "script", "daemon", "library", "helper",
];

/// Whether `name` ends `text` as a whole word.
fn ends_with_word(text: &str, name: &str) -> bool {
    text.len() >= name.len()
        && text.is_char_boundary(text.len() - name.len())
        && text[text.len() - name.len()..].eq_ignore_ascii_case(name)
        && text[..text.len() - name.len()]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || "-_./".contains(c)))
}

/// A package's name: lower-case letters, digits and `.+-`.
fn package_name(w: &str) -> bool {
    !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || ".+-".contains(c))
        && w.starts_with(|c: char| c.is_ascii_alphanumeric())
}

/// The package a program comes from: "the uscan program (in the devscripts package)", "the
/// dcut command from the dput-ng package".
fn en_package(name: &str, sentence: &str) -> Option<NamedClass> {
    for (at, _) in sentence.match_indices(" package") {
        let after = &sentence[at + " package".len()..];
        if after.starts_with(|c: char| c.is_alphanumeric() || c == '-') {
            continue;
        }
        let before = &sentence[..at];
        let package = before.rsplit(' ').next().unwrap_or("");
        if !package_name(package) {
            continue;
        }
        let Some(rest) = before[..before.len() - package.len()]
            .trim_end()
            .strip_suffix("the")
        else {
            continue;
        };
        let rest = rest.trim_end();
        let Some(rest) = ["from", "in", "of", "provided by", "part of"]
            .iter()
            .find_map(|p| rest.strip_suffix(p))
        else {
            continue;
        };
        let rest = rest.trim_end();
        let opened = rest.ends_with('(');
        let rest = rest.trim_end_matches(['(', ',', ' ']);
        let unquoted = |r: &str| r.trim_end_matches(['`', '"', '”', '’', ' ']).len();
        let Some(head) = EN_PROVIDED.iter().find(|h| {
            rest.strip_suffix(**h)
                .is_some_and(|r| ends_with_word(&r[..unquoted(r)], name))
        }) else {
            continue;
        };
        let named = &rest[..unquoted(&rest[..rest.len() - head.len()])];
        let mut start = named.len() - name.len();
        if named[..start].ends_with("the ") {
            start -= 4;
        }
        let mut snippet = sentence[start..at + " package".len()].to_string();
        if opened {
            snippet.push(')');
        }
        return Some(NamedClass {
            class: format!("{head} from the {package} package"),
            snippet,
            singular: true,
        });
    }
    None
}

/// Kinds of software a package provides, in Chinese ("licensecheck 工具").
const ZH_PROVIDED: &[&str] = &[
    "工具",
    "命令",
    "程序",
    "脚本",
    "腳本",
    "守护进程",
    "库",
    "庫",
];

/// The package a program comes from, in Chinese: "来自 devscripts 软件包的 licensecheck 工具",
/// "devscripts 软件包中的 licensecheck 命令", "Y 软件包提供的 X 工具".
fn zh_package(name: &str, sentence: &str) -> Option<NamedClass> {
    for (at, _) in sentence.match_indices(name) {
        // the kind after the name
        let after = sentence[at + name.len()..].trim_start();
        let Some(head) = ZH_PROVIDED.iter().find(|h| after.starts_with(**h)) else {
            continue;
        };
        // (or said after it: "debsign 命令由 devscripts 软件包提供", "debuild 命令同样由
        // devscripts 软件包提供")
        let said = after[head.len()..].trim_start();
        let said = ["同样", "同樣", "也", "均", "都"]
            .iter()
            .find_map(|a| said.strip_prefix(a))
            .unwrap_or(said);
        let by = said.trim_start().strip_prefix('由').map(str::trim_start);
        if let Some(by) = by
            && let Some(package) = by
                .split(|c: char| !(c.is_ascii_alphanumeric() || ".+-".contains(c)))
                .next()
            && package_name(package)
            && let Some(provided) = ["软件包提供", "軟件包提供", "包提供"]
                .iter()
                .find_map(|p| by[package.len()..].trim_start().strip_prefix(p))
        {
            let end = sentence.len() - provided.len();
            return Some(NamedClass {
                class: format!("来自 {package} 软件包的{head}"),
                snippet: sentence[at..end].trim().to_string(),
                singular: true,
            });
        }
        let before = sentence[..at].trim_end();
        let Some(rest) = ["提供的", "中的", "的"]
            .iter()
            .find_map(|l| before.strip_suffix(l))
        else {
            continue;
        };
        let rest = rest.trim_end();
        let Some(rest) = ["软件包", "軟件包", "包"]
            .iter()
            .find_map(|p| rest.strip_suffix(p))
        else {
            continue;
        };
        let rest = rest.trim_end();
        let Some(package) = rest
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || ".+-".contains(c)))
            .next()
        else {
            continue;
        };
        if !package_name(package) {
            continue;
        }
        let mut start = rest.len() - package.len();
        let from = rest[..start].trim_end();
        if let Some(w) = ["来自", "來自"].iter().find(|w| from.ends_with(**w)) {
            start = from.len() - w.len();
        }
        let end = sentence.len() - after.len() + head.len();
        return Some(NamedClass {
            class: format!("来自 {package} 软件包的{head}"),
            snippet: sentence[start..end].trim().to_string(),
            singular: true,
        });
    }
    None
}

/// The list items of an English list: split at commas and at "and"/"or", each without an
/// article and its quotes.
fn en_items(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for part in list.split(',') {
        let mut rest = part.trim();
        for lead in ["and ", "or "] {
            if let Some(r) = rest.strip_prefix(lead) {
                rest = r;
            }
        }
        for item in rest.split(" and ").flat_map(|p| p.split(" or ")) {
            let mut t = item.trim();
            for article in ["the ", "a ", "an "] {
                if let Some(r) = t.strip_prefix(article) {
                    t = r;
                }
            }
            let t = t.trim_matches(|c: char| "\"'`“”‘’*".contains(c)).trim();
            if !t.is_empty() {
                out.push(t);
            }
        }
    }
    out
}

/// The English class noun that ends `head` (the words before "such as"): a plural noun and
/// up to three modifiers before it, lower case or acronyms.
fn en_class_before(head: &str) -> Option<(String, usize, bool)> {
    let head = head.trim_end_matches([',', '(', ' ']);
    let words: Vec<(usize, &str)> = head
        .split(' ')
        .scan(0usize, |at, w| {
            let start = *at;
            *at += w.len() + 1;
            Some((start, w))
        })
        .filter(|(_, w)| !w.is_empty())
        .collect();
    let &(mut start, last) = words.last()?;
    // (a singular noun after "a" or "another": "a program, such as debconf", "another patch
    // system such as dpatch")
    let singular = last.len() >= 3
        && last.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        && !EN_STOP.contains(&last)
        && words
            .iter()
            .rev()
            .skip(1)
            .take(3)
            .find(|(_, w)| {
                !(w.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !EN_STOP.contains(w))
            })
            .is_some_and(|(_, w)| ["a", "an", "another"].contains(w));
    let plural = singular
        || last.len() >= 4
            && last.ends_with('s')
            && !last.ends_with("ss")
            && !last.ends_with("us")
            && last.chars().all(|c| c.is_ascii_lowercase() || c == '-')
            && !EN_NOT_PLURAL.contains(&last)
            && !EN_STOP.contains(&last);
    if !plural || EN_VAGUE.contains(&last) {
        return None;
    }
    let mut n = 1;
    for &(at, w) in words.iter().rev().skip(1) {
        let acronym = w.len() >= 2
            && w.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        let lower = w.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        // (a count is no modifier of the class: "four directories, namely …")
        let count = [
            "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "several",
            "various", "numerous",
        ]
        .contains(&w);
        if n >= 4 || !(lower || acronym) || EN_STOP.contains(&w) || w.ends_with("ly") || count {
            break;
        }
        start = at;
        n += 1;
    }
    // (a class cut from a longer name: "Rust based programs", not "based programs")
    let first = head[start..].split(' ').next().unwrap_or("");
    let cut = words
        .iter()
        .rev()
        .find(|(at, _)| *at < start)
        .is_some_and(|(at, w)| *at > 0 && w.starts_with(|c: char| c.is_uppercase()));
    if cut || first.ends_with("based") {
        return None;
    }
    Some((
        head[start..].to_string(),
        start,
        singular && !last.ends_with('s'),
    ))
}

/// Whether `item` is `name` (case aside), or the last item opens with it and runs on into the
/// sentence's verb ("… and pbuilder ensures the perfect …").
fn en_item_is(item: &str, name: &str, last: bool) -> bool {
    if item.eq_ignore_ascii_case(name) {
        return true;
    }
    last && item.len() > name.len()
        && item.is_char_boundary(name.len())
        && item[..name.len()].eq_ignore_ascii_case(name)
        && item[name.len()..].starts_with(' ')
        && {
            // a verb: "are", "can", or a word in -s or -ed before an article or a preposition
            // ("pbuilder ensures the …"; not "the package maintainer scripts")
            let mut words = item[name.len()..].split_whitespace();
            let w = words.next().unwrap_or("");
            let next = words.next().unwrap_or("");
            [
                "are", "is", "was", "were", "can", "will", "must", "should", "may", "do", "does",
            ]
            .contains(&w)
                || w.chars().all(|c| c.is_ascii_lowercase())
                    && (w.ends_with('s') && !w.ends_with("ss") || w.ends_with("ed"))
                    && [
                        "the", "a", "an", "that", "to", "in", "on", "by", "with", "for", "its",
                        "their", "all", "any", "it", "them", "this", "these", "when", "if", "as",
                        "from", "at", "under", "into", "only",
                    ]
                    .contains(&next)
        }
}

/// "N such as A, B and X", "N (e.g. X)", "N, including X".
fn en_examples(name: &str, sentence: &str) -> Option<NamedClass> {
    let lower = sentence.to_lowercase();
    for word in EN_EXAMPLES {
        for (at, _) in lower.match_indices(word) {
            let before = &sentence[..at];
            let after = &sentence[at + word.len()..];
            // whole words: " such as ", "(e.g. "
            if !before.ends_with([' ', '(']) || !after.starts_with(' ') {
                continue;
            }
            let head = before.trim_end_matches(['(', ' ']);
            // ("N, such as X"; not a clause: "…, like the others")
            let head = head.strip_suffix(',').unwrap_or(head);
            let Some((class, start, singular)) = en_class_before(head) else {
                continue;
            };
            let end = after
                .find(['.', ';', ':', ')', '(', '!', '?', '—'])
                .unwrap_or(after.len());
            let list = &after[..end];
            let list = list.split(" and other ").next().unwrap_or(list);
            let list = list.split(" etc").next().unwrap_or(list);
            let items = en_items(list);
            let n = items.len();
            // ("like" introduces examples as a list of names, "tools like dpkg and apt", or as
            // one named thing after a class of one, "a device, like the Cybook Gen 3"; one
            // thing after a plural, a thing with "a", or a common noun is a simile: "bellies
            // like Indian ships", "a head like a Roman", "dashed one, like the swell")
            // (in brackets it gives examples still: "existing formats (like EPUB)")
            if *word == "like" && !before.ends_with('(') {
                let first = after.trim_start();
                let named = first.strip_prefix("the ").unwrap_or(first);
                let simile = ["a ", "an ", "A ", "An "].iter().any(|a| first.starts_with(a))
                    || first.starts_with("the ") && !named.starts_with(char::is_uppercase)
                    // (one name alone after a plural is an example still, "tools like
                    // lintian", "tools like dh_strip"; one that runs on into a noun phrase is
                    // not, "bellies like Indian ships")
                    || n < 2 && !singular && items.first().is_some_and(|it| !it.eq_ignore_ascii_case(name));
                if simile {
                    continue;
                }
            }
            if let Some((i, item)) = items
                .iter()
                .enumerate()
                // (any item may run on into the sentence's verb: the list is cut at a full
                // stop, not at the clause's end)
                .find(|(_, it)| en_item_is(it, name, true))
            {
                // (a list of names, not a clause: "teams, e.g. remove yourself from … or salsa")
                if items[..i]
                    .iter()
                    .any(|it| it.split_whitespace().count() > 4)
                    || item.split_whitespace().count() > 4 && !item.starts_with(name)
                {
                    continue;
                }
                // the snippet runs to the name's end in the list
                let list_start = at + word.len();
                let in_list = sentence[list_start..].find(name).or_else(|| {
                    sentence[list_start..]
                        .to_lowercase()
                        .find(&name.to_lowercase())
                })?;
                let mut snippet_end = list_start + in_list + name.len();
                // the rest of the list, when it is names ("A, B and C"), not a clause
                // ("/usr/bin, obeying the Filesystem Hierarchy Standard")
                let names_follow = items[i + 1..].iter().all(|it| {
                    it.split_whitespace().count() <= 3
                        && !it.split_whitespace().any(|w| w.ends_with("ing"))
                });
                if i + 1 < n && names_follow && end - (snippet_end - list_start) <= 60 {
                    snippet_end = list_start + end;
                }
                let mut snippet = sentence[start..snippet_end]
                    .trim()
                    .trim_end_matches(',')
                    .to_string();
                if before.ends_with('(') {
                    snippet.push(')');
                }
                return Some(NamedClass {
                    class,
                    snippet,
                    singular,
                });
            }
        }
    }
    None
}

/// "A, B and other N", "X or other N".
fn en_and_other(name: &str, sentence: &str) -> Option<NamedClass> {
    for sep in [" and other ", " or other "] {
        for (at, _) in sentence.match_indices(sep) {
            let tail = &sentence[at + sep.len()..];
            let words: Vec<&str> = tail
                .split(|c: char| c == ' ' || ",.;:()".contains(c))
                .take_while(|w| {
                    !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                })
                .take(3)
                .collect();
            // the class: the words up to the last plural among them
            let Some(k) = words.iter().rposition(|w| {
                w.len() >= 4 && w.ends_with('s') && !w.ends_with("ss") && !EN_NOT_PLURAL.contains(w)
            }) else {
                continue;
            };
            let class = words[..=k].join(" ");
            if words[..=k].iter().any(|w| EN_STOP.contains(w)) || EN_VAGUE.contains(&words[k]) {
                continue;
            }
            let head = &sentence[..at];
            let from = head
                .rfind(['.', ';', ':', '(', '!', '?'])
                .map_or(0, |i| i + 1);
            let from = ["such as ", "including ", "like "]
                .iter()
                .filter_map(|w| head[from..].rfind(w).map(|i| from + i + w.len()))
                .max()
                .unwrap_or(from);
            let list = &head[from..];
            let items = en_items(list);
            // (the items are the list's own, short: not a clause that ends in one)
            let Some(pos) = items.iter().position(|it| it.eq_ignore_ascii_case(name)) else {
                continue;
            };
            if items.len() > 1
                && items[..pos]
                    .iter()
                    .any(|it| it.split_whitespace().count() > 4)
            {
                continue;
            }
            let start = head[from..].find(items[0]).map_or(from, |i| from + i);
            let snippet = format!("{} {}", sentence[start..at].trim(), &sep[1..]) + &class;
            return Some(NamedClass {
                class,
                snippet,
                singular: false,
            });
        }
    }
    None
}

/// Characters that separate the items of a Chinese list.
fn zh_item_sep(c: char) -> bool {
    "、，,和与與及或/".contains(c)
}

/// The items of a Chinese list, without quotes and a trailing 等.
fn zh_items(list: &str) -> Vec<String> {
    list.replace("以及", "、")
        .split(zh_item_sep)
        .map(|t| {
            t.trim()
                .trim_end_matches('等')
                .trim_matches(|c: char| "“”\"《》「」『』`'‘’ ".contains(c))
                .trim()
                .to_string()
        })
        .filter(|t| !t.is_empty())
        .enumerate()
        // (the first item runs on from the clause's verb: "使用 git、svn 等" — a name in Latin
        // letters after ideographs is the item)
        .map(|(i, t)| match t.rfind(cjk) {
            Some(at) if i == 0 && !t.is_ascii() && t[at..].chars().count() > 1 => {
                let tail = t[at + t[at..].chars().next().map_or(0, char::len_utf8)..].trim();
                if tail.is_empty() { t } else { tail.to_string() }
            }
            _ => t,
        })
        .collect()
}

/// Whether `c` is a CJK ideograph.
fn cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c)
}

/// Words after which a Chinese class noun starts ("导出各个|编译参数", "使用的|构建工具").
const ZH_BEFORE_CLASS: &[&str] = &[
    "的", "各个", "各個", "各种", "各種", "一些", "某些", "其他", "其它", "所有", "这些", "這些",
    "那些", "多个", "多個", "多种", "多種", "许多", "許多", "很多", "不同", "以及", "和", "与",
    "與", "及", "或", "并", "並", "了", "将", "將", "把", "对", "對", "是", "有", "用", "为", "為",
    "些", "种", "種", "个", "個", "等",
];

/// A Chinese class noun: 2 to 6 ideographs (Latin words allowed before them, "GUI 工具").
fn zh_class_ok(class: &str) -> bool {
    let n = class.chars().filter(|c| cjk(*c)).count();
    (2..=6).contains(&n) && class.chars().last().is_some_and(cjk)
}

/// Words that open a noun phrase ("一些|构建标志", "的|路径"): a class before "，如" needs one.
const ZH_NOUN_OPENERS: &[&str] = &[
    "的", "各个", "各個", "各种", "各種", "一些", "某些", "其他", "其它", "所有", "这些", "這些",
    "那些", "多个", "多個", "多种", "多種", "许多", "許多", "很多", "不同",
];

/// The Chinese class noun that ends `head` (the words before "（如"). After a comma ("…，如")
/// the noun must open after a word that opens a noun phrase: "设置一些构建标志，如 …" (not
/// the verb of "使用“,”进行分隔，例如 …").
fn zh_class_before(head: &str, after_comma: bool) -> Option<String> {
    let run_start = head
        .char_indices()
        .rev()
        .take_while(|(_, c)| cjk(*c) || c.is_ascii_alphabetic() || *c == ' ')
        .last()
        .map(|(i, _)| i)?;
    let mut run = &head[run_start..];
    if after_comma
        && !ZH_NOUN_OPENERS.iter().any(|w| {
            run.rfind(w)
                .is_some_and(|i| run[i + w.len()..].chars().count() >= 2)
        })
    {
        return None;
    }
    let whole = run;
    if let Some(cut) = ZH_BEFORE_CLASS
        .iter()
        .filter_map(|w| run.rfind(w).map(|i| i + w.len()))
        .max()
    {
        run = &run[cut..];
    }
    // (a class the words right before it deny names what the item is not: "其它非 Debian
    // 的档案库，例如 Ubuntu"; not "非常", very)
    let modifier: String = {
        let before: Vec<char> = whole[..whole.len() - run.len()].chars().collect();
        before[before.len().saturating_sub(16)..].iter().collect()
    };
    if modifier
        .match_indices('非')
        .any(|(i, _)| !modifier[i..].starts_with("非常"))
        || ["不是", "不属于", "不屬於"]
            .iter()
            .any(|w| modifier.contains(w))
    {
        return None;
    }
    let run = run.trim();
    zh_class_ok(run).then(|| run.to_string())
}

/// The Chinese class noun that opens `tail` (the words after "等").
fn zh_class_after(tail: &str) -> Option<String> {
    let run: String = tail.trim_start().chars().take_while(|c| cjk(*c)).collect();
    // up to the first particle or verb that ends a noun phrase
    let mut end = run.len();
    for w in [
        "的", "都", "也", "会", "會", "可", "在", "是", "时", "時", "中", "上", "和", "与", "來",
        "来", "进行", "進行",
    ] {
        if let Some(i) = run.find(w)
            && i > 0
        {
            end = end.min(i);
        }
    }
    let class = &run[..end];
    zh_class_ok(class).then(|| class.to_string())
}

/// Words that introduce examples in Chinese; 如 not in 如果, 如何, 如下, 如此 ….
fn zh_example_word(s: &str) -> Option<usize> {
    for w in ["例如", "比如", "诸如", "諸如", "譬如", "包括", "如"] {
        if let Some(r) = s.strip_prefix(w) {
            if w == "如"
                && r.starts_with([
                    '果', '何', '下', '此', '同', '今', '意', '若', '是', '实', '實',
                ])
            {
                return None;
            }
            return Some(w.len());
        }
    }
    None
}

/// "N（如 A、X）", "N，例如 A、X", "如 A、X 等 N", "A、X 等 N".
fn zh_class(name: &str, sentence: &str) -> Option<NamedClass> {
    let is_name = |items: &[String]| items.iter().any(|i| i.eq_ignore_ascii_case(name));
    // N（如 …）/ N，如 …
    for (at, c) in sentence.char_indices() {
        if !"（(，,".contains(c) {
            continue;
        }
        let after = &sentence[at + c.len_utf8()..];
        let after_t = after.trim_start();
        let Some(w) = zh_example_word(after_t) else {
            continue;
        };
        let list_from = &after_t[w..];
        let close: &[char] = if "（(".contains(c) {
            &['）', ')']
        } else {
            &['。', '；', '：', '）']
        };
        let end = list_from.find(close).unwrap_or(list_from.len());
        let list = &list_from[..end];
        // (a list that ends "… 等 N" names its class after it)
        let (list, class_after) = match list.rfind('等') {
            Some(i) => (&list[..i], zh_class_after(&list[i + '等'.len_utf8()..])),
            None => (list, None),
        };
        let items = zh_items(list);
        if !is_name(&items) || items.iter().any(|i| i.chars().count() > 30) {
            continue;
        }
        let class = class_after.or_else(|| zh_class_before(&sentence[..at], !"（(".contains(c)));
        let Some(class) = class else { continue };
        let start = sentence[..at].rfind(class.as_str()).unwrap_or(at);
        let snippet_end =
            (at + c.len_utf8() + (after.len() - after_t.len()) + w + end).min(sentence.len());
        let mut snippet = sentence[start..snippet_end].trim().to_string();
        if "（(".contains(c) {
            snippet.push('）');
        }
        return Some(NamedClass {
            class,
            snippet,
            singular: false,
        });
    }
    // A、X 等 N (the list from the clause's start, or from 如)
    for (at, _) in sentence.match_indices('等') {
        let Some(class) = zh_class_after(&sentence[at + '等'.len_utf8()..]) else {
            continue;
        };
        let head = &sentence[..at];
        let from = head
            .rfind(['。', '；', '：', '，', '（', '(', '“'])
            .map_or(0, |i| {
                i + head[i..].chars().next().map_or(1, char::len_utf8)
            });
        let mut list = &head[from..];
        let mut start = from;
        if let Some(i) = ["例如", "比如", "诸如", "如", "像", "包括"]
            .iter()
            .filter_map(|w| list.rfind(w).map(|i| i + w.len()))
            .max()
        {
            start = from + i;
            list = &list[i..];
        }
        // at least two items, or one after 如: "如 X 等 N"
        let items = zh_items(list);
        if !is_name(&items) || items.iter().any(|i| i.chars().count() > 20) {
            continue;
        }
        if items.len() < 2 && start == from {
            continue;
        }
        let snippet_end = at
            + '等'.len_utf8()
            + sentence[at + '等'.len_utf8()..].find(class.as_str())?
            + class.len();
        let snippet = sentence[start..snippet_end].trim().to_string();
        return Some(NamedClass {
            class,
            snippet,
            singular: false,
        });
    }
    None
}

/// Words that open an English modifier after a kind's head, saying more of the thing: "the
/// Homepage field of the Source section in debian/control", "the dput command for uploading".
const EN_POST: &[&str] = &[
    "of",
    "in",
    "for",
    "from",
    "on",
    "used",
    "that",
    "which",
    "provided",
    "described",
    "containing",
    "holding",
    "listing",
    "defined",
    "shipped",
    "installed",
    "called",
];

/// Words a modifier after a kind's head does not end with ("… of the", "… in a").
const EN_DANGLING: &[&str] = &[
    "the", "a", "an", "of", "in", "for", "from", "on", "to", "and", "or", "with", "by", "that",
    "which", "its", "their", "as", "at", "is", "are", "be",
];

/// Words that end a modifier after a kind's head: a conjunction, a preposition or a verb that
/// opens what the sentence says next ("an alias dquilt for Debian packaging | by adding …").
const EN_MODIFIER_END: &[&str] = &[
    "by", "and", "or", "but", "so", "when", "if", "because", "while", "as", "is", "are", "was",
    "were", "must", "should", "can", "will", "may", "to", "then", "where", "before", "after",
    "until", "unless", "since", "than", "has", "have", "with", "using",
];

/// The English sentence around a mention (at `at..end`) for [`kind_phrase`]: from the line's
/// start or the last full stop before it to the line's end or the next full stop.
fn sentence_around(text: &str, at: usize, end: usize) -> (usize, usize) {
    let mut start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let mut stop = text[end..].find('\n').map_or(text.len(), |i| end + i);
    // (a full stop ends an English sentence only before a space: not in "debian/rules.d")
    if let Some(i) = text[start..at].rfind(". ") {
        start += i + 2;
    }
    if let Some(i) = text[end..stop].find(". ") {
        stop = end + i + 1;
    }
    (start, stop)
}

/// The words after a name past its release number: " desktop environment" of " 4.8 desktop
/// environment" ("the Xfce 4.8 desktop environment"); the words as they are where no number
/// follows, or where it ends the sentence.
fn skip_release(after: &str) -> &str {
    let Some(r) = after.strip_prefix(' ') else {
        return after;
    };
    let end = r
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(r.len());
    let number = &r[..end];
    if number.starts_with(|c: char| c.is_ascii_digit())
        && !number.ends_with('.')
        && r[end..].starts_with(' ')
    {
        &r[end..]
    } else {
        after
    }
}

/// The noun phrase in which an English `sentence` names `name` with a kind's head noun (`head`,
/// "field") and says more of it than the kind, in a modifier after the head: "the Homepage
/// field of the Source section in debian/control", "an alias dquilt for Debian packaging".
/// None where the phrase says no more than "the X field" (that is the kind alone) and where a
/// word stands between the article and the name ("the systemd init system": the name only
/// modifies the head there). English only: a Chinese modifier before the name runs back into
/// the clause's verb ("以下是 gentoo 的 doc-base 文件").
pub fn kind_phrase(name: &str, head: &str, sentence: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() || head.is_empty() || sentence.len() > 2000 {
        return None;
    }
    let lower = sentence.to_lowercase();
    let lname = name.to_lowercase();
    if lower.len() != sentence.len() {
        return None;
    }
    let word_before = |i: usize| {
        lower[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || "-_./@".contains(c))
    };
    for (at, _) in lower.match_indices(&lname) {
        let end = at + lname.len();
        if word_before(at)
            || lower[end..].starts_with(|c: char| c.is_alphanumeric() || "-_@".contains(c))
        {
            continue;
        }
        let (s_start, s_end) = sentence_around(sentence, at, end);
        let quotes: &[char] = &['`', '"', '\'', '“', '”', '‘', '’', '*'];
        let after = skip_release(lower[end..s_end].trim_start_matches(quotes));
        let before = lower[s_start..at].trim_end_matches(quotes);
        // "the X field" (head after) or "an alias X" (head before)
        let (phrase_start, phrase_end) = if let Some(r) = after
            .strip_prefix(' ')
            .and_then(|r| r.strip_prefix(head))
            .filter(|r| !r.starts_with(|c: char| c.is_alphanumeric()))
        {
            let head_end = s_end - r.len();
            // (the article right before the name: a word between them makes the name a
            // modifier of the head more often than the head's name, "the systemd init system")
            let Some(article) = ["the ", "an ", "a "].iter().find(|a| {
                before
                    .strip_suffix(**a)
                    .is_some_and(|r| r.is_empty() || r.ends_with(' '))
            }) else {
                continue;
            };
            (s_start + before.len() - article.len(), head_end)
        } else if let Some(b) = before.strip_suffix(' ').and_then(|b| b.strip_suffix(head)) {
            let Some(article) = ["the ", "an ", "a "].iter().find(|a| b.ends_with(**a)) else {
                continue;
            };
            if b.len() > article.len() && word_before(s_start + b.len() - article.len()) {
                continue;
            }
            (s_start + b.len() - article.len(), end)
        } else {
            continue;
        };
        // the modifier after the phrase, to the clause's end, at most ten words
        let rest = &sentence[phrase_end..s_end];
        let opened = rest.strip_prefix(',').unwrap_or(rest);
        let post = opened.strip_prefix(' ').is_some_and(|r| {
            EN_POST
                .iter()
                .any(|w| r.strip_prefix(w).is_some_and(|x| x.starts_with(' ')))
        });
        let mut stop = phrase_end;
        if post {
            let clause = &sentence[phrase_end + (rest.len() - opened.len())..s_end];
            let clause_end = clause
                .find([',', ';', ':', '(', ')', '!', '?', '—'])
                .unwrap_or(clause.len());
            let clause = clause[..clause_end].trim_end_matches('.');
            // (each word's end in the clause)
            let mut ends: Vec<(usize, &str)> = Vec::new();
            let mut from = 0;
            for (n, w) in clause.split_whitespace().take(10).enumerate() {
                // ("used to discuss …" goes on past its "to")
                let purpose = w == "to" && ends.last().is_some_and(|(_, p)| *p == "used");
                if n > 0 && !purpose && EN_MODIFIER_END.contains(&w.to_lowercase().as_str()) {
                    break;
                }
                let i = from + clause[from..].find(w).unwrap_or(0);
                from = i + w.len();
                ends.push((from, w));
            }
            while ends
                .last()
                .is_some_and(|(_, w)| EN_DANGLING.contains(&w.to_lowercase().as_str()))
            {
                ends.pop();
            }
            if ends.len() >= 2 {
                stop = phrase_end + (rest.len() - opened.len()) + ends[ends.len() - 1].0;
            }
        }
        if stop == phrase_end {
            continue;
        }
        let snippet = sentence[phrase_start..stop].trim();
        return Some(snippet.to_string());
    }
    None
}

/// Words that end the clause before a kind's phrase where [`kind_clause`] reads back from
/// it: a preposition or a conjunction that joins the phrase to what comes before.
const EN_CLAUSE_START: &[&str] = &[
    "with", "in", "of", "for", "to", "by", "on", "from", "into", "at", "via", "as", "and", "or",
    "but", "than", "like", "about", "if", "when", "while", "because", "unless", "whether", "that",
    "where", "so",
];

/// The clause in which an English `sentence` names `name` with a kind's head noun (`head`)
/// where the phrase itself says no more than the kind ("the AZW3 format"): the words before
/// it that say what is done with it or what it belongs to, read back to the sentence's or
/// the clause's start, a preposition or a conjunction, six words at most ("The Amazon Kindle
/// which supports the AZW3 format", "build daemons running the buildd program"). The phrase
/// is "the/a/an NAME HEAD", the article right before the name. None where fewer than two words
/// stand before it (the phrase alone is the kind line again).
pub fn kind_clause(name: &str, head: &str, sentence: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() || head.is_empty() || sentence.len() > 2000 {
        return None;
    }
    let lower = sentence.to_lowercase();
    if lower.len() != sentence.len() {
        return None;
    }
    let lname = name.to_lowercase();
    for (at, _) in lower.match_indices(&lname) {
        let end = at + lname.len();
        if lower[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || "-_./@".contains(c))
        {
            continue;
        }
        let Some(after_head) = skip_release(&lower[end..])
            .strip_prefix(' ')
            .and_then(|r| r.strip_prefix(head))
            .filter(|r| !r.starts_with(|c: char| c.is_alphanumeric() || c == '-'))
        else {
            continue;
        };
        let phrase_end = lower.len() - after_head.len();
        let Some(article) = ["the ", "an ", "a "].iter().find(|a| {
            lower[..at]
                .strip_suffix(**a)
                .is_some_and(|r| r.is_empty() || r.ends_with(' '))
        }) else {
            continue;
        };
        let phrase_start = at - article.len();
        let (s_start, _) = sentence_around(sentence, at, end);
        let before = &sentence[s_start..phrase_start];
        // (back to a clause's break)
        let before = before
            .rfind([',', ';', ':', '(', ')', '—', '"', '“', '”'])
            .map_or(before, |i| &before[i + 1..]);
        let mut words: Vec<&str> = Vec::new();
        for w in before.split_whitespace().rev() {
            if EN_CLAUSE_START.contains(&w.to_lowercase().as_str()) || words.len() >= 6 {
                break;
            }
            words.push(w);
        }
        words.reverse();
        // (a list's or an option's mark is no word of the clause: "+ This also …", "• Use …",
        // "-A Each name …")
        let marks = words
            .iter()
            .take_while(|w| !w.starts_with(|c: char| c.is_alphanumeric()))
            .count();
        let words = &words[marks..];
        // (what a clause denies is not what is done with it: "it does not run the uupdate
        // command")
        let denied = words.iter().any(|w| {
            let w = w.to_lowercase();
            ["not", "no", "never", "cannot", "nor"].contains(&w.as_str()) || w.ends_with("n't")
        });
        if words.len() < 2 || denied {
            continue;
        }
        let snippet = format!(
            "{} {}",
            words.join(" "),
            &sentence[phrase_start..phrase_end]
        );
        return Some(snippet.trim().to_string());
    }
    None
}

/// What follows a Chinese kind's head where the head runs on into a longer word that names
/// something else: "ext4 文件系统" is no file, "命令行" no command, "文件名" no file, "UTF-8 语言
/// 环境" (a locale) no language.
pub const ZH_HEAD_RUNS_ON: &[&str] = &[
    "系统", "系統", "名", "夹", "夾", "行", "树", "樹", "卡", "集", "环境", "環境",
];

/// The clause in which a Chinese `sentence` names `name` (in Latin letters) with a kind's head
/// noun (`head`, "文件"): "cmake 命令根据 CMakeLists.txt 文件和它的 -D 选项来生成 Makefile 文件",
/// "在 debian/rules 文件中添加名为 override_dh_auto_install 的目标" (a naming, "名为 X 的目标",
/// is taken first). The clause runs between the marks that end clauses; None where it is too
/// short to say more than the kind or too long to quote, asks, denies, or leans on a pronoun
/// for what it is about ("将其复制为 …", "它不包含 …").
pub fn zh_kind_clause(name: &str, head: &str, sentence: &str) -> Option<String> {
    const ENDS: &[char] = &['，', '。', '；', '：', '！', '？', ',', ';', ':', '\n'];
    let name = name.trim();
    if name.is_empty() || !name.is_ascii() || head.is_empty() || sentence.len() > 2000 {
        return None;
    }
    let mut found: Vec<(bool, String)> = Vec::new();
    for (at, _) in sentence.match_indices(name) {
        let end = at + name.len();
        if sentence[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || "-_./@$".contains(c))
            || sentence[end..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || "-_@".contains(c))
        {
            continue;
        }
        let after = sentence[end..].trim_start_matches([' ', '”', '"', '’']);
        let before = sentence[..at].trim_end_matches([' ', '“', '"', '‘']);
        let naming = ["名为", "名為", "叫做", "称为", "稱為"]
            .iter()
            .any(|n| before.ends_with(n));
        let rest = if naming {
            after.strip_prefix('的').and_then(|r| r.strip_prefix(head))
        } else {
            after.strip_prefix(head)
        };
        let Some(rest) = rest else { continue };
        if ZH_HEAD_RUNS_ON.iter().any(|l| rest.starts_with(l)) {
            continue;
        }
        let start = sentence[..at].rfind(ENDS).map_or(0, |i| {
            i + sentence[i..].chars().next().map_or(1, char::len_utf8)
        });
        let stop = sentence.len() - rest.len() + rest.find(ENDS).unwrap_or(rest.len());
        let clause = sentence[start..stop]
            .trim()
            .trim_start_matches(|c: char| "•*-·".contains(c) || c.is_whitespace())
            .trim();
        let n = clause.chars().count();
        let leans = ["其", "它", "这", "這", "此", "该", "該"]
            .iter()
            .any(|p| clause.contains(p));
        let denies = ["不", "没", "沒", "无", "無", "非"]
            .iter()
            .any(|p| clause.contains(p));
        let asks = ["吗", "嗎", "呢", "什么", "什麼", "如何", "怎么", "怎麼"]
            .iter()
            .any(|p| clause.contains(p));
        // (not a heading or a line of contents, "9.4.3. ps 命令", "4 debian 目录中的必需内容 17",
        // nor a piece of a quotation or a bracket cut at a mark inside it)
        let numbered = clause.starts_with(|c: char| c.is_ascii_digit())
            || clause.ends_with(|c: char| c.is_ascii_digit())
            || ["表", "图", "圖", "例"].iter().any(|c| {
                clause
                    .strip_prefix(c)
                    .is_some_and(|r| r.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            });
        let balanced = [('“', '”'), ('（', '）'), ('(', ')'), ('「', '」')]
            .iter()
            .all(|(o, c)| clause.matches(*o).count() == clause.matches(*c).count())
            && clause.matches('"').count() % 2 == 0;
        if n < name.chars().count() + head.chars().count() + 6
            || n > 60
            || leans
            || denies
            || asks
            || numbered
            || !balanced
        {
            continue;
        }
        found.push((naming, clause.to_string()));
    }
    // (a naming first, then the first in the text)
    found
        .iter()
        .find(|(naming, _)| *naming)
        .or_else(|| found.first())
        .map(|(_, c)| c.clone())
}

/// What a Chinese text does with a work it names in title marks, in one passage: who wrote
/// it, what it quotes of it, whether it is sung, danced or read. A work an anthology or a
/// classic names but never describes is known by this ("屈平……故憂愁幽思而作《離騷》": a
/// work of 屈平; "《康誥》曰：「克明德。」": a text the book quotes; "為之歌《小雅》": a song).
/// The verbs are of the language (作, 著, 撰, 賦 for writing; 曰 and 云 after the title for a
/// quotation; 歌, 舞, 讀), not of a book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TitleUse {
    /// "X作《W》": the heads of the clause and of the sentence before the verb, where the
    /// writer's name stands first ("祭公謀父", "屈平疾王聽之不聰也"), for the caller to
    /// match against its entries; `snippet` is the clause through the title.
    Written { heads: Vec<String>, snippet: String },
    /// "《W》曰：「…」": the title through (the opening of) the quotation.
    Quoted { snippet: String },
    /// "歌《W》", "舞《W》": the clause through the title.
    Performed { dance: bool, snippet: String },
    /// "讀《W》": the clause through the title.
    Read { snippet: String },
}

/// The verbs of writing before a work's title: "作《離騷》", "著《孤憤》".
pub const ZH_WRITING_VERBS: &[&str] = &["作", "著", "撰", "賦", "赋"];

/// Characters that end a Chinese sentence, or the part of one a subject opens.
const ZH_SENTENCE_END: &[char] = &['。', '！', '？', '；'];
/// Characters that end a Chinese clause.
const ZH_CLAUSE_END: &[char] = &[
    '。', '！', '？', '，', '；', '：', '“', '”', '「', '」', '『', '』', '‘', '’',
];

/// Where the text after the last of `ends` in `before` starts (0 where there is none).
fn zh_start_after(before: &str, ends: &[char]) -> usize {
    before
        .char_indices()
        .rev()
        .find(|(_, c)| ends.contains(c))
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// Words that open a clause before its subject: "故", "蓋", "昔", "於是".
const ZH_OPENERS: &[&str] = &[
    "於是", "于是", "是以", "故", "蓋", "盖", "昔", "乃", "而", "且", "夫", "若",
];

/// A clause or sentence without the words that open it before its subject ([`ZH_OPENERS`]).
fn zh_head(s: &str) -> String {
    let mut s = s.trim();
    for _ in 0..2 {
        if let Some(r) = ZH_OPENERS.iter().find_map(|o| s.strip_prefix(o)) {
            s = r;
        }
    }
    s.to_string()
}

/// The uses of `work` (as written between 《》) in `text`, in order ([`TitleUse`]).
pub fn zh_title_use(work: &str, text: &str) -> Vec<TitleUse> {
    let mut out = Vec::new();
    if work.is_empty() {
        return out;
    }
    let marked = format!("《{work}》");
    for (at, _) in text.match_indices(&marked) {
        let end = at + marked.len();
        let before = &text[..at];
        let after = &text[end..];
        let clause_start = zh_start_after(before, ZH_CLAUSE_END);
        let clause = &before[clause_start..];
        let snippet = format!("{}{marked}", clause.trim());
        // (a quotation: "《康誥》曰：「克明德。」", "《詩》云：「…」")
        if let Some((verb, rest)) = ["曰", "云"]
            .iter()
            .find_map(|v| Some((*v, after.strip_prefix(v)?)))
        {
            let (colon, rest) = match rest.strip_prefix(['：', ':']) {
                Some(r) => ("：", r),
                None => ("", rest),
            };
            let (open, close) = match rest.chars().next() {
                Some('「') => ("「", '」'),
                Some('“') => ("“", '”'),
                Some('『') => ("『", '』'),
                Some('‘') => ("‘", '’'),
                _ => ("", '。'),
            };
            let quoted = rest[open.len()..].split(close).next().unwrap_or("");
            let said: String = quoted.chars().take(24).collect();
            if said.chars().count() >= 2 {
                // (the quotation whole, closed as the text closes it, or its opening and "…")
                let end = match (quoted.chars().count() <= 24, open.is_empty()) {
                    (true, false) => close.to_string(),
                    (true, true) => String::new(),
                    (false, _) => "…".to_string(),
                };
                out.push(TitleUse::Quoted {
                    snippet: format!("{marked}{verb}{colon}{open}{said}{end}"),
                });
            }
            continue;
        }
        let verb_of = |vs: &[&str]| vs.iter().any(|v| clause.ends_with(v));
        if verb_of(ZH_WRITING_VERBS) {
            let head = zh_head(clause);
            let mut heads = vec![head.clone()];
            // (where the clause's subject is left out, the sentence's opens it: "屈平疾王……
            // 故憂愁幽思而作《離騷》", "孔子厄陳、蔡，作《春秋》"; not past a subject of its
            // own, "衛武公作《抑戒》")
            let elided = head.len() < clause.trim().len()
                || head.chars().count() <= 2
                || head.contains('而');
            let sentence_start = zh_start_after(before, ZH_SENTENCE_END);
            let sentence = zh_head(&before[sentence_start.min(clause_start)..]);
            if elided && !heads.contains(&sentence) {
                heads.push(sentence);
            }
            out.push(TitleUse::Written { heads, snippet });
        } else if verb_of(&["歌", "舞"]) {
            out.push(TitleUse::Performed {
                dance: clause.ends_with('舞'),
                snippet,
            });
        } else if verb_of(&["讀", "读"]) {
            out.push(TitleUse::Read { snippet });
        }
    }
    out
}

/// A quality the text predicates of a named subject: `subject` is the name, `snippet` the
/// words from it through the quality ("安拉确是全聪的，确是全知的", "Allah is Forgiving and
/// Merciful").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Predicated {
    pub subject: String,
    pub snippet: String,
}

/// Where `sentence` says that one of `subjects` is `name`: the quality as the predicate of a
/// copula after the subject, alone or in a chain of such predicates. In Chinese "E是T的",
/// "E确是T的", "E是全聪的，是T的"; in English "E is T", "E is ever T", "E is Forgiving and T",
/// "E is Hearing, Knowing". The subject must end a clause's start (not "…的安拉"); None where
/// no subject is given the quality.
pub fn predicated_of(
    name: &str,
    sentence: &str,
    subjects: &[&str],
    zh: bool,
) -> Option<Predicated> {
    if name.is_empty() {
        return None;
    }
    for (at, _) in sentence.match_indices(name) {
        let end = at + name.len();
        let (before, after) = (&sentence[..at], &sentence[end..]);
        let start = if zh {
            // (T is the whole predicate: "是全知的", not "是全知万物的")
            if !after.starts_with('的') {
                continue;
            }
            zh_subject_start(before)
        } else {
            // (T ends the predicate: "Debian is free software" calls the software free)
            let next = after.trim_start();
            if after.starts_with(|c: char| c.is_alphanumeric())
                || !(next.is_empty()
                    || next.starts_with(['.', ',', ';', ':', '!', '?', ')', '"', '”'])
                    || next.starts_with("and ")
                    || next.starts_with("or "))
            {
                continue;
            }
            en_subject_start(before)
        };
        let Some(head) = start else { continue };
        let Some(subject) = subjects
            .iter()
            .filter(|s| !s.is_empty() && head.ends_with(*s))
            .max_by_key(|s| s.len())
        else {
            continue;
        };
        let from = head.len() - subject.len();
        // (the subject opens its clause: "安拉确是…", "，安拉是…", not "他们的安拉")
        let prev = sentence[..from].chars().next_back();
        let opens = match prev {
            None => true,
            Some(c) if zh => "，。；：！？、“”「」 ".contains(c) || c.is_ascii_digit(),
            // (in English, not the object of a word before it: "the mercy of Allah is …")
            Some(c) if c.is_whitespace() => {
                let last = sentence[..from]
                    .trim_end()
                    .rsplit(|c: char| !c.is_alphanumeric())
                    .next()
                    .unwrap_or("")
                    .to_lowercase();
                ![
                    "of", "the", "to", "by", "from", "with", "for", "in", "on", "at", "his", "her",
                    "their", "our", "your", "my", "its", "a", "an",
                ]
                .contains(&last.as_str())
            }
            Some(c) => !c.is_alphanumeric() && c != '\'',
        };
        if !opens {
            continue;
        }
        let close = if zh { end + '的'.len_utf8() } else { end };
        return Some(Predicated {
            subject: subject.to_string(),
            snippet: sentence[from..close].trim().to_string(),
        });
    }
    None
}

/// The text before a Chinese predicate "是T的" up to its subject, where the copula and any
/// predicates chained before it ("确是全聪的，确是") stand right before the quality: what
/// remains, whose end is the subject.
fn zh_subject_start(before: &str) -> Option<&str> {
    fn strip_copula(s: &str) -> Option<&str> {
        let s = s.strip_suffix('是')?;
        Some(
            ["确", "確", "实", "實", "乃", "必"]
                .iter()
                .find_map(|a| s.strip_suffix(a))
                .unwrap_or(s),
        )
    }
    let mut rest = strip_copula(before)?;
    // (a chain: "…是全聪的，是全知的"; three links at most, each a short predicate)
    for _ in 0..3 {
        let Some(prev) = rest.strip_suffix("的，") else {
            break;
        };
        let Some(copula) = prev.rfind('是') else {
            break;
        };
        let quality = &prev[copula + '是'.len_utf8()..];
        if quality.chars().count() > 4 || !quality.chars().all(cjk) {
            break;
        }
        rest = strip_copula(&prev[..copula + '是'.len_utf8()])?;
    }
    Some(rest)
}

/// The text before an English predicate "is [ever] [Q and|Q,]* T" up to its subject.
fn en_subject_start(before: &str) -> Option<&str> {
    let mut rest = before.trim_end();
    // (the qualities before T, each capitalised: "Forgiving and", "Hearing,")
    for _ in 0..4 {
        let Some((head, last)) = rest.rsplit_once(' ') else {
            break;
        };
        let word = last.trim_end_matches(',');
        let joins = last == "and" || last == "or";
        let quality = word.starts_with(|c: char| c.is_uppercase())
            && word.chars().all(char::is_alphabetic)
            && (last.ends_with(',') || rest.len() < before.trim_end().len());
        let adverb = ["ever", "indeed", "truly", "most", "always"].contains(&word);
        if joins || adverb || quality {
            rest = head.trim_end();
        } else {
            break;
        }
    }
    let rest = rest
        .strip_suffix(" is")
        .or_else(|| rest.strip_suffix(" was"))?;
    Some(rest.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_text_does_with_a_work_it_names() {
        let written = |heads: &[&str], snippet: &str| TitleUse::Written {
            heads: heads.iter().map(|h| h.to_string()).collect(),
            snippet: snippet.to_string(),
        };
        let cases: Vec<(&str, &str, Vec<TitleUse>)> = vec![
            (
                "祈招",
                "昔穆王欲肆其心，周行天下，將皆必有車轍馬跡焉。祭公謀父作《祈招》之詩，以止王心。",
                vec![written(&["祭公謀父作"], "祭公謀父作《祈招》")],
            ),
            (
                "離騷",
                "屈平疾王聽之不聰也，讒諂之蔽明也，故憂愁幽思而作《離騷》。",
                vec![written(
                    &[
                        "憂愁幽思而作",
                        "屈平疾王聽之不聰也，讒諂之蔽明也，故憂愁幽思而作",
                    ],
                    "故憂愁幽思而作《離騷》",
                )],
            ),
            (
                "抑戒",
                "周公作《酒誥》，以戒群臣；衛武公作《抑戒》，以自儆。",
                vec![written(&["衛武公作"], "衛武公作《抑戒》")],
            ),
            (
                "春秋",
                "昔西伯拘羑里，演《周易》；孔子厄陳、蔡，作《春秋》。",
                vec![written(&["作", "孔子厄陳、蔡，作"], "作《春秋》")],
            ),
            (
                "周書",
                "“《周書》曰：‘皇天無親，惟德是輔。’”",
                vec![TitleUse::Quoted {
                    snippet: "《周書》曰：‘皇天無親，惟德是輔。’".into(),
                }],
            ),
            (
                "康誥",
                "《康誥》曰：「克明德。」",
                vec![TitleUse::Quoted {
                    snippet: "《康誥》曰：「克明德。」".into(),
                }],
            ),
            (
                "詩",
                "《詩》云：「穆穆文王，於緝熙敬止！」為人君，止於仁。",
                vec![TitleUse::Quoted {
                    snippet: "《詩》云：「穆穆文王，於緝熙敬止！」".into(),
                }],
            ),
            (
                "小雅",
                "為之歌《小雅》，曰：「美哉！」",
                vec![TitleUse::Performed {
                    dance: false,
                    snippet: "為之歌《小雅》".into(),
                }],
            ),
            (
                "大武",
                "見舞《大武》者，曰：「美哉！」",
                vec![TitleUse::Performed {
                    dance: true,
                    snippet: "見舞《大武》".into(),
                }],
            ),
            (
                "春秋",
                "余讀《春秋》，至於此。",
                vec![TitleUse::Read {
                    snippet: "余讀《春秋》".into(),
                }],
            ),
            // (a title named without one of these verbs says nothing of the work)
            ("春秋", "此《春秋》之所以作也。", vec![]),
            ("春秋", "春秋作而亂臣賊子懼。", vec![]),
        ];
        for (work, text, want) in cases {
            assert_eq!(zh_title_use(work, text), want, "{work} in {text}");
        }
    }

    #[test]
    fn qualities_predicated_of_a_subject() {
        let subjects = ["安拉", "Allah", "Debian"];
        let cases: &[(&str, &str, bool, Option<(&str, &str)>)] = &[
            (
                "全知",
                "安拉确是全聪的，确是全知的。",
                true,
                Some(("安拉", "安拉确是全聪的，确是全知的")),
            ),
            (
                "全知",
                "他们说：安拉是全知的。",
                true,
                Some(("安拉", "安拉是全知的")),
            ),
            (
                "全聪",
                "安拉是全聪的，是全知的。",
                true,
                Some(("安拉", "安拉是全聪的")),
            ),
            // (not the whole predicate, nor a subject inside a phrase)
            ("全知", "安拉是全知万物的。", true, None),
            ("全知", "他们的安拉是全知的。", true, None),
            ("全知", "他确是全知的。", true, None),
            (
                "Merciful",
                "Indeed, Allah is Forgiving and Merciful.",
                false,
                Some(("Allah", "Allah is Forgiving and Merciful")),
            ),
            (
                "Knowing",
                "And Allah is ever Knowing and Wise.",
                false,
                Some(("Allah", "Allah is ever Knowing")),
            ),
            ("Wise", "the mercy of Allah is Wise", false, None),
            ("free", "Debian is free software.", false, None),
            (
                "stable",
                "Debian is stable.",
                false,
                Some(("Debian", "Debian is stable")),
            ),
        ];
        for &(name, sentence, zh, want) in cases {
            let got = predicated_of(name, sentence, &subjects, zh);
            assert_eq!(
                got.as_ref()
                    .map(|p| (p.subject.as_str(), p.snippet.as_str())),
                want,
                "{name} in {sentence}"
            );
        }
    }

    #[test]
    fn lists_hold_their_items() {
        // (name, sentence, language zh, the other items and the list's words, if a list)
        let cases: &[(&str, &str, bool, Option<(&[&str], &str)>)] = &[
            (
                "MOBI",
                "The Kindle supports AZW3, MOBI, PRC, AZW1, TPZ, PDF and TXT.",
                false,
                Some((
                    &["AZW3", "PRC", "AZW1", "TPZ", "PDF", "TXT"],
                    "AZW3, MOBI, PRC, AZW1, TPZ, PDF and TXT",
                )),
            ),
            (
                "TXT",
                "The Kobo supports EPUB, PDF, MOBI, RTF, CBZ, CBR, and TXT.",
                false,
                Some((
                    &["EPUB", "PDF", "MOBI", "RTF", "CBZ", "CBR"],
                    "EPUB, PDF, MOBI, RTF, CBZ, CBR, and TXT",
                )),
            ),
            (
                "apt-get",
                "Values which dpkg, dselect, apt-get, aptitude, and other tools use.",
                false,
                Some((
                    &["dpkg", "dselect", "aptitude"],
                    "dpkg, dselect, apt-get, aptitude",
                )),
            ),
            (
                "apt-get",
                "常用 dpkg、apt-get 和 aptitude 管理软件包。",
                true,
                Some((&["dpkg", "aptitude"], "dpkg、apt-get 和 aptitude")),
            ),
            // two items are a pair, not a list; a phrase is no item; a part of a word is no name
            ("PDF", "It reads PDF and TXT.", false, None),
            (
                "PDF",
                "It reads PDF, plain text and rich text.",
                false,
                None,
            ),
            ("PDF", "It reads xPDF, EPUB and TXT.", false, None),
            ("dpkg", "Run dpkg.", false, None),
            (
                "/sbin",
                "Programs in the PATH (/bin, /usr/bin, /sbin, or similar directories) work.",
                false,
                Some((&["/bin", "/usr/bin"], "/bin, /usr/bin, /sbin")),
            ),
            (
                "similar",
                "In /bin, /usr/bin, or similar directories.",
                false,
                None,
            ),
            (
                "dpkg",
                "Tools like dpkg, apt, and other package tools.",
                false,
                None,
            ),
        ];
        for (name, sentence, zh, want) in cases {
            let got = listed_with(name, sentence, *zh);
            let want = want.map(|(sib, snip)| Listed {
                siblings: sib.iter().map(|s| s.to_string()).collect(),
                snippet: snip.to_string(),
            });
            assert_eq!(got, want, "{name} in {sentence}");
        }
    }

    /// (name, sentence, Chinese, expected class)
    const CASES: &[(&str, &str, bool, Option<&str>)] = &[
        (
            "pbuilder",
            "Although use of higher level commands such as gbp buildpackage and pbuilder ensures the perfect package building environment, it is essential.",
            false,
            Some("higher level commands"),
        ),
        (
            "EPUB",
            "While new formats aren’t introduced very often, existing formats (like EPUB) are constantly being updated.",
            false,
            Some("existing formats"),
        ),
        (
            "dpatch",
            "If it was packaged using another patch system such as dpatch, dbs, or cdbs with -p0, convert it.",
            false,
            Some("patch system"),
        ),
        (
            "contrib",
            "dists/stable contains four directories, namely main, contrib, non-free and non-free-firmware.",
            false,
            Some("directories"),
        ),
        (
            "debconf",
            "Prompting must be done through a program, such as debconf, which conforms to the specification.",
            false,
            Some("program"),
        ),
        (
            "make",
            "Some packages like gcc and make which are required are implied.",
            false,
            None,
        ),
        ("Debian", "The system, such as Debian, works.", false, None),
        // ("like" a simile, of one thing or of a thing with its article; a list of names
        // after it gives examples)
        (
            "Indian",
            "They filled their bellies like Indian ships all day loading with spices.",
            false,
            None,
        ),
        ("Roman", "He had a head like a Roman, broad and bold.", false, None),
        (
            "lintian",
            "Check the package with tools like lintian.",
            false,
            Some("tools"),
        ),
        (
            "dh_strip",
            "The binaries are stripped by tools like dh_strip.",
            false,
            Some("tools"),
        ),
        ("swell", "It was a dashed one, like the swell.", false, None),
        (
            "apt",
            "Install it with tools like dpkg and apt.",
            false,
            Some("tools"),
        ),
        (
            "automake",
            "Many programs use autoconf, automake and other build tools.",
            false,
            Some("build tools"),
        ),
        (
            "Debian",
            "alien converts binary packages between various packaging formats, including Debian, RPM (RedHat), and Slackware.",
            false,
            Some("packaging formats"),
        ),
        (
            "Cybook Gen 3",
            "If you have a device, like the Cybook Gen 3, that supports folders this is useful.",
            false,
            Some("device"),
        ),
        (
            "salsa",
            "Leave your teams, e.g. remove yourself from team wiki pages or salsa.",
            false,
            None,
        ),
        (
            "package maintainer",
            "It runs command scripts, including the package maintainer scripts (see below).",
            false,
            None,
        ),
        (
            "debian/rules",
            "It shows how lower level commands such as debian/rules and dpkg-buildpackage are executed under them.",
            false,
            Some("lower level commands"),
        ),
        (
            "autoreconf",
            "这里 addon 的值中各项使用“,”进行分隔，例如“-w \"python3,autoreconf\"”。",
            true,
            None,
        ),
        (
            "CPPFLAGS",
            "它可以合适地设置一些构建标志，如 CPPFLAGS、CFLAGS 等。",
            true,
            Some("构建标志"),
        ),
        (
            "LDFLAGS",
            "dh 命令将设置并导出各个编译参数（如CFLAGS、CXXFLAGS、FFLAGS、CPPFLAGS和 LDFLAGS）。",
            true,
            Some("编译参数"),
        ),
        (
            "cmake",
            "上游使用的构建系统，例如 make、cmake 等构建工具，都可以自动处理。",
            true,
            Some("构建工具"),
        ),
        (
            "git",
            "可以使用 git、svn 等版本控制系统来保存修改。",
            true,
            Some("版本控制系统"),
        ),
        // (not a class the words before it deny)
        (
            "Ubuntu",
            "在标准的 Debian 中不要混合使用其它非 Debian 的档案库，例如 Ubuntu 。",
            true,
            None,
        ),
        (
            "vim",
            "有一些非常好用的编辑器，例如 vim 和 emacs。",
            true,
            Some("编辑器"),
        ),
        (
            "Z shell",
            "如果您设置了其它登录 shell，例如 Z shell，请使用它们对应的配置文件替换。",
            true,
            None,
        ),
        (
            "dpkg",
            "如果跳过了调整流程，则仍然能为 dpkg 命令所使用。",
            true,
            None,
        ),
        (
            "Firefox",
            "It ships Rust based programs such as Firefox, ripgrep and fd.",
            false,
            None,
        ),
        (
            "uscan",
            "The watch file configures the uscan program (in the devscripts package) to watch the site.",
            false,
            Some("program from the devscripts package"),
        ),
        (
            "dcut",
            "This can be simplified with the help of the dcut command from the dput-ng package.",
            false,
            Some("command from the dput-ng package"),
        ),
        ("dput", "Install the dput package first.", false, None),
        (
            "licensecheck",
            "强烈建议使用来自 devscripts 软件包的 licensecheck 工具检查许可证。",
            true,
            Some("来自 devscripts 软件包的工具"),
        ),
        (
            "deb3",
            "请使用 quilt 包中的 deb3脚本来转换它。",
            true,
            Some("来自 quilt 软件包的脚本"),
        ),
        (
            "debuild",
            "debuild 命令同样由 devscripts 软件包提供。",
            true,
            Some("来自 devscripts 软件包的命令"),
        ),
        ("dh", "dh 命令由您执行。", true, None),
        (
            "CD-ROMs",
            "The logo may be used on materials such as CD-ROMs.",
            false,
            None,
        ),
        (
            "aptitude safe-upgrade",
            "A command snippet is referred by the typewriter font between double quotation marks, such as ”aptitude safe-upgrade”.",
            false,
            None,
        ),
        (
            "ballot options",
            "Proposals, sponsors, ballot options, calls for votes and other formal actions.",
            false,
            None,
        ),
    ];

    #[test]
    fn a_name_listed_as_an_example_of_a_class_is_one_of_that_class() {
        for (name, sentence, zh, want) in CASES {
            let got = named_class(name, sentence, *zh).map(|c| c.class);
            assert_eq!(got.as_deref(), *want, "{name} in {sentence}");
        }
    }

    #[test]
    fn the_snippet_quotes_the_class_through_the_name() {
        let c = named_class(
            "pbuilder",
            "Although use of higher level commands such as gbp buildpackage and pbuilder ensures the perfect package building environment.",
            false,
        )
        .unwrap();
        assert_eq!(
            c.snippet,
            "higher level commands such as gbp buildpackage and pbuilder"
        );
        let c = named_class("LDFLAGS", "并导出各个编译参数（如CFLAGS、LDFLAGS）。", true).unwrap();
        assert_eq!(c.snippet, "编译参数（如CFLAGS、LDFLAGS）");
    }

    /// (name, head, sentence, expected phrase)
    const KIND_PHRASES: &[(&str, &str, &str, Option<&str>)] = &[
        (
            "Homepage",
            "field",
            "We recommend that you add the URL for the package's home page in the Homepage field of the Source section in debian/control. Adding it helps.",
            Some("the Homepage field of the Source section in debian/control"),
        ),
        (
            "dquilt",
            "alias",
            "It's useful to have a slightly customized default, so let's create an alias dquilt for Debian packaging by adding the following lines to ~/.bashrc.",
            Some("an alias dquilt for Debian packaging"),
        ),
        // a reduced relative clause after a comma
        (
            "debian-devel",
            "list",
            "Write to the debian-devel list, used to discuss development.",
            Some("the debian-devel list, used to discuss development"),
        ),
        // (a word before the name: the name modifies the head)
        (
            "init",
            "system",
            "It uses the systemd init system for booting.",
            None,
        ),
        // the kind alone says no more than the kind line
        (
            "dquilt",
            "command",
            "Record it with the dquilt command as fix.patch.",
            None,
        ),
        // a name inside a longer one is not the name
        (
            "dh",
            "command",
            "Run the dh_make command in the source tree.",
            None,
        ),
    ];

    #[test]
    fn zh_kind_clauses() {
        // (name, head, sentence, clause)
        let cases = [
            (
                "override_dh_auto_install",
                "目标",
                "要做到这点，可以按照下面给出的方法，在 debian/rules 文件中添加名为 override_dh_auto_install 的目标，在其中设置变量。",
                Some("在 debian/rules 文件中添加名为 override_dh_auto_install 的目标"),
            ),
            (
                "CMakeLists.txt",
                "文件",
                "cmake 命令根据 CMakeLists.txt 文件和它的 -D 选项来生成 Makefile 文件。",
                None,
            ),
            (
                "CMakeLists.txt",
                "文件",
                "cmake 命令根据 CMakeLists.txt 文件和 -D 选项来生成 Makefile 文件。",
                Some("cmake 命令根据 CMakeLists.txt 文件和 -D 选项来生成 Makefile 文件"),
            ),
            // (a pronoun, a denial, too short, a longer word)
            (
                "debian/foo.symbols",
                "文件",
                "将其复制为 debian/foo.symbols 文件。",
                None,
            ),
            (
                "override_dh_auto_install",
                "目标",
                "此时对 debian/rules 文件的修改如下所示，它不包含override_dh_auto_install 目标：",
                None,
            ),
            ("ext4", "文件", "请使用 ext4 文件系统来格式化分区。", None),
            ("sbuild", "命令", "运行 sbuild 命令。", None),
            // (a heading, a piece of a quotation)
            ("ps", "命令", "9.4.3. ps 命令的输出格式说明", None),
            ("ps", "命令", "表 9.10. ps 命令样式列表", None),
            (
                "dist-upgrade",
                "命令",
                "请运行“apt dist-upgrade\" 命令，然后重启系统。",
                None,
            ),
        ];
        for (name, head, sentence, want) in cases {
            assert_eq!(
                zh_kind_clause(name, head, sentence).as_deref(),
                want,
                "{sentence}"
            );
        }
    }

    #[test]
    fn kind_clauses() {
        // (name, head, sentence, clause)
        let cases = [
            (
                "AZW3",
                "format",
                "1) The Amazon Kindle which supports the AZW3 format.",
                Some("The Amazon Kindle which supports the AZW3 format"),
            ),
            (
                "buildd",
                "program",
                "It is usually used in conjunction with build daemons running the buildd program.",
                Some("build daemons running the buildd program"),
            ),
            // (a release number between the name and its kind)
            (
                "Xfce",
                "desktop environment",
                "Debian 7 shipped the Xfce 4.8 desktop environment.",
                Some("Debian 7 shipped the Xfce 4.8 desktop environment"),
            ),
            // (too few words before it: the phrase alone)
            ("AZW3", "format", "Use the AZW3 format.", None),
            // (a word between the article and the name)
            (
                "init",
                "system",
                "Debian now boots with the systemd init system by default.",
                None,
            ),
            // (the name inside a longer one)
            (
                "dh",
                "command",
                "You then run the dh_make command in the tree.",
                None,
            ),
            // (back to a clause's opening word; past a list's mark; not what is denied)
            (
                "/etc/default",
                "file",
                "The script must not fail if the /etc/default file is deleted.",
                None,
            ),
            (
                "dquilt",
                "command",
                "+ Then set up the dquilt command for it.",
                Some("Then set up the dquilt command"),
            ),
            (
                "uupdate",
                "command",
                "Note that it does not run the uupdate command.",
                None,
            ),
        ];
        for (name, head, sentence, want) in cases {
            assert_eq!(
                kind_clause(name, head, sentence).as_deref(),
                want,
                "{sentence}"
            );
        }
    }

    #[test]
    fn kind_phrases() {
        for (name, head, sentence, want) in KIND_PHRASES {
            assert_eq!(
                kind_phrase(name, head, sentence).as_deref(),
                *want,
                "{name} ({head}) in {sentence:?}"
            );
        }
    }
}

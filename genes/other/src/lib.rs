//! The default `other` gene: places, organisations, works and events, plus one overview
//! entry per chapter of a collection (many short chapters: surahs, poems, essays, manual
//! pages) and one per work of an anthology whose chapters are volumes (a section whose
//! heading or first lines credit an author). Pages are cited quotes and fixed template
//! lines: a description, key passages, where it appears, related entries; a unit's page
//! (chapter or work) has its opening passages, its longest passages and the entries it
//! names.
//!
//! It does not handle people (the `person` gene) or general terms (`concept`). Junk titles
//! are rejected with `grove_gene::junk`.

use grove_gene::build::{
    PageBuilder, SectionWork, attribution_line, central, copyright_line, credited_author, rulers_of, improve, kind_named_once, kind_noun,
    looks_zh, opening_words, related_entries, section_work, source_line, spread, t,
};
use grove_gene::class::NamedClass;
use grove_gene::{
    Document, Entry, Gene, GeneInfo, Page, Passage, Proposal, Review, TermKind, host,
};

struct Other;

fn chapter_title(zh: bool, index: u32, title: &str) -> String {
    let title = title.trim();
    if !title.is_empty() && !grove_gene::junk::is_junk(title) {
        title.to_string()
    } else if zh {
        format!("第{}章", index + 1)
    } else {
        format!("Chapter {}", index + 1)
    }
}

/// Whether a chapter title opens with an outline number ("1. Introduction", "4.2 Powers",
/// "Chapter 7", "Task 2: Conversion"): a treatise's heading, not a work's name ("Surah 2. The
/// Cow", "第二章 黄牛", "cp(1)" and "离骚" are names).
fn outline_numbered(title: &str) -> bool {
    let t = title.trim();
    let rest = ["Chapter ", "CHAPTER ", "Part ", "Section ", "Task ", "Appendix "]
        .iter()
        .find_map(|p| t.strip_prefix(p))
        .unwrap_or(t);
    let digits = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').count();
    digits > 0 && (rest.len() == digits || rest[digits..].starts_with([' ', ':', ')']))
}

/// The names a unit's title gives it besides the whole title: what follows its label and
/// number, and the other name in brackets after it ("Surah 2. The Cow (Al-Baqarah)" is "The
/// Cow" and "Al-Baqarah"). Not a name that is one of `taken` (another entry's, compared
/// without case or an opening "The": "Surah 71. Noah (Nuh)" is no alias "Noah", the
/// prophet's), nor a number, nor a name of fewer than two letters. None for a title without a
/// label and a number, and for a Chinese one ("第七十五章 复活" goes by its title only: 复活 is
/// a word the text uses of other things).
fn unit_aliases(title: &str, taken: &dyn Fn(&str) -> bool) -> Vec<String> {
    let t = title.trim();
    let number = |w: &str| {
        let w = w.trim_end_matches(['.', ':']);
        !w.is_empty()
            && (w.chars().all(|c| c.is_ascii_digit()) || w.chars().all(|c| "IVXLC".contains(c)))
    };
    // (the label and its number: "Surah 2.", "Book II:", "12.")
    let Some((first, after)) = t.split_once(' ') else {
        return Vec::new();
    };
    let rest = if number(first) {
        after
    } else if first.chars().all(char::is_alphabetic)
        && first.starts_with(char::is_uppercase)
        && let Some((n, rest)) = after.split_once(' ')
        && number(n)
    {
        rest
    } else {
        return Vec::new();
    };
    let rest = rest.trim().trim_start_matches(['-', '–', ':', '.']).trim();
    let (name, other) = match rest.strip_suffix(')').and_then(|r| r.rsplit_once(" (")) {
        Some((name, other)) => (name.trim(), Some(other.trim())),
        None => (rest, None),
    };
    // (a Chinese unit's name is mostly a word the text uses of other things, 复活, 伪信者: a
    // unit named so goes by its title only)
    if name.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) {
        return Vec::new();
    }
    let base = |n: &str| {
        let l = n.to_lowercase();
        l.strip_prefix("the ").map(str::to_string).unwrap_or(l)
    };
    std::iter::once(name)
        .chain(other)
        .filter(|n| n.chars().filter(|c| c.is_alphabetic()).count() >= 2)
        .filter(|n| *n != t && !taken(n) && !taken(&base(n)))
        .map(str::to_string)
        .collect()
}

/// Whether a name has the shape of an Internet domain: two labels or more of lower-case
/// letters, digits and hyphens, the last a common top-level domain ("wiki.debian.org",
/// "lists.debian.org", "gnu.org"); not a file ("config.txt") nor a property of code
/// ("fs.constants", "process.env"), whose last part is no such domain.
fn domain_name(name: &str) -> bool {
    const TOP_LEVEL: &[&str] = &[
        // (not info, io, int or pl, which end files and code as often: sed.info, java.io,
        // script.pl)
        "org", "com", "net", "edu", "gov", "de", "uk", "cn", "jp", "fr", "eu", "ca", "au", "nl",
        "ch", "se", "ru", "tw", "hk", "br", "at", "be", "dk", "fi", "kr",
    ];
    let labels: Vec<&str> = name.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        && labels.last().is_some_and(|tld| TOP_LEVEL.contains(tld))
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

/// The kind of place a Chinese place name says it is by its last character, its generic
/// element (泰山: a mountain, 泰州: a prefecture, 滄浪亭: a pavilion), in simplified words
/// (the page builder writes them in the book's script). None for a name whose other
/// characters are such elements too: 江山, 山水, 郡縣 and 江城 are words of landscape and
/// rule, no place's name.
fn zh_place_noun(name: &str) -> Option<&'static str> {
    const HEADS: &[(char, &str)] = &[
        ('山', "一座山"),
        ('峰', "一座山峰"),
        ('嶺', "一道山岭"),
        ('岭', "一道山岭"),
        ('州', "一个州"),
        ('郡', "一个郡"),
        ('縣', "一个县"),
        ('县', "一个县"),
        ('江', "一条江"),
        ('河', "一条河"),
        ('湖', "一个湖"),
        ('亭', "一座亭"),
        ('樓', "一座楼"),
        ('楼', "一座楼"),
        ('宮', "一座宫殿"),
        ('宫', "一座宫殿"),
        ('寺', "一座寺院"),
        ('關', "一处关隘"),
        ('关', "一处关隘"),
        ('城', "一座城"),
    ];
    const OTHER_ELEMENTS: &str = "水海川谷陵橋桥門门臺台國国邑鄉乡村京";
    // (州 of the land itself, a poet's China, is no prefecture)
    if ["神州", "九州", "中州"].contains(&name) {
        return None;
    }
    const COUNTS: &str = "一二两兩三四五六七八九十百千万萬群诸諸众眾数數";
    let chars: Vec<char> = name.chars().collect();
    let (last, rest) = chars.split_last()?;
    let [opening, ..] = rest else { return None };
    // (a count of them is no name: 两山, 千山, 群山)
    if COUNTS.contains(*opening) {
        return None;
    }
    // (a side of a city is no city: 东城 is a city's east side, 西州 a gate of 建康)
    if rest.len() == 1 && "东東西南北".contains(*opening) && "城州".contains(*last) {
        return None;
    }
    if rest
        .iter()
        .any(|c| OTHER_ELEMENTS.contains(*c) || HEADS.iter().any(|(h, _)| h == c))
    {
        return None;
    }
    HEADS.iter().find(|(h, _)| h == last).map(|(_, noun)| *noun)
}

/// Whether a Chinese word a text uses as a place is two generic elements of land and water
/// joined (江山, 关山, 江城, 河桥, 山川, 郡縣): a word of landscape or rule in verse and prose,
/// no place's name. (X州 and X水 are names: 湖州 and 江州 are prefectures, 河水 and 江水 the
/// Yellow River and the Yangtze of classical texts.)
fn zh_landscape_word(name: &str) -> bool {
    const ELEMENTS: &str = "山江河水海湖川關关城桥橋郡縣县";
    let chars: Vec<char> = name.chars().collect();
    matches!(chars.as_slice(), [a, b] if ELEMENTS.contains(*a) && ELEMENTS.contains(*b) && !"州水".contains(*b))
}

/// The release of a product a work's name is, where the host gave it the product and version
/// it is named with ("Debian 12" of "Bookworm") and a mention writes them together: "Debian 12
/// Bookworm", "Debian 2.2 (Potato)". The class is the product's release; the snippet quotes
/// the words.
fn release_class(
    key: &str,
    aliases: &[String],
    mentions: &[Passage],
    zh: bool,
) -> Option<(NamedClass, Passage)> {
    if key.contains(' ') {
        return None;
    }
    aliases.iter().find_map(|alias| {
        let (product, version) = alias.split_once(' ')?;
        if !version.starts_with(|c: char| c.is_ascii_digit()) || version.contains(' ') {
            return None;
        }
        // (the name in any case: a page titled "bullseye" where the text writes "Debian 11
        // Bullseye"; ASCII case folding keeps the offsets of the text)
        let forms = [format!("{alias} {key}"), format!("{alias} ({key})")]
            .map(|f| f.to_ascii_lowercase());
        mentions.iter().find_map(|p| {
            let text = p.text.to_ascii_lowercase();
            let snippet = forms.iter().find_map(|f| {
                text.match_indices(f.as_str())
                    .find(|&(at, _)| {
                        // (whole words: not "Debian 12 Bookworms", "XDebian 12 Bookworm")
                        let after = text[at + f.len()..].chars().next();
                        let before = text[..at].chars().next_back();
                        !after.is_some_and(char::is_alphanumeric)
                            && !before.is_some_and(char::is_alphanumeric)
                    })
                    .map(|(at, _)| p.text[at..at + f.len()].to_string())
            })?;
            let class = if zh {
                format!("{product} 的一个发行版本")
            } else {
                format!("release of {product}")
            };
            Some((NamedClass { class, snippet, singular: true }, p.clone()))
        })
    })
}

/// What a Chinese text does with a work it names, as the class a lead gives it
/// ([`grove_gene::class::zh_title_use`]): written by one of the wiki's entries ("屈原所作的作品",
/// the writer's name opening the clause or sentence of "作《離騷》"), quoted by the book,
/// sung, danced or read in it; with the passage that shows it. A use of an earlier kind in
/// that order wins over a later one, whatever passage it is in.
fn zh_work_class(key: &str, mentions: &[Passage], book: &str) -> Option<(NamedClass, Passage)> {
    use grove_gene::class::TitleUse;
    let mut best: Option<(u8, NamedClass, Passage)> = None;
    for p in mentions {
        for used in grove_gene::class::zh_title_use(key, &p.text) {
            let (rank, class, snippet) = match used {
                TitleUse::Written { heads, snippet } => {
                    // (the writer: an entry named by the head's first two to four characters)
                    let author = heads.iter().find_map(|h| {
                        let chars: Vec<char> = h.chars().collect();
                        (2..=4.min(chars.len())).rev().find_map(|n| {
                            let name: String = chars[..n].iter().collect();
                            host::entry_for(&name).filter(|t| t != key)
                        })
                    });
                    let Some(author) = author else { continue };
                    (0, format!("{author}所作的作品"), snippet)
                }
                TitleUse::Quoted { snippet } => (1, format!("{book}所引的典籍"), snippet),
                TitleUse::Performed { dance: false, snippet } => (2, format!("{book}中所歌的乐歌"), snippet),
                TitleUse::Performed { dance: true, snippet } => (2, format!("{book}中所舞的乐舞"), snippet),
                TitleUse::Read { snippet } => (3, format!("{book}中所读的书"), snippet),
            };
            if best.as_ref().is_none_or(|(r, _, _)| rank < *r) {
                best = Some((rank, NamedClass { class, snippet, singular: true }, p.clone()));
            }
        }
        if best.as_ref().is_some_and(|(r, _, _)| *r == 0) {
            break;
        }
    }
    best.map(|(_, c, p)| (c, p))
}

fn kind_word(zh: bool, kind: &str) -> &'static str {
    match (zh, kind) {
        (true, "place") => "地点",
        (true, "org") => "组织",
        (true, "work") => "作品",
        (true, "event") => "事件",
        (true, _) => "专名",
        (false, "place") => "place",
        (false, "org") => "organisation",
        (false, "work") => "work",
        (false, "event") => "event",
        (false, _) => "name",
    }
}

/// Whether a name goes by an acronym of its own letters ("International Digital Publishing
/// Forum", IDPF; "GNU Free Documentation License", GFDL): an acronym in capitals among its
/// names, opening with the name's first letter. The host keeps a name mentioned once only
/// where the text introduces it with the acronym its words spell, and gives it that acronym.
fn introduced_with_acronym(term: &grove_gene::TermStat) -> bool {
    let first = term.text.chars().next();
    term.text.contains(' ')
        && first.is_some_and(|c| c.is_ascii_uppercase())
        && term.variants.iter().any(|v| {
            (2..=8).contains(&v.len())
                && v.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                && v.chars().next() == first
        })
}

/// Whether a kind the text gives a body is one a body is: a mailing list, a team, a
/// committee, a project ("the debian-mentors mailing list"), not a thing a company makes
/// ("the Apache license", "the ARM architecture").
fn body_kind(kind: &str) -> bool {
    ["mailing list", "team", "committee", "project", "group", "foundation", "company"]
        .iter()
        .any(|k| kind.ends_with(k))
}

impl Gene for Other {
    fn info() -> GeneInfo {
        grove_gene::info(
            "other",
            env!("CARGO_PKG_VERSION"),
            "Places, organisations, works, events and chapter overviews",
            &["other"],
            &["zh", "en"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let zh = doc.lang == "zh";
        let mut out = Vec::new();
        // A chapter that is one work ("《送别》" of an anthology) gets the work's entry: the
        // chapter overview, which quotes it, not a second page.
        // (each name of a unit titled with two, "凤栖梧・蝶恋花")
        let bare = |t: &str| -> Vec<String> {
            let t = t.trim().trim_start_matches('《');
            let t = t.split('》').next().unwrap_or("");
            t.split(['・', '·']).map(|p| p.trim().to_string()).collect()
        };
        // Chapter overviews for a collection of works (a surah, a poem, an essay, a manual
        // page: many short chapters a reader names), not for a treatise whose chapters are
        // topics ("1. Introduction", "Task 2: Conversion" are headings, not entries).
        let passages: u32 = doc.chapters.iter().map(|c| c.passage_count).sum();
        let collection =
            doc.chapters.len() >= 12 && passages as usize <= 150 * doc.chapters.len();
        // (and where the chapters are volumes, the works each holds: "卷一・周文" holds
        // "鄭伯克段於鄢 · 左丘明" and its neighbours)
        let works = if collection { Vec::new() } else { work_sections(&doc) };
        let mut chapter_works: Vec<String> = if doc.chapters.len() > 1 {
            doc.chapters.iter().flat_map(|c| bare(&c.title)).collect()
        } else {
            Vec::new()
        };
        chapter_works.extend(works.iter().map(|(_, _, w)| w.title.clone()));
        for term in &doc.terms {
            let kind = match term.kind {
                TermKind::Place => "place",
                TermKind::Org => "org",
                TermKind::Work => "work",
                TermKind::Event => "event",
                TermKind::Other => "name",
                _ => continue,
            };
            // (a work, or a name the text introduces with its acronym, "the Digital Millennium
            // Copyright Act (DMCA)", is named on purpose: once is enough)
            let min = if kind == "work" || introduced_with_acronym(term) {
                1
            } else {
                2
            };
            if term.frequency < min
                || grove_gene::junk::is_junk(&term.text)
                || kind == "work" && chapter_works.contains(&term.text)
                || kind == "place" && zh_landscape_word(&term.text)
            {
                continue;
            }
            out.push(Proposal {
                entry_type: "other".into(),
                title: term.text.clone(),
                aliases: term
                    .variants
                    .iter()
                    .filter(|v| !grove_gene::junk::is_junk(v))
                    .cloned()
                    .collect(),
                score: (0.8 * term.salience).clamp(0.0, 1.0),
                // The kind travels in the key: "place:长安".
                key: format!("{kind}:{}", term.text),
            });
            if out.len() >= 200 {
                break;
            }
        }
        // (a book that teaches procedures is a manual: its chapters are topics, "Where to get
        // help", "Common Tasks", though a manual page, `cp(1)`, is still a unit)
        let manual = doc.procedures.len() >= 3;
        if collection {
            // (chapters of one title, the poems of one tune in an anthology of lyrics, are one
            // entry: the title, with each work under it)
            let units: Vec<(String, u32, Option<&str>)> = doc
                .chapters
                .iter()
                .take(500)
                .filter(|c| {
                    c.passage_count > 0
                        && !outline_numbered(&c.title)
                        && !(manual && manual_page(&c.title).is_none())
                })
                .map(|c| (chapter_title(zh, c.index, &c.title), c.index, manual_page(&c.title)))
                .collect();
            // (a unit titled with two names of one thing, "凤栖梧・蝶恋花", a tune and its other
            // name, joins the units of either name: one entry, the other names its aliases)
            let joins = |title: &str| -> Option<(String, String)> {
                let parts: Vec<&str> = title.split(['・', '·']).map(str::trim).collect();
                let titled = |part: &str| units.iter().any(|(t, ..)| t == part);
                match parts.as_slice() {
                    [a, b] if !a.is_empty() && !b.is_empty() && titled(b) => {
                        Some((b.to_string(), a.to_string()))
                    }
                    [a, b] if !a.is_empty() && !b.is_empty() && titled(a) => {
                        Some((a.to_string(), b.to_string()))
                    }
                    _ => None,
                }
            };
            // (title, chapter indices, the command of a manual page, aliases)
            type Group<'a> = (String, Vec<u32>, Option<&'a str>, Vec<String>);
            let mut by_title: Vec<Group> = Vec::new();
            for (title, index, page) in &units {
                if joins(title).is_some() {
                    continue;
                }
                match by_title.iter_mut().find(|(t, ..)| t == title) {
                    Some((_, indices, ..)) => indices.push(*index),
                    None => by_title.push((title.clone(), vec![*index], *page, Vec::new())),
                }
            }
            for (title, index, _) in &units {
                let Some((name, other)) = joins(title) else {
                    continue;
                };
                if let Some((_, indices, _, aliases)) =
                    by_title.iter_mut().find(|(t, ..)| *t == name)
                {
                    indices.push(*index);
                    indices.sort_unstable();
                    for alias in [title.clone(), other] {
                        if !aliases.contains(&alias) {
                            aliases.push(alias);
                        }
                    }
                }
            }
            // (a name that is a unit's title of its own is no alias of another)
            let titles: Vec<String> = by_title.iter().map(|(t, ..)| t.clone()).collect();
            // (nor is a term of the text or one of its spellings, another entry's name)
            let terms: std::collections::HashSet<String> = doc
                .terms
                .iter()
                .flat_map(|t| std::iter::once(&t.text).chain(t.variants.iter()))
                .map(|n| n.to_lowercase())
                .collect();
            // (and a name of one word the text also writes in small letters is a word, not
            // the unit's name: "Mankind" of "Surah 114. Mankind (An-Nas)"; one host call each)
            let taken = |n: &str| {
                terms.contains(&n.to_lowercase())
                    || !n.contains([' ', '-', '\''])
                        && n.starts_with(char::is_uppercase)
                        && {
                            let lower = n.to_lowercase();
                            host::mentions(n, 50)
                                .iter()
                                .any(|p| p.text.split(|c: char| !word_char(c)).any(|w| w == lower))
                        }
            };
            for (title, indices, page, aliases) in by_title {
                let mut aliases: Vec<String> =
                    aliases.into_iter().filter(|a| !titles.contains(a)).collect();
                // a manual page is its command's entry too: `cp(1)` is `cp`
                aliases.extend(page.map(str::to_string));
                // and a named unit goes by its name ("Surah 2. The Cow (Al-Baqarah)": "The Cow",
                // "Al-Baqarah"), unless another entry does
                for alias in unit_aliases(&title, &taken) {
                    if !aliases.contains(&alias) && !titles.contains(&alias) {
                        aliases.push(alias);
                    }
                }
                let key = match indices.as_slice() {
                    [one] => format!("chapter:{one}"),
                    many => format!(
                        "chapters:{}",
                        many.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
                    ),
                };
                out.push(Proposal {
                    entry_type: "other".into(),
                    title,
                    aliases,
                    score: 0.5,
                    key,
                });
            }
        }
        // (and the works a unit holds under headings of its own: 九歌 holds 东皇太一, 湘君 …)
        if collection && !manual {
            let unit_titles: Vec<String> = doc
                .chapters
                .iter()
                .map(|c| chapter_title(zh, c.index, &c.title))
                .collect();
            for (chapter, offset, title) in unit_sections(&doc) {
                if unit_titles.contains(&title) {
                    continue;
                }
                out.push(Proposal {
                    entry_type: "other".into(),
                    title,
                    aliases: Vec::new(),
                    score: 0.5,
                    key: format!("section:{chapter}:{offset}"),
                });
            }
        }
        let mut titled: Vec<&str> = Vec::new();
        for (chapter, offset, work) in &works {
            // (the first of two works of one title: "其二" is no work's own name)
            if titled.contains(&work.title.as_str()) || grove_gene::junk::is_junk(&work.title) {
                continue;
            }
            titled.push(&work.title);
            out.push(Proposal {
                entry_type: "other".into(),
                title: work.title.clone(),
                aliases: Vec::new(),
                score: 0.5,
                key: format!("section:{chapter}:{offset}"),
            });
        }
        Ok(out)
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let zh = entry.lang == "zh";
        if let Some(idx) = entry.key.strip_prefix("chapter:") {
            let idx: u32 = idx.parse().map_err(|_| format!("bad key {}", entry.key))?;
            let all = host::chapter_passages(idx, 0, 100);
            if all.is_empty() {
                return Err(format!("chapter {idx} has no text"));
            }
            return Ok(unit_page(&entry, &all, None));
        }
        if let Some(at) = entry.key.strip_prefix("section:") {
            let bad = || format!("bad key {}", entry.key);
            let (c, o) = at.split_once(':').ok_or_else(bad)?;
            let (c, o): (u32, u32) = (c.parse().map_err(|_| bad())?, o.parse().map_err(|_| bad())?);
            let from = host::chapter_passages(c, o, 100);
            let heading = from
                .first()
                .and_then(|p| p.location.section.clone())
                .ok_or_else(|| format!("no section at {at}"))?;
            // (the work's own subsections are part of it: "湘君 / 其二")
            let all: Vec<Passage> = from
                .into_iter()
                .take_while(|p| {
                    p.location.section.as_deref().map(top_section) == Some(top_section(&heading))
                })
                .collect();
            let work = section_work(&heading, &all);
            return Ok(unit_page(&entry, &all, work.as_ref()));
        }
        if let Some(list) = entry.key.strip_prefix("chapters:") {
            return works_of_one_title(&entry, list);
        }
        let (kind, key) = entry.key.split_once(':').unwrap_or(("name", &entry.key));
        let mentions = host::mentions(key, 100);
        if mentions.is_empty() {
            return Err(format!("no passage mentions {key}"));
        }
        let related = related_entries(key, &entry.title, 10);
        let mut b = PageBuilder::new(&entry);
        b.names = related.clone();
        b.script_of(&mentions);
        // A book the works of an anthology come from ("《左傳》" under a work's title): the
        // works drawn from it.
        let (sources, drawn) = drawn_from(key, &mentions);
        // (what a table of the book says it is, where its prose never says)
        let defined = host::definitions(key, 1);
        let defined = if defined.is_empty() {
            host::glosses(key, 1)
        } else {
            defined
        };
        match defined.first() {
            _ if !drawn.is_empty() => {
                let shown: Vec<&str> = drawn.iter().take(4).map(String::as_str).collect();
                b.summary_line(if zh {
                    let list: Vec<String> = shown.iter().map(|w| format!("《{w}》")).collect();
                    format!(
                        "{}，{}所收{}{}{}篇的出处。",
                        entry.title,
                        grove_gene::build::book_zh(&entry.document_title),
                        list.join("、"),
                        if drawn.len() > shown.len() { "等" } else { "" },
                        drawn.len()
                    )
                } else {
                    let list: Vec<String> = shown.iter().map(|w| format!("“{w}”")).collect();
                    format!(
                        "{} is the source of {} work{} in {}: {}{}.",
                        entry.title,
                        drawn.len(),
                        if drawn.len() == 1 { "" } else { "s" },
                        grove_gene::build::book_en(&entry.document_title),
                        list.join(", "),
                        if drawn.len() > shown.len() { " and others" } else { "" }
                    )
                });
                for p in sources.iter().take(4) {
                    b.cite(p);
                }
                b.links(t(zh, "所收作品", "Works drawn from it"), &drawn);
            }
            // (a name the book's title page gives under its title is its author's)
            _ if kind == "name"
                && let Some((line, affiliation)) =
                    grove_gene::build::title_page_credit(&[key.to_string()], &entry.document_title) =>
            {
                b.summary_line(grove_gene::build::title_page_line(&entry, affiliation.as_deref(), zh));
                b.cite(&line);
            }
            // (a copyright notice names a holder; it does not say what the holder is)
            Some(d) if let Some(line) = copyright_line(&entry, &d.text, zh) => {
                b.summary_line(line);
                b.cite(d);
            }
            Some(d) => b.summary_quote(d),
            // What the text shows of it: its kind, where it is found, what it is found with.
            None => {
                let with = grove_gene::build::often_with(key, &entry.title, mentions.len(), 4);
                let word = kind_word(false, kind);
                let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
                let mut en_kind = format!("{article} {word}");
                let mut zh_kind = format!("一个{}", kind_word(true, kind));
                // (a name of no known kind takes the kind the text gives it: "the Homepage
                // field" makes Homepage a field; so does a body the text names by its kind,
                // "the debian-mentors mailing list")
                let texts: Vec<&str> = mentions.iter().map(|p| p.text.as_str()).collect();
                if (word == "name" || word == "organisation")
                    && let (Some(z), Some(e)) =
                        (kind_noun(key, &texts, true), kind_noun(key, &texts, false))
                    && (word == "name" || body_kind(e))
                {
                    (zh_kind, en_kind) = (z.to_string(), e.to_string());
                } else if word == "organisation" && {
                    let address = format!("{key}@lists.");
                    texts.iter().any(|t| t.contains(&address))
                } {
                    // (a body whose address is at a host of lists is a mailing list:
                    // "debian-mentors@lists.debian.org")
                    (zh_kind, en_kind) = ("一个邮件列表".to_string(), "a mailing list".to_string());
                } else if word == "name" && domain_name(key) {
                    // (a name of the shape of an Internet domain is one: "wiki.debian.org")
                    (zh_kind, en_kind) = ("一个域名".to_string(), "a domain name".to_string());
                } else if word == "name"
                    && !zh
                    && let Some((z, e)) = kind_named_once(key, &texts)
                {
                    // (or the kind it names once, in a phrase that says more, which the line
                    // quotes)
                    (zh_kind, en_kind) = (z.to_string(), e.to_string());
                }
                // (a state of classical text, named by one character, is known by its rulers,
                // whom the text names with it: 齐 of 齐景公 and 齐桓公, 楚 of 楚庄王)
                let rulers = if zh && kind == "place" && key.chars().count() == 1 {
                    rulers_of(key)
                } else {
                    Vec::new()
                };
                let mut role = (!rulers.is_empty()).then(|| {
                    zh_kind = "一国".to_string();
                    format!("国君有{}", rulers.join("、"))
                });
                // (or by the title the text gives its ruler, where it names none: 趙王 of 趙)
                if role.is_none()
                    && zh
                    && kind == "place"
                    && key.chars().count() == 1
                    && let Some((title, p)) = ruler_title(key, &mentions)
                {
                    zh_kind = "一国".to_string();
                    role = Some(format!("其君称{title}"));
                    b.cite(p);
                }
                // (a dynasty's name the host found used as one: 殷 of "殷因於夏禮")
                if rulers.is_empty()
                    && zh
                    && kind == "place"
                    && key.chars().count() == 1
                    && grove_gene::build::ZH_DYNASTIES.contains(key)
                {
                    zh_kind = "一个朝代".to_string();
                }
                // (a place whose name says its kind: 泰山, a mountain)
                if rulers.is_empty()
                    && zh
                    && kind == "place"
                    && let Some(noun) = zh_place_noun(key)
                {
                    zh_kind = noun.to_string();
                }
                // (a work the text says who wrote, quotes, sings or reads: "屈平……作《離騷》")
                let used = if zh && kind == "work" {
                    zh_work_class(key, &mentions, &grove_gene::build::book_zh(&entry.document_title))
                } else {
                    None
                }
                // (a product's release the text names by its version: "Debian 12 Bookworm")
                .or_else(|| {
                    (kind == "work").then(|| release_class(key, &entry.aliases, &mentions, zh)).flatten()
                });
                b.evidence_summary_or(
                    &entry,
                    (&zh_kind, &en_kind),
                    role.as_deref(),
                    &mentions,
                    &with,
                    used.as_ref().map(|(c, p)| (c.clone(), p)),
                );
            }
        }
        let rel_terms: Vec<String> = related.iter().map(|(m, _)| m.clone()).collect();
        b.quotes(
            t(zh, "重要段落", "Key passages"),
            &central(key, &rel_terms, 3),
        );
        // (a work's byline, "《左傳》", "先秦：左丘明", says nothing of what it names)
        let quotable: Vec<Passage> =
            mentions.iter().filter(|p| !attribution_line(&p.text)).cloned().collect();
        b.quotes(t(zh, "原文", "In the text"), &spread(&quotable, 4));
        let titles: Vec<String> = related.iter().map(|(_, title)| title.clone()).collect();
        b.links(t(zh, "相关条目", "Related"), &titles);
        Ok(b.finish())
    }

    fn improve(page: Page, review: Review) -> Result<Option<Page>, String> {
        let zh = looks_zh(&page);
        Ok(improve(page, &review, zh))
    }
}

grove_gene::register_gene!(Other);

/// The top heading of a section path ("九章 / 涉江" → "九章"; the analysis joins nested
/// headings with " / ").
fn top_section(path: &str) -> &str {
    path.split(" / ").next().unwrap_or(path).trim()
}

/// The works inside the units of a collection, as (chapter, offset of the work's first
/// passage in it, title): where a unit (九歌, 九章) holds its text under two or more headings
/// of its own (东皇太一, 湘君 …), each heading names a work a reader looks up, with a page
/// of its own. A heading found in two units or more ("名称" and "描述" of manual pages,
/// "Notes", "其二") names a kind of part, not a work, and counts for none; where such headings
/// are more than a tenth of all, none counts. Nor does a unit with much text outside its
/// headings (a treatise's chapter with a few subsections). The scan reads at most 20,000
/// passages, and stops after 2,000 where no unit has headings.
fn unit_sections(doc: &Document) -> Vec<(u32, u32, String)> {
    let mut found: Vec<(u32, u32, String)> = Vec::new();
    let mut scanned = 0u32;
    let mut headed = false;
    for c in &doc.chapters {
        let mut offset = 0u32;
        let mut current: Option<String> = None;
        let mut sections: Vec<(u32, String)> = Vec::new();
        let mut outside = 0u32;
        while offset < c.passage_count {
            let batch = host::chapter_passages(c.index, offset, 100);
            if batch.is_empty() {
                break;
            }
            for (i, p) in batch.iter().enumerate() {
                let Some(top) = p.location.section.as_deref().map(top_section) else {
                    outside += 1;
                    continue;
                };
                if current.as_deref() != Some(top) {
                    current = Some(top.to_string());
                    sections.push((offset + i as u32, top.to_string()));
                }
            }
            offset += batch.len() as u32;
        }
        scanned += offset;
        headed |= !sections.is_empty();
        let distinct = {
            let mut t: Vec<&str> = sections.iter().map(|(_, h)| h.as_str()).collect();
            t.sort_unstable();
            t.dedup();
            t.len()
        };
        // (its text under its headings, each heading once: not a chapter whose one
        // subsection closes it, nor one whose headings alternate)
        if distinct >= 2 && distinct == sections.len() && outside * 5 <= offset {
            found.extend(sections.into_iter().map(|(o, h)| (c.index, o, h)));
        }
        if scanned >= 20_000 || scanned >= 2_000 && !headed {
            break;
        }
    }
    let units_of = |title: &str| {
        let mut units: Vec<u32> = found
            .iter()
            .filter(|(_, _, t)| t == title)
            .map(|(c, ..)| *c)
            .collect();
        units.dedup();
        units.len()
    };
    // (where headings recur from unit to unit, as a manual's pages' do, even the headings
    // found once are parts of a kind: "DESCRIPTION(描述)" beside "描述")
    let recurring = found.iter().filter(|(_, _, t)| units_of(t) > 1).count();
    if recurring * 10 > found.len() {
        return Vec::new();
    }
    let keep: Vec<bool> = found
        .iter()
        .map(|(_, _, t)| {
            units_of(t) == 1
                && t.chars().count() <= 40
                && !outline_numbered(t)
                && !grove_gene::junk::is_junk(t)
        })
        .collect();
    found
        .into_iter()
        .zip(keep)
        .filter_map(|(f, k)| k.then_some(f))
        .collect()
}

/// The works an anthology's volumes hold, as (chapter, offset of the work's first passage in
/// it, work): the sections whose heading or first lines credit an author. Empty unless five
/// or more sections do (one credited section in a manual is no anthology). The scan stops
/// after 2,000 passages without one, and reads at most 20,000.
fn work_sections(doc: &Document) -> Vec<(u32, u32, SectionWork)> {
    let mut out = Vec::new();
    let mut scanned = 0u32;
    'chapters: for c in &doc.chapters {
        let mut offset = 0u32;
        let mut current: Option<String> = None;
        while offset < c.passage_count {
            let batch = host::chapter_passages(c.index, offset, 100);
            if batch.is_empty() {
                break;
            }
            for (i, p) in batch.iter().enumerate() {
                let section = p.location.section.as_deref();
                if section == current.as_deref() {
                    continue;
                }
                current = section.map(str::to_string);
                let Some(heading) = section else { continue };
                let at = offset + i as u32;
                // (its first lines, past the end of this batch if need be)
                let opening = if i + 3 <= batch.len() {
                    batch[i..i + 3].to_vec()
                } else {
                    host::chapter_passages(c.index, at, 3)
                };
                if let Some(work) = section_work(heading, &opening) {
                    out.push((c.index, at, work));
                }
            }
            offset += batch.len() as u32;
            scanned += batch.len() as u32;
            if scanned >= 20_000 || scanned >= 2_000 && out.is_empty() {
                break 'chapters;
            }
        }
    }
    if out.len() < 5 {
        out.clear();
    }
    out
}

/// The works of an anthology drawn from the book `name`: the works whose source line names
/// it ("《左傳》" under "鄭伯克段於鄢 · 左丘明"), as (those lines, the works' titles).
fn drawn_from(name: &str, mentions: &[Passage]) -> (Vec<Passage>, Vec<String>) {
    let mut lines = Vec::new();
    let mut works: Vec<String> = Vec::new();
    for p in mentions {
        if source_line(&p.text) != Some(name) {
            continue;
        }
        let Some(work) = p.location.section.as_deref().and_then(|h| section_work(h, &[])) else {
            continue;
        };
        if !works.contains(&work.title) {
            works.push(work.title);
            lines.push(p.clone());
        }
    }
    (lines, works)
}

/// The page of a unit of the book, a chapter that is one work or a work of a volume (`work`,
/// from its section heading): what it is (its author, or its opening words, or what it names
/// most), its opening passages, the entries it names and its longest passages, cited.
/// `all` holds the unit's passages in reading order (at most a hundred), at least one.
fn unit_page(entry: &Entry, all: &[Passage], work: Option<&SectionWork>) -> Page {
    let zh = entry.lang == "zh";
    // (a work's attribution lines, "《左傳》", "先秦：左丘明", are no part of its opening)
    let opening: Vec<Passage> = all
        .iter()
        .enumerate()
        .filter(|(i, p)| work.is_none() || *i >= 3 || !attribution_line(&p.text))
        .map(|(_, p)| p.clone())
        .take(4)
        .collect();
    let mut b = PageBuilder::new(entry);
    b.script_of(all);
    // (the entries the unit names, looked up once, when first needed)
    let mut found: Option<Vec<(String, String, usize)>> = None;
    let mut named = || {
        found
            .get_or_insert_with(|| named_entries(&entry.title, all, zh))
            .clone()
    };
    // A unit of an anthology that names its author ("作者：杜甫", "By Li Bai") is
    // identified by it: a work of that author in this book. Otherwise the chapter is
    // named by its own title, which carries the book's numbering where the book numbers
    // its chapters; our index would disagree when front matter precedes chapter 1.
    let credit = opening
        .iter()
        .take(2)
        .find_map(|p| credited_author(&p.text).map(|a| (p, a)));
    if let Some(work) = work {
        let author = &work.author;
        // A work of an anthology in a volume ("鄭伯克段於鄢 · 左丘明" in "卷一・周文"): its
        // author, the book it comes from where a line names one, and its volume.
        let source = all.iter().take(3).find_map(|p| source_line(&p.text));
        let chapter = &all[0].location.chapter_title;
        b.summary_line(match (zh, source) {
            (true, Some(src)) => format!(
                "{}，{}作，出自《{}》，收于{}{}。",
                entry.title, author, src, grove_gene::build::book_zh(&entry.document_title), chapter
            ),
            (true, None) => format!(
                "{}，{}作，收于{}{}。",
                entry.title, author, grove_gene::build::book_zh(&entry.document_title), chapter
            ),
            (false, Some(src)) => format!(
                "“{}”, by {}, from “{}”, in {} ({}).",
                entry.title, author, src, grove_gene::build::book_en(&entry.document_title), chapter
            ),
            (false, None) => format!(
                "“{}”, by {}, in {} ({}).",
                entry.title, author, grove_gene::build::book_en(&entry.document_title), chapter
            ),
        });
        // (the line that credits the author, "先秦：左丘明")
        if let Some(p) = all.iter().take(3).find(|p| p.text.contains(author.as_str())) {
            b.cite(p);
        }
    } else if let Some((p, author)) = credit {
        b.summary_line(if zh {
            format!("{}，{}作，收于{}。", entry.title, author, grove_gene::build::book_zh(&entry.document_title))
        } else {
            format!("“{}”, by {}, in {}.", entry.title, author, grove_gene::build::book_en(&entry.document_title))
        });
        b.cite(p);
    } else if let Some(p) = opening
        .iter()
        .take(3)
        .find(|p| opens_unit(&p.text, zh) && !(zh && zh_letter_row(&p.text) && prose_unit(all, zh)))
    {
        // A manual page opens with what it documents ("cp - copy files"): the lead
        // quotes it. A poem or a surah is known by its opening words: the lead says
        // what the unit is, a piece of the book, and quotes them ("关雎，《诗经》中的
        // 一篇，开篇：“关关雎鸠，在河之洲。”").
        let text = p.text.trim();
        // (the name, then what it is: "cp - copy files", "ls：列出目录内容"; a poem named
        // by its first words, "蒹葭苍苍，白露为霜", only quotes itself)
        let names_itself = std::iter::once(&entry.title)
            .chain(entry.aliases.iter())
            .filter(|n| !n.trim().is_empty())
            .filter_map(|n| text.strip_prefix(n.trim()))
            .any(|rest| {
                rest.trim_start()
                    .starts_with(['-', '–', '—', ':', '：', '(', '（'])
            });
        if names_itself {
            b.summary_quote(p);
        } else {
            // A unit of prose (a surah, a chapter of sayings) is known by whom and
            // what it speaks of, more than by its first words (a poem's lines are
            // short: its opening is what it is known by).
            // (its first hundred passages: each word is looked up in the plan)
            let subjects = if prose_unit(all, zh) {
                unit_subjects(&named(), zh)
            } else {
                Vec::new()
            };
            let book_en = grove_gene::build::book_en(&entry.document_title);
            // (an English unit whose title names its subject, "The Thunder", is shown by
            // the passage that speaks of it, rather than by its opening)
            // (a Chinese unit whose opening names its subject already is shown by its opening,
            // "你怎能知道大难是什么？")
            let titled = if zh {
                titled_passage_zh(&entry.title, all)
                    .filter(|_| !numbered_subject(&entry.title).is_some_and(|s| text.contains(s)))
            } else {
                titled_passage(&entry.title, all)
            };
            let (line, cited) = match titled {
                Some((tp, span)) if zh => {
                    let subject = &tp.text[span.clone()];
                    let shown = quote_holding(&tp.text, span.clone(), true);
                    let book = grove_gene::build::book_zh(&entry.document_title);
                    let line = match subjects.as_slice() {
                        [] => format!("{}，{book}中的一篇，讲到{subject}：“{shown}”", entry.title),
                        names => format!(
                            "{}，{book}中的一篇，多言及{}，讲到{subject}：“{shown}”",
                            entry.title,
                            names.join("、")
                        ),
                    };
                    (line, tp)
                }
                Some((tp, span)) => {
                    let said = with_article(&tp.text, span.clone());
                    let shown = quote_holding(&tp.text, span, false);
                    let line = match subjects.as_slice() {
                        [] => format!("“{}” is a part of {book_en} that speaks of {said}: “{shown}”", entry.title),
                        names => format!(
                            "“{}” is a part of {book_en} that names {} and speaks of {said}: “{shown}”",
                            entry.title,
                            english_list(names)
                        ),
                    };
                    (line, tp)
                }
                None => {
                    let opening = opening_words(text, zh, 60);
                    let line = match (zh, subjects.as_slice()) {
                        (true, []) => format!(
                            "{}，{}中的一篇，开篇：“{}”",
                            entry.title, grove_gene::build::book_zh(&entry.document_title), opening
                        ),
                        (true, names) => format!(
                            "{}，{}中的一篇，多言及{}；开篇：“{}”",
                            entry.title,
                            grove_gene::build::book_zh(&entry.document_title),
                            names.join("、"),
                            opening
                        ),
                        (false, []) => format!("“{}” is a part of {book_en} that opens: “{opening}”", entry.title),
                        (false, names) => format!(
                            "“{}” is a part of {book_en} that names {}; it opens: “{opening}”",
                            entry.title,
                            english_list(names)
                        ),
                    };
                    (line, p.clone())
                }
            };
            b.summary_line(line);
            b.cite(&cited);
        }
    } else {
        b.summary_line(if zh {
            format!(
                "{}中“{}”一章的概览，共{}句。",
                grove_gene::build::book_zh(&entry.document_title),
                entry.title,
                all.len()
            )
        } else {
            format!(
                "Overview of “{}”, a chapter of {} ({} sentences).",
                entry.title,
                grove_gene::build::book_en(&entry.document_title),
                all.len()
            )
        });
    }
    b.quotes(t(zh, "开篇", "Opening"), &opening);
    // Entries this unit mentions, and its longest (most substantial) passages.
    // (in Chinese by runs of ideographs, most named first; in English by words, in order)
    let mut names: Vec<(String, String)> = Vec::new();
    if zh {
        let mut by_count = named();
        by_count.sort_by_key(|c| std::cmp::Reverse(c.2));
        names.extend(by_count.into_iter().take(20).map(|(title, words, _)| (words, title)));
    }
    for p in all.iter().filter(|_| !zh) {
        for w in p
            .text
            .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
            .filter(|w| w.chars().count() >= 2)
        {
            if let Some(title) = host::entry_for(w)
                && title != entry.title
                && !names.iter().any(|(_, t)| *t == title)
            {
                names.push((w.to_string(), title));
            }
        }
        if names.len() >= 20 {
            break;
        }
    }
    b.names = names.clone();
    let mut rest: Vec<_> = all.iter().skip(opening.len()).cloned().collect();
    rest.sort_by_key(|p| std::cmp::Reverse(p.text.chars().count().min(200)));
    rest.truncate(3);
    rest.sort_by_key(|p| p.id[1..].parse::<u64>().unwrap_or(0));
    b.quotes(t(zh, "要点", "Key passages"), &rest);
    let titles: Vec<String> = names.into_iter().map(|(_, t)| t).collect();
    let heading = match work {
        Some(_) => t(zh, "本篇条目", "Entries in this work"),
        None => t(zh, "本章条目", "Entries in this chapter"),
    };
    b.links(heading, &titles);
    b.finish()
}

/// The page of a title several chapters share (the poems of one tune, "玉楼春"): what the
/// title names, with the author of each work where its chapter credits one, and each work's
/// opening, cited. `list` holds the chapter indices, comma-separated.
fn works_of_one_title(entry: &Entry, list: &str) -> Result<Page, String> {
    let zh = entry.lang == "zh";
    let mut b = PageBuilder::new(entry);
    let mut authors: Vec<String> = Vec::new();
    let mut openings = Vec::new();
    let mut all = Vec::new();
    for idx in list.split(',') {
        let idx: u32 = idx.parse().map_err(|_| format!("bad key {}", entry.key))?;
        let opening = host::chapter_passages(idx, 0, 4);
        if let Some((p, author)) = opening
            .iter()
            .take(2)
            .find_map(|p| credited_author(&p.text).map(|a| (p, a)))
        {
            if !authors.contains(&author) {
                authors.push(author);
            }
            b.cite(p);
        }
        if let Some(p) = opening.iter().take(3).find(|p| opens_unit(&p.text, zh)) {
            openings.push(p.clone());
        }
        all.extend(opening);
    }
    if all.is_empty() {
        return Err(format!("chapters {list} have no text"));
    }
    b.script_of(&all);
    let n = list.split(',').count();
    let shown: Vec<&str> = authors.iter().take(4).map(String::as_str).collect();
    // (where no work credits an author, the first work's opening words say what it is)
    let first_opening = openings
        .first()
        .filter(|_| shown.is_empty())
        .map(|p| opening_words(p.text.trim(), zh, 60));
    b.summary_line(if zh {
        let mut s = format!("{}，{}中{}篇作品的题名", entry.title, grove_gene::build::book_zh(&entry.document_title), n);
        if !shown.is_empty() {
            s.push_str("，作者为");
            s.push_str(&shown.join("、"));
            if authors.len() > shown.len() {
                s.push('等');
            }
        }
        if let Some(o) = &first_opening {
            s.push_str(&format!("，其一开篇：“{o}”"));
        }
        s.push('。');
        s
    } else if let Some(o) = &first_opening {
        format!(
            "“{}” is the title of {} works in {}; the first opens: “{o}”",
            entry.title, n, grove_gene::build::book_en(&entry.document_title)
        )
    } else {
        let mut s = format!(
            "“{}” is the title of {} works in {}",
            entry.title, n, grove_gene::build::book_en(&entry.document_title)
        );
        match shown.as_slice() {
            [] => {}
            [a] => s.push_str(&format!(", all by {a}")),
            [init @ .., last] => {
                s.push_str(&format!(", by {} and {last}", init.join(", ")));
                if authors.len() > shown.len() {
                    s.push_str(" among others");
                }
            }
        }
        s.push('.');
        s
    });
    b.quotes(t(zh, "各篇开篇", "The works' openings"), &openings);
    Ok(b.finish())
}

/// Whether a unit is prose: its sentences are long (a surah's verses, a chapter's sayings),
/// not a poem's lines (at most about a dozen characters or ten words each).
fn prose_unit(passages: &[grove_gene::Passage], zh: bool) -> bool {
    if passages.len() < 3 {
        return false;
    }
    let size = |t: &str| {
        if zh {
            t.chars().filter(|c| c.is_alphabetic()).count()
        } else {
            t.split_whitespace().count()
        }
    };
    let total: usize = passages.iter().map(|p| size(&p.text)).sum();
    total / passages.len() > if zh { 16 } else { 14 }
}

/// The entries a unit's passages name, by longest match of words (in English only from a
/// capitalised word) or of up to four ideographs against the plan: (title, the words that
/// named it first, how often), in the order of first mention. The unit's own entry is left
/// out.
fn named_entries(
    own_title: &str,
    passages: &[grove_gene::Passage],
    zh: bool,
) -> Vec<(String, String, usize)> {
    use std::collections::HashMap;
    let mut known: HashMap<String, Option<String>> = HashMap::new();
    let mut named: Vec<(String, String, usize)> = Vec::new();
    let mut lookup = |words: &str| -> Option<String> {
        known
            .entry(words.to_string())
            .or_insert_with(|| host::entry_for(words))
            .clone()
    };
    for p in passages {
        // (a byline names its author, not a one-character entry of its era: "先秦：左丘明"
        // names no 秦)
        let byline = zh && attribution_line(&p.text);
        // the units of matching: words in Latin letters, single ideographs
        let mut units: Vec<&str> = Vec::new();
        let mut at = 0;
        for (i, c) in p.text.char_indices() {
            let cjk = ('\u{4e00}'..='\u{9fff}').contains(&c);
            if cjk || !(c.is_alphanumeric() || c == '-' || c == '_' || c == '\'') {
                if at < i {
                    units.push(&p.text[at..i]);
                }
                // (a space joins words into a name; punctuation ends one)
                if cjk {
                    units.push(&p.text[i..i + c.len_utf8()]);
                } else if !c.is_whitespace() {
                    units.push("");
                }
                at = i + c.len_utf8();
            }
        }
        if at < p.text.len() {
            units.push(&p.text[at..]);
        }
        let mut i = 0;
        while i < units.len() {
            let mut step = 1;
            // (in English only a name counts, and a name opens with a capital)
            let capital = units[i].starts_with(|c: char| c.is_uppercase());
            for n in (1..=4).rev().filter(|_| zh || capital) {
                let Some(span) = units.get(i..i + n) else { continue };
                if span.iter().any(|u| u.is_empty()) {
                    continue;
                }
                let joined = if zh && span.iter().all(|u| u.chars().count() == 1) {
                    span.concat()
                } else {
                    span.join(" ")
                };
                // (a single ideograph names an entry only in a text that writes names so, and
                // not where it is doubled: "浩浩湯湯", "绵绵葛藟" describe, they name no 湯, no 绵)
                if joined.chars().count() < 2 && !(zh && n == 1 && !byline) {
                    continue;
                }
                if zh
                    && n == 1
                    && (units.get(i + 1) == Some(&units[i])
                        || i > 0 && units.get(i - 1) == Some(&units[i]))
                {
                    continue;
                }
                if let Some(title) = lookup(&joined) {
                    if title != own_title {
                        match named.iter_mut().find(|(t, ..)| *t == title) {
                            Some((.., count)) => *count += 1,
                            None => named.push((title, joined, 1)),
                        }
                    }
                    step = n;
                    break;
                }
            }
            i += step;
        }
    }
    named
}

/// The entries a unit names most often for their spread in the book: counted by longest match
/// of its words (Chinese: runs of up to four characters) against the planned entries, each
/// weighed by how few of the book's chapters hold it (tf-idf); the book's subject everywhere
/// ("Allah", 安拉: in nearly every chapter its mentions span, or named a hundred times or
/// more) and, in English, words that are no names ("people", "father") are left out. At most
/// three, each named at least twice in the unit.
fn unit_subjects(named: &[(String, String, usize)], zh: bool) -> Vec<String> {
    // (in English a name, capitalised, says what a unit is about; a word does not: "Joseph",
    // not "father")
    let mut top: Vec<(String, usize)> = named
        .iter()
        .filter(|(title, _, n)| *n >= 2 && (zh || !title.starts_with(|c: char| c.is_lowercase())))
        // (an epithet is no subject: "Seeing", "Acquainted", "Praiseworthy", "Allah Exalted";
        // an English name ends in none of these)
        .filter(|(title, _, _)| zh || !epithet(title))
        .map(|(title, _, n)| (title.clone(), *n))
        .collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    top.truncate(8);
    let mut scored: Vec<(f64, String)> = top
        .into_iter()
        .filter_map(|(title, n)| {
            // How much of the book it is in: the share of the chapters its mentions span
            // that hold one (the host gives a hundred mentions at most, in reading order, so
            // the span is that of the first hundred).
            let mentions = host::mentions(&title, 100);
            // (a name the book names a hundred times or more is its subject, wherever the
            // first hundred fall: 安拉 fills the first two surahs)
            if mentions.len() >= 100 {
                return None;
            }
            let mut chapters: Vec<u32> = mentions.iter().map(|p| p.location.chapter).collect();
            chapters.sort_unstable();
            let span = match (chapters.first(), chapters.last()) {
                (Some(a), Some(b)) => b - a + 1,
                _ => 1,
            };
            chapters.dedup();
            let share = (chapters.len().max(1) as f64 / f64::from(span)).min(1.0);
            // (a name in nearly every chapter it spans is the book's subject, not the
            // unit's: "Allah", 安拉)
            if share >= 0.8 && span >= 3 {
                return None;
            }
            Some((n as f64 * ((1.0 / share).ln() + 0.3), title))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(3).map(|(_, t)| t).collect()
}

/// Whether a character is part of an English word of a title or a passage ("Ar-Ra'd").
fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '\'' || c == '’' || c == '-'
}

/// The words of a unit's title that say what it is about, as a reader would search for them:
/// not a label that numbers it ("Surah 13.", "Chapter 2:"), nor a number, a function word or a
/// word of two letters, nor a participle ("The Thunder (Ar-Ra'd)": "Thunder", "Ar-Ra'd").
fn title_words(title: &str) -> Vec<String> {
    const FUNCTION: &[&str] = &[
        "the", "and", "for", "from", "with", "into", "upon", "over", "under", "about", "that",
        "this", "those", "these", "who", "whom", "which", "what", "when", "where", "how", "are",
        "was", "were", "its", "his", "her", "their", "our", "your", "not", "all", "any", "one",
        "she", "him", "they", "them",
    ];
    let words: Vec<&str> = title.split(|c: char| !word_char(c)).filter(|w| !w.is_empty()).collect();
    // (a label and its number open the title: "Surah 13", "Chapter 2", "Psalm 23")
    let skip = match words.as_slice() {
        [_, n, ..] if n.chars().all(|c| c.is_ascii_digit()) => 2,
        [n, ..] if n.chars().all(|c| c.is_ascii_digit()) => 1,
        _ => 0,
    };
    let mut out: Vec<String> = words[skip..]
        .iter()
        .filter(|w| w.chars().count() >= 3 && !w.chars().any(|c| c.is_ascii_digit()))
        // (a participle names no subject: "Explained in Detail")
        .filter(|w| !(w.ends_with("ed") || w.ends_with("ing")) || w.chars().count() <= 4)
        .filter(|w| !FUNCTION.contains(&w.to_lowercase().as_str()))
        .map(|w| w.to_string())
        .collect();
    // (the head noun first: the last word before "of" or a parenthesis, "The Clear Proof":
    // "Proof", "The Spoils of War": "Spoils")
    let main = title.split(['(', '（']).next().unwrap_or(title);
    let main = main.split(" of ").next().unwrap_or(main);
    if let Some(head) = main.split(|c: char| !word_char(c)).rev().find(|w| !w.is_empty())
        && let Some(i) = out.iter().position(|w| w == head)
    {
        let head = out.remove(i);
        out.insert(0, head);
    }
    out
}

/// The passage of an English unit that speaks of what its title names: the first after its
/// opening that names a word of the title, whole (or its plural), trying the title's words in
/// order ("The Thunder": "And the thunder exalts [Allah] with praise of Him"; "The Cow": "Allah
/// commands you to slaughter a cow"), and where in it the word stands. None where no passage
/// of the unit names a word of its title (a numbered chapter, "Genesis 1"), or only its
/// opening one (the lead quotes that already).
fn titled_passage(title: &str, all: &[Passage]) -> Option<(Passage, std::ops::Range<usize>)> {
    let words = title_words(title);
    let first = all.first()?;
    if words.is_empty() {
        return None;
    }
    // (the whole unit, not only the passages the page shows: 2:67 is far into "The Cow"; the
    // host hands out a hundred passages a call, so a chapter's unit that filled one call goes
    // on past it)
    let page = grove_gene::limits::MAX_IMPORT_ITEMS;
    let chapter = first.location.chapter;
    let mut more: Vec<Passage> = Vec::new();
    if all.len() == page as usize
        && host::chapter_passages(chapter, 0, 1).first().is_some_and(|p| p.id == first.id)
    {
        for k in 1..6u32 {
            let got = host::chapter_passages(chapter, k * page, page);
            let last = got.len() < page as usize;
            more.extend(got);
            if last {
                break;
            }
        }
    }
    let same = |w: &str, t: &str| {
        let (w, t) = (w.to_lowercase(), t.to_lowercase());
        w == t || w.strip_suffix('s') == Some(t.as_str()) || t.strip_suffix('s') == Some(w.as_str())
    };
    words.iter().find_map(|t| {
        all.iter()
            .chain(&more)
            .filter(|p| p.id != first.id && p.text.split_whitespace().count() >= 6)
            .find_map(|p| {
                let mut at = 0;
                for w in p.text.split(|c: char| !word_char(c)) {
                    let start = p.text[at..].find(w).map_or(at, |i| at + i);
                    at = start + w.len();
                    if !w.is_empty() && same(w, t) {
                        return Some((p.clone(), start..at));
                    }
                }
                None
            })
    })
}

/// Whether a short Chinese passage is a row of letters, not a sentence: "艾列弗，俩目，米目。"
/// (two parts or more between commas, each of one to three characters, twelve in all at most).
/// A poem's line has that shape too ("式微，式微，胡不归？"): only a unit of prose skips it.
fn zh_letter_row(text: &str) -> bool {
    // (past a verse's number, "2:1 艾列弗…")
    let t = text
        .trim()
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == ':')
        .trim_start()
        .trim_end_matches(['。', '！', '？', '；']);
    let parts: Vec<&str> = t.split(['，', '、']).map(str::trim).collect();
    parts.len() >= 2
        && t.chars().count() <= 12
        && parts.iter().all(|p| (1..=3).contains(&p.chars().count()))
}

/// The title a classical text gives the ruler of the one-character state `state`, where it
/// gives one in two passages or more: "趙王" of 趙, "陳侯" of 陳, "鄭伯" of 鄭 (the rank most
/// often written after it, of 王, 侯, 伯, 君 and 公; not 公 of "魏公子", a prince, nor a title
/// after another state's name, 威公 of "齊威公"), with the first passage that writes it.
fn ruler_title<'p>(state: &str, mentions: &'p [Passage]) -> Option<(String, &'p Passage)> {
    let mut best: Option<(usize, String, &Passage)> = None;
    for rank in ['王', '侯', '伯', '君', '公'] {
        let title = format!("{state}{rank}");
        let with: Vec<&Passage> = mentions
            .iter()
            .filter(|p| {
                p.text.match_indices(&title).any(|(at, _)| {
                    let after = &p.text[at + title.len()..];
                    // (another state's ruler: 威公 of "齊威公" rules 齊)
                    let of_a_state = p.text[..at]
                        .chars()
                        .next_back()
                        .is_some_and(|c| "齊齐楚秦晉晋魯鲁宋衛卫鄭郑陳陈蔡吳吴越燕趙赵魏韓韩".contains(c));
                    !(of_a_state || rank == '公' && after.starts_with('子'))
                })
            })
            .collect();
        if with.len() >= 2 && best.as_ref().is_none_or(|(n, _, _)| with.len() > *n) {
            best = Some((with.len(), title, with[0]));
        }
    }
    best.map(|(_, title, p)| (title, p))
}

/// The subject a Chinese unit's numbered heading names after its number: "黄牛" of "第二章
/// 黄牛", "大灾" of "第八十八章 大灾". None for a title without a number ("梁惠王上", a
/// poem's "燕燕") or whose rest is no word of two characters or more in ideographs ("第五章",
/// "第一回 宴桃园豪杰三结义" is a phrase, which `titled_passage_zh` then finds nowhere).
fn numbered_subject(title: &str) -> Option<&str> {
    let rest = title.strip_prefix('第')?;
    let end = rest.find(|c: char| !("〇零一二三四五六七八九十百千两".contains(c) || c.is_ascii_digit()))?;
    let rest = rest[end..].strip_prefix(['章', '篇', '卷', '回', '节', '節', '部', '课', '課'])?;
    let subject = rest.trim_start_matches([' ', '\u{3000}', '：', ':', '、', '.']).trim_end();
    (end > 0 && subject.chars().count() >= 2 && subject.chars().all(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)))
        .then_some(subject)
}

/// The passage of a Chinese unit with a numbered heading that speaks of the subject its title
/// names ("第二章 黄牛": "安拉命令你们宰一头黄牛"): the first of the unit past its opening
/// that names the subject as a word of its own (the host's mentions: not 牛 in 黄牛), and
/// where in it the subject stands. None where the title names no subject
/// (`numbered_subject`), or no passage but the opening names it (the lead quotes that
/// already).
fn titled_passage_zh(title: &str, all: &[Passage]) -> Option<(Passage, std::ops::Range<usize>)> {
    let subject = numbered_subject(title)?;
    let first = all.first()?;
    let chapter = first.location.chapter;
    host::mentions(subject, 400)
        .into_iter()
        .filter(|p| p.location.chapter == chapter && p.id != first.id && p.text.chars().count() >= 8)
        .find_map(|p| p.text.find(subject).map(|at| (at..at + subject.len(), p)))
        .map(|(span, p)| (p, span))
}

/// The word at `span` of `text` with the article the text puts before it: "a cow", "the
/// thunder", "Jonah".
fn with_article(text: &str, span: std::ops::Range<usize>) -> String {
    let article = text[..span.start]
        .strip_suffix(' ')
        .and_then(|h| h.rsplit(' ').next())
        .map(str::to_lowercase)
        .filter(|a| ["the", "a", "an"].contains(&a.as_str()));
    let word = &text[span];
    match article {
        Some(a) => format!("{a} {word}"),
        None => word.to_string(),
    }
}

/// The words of `text` a lead quotes for the word at `span`: the sentence about it, and where
/// that runs long past the word, the clause that holds it ("…And We sent down iron, wherein is
/// great military might"; in Chinese from the last stop or comma before it).
fn quote_holding(text: &str, span: std::ops::Range<usize>, zh: bool) -> String {
    let word = &text[span.clone()];
    let max = if zh { 80 } else { 160 };
    let shown = opening_words(&grove_gene::page::excerpt(text, &[word], zh), zh, max);
    if shown.to_lowercase().contains(&word.to_lowercase()) {
        return shown;
    }
    let marks: &[char] = if zh { &['。', '！', '？', '；', '，'] } else { &[',', ';', '.', ':'] };
    let from = text[..span.start]
        .rfind(marks)
        .map_or(0, |i| i + text[i..].chars().next().map_or(1, char::len_utf8));
    format!("…{}", opening_words(text[from..].trim(), zh, max))
}

/// Whether an English title ends in a word of a participle's or an adjective's ending
/// ("Seeing", "Acquainted", "Praiseworthy", "Merciful", "Allah Exalted"), which a text
/// capitalises for an epithet, not a name ("Mohammed", "Alfred" end otherwise).
fn epithet(title: &str) -> bool {
    let last = title.rsplit(' ').next().unwrap_or(title).to_lowercase();
    last.chars().count() >= 5
        && ["ing", "ful", "worthy", "able", "ible", "ted", "sed", "ized", "ised"]
            .iter()
            .any(|e| last.ends_with(e))
}

/// "A", "A and B", "A, B and C".
fn english_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Whether a unit's passage is words of its own that can open its page: a sentence, not a
/// label or a heading ("NAME", "Contents:", "1.").
fn opens_unit(text: &str, zh: bool) -> bool {
    let t = text.trim();
    let long = if zh {
        t.chars().filter(|c| c.is_alphabetic()).count() >= 6
    } else {
        t.split_whitespace().count() >= 4
    };
    long && !t.ends_with([':', '：']) && credited_author(t).is_none() && !grove_gene::build::letter_row(t, zh)
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_domain_name_is_known_by_its_shape() {
        for (name, domain) in [
            ("wiki.debian.org", true),
            ("lists.debian.org", true),
            ("gnu.org", true),
            ("i-connect.net", true),
            ("fs.constants", false),
            ("process.env", false),
            ("config.txt", false),
            ("Debian.org", false),
            ("debian", false),
            ("a..org", false),
            ("script.pl", false),
            ("sed.info", false),
            ("java.io", false),
        ] {
            assert_eq!(domain_name(name), domain, "{name}");
        }
    }

    #[test]
    fn a_numbered_chinese_heading_names_its_subject_after_the_number() {
        for (title, want) in [
            ("第二章 黄牛", Some("黄牛")),
            ("第八十八章 大灾", Some("大灾")),
            ("第12篇　雷霆", Some("雷霆")),
            ("第五章", None),
            ("第一章 开", None),
            ("梁惠王上", None),
            ("燕燕", None),
            ("第三章 Debian 打包", None),
            ("第二章黄牛", Some("黄牛")),
        ] {
            assert_eq!(numbered_subject(title), want, "{title}");
        }
    }

    #[test]
    fn a_row_of_letters_is_no_sentence() {
        for (text, want) in [
            ("艾列弗，俩目，米目。", true),
            ("2:1 艾列弗，俩目，米目。", true),
            ("塔，辛。", true),
            ("式微，式微，胡不归？", true),
            ("当苍穹破裂的时候，", false),
            ("子曰：学而时习之，不亦说乎？", false),
            ("萨德。", false),
        ] {
            assert_eq!(zh_letter_row(text), want, "{text}");
        }
    }

    /// A passage of the first chapter, with no place in it.
    fn passage(id: &str, text: &str) -> Passage {
        Passage {
            id: id.into(),
            text: text.into(),
            location: grove_gene::Location {
                chapter: 0,
                chapter_title: String::new(),
                section: None,
                page: None,
                line: None,
            },
        }
    }

    #[test]
    fn a_state_is_known_by_the_title_of_its_ruler() {
        let p = passage;
        let mentions = vec![
            p("s1", "趙王曰：善。"),
            p("s2", "魏公子無忌至趙。"),
            p("s3", "秦攻趙，趙王使人請救。"),
            p("s4", "魏公子爲趙解圍。"),
        ];
        let (title, first) = ruler_title("趙", &mentions).expect("a title");
        assert_eq!((title.as_str(), first.id.as_str()), ("趙王", "s1"));
        assert!(ruler_title("魏", &mentions).is_none(), "a prince is no ruler");
        let mentions = vec![p("s5", "齊威公伐楚。"), p("s6", "齊威公卒。")];
        assert!(ruler_title("威", &mentions).is_none(), "威公 rules 齊");
    }

    #[test]
    fn a_release_is_known_by_its_product_and_version() {
        let p = passage;
        let mentions = vec![
            p("s1", "Bookworm and Bullseye differ."),
            p("s2", "The MTA changed after Debian 12 Bookworm."),
        ];
        let aliases = vec!["Debian 12".to_string()];
        let potato = (["Debian 2.2".to_string()], [p("s3", "Debian 2.2 (Potato) was released in 2000.")]);
        let plural = [p("s4", "Debian 12 Bookworms")];
        let title = ["Debian Reference".to_string()];
        // (key, aliases, mentions, zh, class and snippet)
        let cases: Vec<(&str, &[String], &[Passage], bool, Option<(&str, &str)>)> = vec![
            ("Bookworm", &aliases, &mentions, false, Some(("release of Debian", "Debian 12 Bookworm"))),
            ("Bookworm", &aliases, &mentions, true, Some(("Debian 的一个发行版本", "Debian 12 Bookworm"))),
            // (a title in lower case quotes the text as written)
            ("bookworm", &aliases, &mentions, false, Some(("release of Debian", "Debian 12 Bookworm"))),
            // (brackets)
            (
                "Potato",
                &potato.0,
                &potato.1,
                false,
                Some(("release of Debian", "Debian 2.2 (Potato)")),
            ),
            // (no alias of a version, no mention that writes them together, a longer word)
            ("Bookworm", &[], &mentions, false, None),
            ("Bookworm", &aliases, &mentions[..1], false, None),
            ("Bookworm", &aliases, &plural, false, None),
            ("Bookworm", &title, &mentions, false, None),
        ];
        for (key, aliases, mentions, zh, want) in cases {
            let got = release_class(key, aliases, mentions, zh);
            let got = got.as_ref().map(|(c, _)| (c.class.as_str(), c.snippet.as_str()));
            assert_eq!(got, want, "{key} {aliases:?} {zh}");
        }
    }

    #[test]
    fn a_chinese_lead_quotes_the_clause_that_holds_the_subject() {
        let text = "当时，穆萨对他的宗族说：安拉的确命令你们宰一头黄牛。";
        let at = text.find("黄牛").unwrap();
        assert!(quote_holding(text, at..at + "黄牛".len(), true).contains("黄牛"));
    }

    #[test]
    fn a_named_unit_goes_by_its_names() {
        // (title, the names it gives, with "noah" and "cow" taken by other entries)
        let taken = |n: &str| ["noah", "cow"].contains(&n.to_lowercase().as_str());
        for (title, names) in [
            ("Surah 2. The Cow (Al-Baqarah)", &["Al-Baqarah"][..]),
            ("Surah 36. Ya Sin (Ya-Sin)", &["Ya Sin", "Ya-Sin"][..]),
            ("Surah 71. Noah (Nuh)", &["Nuh"][..]),
            ("Book II: The Two Towers", &["The Two Towers"][..]),
            ("第六十三章 伪信者", &[][..]),
            // a number alone, or no label and number, gives no name
            ("Genesis 1", &[][..]),
            ("离骚", &[][..]),
            ("A Brief History of Debian", &[][..]),
        ] {
            assert_eq!(unit_aliases(title, &taken), names, "{title}");
        }
    }

    #[test]
    fn a_units_title_words_leave_out_its_label_and_function_words() {
        let cases: &[(&str, &[&str])] = &[
            ("Surah 13. The Thunder (Ar-Ra'd)", &["Thunder", "Ar-Ra'd"]),
            ("Surah 98. The Clear Proof (Al-Bayyinah)", &["Proof", "Clear", "Al-Bayyinah"]),
            ("Surah 8. The Spoils of War (Al-Anfal)", &["Spoils", "War", "Al-Anfal"]),
            ("Surah 74. The Cloaked One (Al-Muddaththir)", &["Al-Muddaththir"]),
            ("Surah 2. The Cow (Al-Baqarah)", &["Cow", "Al-Baqarah"]),
            ("Genesis 1", &[]),
            ("Of Truth", &["Truth"]),
            ("3. Of Studies", &["Studies"]),
            ("Surah 41. Explained in Detail (Fussilat)", &["Detail", "Fussilat"]),
        ];
        for &(title, want) in cases {
            assert_eq!(title_words(title), want, "{title}");
        }
    }

    #[test]
    fn epithets_are_no_subjects() {
        for (title, epithet_) in [
            ("Seeing", true),
            ("Acquainted", true),
            ("Praiseworthy", true),
            ("Allah Exalted", true),
            ("Merciful", true),
            ("Moses", false),
            ("Mohammed", false),
            ("Children of Israel", false),
            ("King", false),
        ] {
            assert_eq!(epithet(title), epithet_, "{title}");
        }
    }

    #[test]
    fn two_elements_of_landscape_are_no_place() {
        for (word, landscape) in [
            ("江山", true),
            ("关山", true),
            ("江城", true),
            ("山川", true),
            ("郡縣", true),
            ("河水", false),
            ("湖州", false),
            ("泰山", false),
            ("海陵", false),
            ("江南", false),
        ] {
            assert_eq!(zh_landscape_word(word), landscape, "{word}");
        }
    }

    #[test]
    fn a_place_name_says_its_kind_by_its_last_character() {
        let cases: &[(&str, Option<&str>)] = &[
            ("泰山", Some("一座山")),
            ("首陽山", Some("一座山")),
            ("泰州", Some("一个州")),
            ("滄浪亭", Some("一座亭")),
            ("东城", None),
            ("西州", None),
            ("西山", Some("一座山")),
            ("神州", None),
            ("两山", None),
            ("千山", None),
            // (words of landscape and rule, whose other characters are such elements too)
            ("江山", None),
            ("山水", None),
            ("郡縣", None),
            ("江城", None),
            ("关山", None),
            // (a single character, or a name with no such element)
            ("山", None),
            ("洛陽", None),
            ("邯鄲", None),
        ];
        for &(name, want) in cases {
            assert_eq!(zh_place_noun(name), want, "{name}");
        }
    }
}

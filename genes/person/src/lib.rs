//! The default `person` gene: proposes the people who act or speak in a document and
//! renders each as a page a reader wants: a one-line description (a definitional passage
//! when the text has one, else a line from evidence: what they ask about, whom they speak
//! to, where and with whom they appear), first appearance, the relations the
//! text states ("son of Jesse", "king of Israel", "father of Jacob" from a genealogy's
//! "begat", "author of “…”" from a bibliography line, "字 孔明", "麦尔彦之子", "先知", an office,
//! "Nathan the prophet", "Peter Lund (Treasurer)", or a people, "Uriah the Hittite", each cited), what they say,
//! the chapters they appear in, the people and entries they appear with, and key passages
//! with mentions of other entries linked. Every sentence is a cited quote or a template line.
//!
//! It relies on the host's kind hint (`TermKind::Person`) and its merged name variants; it
//! does no name recognition itself. Junk titles are rejected with `grove_gene::junk`.

use grove_gene::build::{
    PageBuilder, central, copyright_line, credited_author, improve, looks_zh,
    related_entries, section_work, spread, t,
};
use grove_gene::{
    Document, Entry, Gene, GeneInfo, Page, Passage, Proposal, Review, TermKind, host,
};

struct Person;

/// How many of an author's works the page lists with their openings.
const MAX_WORKS_SHOWN: usize = 12;

/// The era a byline under a work's title gives its author: "宋代" of "宋代：曾鞏" (one to three
/// ideographs before the colon, the name after it, alone on its line; not a credit's label,
/// "作者：曾鞏").
fn byline_era<'t>(text: &'t str, names: &[String]) -> Option<&'t str> {
    let (era, name) = grove_gene::build::era_credit(text)?;
    // (not a credit or a speech: "作者：", "譯：", "曰：")
    let said = era.contains(['作', '著', '撰', '譯', '译', '編', '编', '說', '说', '曰', '云']);
    (!said && names.iter().any(|n| n == name)).then_some(era)
}

/// The offset among its chapter's passages of the first passage at or past source line
/// `line`: a search that doubles, then halves, the offset (some twenty look-ups of one
/// passage in a chapter of thousands).
fn offset_at_line(chapter: u32, line: u32) -> u32 {
    let at = |o: u32| host::chapter_passages(chapter, o, 1).into_iter().next();
    let before = |o: u32| at(o).is_some_and(|p| p.location.line.is_some_and(|l| l < line));
    let mut hi = 1u32;
    while before(hi) && hi < 1 << 20 {
        hi *= 2;
    }
    let mut lo = 0u32;
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Whether a passage is a line of a list of names: a name of `names` first, then a few words
/// of data and no sentence ("Martin Michlmayr March 2003", "Ian Murdock August 1993"). With
/// `names` empty, any short line without a sentence's stop or a colon.
fn roll_line(text: &str, names: &[String]) -> bool {
    let t = text.trim();
    let rest = if names.is_empty() {
        Some(t)
    } else {
        names.iter().find_map(|n| t.strip_prefix(n.as_str()))
    };
    rest.is_some_and(|r| {
        r.chars().count() <= 30
            && !r.contains(['。', '，', '：', ':', ',', ';', '；', '！', '？', '!', '?'])
            && !r.trim_end().ends_with('.')
    }) && t.chars().count() <= 50
}

/// Words by which a sentence introduces a list of people: "名字", "名单", "names", "the
/// following".
const ROLL_WORDS: &[&str] = &[
    "名字", "名单", "名單", "人员", "人員", "成员", "成員", "如下", "下列", "以下", "names",
    "list of", "following", "members",
];

/// The sentence that introduces the list of names on which the person is first named, and
/// that line: "下面有一个文本文件 “DPL”，里面含有 2004 年以前 Debian 项目的领导者名字和起始日期…"
/// over "Martin Michlmayr March 2003". The list holds three lines or more; the sentence is
/// the first passage before its lines, and speaks of names or a list (`ROLL_WORDS`). None
/// where the source numbers no lines.
fn introduced_roll(mentions: &[Passage], names: &[String]) -> Option<(Passage, Passage)> {
    let line = mentions.iter().find(|m| roll_line(&m.text, names))?;
    let chapter = line.location.chapter;
    let off = offset_at_line(chapter, line.location.line?);
    let from = off.saturating_sub(12);
    let around = host::chapter_passages(chapter, from, off - from + 4);
    let at = around.iter().position(|p| p.id == line.id)?;
    let mut rows = 1 + around[at + 1..].iter().take_while(|p| roll_line(&p.text, &[])).count();
    let mut intro = None;
    for p in around[..at].iter().rev() {
        if roll_line(&p.text, &[]) {
            rows += 1;
            continue;
        }
        intro = Some(p);
        break;
    }
    let intro = intro?;
    let lower = intro.text.to_lowercase();
    (rows >= 3 && ROLL_WORDS.iter().any(|w| lower.contains(w))).then(|| (intro.clone(), line.clone()))
}

/// The first passage of the work whose credit line (or heading) is `credit`: the first
/// passage after it in the same section of its chapter that is no attribution line ("《左傳》",
/// "(韓愈)", "先秦：左丘明") and says something (eight characters or more). The credit is found
/// among the chapter's passages by its line (a search that doubles, then halves, the offset:
/// some twenty look-ups of one passage in a chapter of thousands), or where the source
/// numbers no lines, among the chapter's first six hundred.
fn work_opening(credit: &Passage) -> Option<Passage> {
    let chapter = credit.location.chapter;
    let start = credit.location.line.map_or(0, |line| offset_at_line(chapter, line));
    let (page, pages) = match credit.location.line {
        Some(_) => (16u32, 1u32),
        None => (grove_gene::limits::MAX_IMPORT_ITEMS, 6),
    };
    let mut seen = false;
    for k in 0..pages {
        let got = host::chapter_passages(chapter, start + k * page, page);
        let last = got.len() < page as usize;
        for p in got {
            if p.id == credit.id {
                seen = true;
                continue;
            }
            if !seen {
                continue;
            }
            if p.location.section != credit.location.section {
                return None;
            }
            if !grove_gene::build::attribution_line(&p.text) && p.text.chars().count() >= 8 {
                return Some(p);
            }
        }
        if last {
            break;
        }
    }
    None
}

/// Markers right after a speaker's name: classical and modern Chinese, English speech verbs.
const ZH_SPEECH: &[&str] = &[
    "曰", "對曰", "对曰", "問", "问", "說", "说", "道", "云", "谓", "謂",
];
const EN_SPEECH: &[&str] = &[
    " said",
    " says",
    " asked",
    " replied",
    " answered",
    " wrote",
    " writes",
    " explained",
    " cried",
    " told",
    " exclaimed",
];

/// The text after each place the passage names the person, by any of `names`, in order of
/// the names.
fn after_names<'a>(p: &'a Passage, names: &'a [String]) -> impl Iterator<Item = &'a str> + 'a {
    names.iter().flat_map(move |n| {
        p.text
            .match_indices(n.as_str())
            .map(move |(at, _)| &p.text[at + n.len()..])
    })
}

/// The first short Chinese sentence that says what the person did: one that names them at
/// the start of a clause, followed by a verb ("比干忠谏而剖心兮，…。", "伯夷饿于首阳。", "仲尼祖述
/// 堯、舜，憲章文、武；"), or last in a list of names that opens it ("堯、舜率天下以仁"); not a
/// question ("舜闵在家，父何以鳏？"), a saying (曰), a call ("哈曼啊！"), a possessive or a topic (之,
/// 的, 者), nor a name in a list that goes on (、, 與, 和), nor the name and a noun ("湯武之隆").
/// At most 60 characters. A sentence that says who they are comes first ("太夫人姓鄭氏，考諱
/// 德儀"). The sentence and its passage.
///
/// `named` tells whether a text is a name of the wiki: a name right after the person's is
/// another one's ("尧舜之抗行", "湯武之定") or makes a longer word ("汤谷").
fn deed(
    mentions: &[Passage],
    names: &[String],
    named: impl Fn(&str) -> bool,
) -> Option<(String, Passage)> {
    // (the sentences of a passage, each with its stop; a quotation's marks stay with it)
    fn sentences(text: &str) -> impl Iterator<Item = &str> {
        text.split_inclusive(['。', '！', '？', '；'])
            .map(|s| s.trim_start_matches(['」', '”', '』', '’']).trim())
    }
    let opens_with_names = |before: &str| {
        // (the clause's opening before the name: nothing, or names each closed by 、)
        let clause = before
            .rfind(['，', '。', '；', '：', '！'])
            .map_or(before, |i| &before[i + '，'.len_utf8()..]);
        clause.is_empty()
            || clause.ends_with('、')
                && clause
                    .trim_end_matches('、')
                    .split('、')
                    .all(|n| !n.is_empty() && named(n))
    };
    let said_of = |t: &str| {
        t.chars().count() <= 60
            && t.ends_with(['。', '！', '；'])
            && !t.contains(['？', '“', '「', '”', '」', '‘', '’'])
            && names.iter().any(|n| {
                t.match_indices(n.as_str()).any(|(at, _)| {
                    let one = n.chars().count() == 1;
                    let before = &t[..at];
                    let rest = &t[at + n.len()..];
                    let glued = (1..=2).any(|k| {
                        rest.char_indices().nth(k).is_some_and(|(i, _)| {
                            named(&rest[..i]) || named(&t[at..at + n.len() + i])
                        })
                    });
                    // (a one-character name opens its sentence, or ends a list of names that
                    // does: "舜好問而好察邇言", "堯、舜率天下以仁")
                    // (and, as a one-character name may open a word no list knows, "汤谷
                    // 寂寥只", its sentence runs on past a comma)
                    let opens = if one {
                        (before.is_empty() || before.ends_with('、') && opens_with_names(before))
                            && t.contains('，')
                    } else {
                        opens_with_names(before)
                    };
                    // (the name and the next character make a noun the next but one ends:
                    // "湯武之隆", not a subject)
                    let noun = rest.chars().nth(1).is_some_and(|c| "之者".contains(c));
                    opens
                        && !noun
                        && rest.chars().next().is_some_and(|c| {
                            is_han(c)
                                && !"曰云謂谓問问之的者也與与及和而乎兮矣焉其啊呀哟哪吗嗎呢吧"
                                    .contains(c)
                        })
                        && !ZH_SPEECH.iter().any(|m| rest.starts_with(m))
                        && !glued
                        && !names.iter().any(|m| {
                            m.chars().count() > n.chars().count()
                                && t[at..].starts_with(m.as_str())
                        })
                })
            })
    };
    // (a sentence that says who they are comes first: "太夫人姓鄭氏，考諱德儀")
    let who = |t: &str| {
        names.iter().any(|n| {
            t.strip_prefix(n.as_str())
                .is_some_and(|r| r.starts_with(['姓', '名', '字', '諱', '讳']))
        })
    };
    let found = |pick: &dyn Fn(&str) -> bool| {
        mentions.iter().find_map(|p| {
            sentences(&p.text)
                .find(|t| pick(t) && said_of(t))
                .map(|t| (t.to_string(), p.clone()))
        })
    };
    found(&who).or_else(|| found(&|_| true))
}

/// The first English sentence that says what the person did, with them as its subject: the
/// sentence opens with their name (or with a time or place, "On July 18th Steve Greenland
/// (stevegr) died of cancer."), a nickname in brackets and fellow subjects may follow ("Manuel
/// Estrada Sainz (ranty) and Andrés García Solier (ErConde) were killed …"), then a verb in
/// the past ("started", "led", "was"); not a saying ("said"), a wish or a future ("will be
/// missed"), a question or a quotation; 4 to 40 words. The sentence and its passage; the
/// sentence is the first of the passage to name the person.
fn en_deed(mentions: &[Passage], names: &[String]) -> Option<(String, Passage)> {
    // (the closed class of words a sentence opens a time or a place with)
    const OPENERS: &[&str] = &[
        "In", "On", "At", "During", "After", "Before", "Later", "Then", "Soon", "Since",
        "By", "From", "Until", "Early", "Late",
    ];
    const PAST: &[&str] = &[
        "was", "were", "had", "led", "became", "began", "wrote", "made", "took", "left",
        "built", "ran", "won", "gave", "came", "went", "brought", "set", "held", "sent",
        "met", "fought", "slew", "bore", "rose", "fell", "grew", "found", "got", "kept",
        "saw", "heard", "taught", "spent", "sold", "bought", "lost", "paid", "put", "stood",
        "spoke", "chose", "drew", "drove", "flew", "knew", "lay", "read", "rode",
        "struck", "swore", "threw", "wore", "dwelt", "fled", "begat", "died",
    ];
    const NOT_DEEDS: &[&str] = &["said", "asked", "replied", "answered", "told", "cried", "wrote to"];
    let named = |s: &str| names.iter().find(|n| s.starts_with(n.as_str()));
    // (after a name: a bracket, then " and " another capitalised name and its bracket)
    fn past_subject(mut rest: &str) -> Option<&str> {
        loop {
            rest = rest.trim_start();
            if let Some(r) = rest.strip_prefix('(') {
                rest = &r[r.find(')')? + 1..];
                continue;
            }
            if let Some(r) = rest.strip_prefix("and ")
                && r.starts_with(|c: char| c.is_uppercase())
            {
                let words = r.split(' ').take_while(|w| w.starts_with(|c: char| c.is_uppercase()));
                let skip: usize = words.map(|w| w.len() + 1).sum();
                rest = r.get(skip.min(r.len())..)?;
                continue;
            }
            return Some(rest);
        }
    }
    mentions.iter().find_map(|p| {
        let first = p
            .text
            .split_inclusive(". ")
            .find(|s| names.iter().any(|n| s.contains(n.as_str())))?;
        let s = first.trim();
        let words = s.split_whitespace().count();
        if !(4..=40).contains(&words) || !s.ends_with('.') || s.contains(['?', '"', '“', '”']) {
            return None;
        }
        // the name opens the sentence, or follows its opening time or place
        let at = names.iter().filter_map(|n| s.find(n.as_str())).min()?;
        let before = &s[..at];
        // (a time or a place is names, numbers and a few small words: "On July 18th", "In
        // the spring of 1996,", and a fellow subject may follow it, "On May 9th Manuel
        // Estrada Sainz (ranty) and"; not "Later he started another port together with")
        const SMALL: &[&str] = &["the", "of", "a", "an", "in", "on", "at", "and", "early", "late"];
        let opens = before.is_empty()
            || OPENERS.iter().any(|o| {
                before.strip_prefix(o).is_some_and(|r| {
                    r.starts_with(' ')
                        && r.split_whitespace().count() <= 8
                        // (a phrase a comma closes is the sentence's opening, whatever its
                        // words: "In the spring of 1996, Bruce Perens took over.")
                        && (r.ends_with(", ")
                            || r.split_whitespace().all(|w| {
                                let w = w.trim_end_matches(',');
                                w.starts_with(|c: char| {
                                    c.is_uppercase() || c.is_ascii_digit() || c == '('
                                }) || SMALL.contains(&w)
                            }))
                })
            });
        if !opens {
            return None;
        }
        let name = named(&s[at..])?;
        let rest = past_subject(&s[at + name.len()..])?;
        let verb = rest.split(' ').next()?.trim_end_matches([',', '.']);
        let past = PAST.contains(&verb)
            || verb.len() > 4 && verb.ends_with("ed") && verb.chars().all(|c| c.is_ascii_lowercase());
        (past && !NOT_DEEDS.iter().any(|d| rest.starts_with(d))).then(|| (s.to_string(), p.clone()))
    })
}

/// The opening of the first saying the text gives the person in Chinese ("曾子曰：“吾日三省吾
/// 身：…”" opens "吾日三省吾身"): the quote's first clause that ends in a stop or, where that is
/// long, in a comma, of 4 to 24 characters; and its passage. None where no saying opens so.
fn first_saying(mentions: &[Passage], names: &[String]) -> Option<(String, Passage)> {
    // (the name opens its clause, after an adverb at most: not the one seen or addressed,
    // "遂見辛垣衍曰", "人謂叔向曰", "問於伯魚曰", whose next words are another's)
    let opens_clause = |before: &str| {
        before
            .chars()
            .next_back()
            .is_none_or(|c| !is_han(c) || "乃因則则而又故亦復复遂是".contains(c))
    };
    for p in mentions {
        let sayings = names.iter().flat_map(|n| {
            p.text
                .match_indices(n.as_str())
                .filter(|(at, _)| opens_clause(&p.text[..*at]))
                .map(move |(at, _)| &p.text[at + n.len()..])
        });
        for after in sayings {
            let Some(quote) = ["曰：“", "曰：「", "對曰：“", "对曰：“", "對曰：「", "对曰：「"]
                .iter()
                .find_map(|m| after.strip_prefix(m))
            else {
                continue;
            };
            let stop = quote
                .find(['。', '？', '！', '；', '”', '」', '：'])
                .unwrap_or(quote.len());
            // (a short lead-in is no saying: "吾聞之：君子見人之厄則矜之" says what follows it)
            let (quote, stop) = match quote[stop..].strip_prefix('：') {
                Some(more) if quote[..stop].chars().count() < 4 => {
                    (more, more.find(['。', '？', '！', '；', '”', '」']).unwrap_or(more.len()))
                }
                _ => (quote, stop),
            };
            let mut said = &quote[..stop];
            if said.chars().count() > 24 {
                let cut: usize = said.char_indices().nth(24).map_or(said.len(), |(i, _)| i);
                said = &said[..said[..cut].rfind('，').unwrap_or(0)];
            }
            let n = said.chars().count();
            // (not the words that bring in another's saying: "昔召康公命我先君太公曰")
            if (4..=24).contains(&n)
                && said.chars().all(|c| is_han(c) || c == '，')
                && !said.ends_with(['曰', '云', '道', '言'])
            {
                return Some((said.to_string(), p.clone()));
            }
        }
    }
    None
}

/// Whether the passage has `name` speaking (name followed by a speech marker or verb).
fn speaks(p: &Passage, names: &[String], zh: bool) -> bool {
    after_names(p, names).any(|after| {
        if zh {
            ZH_SPEECH.iter().any(|m| after.starts_with(m))
        } else {
            EN_SPEECH.iter().any(|m| after.starts_with(m))
                || after.trim_start().starts_with([':', '“', '"'])
        }
    })
}

/// The state a classical Chinese name says its bearer rules: a state's one-character name, a
/// posthumous name and a title ("齊景公", "梁惠王", "晉文公"), or a state and a rank alone
/// ("晉侯", "鄭伯"), where the text uses the character as a state: an entry of its own, or
/// (with a posthumous name) "齐国", "齐君", "在齐", "适齐".
/// Not "周公" (a duke of the house of 周, no ruler of it) nor "文王" (a posthumous name only).
fn ruled_state(name: &str) -> Option<char> {
    let chars: Vec<char> = name.chars().collect();
    let (ruler, rank_only) = match chars.as_slice() {
        [_, _, t] => (['公', '王', '侯', '伯'].contains(t), false),
        [_, t] => (['侯', '伯'].contains(t), true),
        _ => (false, false),
    };
    let state = chars[0];
    if !ruler || !is_han(state) {
        return None;
    }
    if NOT_STATES.contains(state) {
        return None;
    }
    let s = state.to_string();
    // (the text uses the character as a state: "齐国", "齐君", "在齐", "适齐"; a 于 or 於
    // that opens a clause is an exclamation, "于穆清庙", not "to")
    let as_state = |t: &str| {
        ["国", "國", "君"].iter().any(|g| t.contains(&format!("{s}{g}")))
            || ["在", "于", "於", "适", "適", "奔", "如"].iter().any(|v| {
                t.match_indices(&format!("{v}{s}")).any(|(at, _)| {
                    !matches!(*v, "于" | "於") || t[..at].chars().next_back().is_some_and(is_han)
                })
            })
    };
    // (a state and a rank alone need the state's own entry: "夏侯" is a surname)
    let known = own_entry(&s)
        || !rank_only && host::mentions(&s, 60).iter().any(|p| as_state(&p.text));
    known.then_some(state)
}

/// Characters that open a title but name no state: a direction, a size, a title ("東陵侯",
/// "左師公", "大王", "王侯").
const NOT_STATES: &str = "東东西南北中上下左右大小天先王公侯伯君帝";

/// Whether `name` is an entry of the wiki under that very title.
fn own_entry(name: &str) -> bool {
    host::entry_for(name).is_some_and(|e| e == name)
}

/// Whether a character is a Han ideograph of the basic block.
fn is_han(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

/// Relations an English text states after a name ("David the son of Jesse", "Solomon, king
/// of Israel"): the words between the name and the related name.
const EN_RELATIONS: &[&str] = &[
    "son of", "daughter of", "wife of", "husband of", "brother of", "sister of", "father of",
    "mother of", "king of", "queen of", "prince of", "governor of", "priest of", "prophet of",
    "lord of", "leader of", "founder of", "author of", "president of", "chairman of",
    "maintainer of", "born in", "died in",
];

/// Whether a capitalised word opens a date: a month's or a weekday's name ("February",
/// "Monday"), the places a relation in "born in" or "died in" must not take.
fn is_date_word(name: &str) -> bool {
    const DATE_WORDS: &[&str] = &[
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday",
        "Friday", "Saturday", "Sunday",
    ];
    name.split(' ').next().is_some_and(|w| DATE_WORDS.contains(&w))
}

/// Titles of office an English text writes before a name ("Captain Peleg", "King Asa"), with
/// what they make the person; not a form of address that says no office ("Mr", "Sir"), nor
/// "Father", a kin word as often.
const EN_TITLES: &[(&str, &str)] = &[
    ("Captain", "a captain"),
    ("King", "a king"),
    ("Queen", "a queen"),
    ("Prince", "a prince"),
    ("Princess", "a princess"),
    ("Emperor", "an emperor"),
    ("Duke", "a duke"),
    ("Commodore", "a commodore"),
    ("Admiral", "an admiral"),
    ("Lieutenant", "a lieutenant"),
    ("Colonel", "a colonel"),
    ("General", "a general"),
    ("Sergeant", "a sergeant"),
    ("Deacon", "a deacon"),
    ("Bishop", "a bishop"),
    ("Cardinal", "a cardinal"),
    ("Reverend", "a minister"),
    ("Rev", "a minister"),
    ("Professor", "a professor"),
    ("Prof", "a professor"),
    ("Dr", "a doctor"),
    ("President", "a president"),
    ("Judge", "a judge"),
    ("Prophet", "a prophet"),
];

/// The office one title before the name gives the person, among the names the page goes by
/// ("Captain Peleg" of Peleg: "a captain"); None where the names give none, or two ("King
/// Ahab" and "Captain Ahab" are two men of one name).
fn office_title(title: &str, aliases: &[String]) -> Option<&'static str> {
    let mut found: Option<&'static str> = None;
    for a in aliases {
        let Some(t) = a.strip_suffix(title).and_then(|h| h.strip_suffix(' ')) else {
            continue;
        };
        let t = t.trim_end_matches('.');
        let Some(&(_, office)) = EN_TITLES.iter().find(|(w, _)| *w == t) else {
            continue;
        };
        if found.is_some_and(|f| f != office) {
            return None;
        }
        found = Some(office);
    }
    found
}

/// Offices a text names beside a person, in parentheses ("Martin Schulze (Vice President)",
/// "the Treasurer (Tim Sailer)") or after "the" ("Nathan the prophet"): the last word of the
/// office, lower-cased.
const EN_OFFICES: &[&str] = &[
    "president", "secretary", "treasurer", "chair", "chairman", "chairperson", "leader",
    "manager", "director", "editor", "maintainer", "founder", "king", "queen", "emperor",
    "governor", "priest", "prophet", "minister", "chancellor", "judge", "bishop", "pope",
    "mayor", "senator", "ambassador", "scribe", "apostle", "officer", "delegate", "member",
];

/// An office of [`EN_OFFICES`] in one to three words ("Vice President", "Project Leader"),
/// as the text writes it.
fn office(words: &str) -> Option<String> {
    let words = words.trim();
    let n = words.split(' ').count();
    let last = words.rsplit(' ').next()?.to_lowercase();
    ((1..=3).contains(&n)
        && words.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-')
        && EN_OFFICES.contains(&last.as_str()))
    .then(|| words.to_string())
}

/// The words that end a classical office ("武城宰", "士師", "令尹", "大夫").
const ZH_OFFICE_ENDS: &[&str] = &[
    "大夫", "宰", "相", "尹", "守", "將", "将", "卿", "師", "师", "傅", "令",
];

/// The office a person held, where the words right after the name say so: "为/為" and a run of
/// one to four characters up to a clause break that ends with an office ("子游为武城宰。",
/// "仲弓为季氏宰，问政"), said as the text says it ("曾为武城宰"). Not a pronoun's office ("为之
/// 宰"), nor a lord ("以恶魔为主宰"), nor what a person is like ("其为人也").
fn appointed_office(after: &str) -> Option<String> {
    let verb = ['为', '為'].into_iter().find(|v| after.starts_with(*v))?;
    let rest = &after[verb.len_utf8()..];
    let run = han_at(rest, 4)?;
    let next = rest[run.len()..].chars().next();
    (next.is_some_and(|c| "，。；：！？,.;:".contains(c))
        && ZH_OFFICE_ENDS.iter().any(|o| run.ends_with(o))
        && !run.contains(['之', '其', '人', '的', '我', '你', '他', '主', '互']))
    .then(|| format!("曾{verb}{run}"))
}

/// Whether a relation line is one [`appointed_office`] wrote ("曾为武城宰").
fn is_office_line(line: &str) -> bool {
    line.starts_with("曾为") || line.starts_with("曾為")
}

/// Kin before a name in English ("Moses' brother Aaron" reads from Aaron's page as "brother of
/// Moses"): `X's <kin> Y` gives Y's page "<kin> of X" and X's page "<kin>: Y".
const EN_KIN: &[&str] = &[
    "father", "mother", "son", "daughter", "wife", "husband", "brother", "sister",
];

/// Capitalised words (one to three) at the start of `s`: a name ("Jesse", "Mary Magdalene").
fn name_at(s: &str) -> Option<String> {
    let mut words = Vec::new();
    for w in s.split_whitespace().take(3) {
        let clean = w.trim_end_matches([',', '.', ';', ':', '!', '?', '"', '”', '’', ')', '\'']);
        // (a transliteration may open a name with the ayin's apostrophe: "'Imran", "'Aad")
        let core = clean
            .strip_prefix(['\'', '’', 'ʿ'])
            .filter(|r| r.starts_with(char::is_uppercase))
            .unwrap_or(clean);
        let cap = core.chars().next().is_some_and(|c| c.is_uppercase())
            && core.chars().skip(1).all(|c| c.is_alphabetic() || c == '\'' || c == '-')
            // (or a company's name written as a host: "i-Connect.Net", "SourceForge.net")
            || clean.chars().any(char::is_uppercase)
                && clean.chars().next().is_some_and(char::is_alphanumeric)
                && clean.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '.');
        if !cap || clean.chars().count() < 2 {
            break;
        }
        words.push(clean.trim_end_matches("'s").trim_end_matches("’s").to_string());
        if clean.len() != w.len() {
            break; // punctuation ends the name
        }
    }
    (!words.is_empty()).then(|| words.join(" "))
}

/// Han characters (one to `max`) at the start of `s`, up to punctuation.
fn han_at(s: &str, max: usize) -> Option<String> {
    let n: String = s
        .chars()
        .take_while(|c| is_han(*c))
        .take(max + 1)
        .collect();
    (!n.is_empty() && n.chars().count() <= max).then_some(n)
}

/// Ranks a classical title gives before a name, after the state it is of: "吳王夫差",
/// "越王勾踐", "鄭大夫子產".
const ZH_RANKS: &[&str] = &["王", "公", "侯", "伯", "君", "大夫"];

/// The title a classical text gives a person right before the name, a state and a rank
/// ("吳王" in "吳王夫差敗越於夫椒"), where the state is an entry of its own (as 吳 and 越 are;
/// a use as a state, "如鬼", is too weak a sign before a name). Not a direction, a size or a
/// title ("東陵侯", "大王", "太史公"), nor a rank that opens a longer title ("宋公子鮑" names
/// 公子鮑 of 宋, the character before 鮑 being 子), nor a title that is an entry of its own
/// ("周公孔子之道" names two persons).
fn title_before(before: &str) -> Option<String> {
    let rank = ZH_RANKS.iter().find(|r| before.ends_with(**r))?;
    let head = &before[..before.len() - rank.len()];
    let state = head.chars().next_back()?;
    // (the state opens the title: no Han character before it makes it part of a name or of
    // a longer title, "陳涉", "太史公"; a clause break or a verb of narration may)
    let prior = head[..head.len() - state.len_utf8()].chars().next_back();
    let opens = prior.is_none_or(|c| !is_han(c))
        || prior.is_some_and(|c| "故及使與与而則则乃遂於于曰謂谓以".contains(c));
    let title = format!("{state}{rank}");
    (opens
        && is_han(state)
        && !NOT_STATES.contains(state)
        && !"太少".contains(state)
        && own_entry(&state.to_string())
        && host::entry_for(&title).is_none())
    .then_some(title)
}

/// The Han characters that end `s`, as words of `shortest` to five characters, longest first
/// ("孤竹君", "竹君", "君" of "…孤竹君").
fn han_endings(s: &str, shortest: usize) -> impl Iterator<Item = String> {
    let tail: Vec<char> = s.chars().rev().take_while(|c| is_han(*c)).take(5).collect();
    (shortest.max(1)..=tail.len())
        .rev()
        .map(move |n| tail[..n].iter().rev().collect())
}

/// Kin words a Chinese text writes between a person and the name of their kin, with the
/// word that joins them: "麦尔彦之子尔撒", "孤竹君之子伯夷", "穆萨的哥哥哈伦".
const ZH_KIN_BEFORE: &[(&str, &str)] = &[
    ("之", "子"),
    ("之", "女"),
    ("之", "妻"),
    ("之", "弟"),
    ("之", "兄"),
    ("之", "母"),
    ("之", "父"),
    ("之", "孫"),
    ("之", "孙"),
    ("的", "儿子"),
    ("的", "兒子"),
    ("的", "女儿"),
    ("的", "女兒"),
    ("的", "妻子"),
    ("的", "丈夫"),
    ("的", "父亲"),
    ("的", "父親"),
    ("的", "母亲"),
    ("的", "母親"),
    ("的", "哥哥"),
    ("的", "弟弟"),
    ("的", "姐姐"),
    ("的", "妹妹"),
    ("的", "弟兄"),
    ("的", "兄弟"),
];

/// Offices a Chinese text writes right before a name ("先知哈伦", "丞相李斯", "使者穆罕默德").
const ZH_OFFICES: &[&str] = &[
    "先知", "使者", "国王", "國王", "皇帝", "丞相", "宰相", "将军", "將軍", "太守", "刺史",
    "太尉", "御史", "祭司",
];

/// Whose kin the person is, as the words right before the name say it: an entry and a kin
/// word ("麦尔彦之子", "阿德人的弟兄": an entry's people count), or a modern pronoun and a
/// kin word ("他的哥哥哈伦", "他哥哥哈伦") after an entry and a joining word.
fn kin_before(before: &str) -> Option<String> {
    for (join, kin) in ZH_KIN_BEFORE {
        let Some(head) = before.strip_suffix(kin) else {
            continue;
        };
        if let Some(whose) = head.strip_suffix(join) {
            // (the longest entry that ends right there: "孤竹君", not "君")
            for w in han_endings(whose, 1) {
                let people = w.strip_suffix('人').filter(|p| p.chars().count() >= 2);
                if own_entry(&w) || people.is_some_and(own_entry) {
                    return Some(format!("{w}{join}{kin}"));
                }
            }
        }
        // (modern only: "其子" in classical text is as often no one named; the person the
        // pronoun stands for is named right before a joining word: "穆萨和他的哥哥哈伦",
        // "穆萨对他哥哥哈伦说")
        if *join == "的" {
            let head = head.strip_suffix('的').unwrap_or(head);
            if let Some(clause) = ["他", "她"].iter().find_map(|d| head.strip_suffix(d))
                && let Some(clause) = ["和", "与", "與", "及", "对", "對", "同", "跟"]
                    .iter()
                    .find_map(|j| clause.strip_suffix(j))
            {
                for w in han_endings(clause, 2) {
                    if let Some(title) = host::entry_for(&w) {
                        return Some(format!("{title}的{kin}"));
                    }
                }
            }
        }
    }
    None
}

/// The office a Chinese text writes right before the name, where no Han character before it
/// makes it part of a longer word ("大将军" is read as a whole only from a clause break).
fn office_before(before: &str) -> Option<String> {
    let office = ZH_OFFICES.iter().find(|o| before.ends_with(**o))?;
    let prior = before[..before.len() - office.len()].chars().next_back();
    prior
        .is_none_or(|c| !is_han(c) || "的之和与與及派遣任命".contains(c))
        .then(|| office.to_string())
}

/// The work a bibliography line credits to the person: a quoted title right before the names
/// (past co-authors joined to them), and after them a year in brackets or the line's end:
/// `* "Debian 教程" Havoc Pennington (1998年12月11日)`, `"Debian GNU/Linux: 安装和使用手册" John
/// Goerzen 和 Ossama Othman (1999)`. The title, as the text quotes it.
fn work_credited<'t>(before: &'t str, after: &str) -> Option<&'t str> {
    let (close, quote) = before.char_indices().rev().find(|(_, c)| ['”', '"'].contains(c))?;
    let between = before[close + quote.len_utf8()..].trim();
    // (co-authors before the name: "John Goerzen 和 ", "A, B and ")
    let joined = between.is_empty()
        || between.chars().count() <= 40
            && !between.contains(['。', '.', ';', '；', '"', '“', '”'])
            && [" 和", " and", ",", "、", "，", "和"].iter().any(|j| between.ends_with(j));
    let open = if quote == '"' { '"' } else { '“' };
    let start = before[..close].rfind(open)? + open.len_utf8();
    let title = before[start..close].trim();
    let rest = after.trim_start();
    let dated = rest
        .strip_prefix(['(', '（'])
        .is_some_and(|r| r.chars().take(3).any(|c| c.is_ascii_digit()));
    // (or the line's end, or a co-author after the name: "… Goerzen 和 Ossama Othman")
    let ends = rest.is_empty()
        || [" 和 ", "和", " and "]
            .iter()
            .find_map(|j| after.strip_prefix(j))
            .is_some_and(|r| r.trim_start().starts_with(|c: char| c.is_uppercase()));
    // (a title, not a quoted speech: "“Go to Pharaoh,” Moses said")
    (joined
        && (dated || ends)
        && (2..=80).contains(&title.chars().count())
        && !title.ends_with([',', '.', '!', '?', '，', '。', '！', '？'])
        && !title.contains(['\n', '“', '”']))
    .then_some(title)
}

/// The relations the passage states about the person named `names`: (relation, other), in
/// the text's own words.
fn relations(p: &Passage, names: &[String], zh: bool) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let t = p.text.as_str();
    for n in names {
        let mut from = 0;
        while let Some(i) = t[from..].find(n.as_str()) {
            let at = from + i;
            from = at + n.len();
            let before = &t[..at];
            let after = &t[at + n.len()..];
            // a bibliography line: "“Debian 教程” Havoc Pennington (1998年12月11日)"
            if let Some(work) = work_credited(before, after) {
                out.push(if zh {
                    (String::new(), format!("“{work}”的作者"))
                } else {
                    ("author of".to_string(), format!("“{work}”"))
                });
            }
            if zh {
                // "吳王夫差": the state and the rank the title before the name gives
                if let Some(title) = title_before(before) {
                    out.push((String::new(), title));
                }
                // "麦尔彦之子尔撒", "穆萨的哥哥哈伦", "先知哈伦"
                if let Some(kin) = kin_before(before).filter(|k| !names.iter().any(|n| k.starts_with(n.as_str()))) {
                    out.push((String::new(), kin));
                }
                if let Some(office) = office_before(before) {
                    out.push((String::new(), office));
                }
                // "子游为武城宰", "柳下惠為士師": the office the text says the person held,
                // where the name opens its clause (in "季氏使闵子骞为费宰" 季氏 asks, and
                // 闵子骞 declines: "善为我辞焉")
                let opens_clause = before
                    .trim_end()
                    .chars()
                    .next_back()
                    .is_none_or(|c| "，。；：！？「」“”『』".contains(c));
                if opens_clause && let Some(held) = appointed_office(after) {
                    out.push((String::new(), held));
                }
                // "無憂者其惟文王乎！以王季為父，以武王為子": whom the person has as father,
                // mother, child, spouse, sibling or teacher, in the clauses right after the
                // name (past an exclamation that ends the name's own)
                let mut had = after.trim_start_matches(['乎', '也', '矣', '哉']);
                if had.len() < after.len() {
                    had = had.strip_prefix(['！', '，', '；']).unwrap_or("");
                }
                for clause in had.split(['，', '；', '。', '！']).take(4) {
                    let Some((other, kin)) = clause.strip_prefix('以').and_then(|c| c.split_once(['為', '为'])) else {
                        break;
                    };
                    if !(1..=4).contains(&other.chars().count())
                        || !other.chars().all(is_han)
                        || !["父", "母", "子", "妻", "夫", "兄", "弟", "師", "师"].contains(&kin)
                    {
                        break;
                    }
                    out.push((format!("其{kin}"), other.to_string()));
                }
                // "周公作《酒誥》", "屈平之作《離騷》": a work the person wrote
                let wrote = ["之", "乃", "遂", "又", "嘗", "尝", "亦"]
                    .iter()
                    .find_map(|w| after.strip_prefix(w))
                    .unwrap_or(after);
                if let Some(r) = grove_gene::class::ZH_WRITING_VERBS.iter().find_map(|v| wrote.strip_prefix(v))
                    && let Some(work) = r.strip_prefix('《').and_then(|r| r.split_once('》')).map(|(w, _)| w)
                    && (1..=12).contains(&work.chars().count())
                {
                    out.push(("作".to_string(), format!("《{work}》")));
                }
                // "諸葛亮，字孔明", "孟子，鄒人也", "X的儿子Y"
                let rest = after.trim_start_matches(['，', ',']);
                if let Some(z) = rest.strip_prefix('字').and_then(|r| han_at(r, 2)) {
                    out.push(("字".to_string(), z));
                }
                if after.starts_with('，')
                    && let Some(place) = rest.split_once("人也").map(|(p, _)| p)
                    && (1..=6).contains(&place.chars().count())
                    && place.chars().all(is_han)
                {
                    out.push(("籍贯".to_string(), place.to_string()));
                }
                // "伯夷、叔齊，孤竹君之二子也": the clause after the name (past names
                // joined to it) says whose child, wife or sibling the person is
                let clause = after
                    .strip_prefix('，')
                    .or_else(|| {
                        let (joined, r) = after.strip_prefix('、')?.split_once('，')?;
                        (joined.chars().count() <= 4).then_some(r)
                    })
                    .map(|r| r.split(['，', '。', '；', '！', '？']).next().unwrap_or(""));
                if let Some(c) = clause.map(|c| c.trim_end_matches('也'))
                    && let Some((whose, kin)) = c.rsplit_once('之')
                    && (1..=4).contains(&whose.chars().count())
                    && whose.chars().all(is_han)
                    && kin.trim_start_matches(['二', '三', '長', '长', '少', '次', '幼']).chars().count() == 1
                    && kin.ends_with(['子', '女', '妻', '弟', '兄', '母', '父', '孫', '孙', '臣', '後', '后'])
                {
                    out.push((String::new(), format!("{whose}之{kin}")));
                }
                for kin in ["儿子", "兒子", "女儿", "女兒", "妻子", "丈夫", "父亲", "父親", "母亲", "母親"] {
                    if let Some(r) = after.strip_prefix('的').and_then(|r| r.strip_prefix(kin))
                        && let Some(other) = han_at(r, 4)
                        && other.chars().count() >= 2
                    {
                        out.push((kin.to_string(), other));
                    }
                }
                continue;
            }
            // the name must be a whole word
            let bounded = !before.chars().next_back().is_some_and(char::is_alphanumeric)
                && !after.chars().next().is_some_and(char::is_alphanumeric);
            if !bounded {
                continue;
            }
            // "Martin Schulze (Vice President)", "the Treasurer (Tim Sailer)"
            if let Some(o) = after
                .strip_prefix(" (")
                .and_then(|r| r.split_once(')'))
                .and_then(|(inner, _)| office(inner))
            {
                out.push((String::new(), o));
            }
            if let Some(head) = before.strip_suffix('(')
                && after.starts_with(')')
            {
                let words: Vec<&str> = head
                    .trim_end()
                    .rsplit(' ')
                    .take(3)
                    .take_while(|w| w.starts_with(|c: char| c.is_uppercase()))
                    .collect();
                let words: Vec<&str> = words.into_iter().rev().collect();
                if let Some(o) = office(&words.join(" ")) {
                    out.push((String::new(), o));
                }
            }
            // "Nathan the prophet", "Zadok the high priest", "Uriah the Hittite", "Laban the
            // Syrian": an office, or the people one is of, right after the name
            if let Some(r) = after.strip_prefix(" the ").or_else(|| after.strip_prefix(", the ")) {
                let words: Vec<&str> = r
                    .split(' ')
                    .take(3)
                    .map(|w| w.trim_end_matches([',', '.', ';', ':', '!', '?']))
                    .collect();
                let office_at = words
                    .iter()
                    .position(|w| EN_OFFICES.contains(w))
                    .filter(|&i| words[..i].iter().all(|w| w.chars().all(char::is_lowercase)))
                    // (not the start of a relation: "the king of Israel")
                    .filter(|&i| r.split(' ').nth(i + 1).is_none_or(|w| w != "of"));
                if let Some(i) = office_at {
                    out.push((String::new(), words[..=i].join(" ")));
                } else if let Some(w) = words.first()
                    && w.starts_with(|c: char| c.is_uppercase())
                    && w.chars().all(char::is_alphabetic)
                    && ["ite", "ian", "ean"].iter().any(|e| w.ends_with(e))
                {
                    out.push((String::new(), format!("the {w}")));
                }
            }
            let rest = after.trim_start_matches([',', ' ']);
            // (one of two named together: "A and B, founders of X"; only a plural says it
            // of both: in "Moses and Jesus, the son of Mary" the son is Jesus)
            let paired = rest.strip_prefix("and ").and_then(|r| {
                let other = name_at(r)?;
                r.get(other.len()..)?.strip_prefix(", ")
            });
            let rest = paired.unwrap_or(rest);
            // "X was king of Y", "X became the leader of Y"
            let rest = ["was ", "is ", "became "]
                .iter()
                .find_map(|v| rest.strip_prefix(v))
                .unwrap_or(rest);
            let rest = rest.strip_prefix("the ").unwrap_or(rest);
            for r in EN_RELATIONS {
                // (or its plural, of two named together: "founders of")
                let plural = r.split_once(' ').map(|(n, p)| format!("{n}s {p}"));
                let singular = if paired.is_some() { None } else { rest.strip_prefix(r) };
                if let Some(other) = singular
                    .or_else(|| plural.as_deref().and_then(|p| rest.strip_prefix(p)))
                    .and_then(|o| name_at(o.trim_start()))
                    && !names.contains(&other)
                    // (a date is no place: "died in February 2015")
                    && !(r.ends_with(" in") && is_date_word(&other))
                {
                    out.push((r.to_string(), other));
                }
            }
            // "Abraham begat Isaac", "Terah fathered Abram": the begetter is the father, read
            // from both pages (a genealogy's verb; the child may be a son or a daughter)
            const BEGETS: [&str; 3] = ["begat ", "begot ", "fathered "];
            if let Some(child) = BEGETS
                .iter()
                .find_map(|v| after.strip_prefix(' ')?.strip_prefix(v))
                .and_then(name_at)
                .filter(|o| !names.contains(o))
            {
                out.push(("father of".to_string(), child));
            }
            if let Some(h) = BEGETS
                .iter()
                .find_map(|v| before.strip_suffix(v))
                .map(str::trim_end)
                && let Some(w) = h.rsplit(' ').next()
                && let Some(father) = name_at(w).filter(|o| o.len() == w.len() && !names.contains(o))
            {
                out.push(("child of".to_string(), father));
            }
            // "X's brother Aaron": from X's page, "brother: Aaron"
            if let Some(poss) = after.strip_prefix("'s ").or_else(|| after.strip_prefix("’s ")) {
                for k in EN_KIN {
                    if let Some(other) = poss.strip_prefix(k).and_then(|o| o.strip_prefix(' ')).and_then(name_at)
                        && !names.contains(&other)
                    {
                        out.push((k.to_string(), other));
                    }
                }
            }
            // "Moses' brother Aaron", "Jacob's son Joseph": from Aaron's page, "brother of
            // Moses"
            for k in EN_KIN {
                if let Some(h) = before.strip_suffix(' ').and_then(|h| h.strip_suffix(k))
                    && let Some(h) = ["'s ", "’s ", "' ", "’ "].iter().find_map(|p| h.strip_suffix(p))
                    && let Some(w) = h.rsplit(' ').next()
                    && let Some(whose) = name_at(w).filter(|o| o.len() == w.len() && !names.contains(o))
                {
                    out.push((format!("{k} of"), whose));
                }
            }
            // "Aaron, the son of X" is read on Aaron's page; here,
            // "Y, the son of X" from X's page is "parent of Y"
            let head = before.trim_end_matches([',', ' ']);
            let head = head.strip_suffix(" the").unwrap_or(head).trim_end_matches([',', ' ']);
            for k in ["son of", "daughter of"] {
                if let Some(h) = head.strip_suffix(k) {
                    let h = h.trim_end_matches([',', ' ']);
                    let h = h.strip_suffix(" the").unwrap_or(h).trim_end_matches([',', ' ']);
                    let last: Vec<&str> = h.rsplit(' ').take(1).collect();
                    if let Some(child) = last.first().and_then(|w| name_at(w))
                        && !names.contains(&child)
                    {
                        out.push(("parent of".to_string(), child));
                    }
                }
            }
        }
    }
    out
}

/// Whether an English sentence says who the person is where it names them: a copula, an
/// apposition or a parenthesis right after the name ("Bdale Garbee was …", "Ian Murdock, the
/// founder of …", "Martin Schulze (Vice President)").
fn says_who(text: &str, names: &[String]) -> bool {
    const AFTER: &[&str] = &[
        " is ", " was ", " became ", " remains ", ", the ", ", a ", ", an ", ", who ", " (",
        " the ",
    ];
    names.iter().any(|n| {
        text.match_indices(n.as_str()).any(|(at, _)| {
            let after = &text[at + n.len()..];
            AFTER.iter().any(|a| after.starts_with(a))
        })
    })
}

/// What a person asks about in classical dialogue ("子張問仁", "季康子問政於孔子"): the one
/// or two characters after the name and 問, most asked first, at most three.
fn asked_about(mentions: &[Passage], names: &[String]) -> Vec<String> {
    let mut topics: Vec<(String, usize)> = Vec::new();
    for p in mentions {
        for after in after_names(p, names) {
            let Some(rest) = after.strip_prefix('問').or_else(|| after.strip_prefix('问'))
            else {
                continue;
            };
            let topic: String = rest
                .chars()
                .take_while(|c| is_han(*c) && !"於于曰之其諸诸焉乎".contains(*c))
                .take(3)
                .collect();
            if (1..=2).contains(&topic.chars().count()) {
                match topics.iter_mut().find(|(t, _)| *t == topic) {
                    Some(t) => t.1 += 1,
                    None => topics.push((topic, 1)),
                }
            }
        }
    }
    topics.sort_by_key(|t| std::cmp::Reverse(t.1));
    topics.into_iter().take(3).map(|(t, _)| t).collect()
}

/// Verbs that open a Chinese clause addressing someone before the speech marker ("孟子謂齊宣王
/// 曰", "子路問於孔子曰", "景公对孔子说").
const ZH_ADDRESSING: &[&str] = &[
    "謂", "谓", "問於", "问于", "問", "问", "告", "語", "语", "對", "对", "言於", "言于", "見", "见",
];

/// Kin and followers a Chinese speaker addresses as their own ("他的宗族", "其子").
const ZH_OWN: &[&str] = &[
    "宗族", "族人", "儿子", "兒子", "父亲", "父親", "母亲", "母親", "妻子", "弟子", "门人", "門人",
    "百姓", "臣民", "众人", "眾人", "兄弟", "哥哥", "弟弟", "子", "父", "母", "妻", "臣",
];

/// Speech verbs that take whom they address in English ("said to Pharaoh", "asked Jesus").
const EN_ADDRESSING: &[&str] = &[
    " said to ",
    " said unto ",
    " spoke to ",
    " spake unto ",
    " asked ",
    " told ",
    " answered ",
    " replied to ",
    " called to ",
    " cried to ",
    " wrote to ",
];

/// Kin and followers an English speaker addresses as their own ("his son", "their people").
const EN_OWN: &[&str] = &[
    "son", "sons", "father", "mother", "brother", "brothers", "wife", "people", "followers",
    "disciples", "servants", "companions", "men",
];

/// Whom the person speaks to, as the text says it ("孟子謂齊宣王曰", "Luqman said to his son"):
/// the entries the page relates (`related`: the words the text uses, the entry's title) or,
/// in English, a kin or a following of the speaker's ("his son", "his people"). The most
/// addressed first, with the first passage that shows each.
fn addressees(
    mentions: &[Passage],
    names: &[String],
    related: &[(String, String)],
    zh: bool,
) -> Vec<(String, Passage)> {
    let mut found: Vec<(String, usize, Passage)> = Vec::new();
    for p in mentions {
        let mut whoms: Vec<String> = after_names(p, names)
            .filter_map(|after| {
                if zh {
                    zh_addressee(after, related)
                } else {
                    en_addressee(after, related)
                }
            })
            .collect();
        if zh {
            whoms.extend(grove_gene::build::zh_interlocutors(&p.text, names, related));
        }
        for whom in whoms {
            if names.contains(&whom) {
                continue;
            }
            match found.iter_mut().find(|(w, _, _)| *w == whom) {
                Some(f) => f.1 += 1,
                None => found.push((whom, 1, p.clone())),
            }
        }
    }
    // (most addressed first, then in reading order)
    found.sort_by_key(|f| std::cmp::Reverse(f.1));
    found.into_iter().map(|(w, _, p)| (w, p)).collect()
}

/// Whom a Chinese clause after the speaker's name addresses before the speech marker: an
/// entry the page relates ("謂齊宣王曰") or the speaker's own ("对他的宗族说").
fn zh_addressee(after: &str, related: &[(String, String)]) -> Option<String> {
    // (the clause up to the speech marker, and a verb that opens it)
    let clause: String = after
        .chars()
        .take_while(|c| !"曰說说道，。；：:！？".contains(*c))
        .take(12)
        .collect();
    if !after[clause.len()..].starts_with(['曰', '說', '说', '道']) {
        return None;
    }
    let rest = ZH_ADDRESSING.iter().find_map(|v| clause.strip_prefix(v))?;
    let named = related
        .iter()
        .filter(|(m, _)| m.chars().count() >= 2 && rest.starts_with(m.as_str()))
        .max_by_key(|(m, _)| m.len())
        .map(|(_, title)| title.clone());
    // (or the speaker's own: "穆萨对他的宗族说")
    named.or_else(|| {
        let own = ["他的", "她的", "他们的", "他們的", "其"]
            .iter()
            .find_map(|d| rest.strip_prefix(d))?;
        let kin = ZH_OWN.iter().find(|k| own.starts_with(**k))?;
        Some(format!("{}{kin}", &rest[..rest.len() - own.len()]))
    })
}

/// Whom an English speech verb after the speaker's name addresses: an entry the page
/// relates ("said to Pharaoh") or the speaker's kin or following ("said to his son").
fn en_addressee(after: &str, related: &[(String, String)]) -> Option<String> {
    let rest = EN_ADDRESSING.iter().find_map(|v| after.strip_prefix(v))?;
    let named = related
        .iter()
        .filter(|(m, _)| {
            rest.strip_prefix(m.as_str())
                .is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric()))
        })
        .max_by_key(|(m, _)| m.len())
        .map(|(_, title)| title.clone());
    named.or_else(|| {
        let mut w = rest.split_whitespace();
        let (det, noun) = (w.next()?, w.next()?);
        let noun = noun.trim_end_matches(|c: char| !c.is_alphabetic());
        (["his", "her", "their"].contains(&det) && EN_OWN.contains(&noun))
            .then(|| format!("{det} {noun}"))
    })
}

/// Whether a passage can stand for the work it opens: words of its own (a line of verse, a
/// sentence), not a label, a heading or a note ("注释", "Contents:").
fn opens_work(text: &str, zh: bool) -> bool {
    let t = text.trim();
    words_of(t, zh) >= 4 && !t.ends_with([':', '：'])
}

/// How long a passage is in words: characters of Chinese, words of English.
fn words_of(text: &str, zh: bool) -> usize {
    if zh {
        text.chars().filter(|c| c.is_alphabetic()).count()
    } else {
        text.split_whitespace().count()
    }
}

/// Words of a unit's title that make it the book's credits.
const CREDITS: &[&str] = &[
    "contributor", "acknowledg", "credits", "thanks", "authors", "translators", "致谢", "致謝",
    "鸣谢", "鳴謝", "贡献者", "貢獻者", "作者", "译者", "譯者",
];

/// The title of the credits unit (a section or chapter titled "Contributors",
/// "Acknowledgements", "致谢") that holds every one of `mentions`, if one does.
fn credits_unit(mentions: &[Passage]) -> Option<String> {
    let title = |p: &Passage| {
        p.location
            .section
            .clone()
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| p.location.chapter_title.clone())
    };
    let unit = title(mentions.first()?);
    let lower = unit.to_lowercase();
    (CREDITS.iter().any(|w| lower.contains(w)) && mentions.iter().all(|m| title(m) == unit))
        .then_some(unit)
}

impl Gene for Person {
    fn info() -> GeneInfo {
        grove_gene::info(
            "person",
            env!("CARGO_PKG_VERSION"),
            "People who act or speak in the text: who they are, what they say, whom they meet",
            &["person"],
            &["zh", "en"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let mut out = Vec::new();
        let chapters = doc.chapters.len().max(1) as f32;
        for term in &doc.terms {
            if term.kind != TermKind::Person || grove_gene::junk::is_junk(&term.text) {
                continue;
            }
            let spread = term.chapter_count as f32 / chapters;
            out.push(Proposal {
                entry_type: "person".into(),
                title: term.text.clone(),
                aliases: term
                    .variants
                    .iter()
                    .filter(|v| !grove_gene::junk::is_junk(v))
                    .cloned()
                    .collect(),
                score: (0.5 + 0.3 * term.salience + 0.2 * spread).clamp(0.0, 1.0),
                key: term.text.clone(),
            });
            if out.len() >= 300 {
                break;
            }
        }
        Ok(out)
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let zh = entry.lang == "zh";
        let mentions = host::mentions(&entry.key, 100);
        let Some(first) = mentions.first().cloned() else {
            return Err(format!("no passage mentions {}", entry.key));
        };
        let names: Vec<String> = std::iter::once(entry.key.clone())
            .chain(
                entry
                    .aliases
                    .iter()
                    .filter(|a| a.chars().count() >= 2)
                    .cloned(),
            )
            .collect();
        let related = related_entries(&entry.key, &entry.title, 12);
        let mut b = PageBuilder::new(&entry);
        b.names = related.clone();
        b.script_of(&mentions);
        let mut chapters: Vec<String> = Vec::new();
        for m in &mentions {
            let c = if m.location.chapter_title.is_empty() {
                format!("{}", m.location.chapter + 1)
            } else {
                m.location.chapter_title.clone()
            };
            if !chapters.contains(&c) {
                chapters.push(c);
            }
        }
        let mut rels: Vec<(String, String, Passage)> = Vec::new();
        for m in &mentions {
            for (rel, other) in relations(m, &names, zh) {
                if rels.len() >= 12 || rels.iter().any(|(r, o, _)| *r == rel && *o == other) {
                    continue;
                }
                rels.push((rel, other, m.clone()));
            }
        }
        // The works a unit of an anthology credits to the person ("作者：张元干" opening
        // 《石州慢》), and whether the text names them only in its copyright notice.
        // (a unit's credit opens it: "by Faris Xiao" in the middle of a manual's chapter
        // credits a passage, not the chapter)
        let mut credited: Vec<&Passage> = mentions
            .iter()
            .filter(|p| credited_author(&p.text).is_some_and(|a| names.contains(&a)))
            .filter(|p| {
                host::chapter_passages(p.location.chapter, 0, 2)
                    .iter()
                    .any(|o| o.id == p.id)
            })
            .collect();
        let mut works: Vec<String> = Vec::new();
        // (each work: the entry it has, the volume that holds it where that is no unit of the
        // work's own, and the passage that credits it)
        let mut credit_of: Vec<(String, Option<&str>, &Passage)> = Vec::new();
        for p in &credited {
            let w = p.location.chapter_title.trim().trim_start_matches('《');
            let w = w.split('》').next().unwrap_or(w).trim().to_string();
            // (a credit on the book's own front, "Author: …" in a distributor's header, is the
            // book's: the title-page credit below says so)
            if !w.is_empty() && !works.contains(&w) && w != entry.document_title {
                works.push(w);
                credit_of.push((p.location.chapter_title.trim().to_string(), None, p));
            }
        }
        let unit_credits = credited.len();
        // (an anthology in plain text names each piece's section "title · author")
        for p in &mentions {
            if let Some(work) = p
                .location
                .section
                .as_deref()
                .and_then(|s| section_work(s, &[]))
                && names.contains(&work.author)
                && !works.contains(&work.title)
            {
                works.push(work.title.clone());
                credit_of.push((work.title, Some(p.location.chapter_title.as_str()), p));
                credited.push(p);
            }
        }
        // (the era its byline gives the author, "宋代：曾鞏")
        let era = zh
            .then(|| mentions.iter().find_map(|p| byline_era(&p.text, &names)))
            .flatten();
        let definition = host::definitions(&entry.key, 1).into_iter().next();
        let credits = credits_unit(&mentions);
        // (whether the page lists the person's works with their openings already)
        let mut works_listed = false;
        match definition {
            _ if !works.is_empty() => {
                let shown: Vec<&str> = works.iter().take(4).map(String::as_str).collect();
                b.summary_line(if zh {
                    let list: Vec<String> = shown.iter().map(|w| format!("《{w}》")).collect();
                    format!(
                        "{}{}，{}所收{}{}的作者。",
                        entry.title,
                        era.map(|e| format!("（{e}）")).unwrap_or_default(),
                        grove_gene::build::book_zh(&entry.document_title),
                        list.join("、"),
                        if works.len() > shown.len() { "等篇" } else { "" }
                    )
                } else {
                    let list: Vec<String> = shown.iter().map(|w| format!("“{w}”")).collect();
                    format!(
                        "{} is the author of {}{} in {}.",
                        entry.title,
                        list.join(", "),
                        if works.len() > shown.len() { " and others" } else { "" },
                        grove_gene::build::book_en(&entry.document_title)
                    )
                });
                for p in credited.iter().take(4) {
                    b.cite(p);
                }
                // Each work, where the book holds it and how it opens: what a reader of an
                // anthology looks the author up for. (One work is quoted by its opening below,
                // as the works of a unit's credit are.)
                let mut body = String::new();
                for (work, volume, credit) in
                    credit_of.iter().take(MAX_WORKS_SHOWN).filter(|_| credit_of.len() > 1)
                {
                    let mut line = format!("- [[{work}]]");
                    if let Some(v) = volume {
                        line.push_str(&if zh { format!("（{v}）") } else { format!(" ({v})") });
                    }
                    if let Some(o) = work_opening(credit) {
                        let shown = grove_gene::build::opening_words(&o.text, zh, 60);
                        line.push_str(&if zh {
                            format!("：“{shown}” [^{}]", o.id)
                        } else {
                            format!(": “{shown}” [^{}]", o.id)
                        });
                        b.cite(&o);
                    }
                    body.push_str(&line);
                    body.push('\n');
                }
                if credit_of.len() > 1 {
                    b.section(t(zh, "作品", "Works"), body);
                    works_listed = true;
                }
            }
            // The book's title page names them under its title: its author.
            _ if let Some((line, affiliation)) = grove_gene::build::title_page_credit(&names, &entry.document_title) => {
                b.summary_line(grove_gene::build::title_page_line(&entry, affiliation.as_deref(), zh));
                b.cite(&line);
            }
            // (a copyright notice or a credit line names a holder or an author; it does not
            // say who they are beyond that)
            // (the line may credit another work, one the book draws on: "“Debian New
            // Maintainers’ Guide”, 版权所有 © … 2010 Craig Small")
            Some(d) if let Some(line) = copyright_line(&entry, &d.text, zh) => {
                b.summary_line(line);
                b.cite(&d);
            }
            Some(d) if credited_author(&d.text).is_some_and(|a| names.contains(&a)) => {
                b.summary_line(if zh {
                    format!("{}，{}中署名的作者。", entry.title, grove_gene::build::book_zh(&entry.document_title))
                } else {
                    format!(
                        "{} is credited as an author in {}.",
                        entry.title, grove_gene::build::book_en(&entry.document_title)
                    )
                });
                b.cite(&d);
            }
            // (in English, a sentence of what the person did leads only where the text states
            // no relation: "Peter Lund still came to the reading" says less than "Peter Lund
            // (Treasurer)"; one that says who they are leads always; in Chinese, any sentence
            // leads but where the text gives a title or a parent, "吳王夫差", "孤竹君之二子":
            // "夫差弗聽，勾踐乃行成" says less than "越王勾踐")
            // (the sentence that says what office they held says more than the office alone:
            // "柳下惠为士师，三黜。")
            Some(d)
                if zh
                    && rels.iter().filter(|(r, _, _)| r.is_empty()).all(|(_, o, p)| {
                        p.id == d.id && is_office_line(o)
                    })
                    || !zh && (rels.is_empty() || says_who(&d.text, &names)) =>
            {
                b.summary_quote(&d)
            }
            // Named only in the book's credits ("7.6. Contributors", "致谢"): the unit's
            // title says what part they had.
            _ if let Some(unit) = &credits => {
                b.summary_line(if zh {
                    format!("{}，{}“{}”中列出的人。", entry.title, grove_gene::build::book_zh(&entry.document_title), unit)
                } else {
                    format!(
                        "{} is listed under “{}” in {}.",
                        entry.title, unit, grove_gene::build::book_en(&entry.document_title)
                    )
                });
                b.cite(&first);
            }
            // Where the text defines nothing, the relations it states identify the person
            // ("David: son of Jesse; king of Israel."), each cited below.
            // Named on a line of a list that a sentence introduces: the sentence says who
            // they are, the line what the list gives of them.
            _ if rels.is_empty() && let Some((intro, row)) = introduced_roll(&mentions, &names) => {
                let said = grove_gene::build::opening_words(&intro.text, zh, 80);
                let row_text = row.text.trim();
                b.summary_line(if zh {
                    format!(
                        "{}，列于{}的一份名单（“{said}”）：“{row_text}”。",
                        entry.title,
                        grove_gene::build::book_zh(&entry.document_title)
                    )
                } else {
                    format!(
                        "{} is listed in {} (“{said}”): “{row_text}”.",
                        entry.title,
                        grove_gene::build::book_en(&entry.document_title)
                    )
                });
                b.cite(&intro);
                b.cite(&row);
            }
            _ if !rels.is_empty() => {
                let stated: Vec<String> = rels
                    .iter()
                    .take(3)
                    .map(|(r, o, _)| {
                        if zh || r.is_empty() {
                            format!("{r}{o}")
                        } else {
                            format!("{r} {o}")
                        }
                    })
                    .collect();
                b.summary_line(if zh {
                    format!("{}：{}。", entry.title, stated.join("；"))
                } else {
                    format!("{}: {}.", entry.title, stated.join("; "))
                });
            }
            // Where the text neither defines the person nor states a relation: what it shows
            // of them (whether they speak, what they ask about, where and with whom).
            _ => {
                let speaking = mentions.iter().filter(|p| speaks(p, &names, zh)).count();
                let topics = asked_about(&mentions, &names);
                // (whom they speak to, two at most, each shown by a cited passage)
                let spoken_to: Vec<(String, Passage)> =
                    addressees(&mentions, &names, &related, zh).into_iter().take(2).collect();
                for (_, p) in &spoken_to {
                    b.cite(p);
                }
                let whom: Vec<&str> = spoken_to.iter().map(|(w, _)| w.as_str()).collect();
                let spoke = (!whom.is_empty()).then(|| {
                    if zh {
                        format!("曾与{}对话", whom.join("、"))
                    } else {
                        format!("speaks to {}", whom.join(" and "))
                    }
                });
                // (whom they ask is no topic: "叶公问孔子")
                let topics: Vec<String> =
                    topics.into_iter().filter(|t| !whom.contains(&t.as_str())).collect();
                let mut role = match (zh && !topics.is_empty(), spoke) {
                    (true, Some(spoke)) => Some(format!("曾问{}，{spoke}", topics.join("、"))),
                    (true, None) => Some(format!("曾问{}", topics.join("、"))),
                    (false, Some(spoke)) => Some(spoke),
                    // (what they say, by the opening of their first saying: "有言论，如“吾日三
                    // 省吾身”", cited)
                    // (one saying is enough to quote: "曾子，有言論，如“十目所視，十手所指”")
                    (false, None) if speaking >= 1 && zh && let Some((said, p)) =
                        first_saying(&mentions, &names) =>
                    {
                        b.cite(&p);
                        Some(format!("有言论，如“{said}”"))
                    }
                    (false, None) if speaking >= 2 => Some(t(zh, "有言论", "speaks").to_string()),
                    (false, None) => None,
                };
                // The state the title itself names ("鲁侯": 鲁), which no longer alias overrides.
                let own_state = if zh { ruled_state(&entry.title) } else { None };
                // (not a doubled epithet cut in two: "穆穆鲁侯" holds no "穆鲁侯")
                let doubled = |a: &str| {
                    let first = a.chars().next().unwrap_or(' ');
                    mentions.iter().all(|p| {
                        p.text
                            .match_indices(a)
                            .all(|(at, _)| p.text[..at].ends_with(first))
                    })
                };
                // The full name the text also uses for a title ("景公" is "齐景公").
                let full = entry
                    .aliases
                    .iter()
                    .filter(|a| a.ends_with(entry.title.as_str()) && a.len() > entry.title.len())
                    .filter(|a| !doubled(a))
                    .max_by_key(|a| a.len())
                    .filter(|_| zh && own_state.is_none());
                // The state a ruler's name says they rule ("齐景公": 齐国国君).
                if zh
                    && let Some(state) = own_state.or_else(|| full.and_then(|f| ruled_state(f)))
                {
                    role = Some(match role {
                        Some(r) => format!("{state}国国君，{r}"),
                        None => format!("{state}国国君"),
                    });
                }
                if let Some(full) = full {
                    role = Some(match role {
                        Some(r) => format!("即{full}，{r}"),
                        None => format!("即{full}"),
                    });
                }
                let with = grove_gene::build::often_with(&entry.key, &entry.title, mentions.len(), 4);
                // (an office the text puts before the name says what the person is: "Captain
                // Peleg" makes Peleg a captain)
                let office = if zh { None } else { office_title(&entry.title, &entry.aliases) };
                let kind = ("人物", office.unwrap_or("a person"));
                // (a classical person the text shows nothing else of is shown by what they
                // did, in the text's words: "比干忠谏而剖心兮，箕子被发而佯狂。")
                match role {
                    // (a master's saying about them, where it opens with them: "子曰：“臧文仲居蔡，
                    // 山节藻棁，何如其知也？”", the book's judgement of who they were; by their
                    // title or a name of two characters or more: 求 of 冉求 opens "求仁而得仁")
                    None if zh
                        && let Some(p) = {
                            let own: Vec<&str> = names
                                .iter()
                                .map(String::as_str)
                                .filter(|n| *n == entry.title || n.chars().count() >= 2)
                                .collect();
                            grove_gene::build::saying_about(&own, &mentions)
                        } =>
                    {
                        b.summary_quote(p)
                    }
                    None if zh
                        && let Some((said, p)) =
                            deed(&mentions, &names, |s| host::entry_for(s).is_some()) =>
                    {
                        b.summary_sentence(&said, &p)
                    }
                    // (in English too: "Hartmut Koptein started the first port for Debian")
                    None if !zh && let Some((said, p)) = en_deed(&mentions, &names) => {
                        b.summary_sentence(&said, &p)
                    }
                    _ => b.evidence_summary(&entry, kind, role.as_deref(), &mentions, &with),
                }
            }
        }
        // The works credited to the person, each by its opening line, cited: what a reader of
        // an anthology looks up an author for ("芦叶满汀洲，寒沙带浅流。" — 唐多令).
        let mut openings: Vec<Passage> = Vec::new();
        // (a unit whose credit opens it: the unit's next lines open the work)
        // (a short first line of verse, "芦叶满汀洲。", comes with the next one)
        // (none where the works are listed with their openings already)
        for p in credited[..unit_credits].iter().take(12).filter(|_| !works_listed) {
            let lines: Vec<Passage> = host::chapter_passages(p.location.chapter, 0, 6)
                .into_iter()
                .filter(|o| o.id != p.id && credited_author(&o.text).is_none())
                .skip_while(|o| !opens_work(&o.text, zh))
                .take(2)
                .collect();
            let Some(o) = lines.first() else { continue };
            if openings.iter().any(|x| x.id == o.id) {
                continue;
            }
            openings.push(o.clone());
            if let Some(next) = lines.get(1)
                && words_of(&o.text, zh) < if zh { 8 } else { 6 }
                && opens_work(&next.text, zh)
            {
                openings.push(next.clone());
            }
        }
        b.quotes(t(zh, "作品", "Works"), &openings);
        b.links(t(zh, "作品", "Works"), &works);
        let loc = grove_gene::page::passage_label(&first);
        b.section(t(zh, "首次出现", "First appearance"), format!("{loc}\n"));
        b.quotes(
            t(zh, "首次出现", "First appearance"),
            std::slice::from_ref(&first),
        );
        let sayings: Vec<Passage> = mentions
            .iter()
            .filter(|p| speaks(p, &names, zh))
            .cloned()
            .collect();
        b.quotes(t(zh, "言论", "What they say"), &spread(&sayings, 6));
        let body: String = chapters
            .iter()
            .take(40)
            .map(|c| format!("- {c}\n"))
            .collect();
        b.section(t(zh, "出现的章节", "Chapters"), body);
        // Relations the text states, each cited: "son of Jesse", "字 孔明".
        let mut lines = String::new();
        for (rel, other, m) in &rels {
            let stated = format!("{rel} {other}");
            lines.push_str(&format!(
                "- {} [^{}]\n",
                grove_gene::build::escape(stated.trim()),
                m.id
            ));
            b.cite(m);
        }
        b.section(t(zh, "关系", "Relations"), lines);
        let rel_terms: Vec<String> = related.iter().map(|(m, _)| m.clone()).collect();
        let key_passages = central(&entry.key, &rel_terms, 4);
        b.quotes(t(zh, "重要段落", "Key passages"), &key_passages);
        if b.page.citations.len() < 3 {
            b.quotes(t(zh, "原文", "In the text"), &spread(&mentions, 4));
        }
        let with: Vec<String> = related.iter().map(|(_, title)| title.clone()).collect();
        b.links(t(zh, "同现人物与条目", "Appears with"), &with);
        Ok(b.finish())
    }

    fn improve(page: Page, review: Review) -> Result<Option<Page>, String> {
        let zh = looks_zh(&page);
        Ok(improve(page, &review, zh))
    }
}

grove_gene::register_gene!(Person);

#[cfg(test)]
mod tests {
    use super::*;
    use grove_gene::Location;

    #[test]
    fn a_roll_line_is_a_name_and_a_few_words_of_data() {
        let names = vec!["Martin Michlmayr".to_string()];
        for (line, want) in [
            ("Martin Michlmayr March 2003", true),
            ("Martin Michlmayr", true),
            ("Martin Michlmayr was elected in March 2003.", false),
            ("Martin Michlmayr, Branden Robinson and others", false),
            ("Ian Murdock August 1993", false),
        ] {
            assert_eq!(roll_line(line, &names), want, "{line}");
        }
        assert!(roll_line("Ian Murdock August 1993", &[]));
        assert!(!roll_line("下面有一个文本文件，里面含有名字和起始日期。", &[]));
    }

    #[test]
    fn a_byline_gives_its_author_an_era() {
        let names = vec!["曾鞏".to_string(), "子固".to_string()];
        for (line, want) in [
            ("宋代：曾鞏", Some("宋代")),
            ("先秦：曾鞏", Some("先秦")),
            ("宋代：歐陽修", None),
            ("作者說：曾鞏", None),
            ("曾鞏", None),
        ] {
            assert_eq!(byline_era(line, &names), want, "{line}");
        }
    }

    fn passage(text: &str) -> Passage {
        Passage {
            id: "s1".into(),
            text: text.into(),
            location: Location {
                chapter: 0,
                chapter_title: "学而篇".into(),
                section: None,
                page: None,
                line: Some(1),
            },
        }
    }

    #[test]
    fn an_office_before_the_name_says_what_the_person_is() {
        let names = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let cases: [(&str, &[&str], Option<&str>); 5] = [
            ("Peleg", &["Captain Peleg"], Some("a captain")),
            ("Asa", &["King Asa", "Asa's"], Some("a king")),
            ("Stubb", &["Mr Stubb"], None),
            ("Ahab", &["Captain Ahab", "King Ahab"], None),
            ("Mapple", &["Father Mapple"], None),
        ];
        for (title, aliases, want) in cases {
            assert_eq!(office_title(title, &names(aliases)), want, "{title}");
        }
    }

    #[test]
    fn relations_the_text_states() {
        // (passage, name, the relations read for it)
        let cases: [(&str, &str, &[(&str, &str)]); 7] = [
            ("Moses and Jesus, the son of Mary, came.", "Moses", &[]),
            (
                "Moses and Jesus, the son of Mary, came.",
                "Jesus",
                &[("son of", "Mary")],
            ),
            (
                "Ian Murdock and Bruce Perens, founders of Debian, spoke.",
                "Ian Murdock",
                &[("founder of", "Debian")],
            ),
            ("Aaron, the son of Amram, came.", "Aaron", &[("son of", "Amram")]),
            (
                "And Mary, the daughter of 'Imran, who guarded her chastity",
                "Mary",
                &[("daughter of", "'Imran")],
            ),
            // (a date is no place)
            ("Clytie Siddall died in February 2015.", "Clytie Siddall", &[]),
            (
                "Joel Klecker died in Oregon in 2000.",
                "Joel Klecker",
                &[("died in", "Oregon")],
            ),
        ];
        for (text, name, want) in cases {
            let got = relations(&passage(text), &[name.to_string()], false);
            let want: Vec<(String, String)> = want
                .iter()
                .map(|(r, o)| (r.to_string(), o.to_string()))
                .collect();
            assert_eq!(got, want, "{name} in {text}");
        }
    }

    #[test]
    fn a_person_is_shown_by_what_they_did() {
        // (passage, name, the sentence shown)
        let cases = [
            ("比干忠谏而剖心兮，箕子被发而佯狂。", "比干", Some("比干忠谏而剖心兮，箕子被发而佯狂。")),
            ("世俗更而变化兮，伯夷饿于首阳。", "伯夷", Some("世俗更而变化兮，伯夷饿于首阳。")),
            // not a question, a saying, a possessive, a list, a longer word
            ("舜闵在家，父何以鳏？", "舜", None),
            ("孔子曰：“学而时习之。”", "孔子", None),
            ("思比干之恲恲兮，哀子胥之慎事。", "比干", None),
            ("彼尧、舜之耿介兮，既遵道而得路。", "尧", None),
            ("行比伯夷，置以为像兮。", "伯夷", None),
            // another name, or a longer word, after it; a noun it makes with the next one
            ("伯夷叔齐之抗行兮，瞭杳杳而薄天。", "伯夷", None),
            ("汤谷寂寥只。", "汤", None),
            ("比干谷寂寥只。", "比干", None),
            ("湯武之隆，詩人歌之。", "湯", None),
            ("鲁特的宗族离你们是不远的。", "鲁特", None),
            ("法老、哈曼和他俩的军队，确是错误的。", "哈曼", None),
            // nor a call
            ("哈曼啊！", "哈曼", None),
            // a sentence of a longer passage; a one-character name that opens it, or ends a
            // list of names that does
            (
                "仲尼曰：「君子中庸。」仲尼祖述堯、舜，憲章文、武；上律天時，下襲水土。",
                "仲尼",
                Some("仲尼祖述堯、舜，憲章文、武；"),
            ),
            ("子曰：「舜其大知也與！舜好問而好察邇言，隱惡而揚善！", "舜", Some("舜好問而好察邇言，隱惡而揚善！")),
            ("堯、舜率天下以仁，而民從之；桀、紂率天下以暴，而民從之。", "舜", Some("堯、舜率天下以仁，而民從之；")),
            ("堯、舜率天下以仁，而民從之；桀、紂率天下以暴，而民從之。", "紂", Some("桀、紂率天下以暴，而民從之。")),
            ("堯、舜率天下以仁，而民從之；桀、紂率天下以暴，而民從之。", "桀", None),
            // a one-character name inside a clause is no subject
            ("以王季為父，以武王為子。", "王", None),
            // a sentence that says who they are comes first
            ("太夫人守節自誓；居窮，自力於衣食。太夫人姓鄭氏，考諱德儀。", "太夫人", Some("太夫人姓鄭氏，考諱德儀。")),
        ];
        let named = |s: &str| ["叔齐", "比干谷", "堯", "桀"].contains(&s);
        for (text, name, want) in cases {
            let got = deed(&[passage(text)], &[name.to_string()], named);
            assert_eq!(got.map(|(s, _)| s).as_deref(), want, "{text}");
        }
    }

    #[test]
    fn an_english_person_is_shown_by_a_sentence_of_what_they_did() {
        // (passage, name, shown)
        let cases = [
            ("Hartmut Koptein started the first port for Debian, for the m68k family.", "Hartmut Koptein", true),
            ("On July 18th Steve Greenland (stevegr) died of cancer.", "Steve Greenland", true),
            (
                "On May 9th Manuel Estrada Sainz (ranty) and Andrés García Solier (ErConde) were killed in a car accident.",
                "Andrés García Solier",
                true,
            ),
            ("Ian Jackson led Debian from January 1998 until December 1998.", "Ian Jackson", true),
            // a wish, a saying, a name in passing, another subject
            ("Steve Greenland will be missed.", "Steve Greenland", false),
            ("Bruce Perens said that the release was ready.", "Bruce Perens", false),
            (
                "Later he started another port together with Vincent Renardias and Martin Schulze.",
                "Vincent Renardias",
                false,
            ),
            (
                "I recall the initial group as including Ian Murdock, Dan Quinlan, and others.",
                "Dan Quinlan",
                false,
            ),
            (
                "Later he started another port with Vincent Renardias (vincent) who was new.",
                "Vincent Renardias",
                false,
            ),
            ("In the spring of 1996, Bruce Perens took over.", "Bruce Perens", true),
            // the first sentence that names them is the one shown
            ("Ian Murdock founded it. Later Ian Murdock moved on.", "Ian Murdock", true),
            ("Thanks to Ian Murdock. Ian Murdock founded it.", "Ian Murdock", false),
        ];
        for (text, name, want) in cases {
            let got = en_deed(&[passage(text)], &[name.to_string()]);
            assert_eq!(got.is_some(), want, "{text}");
        }
    }

    #[test]
    fn a_person_is_shown_by_the_opening_of_their_first_saying() {
        // (passage, name, the opening shown)
        let cases = [
            ("曾子曰：“吾日三省吾身：为人谋而不忠乎？”", "曾子", Some("吾日三省吾身")),
            // the one seen, asked or addressed does not say the next words
            ("遂見辛垣衍曰：“東國有魯連先生。”", "辛垣衍", None),
            ("陈亢问于伯鱼曰：“子亦有异闻乎？”", "伯鱼", None),
            // nor are the words that bring in another's saying a saying
            ("管仲對曰：“昔召康公命我先君太公曰：‘五侯九伯。’”", "管仲", None),
            // too short to say anything
            ("子路曰：“諾。”", "子路", None),
            // a lead-in says what follows it
            ("華元曰：“吾聞之：君子見人之厄則矜之。”", "華元", Some("君子見人之厄則矜之")),
        ];
        for (text, name, want) in cases {
            let got = first_saying(&[passage(text)], &[name.to_string()]);
            assert_eq!(got.map(|(s, _)| s).as_deref(), want, "{text}");
        }
    }
}

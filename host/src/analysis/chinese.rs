//! Chinese candidate terms (Simplified and Traditional).
//!
//! 1. A pre-pass over the raw sentences finds names the dictionary does not know: speakers
//!    before the classical speech markers (曰, 對曰/对曰, 問/问), names after author labels
//!    (作者：, 譯者：), works in 《》, Latin-letter terms and names inside Chinese text. They
//!    and the extra names handed in (the wiki's entry titles and aliases) are laid over jieba's
//!    shared dictionary (an Aho-Corasick automaton, no copy of the dictionary), so they are
//!    cut as one word.
//! 2. jieba cuts every sentence; adjacent words that nearly always occur together
//!    (软件+包 → 软件包, 维护+者 → 维护者) become compounds and are added too.
//! 3. jieba tags every sentence with parts of speech (its HMM for unknown words only in
//!    modern text: in classical text it glues a name to its speech marker) (person `nr`, place `ns`, organisation
//!    `nt`, other proper noun `nz`, nouns, verbal nouns); salience is the word's frequency
//!    against jieba's dictionary frequency (ordinary usage). Texts cut mostly into single
//!    characters (classical Chinese, verse) also admit single-character nouns such as 仁 or 禮,
//!    and classical text the words it defines twice as "X者，…也" (誠), whatever their tag.
//!
//! Not a named-entity model: generic surface rules plus the tagger, never a list of a
//! document's names. Particles, pronouns, numerals and speech markers are never terms.

use std::collections::{HashMap, HashSet};

use aho_corasick::{AhoCorasick, MatchKind};

use super::TermKind;
use super::background::{rarity, zh_base, zh_frequency};
use super::terms::{Found, absorb};

/// Characters that never start or end a term of several characters: particles, pronouns,
/// negations, conjunctions, copulas and distributives (每事 of "每事问" is no one), in both
/// scripts.
pub const ZH_EDGE: &str = "该該并並个個诸諸之乎者也矣焉哉兮耳而其以于於与與则則乃且亦又所为為的了是在和就都及着著过過吗嗎呢吧啊这這那哪我你您他她它们們曰云不无無弗勿毋莫未非否皆或若如何孰谁誰奚胡曷安斯此彼夫吾予余尔爾汝朕厥把被让讓给給向很更最还還再才只即等每各";

/// Characters that are never a term on their own: the edge characters above plus classical
/// conjunctions and adverbs (故, 然, 遂, 雖, 惟), numerals, directions, time words, common verbs
/// and speech markers.
pub const ZH_FUNCTION: &str = "故然遂虽雖凡惟唯岂豈篇章卷节節回一二三四五六七八九十百千万萬两兩上下中内內外前后後左右来來去出入可能必将將使令由自从從至到已既尚犹猶各每盖蓋日月年时時个個些对對问問谓謂言说說答告闻聞见見得地有";

/// The directions among [`ZH_FUNCTION`]: they edge the dictionary's nouns too (中庸, 天下,
/// 上帝).
const DIRECTIONS: &str = "中上下内內外前后後左右";

/// Time words that open a classical sentence with 者, "古者" (in antiquity), which defines
/// nothing.
const TIME_CHARS: &str = "古今昔";

/// Speech markers that follow a speaker's name in classical text.
const SPEECH_MARKERS: &[&str] = &["對曰", "对曰", "問曰", "问曰", "曰", "問", "问"];
/// Speech markers that follow a speaker's name in modern text.
const MODERN_SPEECH_MARKERS: &[&str] = &[
    "说：", "說：", "说道", "說道", "问道", "問道", "答道", "笑道", "道：",
];

/// Characters between a name and a speech marker that belong to neither
/// ("子路對曰", "顏淵喟然歎曰", and the adverbs of "予故嘗曰", "臣故曰").
const SPEECH_VERBS: &str = "對对問问歎叹笑答告謂谓言亦又乃遂皆復复因進进退而之請请称稱故嘗尝必";

/// Titles and kinship words that make names (孔子, 哀公, 伯夷): person evidence, never a
/// concept on their own.
const TITLE_CHARS: &str = "子公王君侯伯叔季氏夫";

/// Writings and sayings that are quoted with 曰 as if they spoke (詩曰, 語曰 "the saying goes",
/// 銘曰 "the inscription says"): never a person.
const TEXT_CHARS: &str = "詩诗書书傳传語语諺谚記记銘铭頌颂志經经禮礼易箴誄诔辭辞讚赞序";

/// The last character of a classical name made of a name and a title or rank (桓公, 文王,
/// 申伯, 管仲, 季氏).
const RANK_CHARS: &str = "公王侯伯仲叔季氏";

/// Labels followed by a person's name.
const AUTHOR_LABELS: &[&str] = &[
    "作者：",
    "作者:",
    "譯者：",
    "译者：",
    "著者：",
    "編者：",
    "编者：",
    "作者 ",
];

/// Common Chinese surnames (both scripts): a name the tagger guesses in modern text must
/// start with one.
pub(super) const SURNAMES: &str = "王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖蕭田董袁潘于蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范範金石廖贾賈夏韦韋付方白邹鄒孟熊秦邱江尹薛闫閆段雷侯龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯欧歐司上诸諸";

/// Last characters of nouns that are not names (许可证, 贡献者, 编译器).
const NOMINAL_SUFFIX: &str = "者证證性式法器件率度型化品类類量员員家师師";

/// Field labels of anthologies and editions: never a concept.
const LABELS: &[&str] = &[
    // what a credit line says where the author is unknown
    "佚名",
    "無名氏",
    "无名氏",
    "不詳",
    "不详",
    "作者",
    "译者",
    "譯者",
    "编者",
    "編者",
    "著者",
    "注释",
    "註釋",
    "注解",
    "出处",
    "出處",
    "原文",
    "译文",
    "譯文",
    "题解",
    "題解",
    "简介",
    "簡介",
    "目录",
    "目錄",
    "版权所有",
    "版權所有",
    "版权",
    "版權",
];

/// Parts of speech of multi-character terms that may be concepts.
const NOUN_TAGS: &[&str] = &["n", "ng", "nz", "vn", "l", "s", "an", "nrt"];
/// Parts of speech of single characters that may be concepts in classical text.
const SINGLE_TAGS: &[&str] = &["n", "ng", "nz", "nr", "ns", "q"];

pub(super) fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FFFF)
}

/// A character that is never a term on its own.
pub(super) fn is_function(c: char) -> bool {
    ZH_EDGE.contains(c) || ZH_FUNCTION.contains(c)
}

/// A character that never starts or ends a term of several characters.
fn is_edge(c: char) -> bool {
    ZH_EDGE.contains(c)
}

#[derive(Default)]
struct Cand {
    sentences: Vec<u32>,
    count: u32,
    tags: HashMap<String, u32>,
    author: u32,
}

fn push_sentence(v: &mut Vec<u32>, si: u32) {
    if v.last() != Some(&si) {
        v.push(si);
    }
}

/// The CJK run that ends at byte `end` of `s`, at most `max` characters.
fn run_before(s: &str, end: usize, max: usize) -> Vec<char> {
    let mut out: Vec<char> = s[..end]
        .chars()
        .rev()
        .take_while(|c| is_cjk(*c))
        .take(max)
        .collect();
    out.reverse();
    out
}

/// Speakers before speech markers in one sentence of classical text: candidate names of 2-3
/// characters.
fn speakers(s: &str, out: &mut HashMap<String, u32>) {
    let mut seen: HashSet<String> = HashSet::new();
    for m in SPEECH_MARKERS {
        let mut from = 0;
        while let Some(p) = s[from..].find(m) {
            let at = from + p;
            from = at + m.len();
            let mut run = run_before(s, at, 8);
            let mut stripped = 0;
            while stripped < 2 && run.last().is_some_and(|c| SPEECH_VERBS.contains(*c)) {
                run.pop();
                stripped += 1;
            }
            // "古人有言曰": the speaker is before 有 ("has a saying"), not 人有.
            if stripped > 0 && run.last() == Some(&'有') {
                run.pop();
            }
            for n in 2..=3 {
                if run.len() < n {
                    break;
                }
                let name: String = run[run.len() - n..].iter().collect();
                let cs: Vec<char> = name.chars().collect();
                // (nor a writing quoted as if it spoke: "鄙諺曰", "《詩》曰")
                if is_edge(cs[0])
                    || is_edge(cs[n - 1])
                    || cs[n - 1] == '者'
                    || TEXT_CHARS.contains(cs[n - 1])
                    || cs.iter().any(|c| "曰問问".contains(*c))
                    || not_a_speakers_name(&cs)
                {
                    continue;
                }
                if seen.insert(name.clone()) {
                    *out.entry(name).or_default() += 1;
                }
            }
        }
    }
}

/// Verbs that open a clause before the one spoken to, not a name: "謂周君曰" (said to the lord
/// of Zhou), "告楚曰", "說韓王曰", "見王曰", "語於王曰", "使人謂…曰" (sent a man to say), "再拜
/// 稽首曰"; and 臣, the speaker's humble "I" ("臣聞之曰", "臣願王…").
const NOT_A_NAME_FIRST: &str = "謂谓告語语說说見见問问請请使拜臣";

/// Characters that end a gesture or a mood before 曰, not a name: "王大怒曰", "然作色曰",
/// "泣涕曰".
const NOT_A_NAME_LAST: &str = "怒色泣涕";

/// Whether the characters before 曰 are a clause's words rather than a speaker's name: they
/// open with a verb of speaking, sending or bowing, or with the humble "I"
/// ([`NOT_A_NAME_FIRST`]); end with a mood ([`NOT_A_NAME_LAST`]); count people ("二人曰");
/// or name a state's ruler by his state ("弊邑之王", "魏之君": the king of a state, not a
/// name). 宮之奇 and 介之推, names with 之 inside, end in no title.
fn not_a_speakers_name(cs: &[char]) -> bool {
    let n = cs.len();
    NOT_A_NAME_FIRST.contains(cs[0])
        || NOT_A_NAME_LAST.contains(cs[n - 1])
        || n == 2 && cs[1] == '人' && "一二三兩两四五六七八九十數数".contains(cs[0])
        || n == 3 && cs[1] == '之' && "王君".contains(cs[2])
}

/// The classical speakers of three characters that speak once and open a clause at least
/// three times in all (the speech included): the people of one story in an anthology.
fn once_speakers_as_subjects(counts: &HashMap<String, u32>, sentences: &[&str]) -> Vec<String> {
    let once: Vec<&str> = counts
        .iter()
        .filter(|(n, c)| **c == 1 && n.chars().count() == 3)
        .map(|(n, _)| n.as_str())
        .collect();
    if once.is_empty() {
        return Vec::new();
    }
    let Ok(ac) = AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostLongest)
        .build(&once)
    else {
        return Vec::new();
    };
    let mut opens = vec![0u32; once.len()];
    for s in sentences {
        for m in ac.find_iter(s) {
            let opens_clause = s[..m.start()]
                .chars()
                .next_back()
                .is_none_or(|c| "，。；：！？“「『\"".contains(c));
            if opens_clause {
                opens[m.pattern().as_usize()] += 1;
            }
        }
    }
    once.iter()
        .zip(opens)
        .filter(|(_, n)| *n >= 3)
        .map(|(name, _)| name.to_string())
        .collect()
}

/// Parts of speech of a word that may name a speaker in modern text: jieba's person names
/// (`nr`, `nrt` transliterated, `nrfg`), other proper nouns, and words it does not know.
const NAME_TAGS: &[&str] = &["nr", "nrt", "nrfg", "nz", "x", "eng"];

/// Speakers in one sentence of modern text: the word right before a speech marker
/// ("穆萨说：") or the first word of a clause "X对Y说：", when jieba tags it as a name or does
/// not know it. Unlike the classical rule this works on words, not character runs, so that
/// "应当说" (a verb), "必定要说" (an adverb and an auxiliary) and "他的宗族说" (a common noun)
/// name nobody.
fn modern_speakers(s: &str, out: &mut HashMap<String, u32>) {
    if !MODERN_SPEECH_MARKERS.iter().any(|m| s.contains(m)) {
        return;
    }
    let mut seen: HashSet<&str> = HashSet::new();
    for m in MODERN_SPEECH_MARKERS {
        let mut from = 0;
        while let Some(p) = s[from..].find(m) {
            let at = from + p;
            from = at + m.len();
            let clause_start = s[..at]
                .char_indices()
                .rev()
                .find(|&(_, c)| "，。；！？：、\"“”「」『』,;!?".contains(c))
                .map_or(0, |(i, c)| i + c.len_utf8());
            let clause = &s[clause_start..at];
            let toks = zh_base().tag(clause, true);
            let name_like = |w: &str, t: &str| {
                w.chars().count() >= 2
                    && w.chars().all(is_cjk)
                    && NAME_TAGS.contains(&t)
                    && !is_edge(w.chars().next().unwrap_or('的'))
            };
            let mut who = toks
                .last()
                .filter(|t| name_like(t.word, t.tag))
                .map(|t| t.word);
            if who.is_none()
                && toks.len() >= 3
                && ["对", "對", "向", "跟", "问", "問"].contains(&toks[1].word)
                && name_like(toks[0].word, toks[0].tag)
            {
                who = Some(toks[0].word);
            }
            if let Some(w) = who
                && seen.insert(w)
            {
                *out.entry(w.to_string()).or_default() += 1;
            }
        }
    }
}

/// What follows a person's name in modern text: speech, address, kinship and titles.
const PERSON_AFTER: &[&str] = &[
    "说",
    "說",
    "问",
    "問",
    "回答",
    "答道",
    "告诉",
    "告訴",
    "对",
    "對",
    "曰",
    "的儿子",
    "的兒子",
    "的女儿",
    "的女兒",
    "的父亲",
    "的父親",
    "的母亲",
    "的母親",
    "的妻子",
    "的丈夫",
    "的兄弟",
    "的姐妹",
    "的宗族",
    "的族人",
    "的百姓",
    "的后裔",
    "的後裔",
    "的门徒",
    "的門徒",
    "之子",
    "先生",
    "女士",
    "教授",
    "博士",
    "夫人",
    "出生",
    "去世",
    "逝世",
];
/// What precedes a person's name in modern text: kinship, titles and naming.
const PERSON_BEFORE: &[&str] = &[
    "先知", "使者", "国王", "國王", "皇帝", "名叫", "儿子", "兒子", "女儿", "女兒", "父亲", "父親",
    "母亲", "母親", "妻子", "丈夫", "兄弟", "弟兄", "作者", "译者", "譯者",
];

/// How many of a word's uses in modern text stand where a person's name stands (speaking,
/// addressed, with kin or a title). jieba's dictionary tags many ordinary words as names
/// (许可, 黎明, 白昼): such a word is a person only with this evidence.
/// Also a name called on ("撒立哈啊", "“优素福，你…"), one joined to his or her own
/// ("优素福和他的弟弟", not "和他们"), and one a deed is done to that only a person suffers
/// ("要杀死优素福").
fn person_contexts(w: &str, sentences: &[&str], ids: &[u32]) -> u32 {
    contexts(w, sentences, ids, |before, after| {
        PERSON_AFTER.iter().any(|m| after.starts_with(m))
            || PERSON_BEFORE.iter().any(|m| before.ends_with(m))
            || after.starts_with('啊')
            || ["，你", "，您", "！你"]
                .iter()
                .any(|m| after.starts_with(m))
                && before.ends_with(['“', '「', '：'])
            || ["和他", "和她", "与他", "与她", "與他", "與她"]
                .iter()
                .find_map(|m| after.strip_prefix(m))
                .is_some_and(|r| !r.starts_with(['们', '們']))
            || [
                "杀死", "殺死", "杀害", "殺害", "派遣", "召见", "召見", "拜见", "拜見",
            ]
            .iter()
            .any(|m| before.ends_with(m))
    })
}

/// How many uses of `w` in the sentences `ids` have text before and after it that `fits`.
fn contexts(w: &str, sentences: &[&str], ids: &[u32], fits: impl Fn(&str, &str) -> bool) -> u32 {
    let mut hits = 0;
    for &si in ids {
        let s = sentences[si as usize];
        let mut from = 0;
        while let Some(p) = s[from..].find(w) {
            let at = from + p;
            from = at + w.len();
            if fits(&s[..at], &s[at + w.len()..]) {
                hits += 1;
            }
        }
    }
    hits
}

/// Words before a place in classical text: going to, staying at, coming from, crossing,
/// attacking ("至長安", "居洛陽", "渡江", "伐楚").
const PLACE_BEFORE: &[char] = &[
    '於', '于', '至', '在', '入', '出', '過', '过', '適', '适', '到', '往', '赴', '渡', '居', '自',
    '歸', '归', '望', '登', '遊', '游', '伐', '攻', '圍', '围', '守', '向', '還', '还', '離', '离',
];
/// Words after a place: its people, its wilds, its walls ("楚人", "牧野", "洛陽城").
const PLACE_AFTER: &[&str] = &["人", "之野", "之陽", "之阳", "城", "國", "国", "中", "道"];

/// What follows a state's name in classical text: its ruler, its army, its capital, its
/// ministers ("齊侯", "楚王", "晉師", "鄭伯"); and its people ("宋人"), which alone is no
/// evidence (聖人, 古人).
const STATE_AFTER: &str = "公侯伯王君師师國国相卿";

/// The sentences where the character `c` is a state of classical text (齊, 楚, 魯), or None
/// if it is none. A state is known by its rulers and by being gone to or attacked (伐楚,
/// 於齊, 適衛; never 之, which is as often "of" as "to"): `c` comes before two or more of
/// the text's titled names (齊桓公, 齊景公); or it is a name in the dictionary (most states
/// became surnames) followed by two kinds of ruler, army or people (楚王, 楚人). Either way
/// it is gone to at least once, and a third of its sentences at least use it so: a verb or
/// adverb before titled names (爲桓公) is mostly something else. (Only a name's people count
/// towards that third: 聖人 is no state's people.) The sentences are
/// those with `c` in such a context (or before 人), not every use of the character.
/// `titled` holds the sentences where `c` comes right before two characters that end in a
/// rank (齊景公): where the tagger cut such a ruler as one word, `c` is no word of that
/// sentence, but the ruler still names the state.
fn state_sentences(
    c: char,
    sentences: &[&str],
    ids: &[u32],
    rank_names: &HashSet<String>,
    titled: &[([char; 2], u32)],
) -> Option<Vec<u32>> {
    let mut rulers: HashSet<&str> = HashSet::new();
    let mut kinds: HashSet<char> = HashSet::new();
    let mut gone = 0;
    let mut strong = 0;
    let mut people = 0;
    let mut hits = Vec::new();
    // (the rulers the tagger glued to the state: 齊景公 cut as one word)
    let mut glued: Vec<u32> = Vec::new();
    for (pair, si) in titled {
        let ruler: String = pair.iter().collect();
        if let Some(r) = rank_names.get(&ruler)
            && ids.binary_search(si).is_err()
        {
            rulers.insert(r.as_str());
            glued.push(*si);
        }
    }
    glued.dedup();
    strong += glued.len();
    hits.extend(&glued);
    for &si in ids {
        let s = sentences[si as usize];
        let (mut hit, mut sure) = (false, false);
        for (at, _) in s.match_indices(c) {
            let after = &s[at + c.len_utf8()..];
            let before = s[..at].chars().next_back();
            // (a titled name is two characters, 桓公: looked up, not searched for)
            let ruler = after
                .char_indices()
                .nth(2)
                .map_or(Some(after), |(i, _)| Some(&after[..i]))
                .filter(|r| r.chars().count() == 2 && !r.starts_with(c))
                .and_then(|r| rank_names.get(r))
                .map(String::as_str);
            // (not after the same character: "穆穆文王", "亹亹文王" double an epithet)
            let doubled = before == Some(c) || after.starts_with(c);
            if let Some(r) = ruler.filter(|_| !doubled) {
                rulers.insert(r);
                sure = true;
            }
            if let Some(k) = after.chars().next().filter(|k| STATE_AFTER.contains(*k)) {
                kinds.insert(k);
                sure = true;
            }
            // (a 於 or 于 that opens its clause is an exclamation: "於穆清廟", "于嗟乎")
            let exclaimed = before.is_some_and(|b| "於于".contains(b))
                && s[..at].chars().rev().nth(1).is_none_or(|p| !is_cjk(p));
            if before.is_some_and(|b| PLACE_BEFORE.contains(&b)) && !exclaimed {
                gone += 1;
                sure = true;
            }
            if after.starts_with('人') {
                kinds.insert('人');
                hit = true;
            }
        }
        strong += usize::from(sure);
        people += usize::from(hit && !sure);
        if hit || sure {
            hits.push(si);
        }
    }
    let name = dict_tag(&c.to_string()).is_some_and(|t| ["nr", "ns", "j"].contains(&t.as_str()));
    // (a character the dictionary calls no name is a state where the text also names a
    // ruler of it and goes there more than once: 卫 of 卫灵公, 卫君, 卫公子荆, "子适卫", "击磬于卫";
    // not 穆 of 穆公 and 穆王, a posthumous name no one goes to)
    let named_so = name || !rulers.is_empty() && gone >= 2;
    let uses = ids.len() + glued.len();
    // (a state the text keeps going to, whose rulers and armies it keeps naming, is one though
    // a fifth of its uses say so: 秦 of an anthology of the Warring States is named in 348
    // sentences, 87 of them "秦王", "入秦", "伐秦", and as often as the subject of a verb,
    // "秦攻趙", which no rule reads)
    let kept_going_to = name && kinds.len() >= 2 && gone >= 3 && strong >= 12 && strong * 5 >= uses;
    let state = rulers.len() >= 2 && gone >= 1 && strong * 3 >= uses
        || named_so && kinds.len() >= 2 && gone >= 1 && (strong + people) * 3 >= uses
        || kept_going_to;
    hits.sort_unstable();
    hits.dedup();
    (state && hits.len() >= 2).then_some(hits)
}

/// The dynasties of Chinese history whose name is one character used alone (殷因於夏禮, 周監於二代).
/// Not 元, 明 and 清, which alone are mostly words ("first", "bright", "clear").
const DYNASTIES: &str = "夏商殷周秦漢汉晉晋隋唐宋";

/// What follows a dynasty's name: its people, its rites, its house, its court, its virtue,
/// its way, its ruler ("殷人以柏", "夏禮", "周室", "周德", "夏后氏").
const DYNASTY_AFTER: &str = "人禮礼室朝代德道政后";

/// What follows a dynasty's name and 之: its virtue, its time, its rise and fall, its rites
/// and its regalia ("周之德", "行夏之時", "乘殷之輅", "服周之冕").
const DYNASTY_OF: &str = "德時时衰興兴亡末初世季禮礼道政制冕輅辂";

/// The sentences where the character `c`, one of [`DYNASTIES`], names a dynasty, or None if it
/// names none in this text: where its people, rites, house or time follow it ("周人", "夏禮",
/// "周之德"), 有 comes before it ("有殷", "有周"), another dynasty is joined to it ("殷商"),
/// or the text follows or takes after it ("吾從周", "殷因於夏禮"). At least two sentences say
/// so, and a quarter of its uses at least: 夏 of "夏之日，冬之夜" is summer, 周 of "君子周而不比"
/// is "all-embracing".
fn dynasty_sentences(c: char, sentences: &[&str], ids: &[u32]) -> Option<Vec<u32>> {
    if !DYNASTIES.contains(c) {
        return None;
    }
    let hits: Vec<u32> = ids
        .iter()
        .copied()
        .filter(|&si| {
            let s = sentences[si as usize];
            s.match_indices(c).any(|(at, _)| {
                let mut after = s[at + c.len_utf8()..].chars();
                let next = after.next();
                let before = s[..at].chars().next_back();
                next.is_some_and(|n| DYNASTY_AFTER.contains(n))
                    || next == Some('之') && after.next().is_some_and(|n| DYNASTY_OF.contains(n))
                    || before.is_some_and(|b| "有於于".contains(b))
                    || next.is_some_and(|n| n != c && DYNASTIES.contains(n))
                    || before.is_some_and(|b| b != c && DYNASTIES.contains(b))
            })
        })
        .collect();
    (hits.len() >= 2 && hits.len() * 4 >= ids.len()).then_some(hits)
}

/// A classical ruler named by his title alone (景公, 桓公) is also named with his state (齊景公):
/// where the text prefixes the title with one state only, that full form is the person's
/// other name, and its entry (if it had one) joins. Where two states prefix it (衛桓公 and
/// 齊桓公 are two men), nothing is merged.
fn full_titles(out: &mut Vec<Found>, sentences: &[&str]) {
    let states: Vec<String> = out
        .iter()
        .filter(|f| f.kind == TermKind::Place && f.text.chars().count() == 1)
        .map(|f| f.text.clone())
        .collect();
    if states.is_empty() {
        return;
    }
    let mut joins: Vec<(usize, String)> = Vec::new();
    for (i, f) in out.iter().enumerate() {
        let n = f.text.chars().count();
        if f.kind != TermKind::Person
            || !(2..=3).contains(&n)
            || !f
                .text
                .chars()
                .last()
                .is_some_and(|c| RANK_CHARS.contains(c))
        {
            continue;
        }
        let prefixed: Vec<&String> = states
            .iter()
            .filter(|st| {
                let full = format!("{st}{}", f.text);
                f.sentences
                    .iter()
                    .any(|&si| sentences[si as usize].contains(&full))
            })
            .collect();
        if let [st] = prefixed[..] {
            joins.push((i, format!("{st}{}", f.text)));
        }
    }
    let mut drop: Vec<usize> = Vec::new();
    for (i, full) in joins {
        if let Some(j) = out.iter().position(|f| f.text == full) {
            let moved = std::mem::take(&mut out[j].sentences);
            out[i].sentences.extend(moved);
            out[i].sentences.sort_unstable();
            out[i].sentences.dedup();
            drop.push(j);
        }
        if !out[i].variants.contains(&full) {
            out[i].variants.push(full);
        }
    }
    drop.sort_unstable();
    drop.dedup();
    for j in drop.into_iter().rev() {
        out.remove(j);
    }
}

/// A classical name of three characters is also written without its middle one (魯仲連 and
/// 魯連, 孔夫子 and 孔子, 李太白 and 李白): where the text names both as persons, and no other
/// person of the text shortens so, the short form is the full name's other name, and its
/// sentences join the full name's entry. Not where the last character is a rank: 周文王 and
/// 周王, 魯桓公 and 魯公 name a title any ruler holds.
fn contracted_names(out: &mut Vec<Found>) {
    let persons: Vec<(usize, Vec<char>)> = out
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind == TermKind::Person)
        .map(|(i, f)| (i, f.text.chars().collect()))
        .collect();
    let mut joins: Vec<(usize, usize)> = Vec::new();
    for (i, cs) in &persons {
        if cs.len() != 3 || "王公侯伯君".contains(cs[2]) || !cs.iter().all(|c| is_cjk(*c)) {
            continue;
        }
        let short: String = [cs[0], cs[2]].iter().collect();
        let shortens = |o: &Vec<char>| o.len() == 3 && o[0] == cs[0] && o[2] == cs[2];
        if persons.iter().filter(|(_, o)| shortens(o)).count() != 1 {
            continue;
        }
        if let Some((j, _)) = persons
            .iter()
            .find(|(_, o)| o.iter().collect::<String>() == short)
        {
            joins.push((*i, *j));
        }
    }
    let mut drop: Vec<usize> = Vec::new();
    for (i, j) in joins {
        let moved = std::mem::take(&mut out[j].sentences);
        let short = out[j].text.clone();
        out[i].sentences.extend(moved);
        out[i].sentences.sort_unstable();
        out[i].sentences.dedup();
        if !out[i].variants.contains(&short) {
            out[i].variants.push(short);
        }
        drop.push(j);
    }
    drop.sort_unstable();
    drop.dedup();
    for j in drop.into_iter().rev() {
        out.remove(j);
    }
}

/// Last characters of place names: a province, a mountain, a pass, a tower, a lake.
const PLACE_SUFFIX: &str = "州山關关陽阳陵城京江河水湖海池閣阁門门臺台樓楼宮宫寺原谷峽峡嶺岭峰洲郡縣县邑亭橋桥津浦塞嶽岳澤泽";

/// Whether a word is one of the phrases jieba's dictionary lists at its least count (3), two
/// words it counts more often put together: 天地+间, 主持+公道, 虔诚+地, 崇拜+偶像. The
/// tagger calls them nouns; they are phrases of ordinary language, not terms. (Not two
/// characters: classical terms are listed so, 忠信, 化育, 兵家; nor a noun made by its
/// suffix, 说情者; a manual's 环境变量 is such a phrase too, so only books that teach no
/// craft ask this.)
pub(crate) fn dictionary_phrase(w: &str) -> bool {
    let simp = simplified(w);
    let w = simp.as_deref().unwrap_or(w);
    let jieba = zh_base();
    // (the count of a word the dictionary lists, plus one)
    let count = |s: &str| jieba.has_word(s).then(|| jieba.suggest_freq(s));
    let cs: Vec<(usize, char)> = w.char_indices().collect();
    cs.len() >= 3
        && cs.iter().all(|&(_, c)| is_cjk(c))
        && !NOMINAL_SUFFIX.contains(cs[cs.len() - 1].1)
        && count(w).is_some_and(|n| n <= 4)
        && cs[1..].iter().any(|&(at, _)| {
            count(&w[..at]).is_some_and(|n| n > 4) && count(&w[at..]).is_some_and(|n| n > 4)
        })
        // (a time word is one, however it is built: 复活日 is a day the book speaks of; asked
        // last, as it runs the tagger)
        && dict_tag(w).as_deref() != Some("t")
}

/// Whether jieba's dictionary lists `w` as a verb, a verbal noun, an adjective or an adverb
/// (违抗, 犯罪, 浩荡, 亲自), or, with `phrases`, as a set phrase or an idiom (毫无疑义,
/// 强烈建议): a word that says what something does or is like, not what it is called.
pub(crate) fn predicate_word(w: &str, phrases: bool) -> bool {
    // (a word the dictionary does not list has no tag: no need to ask the tagger)
    if !in_dictionary(w) {
        return false;
    }
    dict_tag(w).is_some_and(|t| {
        ["v", "vn", "vd", "vi", "a", "ad", "an", "d"].contains(&t.as_str())
            || phrases && ["l", "i"].contains(&t.as_str())
    })
}

/// Whether jieba's dictionary lists `w` as a noun (版本, 系统; not 歌詠, a verb), or, where it
/// does not list `w` or lists it as a set phrase, the longest ending of `w` it lists
/// (文件系统, a set phrase, ends in 系统; 完纳 "pay" in 纳, a verb).
pub(crate) fn noun_word(w: &str) -> bool {
    let noun = |tag: Option<String>| {
        tag.is_some_and(|t| ["n", "nz", "ng", "nt", "j"].contains(&t.as_str()))
    };
    if in_dictionary(w) {
        let tag = dict_tag(w);
        if tag.as_deref() != Some("l") {
            return noun(tag);
        }
    }
    w.char_indices()
        .skip(1)
        .map(|(i, _)| &w[i..])
        .find(|end| in_dictionary(end))
        .is_some_and(|end| noun(dict_tag(end)))
}

/// Whether jieba's dictionary lists `w` (in its Simplified form).
fn in_dictionary(w: &str) -> bool {
    let simp = simplified(w);
    zh_base().has_word(simp.as_deref().unwrap_or(w))
}

/// Whether a name ends with a place's own last character (扬州, 庐山, 玉门关).
pub(crate) fn has_place_suffix(w: &str) -> bool {
    w.chars().count() >= 2
        && w.chars()
            .next_back()
            .is_some_and(|c| PLACE_SUFFIX.contains(c))
}

/// How often `w` stands where a place stands (see [`PLACE_BEFORE`] and [`PLACE_AFTER`]).
fn place_contexts(w: &str, sentences: &[&str], ids: &[u32]) -> u32 {
    contexts(w, sentences, ids, |before, after| {
        before
            .chars()
            .next_back()
            .is_some_and(|c| PLACE_BEFORE.contains(&c))
            || PLACE_AFTER.iter().any(|m| after.starts_with(m))
    })
}

/// Names after author labels ("作者：杜甫"): every 2-4 character prefix of what follows is
/// counted; [`author_names`] keeps the right length. A credit line that is the whole
/// sentence ("作者：张继", an anthology's line under a title) names its author outright, seen
/// once or not: it goes into `sure`.
fn authors(s: &str, out: &mut HashMap<String, u32>, sure: &mut HashSet<String>) {
    // A name with its mail address, a line of its own, credits the name too ("唐友
    // <tony_ty@263.net>" under 中文版维护人).
    if let Some(name) = mailed_name(s) {
        *out.entry(name.to_string()).or_default() += 1;
        sure.insert(name.to_string());
    }
    for l in AUTHOR_LABELS {
        if let Some(p) = s.find(l) {
            let rest = s[p + l.len()..].trim();
            let run: Vec<char> = rest.chars().take_while(|c| is_cjk(*c)).take(4).collect();
            for n in 2..=run.len() {
                *out.entry(run[..n].iter().collect()).or_default() += 1;
            }
            if p == 0 && (2..=4).contains(&run.len()) && rest.chars().count() == run.len() {
                sure.insert(rest.to_string());
            }
        }
    }
}

/// The name of a line that is a Chinese name and a mail address in angle brackets: "唐友
/// <tony_ty@263.net>", "徐明 ⟨xuming@example.org⟩".
fn mailed_name(s: &str) -> Option<&str> {
    let t = s.trim();
    let open = t.find(['<', '⟨'])?;
    let name = t[..open].trim();
    let mail = t[open..].trim_start_matches(['<', '⟨']);
    let mail = mail.strip_suffix(['>', '⟩'])?;
    ((2..=4).contains(&name.chars().count())
        && name.chars().all(is_cjk)
        && mail.contains('@')
        && !mail.contains(char::is_whitespace))
    .then_some(name)
}

/// The name of an anthology's byline of classical pieces, a line of its own that is an era
/// and a name: "先秦：左丘明", "唐代：韓愈" (not a speech, "公曰：善哉").
fn byline(s: &str) -> Option<&str> {
    let (era, name) = s.trim().split_once(['：', ':'])?;
    ((1..=3).contains(&era.chars().count())
        && era.chars().all(is_cjk)
        && !era.contains(['曰', '云', '問', '问', '言', '謂', '谓', '者'])
        && (2..=4).contains(&name.chars().count())
        && name.chars().all(is_cjk)
        && !is_edge(name.chars().next().unwrap_or('之')))
    .then_some(name)
}

/// The author names among the counted prefixes: the longest prefix that keeps all the
/// occurrences of its shorter prefix (李商 24, 李商隐 24, 李商隐锦 1 → 李商隐); a name seen
/// once must be a dictionary word.
fn author_names(prefixes: &HashMap<String, u32>, sure: &HashSet<String>) -> HashMap<String, u32> {
    let mut out = HashMap::new();
    for (p, &c) in prefixes {
        // A credit line of its own names the whole name (王安国, 万俟咏), whatever shorter
        // word the dictionary knows (王安, 万俟); and a prefix seen only inside such names is
        // none.
        if sure.contains(p) {
            out.insert(p.clone(), c);
            continue;
        }
        let in_sure: u32 = sure
            .iter()
            .filter(|s| s.len() > p.len() && s.starts_with(p.as_str()))
            .map(|s| prefixes.get(s).copied().unwrap_or(0))
            .sum();
        if in_sure >= c {
            continue;
        }
        let n = p.chars().count();
        let cs: Vec<char> = p.chars().collect();
        let shorter_wins = (2..n).any(|k| {
            let q: String = cs[..k].iter().collect();
            prefixes.get(&q).copied().unwrap_or(0) > c
                || dict_tag(&q).is_some_and(|t| t.starts_with("nr"))
        });
        if shorter_wins {
            continue; // the shorter prefix is the name
        }
        let longer_keeps = prefixes
            .iter()
            .any(|(q, &qc)| qc == c && q.chars().count() == n + 1 && q.starts_with(p.as_str()));
        if longer_keeps && c > 1 {
            continue; // a longer prefix keeps all occurrences
        }
        if c >= 2 || zh_base().has_word(p) || sure.contains(p) {
            out.insert(p.clone(), c);
        }
    }
    // Of a name seen once, only the dictionary's own (shortest known) form.
    let once: Vec<String> = out
        .iter()
        .filter(|(n, c)| **c == 1 && !sure.contains(*n))
        .map(|(n, _)| n.clone())
        .collect();
    for n in once {
        if out.keys().any(|o| o != &n && n.starts_with(o.as_str())) {
            out.remove(&n);
        }
    }
    out
}

/// Works in 《》, the part before a "・"/"·" (a poem of a series) as the work.
fn works(s: &str, out: &mut HashMap<String, Vec<u32>>, si: u32) {
    let mut rest = s;
    while let Some(a) = rest.find('《') {
        let after = &rest[a + '《'.len_utf8()..];
        let Some(b) = after.find('》') else { break };
        let inner = after[..b].trim();
        let title = inner
            .split(['・', '·', '〈', '<'])
            .next()
            .unwrap_or("")
            .trim();
        if !title.is_empty() && title.chars().count() <= 30 {
            push_sentence(out.entry(title.to_string()).or_default(), si);
        }
        rest = &after[b..];
    }
}

/// What stands before a credited name (lower-cased, years and spaces trimmed): authors,
/// maintainers, translators and copyright holders.
const CREDIT_BEFORE: &[&str] = &[
    "author:",
    "maintainer:",
    "by",
    "author =",
    "maintainer =",
    "由",
    "©",
    "(c)",
    "copyright",
    "版权",
    "版權",
    "作者：",
    "作者:",
    "译者：",
    "譯者：",
    "作者",
    "译者",
    "譯者",
];

/// A letter or digit of a Latin-script word, accented letters included ("Raphaël", "Müller");
/// not the signs × and ÷ of the same Unicode block.
pub(super) fn is_latin_alnum(c: char) -> bool {
    c.is_ascii_alphanumeric() || ('\u{c0}'..='\u{24f}').contains(&c) && !matches!(c, '×' | '÷')
}

/// Latin-letter terms inside Chinese text (`debmake`, `debian/rules`, `git-buildpackage`)
/// and capitalised Latin names ("Osamu Aoki"), with person evidence: a following e-mail
/// address or a preceding author/maintainer label.
fn latin(s: &str, terms: &mut HashMap<String, Cand>, si: u32) {
    let b: Vec<(usize, char)> = s.char_indices().collect();
    let mut i = 0;
    let mut words: Vec<(usize, usize)> = Vec::new();
    while i < b.len() {
        let c = b[i].1;
        if !is_latin_alnum(c) {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < b.len() {
            let c = b[j].1;
            if is_latin_alnum(c) || c == '_' {
                j += 1;
            } else if "-./+".contains(c) && b.get(j + 1).is_some_and(|&(_, n)| is_latin_alnum(n)) {
                j += 2;
            } else {
                break;
            }
        }
        // (a leading slash starts a path: "在“/etc/apt/sources.list”中"; not the slashes of
        // a URL, "https://www.debian.org")
        let path = i >= 1
            && b[i - 1].1 == '/'
            && (i == 1 || !is_latin_alnum(b[i - 2].1) && !"/:".contains(b[i - 2].1));
        let start = b[if path { i - 1 } else { i }].0;
        let end = b.get(j).map_or(s.len(), |&(o, _)| o);
        words.push((start, end));
        i = j;
    }
    let mut k = 0;
    // where the last credited name ended: a name listed right after it is credited too
    let mut last_credit: Option<usize> = None;
    while k < words.len() {
        let (st, en) = words[k];
        let w = &s[st..en];
        // A capitalised word of a name: "Aoki", "MacKenzie"; an initial ("M") only inside one.
        // (with the accents of European names: "Raphaël")
        let cap = |w: &str| {
            w.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && w.chars().skip(1).all(char::is_alphabetic)
                && w.chars().any(char::is_lowercase)
                && w.len() >= 2
        };
        let initial = |w: &str| w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase());
        // "Osamu Aoki", "Richard M. Stallman": capitalised words separated by spaces, an
        // initial with its full stop between them.
        let mut m = k;
        while m + 1 < words.len() && m + 1 - k < 3 {
            let (here, next) = (
                &s[words[m].0..words[m].1],
                &s[words[m + 1].0..words[m + 1].1],
            );
            let sep = &s[words[m].1..words[m + 1].0];
            // (a date after a name is none of it: "Ian Murdock August 1993")
            let date = |w: &str| {
                super::english::MONTHS.contains(&w) || super::english::CALENDAR.contains(&w)
            };
            let joins = if initial(here) {
                m > k && sep == ". " && cap(next)
            } else {
                cap(here)
                    && !date(next)
                    && (cap(next) && !sep.is_empty() && sep.chars().all(|c| c == ' ')
                        || initial(next) && sep == " ")
            };
            if !joins {
                break;
            }
            m += 1;
        }
        if m > k && !initial(&s[words[m].0..words[m].1]) {
            let name = &s[st..words[m].1];
            let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
            let after = s[words[m].1..].trim_start();
            let before = s[..st].trim_end().to_ascii_lowercase();
            // "版权 © 1998-2002 Josip Rodin", "Copyright (C) 2010 Craig Small"
            let credit = before.trim_end_matches(|c: char| {
                c.is_ascii_digit() || c.is_whitespace() || ",-–".contains(c)
            });
            let c = terms.entry(name).or_default();
            push_sentence(&mut c.sentences, si);
            c.count += 1;
            // (each name may carry its own years: "Josip Rodin, 2005-2017 Osamu Aoki, 2010
            // Craig Small 以及 2010 Raphaël Hertzog")
            // (past a comma before the joining word: "Ken Pizzini, 和 Paolo Bonzini")
            let listed = last_credit.is_some_and(|e: usize| {
                let sep = s[e..st].trim_end_matches(|c: char| {
                    c.is_ascii_digit() || c.is_whitespace() || "-–©".contains(c)
                });
                let sep = sep.trim().trim_start_matches([',', '，']).trim_start();
                ["", "、", "和", "与", "與", "及", "以及", "and"].contains(&sep)
            });
            let mailed = after.starts_with(['<', '⟨']) || after.starts_with("&lt;");
            let labelled = listed || CREDIT_BEFORE.iter().any(|l| credit.ends_with(l));
            // A name opened by a common given name is a person's, as in English text:
            // "Thomas Hood 是网络配置主题的主要内容贡献者".
            let given = super::english::given_name(&s[st..words[k].1]);
            c.author += u32::from(mailed) + u32::from(labelled) + u32::from(given);
            if mailed || labelled || given {
                last_credit = Some(words[m].1);
            }
            k = m + 1;
            continue;
        }
        let letters = w.chars().filter(|c| c.is_ascii_alphabetic()).count();
        // (nor either half of a mail address: "osamu@debian.org" names no host)
        let mail = s[..st].ends_with('@') || s[en..].starts_with('@');
        if letters >= 2 && !w.contains('@') && !mail && !w.starts_with("http") {
            let c = terms.entry(w.to_string()).or_default();
            push_sentence(&mut c.sentences, si);
            c.count += 1;
        }
        k += 1;
    }
}

/// The words this analysis adds to jieba's dictionary (names, works, compounds, the wiki's
/// entry names), with their tags, laid over the process's one shared dictionary: an added
/// word is always cut as one word and the text between added words is cut by jieba as usual.
/// This replaces a copy of the dictionary per analysis (about 15 ms and tens of MB).
#[derive(Default)]
struct Overlay {
    words: Vec<(String, &'static str)>,
    seen: HashSet<String>,
    automaton: Option<AhoCorasick>,
}

impl Overlay {
    /// Adds a word (two or more Han characters) with its tag; takes effect at [`Self::build`].
    fn add(&mut self, w: &str, tag: &'static str) {
        if w.chars().count() >= 2 && w.chars().all(is_cjk) && self.seen.insert(w.to_string()) {
            self.words.push((w.to_string(), tag));
        }
    }

    /// Makes the words added so far take effect (longest match first where they overlap).
    fn build(&mut self) {
        self.automaton = if self.words.is_empty() {
            None
        } else {
            AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostLongest)
                .build(self.words.iter().map(|(w, _)| w))
                .ok()
        };
    }

    /// The sentence in pieces: `(text, Some(tag))` for an added word, `(text, None)` between.
    fn pieces<'a>(&self, s: &'a str) -> Vec<(&'a str, Option<&'static str>)> {
        let Some(ac) = &self.automaton else {
            return vec![(s, None)];
        };
        crate::search::tokenizer::pieces(ac, s)
            .into_iter()
            .map(|(_, piece, word)| (piece, word.map(|w| self.words[w].1)))
            .collect()
    }

    /// Words of a sentence (jieba's cut without its HMM between the added words).
    fn cut<'a>(&self, s: &'a str) -> Vec<&'a str> {
        let mut out = Vec::new();
        for (piece, tag) in self.pieces(s) {
            match tag {
                Some(_) => out.push(piece),
                None => out.extend(tag_piece(piece, false).into_iter().map(|(w, _)| w)),
            }
        }
        out
    }

    /// Words of a sentence with their parts of speech.
    fn tag<'a>(&self, s: &'a str, hmm: bool) -> Vec<(&'a str, &'a str)> {
        let mut out = Vec::new();
        for (piece, tag) in self.pieces(s) {
            match tag {
                Some(tag) => out.push((piece, tag)),
                None => out.extend(tag_piece(piece, hmm)),
            }
        }
        out
    }
}

/// The part of speech jieba's dictionary gives a word, if it lists it as one word.
/// Whether a word of three or more characters ends in a word of two or more that is a verb,
/// an adverb, a numeral or measure, a particle or a locative (走向前来, 亲眼看见, 抽出来,
/// 检查一下, 天地间). A one-character end says nothing: it is a morpheme as often as a word
/// (软件包, 维护者, 编辑器).
fn verb_tail(w: &str) -> bool {
    let cs: Vec<char> = w.chars().collect();
    if cs.len() < 3 {
        return false;
    }
    // the longest proper suffix the dictionary knows
    (1..cs.len() - 1)
        .map(|k| cs[k..].iter().collect::<String>())
        .find_map(|tail| dict_tag(&tail))
        .is_some_and(|t| {
            [
                "v", "vd", "vg", "vi", "d", "m", "mq", "q", "u", "uj", "ul", "uz", "ug", "y", "f",
            ]
            .contains(&t.as_str())
        })
}

fn dict_tag(w: &str) -> Option<String> {
    let simp = simplified(w);
    let w = simp.as_deref().unwrap_or(w);
    zh_base()
        .tag(w, false)
        .first()
        .filter(|t| t.word == w)
        .map(|t| t.tag.to_string())
}

/// A single character of classical text as a concept (仁, 禮, 誠), ranked by its `rarity`.
fn single_concept(w: String, sentences: Vec<u32>, rarity: f32) -> Found {
    Found {
        text: w,
        kind: TermKind::Term,
        salience: (0.3 + rarity).min(1.0),
        variants: Vec::new(),
        sentences,
    }
}

/// The words a classical sentence defines in the form "X者，…也" (or "X也者…", after 夫 or 故
/// that open the clause): "誠者，天之道也", "仁者人也", "夫孝者：善繼人之志，善述人之事者也",
/// "夫政也者，蒲盧也". X, of one to four characters, opens its clause, and 也 closes a clause of
/// the statement that follows, up to the end of its sentence or its semicolon. (Not "知者不惑",
/// which says what the wise do.) One pass over the sentence, whatever the candidates.
fn classical_definitions(s: &str) -> Vec<&str> {
    const OPENERS: [char; 11] = [
        '，', '。', '；', '：', '！', '？', '「', '『', '“', '、', ',',
    ];
    let mut out = Vec::new();
    for (at, _) in s.match_indices('者') {
        let clause_start = s[..at]
            .rfind(|c: char| OPENERS.contains(&c) || c.is_whitespace())
            .map_or(0, |i| i + s[i..].chars().next().map_or(0, char::len_utf8));
        let phrase = &s[clause_start..at];
        let phrase = ["夫", "故"]
            .iter()
            .find_map(|p| phrase.strip_prefix(p))
            .unwrap_or(phrase);
        let word = phrase.strip_suffix('也').unwrap_or(phrase);
        if !(1..=4).contains(&word.chars().count()) {
            continue;
        }
        let rest = &s[at + '者'.len_utf8()..];
        let statement = rest
            .split(['。', '！', '？', '」', '；'])
            .next()
            .unwrap_or(rest);
        if statement
            .split(['，', '：', ','])
            .any(|clause| clause.trim_end().ends_with('也'))
        {
            out.push(word);
        }
    }
    out
}

/// The verbs of naming in classical text: "Y之謂X" ("天命之謂性", "此之謂絜矩之道"), "此謂X" and
/// "是謂X" ("此謂知本", "是謂拂人之性"), "Y，謂之X" ("喜怒哀樂之未發，謂之中").
pub(super) const NAMING_VERBS: [&str; 8] = [
    "之謂", "之谓", "此謂", "此谓", "是謂", "是谓", "謂之", "谓之",
];

/// The particles that may close a naming's clause after the name ("此謂知之至也").
pub(super) const CLOSING_PARTICLES: &str = "也矣與与乎哉歟欤";

/// The topics a classical dialogue's speakers ask about: one character after a name and 問,
/// where the question ends ("樊遲問知。", "哀公問政。", "季康子問政於孔子", "問仁，子曰"). Not
/// what follows a bare 問 ("每事問。"), nor a function character ("問曰", "問之", "問其").
fn classical_topics(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (at, q) in s.match_indices(['問', '问']) {
        let asker = s[..at].chars().next_back().is_some_and(is_cjk);
        let rest = &s[at + q.len()..];
        let mut cs = rest.char_indices();
        let Some((_, topic)) = cs.next() else {
            continue;
        };
        let ends = cs.next().is_none_or(|(_, c)| "。，？！；於于".contains(c));
        if asker && ends && is_cjk(topic) && !is_function(topic) {
            out.push(&rest[..topic.len_utf8()]);
        }
    }
    out
}

/// The words a classical sentence names with one of [`NAMING_VERBS`]: "天命之謂性，率性之謂道，
/// 修道之謂教" names 性, 道 and 教; "此之謂絜矩之道" names 絜矩之道. The name runs from the verb
/// to the clause's end, a closing particle dropped ("此謂知之至也" names 知之至); it has one to
/// four characters, and no function character opens or closes it nor stands inside it except
/// 之 (民之父母; not "誠於中"). "此之謂也" ("this is what it says", after a quotation) and
/// "謂之曰" ("said to him") name nothing.
fn classical_namings(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for verb in NAMING_VERBS {
        for (at, _) in s.match_indices(verb) {
            let rest = &s[at + verb.len()..];
            // (a short run of characters: a name of four and two particles at most, read no
            // further, so a long unpunctuated paragraph costs no more than a short one)
            let end = rest
                .char_indices()
                .take(7)
                .find(|(_, c)| !is_cjk(*c))
                .map(|(i, _)| i);
            let Some(end) = end.or_else(|| (rest.chars().count() <= 6).then_some(rest.len()))
            else {
                continue;
            };
            let name = rest[..end].trim_end_matches(|c| CLOSING_PARTICLES.contains(c));
            let cs: Vec<char> = name.chars().collect();
            if cs.is_empty()
                || cs.len() > 4
                || cs
                    .iter()
                    .enumerate()
                    .any(|(i, &c)| is_function(c) && !(c == '之' && i > 0 && i + 1 < cs.len()))
                || !naming_stated(s, at)
            {
                continue;
            }
            out.push(name);
        }
    }
    out
}

/// The phrases a classical commentary takes up as what is called so: "所謂誠其意者，毋自欺也",
/// "所謂修身在正其心者", "所謂治國必先齊其家者" name 誠其意, 修身 and 治國. The phrase runs from
/// 所謂 to 者, to the 在 or 必 that says what it rests on, or to the clause's end; it has two
/// to four characters, opens with no function character, ends with none but a direction
/// (平天下) and holds none but 其 or 之 inside (齊其家). Not a person's own word ("吾所謂…")
/// nor a question.
fn classical_so_called(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (at, verb) in s.match_indices("所謂").chain(s.match_indices("所谓")) {
        let rest = &s[at + verb.len()..];
        let end = rest
            .char_indices()
            .take(5)
            .find(|(_, c)| "者在必".contains(*c) || !is_cjk(*c))
            .map(|(i, _)| i);
        let Some(end) = end else {
            continue;
        };
        let name = &rest[..end];
        let cs: Vec<char> = name.chars().collect();
        if (2..=4).contains(&cs.len())
            && !is_function(cs[0])
            // (a direction may end it: 平天下)
            && (!is_function(cs[cs.len() - 1]) || DIRECTIONS.contains(cs[cs.len() - 1]))
            && cs[1..cs.len() - 1]
                .iter()
                .all(|&c| !is_function(c) || c == '其' || c == '之')
            && naming_stated(s, at)
        {
            out.push(name);
        }
    }
    out
}

/// Whether the naming verb at byte `at` of `s` states what the text calls a thing: it is
/// neither asked ([`naming_asked`]) nor a person's own word ([`named_by_someone`]).
pub(super) fn naming_stated(s: &str, at: usize) -> bool {
    !naming_asked(s, at) && !named_by_someone(s, at)
}

/// Whether a person names at byte `at` of `s` rather than the text defining: "吾必謂之學矣"
/// (I would call it learning), "我謂之…".
fn named_by_someone(s: &str, at: usize) -> bool {
    s[..at]
        .chars()
        .rev()
        .take(3)
        .any(|c| "吾我予余".contains(c))
}

/// Whether the naming verb at byte `at` of `s` is asked, not stated: its clause asks who or
/// what ("何如斯可謂之士矣？"), or its sentence ends with a question mark ("其可再乎？" after
/// "一之謂甚").
fn naming_asked(s: &str, at: usize) -> bool {
    let breaks = ['，', '。', '；', '：', '！', '？', ',', '!', '?'];
    let from = s[..at]
        .rfind(breaks)
        .map_or(0, |i| i + s[i..].chars().next().map_or(0, char::len_utf8));
    let clause = &s[from..at];
    let asked_end = s[at..]
        .find(['。', '！', '？', '!', '?'])
        .is_some_and(|e| s[at + e..].starts_with(['？', '?']));
    asked_end || clause.contains(['何', '孰', '奚', '曷', '誰', '谁'])
}

/// Text in Traditional characters in Simplified ones, for jieba's dictionary, which lists
/// Simplified words (司马迁, not 司馬遷); None if nothing changes or a character would change
/// its byte length, so that a word's byte range is the same in both texts.
pub(crate) fn simplified(s: &str) -> Option<String> {
    if s.is_ascii() {
        return None;
    }
    let t = fast2s::convert(s);
    (t != s
        && t.len() == s.len()
        && t.chars()
            .zip(s.chars())
            .all(|(a, b)| a.len_utf8() == b.len_utf8()))
    .then_some(t)
}

/// The parts of speech of jieba's dictionary, and those it gives words it does not list.
const JIEBA_TAGS: &[&str] = &[
    "a", "ad", "ag", "an", "b", "c", "d", "df", "dg", "e", "eng", "f", "g", "h", "i", "j", "k",
    "l", "m", "mg", "mq", "n", "ng", "nr", "nrfg", "nrt", "ns", "nt", "nz", "o", "p", "q", "r",
    "rg", "rr", "rz", "s", "t", "tg", "u", "ud", "ug", "uj", "ul", "uv", "uz", "v", "vd", "vg",
    "vi", "vn", "vq", "x", "y", "z", "zg",
];

/// A part-of-speech tag as a `'static` string: one of [`JIEBA_TAGS`], or (should a jieba
/// release add one) kept once for the process.
fn static_tag(tag: &str) -> &'static str {
    if let Some(t) = JIEBA_TAGS.iter().find(|t| **t == tag) {
        return t;
    }
    static TAGS: std::sync::OnceLock<std::sync::Mutex<HashSet<&'static str>>> =
        std::sync::OnceLock::new();
    let mut tags = TAGS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(t) = tags.get(tag) {
        return t;
    }
    let t: &'static str = Box::leak(tag.to_string().into_boxed_str());
    tags.insert(t);
    t
}

/// jieba's words of `piece` (with parts of speech), cut from its Simplified form where it
/// is written in Traditional characters, as slices of `piece` itself.
fn tag_piece(piece: &str, hmm: bool) -> Vec<(&str, &'static str)> {
    match simplified(piece) {
        Some(simp) => zh_base()
            .tag(&simp, hmm)
            .into_iter()
            .map(|t| (&piece[t.byte_start..t.byte_end], static_tag(t.tag)))
            .collect(),
        None => zh_base()
            .tag(piece, hmm)
            .into_iter()
            .map(|t| (t.word, static_tag(t.tag)))
            .collect(),
    }
}

/// jieba's dictionary has words such as "子贡曰": the name before a trailing speech marker
/// is a word of its own.
/// Particles of classical text the segmenter glues before a one-character word: "問政",
/// "為仁", "以禮", "其道", "之士", "於仁".
const GLUED_BEFORE: &str = "問问為为以其之於于";

/// Particles it glues after one: "政者", "孝乎", "賢哉".
const GLUED_AFTER: &str = "者乎哉也矣焉";

/// The one-character word of classical text inside a two-character token that glues it to a
/// particle ([`GLUED_BEFORE`], [`GLUED_AFTER`]): 政 in "問政" and "政者", 道 in "其道". Not a
/// word of its own that the dictionary tags as a direction, a conjunction, a pronoun or a
/// particle ("之後", "於是", "其中", "以為"), nor a function character ("之乎").
fn glued_to_particle<'w>(w: &'w str, tag: &str) -> Option<&'w str> {
    let mut cs = w.char_indices();
    let ((_, a), (ib, b)) = (cs.next()?, cs.next()?);
    if cs.next().is_some() || ["f", "c", "r", "y", "d", "p", "t", "m", "u"].contains(&tag) {
        return None;
    }
    if GLUED_BEFORE.contains(a) && is_cjk(b) && !is_function(b) {
        Some(&w[ib..])
    } else if GLUED_AFTER.contains(b) && is_cjk(a) && !is_function(a) {
        Some(&w[..ib])
    } else {
        None
    }
}

/// Whether the words after a 者 say what the word before it is, as a crisp classical
/// definition does: one clause of ten characters at most, past a comma, that 也 closes ("政者，
/// 正也", "仁者人也", "師者，所以傳道受業解惑也"); not "行者休於樹" (what travellers do).
pub(super) fn crisp_definition(after_zhe: &str) -> bool {
    let statement = after_zhe.trim_start_matches(['，', ',']);
    statement.find('也').is_some_and(|end| {
        let said = &statement[..end];
        !said.contains(['，', '。', '；', '：', '！', '？', ','])
            && (1..=10).contains(&said.chars().count())
    })
}

/// Whether the words after `token` (a slice of `sentence` that ends in 者) are a
/// [`crisp_definition`] of the word before its 者.
fn defined_after(sentence: &str, token: &str) -> bool {
    (token.as_ptr() as usize)
        .checked_sub(sentence.as_ptr() as usize)
        .and_then(|at| sentence.get(at + token.len()..))
        .is_some_and(crisp_definition)
}

fn strip_marker(w: &str) -> &str {
    for m in SPEECH_MARKERS {
        if let Some(head) = w.strip_suffix(m)
            && head.chars().count() >= 2
        {
            return head;
        }
    }
    w
}

/// Whether a text is classical Chinese (or classical verse): its classical particles
/// outnumber the modern ones.
fn is_classical(sentences: &[&str]) -> bool {
    let (mut classical, mut modern) = (0usize, 0usize);
    for s in sentences {
        for c in s.chars() {
            if "之乎者也矣焉哉兮曰於".contains(c) {
                classical += 1;
            } else if "的了们們这這么麼着著吗嗎呢".contains(c) {
                modern += 1;
            }
        }
    }
    classical > modern
}

pub fn extract(
    sentences: &[&str],
    extra_names: &[String],
    programs: &[String],
) -> (Vec<Found>, usize) {
    // 1. Pre-pass.
    let mut speaker_counts: HashMap<String, u32> = HashMap::new();
    let mut author_counts: HashMap<String, u32> = HashMap::new();
    let mut sure_authors: HashSet<String> = HashSet::new();
    let mut work_sents: HashMap<String, Vec<u32>> = HashMap::new();
    let mut latin_terms: HashMap<String, Cand> = HashMap::new();
    let mut single_speaker: HashMap<char, u32> = HashMap::new();
    let mut lone_speaker: HashMap<char, u32> = HashMap::new();
    let mut char_count: HashMap<char, u32> = HashMap::new();
    let mut rank_pairs: HashMap<(char, char), u32> = HashMap::new();
    // (classical text: each character with the two after it that end in a rank, 齊+景公, and
    // the sentence, for the states their rulers name)
    let mut titled: HashMap<char, Vec<([char; 2], u32)>> = HashMap::new();
    let classical = is_classical(sentences);
    // (the words a classical text defines, "X者，…也", with how often)
    let mut definitions: HashMap<&str, u32> = HashMap::new();
    // (and the words it names, "天命之謂性", "此之謂絜矩之道", with how often)
    let mut namings: HashMap<&str, u32> = HashMap::new();
    // (of them, the phrases a commentary takes up, "所謂治國…者": words of the text whatever
    // their length)
    let mut so_called: HashSet<&str> = HashSet::new();
    // (and the topics its speakers ask about, "樊遲問知", with how often)
    let mut topics: HashMap<&str, u32> = HashMap::new();
    for (si, s) in sentences.iter().enumerate() {
        if classical {
            for w in classical_definitions(s) {
                *definitions.entry(w).or_default() += 1;
            }
            for w in classical_namings(s) {
                *namings.entry(w).or_default() += 1;
            }
            for w in classical_so_called(s) {
                *namings.entry(w).or_default() += 1;
                so_called.insert(w);
            }
            for w in classical_topics(s) {
                *topics.entry(w).or_default() += 1;
            }
        }
        if classical {
            speakers(s, &mut speaker_counts);
        } else {
            modern_speakers(s, &mut speaker_counts);
        }
        for (p, _) in s.match_indices('曰') {
            let mut back = s[..p].chars().rev();
            if let Some(c) = back.next().filter(|c| is_cjk(*c)) {
                *single_speaker.entry(c).or_default() += 1;
                // "舜曰", "謂禹曰": one character alone before 曰 speaks.
                let alone = back
                    .next()
                    .is_none_or(|b| !is_cjk(b) || "謂谓問问告對对".contains(b));
                if alone && classical {
                    *lone_speaker.entry(c).or_default() += 1;
                }
            }
        }
        if classical {
            let cs: Vec<char> = s.chars().collect();
            for (i, &c) in cs.iter().enumerate() {
                if is_cjk(c) {
                    *char_count.entry(c).or_default() += 1;
                    if let Some(&r) = cs.get(i + 1)
                        && RANK_CHARS.contains(r)
                    {
                        *rank_pairs.entry((c, r)).or_default() += 1;
                    }
                    if let (Some(&a), Some(&r)) = (cs.get(i + 1), cs.get(i + 2))
                        && RANK_CHARS.contains(r)
                        && is_cjk(a)
                    {
                        titled.entry(c).or_default().push(([a, r], si as u32));
                    }
                }
            }
        }
        match byline(s).filter(|_| classical) {
            Some(name) => {
                *author_counts.entry(name.to_string()).or_default() += 1;
                sure_authors.insert(name.to_string());
            }
            None => authors(s, &mut author_counts, &mut sure_authors),
        }
        works(s, &mut work_sents, si as u32);
        latin(s, &mut latin_terms, si as u32);
    }
    let author_counts = author_names(&author_counts, &sure_authors);
    // Classical names made of a character and a title or rank (桓公, 申伯, 文王): the pair
    // recurs, and the character is mostly used in it (a verb before 公, as in 殺公 or 思公, is
    // used elsewhere too). A rank before a rank is a title (公子, 夫子), except a birth
    // order before 氏, which names a clan and its head (季氏, 叔氏).
    let rank_names: HashSet<String> = rank_pairs
        .iter()
        .filter(|&(&(c, r), &n)| {
            n >= 2
                && !is_function(c)
                && (!TITLE_CHARS.contains(c) || r == '氏' && "伯叔季".contains(c))
                && n * 10 >= char_count.get(&c).copied().unwrap_or(0) * 3
        })
        .map(|(&(c, r), _)| format!("{c}{r}"))
        .collect();
    // Single characters that speak alone (舜曰) at least twice, and that the dictionary tags
    // as names or name-like morphemes, not as verbs or particles (亂曰, the envoi of a poem;
    // 雖曰 "although one says").
    let lone_names: HashSet<char> = lone_speaker
        .iter()
        .filter(|&(&c, &n)| {
            n >= 2
                && !is_function(c)
                && !TITLE_CHARS.contains(c)
                && !TEXT_CHARS.contains(c)
                && dict_tag(&c.to_string())
                    .is_some_and(|t| ["nr", "nrt", "ng", "g", "nz", "j"].contains(&t.as_str()))
        })
        .map(|(&c, _)| c)
        .collect();
    drop(rank_pairs);
    drop(char_count);
    // Well-known figures of antiquity the text names (堯舜, 伯夷, 周公).
    let (figures, figure_chars) = if classical {
        known_figures(sentences, &lone_speaker)
    } else {
        Default::default()
    };
    // A 3-character speaker keeps its 2-character tail only when the tail also speaks alone.
    let mut speakers_ok: HashMap<String, u32> = speaker_counts
        .iter()
        .filter(|(_, c)| **c >= 2)
        .map(|(n, c)| (n.clone(), *c))
        .collect();
    // (a name of three that speaks once, as most people of an anthology's essay do, and opens
    // a clause twice more: "潁考叔曰", "潁考叔爲潁谷封人", "君子曰：「潁考叔，純孝也")
    if classical {
        speakers_ok.extend(
            once_speakers_as_subjects(&speaker_counts, sentences)
                .into_iter()
                .map(|n| (n, 1)),
        );
    }
    let longs: Vec<(String, u32)> = speakers_ok
        .iter()
        .filter(|(n, _)| n.chars().count() == 3)
        .map(|(n, c)| (n.clone(), *c))
        .collect();
    // (a lord's title of three, 安陵君, 涇陽君, 長信侯: its tail of two, 陵君, 陽君, 信侯, is
    // shared by several such lords and speaks for none of its own; the lords stay, the tail
    // goes)
    let mut lords: HashMap<String, u32> = HashMap::new();
    for (long, lc) in &longs {
        if long.ends_with(['君', '侯']) {
            *lords.entry(long.chars().skip(1).collect()).or_default() += lc;
        }
    }
    let fragments: HashSet<String> = lords
        .into_iter()
        .filter(|(tail, sum)| speakers_ok.get(tail).is_some_and(|&tc| tc < sum + 2))
        .map(|(tail, _)| tail)
        .collect();
    for (long, lc) in longs {
        let tail: String = long.chars().skip(1).collect();
        let head: String = long.chars().take(2).collect();
        let tc = speakers_ok.get(&tail).copied().unwrap_or(0);
        if fragments.contains(&tail) || tc > 0 && lc * 10 >= tc * 6 {
            speakers_ok.remove(&tail);
        } else if tc > lc {
            speakers_ok.remove(&long);
        }
        // "季康子" vs "季康": the head is never a name of its own here.
        if speakers_ok.get(&head).copied().unwrap_or(0) <= lc {
            speakers_ok.remove(&head);
        }
    }
    // A dictionary word that is not a name ("喟然", "从政") needs more evidence.
    speakers_ok.retain(|n, c| match dict_tag(n).as_deref() {
        Some(t) if !t.starts_with("nr") => *c >= 5,
        _ => true,
    });
    let mut jieba = Overlay::default();
    for n in speakers_ok
        .keys()
        .chain(author_counts.keys())
        .chain(rank_names.iter())
        .chain(figures.iter())
    {
        jieba.add(n, "nr");
    }
    for w in work_sents.keys() {
        jieba.add(w, "nz");
    }
    // A phrase the text names and uses again is one word of it (絜矩之道, 民之父母: "是以君子有絜矩
    // 之道也"); one it names once only is a saying ("是謂拂人之性").
    // (a name with a title or a place's last character is a person or a place the text
    // names, "因謂之方山子", "亦謂之華山": the rules for those decide)
    namings.retain(|w, _| {
        let last = w.chars().next_back().unwrap_or(' ');
        !TITLE_CHARS.contains(last) && !RANK_CHARS.contains(last) && !has_place_suffix(w)
    });
    // (the sentences that use each phrase, in one pass over the text)
    let phrases: Vec<&str> = namings
        .keys()
        .copied()
        .filter(|w| w.chars().count() >= 2)
        .collect();
    let mut uses: HashMap<&str, u32> = HashMap::new();
    if !phrases.is_empty()
        && let Ok(ac) = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .build(&phrases)
    {
        for s in sentences {
            let mut seen: HashSet<usize> = HashSet::new();
            for m in ac.find_overlapping_iter(s) {
                if seen.insert(m.pattern().as_usize()) {
                    *uses.entry(phrases[m.pattern().as_usize()]).or_default() += 1;
                }
            }
        }
    }
    namings.retain(|w, _| w.chars().count() == 1 || uses.get(w).copied().unwrap_or(0) >= 2);
    // (a phrase of three or four characters is one word of the text; two characters are left
    // to the dictionary's cut, where an added word would split another: 知本 of 良知本體)
    // (but one a commentary takes up is a word wherever it stands: 治國 of "故治國在齊其家")
    for w in namings
        .keys()
        .filter(|w| w.chars().count() >= 3 || so_called.contains(*w))
    {
        jieba.add(w, "n");
    }
    for n in extra_names {
        jieba.add(n.trim(), "nz");
    }
    jieba.build();
    // 2. Compounds from a first cut.
    let mut word_count: HashMap<&str, u32> = HashMap::new();
    let mut pair_count: HashMap<(&str, &str), u32> = HashMap::new();
    // Classical text gets no compounds, so it needs no first cut.
    for s in sentences.iter().filter(|_| !classical) {
        let toks = jieba.cut(s);
        let mut prev: Option<&str> = None;
        for t in toks {
            let w = strip_marker(t);
            if !w.chars().all(is_cjk) {
                prev = None;
                continue;
            }
            *word_count.entry(w).or_default() += 1;
            if let Some(p) = prev {
                *pair_count.entry((p, w)).or_default() += 1;
            }
            prev = Some(w);
        }
    }
    let mut compounds: Vec<String> = Vec::new();
    if !classical {
        for (&(a, b), &c) in &pair_count {
            let len = a.chars().count() + b.chars().count();
            if c < 3 || len > 5 {
                continue;
            }
            let (fa, fb) = (word_count[a], word_count[b]);
            let edge_ok = !a.chars().next().is_some_and(is_function)
                && (!b.chars().last().is_some_and(is_function) || b == "者");
            // A compound is a noun phrase: not an adverb or preposition before a word, not a
            // verb, adverb or adjective at its end (近乎一致, 强烈建议, 参数设置).
            let phrase_ok = || {
                let head = dict_tag(a);
                let tail = dict_tag(b);
                !head
                    .as_deref()
                    .is_some_and(|t| ["d", "p", "c", "r", "u", "ad"].contains(&t))
                    && !tail
                        .as_deref()
                        .is_some_and(|t| ["d", "a", "ad", "v", "u", "y"].contains(&t))
            };
            if edge_ok && c * 10 >= fa.min(fb) * 6 && c * 10 >= fa.max(fb) * 3 && phrase_ok() {
                compounds.push(format!("{a}{b}"));
            }
        }
    }
    drop(pair_count);
    drop(word_count);
    compounds.sort();
    for w in &compounds {
        jieba.add(w, "n");
    }
    jieba.build();
    // 3. Tagging.
    let mut cands: HashMap<String, Cand> = HashMap::new();
    let mut total = 0usize;
    for (si, s) in sentences.iter().enumerate() {
        let si = si as u32;
        for (word, tag) in jieba.tag(s, !classical) {
            if !word.chars().all(is_cjk) {
                continue;
            }
            total += 1;
            let w = strip_marker(word);
            // The dictionary's pairs of figures (堯舜, 桀紂) are each of them.
            if w.chars().count() >= 2 && w.chars().all(|c| figure_chars.contains(&c)) {
                for (i, ch) in w.char_indices() {
                    let c = cands
                        .entry(w[i..i + ch.len_utf8()].to_string())
                        .or_default();
                    push_sentence(&mut c.sentences, si);
                    c.count += 1;
                    *c.tags.entry("nr".to_string()).or_default() += 1;
                }
                continue;
            }
            let tag = if w.len() < word.len() { "nr" } else { tag };
            let c = cands.entry(w.to_string()).or_default();
            push_sentence(&mut c.sentences, si);
            c.count += 1;
            *c.tags.entry(tag.to_string()).or_default() += 1;
            // (a classical word the segmenter glued to its particle, "問政", "政者", "其道",
            // "為仁", mentions that word too: "季康子問政於孔子" speaks of 政)
            // (before 者 only where the clause after it says what the word is, "政者，正也":
            // 行者, 死者 and 使者 are the traveller, the dead and the envoy)
            if classical
                && let Some(x) = glued_to_particle(w, tag)
                && (!w.ends_with('者') || defined_after(s, w))
            {
                let c = cands.entry(x.to_string()).or_default();
                push_sentence(&mut c.sentences, si);
                c.count += 1;
            }
        }
    }
    let total = total.max(1);
    // Where the document uses the other names of well-known figures as words, tagged as
    // person names (太白 the mountain is `ns`, 太白 the poet `nr`).
    let known_words: HashMap<String, Vec<u32>> = known_names()
        .filter_map(|n| {
            let c = cands.get(n)?;
            let nr = c.tags.get("nr").copied().unwrap_or(0);
            (nr * 2 > c.count).then(|| (n.to_string(), c.sentences.clone()))
        })
        .collect();
    let min = if sentences.len() > 2000 { 3 } else { 2 };
    // In a short text (a classic of a few thousand characters, 大學) a person named once is one
    // of its people: one who speaks (曾子曰), a name of the dictionary with its rank (桓公),
    // a well-known figure (子路問強, 桀、紂).
    let short = sentences.len() < SHORT_TEXT;
    let mut out = Vec::new();
    let mut singles = Vec::new();
    for (w, c) in cands {
        let n = w.chars().count();
        let cs: Vec<char> = w.chars().collect();
        let tag = c
            .tags
            .iter()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
            .map(|(t, _)| t.as_str())
            .unwrap_or("x");
        let freq = c.sentences.len();
        let rar = rarity(c.count as usize, total, zh_frequency(&w));
        let speaker = speakers_ok.get(&w).copied().unwrap_or(0);
        let author = author_counts.get(&w).copied().unwrap_or(0);
        if LABELS.contains(&w.as_str()) {
            continue;
        }
        if let Some(ws) = work_sents.get(&w) {
            if c.sentences.len() > 3 * ws.len() {
                work_sents.remove(&w); // mostly an ordinary word (礼 vs 《礼》)
            } else {
                continue; // added below with its 《》 sentences
            }
        }
        // (a state addressed or speaking through its envoy, "魏謂趙王曰", "謂魏曰", is a state
        // still: the rules for states decide before a lone speaker's)
        let state_char = n == 1 && classical && !is_function(cs[0]) && !TITLE_CHARS.contains(cs[0]);
        let state = state_char
            .then(|| {
                state_sentences(
                    cs[0],
                    sentences,
                    &c.sentences,
                    &rank_names,
                    titled.get(&cs[0]).map_or(&[], Vec::as_slice),
                )
            })
            .flatten();
        if n == 1
            && (lone_names.contains(&cs[0]) || figure_chars.contains(&cs[0]))
            && (freq >= 2 || short && figure_chars.contains(&cs[0]))
            && !(lone_names.contains(&cs[0]) && state.is_some())
        {
            out.push(Found {
                text: w,
                kind: TermKind::Person,
                salience: 0.6 + 0.4 * rar,
                variants: Vec::new(),
                sentences: c.sentences,
            });
            continue;
        }
        if state_char
            && let Some(ids) = state.or_else(|| dynasty_sentences(cs[0], sentences, &c.sentences))
        {
            out.push(Found {
                text: w,
                kind: TermKind::Place,
                salience: 0.6 + 0.4 * rar,
                variants: Vec::new(),
                sentences: ids,
            });
            continue;
        }
        // A classical text that defines the word more than once ("誠者，天之道也", "誠者自成也")
        // makes it a concept of the book, whatever the dictionary calls it. (Once may be a
        // saying about a kind of people: "卑者…也".)
        // So does a naming, twice for one character ("天命之謂性", "自誠明，謂之性"), once for a
        // phrase the text uses again ("此之謂絜矩之道"), and a topic its speakers ask about
        // twice ("樊遲問知", "問知"): what a dialogue's disciples ask about is what it teaches.
        let named = namings.get(w.as_str()).copied().unwrap_or(0);
        let defined = || {
            classical
                && (definitions.get(w.as_str()).copied().unwrap_or(0) >= 2
                    || named >= 2
                    || n > 1 && named > 0
                    || n == 1 && topics.get(w.as_str()).copied().unwrap_or(0) >= 2)
        };
        if n == 1
            && !is_function(cs[0])
            && !TITLE_CHARS.contains(cs[0])
            && !TIME_CHARS.contains(cs[0])
            && !SINGLE_TAGS.contains(&tag)
            && defined()
        {
            out.push(single_concept(w, c.sentences, rar));
            continue;
        }
        if n == 1 {
            let doc_rel = c.count as f64 / total as f64;
            if classical
                && !is_function(cs[0])
                && !TITLE_CHARS.contains(cs[0])
                && SINGLE_TAGS.contains(&tag)
                && freq >= 8
                && doc_rel >= 2.0 * zh_frequency(&w)
                && single_speaker.get(&cs[0]).copied().unwrap_or(0) * 4 < c.count
            {
                singles.push((w, c, rar));
            }
            continue;
        }
        // (in classical text a noun of the dictionary keeps a first or last character that is
        // a direction elsewhere: 中庸, 天下, 上帝; not a numeral, a verb or a particle: 二人,
        // 问政)
        let dictionary_noun = || dict_tag(&w).is_some_and(|t| NOUN_TAGS.contains(&t.as_str()));
        let bad_edge = if classical {
            let first = is_function(cs[0]) && !DIRECTIONS.contains(cs[0]);
            let last =
                is_function(cs[n - 1]) && !DIRECTIONS.contains(cs[n - 1]) && cs[n - 1] != '者';
            let edged = is_function(cs[0]) || is_function(cs[n - 1]) && cs[n - 1] != '者';
            first || last || edged && !dictionary_noun()
        } else {
            is_edge(cs[0]) || is_edge(cs[n - 1]) && cs[n - 1] != '者'
        };
        // Modern text: a locative or time word does not end a term (包中, 库内).
        // (nor the ordinal prefix, nor does a cross-reference open one: 参见第 of "参见第 9.6.2
        // 节")
        let bad_end = !classical
            && ("中内內里裏时時第".contains(cs[n - 1])
                || ["参见", "參見", "参看", "參看", "详见", "詳見"]
                    .iter()
                    .any(|p| w.starts_with(p)));
        // The dictionary's own names keep their first character (安拉, 尔撒 are names, not
        // 安 "how" or 尔 "you" before a word).
        // (modern text only: in classical text the dictionary's "places" include 焉得)
        // (and so do its places where the text puts them where places stand: 埃及 of "在埃及",
        // "进埃及", "埃及人" ends in 及 "and"; 以色列 opens with 以 "by")
        let proper = !classical
            && match dict_tag(&w).as_deref() {
                Some("nr" | "nrt" | "nrfg" | "nt" | "nz") => true,
                Some("ns") => bad_edge && place_contexts(&w, sentences, &c.sentences) >= 2,
                _ => false,
            };
        if (bad_edge && !proper || bad_end) && speaker == 0 && author == 0 && !figures.contains(&w)
        {
            continue;
        }
        let person = speaker > 0
            || author > 0
            || rank_names.contains(&w)
            || figures.contains(&w)
            || (tag == "nr" || tag == "nrfg") && {
                // The dictionary's names; in modern text also frequent names its HMM finds.
                let name_like = SURNAMES.contains(cs[0]) && !NOMINAL_SUFFIX.contains(cs[n - 1]);
                match dict_tag(&w) {
                    // Classical text and verse: the dictionary's "names" are too often
                    // ordinary words (白发, 北斗); speakers and authors are found above.
                    // A name with a title or rank at its end (桓公, 管仲) is one.
                    Some(t) if classical => {
                        t.starts_with("nr")
                            && (freq >= 2 || short)
                            && n == 2
                            && !is_function(cs[0])
                            && RANK_CHARS.contains(cs[1])
                    }
                    Some(t) => {
                        t.starts_with("nr")
                            && freq >= min
                            && name_like
                            && person_contexts(&w, sentences, &c.sentences) > 0
                    }
                    None => {
                        !classical
                            && freq >= 5
                            && n <= 3
                            && name_like
                            && person_contexts(&w, sentences, &c.sentences) > 0
                    }
                }
            }
            // A transliterated foreign name (安拉, 穆萨) where the text treats it as a person.
            || !classical
                && tag == "nrt"
                && freq >= min
                && person_contexts(&w, sentences, &c.sentences) >= 2;
        // (a people is no person: "赛莫德人" called on, "阿德人的弟兄")
        let people = !classical && n >= 3 && cs[n - 1] == '人';
        let kind = if person && people {
            TermKind::Other
        } else if person {
            TermKind::Person
        } else if tag == "ns" && !classical {
            // (a word the dictionary calls a place that the text seldom puts where places
            // stand, 在/到/往 X, X 人/城/中, is a word of the text: 礼拜 is prayer)
            if freq >= 6
                && !has_place_suffix(&w)
                && place_contexts(&w, sentences, &c.sentences) * 5 < freq as u32
            {
                TermKind::Term
            } else {
                TermKind::Place
            }
        } else if tag == "ns" && dict_tag(&w) == Some("ns".into()) {
            // In classical text and verse the dictionary's "places" are often ordinary words
            // (东西, 高山, 嘉宾, 太平): a place is one the text goes to, lives in or comes from.
            // A place's own last character ("扬州", "庐山", "玉门关") counts too, after a
            // first character that is no adjective or adverb ("高山", "深渊" are scenery).
            let hits = place_contexts(&w, sentences, &c.sentences);
            let named = PLACE_SUFFIX.contains(cs[n - 1])
                && !dict_tag(&cs[0].to_string())
                    .is_some_and(|t| ["a", "d", "ad", "ag"].contains(&t.as_str()));
            let scenery =
                cs[0] == cs[n - 1] || cs.iter().all(|c| "東东西南北上下左右".contains(*c));
            if !scenery && (named || hits >= 2 || hits >= 1 && freq <= 2) {
                TermKind::Place
            } else {
                continue;
            }
        } else if tag == "nt" {
            TermKind::Org
        } else if NOUN_TAGS.contains(&tag) && (tag != "l" || rar >= 0.4)
            || tag == "f" && rar >= 0.5
            // (a time word of modern text that ordinary text seldom uses is a time the book
            // speaks of as a thing: 复活日, 后世; not 今天 or 以后)
            || tag == "t" && !classical && rar >= 0.5
            || defined()
        {
            TermKind::Term
        } else {
            continue;
        };
        // A phrase that ends in a verb, a complement or a measure word is no term (走向前来,
        // 亲眼看见, 检查一下): the dictionary lists such phrases, the tagger calls them nouns.
        // (a time word of the dictionary ends in its unit: 复活日 is no phrase)
        if kind == TermKind::Term && tag != "t" && verb_tail(&w) {
            continue;
        }
        // A word that only jieba's HMM cut (no dictionary word, no compound of the text:
        // 头牛, 队商, 饮羊) is as often a mis-cut as a term: it must recur.
        let guessed = !classical && dict_tag(&w).is_none() && !jieba.seen.contains(&w);
        // (a phrase the text names is a term of it where it recurs at all)
        let need = if kind == TermKind::Term && classical && named > 0 {
            2
        } else if kind == TermKind::Term && guessed {
            min.max(6)
        } else if kind == TermKind::Term {
            min.max(3)
        } else {
            min
        };
        let once_enough = short && kind == TermKind::Person;
        if freq < need && author == 0 && !once_enough {
            continue;
        }
        let salience = match kind {
            TermKind::Person => 0.6 + 0.4 * rar,
            _ => rar,
        };
        out.push(Found {
            text: w,
            kind,
            salience,
            variants: Vec::new(),
            sentences: c.sentences,
        });
    }
    // Single characters of classical text: the most frequent nouns, at most 30.
    singles.sort_by(|a, b| {
        let sa = a.1.sentences.len() as f32 * (0.5 + a.2);
        let sb = b.1.sentences.len() as f32 * (0.5 + b.2);
        sb.total_cmp(&sa).then(a.0.cmp(&b.0))
    });
    for (w, c, rar) in singles.into_iter().take(30) {
        out.push(single_concept(w, c.sentences, rar));
    }
    for (w, v) in work_sents {
        if w.chars().count() == 1 && v.len() < 2 {
            continue;
        }
        out.push(Found {
            text: w,
            kind: TermKind::Work,
            salience: 0.7,
            variants: Vec::new(),
            sentences: v,
        });
    }
    full_titles(&mut out, sentences);
    // (modern names shorten so for other persons: 王小明 and 王明 are two)
    if classical {
        contracted_names(&mut out);
    }
    let cjk_texts: HashSet<String> = out.iter().map(|f| f.text.clone()).collect();
    // Programs the text cites with their manual section ("用 systemctl(1) 命令", "bash(1)")
    // or runs at a shell prompt ("$ sudo apt-get update"): an English word among Chinese
    // prose that names a program is the program wherever the text writes it ("make",
    // "screen", "less"): it ranks as the other Latin terms do.
    let cited = super::english::manual_references(sentences);
    // (and the names of a product's releases, "Debian 12 Bookworm", however ordinary the word)
    let releases = super::english::release_names(sentences);
    for (w, c) in latin_terms {
        if cjk_texts.contains(&w) {
            continue;
        }
        let person = c.author > 0;
        let lower = w.to_ascii_lowercase();
        let program = cited.contains(w.as_str())
            || programs.contains(&w) && !super::terms::EN_STOP.contains(&lower.as_str());
        let release = releases
            .iter()
            .find(|(r, _)| r.eq_ignore_ascii_case(&w))
            .map(|(_, forms)| forms);
        if c.sentences.len() < 2 && !person && release.is_none() {
            continue;
        }
        if w.chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
        {
            continue;
        }
        // English function and everyday words quoted in Chinese text are not its terms.
        if !w.contains(' ')
            && !program
            && release.is_none()
            && (super::terms::EN_STOP.contains(&lower.as_str())
                || super::background::en_band(&lower).is_some_and(|b| b <= 20)
                || ["lt", "gt", "amp", "nbsp", "quot"].contains(&lower.as_str())
                // (nor a month of a date: "Bruce Perens April 1996")
                || super::english::MONTHS.contains(&w.as_str())
                || super::english::CALENDAR.contains(&w.as_str()))
        {
            continue;
        }
        // A credited "name" may be an organisation (the Free Software Foundation).
        let org = w.split(' ').any(|p| {
            [
                "Foundation",
                "Project",
                "Inc",
                "Ltd",
                "Team",
                "Software",
                "Corporation",
                "University",
                "Institute",
                "Group",
                "Company",
                "Society",
            ]
            .contains(&p.trim_end_matches('.'))
        });
        out.push(Found {
            text: w,
            kind: if release.is_some() {
                TermKind::Work
            } else if person && org {
                TermKind::Org
            } else if person {
                TermKind::Person
            } else {
                TermKind::Term
            },
            salience: if person {
                0.8
            } else {
                0.3 + 0.5 * rarity(c.count as usize, total, 1e-6)
            },
            variants: release.cloned().unwrap_or_default(),
            sentences: c.sentences,
        });
    }
    // A Latin name's single words are not terms of their own.
    let latin_names: Vec<String> = out
        .iter()
        .filter(|f| f.kind == TermKind::Person && f.text.contains(' '))
        .map(|f| f.text.clone())
        .collect();
    out.retain(|f| {
        f.text.contains(' ')
            || !latin_names
                .iter()
                .any(|n| n.split(' ').any(|p| p == f.text))
    });
    if !classical {
        transliterated_names(&mut out, sentences);
    }
    listed_people(&mut out, sentences);
    merge_known_names(&mut out, sentences, &known_words);
    merge_scripts(&mut out);
    (out, total)
}

/// Folds the entries that are one word in Traditional and in Simplified characters into one
/// (趙王 and 赵王, 淳于髡 and 淳於髡, 太后 and 太後: a text that mixes the scripts, as copies of
/// old books often do), titled by the writing the text uses most; the other is its variant.
/// Words of two characters or more: one character may stand for two words (后 and 後).
fn merge_scripts(out: &mut Vec<Found>) {
    let mut groups: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, f) in out.iter().enumerate() {
        if f.text.chars().count() >= 2 && !f.text.is_ascii() {
            groups.entry(fast2s::convert(&f.text)).or_default().push(i);
        }
    }
    let mut drop = Vec::new();
    for (_, mut group) in groups.into_iter().filter(|(_, g)| g.len() > 1) {
        // (the writing the text uses most leads)
        group.sort_by_key(|&i| std::cmp::Reverse(out[i].sentences.len()));
        let keep = group[0];
        for &gone in &group[1..] {
            let (text, variants, sentences, salience) = (
                out[gone].text.clone(),
                std::mem::take(&mut out[gone].variants),
                std::mem::take(&mut out[gone].sentences),
                out[gone].salience,
            );
            absorb(&mut out[keep], text, variants, &sentences);
            out[keep].salience = out[keep].salience.max(salience);
            drop.push(gone);
        }
    }
    drop.sort_unstable();
    for i in drop.into_iter().rev() {
        out.remove(i);
    }
}

/// Characters Chinese uses to write foreign names by sound (易司哈格, 穆萨, 亚伯拉罕, 马克思),
/// without the common words' characters that would join a name to its neighbours (于, 以, 的,
/// 本, 道, 多, 法, 明, 美, 门, 南).
const TRANSLITERATION: &str = "阿埃艾安昂敖奥巴拜班邦保贝彼毕波伯勃博布查丹德迪蒂丁杜厄恩范菲费芬丰佛弗福伏盖甘冈戈格哈亥赫亨胡霍基吉加迦贾杰捷卡凯柯科克肯库夸奎拉莱赖兰朗劳勒雷蕾里利莉列琳卢鲁伦罗洛吕律马玛迈麦曼梅蒙米密摩莫默姆穆纳娜乃奈尼涅纽努诺欧帕派潘佩彭皮普齐契乔切琼丘萨撒塞赛桑瑟沙莎舍施什舒斯司索苏塔泰坦汤特提图托瓦威韦维温沃乌希锡席夏谢辛休雅亚扬耶叶伊易尤优约泽扎詹祖佐尔仪卜哲五赫罕彦达素欣呼";

/// Foreign names written by sound in modern Chinese are one word: jieba cuts a name it does
/// not know into pieces (易司 + 哈格, 舒阿 + 卜). A run of three or more transliteration
/// characters that the text writes at least three times, alone between other characters, is
/// a name (a run of two only where the text has it speak or act as a person three times): a
/// person where the text has it speak or act as one, else a name of another kind.
/// The pieces it swallows (a word whose uses are mostly inside the run) go; a term that is
/// itself such a run (优素福) is retyped as a name.
fn transliterated_names(out: &mut Vec<Found>, sentences: &[&str]) {
    #[derive(Default)]
    struct Run {
        sentences: Vec<u32>,
        uses: u32,
        /// The Chinese characters right before and after each use.
        neighbours: HashMap<(Option<char>, bool), u32>,
    }
    static SET: std::sync::OnceLock<HashSet<char>> = std::sync::OnceLock::new();
    let set = SET.get_or_init(|| TRANSLITERATION.chars().collect());
    let mut runs: HashMap<String, Run> = HashMap::new();
    for (si, s) in sentences.iter().enumerate() {
        // (most sentences hold no run of three: skip them after one cheap look)
        if s.chars().filter(|c| set.contains(c)).count() < 3 {
            continue;
        }
        let mut run = String::new();
        let mut before = None;
        let mut prev = None;
        for c in s.chars().chain(std::iter::once('。')) {
            if set.contains(&c) {
                if run.is_empty() {
                    before = prev;
                }
                run.push(c);
                prev = Some(c);
                continue;
            }
            if (2..=7).contains(&run.chars().count()) {
                let r = runs.entry(std::mem::take(&mut run)).or_default();
                if r.sentences.last() != Some(&(si as u32)) {
                    r.sentences.push(si as u32);
                }
                r.uses += 1;
                let cjk = |x: Option<char>| x.filter(|c| is_cjk(*c));
                *r.neighbours.entry((cjk(before), false)).or_default() += 1;
                *r.neighbours.entry((cjk(Some(c)), true)).or_default() += 1;
            }
            run.clear();
            prev = Some(c);
        }
    }
    let known: HashMap<String, usize> = out
        .iter()
        .filter(|f| f.text.chars().count() >= 2)
        .map(|f| (f.text.clone(), f.sentences.len()))
        .collect();
    let mut names: Vec<(String, Vec<u32>)> = runs
        .into_iter()
        .filter(|(name, r)| {
            // (not a name cut short, always with the same character after or before it:
            // 易卜拉 of 易卜拉欣; nor a known name with a verb glued on: 舍 + 安拉)
            let cut = r
                .neighbours
                .iter()
                .any(|(&(c, _), &n)| c.is_some() && n * 5 >= r.uses * 4);
            let glued = known.iter().any(|(k, &n)| {
                name.contains(k.as_str()) && *k != *name && n >= 2 * r.sentences.len()
            });
            r.sentences.len() >= 3 && !cut && !glued
        })
        .map(|(name, r)| (name, r.sentences))
        .collect();
    names.sort();
    for (name, ids) in names {
        let contexts = person_contexts(&name, sentences, &ids);
        // (two characters are as often a word of two such characters: only a name the text
        // has speak, addressed or with kin three times or more is one: 鲁特, 呼德)
        if name.chars().count() == 2 && (contexts < 3 || ids.len() < 3) {
            continue;
        }
        let person = contexts >= 2;
        let kind = if person {
            TermKind::Person
        } else {
            TermKind::Other
        };
        if let Some(f) = out.iter_mut().find(|f| f.text == name) {
            if matches!(f.kind, TermKind::Term | TermKind::NounPhrase) {
                f.kind = kind;
            }
            continue;
        }
        let folded = fold_pieces(out, &name, &ids);
        let kind = if folded.contains(&TermKind::Person) {
            TermKind::Person
        } else {
            kind
        };
        out.push(Found {
            text: name,
            kind,
            salience: 0.7,
            variants: Vec::new(),
            sentences: ids,
        });
    }
}

/// The items of the lists in `sentence` that are separated by 、 (a clause's list, "宰凯里雅、
/// 叶哈雅、尔撒和易勒雅斯"), each list in order: the first item is cut to the name in `names` it
/// ends with where the clause's verb runs on into it ("教化法老"), and the last is split at a
/// 和, 与 or 及 that joins two items.
fn listed_items<'s>(sentence: &'s str, names: &HashSet<&str>) -> Vec<Vec<&'s str>> {
    let mut lists = Vec::new();
    for clause in
        sentence.split(|c: char| "，。；：！？「」『』“”‘’（）()《》〈〉,;:!?".contains(c))
    {
        if !clause.contains('、') {
            continue;
        }
        let pieces: Vec<&str> = clause.split('、').map(str::trim).collect();
        let mut items = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            let mut p = *piece;
            if i == 0
                && let Some(k) = names
                    .iter()
                    .filter(|k| p.ends_with(**k))
                    .max_by_key(|k| k.len())
            {
                p = &p[p.len() - k.len()..];
            }
            if i + 1 == pieces.len()
                && let Some((at, c)) = p.char_indices().find(|(_, c)| "和与與及".contains(*c))
            {
                items.push(&p[..at]);
                let after = &p[at + c.len_utf8()..];
                // (the item after the 和 is a name it begins with, or the rest where short)
                match names
                    .iter()
                    .filter(|k| after.starts_with(**k))
                    .max_by_key(|k| k.len())
                {
                    Some(k) => items.push(&after[..k.len()]),
                    None => items.push(after),
                }
                continue;
            }
            items.push(p);
        }
        lists.push(items);
    }
    lists
}

/// Removes the pieces of a name found in `ids` from `out`: the words inside it whose uses are
/// mostly the name's (易司 and 哈格 of 易司哈格), and returns their kinds.
fn fold_pieces(out: &mut Vec<Found>, name: &str, ids: &[u32]) -> Vec<TermKind> {
    let mut folded = Vec::new();
    out.retain(|f| {
        let piece = f.text != name
            && name.contains(f.text.as_str())
            && f.sentences
                .iter()
                .filter(|i| ids.binary_search(i).is_ok())
                .count()
                * 2
                >= f.sentences.len();
        if piece {
            folded.push(f.kind);
        }
        !piece
    });
    folded
}

/// Characters of modern Chinese grammar that no name holds: an item with one is a phrase
/// ("各支派所受的启示").
const LIST_BREAKERS: &str = "一样樣般似像的了是在和与與及就都着著过過吗嗎呢吧啊这這那我你您他她它们們所把被让讓给給向很更最还還再才只即等每各之说說对對曰";

/// Names listed with the text's people are people: items of one list are things of one kind,
/// so a name the segmenter does not know (叶尔孤白, which jieba cuts into 叶尔 and 孤白, or
/// 宰凯里雅 into 宰, 凯里 and 雅) is a person where a list holds it beside two names the text
/// has already found to be people ("易卜拉欣、易司马仪、易司哈格、叶尔孤白和各支派"). The name
/// must be two to five characters that are no word of jieba's dictionary (or one it tags as a
/// name), and the text must name it in two sentences or more. (One person the text has found
/// is enough in a list of three names or more, most of which could be names written by
/// sound, and then only such names are taken: "他们信安拉、谨守拜功、完纳天课" lists deeds.) A term of that text is retyped;
/// the pieces it swallows go.
fn listed_people(out: &mut Vec<Found>, sentences: &[&str]) {
    let people: HashSet<&str> = out
        .iter()
        .filter(|f| f.kind == TermKind::Person && f.sentences.len() >= 3)
        .filter(|f| f.text.chars().count() >= 2)
        .map(|f| f.text.as_str())
        .collect();
    if people.len() < 2 {
        return;
    }
    let plausible = |w: &str| {
        let n = w.chars().count();
        (2..=5).contains(&n)
            && w.chars().all(|c| is_cjk(c) || c == '·')
            // (no word of grammar inside: a name written by sound may hold 尔 or 斯, which
            // classical text uses as words, but never 的 or 在)
            && !w.chars().any(|c| LIST_BREAKERS.contains(c))
            && (!in_dictionary(w) || dict_tag(w).is_some_and(|t| t.starts_with("nr")))
    };
    // (written by sound: half its characters or more are the transliteration's, 叶尔孤白, 宰凯
    // 里雅; not 谨守拜功 or 完纳天课, listed with 安拉 as deeds)
    static SOUND: std::sync::OnceLock<HashSet<char>> = std::sync::OnceLock::new();
    let sound = SOUND.get_or_init(|| TRANSLITERATION.chars().collect());
    let by_sound = |w: &str| {
        let n = w.chars().count();
        w.chars().filter(|c| sound.contains(c)).count() * 2 >= n
    };
    let mut listed: Vec<String> = Vec::new();
    for s in sentences {
        if !s.contains('、') {
            continue;
        }
        for items in listed_items(s, &people) {
            // (two of the text's people; or one, in a list of three names or more where two
            // items in three are people or could be names: "易卜拉欣、易司马仪、易司哈格、叶尔孤白
            // 和各支派")
            let known = items.iter().filter(|i| people.contains(*i)).count();
            let namelike = items
                .iter()
                .filter(|i| people.contains(*i) || plausible(i) && by_sound(i))
                .count();
            let one = known == 1 && items.len() >= 3 && namelike * 3 >= items.len() * 2;
            if known < 2 && !one {
                continue;
            }
            for item in items {
                if !people.contains(item)
                    && plausible(item)
                    && (known >= 2 || by_sound(item))
                    && !listed.iter().any(|l| l == item)
                {
                    listed.push(item.to_string());
                }
            }
        }
    }
    drop(people);
    listed.sort();

    for name in listed {
        let ids: Vec<u32> = sentences
            .iter()
            .enumerate()
            .filter(|(_, s)| s.contains(name.as_str()))
            .map(|(i, _)| i as u32)
            .collect();
        if ids.len() < 2 {
            continue;
        }
        if let Some(f) = out.iter_mut().find(|f| f.text == name) {
            if matches!(
                f.kind,
                TermKind::Term | TermKind::NounPhrase | TermKind::Other
            ) {
                f.kind = TermKind::Person;
            }
            continue;
        }
        // (a longer name holds it: 易司 of 易司哈格)
        if out
            .iter()
            .any(|f| f.kind == TermKind::Person && f.text.contains(name.as_str()))
        {
            continue;
        }
        fold_pieces(out, &name, &ids);
        out.push(Found {
            text: name,
            kind: TermKind::Person,
            salience: 0.6,
            variants: Vec::new(),
            sentences: ids,
        });
    }
}

/// Other names of well-known figures (字, 号, titles): `data/zh-names.txt`, one person per
/// line, the usual name first.
static KNOWN_NAMES: &str = include_str!("data/zh-names.txt");

/// The names of `data/zh-names.txt` a text may know a figure by, in one automaton: each
/// line's first (usual) name, and its other names that are no word of ordinary Chinese (后稷,
/// 古公亶父, 子胥, 高阳; not 太白, a star, nor 醉翁, any drunk old man): three characters or
/// more, or two that jieba's dictionary counts less than once in a million words.
fn figure_names() -> &'static (AhoCorasick, Vec<&'static str>) {
    static NAMES: std::sync::OnceLock<(AhoCorasick, Vec<&'static str>)> =
        std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: Vec<&'static str> = known_people()
            .flat_map(|l| {
                let usual = l.first().copied();
                let other = l.into_iter().skip(1).filter(|n| {
                    let chars = n.chars().count();
                    chars >= 3 || chars == 2 && zh_frequency(n) < 1e-6
                });
                usual.into_iter().chain(other)
            })
            .collect();
        names.sort_unstable();
        names.dedup();
        let ac = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(&names)
            .expect("the known names build an automaton");
        (ac, names)
    })
}

/// Fewer sentences than this make a short text, whose people may be named once: about
/// 10,000 characters of classical Chinese (大學 and 中庸 together hold some 400 sentences).
const SHORT_TEXT: usize = 800;

/// The well-known figures of `data/zh-names.txt` that a classical text names: names of two or
/// more characters (`figure_names`) it uses at least twice, and one-character names (堯, 禹, 湯) it
/// uses at least twice and either pairs with another such name (堯舜, 桀紂) or lets speak
/// alone (`lone_speakers`, 舜曰). Alone, a character such as 湯 or 益 is a word. A short text
/// ([`SHORT_TEXT`]) need use them only once.
fn known_figures(
    sentences: &[&str],
    lone_speakers: &HashMap<char, u32>,
) -> (HashSet<String>, HashSet<char>) {
    let (ac, names) = figure_names();
    let singles: HashSet<char> = names
        .iter()
        .filter(|n| n.chars().count() == 1)
        .filter_map(|n| n.chars().next())
        .collect();
    let mut uses: HashMap<&str, u32> = HashMap::new();
    let mut paired: HashSet<char> = HashSet::new();
    // (a surname or title next to a name makes a longer name: 孫武 inside 叔孫武叔, 莊子
    // inside 孟莊子; another figure does not: 伯夷叔齊)
    let joins =
        |c: Option<char>| c.is_some_and(|c| SURNAMES.contains(c) || TITLE_CHARS.contains(c));
    for s in sentences {
        let found: Vec<(usize, usize, &str)> = ac
            .find_iter(s)
            .map(|m| (m.start(), m.end(), names[m.pattern().as_usize()]))
            .collect();
        for (k, &(start, end, name)) in found.iter().enumerate() {
            let before = s[..start].chars().next_back();
            let after = s[end..].chars().next();
            let figure_before = k > 0 && found[k - 1].1 == start;
            let figure_after = found.get(k + 1).is_some_and(|f| f.0 == end);
            let mut cs = name.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => {
                    *uses.entry(name).or_default() += 1;
                    // paired with another figure, not repeated (湯湯 "flowing"), perhaps
                    // with an enumeration comma between (堯、舜)
                    let before = s[..start].trim_end_matches('、').chars().next_back();
                    let after = s[end..].trim_start_matches('、').chars().next();
                    if before
                        .into_iter()
                        .chain(after)
                        .any(|b| b != c && singles.contains(&b))
                    {
                        paired.insert(c);
                    }
                }
                _ if joins(before) && !figure_before || joins(after) && !figure_after => {}
                _ => *uses.entry(name).or_default() += 1,
            }
        }
    }
    let mut long = HashSet::new();
    let mut single = HashSet::new();
    let need = if sentences.len() < SHORT_TEXT { 1 } else { 2 };
    for (name, n) in uses {
        if n < need {
            continue;
        }
        let mut cs = name.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) if paired.contains(&c) || lone_speakers.contains_key(&c) => {
                single.insert(c);
            }
            (Some(_), Some(_)) => {
                long.insert(name.to_string());
            }
            _ => {}
        }
    }
    (long, single)
}

/// The people of `data/zh-names.txt`: each line's names, the usual one first.
fn known_people() -> impl Iterator<Item = Vec<&'static str>> {
    KNOWN_NAMES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
}

/// Every name of `data/zh-names.txt`.
fn known_names() -> impl Iterator<Item = &'static str> {
    known_people().flatten()
}

/// Where the document uses another name of a person.
enum Use {
    /// As an entry of its own, which the person's entry absorbs.
    Entry(usize),
    /// In these sentences, without an entry.
    Sentences(Vec<u32>),
}

/// Merges the other names of a well-known person into one entry where the text supports it:
/// a person the analysis found takes, as variants, those of its other names the document
/// uses (`words`: where the segmentation cut a known name as a word; a name of three or more
/// characters also counts where it occurs inside a longer run, while a two-character one,
/// such as 乐天 or 太白, is too often part of ordinary words). 孔子 and 仲尼 become one entry.
fn merge_known_names(out: &mut Vec<Found>, sentences: &[&str], words: &HashMap<String, Vec<u32>>) {
    let index: HashMap<&str, usize> = out
        .iter()
        .enumerate()
        .map(|(i, f)| (f.text.as_str(), i))
        .collect();
    let mut merges: Vec<(usize, Vec<(&str, Use)>)> = Vec::new();
    for names in known_people() {
        // the entry: the first name of the line that the analysis found as a person
        let Some(head) = names
            .iter()
            .filter_map(|n| index.get(n).copied())
            .find(|&i| out[i].kind == TermKind::Person)
        else {
            continue;
        };
        // (a courtesy name the text writes after another family's surname is another man's:
        // "蘇子美" is 蘇舜欽, whose 字 子美 杜甫 shares; not after a preposition that is a
        // surname too, "問於子路")
        let simple = |c: char| fast2s::convert(c.encode_utf8(&mut [0; 4])).chars().next();
        let surname = names
            .first()
            .and_then(|n| n.chars().next())
            .and_then(simple);
        let someone_elses = |n: &str| {
            n.chars().count() == 2
                && n.starts_with('子')
                && names.first().is_some_and(|u| *u != n)
                && sentences.iter().any(|s| {
                    s.match_indices(n).any(|(at, _)| {
                        s[..at].chars().next_back().is_some_and(|c| {
                            SURNAMES.contains(c)
                                && !"于於向方上万萬司诸諸".contains(c)
                                && simple(c) != surname
                        })
                    })
                })
        };
        if someone_elses(&out[head].text) {
            continue;
        }
        let others: Vec<(&str, Use)> = names
            .iter()
            .filter(|n| **n != out[head].text)
            .filter(|n| !someone_elses(n))
            .filter_map(|&n| {
                let used = match (index.get(n), words.get(n)) {
                    (Some(&i), _) => Use::Entry(i),
                    (None, Some(v)) => Use::Sentences(v.clone()),
                    (None, None) if n.chars().count() >= 3 => Use::Sentences(
                        (0..sentences.len() as u32)
                            .filter(|&si| sentences[si as usize].contains(n))
                            .collect(),
                    ),
                    (None, None) => return None,
                };
                match &used {
                    Use::Sentences(v) if v.is_empty() => None,
                    _ => Some((n, used)),
                }
            })
            .collect();
        if !others.is_empty() {
            merges.push((head, others));
        }
    }
    let mut gone: Vec<usize> = Vec::new();
    for (head, others) in merges {
        if gone.contains(&head) {
            continue;
        }
        for (name, used) in others {
            let more = match used {
                Use::Entry(i) if i != head && !gone.contains(&i) => {
                    gone.push(i);
                    let variants = std::mem::take(&mut out[i].variants);
                    out[head].variants.extend(variants);
                    std::mem::take(&mut out[i].sentences)
                }
                Use::Entry(_) => continue,
                Use::Sentences(v) => v,
            };
            let f = &mut out[head];
            f.variants.push(name.to_string());
            f.sentences.extend(more);
            f.sentences.sort_unstable();
            f.sentences.dedup();
        }
    }
    gone.sort_unstable();
    for i in gone.into_iter().rev() {
        out.remove(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find<'a>(found: &'a [Found], text: &str) -> Option<&'a Found> {
        found.iter().find(|f| f.text == text)
    }

    /// States of classical text are found from their rulers and from being gone to; the
    /// scenery the dictionary calls places (东西, 高山) and reduplications are not places.
    #[test]
    fn classical_states_and_places_need_evidence() {
        let sentences = [
            "齐景公问政于孔子，孔子对曰：君君，臣臣。",
            "子曰：齐桓公正而不谲，晋文公谲而不正。",
            "景公曰：善哉！",
            "桓公九合诸侯，不以兵车。",
            "桓公杀公子纠。",
            "景公待孔子曰：吾老矣。",
            "孔子适齐，闻韶。",
            "齐人归女乐，季桓子受之。",
            "子曰：东西南北之人也，吾从高山而望。",
            "东西不知，高山仰止，洋洋乎盈耳哉。",
            "子曰：洋洋乎！东西高山。",
            "子在齐闻韶，三月不知肉味。",
            "子曰：学而时习之，不亦说乎？",
            "子曰：吾日三省吾身。",
        ];
        let (found, _) = extract(&sentences, &[], &[]);
        let kind = |t: &str| find(&found, t).map(|f| f.kind);
        let cases: [(&str, Option<TermKind>); 4] = [
            ("齐", Some(TermKind::Place)),
            ("东西", None),
            ("高山", None),
            ("洋洋", None),
        ];
        for (text, want) in cases {
            let got = kind(text).filter(|k| *k == TermKind::Place);
            assert_eq!(got, want, "{text}");
        }
        // a state's mentions are the sentences that use it as one
        let qi = find(&found, "齐").unwrap();
        assert!(qi.sentences.contains(&6) && qi.sentences.contains(&7));
        // a ruler named by his title alone is also named with his one state
        let jing = find(&found, "景公").expect("景公");
        assert_eq!(jing.kind, TermKind::Person);
        assert!(
            jing.variants.iter().any(|v| v == "齐景公"),
            "{:?}",
            jing.variants
        );
        assert!(find(&found, "齐景公").is_none());
    }

    /// A birth order before 氏 names a clan and its head (季氏), though a rank before a rank
    /// is otherwise a title (公子, 夫子).
    #[test]
    fn a_clan_named_by_its_birth_order_is_a_person() {
        let sentences = [
            "孔子谓季氏：八佾舞于庭。",
            "季氏旅于泰山。",
            "季氏使闵子骞为费宰。",
            "季氏富于周公。",
            "子曰：学而时习之，不亦说乎？",
            "子曰：吾日三省吾身。",
            "公子纠死之。",
            "公子荆善居室。",
            "夫子至于是邦也。",
            "夫子温良恭俭让以得之。",
        ];
        let (found, _) = extract(&sentences, &[], &[]);
        assert_eq!(find(&found, "季氏").map(|f| f.kind), Some(TermKind::Person));
        assert!(find(&found, "公子").is_none_or(|f| f.kind != TermKind::Person));
        assert!(find(&found, "夫子").is_none_or(|f| f.kind != TermKind::Person));
    }

    /// A state whose character mostly means something else (齐 "to order", "even", "to
    /// fast") is still known by its rulers where the tagger cut each as one word (齐景公).
    #[test]
    fn a_state_is_known_by_the_rulers_the_tagger_glued_to_it() {
        let sentences = [
            "齐景公问政于孔子。",
            "齐景公有马千驷。",
            "齐景公待孔子曰：吾老矣。",
            "齐桓公正而不谲。",
            "桓公九合诸侯。",
            "景公曰：善哉！",
            "子适齐，闻韶。",
            "道之以政，齐之以刑。",
            "道之以德，齐之以礼。",
            "见贤思齐焉。",
            "子见齐衰者。",
            "齐，必有明衣。",
            "齐必变食。",
            "摄齐升堂。",
            "子之所慎：齐，战，疾。",
        ];
        let (found, _) = extract(&sentences, &[], &[]);
        let qi = find(&found, "齐").expect("齐");
        assert_eq!(qi.kind, TermKind::Place);
        // (its sentences are those that name the state, not its other senses)
        assert!(qi.sentences.contains(&0) && qi.sentences.contains(&6));
        assert!(!qi.sentences.contains(&7) && !qi.sentences.contains(&12));
    }

    /// A character the dictionary calls no name is a state where the text names a ruler of
    /// it and goes there more than once (卫 of 卫灵公, 卫君, "子适卫"); a doubled epithet before
    /// a ruler (穆穆文王) and a 於 that opens its clause (於穆清庙) are no evidence.
    #[test]
    fn a_state_no_dictionary_names_is_known_by_a_ruler_and_journeys() {
        let sentences = [
            "子言卫灵公之无道也。",
            "卫灵公问陈于孔子。",
            "子路曰：卫君待子而为政，子将奚先？",
            "子谓卫公子荆，善居室。",
            "子适卫，冉有仆。",
            "子击磬于卫，有荷蒉而过孔氏之门者。",
            "灵公曰：善。",
            "灵公问政。",
            "穆穆文王，于缉熙敬止。",
            "於穆清庙，肃雍显相。",
            "於穆不已，文王之德。",
            "穆公曰：善。",
            "穆公问政。",
            "文王曰：咨。",
            "文王在上。",
            "子曰：学而时习之，不亦说乎？",
        ];
        let (found, _) = extract(&sentences, &[], &[]);
        let kind = |t: &str| find(&found, t).map(|f| f.kind);
        for (text, place) in [("卫", true), ("穆", false)] {
            assert_eq!(
                kind(text) == Some(TermKind::Place),
                place,
                "{text}: {:?}",
                kind(text)
            );
        }
    }

    /// A dynasty's name of one character is a place-like name where the text uses it as one
    /// (its people, rites and time, 有 before it, another dynasty beside it), in a quarter of
    /// its uses at least; summer (夏之日) and "all-embracing" (周而不比) are not.
    #[test]
    fn dynasties_are_known_by_their_rites_people_and_time() {
        let cases: [(&[&str], &str, bool); 3] = [
            (
                &[
                    "子曰：殷因于夏礼，所损益，可知也；周因于殷礼，所损益，可知也。",
                    "子曰：夏礼吾能言之，杞不足征也；殷礼吾能言之，宋不足征也。",
                    "夏后氏以松，殷人以柏，周人以栗。",
                    "行夏之时，乘殷之辂，服周之冕。",
                    "子曰：学而时习之，不亦说乎？",
                ],
                "殷",
                true,
            ),
            (
                &[
                    "夏之日，冬之夜。",
                    "冬之夜，夏之日。",
                    "夏屋渠渠。",
                    "子曰：学而时习之，不亦说乎？",
                ],
                "夏",
                false,
            ),
            (
                &[
                    "子曰：君子周而不比，小人比而不周。",
                    "君子周急不继富。",
                    "周人以栗。",
                    "周公谓鲁公曰：君子不施其亲。",
                    "子曰：学而时习之，不亦说乎？",
                ],
                "周",
                false,
            ),
        ];
        for (sentences, text, dynasty) in cases {
            let (found, _) = extract(sentences, &[], &[]);
            let got = find(&found, text).map(|f| f.kind);
            assert_eq!(got == Some(TermKind::Place), dynasty, "{text}: {got:?}");
        }
        assert!(dynasty_sentences('明', &["明明德。", "明明在下。"], &[0, 1]).is_none());
    }

    /// A three-character name written without its middle character is one person (魯連 of
    /// 魯仲連); not where two full names shorten alike, nor a title (周文王 and 周王).
    #[test]
    fn a_name_without_its_middle_character_is_the_same_person() {
        let person = |t: &str, sentences: Vec<u32>| Found {
            text: t.to_string(),
            kind: TermKind::Person,
            salience: 0.8,
            variants: Vec::new(),
            sentences,
        };
        let cases: [(&[&str], &[&str]); 3] = [
            (&["魯仲連", "魯連", "平原君"], &["魯仲連", "平原君"]),
            (&["王安石", "王文石", "王石"], &["王安石", "王文石", "王石"]),
            (&["周文王", "周王"], &["周文王", "周王"]),
        ];
        for (names, want) in cases {
            let mut out: Vec<Found> = names
                .iter()
                .enumerate()
                .map(|(i, n)| person(n, vec![i as u32]))
                .collect();
            contracted_names(&mut out);
            let got: Vec<&str> = out.iter().map(|f| f.text.as_str()).collect();
            assert_eq!(got, want, "{names:?}");
        }
        let mut out = vec![person("魯仲連", vec![0, 2]), person("魯連", vec![1])];
        contracted_names(&mut out);
        assert_eq!(out[0].sentences, [0, 1, 2]);
        assert_eq!(out[0].variants, ["魯連"]);
    }

    #[test]
    fn known_other_names_merge_where_the_text_uses_them() {
        let sentences = [
            "孔子曰：学而时习之。",
            "孔子曰：温故而知新。",
            "叔孙武叔毁仲尼。",
            "子贡曰：仲尼不可毁也。",
            "仲尼，日月也。",
            "孔子适卫。",
        ];
        let (found, _) = extract(&sentences, &[], &[]);
        let kongzi = find(&found, "孔子").expect("孔子");
        assert_eq!(kongzi.kind, TermKind::Person);
        assert!(
            kongzi.variants.iter().any(|v| v == "仲尼"),
            "{:?}",
            kongzi.variants
        );
        assert!(kongzi.sentences.contains(&2) && kongzi.sentences.contains(&0));
        assert!(find(&found, "仲尼").is_none());
        // a name of the line the document does not use is not added
        assert!(!kongzi.variants.iter().any(|v| v == "孔丘"));
    }

    #[test]
    fn a_state_the_text_keeps_going_to_is_a_state_though_most_uses_are_subjects() {
        let mut sentences: Vec<String> = Vec::new();
        // (twelve sentences that go to it or name its ruler, its army or its people; forty
        // that make it a verb's subject)
        let n = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
        for k in &n[..4] {
            sentences.push(format!("張儀入秦，說秦王曰：{k}者可也。"));
            sentences.push(format!("楚伐秦，秦師敗之於{k}城也。"));
            sentences.push(format!("孟嘗君至秦，秦人不用之，{k}年而歸也。"));
        }
        for a in n {
            for b in &n[..4] {
                sentences.push(format!("秦攻韓，取其{a}城，{b}年而不能守之也。"));
            }
        }
        let refs: Vec<&str> = sentences.iter().map(String::as_str).collect();
        let (found, _) = extract(&refs, &[], &[]);
        assert_eq!(find(&found, "秦").map(|f| f.kind), Some(TermKind::Place));
    }

    #[test]
    fn a_known_name_written_after_another_surname_is_another_mans() {
        let sentences = [
            "唐之有天下，李白、杜甫皆以其所能鳴。",
            "杜甫曰：國破山河在。",
            "即蘇子美滄浪亭之地也。",
            "子美曰：吾愛此亭。",
            "子美之亭，乃爲大雲庵。",
        ];
        let (found, _) = extract(&sentences, &[], &[]);
        for f in &found {
            let names: Vec<&str> = std::iter::once(f.text.as_str())
                .chain(f.variants.iter().map(String::as_str))
                .collect();
            assert!(
                !(names.contains(&"杜甫") && names.contains(&"子美")),
                "{} {:?}",
                f.text,
                f.variants
            );
        }
    }

    /// The words before 曰 that are a clause, not a speaker: a verb of speaking to someone,
    /// sending or bowing, the humble "I", a mood, a count of people, a state's ruler.
    #[test]
    fn clauses_before_yue_name_no_speaker() {
        let cases: &[(&str, &[&str])] = &[
            ("為東周謂韓王曰：「不可。」", &["韓王"]),
            ("蘇秦謂周君曰：「善。」", &["周君"]),
            ("臣聞之曰：「善。」", &[]),
            ("王大怒曰：「不可。」", &[]),
            ("於是二人曰：「善。」", &[]),
            ("弊邑之王曰：「善。」", &[]),
            ("再拜稽首曰：「敬受命。」", &["稽首"]),
            // (a name with 之 inside that ends in no title is a name)
            ("宮之奇曰：「不可。」", &["宮之奇"]),
        ];
        for (sentence, want) in cases {
            let mut counts = HashMap::new();
            speakers(sentence, &mut counts);
            let mut got: Vec<&str> = counts.keys().map(String::as_str).collect();
            got.sort_unstable();
            assert_eq!(&got, want, "{sentence}");
        }
    }

    /// A lord's title of three (安陵君, 涇陽君) keeps its name; the tail several lords share
    /// (陽君) is no one's. A state addressed by name (謂魏曰) is a state still. One word in
    /// Traditional and Simplified characters (趙王, 赵王) is one entry.
    #[test]
    fn lords_states_and_scripts_of_a_warring_states_text() {
        let sentences = [
            "涇陽君曰：「善。」",
            "涇陽君曰：「不可。」",
            "華陽君曰：「善。」",
            "華陽君曰：「諾。」",
            "秦使趙攻魏，魏謂趙王曰：「攻魏者，亡趙之始也。」",
            "齊伐魏，魏王曰：「寡人恐。」",
            "秦謂魏曰：「善。」",
            "張儀謂魏曰：「不如事秦。」",
            "魏王使人謂趙王曰：「願與王約。」",
            "魏惠王曰：「善。」",
            "魏襄王曰：「善。」",
            "楚伐魏，取其城。",
            "魏師敗，魏人恐，入於魏。",
            "趙王曰：「寡人不敏。」",
            "赵王曰：「善。」",
            "赵王曰：「诺。」",
            "秦攻趙，趙王恐。",
        ];
        let (found, _) = extract(&sentences, &[], &[]);
        let kind = |t: &str| found.iter().find(|f| f.text == t).map(|f| f.kind);
        assert_eq!(kind("涇陽君"), Some(TermKind::Person));
        assert_eq!(kind("華陽君"), Some(TermKind::Person));
        assert_eq!(kind("陽君"), None);
        assert_ne!(kind("魏"), Some(TermKind::Person));
        let zhao = found.iter().find(|f| f.text == "趙王").expect("趙王");
        assert!(
            zhao.variants.iter().any(|v| v == "赵王"),
            "{:?}",
            zhao.variants
        );
        assert_eq!(kind("赵王"), None);
    }

    #[test]
    fn a_name_that_speaks_once_and_opens_clauses_is_a_speaker() {
        let sentences = [
            "潁考叔爲潁谷封人，聞之，有獻於公。",
            "潁考叔曰：「敢問何謂也？」",
            "君子曰：「潁考叔，純孝也。」",
            "祭仲曰：「都城過百雉，國之害也。」",
            "或語人曰：「不可。」",
            "語人曰：「善。」",
        ];
        let mut counts = HashMap::new();
        for s in sentences {
            speakers(s, &mut counts);
        }
        // (祭仲 speaks once and is named nowhere else; 語人 is a verb and its object)
        assert_eq!(once_speakers_as_subjects(&counts, &sentences), ["潁考叔"]);
    }

    #[test]
    fn speech_markers_find_speakers() {
        let cases: &[(&str, &[&str])] = &[
            ("子貢曰：「貧而無諂。」", &["子貢"]),
            ("子路對曰：「願車馬。」", &["子路"]),
            ("樊迟问仁。", &["樊迟"]),
            ("季康子问政于孔子。", &["季康子", "康子"]),
            ("子曰：「學而時習之。」", &[]),
            // (adverbs before the marker, and a proverb quoted as if it spoke)
            ("予故嘗曰：「爲天下者。」", &[]),
            ("臣故曰：「可。」", &[]),
            ("鄙諺曰：「不習爲吏，視已成事。」", &[]),
        ];
        for (s, want) in cases {
            let mut got = HashMap::new();
            speakers(s, &mut got);
            let mut names: Vec<&str> = got.keys().map(String::as_str).collect();
            names.sort();
            let mut want = want.to_vec();
            want.sort();
            assert_eq!(names, want, "{s}");
        }
    }

    #[test]
    fn modern_speakers_are_words_tagged_as_names() {
        let cases: &[(&str, &[&str])] = &[
            ("穆萨对他的宗族说：“你们应当敬畏。”", &["穆萨"]),
            ("他们就说：“我们只是调解的人。”", &[]),
            ("你应当说：“我的主啊！”", &[]),
            ("他的宗族说：“你确是迷误的。”", &[]),
            ("他必定要说：“这是明显的魔术。”", &[]),
        ];
        for (s, want) in cases {
            let mut got = HashMap::new();
            modern_speakers(s, &mut got);
            let mut names: Vec<&str> = got.keys().map(String::as_str).collect();
            names.sort();
            assert_eq!(names, want.to_vec(), "{s}");
        }
    }

    #[test]
    fn dictionary_names_need_person_contexts() {
        // (word, sentences, person contexts)
        let cases: &[(&str, &[&str], u32)] = &[
            (
                "穆萨",
                &["穆萨说：“我求庇于主。”", "法老对穆萨说：“你走吧。”"],
                2,
            ),
            ("许可", &["除非奉安拉的许可。", "他们得到许可。"], 0),
            ("黎明", &["黎明时他们出发了。"], 0),
            ("易卜拉欣", &["先知易卜拉欣是一个崇正的人。"], 1),
            // called on, joined to his own, suffering what only a person suffers
            (
                "优素福",
                &[
                    "他说：“优素福，你避开此事吧。”",
                    "当时，他们说：“优素福和他弟弟，在我们的父亲看来，是比我们还可爱的。”",
                    "你们要杀死优素福。",
                    "撒立哈啊！",
                ],
                3,
            ),
            // (not a people joined to theirs: "和他们")
            ("以色列人", &["以色列人和他们的敌人。"], 0),
        ];
        for (w, sentences, want) in cases {
            let ids: Vec<u32> = (0..sentences.len() as u32).collect();
            assert_eq!(person_contexts(w, sentences, &ids), *want, "{w}");
        }
    }

    #[test]
    fn a_name_written_by_sound_is_one_word() {
        let sents = [
            "我确已启示易司哈格和叶尔孤白。",
            "易司哈格是一个善人。",
            "你们当记念易司哈格的故事。",
            "易卜拉欣说：我的主啊！",
            "易卜拉欣和他的儿子。",
            "当时易卜拉欣对他的父亲说。",
            "他们舍安拉而崇拜偶像。",
            "安拉是全知的。",
            "安拉是至仁的。",
            "安拉确是至睿的。",
            "安拉说：你们当敬畏。",
            "他们舍安拉而祈祷。",
            "他们舍安拉而求援。",
            "安拉是全聪的。",
        ];
        let (found, _) = extract(&sents, &[], &[]);
        let texts: Vec<&str> = found.iter().map(|f| f.text.as_str()).collect();
        assert!(texts.contains(&"易司哈格"), "{texts:?}");
        for piece in ["易司", "哈格", "易卜拉"] {
            assert!(!texts.contains(&piece), "{piece}: {texts:?}");
        }
    }

    #[test]
    fn lists_split_into_their_items() {
        let names: HashSet<&str> = ["法老", "尔撒"].into_iter().collect();
        // (sentence, its lists' items)
        let cases: &[(&str, &[&[&str]])] = &[
            (
                "（我曾引导）宰凯里雅、叶哈雅、尔撒和易勒雅斯",
                &[&["宰凯里雅", "叶哈雅", "尔撒", "易勒雅斯"]],
            ),
            ("他去教化法老、哈曼和戈伦。", &[&["法老", "哈曼", "戈伦"]]),
            ("他说：“你们好。”", &[]),
        ];
        for (sentence, want) in cases {
            let got = listed_items(sentence, &names);
            let want: Vec<Vec<&str>> = want.iter().map(|l| l.to_vec()).collect();
            assert_eq!(got, want, "{sentence}");
        }
    }

    #[test]
    fn a_name_listed_with_people_is_a_person() {
        let mut sents = vec![
            "易卜拉欣、易司哈格、叶尔孤白和各支派所受的启示。",
            "他要完成对你和对叶尔孤白的后裔的恩典。",
            // (a word of the dictionary listed with people is no name: 先知; deeds listed
            // with one person are none either)
            "易卜拉欣、易司哈格、先知和使者。",
            "先知们说。",
            "他们信易卜拉欣、谨守拜功、完纳天课。",
            "谨守拜功、完纳天课的人。",
        ];
        for _ in 0..4 {
            sents.push("易卜拉欣说：我的主啊！");
            sents.push("易司哈格说：我的主啊！");
        }
        let (found, _) = extract(&sents, &[], &[]);
        let person = |w: &str| {
            found
                .iter()
                .any(|f| f.text == w && f.kind == TermKind::Person)
        };
        assert!(
            person("叶尔孤白"),
            "{:?}",
            found.iter().map(|f| &f.text).collect::<Vec<_>>()
        );
        assert!(!person("先知") && !person("谨守拜功") && !person("完纳天课"));
        assert!(!found.iter().any(|f| f.text == "叶尔"));
    }

    #[test]
    fn evidence_finds_classical_and_credited_names() {
        // classical: a character and a rank that recur (桓公) and a lone speaker (舜曰)
        let classical = [
            "桓公問於管仲曰：「何如？」",
            "桓公曰：「善。」",
            "舜曰：「咨！」",
            "帝曰：「俞。」舜曰：「然。」",
            "故君子之道，之乎者也矣焉哉。",
            // a writing quoted with 曰 and "X has a saying" speak through no person
            "語曰：「唇亡齒寒。」",
            "語曰：「輔車相依。」",
            "古人有言曰：「畏首畏尾。」",
            "鄙人有言曰：「何知仁義。」",
            "聖人有言曰：「知之者也。」",
        ];
        let (found, _) = extract(&classical, &[], &[]);
        let kind = |w: &str| found.iter().find(|f| f.text == w).map(|f| f.kind);
        assert_eq!(kind("桓公"), Some(TermKind::Person));
        assert_eq!(kind("舜"), Some(TermKind::Person));
        assert_ne!(kind("語"), Some(TermKind::Person));
        assert_ne!(kind("人有"), Some(TermKind::Person));
        // modern: names credited by "由 … 编写" and "版权 ©", listed with 、 and 和
        let modern = [
            "由 David MacKenzie、Paul Eggert 和 Jim Meyering 编写。",
            "由 David MacKenzie 编写。这是一个文件。",
            "版权 © 1998-2002 Josip Rodin",
            "版权所有 © 1998-2002 Jo Rodin, 2005-2017 Osamu Aoki, 2010 Craig Small 以及 2010 Raphaël Hertzog。",
            "这个程序由 Free Software Foundation 发布的。",
            "Debian Policy 规定了软件包的格式。",
            "Debian Policy 的内容很多。",
            // a name with its mail address, a line of its own
            "唐友 <tony_ty@263.net>",
            "Albert Cahalan ⟨albert@users.sf.net⟩ 在 1999 年写了一个 kill 程序。",
        ];
        let (found, _) = extract(&modern, &[], &[]);
        let kind = |w: &str| found.iter().find(|f| f.text == w).map(|f| f.kind);
        for name in [
            "David MacKenzie",
            "Paul Eggert",
            "Jim Meyering",
            "Josip Rodin",
            "Jo Rodin",
            "Osamu Aoki",
            "Craig Small",
            "Raphaël Hertzog",
            "唐友",
            "Albert Cahalan",
        ] {
            assert_eq!(kind(name), Some(TermKind::Person), "{name}");
        }
        assert_eq!(kind("Free Software Foundation"), Some(TermKind::Org));
        assert_ne!(kind("Debian Policy"), Some(TermKind::Person));
    }

    #[test]
    fn labels_works_and_latin() {
        let (mut a, mut sure) = (HashMap::new(), HashSet::new());
        // (a credit line of its own names its author even once: 张继 is no dictionary word)
        for s in [
            "作者：杜甫",
            "作者：杜甫车辚辚",
            "作者：李商隐锦瑟无端",
            "作者：张继",
            "作者：王安国",
            "作者：万俟咏",
        ] {
            authors(s, &mut a, &mut sure);
        }
        // (an anthology's byline: an era and a name; not a speech)
        for s in ["先秦：左丘明", "唐代：韩愈", "公曰：善哉"] {
            if let Some(name) = byline(s) {
                *a.entry(name.to_string()).or_default() += 1;
                sure.insert(name.to_string());
            }
        }
        let names = author_names(&a, &sure);
        let mut got: Vec<&str> = names.keys().map(String::as_str).collect();
        got.sort();
        assert_eq!(
            got,
            [
                "万俟咏",
                "左丘明",
                "张继",
                "李商隐",
                "杜甫",
                "王安国",
                "韩愈"
            ]
        );
        let mut w = HashMap::new();
        works("《梦李白・其二》和《论语》", &mut w, 0);
        assert!(w.contains_key("梦李白") && w.contains_key("论语"));
        let mut l = HashMap::new();
        latin(
            "Maintainer: Osamu Aoki <osamu@debian.org> 用 debian/rules 和 dh。",
            &mut l,
            0,
        );
        assert_eq!(l["Osamu Aoki"].author, 2);
        assert!(l.contains_key("debian/rules") && l.contains_key("dh"));
        assert!(!l.contains_key("osamu") && !l.contains_key("debian.org"));
        // (a path keeps its leading slash; a URL's slashes start nothing)
        let mut l = HashMap::new();
        for s in [
            "在“/etc/apt/sources.list”中添加一行。",
            "编辑 /etc/fstab 文件，或访问 https://www.debian.org/doc 网站。",
        ] {
            latin(s, &mut l, 0);
        }
        for (word, found) in [
            ("/etc/apt/sources.list", true),
            ("etc/apt/sources.list", false),
            ("/etc/fstab", true),
            ("www.debian.org/doc", true),
            ("/www.debian.org/doc", false),
        ] {
            assert_eq!(l.contains_key(word), found, "{word}: {:?}", l.keys());
        }
    }

    /// Latin names inside Chinese text: (sentence, name, whether it counts as a person's,
    /// words that must be no name).
    #[test]
    fn latin_names_in_chinese_text_by_credit_and_given_name() {
        let cases: &[(&str, &str, bool, &[&str])] = &[
            // (a common given name opens it, as in English text)
            (
                "Thomas Hood 是网络配置主题的主要内容贡献者",
                "Thomas Hood",
                true,
                &[],
            ),
            // (a date after a name is none of it)
            (
                "Ian Murdock August 1993",
                "Ian Murdock",
                true,
                &["Ian Murdock August", "August"],
            ),
            // (listed after a credited name, past a comma before the joining word)
            (
                "由 Jay Fenlason, Tom Lord, Ken Pizzini, 和 Paolo Bonzini写成。",
                "Paolo Bonzini",
                true,
                &[],
            ),
            // (no given name, no credit: no evidence of a person)
            ("安装 Gnome Shell 扩展", "Gnome Shell", false, &[]),
        ];
        for (s, name, person, not) in cases {
            let mut l = HashMap::new();
            latin(s, &mut l, 0);
            let got = l.get(*name).map(|c| c.author > 0);
            assert_eq!(got, Some(*person), "{s}: {:?}", l.keys());
            for n in *not {
                assert!(
                    !l.contains_key(*n) || l[*n].author == 0,
                    "{s}: {n} is no name"
                );
            }
        }
    }

    #[test]
    fn classical_text() {
        let text = [
            "子贡曰：“贫而无谄，富而无骄，何如？”",
            "子曰：“可也。未若贫而乐，富而好礼者也。”",
            "子贡曰：“诗云：如切如磋。”",
            "子路问君子。",
            "子曰：“君子不器。”",
            "子路曰：“君子尚勇乎？”",
            "子曰：“君子义以为上。”",
            "子曰：“礼之用，和为贵。”",
            "子曰：“人而不仁，如礼何？”",
            "子曰：“克己复礼为仁。”",
            "子曰：“里仁为美。”",
            "樊迟问仁。子曰：“爱人。”",
            "樊迟问知。子曰：“知人。”",
        ];
        let mut sents: Vec<&str> = Vec::new();
        for _ in 0..3 {
            sents.extend(text.iter());
        }
        let (found, _) = extract(&sents, &[], &[]);
        for (name, kind) in [
            ("子贡", TermKind::Person),
            ("子路", TermKind::Person),
            ("樊迟", TermKind::Person),
            ("君子", TermKind::Term),
        ] {
            let f = find(&found, name).unwrap_or_else(|| panic!("{name} missing"));
            assert_eq!(f.kind, kind, "{name}");
        }
        for junk in ["之", "也", "曰", "子曰", "而", "何如"] {
            assert!(find(&found, junk).is_none(), "{junk} is junk");
        }
    }

    #[test]
    fn a_classical_text_defines_a_word_with_zhe_and_ye() {
        // (sentence, the words it defines)
        let cases: &[(&str, &[&str])] = &[
            ("誠者，天之道也；誠之者，人之道也。", &["誠", "誠之"]),
            ("仁者人也，親親為大；義者宜也，尊賢為大。", &["仁", "義"]),
            ("夫孝者：善繼人之志，善述人之事者也。", &["孝"]),
            ("夫政也者，蒲盧也。", &["政"]),
            // what the one who X does, not what X is
            ("知者不惑，仁者不憂，勇者不懼。", &[]),
            // a clause too long to be a word
            ("天下國家可均也者，中庸也。", &[]),
        ];
        for &(sentence, words) in cases {
            assert_eq!(classical_definitions(sentence), words, "{sentence}");
        }
    }

    #[test]
    fn a_commentary_takes_up_what_is_so_called() {
        // (sentence, the phrases it takes up)
        let cases: &[(&str, &[&str])] = &[
            ("所謂誠其意者，毋自欺也。", &["誠其意"]),
            ("所謂修身在正其心者：身有所忿懥，則不得其正。", &["修身"]),
            (
                "所謂治國必先齊其家者：其家不可教而能教人者，無之。",
                &["治國"],
            ),
            ("所谓大臣者，以道事君，不可则止。", &["大臣"]),
            // (a phrase too long, a person's own word, one a function character ends)
            ("所謂平天下在治其國者", &["平天下"]),
            ("此所謂國不以利為利，以義為利也。", &[]),
            ("吾所謂道德者，合仁與義言之也。", &[]),
        ];
        for &(sentence, want) in cases {
            assert_eq!(classical_so_called(sentence), want, "{sentence}");
        }
    }

    #[test]
    fn a_word_glued_to_its_particle_is_still_named() {
        // (token, its tag, the word it names)
        let cases = [
            ("问政", "n", Some("政")),
            ("為仁", "x", Some("仁")),
            ("其道", "x", Some("道")),
            ("之士", "x", Some("士")),
            ("孝乎", "x", Some("孝")),
            ("政者", "x", Some("政")),
            // words of their own: a direction, a conjunction, a pronoun
            ("之後", "f", None),
            ("於是", "c", None),
            ("其中", "r", None),
            // two particles, or a word that is no particle's
            ("之乎", "x", None),
            ("君子", "n", None),
            ("喻于义", "x", None),
        ];
        for (token, tag, want) in cases {
            assert_eq!(glued_to_particle(token, tag), want, "{token}");
        }
        // (before 者, only where the clause after it says what the word is)
        let s = "季康子問政於孔子。孔子對曰：“政者，正也。”";
        let at = s.find("政者").unwrap();
        assert!(defined_after(s, &s[at..at + "政者".len()]));
        let s = "至於負者歌於途，行者休於樹，前者呼，後者應。";
        let at = s.find("行者").unwrap();
        assert!(!defined_after(s, &s[at..at + "行者".len()]));
    }

    #[test]
    fn a_classical_dialogue_asks_about_its_topics() {
        // (sentence, the topics asked about)
        let cases: &[(&str, &[&str])] = &[
            (
                "樊遲問知。子曰：「務民之義，敬鬼神而遠之，可謂知矣。」",
                &["知"],
            ),
            ("季康子問政於孔子。", &["政"]),
            (
                "子張問仁於孔子，孔子曰：「能行五者於天下為仁矣。」",
                &["仁"],
            ),
            ("孟武伯问孝。", &["孝"]),
            // (a bare 問, one whose object is a function character, a longer object)
            ("子入大廟，每事問。", &[]),
            ("子貢問曰：「何如斯可謂之士矣？」", &[]),
            ("問之，則曰不知。", &[]),
            ("子張問崇德辨惑。", &[]),
        ];
        for &(sentence, want) in cases {
            assert_eq!(classical_topics(sentence), want, "{sentence}");
        }
    }

    #[test]
    fn a_classical_text_names_a_word_with_zhi_wei() {
        // (sentence, the words it names)
        let cases: &[(&str, &[&str])] = &[
            ("天命之謂性，率性之謂道，修道之謂教。", &["性", "道", "教"]),
            // (中 and 和 are function characters elsewhere: too ambiguous alone)
            ("喜怒哀樂之未發，謂之中；發而皆中節，謂之和。", &[]),
            ("自誠明，謂之性；自明誠，謂之教。", &["性", "教"]),
            ("所惡於左，毋以交於右。此之謂絜矩之道。", &["絜矩之道"]),
            ("此謂知本，此謂知之至也。", &["知本"]),
            (
                "民之所好好之，民之所惡惡之，此之謂民之父母。",
                &["民之父母"],
            ),
            ("是謂拂人之性", &["拂人之性"]),
            // what a quotation says, "said to him", phrases of function words, clauses,
            // questions
            ("子貢問曰：「何如斯可謂之士矣？」", &[]),
            ("一之謂甚，其可再乎？", &[]),
            ("《詩》云：「其儀不忒，正是四國。」此之謂也。", &[]),
            ("孟子謂之曰：「善。」", &[]),
            ("此謂誠於中，形於外。", &[]),
            ("此謂身不修不可以齊其家。", &[]),
            // what a person calls a thing; a run too long to be a name
            ("雖曰未學，吾必謂之學矣。", &[]),
            ("此謂國不以利為利義為利也", &[]),
        ];
        for &(sentence, words) in cases {
            let mut got = classical_namings(sentence);
            got.sort();
            let mut want = words.to_vec();
            want.sort();
            assert_eq!(got, want, "{sentence}");
        }
    }

    #[test]
    fn classical_concepts_the_text_defines_or_the_dictionary_names() {
        let text = [
            "子曰：「中庸其至矣乎！民鮮能久矣！」",
            "仲尼曰：「君子中庸，小人反中庸。」",
            "子曰：「天下國家可均也，中庸不可能也。」",
            "誠者，天之道也；誠之者，人之道也。",
            "唯天下至誠，為能盡其性。",
            "故至誠無息。",
            "誠者自成也，而道自道也。",
            "國治而後天下平。",
            "古者言之不出，恥躬之不逮也。",
            "古者民有三疾，今也或是之亡也。",
            "子曰：「君子不器。」",
        ];
        let (found, _) = extract(&text, &[], &[]);
        // (中庸 and 天下 open or end with a direction, but the dictionary names them; 誠 is
        // an adjective there, but the text defines it)
        for word in ["中庸", "天下", "誠"] {
            let f = find(&found, word).unwrap_or_else(|| panic!("{word} missing"));
            assert_eq!(f.kind, TermKind::Term, "{word}");
        }
        for junk in ["至誠", "之道", "其至", "古"] {
            assert!(find(&found, junk).is_none(), "{junk} is junk");
        }
    }

    #[test]
    fn a_dictionary_place_needs_places_contexts_in_modern_text() {
        let s = [
            "信士们遵行礼拜。",
            "他们举行礼拜并且完纳天课。",
            "礼拜是信士的义务。",
            "你们应当按时礼拜。",
            "他们不疏忽礼拜。",
            "礼拜使人虔诚。",
            "黎明的礼拜被见证。",
            "礼拜之后你们可以散去。",
        ];
        let (found, _) = extract(&s, &[], &[]);
        // (礼拜 is "ns" in jieba's dictionary: prayer, which the text never puts where places
        // stand)
        assert_eq!(find(&found, "礼拜").map(|f| f.kind), Some(TermKind::Term));
    }

    #[test]
    fn a_dictionary_place_that_edges_on_a_function_character_is_one_where_the_text_goes_there() {
        let s = [
            "你俩当为自己的宗族而在埃及建造些房屋。",
            "那购买他的埃及人对自己的妻子说话。",
            "你们平安地进埃及吧！",
            "这件事普及了。",
            "知识普及很快。",
            "他们普及文化。",
        ];
        let (found, _) = extract(&s, &[], &[]);
        assert_eq!(find(&found, "埃及").map(|f| f.kind), Some(TermKind::Place));
        // (普及 "popularise" is "ns" in jieba's dictionary, and no place)
        assert!(find(&found, "普及").is_none());
    }

    #[test]
    fn modern_compounds_and_latin() {
        let s = [
            "软件包的维护者需要了解上游。",
            "每个软件包都有维护者。",
            "维护者用 debmake 生成软件包。",
            "上游发布新版本后，维护者更新软件包。",
        ];
        let (found, _) = extract(&s, &[], &[]);
        assert!(find(&found, "软件包").is_some());
        assert!(find(&found, "维护者").is_some());
        assert!(find(&found, "debmake").is_none(), "once only");
        let (found, _) = extract(&s, &["更新软件包".to_string()], &[]);
        assert!(
            find(&found, "软件包").is_some(),
            "an entry name joins the dictionary only"
        );
    }

    /// An English word among Chinese prose that the text cites with its manual section, or
    /// runs at a shell prompt, is a program and a term ("make", "bash"), though the word is
    /// everyday English; one it only quotes is not.
    #[test]
    fn a_program_the_text_cites_or_runs_is_a_term_though_an_english_word() {
        let s = [
            "用 make(1) 命令构建软件。",
            "运行 make 之前先读 Makefile 文件。",
            "交互式的 shell 总是指 bash。",
            "你可以通过配置文件来定制 bash 的行为。",
            "这里的 make 指的是构建工具。",
            "单词 about 在英文里很常见。",
            "这个 about 页面说明了版本。",
        ];
        let cases: [(&[String], &str, bool); 4] = [
            (&[], "make", true),
            (&[], "bash", false),
            (&["bash".to_string()], "bash", true),
            (&["about".to_string()], "about", false),
        ];
        for (programs, word, kept) in cases {
            let (found, _) = extract(&s, &[], programs);
            assert_eq!(
                find(&found, word).is_some(),
                kept,
                "{word} with {programs:?}"
            );
        }
    }

    /// A time the book speaks of as a thing, a time word ordinary text seldom uses, is a term
    /// of the book (复活日, the Day of Resurrection); an everyday one (今天) is not.
    #[test]
    fn a_rare_time_word_the_text_keeps_using_is_a_term() {
        let mut s = vec![
            "在复活日，他们将被召集。",
            "复活日是毫无疑问的。",
            "他们今天不信复活日。",
            "今天他们在复活日之前悔过。",
            "今天的人不记得今天。",
        ];
        // (in a text of some length: how rare a word is counts against all its words)
        s.extend(std::iter::repeat_n(
            "我们的朋友在家里吃饭，大家都很高兴。",
            300,
        ));
        let (found, _) = extract(&s, &[], &[]);
        assert!(find(&found, "复活日").is_some());
        assert!(find(&found, "今天").is_none());
    }

    /// Figures of antiquity: a one-character name counts where the text pairs it with another
    /// or lets it speak, never alone or repeated (湯 "soup", 湯湯 "flowing"); a longer name
    /// counts where it is not part of a longer one (孫武 inside 叔孫武叔).
    #[test]
    fn figures_of_antiquity_need_their_context() {
        let cases: [(&[&str], &str, bool); 8] = [
            // (a figure known by another name, 后稷 for 稷; not 太白, a star)
            (&["时维后稷。", "后稷之孙，实维大王。"], "后稷", true),
            (&["太白出东方。", "太白入月。"], "太白", false),
            (&["堯、舜其猶病諸！", "舜有臣五人而天下治矣。"], "舜", true),
            (
                &["巍巍乎！禹之有天下也。", "禹稷躬稼而有天下。"],
                "禹",
                true,
            ),
            (&["湯湯流水，不舍晝夜。", "浴蘭湯兮沐芳。"], "湯", false),
            (&["浴蘭湯兮沐芳，湯成而飲之。", "飲湯而已。"], "湯", false),
            (
                &["叔孫武叔毀仲尼。", "叔孫武叔語大夫於朝曰：子貢賢於仲尼。"],
                "孫武",
                false,
            ),
            (
                &["伯夷叔齊餓于首陽之下。", "伯夷、叔齊，不念舊惡。"],
                "伯夷",
                true,
            ),
        ];
        for (sentences, name, person) in cases {
            let (found, _) = extract(sentences, &[], &[]);
            let got = find(&found, name).is_some_and(|f| f.kind == TermKind::Person);
            assert_eq!(got, person, "{name} in {sentences:?}");
        }
    }

    /// Traditional text is cut as its Simplified form is (jieba's dictionary lists 司马迁,
    /// not 司馬遷), with the words in the text's own characters: 馬 inside 司馬遷 is no word.
    #[test]
    fn traditional_text_is_cut_with_the_simplified_dictionary() {
        assert_eq!(simplified("司馬遷").as_deref(), Some("司马迁"));
        assert_eq!(simplified("司马迁"), None);
        let words: Vec<&str> = tag_piece("太史公司馬遷曰", false)
            .into_iter()
            .map(|(w, _)| w)
            .collect();
        assert!(words.contains(&"司馬遷"), "{words:?}");
        assert!(!words.contains(&"馬"), "{words:?}");
        assert_eq!(dict_tag("司馬遷"), dict_tag("司马迁"));
    }
}

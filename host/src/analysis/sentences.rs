//! Sentence splitting for Chinese and English (rule-based, no model).

use super::Lang;

const EN_ABBREV: &[&str] = &[
    "mr", "mrs", "ms", "dr", "st", "sr", "jr", "prof", "capt", "col", "gen", "lt", "rev", "hon",
    "vs", "etc", "e.g", "i.e", "no", "vol", "fig", "p", "pp", "ch", "cf", "mt", "ft", "approx",
    "al", "resp", "incl", "esp", "viz", "ibid", "ca", "syn", "orig", "prob",
];

/// Splits a block of text into sentences, trimmed and non-empty.
///
/// Chinese: after 。！？!?； (and 、 is not a boundary), keeping closing quotes and
/// brackets with the sentence; not inside “…” or 「…」 quotes (a quoted speech stays one
/// passage with its speaker) unless the sentence has grown past 300 characters. English:
/// after `.`, `!`, `?` followed by whitespace and not after a known abbreviation or a single
/// initial. Newlines inside a block split only before a verse number ("2:9 They …"), where a
/// verse may end without a stop. A numbered verse is one passage: its stops do not split it
/// (a scripture is cited by verse, "2:255", and a sentence cut from the middle of one would
/// carry no number), unless it runs past 600 characters.
pub fn split_sentences(text: &str, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut cur = String::new();
    let mut i = 0;
    let closers = ['”', '’', '」', '』', '）', ')', '"', '\'', '》', '】', ']'];
    let mut depth = 0i32;
    let mut cur_chars = 0usize;
    while i < chars.len() {
        let c = chars[i];
        cur.push(if c == '\n' { ' ' } else { c });
        cur_chars += 1;
        let mut closed = false;
        if lang == Lang::Zh {
            match c {
                '“' | '「' | '『' => depth += 1,
                '”' | '」' | '』' => {
                    depth = (depth - 1).max(0);
                    closed = depth == 0
                        && i > 0
                        && ['。', '！', '？', '!', '?', '…'].contains(&chars[i - 1]);
                }
                _ => {}
            }
        }
        let quoted = depth > 0 && cur_chars < 300;
        // (inside a numbered verse, only the next verse number ends it)
        let stop = closed || matches!(c, '。' | '！' | '？' | '；' | '!' | '?' | '.' | '…');
        let in_verse = stop && cur_chars < 600 && opens_with_verse_number(&cur);
        let boundary = match c {
            ' ' | '\n' => verse_number_follows(&chars, i + 1) && !time_word_before(&cur),
            _ if in_verse => false,
            '。' | '！' | '？' | '；' => !quoted,
            // (a mark set apart by a space, or joined to the name after it, is an operator,
            // not a stop: "与 ! expr 相同", "!expr", "!=")
            '!' | '?' if lang == Lang::Zh && operator_mark(&chars, i) => false,
            '!' | '?' => {
                lang == Lang::Zh && !quoted || lang == Lang::En && next_is_space_or_end(&chars, i)
            }
            ';' => false,
            '.' => lang == Lang::En && en_period_ends(&chars, i, &cur),
            '…' => lang == Lang::Zh && chars.get(i + 1).is_none_or(|n| *n != '…'),
            // (a verse number, "2:9 They …", starts a new sentence, above, whether or not
            // the verse before it ends with a stop, and a hard-wrapped text may have joined
            // the two verses on one line)
            _ => closed,
        };
        if boundary {
            while i + 1 < chars.len() && closers.contains(&chars[i + 1]) {
                i += 1;
                cur.push(chars[i]);
            }
            push(&mut out, &mut cur);
            cur_chars = 0;
            depth = 0;
        }
        i += 1;
    }
    push(&mut out, &mut cur);
    if lang == Lang::Zh {
        join_namings(&mut out);
        join_questions(&mut out);
    }
    out
}

/// Joins a short question of a dialogue to the answer that follows it: a question reported
/// without its words, "孟武伯问孝。", "哀公問政。", or a speech that only asks, "樊迟曰：“何谓
/// 也？”", "颜渊曰：请问其目？", then a sentence that opens with the answer's speaker, "子曰：…",
/// "孔子對曰：…". Alone the question quotes a name and a topic and nothing said of either; the
/// answer is what a reader of the topic's page looks for.
fn join_questions(out: &mut Vec<String>) {
    let asks = |s: &str| {
        let n = s.chars().count();
        let speech = s.contains(['曰', '问', '問']);
        // (a report: 问/問 and a topic, no words quoted)
        let reported = n <= 12
            && s.contains(['问', '問'])
            && !s.contains(['曰', '“', '「', '：', ':', '，'])
            && s.ends_with('。');
        // (a speech that asks and says nothing else)
        let asking = n <= 16
            && speech
            && s.trim_end_matches(['”', '」', '』']).ends_with(['？', '?'])
            && s.matches(['？', '?', '。', '！']).count() == 1;
        reported || asking
    };
    // (the answer opens with its speaker: 曰 within its first eight characters)
    let answers = |s: &str| {
        s.chars()
            .take(8)
            .position(|c| c == '曰')
            .is_some_and(|at| at >= 1 && !s.starts_with(|c: char| c.is_ascii_digit()))
    };
    if !out.windows(2).any(|w| asks(&w[0]) && answers(&w[1])) {
        return;
    }
    let mut joined: Vec<String> = Vec::with_capacity(out.len());
    let mut pending_question = false;
    for s in out.drain(..) {
        if pending_question && answers(&s) {
            let q = joined.last_mut().expect("a question was pushed");
            q.push_str(&s);
            pending_question = false;
            continue;
        }
        pending_question = asks(&s) && !s.starts_with(|c: char| c.is_ascii_digit());
        joined.push(s);
    }
    *out = joined;
}

/// Joins a short classical naming that refers back, "此之謂絜矩之道。", "此謂知本。", "是謂X", to
/// the sentence before it, which says what it names: alone it quotes a name and nothing of
/// what the name means.
fn join_namings(out: &mut Vec<String>) {
    // (此 or 是, 之 or not, and 謂: "此之謂", "是謂"; at most 16 characters in all)
    let refers_back = |s: &str| {
        s.strip_prefix(['此', '是'])
            .map(|r| r.strip_prefix('之').unwrap_or(r))
            .is_some_and(|r| r.starts_with(['謂', '谓']))
            && s.chars().count() <= 16
    };
    if !out.iter().skip(1).any(|s| refers_back(s)) {
        return;
    }
    let mut joined: Vec<String> = Vec::with_capacity(out.len());
    for s in out.drain(..) {
        if joined.is_empty() || !refers_back(&s) {
            joined.push(s);
            continue;
        }
        // (with the clauses a semicolon split off before it, the whole statement it names:
        // "所惡於上，毋以使下；…；所惡於左，毋以交於右。此之謂絜矩之道。", up to 300 characters)
        let mut from = joined.len() - 1;
        let mut len = joined[from].chars().count();
        while from > 0 && joined[from - 1].ends_with('；') {
            len += joined[from - 1].chars().count();
            if len > 300 {
                break;
            }
            from -= 1;
        }
        let mut whole: String = joined.drain(from..).collect();
        whole.push_str(&s);
        joined.push(whole);
    }
    *out = joined;
}

/// Whether `chars[at..]` opens with a verse number and its text: one to three digits, `:`,
/// one to three digits, a space, and a capital, a Chinese character or a bracket ("2:9 They",
/// "1:3 至仁", "2:10 [But]"), not a time of day ("10:30 am").
fn verse_number_follows(chars: &[char], at: usize) -> bool {
    let digits = |from: usize| {
        chars[from.min(chars.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let a = digits(at);
    if !(1..=3).contains(&a) || chars.get(at + a) != Some(&':') {
        return false;
    }
    let b = digits(at + a + 1);
    let text = at + a + 1 + b;
    (1..=3).contains(&b)
        && chars.get(text) == Some(&' ')
        && chars
            .get(text + 1)
            .is_some_and(|&c| c.is_uppercase() || super::chinese::is_cjk(c) || "[(“\"".contains(c))
}

/// Whether a sentence opens with a verse number and its text ("2:9 They …").
fn opens_with_verse_number(cur: &str) -> bool {
    let t = cur.trim_start();
    // (cheap first: a digit opens it)
    t.starts_with(|c: char| c.is_ascii_digit()) && {
        let chars: Vec<char> = t.chars().take(12).collect();
        verse_number_follows(&chars, 0)
    }
}

/// Whether the sentence so far ends with a word that introduces a time ("at 10:30 PM").
fn time_word_before(cur: &str) -> bool {
    let last = cur.split_whitespace().next_back().unwrap_or("");
    [
        "at", "by", "from", "to", "until", "till", "since", "about", "around",
    ]
    .contains(&last.to_lowercase().as_str())
}

fn push(out: &mut Vec<String>, cur: &mut String) {
    let t = cur.trim();
    if t.chars().any(|c| c.is_alphanumeric()) {
        out.push(t.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    cur.clear();
}

/// Whether the ASCII `!` or `?` at `chars[i]` of a Chinese text is an operator of a command
/// or a pattern rather than a stop: a space before it, or a Latin letter, a digit or `=` right
/// after it where no Chinese word ends before it ("与 ! expr 相同", "-not 即 !expr", "a != b").
/// A Chinese sentence's stop follows its last word directly, and may be half-width with the
/// next sentence right after it ("真的吗?Linux 是自由的。").
fn operator_mark(chars: &[char], i: usize) -> bool {
    let spaced = i > 0 && chars[i - 1] == ' ';
    let after_chinese = i > 0 && super::chinese::is_cjk(chars[i - 1]);
    let joined = !after_chinese
        && chars
            .get(i + 1)
            .is_some_and(|n| n.is_ascii_alphanumeric() || *n == '=');
    spaced || joined
}

fn next_is_space_or_end(chars: &[char], i: usize) -> bool {
    let mut j = i + 1;
    while j < chars.len() && ['"', '\'', '”', '’', ')'].contains(&chars[j]) {
        j += 1;
    }
    j >= chars.len() || chars[j].is_whitespace()
}

fn en_period_ends(chars: &[char], i: usize, cur: &str) -> bool {
    if !next_is_space_or_end(chars, i) {
        return false;
    }
    // The word before the period.
    let before = &cur[..cur.len() - 1];
    let word: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '.')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    // A list number at the start of a sentence ("3. Wait").
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_digit()) && before.trim() == word {
        return false;
    }
    // A section's number right after an opening quote or bracket: a heading is being named
    // ("(see “3.1. Creating destination points”)", "(see: “1. Introduction”)").
    if word.starts_with(|c: char| c.is_ascii_digit())
        && word.chars().all(|c| c.is_ascii_digit() || c == '.')
        && before[..before.len() - word.len()].ends_with(['“', '"', '‘', '(', '[', '«'])
    {
        return false;
    }
    let lw = word.to_lowercase();
    if EN_ABBREV.contains(&lw.as_str()) {
        return false;
    }
    // A single capital initial ("J. R. R. Tolkien").
    if word.chars().count() == 1 && word.chars().all(|c| c.is_uppercase()) {
        return false;
    }
    // The next non-space char: a lower-case letter means the sentence goes on, unless an
    // ordinary word of the dictionary ends the sentence before it: a technical text opens
    // sentences with a program's name ("… building script. dh is the most common packaging
    // helper").
    let next = chars[i + 1..]
        .iter()
        .find(|c| !c.is_whitespace() && !['"', '\'', '”', '’', ')'].contains(c));
    !next.is_some_and(|c| c.is_lowercase())
        || word.chars().count() >= 3
            && word.chars().all(|c| c.is_ascii_lowercase())
            && [&word[..], word.strip_suffix('s').unwrap_or("")]
                .iter()
                .any(|w| super::background::en_band(w).is_some())
}

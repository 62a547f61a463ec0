//! Step sequences: numbered list items ("1.", "2)", "Step 3", "第一步", "（一）") that instruct
//! or sit under a heading or lead-in that names the action (a list of statements is an
//! enumeration, not a procedure), runs of
//! imperative sentences in English, and how-to sections: a chapter or section whose heading
//! names an action ("Installing calibre", "Implementing a writable stream", "How to …",
//! "第四步：使用 debuild 构建软件包", "安装…"), whose paragraphs are its steps.

use super::{Analysis, Lang, Procedure};

/// If the line starts with a step marker, the marker's number (1-based).
pub fn step_marker(line: &str) -> Option<u32> {
    let t = line.trim_start();
    // "1." "1)" "1、" "(1)" "（1）"
    let inner = t
        .strip_prefix('(')
        .or_else(|| t.strip_prefix('（'))
        .unwrap_or(t);
    let digits: String = inner.chars().take_while(|c| c.is_ascii_digit()).collect();
    if !digits.is_empty() && digits.len() <= 3 {
        let rest = &inner[digits.len()..];
        if rest.starts_with(". ")
            || rest.starts_with(") ")
            || rest.starts_with('、')
            || rest.starts_with('）')
            || rest.starts_with(")") && !rest[1..].starts_with(char::is_alphanumeric)
        {
            return digits.parse().ok();
        }
    }
    let lower = t.to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix("step ") {
        let d: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !d.is_empty() {
            return d.parse().ok();
        }
    }
    // 第一步 / 一、
    let zh_num = |s: &str| -> Option<(u32, usize)> {
        let mut n = 0u32;
        let mut used = 0;
        for c in s.chars() {
            let v = "零一二三四五六七八九".find(c).map(|b| (b / 3) as u32);
            match (c, v) {
                ('十', _) => {
                    n = if n == 0 { 10 } else { n * 10 };
                }
                (_, Some(v)) => {
                    n = if n >= 10 && n.is_multiple_of(10) {
                        n + v
                    } else {
                        n * 10 + v
                    };
                }
                _ => break,
            }
            used += c.len_utf8();
        }
        (used > 0 && n > 0).then_some((n, used))
    };
    if let Some(rest) = t.strip_prefix('第')
        && let Some((n, used)) = zh_num(rest)
        && rest[used..].starts_with('步')
    {
        return Some(n);
    }
    if let Some((n, used)) = zh_num(t)
        && t[used..].starts_with('、')
    {
        return Some(n);
    }
    None
}

const IMPERATIVES: &[&str] = &[
    "add",
    "remove",
    "open",
    "close",
    "click",
    "run",
    "install",
    "take",
    "put",
    "mix",
    "cut",
    "place",
    "press",
    "select",
    "set",
    "use",
    "make",
    "check",
    "turn",
    "insert",
    "type",
    "enter",
    "create",
    "copy",
    "pour",
    "heat",
    "stir",
    "wait",
    "connect",
    "choose",
    "go",
    "keep",
    "let",
    "fill",
    "boil",
    "bake",
    "combine",
    "apply",
    "attach",
    "build",
    "configure",
    "download",
    "edit",
    "ensure",
    "find",
    "fold",
    "hold",
    "move",
    "pull",
    "push",
    "repeat",
    "replace",
    "save",
    "start",
    "stop",
    "tighten",
    "unscrew",
    "wash",
    "write",
    "measure",
    "draw",
    "lay",
    "cover",
];

/// Whether a numbered item reads as a step (a sentence: several words, or sentence
/// punctuation) rather than a heading.
fn reads_as_step(text: &str) -> bool {
    let t = text.trim();
    let cjk = t
        .chars()
        .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
        .count();
    let words = t.split_whitespace().count();
    t.ends_with(['.', '。', '!', '！', ':', '：', ';', '；', ')', '）'])
        || (cjk == 0 && words >= 4)
        || cjk >= 8
}

/// Ordinal openers of a step ("First, dig …", "Then …", "首先，…").
const ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "then", "next", "finally", "lastly", "首先",
    "其次", "然后", "然後", "接着", "接著", "最后", "最後",
];

/// Whether a numbered item tells the reader to do something: its first word (after the
/// number) is an imperative ("2. Run dh_make", "3. 运行 debuild").
fn instructs(item: &str, lang: Lang) -> bool {
    let t = item.trim_start();
    // (the marker: "1. ", "(2) ", "第三步：", "四、")
    let body = t
        .find(|c: char| c.is_alphabetic() && !"第零一二三四五六七八九十步".contains(c))
        .map_or("", |i| &t[i..]);
    match lang {
        Lang::En => is_imperative(body) || super::en_imperative(body),
        Lang::Zh => {
            ZH_HOWTO_VERBS.iter().any(|v| body.starts_with(v)) || super::zh_imperative(body)
        }
    }
}

/// Whether a lead-in or heading names an action or a procedure: a how-to heading ("Installing
/// calibre"), a purpose ("To build the package, do this:"), or the word for steps ("Follow these
/// steps", "操作步骤").
fn names_an_action(title: &str, lang: Lang) -> bool {
    if howto_title(title, lang).is_some() {
        return true;
    }
    let lower = title.trim().to_lowercase();
    match lang {
        Lang::En => {
            let words: Vec<&str> = lower
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            // (or a compound that ends in the action: "Vote Counting")
            let gerund_head = words
                .last()
                .is_some_and(|w| w.len() >= 6 && w.ends_with("ing") && !NOT_GERUNDS.contains(w));
            lower.starts_with("to ")
                || gerund_head
                || words
                    .iter()
                    .any(|w| ["step", "steps", "procedure", "process", "follow", "do"].contains(w))
        }
        Lang::Zh => ["步骤", "步驟", "操作", "方法", "做法", "流程"]
            .iter()
            .any(|w| lower.contains(w)),
    }
}

fn is_step_sentence(sentence: &str) -> bool {
    let t = sentence.trim_start();
    let lower = t.to_lowercase();
    ORDINALS
        .iter()
        .any(|o| lower.starts_with(o) && lower[o.len()..].starts_with([',', '，', ' ', '、']))
        || is_imperative(t)
}

fn is_imperative(sentence: &str) -> bool {
    IMPERATIVES.contains(&super::first_word(sentence).as_str())
}

/// Words that end in "-ing" but are not an action a how-to heading names.
const NOT_GERUNDS: &[&str] = &[
    "thing",
    "things",
    "string",
    "strings",
    "something",
    "nothing",
    "anything",
    "everything",
    "morning",
    "evening",
    "during",
    "king",
    "ring",
    "spring",
    "wing",
    "meaning",
    "beginning",
    "warning",
    "warnings",
    "ceiling",
    "wedding",
    "clothing",
    "offspring",
    "bring",
    "sing",
    "swing",
    "sting",
    "sibling",
    "ending",
    "timing",
    "padding",
    "heading",
    "pending",
];

/// Verbs a Chinese how-to heading starts with ("安装…", "构建…", "如何…").
const ZH_HOWTO_VERBS: &[&str] = &[
    "如何", "怎样", "怎么", "安装", "构建", "建立", "配置", "使用", "创建", "编写", "设置", "运行",
    "生成", "打包", "编译", "制作", "下载", "更新", "升级", "修改", "添加", "删除", "检查", "测试",
    "部署", "卸载", "实现", "上传", "启动", "设定",
];

/// The title of the section (else the chapter) a block is in, without its number.
fn unit_title(section: Option<&str>, chapter: &str) -> String {
    strip_section_number(section.unwrap_or(chapter)).to_string()
}

/// Strips a leading section number ("4.8. ", "2.1: ", "3 ", "A.2. ") from a heading.
pub(crate) fn strip_section_number(heading: &str) -> &str {
    let t = heading.trim();
    // an appendix's letter: "A.2. Withdrawing ballot options"
    let t = match t.as_bytes() {
        [l, b'.', d, ..] if l.is_ascii_uppercase() && d.is_ascii_digit() => &t[2..],
        _ => t,
    };
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    if end == 0 || !t[..end].starts_with(|c: char| c.is_ascii_digit()) {
        return t;
    }
    t[end..]
        .trim_start_matches([':', '：', ')', ' '])
        .trim_start()
}

/// If a heading names an action to carry out, the how-to title it gives: the heading
/// without its section number and step label.
pub fn howto_title(heading: &str, lang: Lang) -> Option<String> {
    let t = strip_section_number(heading);
    // "第四步：…" / "Step 4: …" label the section as a step of a larger procedure
    let (t, stepped) = match step_marker(t) {
        Some(_) if t.starts_with('第') => match t.find(['：', ':']) {
            Some(i) => (t[i..].trim_start_matches(['：', ':']).trim(), true),
            None => (t, false),
        },
        _ => (t, false),
    };
    if t.chars().count() < 3 || t.chars().count() > 60 {
        return None;
    }
    let action = match lang {
        Lang::Zh => stepped || ZH_HOWTO_VERBS.iter().any(|v| t.starts_with(v)),
        Lang::En => {
            let words: Vec<String> = t
                .split_whitespace()
                .map(|w| {
                    w.trim_matches(|c: char| !c.is_alphanumeric())
                        .to_lowercase()
                })
                .collect();
            let first = words.first().map(String::as_str).unwrap_or("");
            words.len() >= 2
                && (first == "how" && words.get(1).is_some_and(|w| w == "to")
                    || first.len() >= 6 && first.ends_with("ing") && !NOT_GERUNDS.contains(&first)
                    || IMPERATIVES.contains(&first))
        }
    };
    action.then(|| t.to_string())
}

/// Finds step sequences: blocks that are numbered steps 1, 2, 3 … in a row, runs of at
/// least three English imperative sentences, and how-to sections. Each step is its block's
/// first sentence.
pub fn detect(a: &Analysis) -> Vec<(Procedure, Vec<u32>)> {
    let mut out = Vec::new();
    // First sentence index of every block.
    let mut block_first: Vec<Vec<u32>> = a
        .doc
        .chapters
        .iter()
        .map(|c| vec![u32::MAX; c.blocks.len()])
        .collect();
    for (i, s) in a.sentences.iter().enumerate() {
        let slot = &mut block_first[s.chapter as usize][s.block as usize];
        if *slot == u32::MAX {
            *slot = i as u32;
        }
    }
    for (ci, ch) in a.doc.chapters.iter().enumerate() {
        let mut bi = 0;
        while bi < ch.blocks.len() {
            if step_marker(&ch.blocks[bi].text) == Some(1) {
                let mut steps = vec![bi];
                let mut expect = 2;
                let mut j = bi + 1;
                while j < ch.blocks.len() && step_marker(&ch.blocks[j].text) == Some(expect) {
                    steps.push(j);
                    expect += 1;
                    j += 1;
                }
                // A numbered list of short headings ("1. 概览", "2. Setup") is a table of
                // contents, not steps: at least half of the items must read as sentences.
                let sentence_like = steps
                    .iter()
                    .filter(|&&b| reads_as_step(&ch.blocks[b].text))
                    .count();
                // A numbered list of statements ("1. The Leader may …", the exceptions a
                // rule allows) is an enumeration, not a procedure: its lead-in or heading names
                // an action, or at least half of its items are instructions.
                let instructions = steps
                    .iter()
                    .filter(|&&b| instructs(&ch.blocks[b].text, a.lang))
                    .count();
                if steps.len() >= 2 && sentence_like * 2 >= steps.len() {
                    let title = if bi > 0 {
                        let prev = &ch.blocks[bi - 1].text;
                        let first = super::split_sentences(prev, a.lang)
                            .into_iter()
                            .last()
                            .unwrap_or_default();
                        title_from(&first)
                    } else {
                        unit_title(ch.blocks[bi].section.as_deref(), &ch.title)
                    };
                    // (whether the list is a procedure is asked of its lead-in as written:
                    // "该过程包含 2 个步骤" says so, though it names nothing)
                    let lead = title.clone();
                    let title = if title.is_empty() || !names_the_list(&title, a.lang) {
                        unit_title(ch.blocks[bi].section.as_deref(), &ch.title)
                    } else {
                        title
                    };
                    // (the headings above the list: its section's, each enclosing one's and
                    // the chapter's; a list inside "Standard Resolution Procedure" is part of a
                    // procedure)
                    let mut headings = vec![ch.title.as_str()];
                    headings.extend(ch.blocks[bi].section.iter().flat_map(|s| s.split(" / ")));
                    let ids: Vec<u32> = steps
                        .iter()
                        .map(|&b| block_first[ci][b])
                        .filter(|&i| i != u32::MAX)
                        .collect();
                    if instructions * 2 >= steps.len()
                        || names_an_action(&lead, a.lang)
                        || names_an_action(&title, a.lang)
                        || headings
                            .iter()
                            .any(|h| names_an_action(strip_section_number(h), a.lang))
                    {
                        push(a, &mut out, title, ids);
                    }
                }
                bi = j;
                continue;
            }
            bi += 1;
        }
    }
    if a.lang == Lang::En {
        let mut i = 0;
        while i < a.sentences.len() {
            if is_step_sentence(&a.sentences[i].text) && step_marker(&a.sentences[i].text).is_none()
            {
                let mut j = i;
                while j < a.sentences.len()
                    && a.sentences[j].chapter == a.sentences[i].chapter
                    && is_step_sentence(&a.sentences[j].text)
                {
                    j += 1;
                }
                if j - i >= 3 {
                    let s = &a.sentences[i];
                    let b = &a.doc.chapters[s.chapter as usize].blocks[s.block as usize];
                    // The sentence right before the run in the same block introduces it
                    // ("To plant a tree, follow these steps.").
                    let lead = (i > 0
                        && a.sentences[i - 1].chapter == s.chapter
                        && a.sentences[i - 1].block == s.block
                        && a.sentences[i - 1].text.chars().count() <= 80)
                        .then(|| title_from(&a.sentences[i - 1].text))
                        .filter(|t| names_the_list(t, a.lang));
                    let title = lead
                        .or_else(|| b.section.clone())
                        .or_else(|| {
                            (s.block > 0).then(|| {
                                let prev = &a.doc.chapters[s.chapter as usize].blocks
                                    [s.block as usize - 1]
                                    .text;
                                title_from(
                                    &super::split_sentences(prev, a.lang)
                                        .into_iter()
                                        .last()
                                        .unwrap_or_default(),
                                )
                            })
                        })
                        .filter(|t| !t.is_empty())
                        .unwrap_or_else(|| title_from(&s.text));
                    push(a, &mut out, title, (i as u32..j as u32).collect());
                }
                i = j.max(i + 1);
                continue;
            }
            i += 1;
        }
    }
    howto_sections(a, &block_first, &mut out);
    out
}

/// How-to sections: a chapter or section whose heading names an action, and which holds no
/// numbered or imperative steps found above, is a procedure whose steps are the first
/// sentences of its own paragraphs (or, for a single paragraph, its sentences).
fn howto_sections(a: &Analysis, block_first: &[Vec<u32>], out: &mut Vec<(Procedure, Vec<u32>)>) {
    const MAX_STEPS: usize = 12;
    let mut seen: Vec<(usize, Option<String>)> = Vec::new();
    for (ci, ch) in a.doc.chapters.iter().enumerate() {
        let mut bi = 0;
        while bi < ch.blocks.len() {
            let section = ch.blocks[bi].section.clone();
            let mut end = bi + 1;
            while end < ch.blocks.len() && ch.blocks[end].section == section {
                end += 1;
            }
            let heading = match &section {
                Some(path) => path.rsplit(" / ").next().unwrap_or(path),
                None => ch.title.as_str(),
            };
            let found = seen.contains(&(ci, section.clone()))
                || out.iter().any(|(p, _)| {
                    p.location.chapter as usize == ci && p.location.section == section
                });
            seen.push((ci, section.clone()));
            if !found && let Some(title) = howto_title(heading, a.lang) {
                // (a line of code, a table's cell, an option or a label between the
                // paragraphs, "[n]>word", "--debugger", "EOF", "Chapter 8", is no step; nor is
                // the heading itself, set again as a paragraph, as a PDF's cover sets its title)
                let key = |s: &str| {
                    s.chars()
                        .filter(|c| c.is_alphanumeric())
                        .flat_map(char::to_lowercase)
                        .collect::<String>()
                };
                let title_key = key(&title);
                let same = |t: &str| key(t) == title_key;
                let firsts: Vec<u32> = (bi..end)
                    .map(|b| block_first[ci][b])
                    .filter(|&i| {
                        i != u32::MAX && {
                            let text = &a.sentences[i as usize].text;
                            prose_step(text) && !same(text)
                        }
                    })
                    .collect();
                let ids: Vec<u32> = if firsts.len() >= 2 {
                    firsts.into_iter().take(MAX_STEPS).collect()
                } else {
                    // one paragraph: its sentences are the steps
                    firsts
                        .first()
                        .map(|&first| {
                            (first..a.sentences.len() as u32)
                                .take_while(|&i| {
                                    let s = &a.sentences[i as usize];
                                    s.chapter as usize == ci
                                        && s.block == a.sentences[first as usize].block
                                })
                                .take(MAX_STEPS)
                                .collect()
                        })
                        .unwrap_or_default()
                };
                push(a, out, title, ids);
            }
            bi = end;
        }
    }
}

fn push(a: &Analysis, out: &mut Vec<(Procedure, Vec<u32>)>, title: String, ids: Vec<u32>) {
    // (a list number the extraction left as a sentence of its own, "3.", is no step)
    let ids: Vec<u32> = ids
        .into_iter()
        .filter(|&i| says_something(&a.sentences[i as usize].text))
        .collect();
    if ids.len() < 2 || out.len() >= 500 {
        return;
    }
    let location = a.passage_at(ids[0] as usize).location;
    // A lead sentence that is itself a step, or a bare "Example:", gives way to the heading.
    let weak = title.chars().count() < 3
        || title.chars().count() > 60
        || [
            "example",
            "examples",
            "for example",
            "e.g",
            "note",
            "示例",
            "例如",
        ]
        .contains(&title.to_lowercase().as_str());
    let heading = location
        .section
        .clone()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| location.chapter_title.clone());
    let title = if weak { heading.clone() } else { title };
    // A heading names the procedure without its number ("4.2. Procedure" -> "Procedure").
    let mut title = strip_section_number(&title).to_string();
    // Titles are unique: a repeated one names its section or chapter, then a number.
    let taken = |t: &str, out: &Vec<(Procedure, Vec<u32>)>| {
        out.iter().any(|(p, _)| p.title.eq_ignore_ascii_case(t))
    };
    // Lists that have no lead-in of their own under a heading that already names a procedure
    // are parts of that procedure, not procedures of their own (no "Prerequisites (2)", "(3)"
    // beside "Prerequisites"): the heading names the longest of them.
    if title == strip_section_number(&heading)
        && let Some((p, steps)) = out.iter_mut().find(|(p, _)| {
            p.location.chapter == location.chapter
                && p.location.section == location.section
                && p.title.eq_ignore_ascii_case(&title)
        })
    {
        if ids.len() > steps.len() {
            p.step_count = ids.len() as u32;
            p.location = location;
            *steps = ids;
        }
        return;
    }
    if taken(&title, out) {
        let unnumbered = |s: &str| strip_section_number(s).to_string();
        let place = location
            .section
            .as_deref()
            .map(unnumbered)
            .filter(|s| !s.is_empty() && *s != title)
            .unwrap_or_else(|| unnumbered(&location.chapter_title));
        if !place.is_empty() && place != title {
            title = format!("{title} ({place})");
        }
        let base = title.clone();
        let mut n = 2;
        while taken(&title, out) {
            title = format!("{base} ({n})");
            n += 1;
        }
    }
    out.push((
        Procedure {
            id: format!("proc{}", out.len()),
            title,
            step_count: ids.len() as u32,
            location,
        },
        ids,
    ));
}

/// Whether a how-to section's paragraph opens with prose a reader can follow: mostly letters
/// (not "[n]>>word", "#!/bin/sh"), and three words or more, or a sentence's stop, or a
/// Chinese clause of six characters (not "--debugger", "EOF", "Chapter 8", "CP850").
fn prose_step(text: &str) -> bool {
    let t = text.trim();
    let visible = t.chars().filter(|c| !c.is_whitespace()).count();
    let letters = t.chars().filter(|c| c.is_alphabetic()).count();
    let cjk = t.chars().filter(|&c| super::chinese::is_cjk(c)).count();
    letters * 3 >= visible * 2
        && !t.starts_with(['-', '#', '$', '['])
        && (cjk >= 6
            || t.split_whitespace().count() >= 3
            || cjk == 0 && t.ends_with(['.', '!', '?']) && t.split_whitespace().count() >= 2)
}

/// Whether a sentence has words: not a bare list number or mark ("3.", "（一）", "•").
fn says_something(text: &str) -> bool {
    text.chars().filter(|c| c.is_alphabetic()).count() >= 2
}

/// Whether a list's lead-in sentence can name its procedure: a phrase that names the task
/// ("Building the package", "To set up quilt", "安装工具"), not a clause of the prose around it
/// ("Basically, the shell does the following", "If the package is being upgraded", "本质上，如下
/// 操作即可完成桌面的网络配置", "该过程包含 2 个步骤", "你可以使用 smartd(8) 来监控你的硬盘"): a
/// sentence with a subject of its own, a condition or a sentence adverb before it, or words
/// that only announce the list. Such a lead-in gives way to the heading above the list.
fn names_the_list(lead: &str, lang: Lang) -> bool {
    let t = lead.trim();
    match lang {
        Lang::En => {
            let lower = t.to_lowercase();
            let words: Vec<&str> = lower
                .split(|c: char| !c.is_alphanumeric() && c != '\'')
                .filter(|w| !w.is_empty())
                .collect();
            let first = words.first().copied().unwrap_or("");
            // (a purpose names the task, whatever follows it: "To plant a tree, follow these
            // steps")
            if first == "to" {
                return true;
            }
            let subject = words
                .iter()
                .any(|w| ["i", "you", "we", "they", "he", "she", "it"].contains(w));
            let opener = [
                "if",
                "when",
                "whenever",
                "once",
                "unless",
                "basically",
                "now",
                "here",
                "there",
                "this",
                "these",
                "so",
                "then",
                "also",
                "however",
                "note",
                "otherwise",
            ]
            .contains(&first);
            let announces = ["the following", "as follows", "these steps", "below"]
                .iter()
                .any(|w| lower.contains(w));
            !(subject || opener || announces)
        }
        Lang::Zh => {
            let clause = t.contains(['，', '；', '。', ',']);
            let opener = [
                "如果",
                "若",
                "当",
                "當",
                "你",
                "您",
                "我们",
                "我們",
                "我",
                "这",
                "這",
                "该",
                "該",
                "此",
                "现在",
                "現在",
                "本质上",
                "本質上",
                "然后",
                "然後",
                "首先",
                "例如",
            ]
            .iter()
            .any(|w| t.starts_with(w));
            let announces = ["如下", "以下", "下列", "下面", "按照"]
                .iter()
                .any(|w| t.contains(w));
            !(clause || opener || announces)
        }
    }
}

fn title_from(sentence: &str) -> String {
    let t = sentence
        .trim()
        .trim_end_matches([':', '：', '.', '。', ',', '，'])
        .trim();
    let mut out: String = t.chars().take(80).collect();
    if t.chars().count() > 80 {
        out.push('…');
    }
    out
}

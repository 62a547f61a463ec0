//! The default `method` gene: proposes the procedures (numbered or imperative step
//! sequences) the host found in a document and renders each as its steps in order, each
//! step a cited quote, with the passage that introduces it and where it is in the source.
//!
//! It does not find step sequences itself: the host's analysis does, and hands them over in
//! `Document::procedures`. Procedures whose title is junk, or that repeat another's title
//! and steps, are not proposed.

use grove_gene::build::{
    PageBuilder, cite, code_fence, escape, improve, link_mentions, looks_zh, opening_words,
    related_entries, t,
};
use grove_gene::{Document, Entry, Gene, GeneInfo, Page, Proposal, Review, host};

struct Method;

impl Gene for Method {
    fn info() -> GeneInfo {
        grove_gene::info(
            "method",
            env!("CARGO_PKG_VERSION"),
            "Procedures, how-tos and step sequences, step by step",
            &["method"],
            &["zh", "en"],
        )
    }

    fn propose(doc: Document) -> Result<Vec<Proposal>, String> {
        let mut seen: Vec<String> = Vec::new();
        let mut out = Vec::new();
        for p in &doc.procedures {
            let title = p.title.trim();
            if p.step_count < 2 || grove_gene::junk::is_junk(title) {
                continue;
            }
            let key = title.to_lowercase();
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            out.push(Proposal {
                entry_type: "method".into(),
                title: title.to_string(),
                aliases: Vec::new(),
                score: (0.45 + 0.05 * p.step_count as f32).min(0.9),
                key: p.id.clone(),
            });
            if out.len() >= 200 {
                break;
            }
        }
        Ok(out)
    }

    fn render(entry: Entry) -> Result<Page, String> {
        let zh = entry.lang == "zh";
        let steps = host::procedure_steps(&entry.key, 50);
        if steps.is_empty() {
            return Err(format!("procedure {} has no steps", entry.key));
        }
        let mut b = PageBuilder::new(&entry);
        // The sentence that introduces the steps ("Here is a summary of the package
        // installation by apt-get:", "安装步骤如下：") says what they achieve: it leads.
        let intro = steps[0]
            .id
            .strip_prefix('s')
            .and_then(|n| n.parse::<u64>().ok())
            .filter(|&n| n > 0)
            .and_then(|n| host::passage(&format!("s{}", n - 1)))
            .filter(|p| {
                let text = p.text.trim();
                p.location.chapter == steps[0].location.chapter
                    && p.location.section == steps[0].location.section
                    && step_marker(text).is_none()
                    && !text.starts_with(['•', '*', '-', '·'])
                    // (nor the title again: a procedure named by its own lead-in)
                    && text.trim_end_matches([':', '：', '。', '.']).trim() != entry.title.trim()
                    && (text.ends_with([':', '：']) || text.contains("如下"))
                    // (it announces steps: "follow these steps:", "as follows:", "To build
                    // it, …:", "步骤如下"; not any line that ends with a colon, "Originally,
                    // the install target said:")
                    && (["step", "follow", "To ", "如下", "步骤", "步驟"]
                        .iter()
                        .any(|m| text.contains(m)))
                    && if zh {
                        text.chars().count() >= 6
                    } else {
                        text.split_whitespace().count() >= 4
                    }
            });
        // Otherwise the procedure is said to be one and its first step is quoted, where that
        // step is a sentence: what the reader does first says what the procedure is about.
        let first = steps[0].text.trim();
        let first = step_marker(first).map_or(first, |n| first[n..].trim_start());
        // (nor a caption, "表 12.10. 编译相关软件包列表", "Table 2.1 …")
        let caption = ["表", "图", "圖", "Table ", "Figure "].iter().any(|c| {
            first
                .strip_prefix(c)
                .is_some_and(|r| r.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        });
        let sentence = !caption
            && if zh {
                first.chars().filter(|c| c.is_alphabetic()).count() >= 6
            } else {
            // (not a heading in title case, "Appendix A Reporting Bugs")
            first.split_whitespace().count() >= 4
                && first
                    .split_whitespace()
                    .any(|w| w.chars().next().is_some_and(char::is_lowercase))
            };
        if let Some(p) = &intro {
            b.summary_quote(p);
        } else if !zh && says_what_its_object_is(&entry.title, first)
            || zh && zh_says_what_its_object_is(&entry.title, first)
        {
            // ("Creating internal links" opening "Internal links are clickable text areas
            // that …": the text's own words say what the procedure works on)
            b.summary_quote(&steps[0]);
        } else if sentence {
            let opening = opening_words(first, zh, 160);
            b.summary_line(if zh {
                format!(
                    "“{}”，{}中的一个方法，共{}步，第一步：“{}”",
                    entry.title,
                    grove_gene::build::book_zh(&entry.document_title),
                    steps.len(),
                    opening
                )
            } else if statements(&steps) {
                // (numbered rules or facts are no steps: "The Project Leader is elected by
                // the Developers.")
                format!(
                    "“{}” sets out {} points in {}, the first: “{}”",
                    entry.title,
                    steps.len(),
                    grove_gene::build::book_en(&entry.document_title),
                    opening
                )
            } else {
                format!(
                    "“{}” is a procedure of {} steps in {} that begins: “{}”",
                    entry.title,
                    steps.len(),
                    grove_gene::build::book_en(&entry.document_title),
                    opening
                )
            });
            b.cite(&steps[0]);
        } else {
            b.summary_line(if zh {
                format!(
                    "{}中的一个方法：“{}”，共{}步。",
                    grove_gene::build::book_zh(&entry.document_title),
                    entry.title,
                    steps.len()
                )
            } else {
                format!(
                    "A procedure of {} steps in {}: {}.",
                    steps.len(),
                    grove_gene::build::book_en(&entry.document_title),
                    entry.title
                )
            });
        }
        // Other entries mentioned in the steps, to link them.
        let mut names = Vec::new();
        for s in steps.iter().take(10) {
            for w in s
                .text
                .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
            {
                if w.chars().count() >= 3
                    && let Some(title) = host::entry_for(w)
                    && title != entry.title
                    && !names.iter().any(|(m, _): &(String, String)| m == w)
                {
                    names.push((w.to_string(), title));
                }
                if names.len() >= 12 {
                    break;
                }
            }
        }
        let mut body = String::new();
        // (the code shown so far, in bytes: a page stays far within its section's bound; and
        // the blocks, so that two steps of one paragraph show its code once)
        let mut code_bytes = 0;
        let mut shown: Vec<String> = Vec::new();
        for (i, s) in steps.iter().enumerate() {
            // (the list numbers the steps: the text's own number goes, "1. 1. Choose …")
            let text = s.text.trim();
            let text = step_marker(text).map_or(text, |m| text[m..].trim_start());
            let number = format!("{}. ", i + 1);
            body.push_str(&format!(
                "{number}{} [^{}]\n",
                link_mentions(&escape(text), &names),
                s.id
            ));
            b.page.citations.push(cite(s));
            // The command or listing the step goes on to show, verbatim under it: a
            // manual's step is often "To list the files, type:" and the code that follows.
            for code in host::code_after(&s.id, MAX_CODE_PER_STEP) {
                if shown.contains(&code.text) {
                    continue;
                }
                if code_bytes + code.text.len() > MAX_CODE_PER_PAGE {
                    break;
                }
                shown.push(code.text.clone());
                code_bytes += code.text.len();
                body.push_str(&code_fence(&code.text, number.len()));
            }
        }
        b.section(t(zh, "步骤", "Steps"), body);
        b.section(
            // (not 出处: the page's citations are listed under that heading)
            t(zh, "所在章节", "Source"),
            format!(
                "{}\n",
                escape(&grove_gene::page::passage_label(&steps[0]))
            ),
        );
        let mut links: Vec<String> = names.iter().map(|(_, title)| title.clone()).collect();
        for (_, title) in related_entries(&entry.title, &entry.title, 6) {
            if !links.contains(&title) {
                links.push(title);
            }
        }
        b.links(t(zh, "相关条目", "Related"), &links);
        Ok(b.finish())
    }

    fn improve(page: Page, review: Review) -> Result<Option<Page>, String> {
        let zh = looks_zh(&page);
        Ok(improve(page, &review, zh))
    }
}

grove_gene::register_gene!(Method);

/// Code blocks shown under one step at most.
const MAX_CODE_PER_STEP: u32 = 3;
/// Bytes of code one page shows at most (a section body may hold 64 KiB).
const MAX_CODE_PER_PAGE: usize = 24 * 1024;

/// Whether a Chinese procedure's first sentence says what the program its title works on
/// is: "设置 quilt" opening "quilt 程序是 Debian 打包过程中采用的补丁管理工具", "使用 iconv 转换
/// 文件名" opening "iconv 是…". The title names the program in Latin letters; the sentence
/// opens with it (a head noun aside) and a copula, not a question ("是否").
fn zh_says_what_its_object_is(title: &str, first: &str) -> bool {
    const HEADS: &[&str] = &["程序", "命令", "工具", "软件包", "軟件包", "文件", "脚本", "腳本"];
    let Some(object) = title.split_whitespace().find(|w| {
        w.len() >= 2
            && w.starts_with(|c: char| c.is_ascii_alphabetic())
            && w.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
    }) else {
        return false;
    };
    let Some(rest) = first.trim_start().strip_prefix(object) else {
        return false;
    };
    if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || "-_.".contains(c)) {
        return false;
    }
    let rest = rest.trim_start();
    let rest = HEADS
        .iter()
        .find_map(|h| rest.strip_prefix(h))
        .map_or(rest, str::trim_start);
    rest.starts_with('是')
        && !["是否", "是不是", "是什么", "是什麼"]
            .iter()
            .any(|q| rest.starts_with(q))
        && rest.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count() >= 6
}

/// The length of a step's own number at its start ("1. ", "2) ", "(3) ", "①", "第一步，",
/// "步骤 1：", "Step 2: "), if it has one.
/// Whether most of the numbered items are statements ("The Project Leader is elected by the
/// Developers.", "If the package is …, it must …") rather than instructions ("Open the
/// file", "Run make"): a subject opens them, an article or a pronoun, or a noun before its
/// verb.
fn statements(steps: &[grove_gene::Passage]) -> bool {
    let statement = |text: &str| {
        let t = step_marker(text.trim()).map_or(text.trim(), |n| text.trim()[n..].trim_start());
        let words: Vec<String> = t
            .split_whitespace()
            .take(3)
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
            .collect();
        let opener = words.first().is_some_and(|w| {
            [
                "the", "a", "an", "each", "every", "this", "these", "that", "it", "its", "if",
                "when", "any", "all", "no", "there", "where", "unless", "while",
            ]
            .contains(&w.as_str())
        });
        let verb_second = words.get(1).is_some_and(|w| {
            [
                "is", "are", "was", "were", "may", "must", "shall", "will", "can", "should",
                "has", "have",
            ]
            .contains(&w.as_str())
        });
        opener || verb_second
    };
    let n = steps.iter().filter(|s| statement(&s.text)).count();
    n * 2 > steps.len()
}

/// Whether an English procedure's first sentence says what the thing its title works on is:
/// "Creating external links" opening "External links are clickable text areas whose
/// destination is a URL.", "Adding a symbolic link" opening "A symbolic link is …". The title
/// is a gerund and its object; the sentence opens with that object (an article and a plural
/// aside) and a copula that names what it is, not what is done to it ("Packages are often
/// removed …" under "Reintroducing packages" says nothing of what a package is).
fn says_what_its_object_is(title: &str, first: &str) -> bool {
    const NOT_WHAT: &[&str] = &[
        "not", "also", "often", "usually", "always", "sometimes", "never", "only", "used",
    ];
    const ARTICLES: &[&str] = &["the ", "a ", "an "];
    let fold = |w: &str| w.trim_end_matches('s').to_lowercase();
    let strip_article = |t: &str| {
        let lower = t.to_lowercase();
        ARTICLES
            .iter()
            .find(|a| lower.starts_with(*a))
            .map_or(t.to_string(), |a| t[a.len()..].to_string())
    };
    let Some((verb, object)) = title.trim().split_once(' ') else {
        return false;
    };
    let object: Vec<String> = strip_article(object)
        .split_whitespace()
        .map(fold)
        .collect();
    // (a verb of doing, "Creating"; not a title that is a noun phrase, "Vote Counting")
    if !verb.ends_with("ing") || object.is_empty() || object.len() > 4 {
        return false;
    }
    let opening = strip_article(first.trim());
    let words: Vec<&str> = opening.split_whitespace().collect();
    words.len() > object.len() + 3
        && words[..object.len()]
            .iter()
            .zip(&object)
            .all(|(w, o)| fold(w.trim_matches(|c: char| !c.is_alphanumeric())) == *o)
        && ["is", "are"].contains(&words[object.len()])
        && {
            let next = words[object.len() + 1].to_lowercase();
            !NOT_WHAT.contains(&next.as_str()) && !next.ends_with("ed") && !next.ends_with("ly")
        }
}

fn step_marker(text: &str) -> Option<usize> {
    let t = text;
    let digits = |s: &str| s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    // "1. ", "2) ", "3、", "4：" (a number, then a mark and a space or a CJK mark)
    let d = digits(t);
    if d > 0 && d <= 3 {
        let rest = &t[d..];
        for m in [". ", ") ", "、", "．", "：", ": "] {
            if rest.starts_with(m) {
                return Some(d + m.len());
            }
        }
    }
    // "(3) "
    if let Some(r) = t.strip_prefix('(') {
        let d = digits(r);
        if d > 0 && r[d..].starts_with(") ") {
            return Some(1 + d + 2);
        }
    }
    // "①"
    if let Some(c) = t.chars().next()
        && ('\u{2460}'..='\u{2473}').contains(&c)
    {
        return Some(c.len_utf8());
    }
    // "Step 2: ", "步骤 1：", "第一步，"
    for p in ["Step ", "步骤 ", "步骤", "步驟"] {
        if let Some(r) = t.strip_prefix(p) {
            let d = digits(r);
            if d > 0 {
                let after = &r[d..];
                for m in [": ", ". ", "：", "，", "、"] {
                    if after.starts_with(m) {
                        return Some(p.len() + d + m.len());
                    }
                }
            }
        }
    }
    if let Some(r) = t.strip_prefix('第') {
        let n = r
            .chars()
            .take_while(|c| "一二三四五六七八九十".contains(*c))
            .map(char::len_utf8)
            .sum::<usize>();
        if n > 0 && r[n..].starts_with('步') {
            let after = &r[n + '步'.len_utf8()..];
            let m = after
                .chars()
                .next()
                .filter(|c| "，、：,:".contains(*c))
                .map_or(0, char::len_utf8);
            return Some('第'.len_utf8() + n + '步'.len_utf8() + m);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_sentence_that_says_what_the_procedures_object_is() {
        // (title, first sentence, says what its object is)
        let en = [
            (
                "Creating external links",
                "External links are clickable text areas whose destination is a URL.",
                true,
            ),
            (
                "Reintroducing packages",
                "Packages are often removed from the archive.",
                false,
            ),
            ("Vote Counting", "Vote counting is done by the Secretary.", false),
        ];
        for (title, first, want) in en {
            assert_eq!(says_what_its_object_is(title, first), want, "{title}");
        }
        let zh = [
            (
                "设置 quilt",
                "quilt 程序是 Debian 打包过程中采用的补丁管理工具。",
                true,
            ),
            ("使用 iconv 转换文件名", "iconv 是转换字符编码的命令行工具。", true),
            // (a question, another program, a longer name that begins with it)
            ("设置 quilt", "quilt 是否已经安装？请先检查。", false),
            ("设置 quilt", "dquilt 是 quilt 的一个别名，方便打包时使用。", false),
            ("设置 quilt", "quiltrc 是 quilt 的配置文件，放在主目录下。", false),
            ("怎样退出命令行提示符", "在命令行输入 exit 并回车即可退出。", false),
        ];
        for (title, first, want) in zh {
            assert_eq!(zh_says_what_its_object_is(title, first), want, "{first}");
        }
    }
}

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::testutil::{runtime, test_gene, tight_runtime, with_marker};
use super::*;
use crate::analysis::{Analysis, Document, Lang, TermKind};

const BOOK: &str = "# Chapter One\n\nMr. Green keeps a garden by the river. A garden is a piece of ground where plants are grown. Mr. Green said the garden needs water.\n\nAlice visits the garden every week. Alice said the roses were red. Mr. Green and Alice planted roses near the river.\n\n# Chapter Two\n\nTo plant a rose:\n\n1. Dig a hole.\n2. Put the rose in the hole.\n3. Water the rose.\n\nThe Royal Society wrote about the garden in London. Alice went to London. Green said nothing. Alice said the garden was lovely.\n";

fn ctx() -> (CallContext, DocSummary) {
    let a = Arc::new(Analysis::new(&Document::from_markdown(
        "Garden",
        Lang::En,
        BOOK,
    )));
    let d = DocSummary::from_analysis(&a);
    (CallContext::new(a), d)
}

/// A registry with the built-in genes loaded (each must load).
fn builtins() -> Arc<GeneRegistry> {
    let reg = GeneRegistry::new(runtime(), None);
    for (name, r) in reg.load_builtins() {
        r.unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    reg
}

/// The analysis of a small English Markdown book.
fn analysed(title: &str, md: &str) -> Arc<Analysis> {
    Arc::new(Analysis::new(&Document::from_markdown(title, Lang::En, md)))
}

fn entry(key: &str) -> Entry {
    Entry {
        entry_type: "hostile".into(),
        title: key.into(),
        aliases: vec![],
        key: key.into(),
        lang: "en".into(),
        document_title: "Garden".into(),
    }
}

#[test]
fn person_pages_list_the_relations_the_text_states_each_cited() {
    let reg = builtins();
    let book = "# One\n\nDavid the son of Jesse lived in the hills. David was king of Israel. David said the harp was his.\n\nDavid's son Solomon built the house. Solomon said the house was great.\n\n# Two\n\nDavid went to the hill. Solomon, the son of David, ruled after him. David said nothing.\n";
    let a = analysed("Kings", book);
    let ctx = CallContext::new(a.clone());
    let entry = |title: &str| Entry {
        entry_type: "person".into(),
        title: title.into(),
        aliases: vec![],
        key: title.into(),
        lang: "en".into(),
        document_title: "Kings".into(),
    };
    let page = reg.render("person", &ctx, &entry("David")).unwrap();
    let rel = page
        .sections
        .iter()
        .find(|s| s.heading == "Relations")
        .unwrap_or_else(|| panic!("no relations: {page:?}"));
    // (relation line, stated in the text)
    for (line, stated) in [
        ("son of Jesse", true),
        ("king of Israel", true),
        ("son Solomon", true),
        ("parent of Solomon", true),
        ("son of Solomon", false),
    ] {
        assert_eq!(
            rel.body.contains(line),
            stated,
            "{line}: {:?}",
            page.sections
        );
    }
    // every line cites a passage of the page
    for l in rel.body.lines() {
        let id = l.rsplit("[^").next().unwrap().trim_end_matches(']');
        assert!(page.citations.iter().any(|c| c.passage_id == id), "{l}");
    }
}

#[test]
fn a_person_the_text_does_not_define_leads_with_the_relations_it_states() {
    let reg = builtins();
    let book = "# One\n\nMoses said to them, Go. Moses's brother Aaron went with them.\n\nMoses said nothing.\n";
    let a = analysed("Exodus", book);
    assert!(
        a.definitions("Moses", 1).is_empty(),
        "the text defines Moses"
    );
    let ctx = CallContext::new(a.clone());
    let entry = Entry {
        entry_type: "person".into(),
        title: "Moses".into(),
        aliases: vec![],
        key: "Moses".into(),
        lang: "en".into(),
        document_title: "Exodus".into(),
    };
    let page = reg.render("person", &ctx, &entry).unwrap();
    assert_eq!(page.summary, "Moses: brother Aaron.");
    // (and from Aaron's page, whose kin Aaron is)
    let aaron = Entry {
        title: "Aaron".into(),
        key: "Aaron".into(),
        ..entry
    };
    let page = reg.render("person", &ctx, &aaron).unwrap();
    assert!(
        page.summary.contains("brother of Moses"),
        "{}",
        page.summary
    );
}

/// The entry of a person of a Chinese book, keyed by its title.
fn zh_person(title: &str, document_title: &str) -> Entry {
    Entry {
        entry_type: "person".into(),
        title: title.into(),
        aliases: vec![],
        key: title.into(),
        lang: "zh".into(),
        document_title: document_title.into(),
    }
}

#[test]
fn a_classical_title_before_a_name_says_whose_ruler_the_person_is() {
    let reg = builtins();
    // 吳 and 越 are entries (states); 鬼 is none, though the text writes "如鬼"; 周公 is a
    // person of his own
    let book = "# 吳許越成\n\n吳王夫差敗越於夫椒，報槜李也。\n\n越王勾踐起師逆之江。\n\n夫差弗聽，勾踐乃行成。\n\n# 其二\n\n昔者，鬼侯有子而好，如鬼如蜮。\n\n夫差與勾踐戰於江。\n\n# 其三\n\n周公孔子之道，吳人不知。\n\n孔子曰：學而時習之。\n";
    let a = Arc::new(Analysis::new(&Document::from_markdown(
        "古文",
        Lang::Zh,
        book,
    )));
    let ctx = CallContext::new(a).with_entries(Arc::new(|t: &str| {
        ["吳", "越", "夫差", "勾踐", "有子", "周公", "孔子"]
            .contains(&t)
            .then(|| t.to_string())
    }));
    let entry = |title: &str| zh_person(title, "古文");
    // (person, the lead: the title the text gives right before the name, where it gives one)
    for (person, lead) in [
        ("夫差", Some("夫差：吳王。")),
        ("勾踐", Some("勾踐：越王。")),
        ("有子", None),
        ("孔子", None),
    ] {
        let page = reg.render("person", &ctx, &entry(person)).unwrap();
        match lead {
            Some(l) => assert_eq!(page.summary, l),
            // (no title line, "孔子：周公。"; 周公 may be named as a companion)
            None => assert!(
                !page.summary.contains("侯") && !page.summary.starts_with(&format!("{person}：")),
                "{}",
                page.summary
            ),
        }
    }
}

#[test]
fn a_classical_work_is_known_by_who_wrote_it_and_what_the_book_quotes_of_it() {
    let reg = builtins();
    // (離騷: the sentence's subject, 屈平, wrote it; 康誥 is quoted; 小雅 is sung; 抑戒's
    // writer, 衛武公, has no entry, and the sentence's other writer, 周公, did not write it)
    let book = "# 屈原列傳\n\n屈平疾王聽之不聰也，讒諂之蔽明也，故憂愁幽思而作《離騷》。\n\n\
                # 大學\n\n《康誥》曰：「克明德。」\n\n《康誥》曰：「作新民。」\n\n\
                # 季札觀周樂\n\n為之歌《小雅》，曰：「美哉！」\n\n\
                # 戒\n\n周公作《酒誥》，以戒群臣；衛武公作《抑戒》，以自儆。\n\n\
                # 中庸\n\n子曰：「無憂者其惟文王乎！以王季為父，以武王為子，父作之，子述之。」\n";
    let a = Arc::new(Analysis::new(&Document::from_markdown(
        "古文",
        Lang::Zh,
        book,
    )));
    let ctx = CallContext::new(a).with_entries(Arc::new(|t: &str| match t {
        "屈平" | "屈原" => Some("屈原".to_string()),
        "周公" | "離騷" | "康誥" | "小雅" | "酒誥" | "抑戒" | "文王" | "王季" | "武王" => {
            Some(t.to_string())
        }
        _ => None,
    }));
    let work = |title: &str| Entry {
        entry_type: "other".into(),
        title: title.into(),
        aliases: vec![],
        key: format!("work:{title}"),
        lang: "zh".into(),
        document_title: "古文".into(),
    };
    for (title, lead) in [
        ("離騷", "離騷，屈原所作的作品（“故憂愁幽思而作《離騷》”）"),
        (
            "康誥",
            "康誥，《古文》所引的典籍（“《康誥》曰：「克明德。」”）",
        ),
        ("小雅", "小雅，《古文》中所歌的樂歌（“為之歌《小雅》”）"),
        ("酒誥", "酒誥，周公所作的作品（“周公作《酒誥》”）"),
    ] {
        let page = reg.render("other", &ctx, &work(title)).unwrap();
        assert!(page.summary.starts_with(lead), "{title}: {}", page.summary);
        assert!(!page.citations.is_empty(), "{title}: the line is cited");
    }
    let page = reg.render("other", &ctx, &work("抑戒")).unwrap();
    assert!(!page.summary.contains("周公"), "{}", page.summary);
    // (the writer's page lists the work among the relations the text states)
    let page = reg
        .render("person", &ctx, &zh_person("周公", "古文"))
        .unwrap();
    let relations = page
        .sections
        .iter()
        .find(|s| s.heading == "關係" || s.heading == "关系");
    assert!(
        relations.is_some_and(|s| s.body.contains("作 《酒誥》")),
        "{:?}",
        page.sections
    );
    // (a person the text gives a father and a son: they identify him)
    let page = reg
        .render("person", &ctx, &zh_person("文王", "古文"))
        .unwrap();
    assert_eq!(page.summary, "文王：其父王季；其子武王。");
}

#[test]
fn an_office_the_text_says_a_person_held_identifies_them() {
    let reg = builtins();
    let book = "# 雍也\n\n季氏使闵子骞为费宰。闵子骞曰：“善为我辞焉。”\n\n子游为武城宰。子曰：“女得人焉尔乎？”\n\n\
                原思为之宰，与之粟九百，辞。\n\n# 先进\n\n闵子骞侍侧，訚訚如也。\n\n子游曰：“丧致乎哀而止。”\n\n\
                原思问耻。子曰：“邦有道，谷。”\n";
    let a = Arc::new(Analysis::new(&Document::from_markdown(
        "论语",
        Lang::Zh,
        book,
    )));
    let ctx = CallContext::new(a).with_entries(Arc::new(|t: &str| {
        ["季氏", "闵子骞", "子游", "原思", "武城"]
            .contains(&t)
            .then(|| t.to_string())
    }));
    let entry = |title: &str| zh_person(title, "论语");
    // (person, the office the lead states, if any: as a line of its own, or by the sentence
    // that says it where that is the text's own sentence about the person; 季氏 only asks
    // 闵子骞 to be 费宰, and he declines)
    for (person, office) in [("闵子骞", None), ("子游", Some("武城宰")), ("原思", None)] {
        let page = reg.render("person", &ctx, &entry(person)).unwrap();
        match office {
            Some(o) => assert!(
                page.summary == format!("{person}：曾为{o}。")
                    || page.summary.contains(&format!("{person}为{o}")),
                "{person}: {}",
                page.summary
            ),
            // (原思为之宰: the office of a pronoun's, no office line; the text's own sentence
            // may still lead)
            None => assert!(!page.summary.contains("曾为"), "{}", page.summary),
        }
        let relations = page
            .sections
            .iter()
            .find(|s| s.heading == "关系")
            .map(|s| s.body.as_str())
            .unwrap_or("");
        match office {
            Some(o) => assert!(
                relations.contains(&format!("曾为{o}")),
                "{person}: {relations}"
            ),
            None => assert!(!relations.contains("曾为"), "{person}: {relations}"),
        }
    }
}

#[test]
fn kin_and_offices_written_before_a_name_identify_the_person() {
    let reg = builtins();
    // 麦尔彦, 穆萨 and 阿德 are entries; 安拉 is one too, but no joining word puts it before
    // 他的母亲 ("麦西哈和他的母亲" names the son, 麦西哈, who is none)
    let book = "# 第一章\n\n我曾派遣麦尔彦之子尔撒。\n\n穆萨对他哥哥哈伦说：“请你替我统治。”\n\n我派遣阿德人的弟兄呼德去教化他们。\n\n如果安拉欲毁灭麦西哈和他的母亲玛丽，谁能干涉？\n\n# 第二章\n\n先知叶哈雅曾说：“你们应当敬畏。”\n\n尔撒曾说：“以色列的后裔啊！”\n";
    let a = Arc::new(Analysis::new(&Document::from_markdown(
        "经",
        Lang::Zh,
        book,
    )));
    let ctx = CallContext::new(a).with_entries(Arc::new(|t: &str| {
        [
            "麦尔彦",
            "尔撒",
            "穆萨",
            "哈伦",
            "阿德",
            "呼德",
            "安拉",
            "玛丽",
            "叶哈雅",
        ]
        .contains(&t)
        .then(|| t.to_string())
    }));
    let entry = |title: &str| zh_person(title, "经");
    // (person, what the lead states)
    for (person, lead) in [
        ("尔撒", Some("尔撒：麦尔彦之子。")),
        ("哈伦", Some("哈伦：穆萨的哥哥。")),
        ("呼德", Some("呼德：阿德人的弟兄。")),
        ("叶哈雅", Some("叶哈雅：先知。")),
        ("玛丽", None),
    ] {
        let page = reg.render("person", &ctx, &entry(person)).unwrap();
        match lead {
            Some(l) => assert_eq!(page.summary, l),
            None => assert!(!page.summary.contains("安拉"), "{}", page.summary),
        }
    }
}

#[test]
fn a_bibliography_line_or_a_genealogy_states_what_the_person_is() {
    let reg = builtins();
    // (book, language, person, the lead, or a word the lead must not hold)
    let cases = [
        (
            "# 参考\n\n* \"Debian 教程\" Havoc Pennington (1998年12月11日)\n\n* \"Debian GNU/Linux: \
             安装和使用手册\" John Goerzen 和 Ossama Othman (1999)\n\nJohn Goerzen 也写了别的书。\n",
            "zh",
            "Ossama Othman",
            Ok("Ossama Othman：“Debian GNU/Linux: 安装和使用手册”的作者。"),
        ),
        (
            "# Further reading\n\n* \"The Debian Tutorial\" Havoc Pennington (1998)\n\nHavoc \
             Pennington wrote more.\n",
            "en",
            "Havoc Pennington",
            Ok("Havoc Pennington: author of “The Debian Tutorial”."),
        ),
        // a genealogy's verb: the begetter is the father, read from both pages
        (
            "# Genesis\n\nAnd Abraham begat Isaac; and Isaac begat Jacob.\n\nIsaac went out to the \
             field.\n",
            "en",
            "Isaac",
            Ok("Isaac: child of Abraham; father of Jacob."),
        ),
        // (a quoted speech before a name credits nothing)
        (
            "# One\n\nThey said, \"Go to Pharaoh,\" Moses\n\nMoses went to the city.\n",
            "en",
            "Moses",
            Err("author"),
        ),
    ];
    for (book, lang, person, lead) in cases {
        let l = Lang::parse(lang).unwrap();
        let a = Arc::new(Analysis::new(&Document::from_markdown("Book", l, book)));
        let ctx = CallContext::new(a);
        let entry = Entry {
            lang: lang.into(),
            ..zh_person(person, "Book")
        };
        let page = reg.render("person", &ctx, &entry).unwrap();
        match lead {
            Ok(l) => assert_eq!(page.summary, l),
            Err(word) => assert!(!page.summary.contains(word), "{}", page.summary),
        }
    }
}

#[test]
fn chapter_overviews_only_for_a_collection_of_short_chapters() {
    let reg = builtins();
    // (chapters, heading, overview entries expected): a collection's works, a treatise's
    // numbered headings, too few chapters
    for (chapters, heading, overviews) in [
        (12, "Poem of the hill", true),
        (12, "Surah", true),
        (12, "1. Section", false),
        (12, "Chapter", false),
        (3, "Poem of the hill", false),
    ] {
        let md: String = (1..=chapters)
            .map(|i| {
                let h = match heading {
                    "1. Section" => format!("{i}. Section"),
                    "Chapter" => format!("Chapter {i}"),
                    "Surah" => format!("Surah {i}. The Hill"),
                    other => format!("{other} {i}"),
                };
                format!("# {h}\n\nThe river runs by the hill number {i}. The wind sings.\n\n")
            })
            .collect();
        let a = analysed("Poems", &md);
        let (ctx, doc) = (CallContext::new(a.clone()), DocSummary::from_analysis(&a));
        let ps = reg.propose("other", &ctx, &doc).unwrap();
        let got = ps.iter().filter(|p| p.key.starts_with("chapter:")).count();
        assert_eq!(
            got > 0,
            overviews,
            "{chapters} × {heading}: {got} overviews"
        );
        if overviews {
            assert_eq!(got, chapters, "one overview per chapter");
        }
    }
}

/// The `other` gene's proposals whose key opens with `prefix` ("chapter:", "section:"), and
/// the context to render them in.
fn other_proposals(
    reg: &GeneRegistry,
    a: &Arc<Analysis>,
    prefix: &str,
) -> (CallContext, Vec<Proposal>) {
    let (ctx, doc) = (CallContext::new(a.clone()), DocSummary::from_analysis(a));
    let found = reg
        .propose("other", &ctx, &doc)
        .unwrap()
        .into_iter()
        .filter(|p| p.key.starts_with(prefix))
        .collect();
    (ctx, found)
}

#[test]
fn a_prose_unit_whose_title_names_its_subject_leads_with_the_passage_that_speaks_of_it() {
    let reg = builtins();
    const ANIMALS: [&str; 12] = [
        "Bee", "Ant", "Spider", "Elephant", "Cow", "Heron", "Camel", "Horse", "Wolf", "Dove",
        "Lion", "Whale",
    ];
    // (each unit opens with words of no subject, and names its title's animal once, later;
    // "Genesis N" titles name nothing the text says)
    for titled in [true, false] {
        let md: String = ANIMALS
            .iter()
            .enumerate()
            .map(|(i, animal)| {
                let n = i + 1;
                let heading = if titled {
                    format!("Surah {n}. The {animal}")
                } else {
                    format!("Genesis {n}")
                };
                let lower = animal.to_lowercase();
                format!(
                    "# {heading}\n\n{n}:1 By the morning and the evening and the long night that covers the land.\n\n\
                     {n}:2 Indeed the people were warned many times and yet they turned away from the warning.\n\n\
                     {n}:3 And your Lord inspired the {lower} to build its dwelling among the hills and the trees.\n\n\
                     {n}:4 So remember the favours that were given to you before the end of the day.\n\n"
                )
            })
            .collect();
        let a = analysed("Book", &md);
        let (ctx, units) = other_proposals(&reg, &a, "chapter:");
        assert_eq!(units.len(), ANIMALS.len(), "{units:?}");
        for (p, animal) in units.iter().zip(ANIMALS) {
            let e = Entry::from_proposal(p, "en", "Book");
            let page = reg.render("other", &ctx, &e).unwrap();
            let lower = animal.to_lowercase();
            if titled {
                assert!(
                    page.summary.contains(&format!(
                        "speaks of the {lower}: “And your Lord inspired the {lower} to build its dwelling"
                    )),
                    "{}",
                    page.summary
                );
                let cited = a.search(&lower, 5);
                assert!(
                    page.citations
                        .iter()
                        .any(|c| cited.iter().any(|p| p.id == c.passage_id)),
                    "the passage is cited: {page:?}"
                );
            } else {
                assert!(
                    page.summary.contains("that opens: “By the morning"),
                    "{}",
                    page.summary
                );
            }
        }
    }
}

#[test]
fn a_collection_unit_that_names_its_author_leads_with_it_cited() {
    let reg = builtins();
    // (the unit's first line, what the lead must hold: the credit, or what the unit is with
    // its opening words quoted, or the unit's own name line; a label is no opening: the words
    // after it are)
    for (first, lead) in [
        ("作者：杜甫", Some("杜甫作")),
        ("By Li Bai", Some("by Li Bai")),
        (
            "The river runs by the hill.",
            Some("“Poem 1” is a part of “Poems” that opens: “The river runs by the hill.”"),
        ),
        (
            "Contents:",
            Some("that opens: “The river runs by the hill number 1.”"),
        ),
        // a unit named by its first words is not described by them; a manual page's name
        // line is its description
        (
            "Poem 1 runs by the hill at dawn.",
            Some("“Poem 1” is a part of “Poems” that opens: “Poem 1 runs by the hill at dawn.”"),
        ),
        (
            "Poem 1 - a song of the hill at dawn",
            Some("Poem 1 - a song of the hill at dawn"),
        ),
    ] {
        let md: String = (1..=12)
            .map(|i| format!("# Poem {i}\n\n{first}\n\nThe river runs by the hill number {i}. The wind sings.\n\n"))
            .collect();
        let a = analysed("Poems", &md);
        let (ctx, doc) = (CallContext::new(a.clone()), DocSummary::from_analysis(&a));
        let p = reg
            .propose("other", &ctx, &doc)
            .unwrap()
            .into_iter()
            .find(|p| p.key.starts_with("chapter:"))
            .expect("an overview");
        let e = Entry {
            entry_type: "other".into(),
            title: p.title.clone(),
            aliases: vec![],
            key: p.key.clone(),
            lang: if first.starts_with('作') { "zh" } else { "en" }.into(),
            document_title: "Poems".into(),
        };
        let page = reg.render("other", &ctx, &e).unwrap();
        match lead {
            Some(l) => {
                assert!(page.summary.contains(l), "{first}: {}", page.summary);
                assert!(
                    page.citations
                        .iter()
                        .any(|c| page.summary.contains(c.quote.trim()) || c.quote.contains(first)),
                    "{first}: the line is cited"
                );
            }
            None => assert!(page.summary.contains("Overview of"), "{}", page.summary),
        }
    }
}

#[test]
fn the_works_a_unit_holds_under_headings_of_its_own_get_pages() {
    let reg = builtins();
    let poems: String = (1..=12)
        .map(|i| {
            format!("# Poem {i}\n\nThe river runs by the hill number {i}. The wind sings.\n\n")
        })
        .collect();
    // (the collection's markdown, the section works proposed)
    let cases: &[(String, &[&str])] = &[
        // a cycle of songs: each song under its heading is a work
        (
            format!(
                "{poems}# Nine Songs\n\n## Lord of the East\n\nThe sun climbs over the east wall.\n\n\
                 ## Lady of the River\n\nThe lady waits by the cold river.\n\n"
            ),
            &["Lady of the River", "Lord of the East"],
        ),
        // the parts of manual pages: headings that recur from unit to unit, and those found
        // once beside them, are parts, not works
        (
            (1..=12)
                .map(|i| {
                    let d = if i == 1 {
                        "DESCRIPTION (en)"
                    } else {
                        "DESCRIPTION"
                    };
                    format!(
                        "# tool{i}(1)\n\n## NAME\n\ntool{i} - a tool.\n\n## {d}\n\nIt works.\n\n"
                    )
                })
                .collect(),
            &[],
        ),
        // a unit with most of its text outside its one heading
        (
            format!(
                "{poems}# Long Poem\n\nThe first line runs on.\n\nThe second line runs on.\n\n\
                 ## Envoi\n\nGo, little song.\n\n"
            ),
            &[],
        ),
    ];
    for (md, works) in cases {
        let a = analysed("Poems", md);
        let (ctx, sections) = other_proposals(&reg, &a, "section:");
        let mut titles: Vec<&str> = sections.iter().map(|p| p.title.as_str()).collect();
        titles.sort_unstable();
        assert_eq!(titles, *works, "{md}");
        // a work's page quotes its own lines, not its neighbour's
        if let Some(p) = sections.iter().find(|p| p.title == "Lord of the East") {
            let e = Entry::from_proposal(p, "en", "Poems");
            let page = reg.render("other", &ctx, &e).unwrap();
            let quotes: Vec<&str> = page.citations.iter().map(|c| c.quote.as_str()).collect();
            assert!(quotes.iter().any(|q| q.contains("east wall")), "{quotes:?}");
            assert!(
                !quotes.iter().any(|q| q.contains("cold river")),
                "{quotes:?}"
            );
        }
    }
}

#[test]
fn a_procedure_keeps_one_number_per_step_and_does_not_lead_with_its_title_again() {
    let reg = builtins();
    let md = "# Roses\n\n## Planting\n\nThe rose is a shrub of the garden.\n\n\
              To plant a rose in spring, follow these steps:\n\n\
              1. Dig a hole twice as wide as the roots.\n\
              2. Set the rose in the hole.\n\
              3. Fill the hole and water the rose.\n";
    let a = analysed("Garden", md);
    let (p, page) = first_page(&reg, "method", &a, "Garden");
    // (the lead-in names the procedure: quoted again as its lead, it would say nothing more)
    assert!(
        !page.summary.starts_with(&format!("{}:", p.title)),
        "{}",
        page.summary
    );
    let body: String = page.sections.iter().map(|s| s.body.clone()).collect();
    assert!(body.contains("1. Dig a hole"), "{body}");
    assert!(!body.contains("1. 1."), "{body}");
}

/// The first proposal of `gene` for the English document `a` titled `title`, and its page.
fn first_page(reg: &GeneRegistry, gene: &str, a: &Arc<Analysis>, title: &str) -> (Proposal, Page) {
    let (ctx, doc) = (CallContext::new(a.clone()), DocSummary::from_analysis(a));
    let p = reg
        .propose(gene, &ctx, &doc)
        .unwrap()
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("{gene} proposes nothing"));
    let page = reg
        .render(gene, &ctx, &Entry::from_proposal(&p, "en", title))
        .unwrap();
    (p, page)
}

/// The page the concept gene renders for the entry it proposes under `title` (of a book
/// titled `book`); panics where it proposes none.
fn concept_page(reg: &GeneRegistry, a: &Arc<Analysis>, title: &str, book: &str) -> Page {
    let (ctx, doc) = (CallContext::new(a.clone()), DocSummary::from_analysis(a));
    let p = reg
        .propose("concept", &ctx, &doc)
        .unwrap()
        .into_iter()
        .find(|p| p.title == title)
        .unwrap_or_else(|| panic!("a page for {title}"));
    reg.render("concept", &ctx, &Entry::from_proposal(&p, "en", book))
        .unwrap()
}

/// A manual's how-to whose steps say what to type and show it in code blocks.
const HOW_TO_WITH_CODE: &str = "# Files\n\n## Listing files\n\n\
    To list the files of a directory in detail, follow these steps:\n\n\
    1. Open a terminal and change to the directory:\n\n\
    ```\n$ cd /srv/data\n```\n\n\
    2. Run ls with the long format. Add the sort option to list the largest first:\n\n\
    ```\n$ ls -l\nif [[ -d x ]]; then echo dir; fi\n```\n\n\
    3. Read the sizes in the fifth column.\n";

#[test]
fn a_methods_steps_show_the_code_that_follows_them_verbatim() {
    let a = analysed("Files", HOW_TO_WITH_CODE);
    // (the analysis hands the code to the last passage of the step before it, and to no other)
    let steps: Vec<String> = a
        .procedures()
        .next()
        .map(|p| a.procedure_steps(&p.id, 10))
        .expect("a procedure")
        .into_iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(steps.len(), 3, "{steps:?}");
    let code = |i: usize| -> Vec<String> {
        a.code_after(&steps[i], 5)
            .into_iter()
            .map(|c| c.text)
            .collect()
    };
    assert_eq!(code(0), ["$ cd /srv/data"]);
    assert_eq!(code(1), ["$ ls -l\nif [[ -d x ]]; then echo dir; fi"]);
    assert!(code(2).is_empty());
    // (every passage of the paragraph has its code: a step may be its first sentence only)
    for words in ["long format", "sort option"] {
        let p = &a.mentions(words, 1)[0];
        assert_eq!(a.code_after(&p.id, 5).len(), 1, "{p:?}");
    }
    let reg = builtins();
    let (_, page) = first_page(&reg, "method", &a, "Files");
    let body: String = page.sections.iter().map(|s| s.body.clone()).collect();
    for want in [
        "1. Open a terminal and change to the directory:",
        "   ```\n   $ cd /srv/data\n   ```",
        "   ```\n   $ ls -l\n   if [[ -d x ]]; then echo dir; fi\n   ```",
        "3. Read the sizes in the fifth column.",
    ] {
        assert!(body.contains(want), "{want:?} in {body}");
    }
}

#[test]
fn a_terms_page_shows_how_the_text_uses_it_in_code() {
    let md = "# Ledgers\n\n## Printing\n\n\
              The tallyctl command reads and prints the ledgers of the tally service. \
              The tallyctl command keeps no state of its own.\n\n\
              To print the ledger of one month, run the tallyctl command with the print option:\n\n\
              ```\n$ tallyctl print --month 3\n```\n\n\
              The tallyctl command also exports a ledger. A ledger is a file of dated entries.\n\n\
              ## Exporting\n\n\
              Exports go to standard output.\n\n\
              ```\n$ tallyd --export\n```\n";
    let a = analysed("Ledgers", md);
    let page = concept_page(&builtins(), &a, "tallyctl", "Ledgers");
    let example = page
        .sections
        .iter()
        .find(|s| s.heading == "Example")
        .unwrap_or_else(|| panic!("an example: {page:?}"));
    // the passage that leads to the code, cited, then the code verbatim
    assert!(
        example
            .body
            .contains("To print the ledger of one month, run the tallyctl command"),
        "{}",
        example.body
    );
    assert!(
        example
            .body
            .contains("```\n$ tallyctl print --month 3\n```"),
        "{}",
        example.body
    );
    assert!(
        page.citations
            .iter()
            .any(|c| c.quote.starts_with("To print the ledger")),
        "{page:?}"
    );
    // (code that does not name the term is no example of it)
    assert!(!example.body.contains("tallyd"), "{}", example.body);
}

#[test]
fn a_gene_built_for_abi_1_0_keeps_running() {
    // The built-in method gene as it was built with SDK 1.0 (before ABI 1.1 existed).
    let bytes = include_bytes!("fixtures/method-abi-1.0.0.wasm");
    assert_eq!(abi::read_declared_abi(bytes).unwrap(), "1.0.0");
    let reg = GeneRegistry::new(runtime(), None);
    let rec = reg.upload(bytes).unwrap();
    assert_eq!(rec.abi.as_deref(), Some("1.0.0"));
    let a = analysed("Files", HOW_TO_WITH_CODE);
    let (_, page) = first_page(&reg, "method", &a, "Files");
    let body: String = page.sections.iter().map(|s| s.body.clone()).collect();
    // (its steps as before, grounded; it knows nothing of the code, so shows none)
    assert!(body.contains("2. Run ls with the long format."), "{body}");
    assert!(!body.contains("$ ls -l"), "{body}");
    for c in &page.citations {
        assert!(a.passage(&c.passage_id).is_some(), "{c:?}");
    }
}

#[test]
fn a_how_to_section_leads_with_what_its_text_says_the_thing_it_works_on_is() {
    let reg = builtins();
    // (the how-to section, whether its lead is a quote of its first paragraph)
    let cases: &[(&str, bool)] = &[
        (
            "## Creating internal links\n\nInternal links are clickable text areas that \
             take the reader to a named place in the document.\n\n\
             Give the destination a name with the NAMED keyword of the heading.\n\n\
             Write the link text with the PDF_LINK macro after the name.\n\n\
             Build the document again with pdfmom to see the links.\n",
            true,
        ),
        // (nor one that says what is done to them, not what they are)
        (
            "## Creating internal links\n\nInternal links are often removed when a heading \
             changes its name.\n\n\
             Give the destination a name with the NAMED keyword of the heading.\n\n\
             Write the link text with the PDF_LINK macro after the name.\n\n\
             Build the document again with pdfmom to see the links.\n",
            false,
        ),
        // (a first paragraph about something else leads no page on links)
        (
            "## Creating internal links\n\nThe pdfmom program is a wrapper that calls \
             groff twice.\n\n\
             Give the destination a name with the NAMED keyword of the heading.\n\n\
             Write the link text with the PDF_LINK macro after the name.\n\n\
             Build the document again with pdfmom to see the links.\n",
            false,
        ),
    ];
    for (section, quoted) in cases {
        let md = format!("# Links in PDF\n\n{section}");
        let a = analysed("Links", &md);
        let (ctx, doc) = (CallContext::new(a.clone()), DocSummary::from_analysis(&a));
        let p = reg
            .propose("method", &ctx, &doc)
            .unwrap()
            .into_iter()
            .find(|p| p.title == "Creating internal links")
            .unwrap_or_else(|| panic!("a procedure in {section}"));
        let page = reg
            .render("method", &ctx, &Entry::from_proposal(&p, "en", "Links"))
            .unwrap();
        assert_eq!(
            page.summary
                .starts_with("Creating internal links: Internal links are"),
            *quoted,
            "{}",
            page.summary
        );
    }
}

#[test]
fn chapters_of_one_title_are_one_entry_that_names_each_author() {
    let reg = builtins();
    // twelve lyrics, three of them to the tune 玉楼春 by different poets, one of those under
    // the tune's other name too ("木兰花・玉楼春")
    let md: String = (1..=12)
        .map(|i| {
            let (title, poet) = match i {
                3 => ("玉楼春".to_string(), "晏几道"),
                9 => ("玉楼春".to_string(), "欧阳修"),
                11 => ("木兰花・玉楼春".to_string(), "晏殊"),
                _ => (format!("词牌{i}"), "佚名"),
            };
            format!(
                "# {title}

作者：{poet}

春风吹过小楼东，第{i}首词写到这里。

"
            )
        })
        .collect();
    let a = analysed("宋词", &md);
    let (ctx, doc) = (CallContext::new(a.clone()), DocSummary::from_analysis(&a));
    let ps = reg.propose("other", &ctx, &doc).unwrap();
    let tune: Vec<_> = ps.iter().filter(|p| p.title == "玉楼春").collect();
    assert_eq!(tune.len(), 1, "one entry for the title");
    assert!(tune[0].key.starts_with("chapters:"), "{}", tune[0].key);
    assert!(
        !ps.iter().any(|p| p.title.contains('・')),
        "the unit of two names is no entry of its own"
    );
    for alias in ["木兰花・玉楼春", "木兰花"] {
        assert!(
            tune[0].aliases.iter().any(|a| a == alias),
            "{:?}",
            tune[0].aliases
        );
    }
    let e = Entry {
        entry_type: "other".into(),
        title: tune[0].title.clone(),
        aliases: vec![],
        key: tune[0].key.clone(),
        lang: "zh".into(),
        document_title: "宋词".into(),
    };
    let page = reg.render("other", &ctx, &e).unwrap();
    assert!(
        page.summary.contains("3篇")
            && page.summary.contains("晏几道")
            && page.summary.contains("欧阳修")
            && page.summary.contains("晏殊"),
        "{}",
        page.summary
    );
    assert!(
        page.citations.iter().any(|c| c.quote.contains("欧阳修")),
        "the credits are cited"
    );
    // The poet's page quotes the work credited to them by its opening, cited.
    let poet = Entry {
        entry_type: "person".into(),
        title: "晏几道".into(),
        aliases: vec![],
        key: "晏几道".into(),
        lang: "zh".into(),
        document_title: "宋词".into(),
    };
    let page = reg.render("person", &ctx, &poet).unwrap();
    let works = page.sections.iter().find(|s| s.heading == "作品");
    assert!(
        works.is_some_and(|s| s.body.contains("第3首词写到这里")),
        "{:?}",
        page.sections
    );
    assert!(
        page.citations
            .iter()
            .any(|c| c.quote.contains("第3首词写到这里")),
        "the opening is cited"
    );
}

#[test]
fn builtin_genes_load_propose_and_render_grounded_pages() {
    let reg = GeneRegistry::new(runtime(), None);
    for (name, r) in reg.load_builtins() {
        let r = r.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.status, GeneStatus::Active);
        assert_eq!(r.abi.as_deref(), Some("1.1.0"));
        assert_eq!(r.source, Some(GeneSource::Builtin));
    }
    let names: Vec<String> = reg.records().into_iter().map(|r| r.name).collect();
    assert_eq!(names, ["concept", "method", "other", "person"]);
    let (ctx, doc) = ctx();
    let mut titles = Vec::new();
    for g in reg.active() {
        let ps = reg.propose(&g.info.name, &ctx, &doc).unwrap();
        for p in &ps {
            let page = reg
                .render(&g.info.name, &ctx, &Entry::from_proposal(p, "en", "Garden"))
                .unwrap();
            assert!(!page.citations.is_empty(), "{} has no citation", page.title);
            for c in &page.citations {
                assert!(ctx.analysis.passage(&c.passage_id).is_some(), "{c:?}");
            }
            titles.push((g.info.name.clone(), page.title));
        }
    }
    let has = |g: &str, t: &str| titles.iter().any(|(a, b)| a == g && b == t);
    assert!(has("person", "Alice"), "{titles:?}");
    assert!(has("person", "Green"), "{titles:?}");
    assert!(has("method", "To plant a rose"), "{titles:?}");
    // two long chapters are a treatise's topics: no overview entries (see the next test)
    assert!(!has("other", "Chapter Two"), "{titles:?}");
    assert!(has("other", "London"), "{titles:?}");
    assert!(has("concept", "garden"), "{titles:?}");
    let rec = reg.record_of("person").unwrap();
    assert!(rec.calls.render >= 2 && rec.calls.faults == 0, "{rec:?}");
    // improve: asked for more citations, the concept gene returns a page with at least as
    // many, every one of a real passage.
    let page = reg
        .render(
            "concept",
            &ctx,
            &Entry::from_proposal(
                &reg.propose("concept", &ctx, &doc).unwrap()[0],
                "en",
                "Garden",
            ),
        )
        .unwrap();
    let review = Review {
        score: 0.2,
        findings: vec![Finding {
            code: "few-citations".into(),
            message: "only one citation".into(),
        }],
    };
    let better = reg
        .improve("concept", &ctx, &page, &review)
        .unwrap()
        .expect("an improved page");
    assert!(better.citations.len() >= page.citations.len(), "{better:?}");
    for c in &better.citations {
        assert!(ctx.analysis.passage(&c.passage_id).is_some(), "{c:?}");
    }
    assert_eq!(reg.record_of("concept").unwrap().calls.improve, 1);
}

#[test]
fn wrong_abi_is_refused_before_compiling_naming_both_versions() {
    let bytes = test_gene("gene_wrong_abi");
    assert_eq!(abi::read_declared_abi(&bytes).unwrap(), "9.0.0");
    let start = Instant::now();
    let err = runtime().load(&bytes, GeneSource::File).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, GeneError::UnsupportedAbi { .. }), "{err}");
    assert!(msg.contains("9.0.0") && msg.contains("1.0.0"), "{msg}");
    // Refused before compiling: far faster than a compile.
    assert!(start.elapsed() < Duration::from_millis(100));
    let err = runtime()
        .load(b"\0asm\x01\0\0\0", GeneSource::File)
        .unwrap_err();
    assert!(matches!(err, GeneError::NotAComponent(_)), "{err}");
}

#[test]
fn hostile_calls_fail_alone_and_the_gene_and_others_keep_working() {
    let rt = tight_runtime();
    let reg = GeneRegistry::new(rt.clone(), None);
    reg.load_builtins();
    let hostile = rt
        .load(&test_gene("gene_hostile"), GeneSource::File)
        .unwrap();
    let (ctx, doc) = ctx();
    let ok = entry("ok");
    let person = Entry {
        entry_type: "person".into(),
        ..entry("Alice")
    };

    let start = Instant::now();
    let e = hostile.render(&ctx, &entry("loop")).unwrap_err();
    assert!(matches!(e, GeneError::Timeout { .. }), "{e}");
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );

    let e = hostile.render(&ctx, &entry("oom")).unwrap_err();
    assert!(matches!(e, GeneError::OutOfMemory { .. }), "{e}");

    let e = hostile.render(&ctx, &entry("panic")).unwrap_err();
    assert!(matches!(e, GeneError::Trap { .. }), "{e}");
    assert!(e.to_string().contains("trapped"), "{e}");

    let e = hostile.render(&ctx, &entry("huge")).unwrap_err();
    assert!(
        matches!(e, GeneError::OutputTooLarge { .. }) || matches!(e, GeneError::OutOfMemory { .. }),
        "{e}"
    );

    let e = hostile.render(&ctx, &entry("many")).unwrap_err();
    assert!(matches!(e, GeneError::OutputTooLarge { .. }), "{e}");

    // Absurd import arguments are clamped or refused with empty results; the call
    // succeeds within its deadline and the import budget holds.
    let (page, stats) = hostile.render(&ctx, &entry("imports")).unwrap();
    assert_eq!(page.title, "imports");
    // 2 by quoted_page, 11 absurd ones, 10500 in a loop, 1 after the budget.
    assert_eq!(stats.import_calls, 2 + 11 + 10_500 + 1);

    let (_, stats) = hostile.render(&ctx, &entry("flood")).unwrap();
    assert_eq!(stats.log_lines, 2_000);

    // A looping propose is a timeout too.
    let mut loop_doc = doc.clone();
    loop_doc.title = "hostile:loop".into();
    assert!(matches!(
        hostile.propose(&ctx, &loop_doc),
        Err(GeneError::Timeout { .. })
    ));

    // After all that, the same gene and the other genes work.
    let (page, _) = hostile.render(&ctx, &ok).unwrap();
    assert_eq!(page.title, "ok");
    assert_eq!(reg.render("person", &ctx, &person).unwrap().title, "Alice");
}

#[test]
fn a_gene_that_keeps_faulting_is_disabled_and_reload_enables_it() {
    let dir = tempfile::tempdir().unwrap();
    let reg = GeneRegistry::new(tight_runtime(), Some(dir.path().to_path_buf()));
    std::fs::write(dir.path().join("hostile.wasm"), test_gene("gene_hostile")).unwrap();
    reg.scan_dir();
    let (ctx, _) = ctx();
    for _ in 0..3 {
        assert!(matches!(
            reg.render("hostile", &ctx, &entry("panic")),
            Err(GeneError::Trap { .. })
        ));
    }
    let rec = reg.record_of("hostile").unwrap();
    assert_eq!(rec.status, GeneStatus::Disabled);
    assert!(rec.last_error.unwrap().contains("disabled after 3"));
    assert_eq!(rec.calls.faults, 3);
    assert!(matches!(
        reg.render("hostile", &ctx, &entry("ok")),
        Err(GeneError::Disabled { .. })
    ));
    assert!(reg.active().iter().all(|g| g.info.name != "hostile"));
    // Reported errors do not count; reload re-enables.
    reg.reload("hostile").unwrap();
    assert_eq!(reg.record_of("hostile").unwrap().status, GeneStatus::Active);
    assert!(reg.render("hostile", &ctx, &entry("ok")).is_ok());
}

#[test]
fn bad_file_never_replaces_a_working_version_and_rollback_restores() {
    let dir = tempfile::tempdir().unwrap();
    let reg = GeneRegistry::new(runtime(), Some(dir.path().to_path_buf()));
    let path = dir.path().join("hostile.wasm");
    let v1 = test_gene("gene_hostile");
    let v2 = with_marker(&v1, "v2");
    std::fs::write(&path, &v1).unwrap();
    let r1 = reg.load_file(&path).unwrap();
    assert_eq!(r1.source, Some(GeneSource::Dir));
    let old = reg.get("hostile").unwrap();

    // The broken build of the same gene fails its self-test: v1 stays active.
    std::fs::write(&path, test_gene("gene_broken")).unwrap();
    let e = reg.load_file(&path).unwrap_err();
    assert!(matches!(e, GeneError::SelfTest(_)), "{e}");
    let rec = reg.record_of("hostile").unwrap();
    assert_eq!(rec.status, GeneStatus::Active);
    assert_eq!(rec.sha256, r1.sha256);
    assert!(rec.last_error.unwrap().contains("self-test"));

    // A good replacement swaps in; the old Arc still works (in-flight calls).
    std::fs::write(&path, &v2).unwrap();
    let r2 = reg.load_file(&path).unwrap();
    assert_ne!(r2.sha256, r1.sha256);
    assert_eq!(
        r2.previous.as_ref().unwrap().sha256,
        r1.sha256.clone().unwrap()
    );
    let (ctx, _) = ctx();
    assert!(old.render(&ctx, &entry("ok")).is_ok());

    let back = reg.rollback("hostile").unwrap();
    assert_eq!(back.sha256, r1.sha256);
    assert_eq!(back.previous.unwrap().sha256, r2.sha256.unwrap());

    // Removing the file unloads it.
    std::fs::remove_file(&path).unwrap();
    assert_eq!(reg.remove_file(&path).as_deref(), Some("hostile"));
    assert!(reg.get("hostile").is_none());
    assert!(matches!(reg.rollback("nope"), Err(GeneError::NotFound(_))));
}

#[test]
fn upload_delete_and_builtin_override() {
    let dir = tempfile::tempdir().unwrap();
    let reg = GeneRegistry::new(runtime(), Some(dir.path().to_path_buf()));
    reg.load_builtins();
    // A refused upload writes nothing.
    assert!(reg.upload(&test_gene("gene_wrong_abi")).is_err());
    assert!(reg.upload(b"junk").is_err());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);

    let r = reg.upload(&test_gene("gene_hostile")).unwrap();
    assert_eq!(r.source, Some(GeneSource::Upload));
    assert!(dir.path().join("hostile.upload.wasm").exists());
    reg.delete("hostile").unwrap();
    assert!(reg.get("hostile").is_none());
    assert!(!dir.path().join("hostile.upload.wasm").exists());

    // Built-ins cannot be deleted, but a file of the same name overrides them and
    // deleting that file brings the built-in back.
    assert!(matches!(reg.delete("concept"), Err(GeneError::Builtin(_))));
    let concept = builtin::bytes("concept").unwrap();
    let path = dir.path().join("concept.wasm");
    std::fs::write(&path, with_marker(concept, "custom")).unwrap();
    let r = reg.load_file(&path).unwrap();
    assert_eq!(r.source, Some(GeneSource::Dir));
    reg.delete("concept").unwrap();
    assert_eq!(
        reg.record_of("concept").unwrap().source,
        Some(GeneSource::Builtin)
    );
}

#[test]
fn watched_dir_loads_swaps_and_unloads_quickly() {
    let dir = tempfile::tempdir().unwrap();
    let reg = GeneRegistry::new(runtime(), Some(dir.path().to_path_buf()));
    let _w = watch(reg.clone()).unwrap();
    let v1 = test_gene("gene_hostile");
    // Warm the artifact cache so the timing measures the watch, not a debug compile.
    runtime().load(&v1, GeneSource::File).unwrap();
    let path = dir.path().join("hostile.wasm");
    let wait = |what: &str, f: &dyn Fn() -> bool| {
        let start = Instant::now();
        while !f() {
            assert!(
                start.elapsed() < Duration::from_secs(2),
                "{what} took over 2 s"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        start.elapsed()
    };
    std::fs::write(&path, &v1).unwrap();
    wait("drop", &|| reg.get("hostile").is_some());
    let sha1 = reg.get("hostile").unwrap().sha256.clone();
    let v2 = with_marker(&v1, "watch-v2");
    runtime().load(&v2, GeneSource::File).unwrap();
    std::fs::write(&path, &v2).unwrap();
    wait("replace", &|| {
        reg.get("hostile").is_some_and(|g| g.sha256 != sha1)
    });
    std::fs::write(&path, b"not wasm").unwrap();
    wait("error recorded", &|| {
        reg.record_of("hostile")
            .is_some_and(|r| r.last_error.is_some())
    });
    assert!(reg.get("hostile").is_some_and(|g| g.sha256 != sha1));
    std::fs::remove_file(&path).unwrap();
    wait("remove", &|| reg.get("hostile").is_none());
}

#[test]
fn outputs_are_checked_against_declared_types_and_bounds() {
    let info = GeneInfo {
        name: "x".into(),
        version: "1".into(),
        description: String::new(),
        entry_types: vec!["concept".into()],
        languages: vec![],
    };
    let p = Proposal {
        entry_type: "person".into(),
        title: "A".into(),
        aliases: vec![],
        score: 0.5,
        key: "A".into(),
    };
    assert!(matches!(
        model::check_proposals(&info, &[p]),
        Err(GeneError::InvalidOutput { .. })
    ));
    let mut bad = info.clone();
    bad.name = "Bad Name".into();
    assert!(model::check_info(&bad).is_err());
    let page = Page {
        title: "t".into(),
        entry_type: "concept".into(),
        aliases: vec!["a".repeat(300)],
        summary: String::new(),
        sections: vec![],
        citations: vec![],
        links: vec![],
    };
    assert!(matches!(
        model::check_page("render", &page),
        Err(GeneError::OutputTooLarge { .. })
    ));
}

/// The titles a gene proposes for a document.
fn proposed_titles(
    reg: &GeneRegistry,
    gene: &str,
    ctx: &CallContext,
    doc: &DocSummary,
) -> Vec<String> {
    reg.propose(gene, ctx, doc)
        .unwrap()
        .into_iter()
        .map(|p| p.title)
        .collect()
}

/// A term the text uses three times and never says what it is: a term of a short text (one
/// use in every hundred passages or more), a rare one of a long text.
#[test]
fn a_term_is_rare_as_a_share_of_the_text() {
    let reg = builtins();
    let a = analysed(
        "Voting",
        "# One\n\nThe pairwise defeat counts. A pairwise defeat is dropped. Each pairwise defeat weighs.\n",
    );
    let ctx = CallContext::new(a.clone());
    let mut doc = DocSummary::from_analysis(&a);
    doc.terms.retain(|t| t.text == "pairwise defeat");
    assert_eq!(doc.terms.len(), 1, "the phrase is a candidate");
    doc.terms[0].frequency = 3;
    doc.terms[0].kind = TermKind::NounPhrase;
    // (passages of the text, whether it proposes the term)
    for (passages, proposed) in [(200, true), (350, false)] {
        doc.chapters[0].passage_count = passages;
        let titles = proposed_titles(&reg, "concept", &ctx, &doc);
        assert_eq!(
            titles.iter().any(|t| t == "pairwise defeat"),
            proposed,
            "{passages} passages: {titles:?}"
        );
    }
}

/// A term a long text names once gets a page where the text defines it as its subject ("RFA
/// stands for …", "DEP-8 定义了…") or spells it out ("Frequently Asked Questions (FAQ)"); not
/// where the sentence the host scores only uses it on the way ("Thanks to the power of APT,
/// …") or glosses other words with it ("维基（Wiki）").
#[test]
fn a_rare_term_the_text_defines_gets_a_page() {
    let reg = builtins();
    let en = "# One\n\nRFA stands for Request For Adoption. Thanks to the power of APT, the \
              meta-package maintainer can adjust the dependencies. Read the Frequently Asked \
              Questions (FAQ) first. The QA group keeps the archive.\n";
    let zh = "# 一\n\n更新 Debian 维基（Wiki） 中的内容。\n\nDEP-8 定义了测试元数据文件的格式。\n";
    // (the term, whether the text defines it as the host scores its sentences, whether it
    // is proposed)
    let cases = [
        (Lang::En, "RFA", true, true),
        (Lang::En, "FAQ", true, true),
        (Lang::En, "APT", true, false),
        (Lang::En, "QA", false, false),
        (Lang::Zh, "DEP-8", true, true),
        (Lang::Zh, "Wiki", true, false),
    ];
    for (lang, term, defined, proposed) in cases {
        let text = if lang == Lang::Zh { zh } else { en };
        let a = Arc::new(Analysis::new(&Document::from_markdown(
            "Packages", lang, text,
        )));
        assert_eq!(
            !a.definitions(term, 1).is_empty(),
            defined,
            "{term}: a definition"
        );
        let ctx = CallContext::new(a.clone());
        let mut doc = DocSummary::from_analysis(&a);
        // (a long text, where three uses are the least, and a candidate of one use, as its
        // rare terms are)
        doc.chapters[0].passage_count = 500;
        doc.terms = vec![crate::analysis::TermStat {
            text: term.into(),
            kind: TermKind::Term,
            frequency: 1,
            salience: 0.5,
            chapter_count: 1,
            first: a.mentions(term, 1).remove(0),
            variants: Vec::new(),
        }];
        let titles = proposed_titles(&reg, "concept", &ctx, &doc);
        assert_eq!(
            titles.iter().any(|t| t == term),
            proposed,
            "{term}: {titles:?}"
        );
    }
}

#[test]
fn a_manuals_options_are_entries_of_their_command_with_their_description() {
    let reg = builtins();
    let book = "# cat(1)\n\n## Synopsis\n\ncat [OPTION]... [FILE]...\n\n## Description\n\nConcatenate files to standard output.\n\n-A, --show-all\n\nEquivalent to -vET.\n\n-b, --number-nonblank\n\nNumber nonempty output lines, overrides -n.\n\n-n, --number\n\nNumber all output lines.\n\n# ls(1)\n\n## Description\n\nList information about the files.\n\n-a, --all\n\nDo not ignore entries starting with a dot.\n\n-l Use a long listing format.\n\n-1 List one file per line.\n";
    let a = analysed("Manual pages", book);
    let (ctx, doc) = (CallContext::new(a.clone()), DocSummary::from_analysis(&a));
    let proposed = reg.propose("concept", &ctx, &doc).unwrap();
    let titles: Vec<&str> = proposed.iter().map(|p| p.title.as_str()).collect();
    for want in ["cat -A", "cat -b", "cat -n", "ls -a", "ls -l", "ls -1"] {
        assert!(titles.contains(&want), "{want} not in {titles:?}");
    }
    let show_all = proposed.iter().find(|p| p.title == "cat -A").unwrap();
    assert_eq!(show_all.aliases, ["cat --show-all"]);
    // the page leads with the option's description, cited
    let page = reg
        .render(
            "concept",
            &ctx,
            &Entry {
                entry_type: "concept".into(),
                title: "cat -A".into(),
                aliases: show_all.aliases.clone(),
                key: "cat -A".into(),
                lang: "en".into(),
                document_title: "Manual pages".into(),
            },
        )
        .unwrap();
    // (the description does not name the option, so the page names it first)
    assert_eq!(page.summary, "cat -A: Equivalent to -vET.");
    assert!(!page.citations.is_empty());
}

#[test]
fn a_manual_page_overview_is_its_commands_entry_too() {
    let reg = builtins();
    let md: String = [
        "cp", "mv", "rm", "ln", "ls", "cat", "du", "df", "wc", "tr", "cut", "env",
    ]
    .iter()
    .map(|c| format!("# {c}(1)\n\n{c} - a utility of the system.\n\nUse {c} with care.\n\n"))
    .collect();
    let a = analysed("Manual pages", &md);
    let (ctx, doc) = (CallContext::new(a.clone()), DocSummary::from_analysis(&a));
    let ps = reg.propose("other", &ctx, &doc).unwrap();
    let cp = ps
        .iter()
        .find(|p| p.title == "cp(1)")
        .expect("an overview of cp(1)");
    assert_eq!(cp.aliases, ["cp"]);
}

#[test]
fn a_terms_page_leads_with_what_a_table_says_it_is() {
    // (the prose uses tallyctl and never says what it is; its table of tools does)
    let text = "Chapter 1. Ledgers\n\n\
        Operators run the tallyctl command every night. Scripts call the tallyctl command \
        with the print option. Backups need the tallyctl command as well.\n\n\
        Table 1.1. Tools of the ledger\n\n\
        |----------+-------+---------------------------------|\n\
        | package  | size  |           description           |\n\
        |----------+-------+---------------------------------|\n\
        |tallyctl  |120    |command-line client of the tally |\n\
        |          |       |ledger service                   |\n\
        |----------+-------+---------------------------------|\n\
        |tallyd    |300    |the tally ledger daemon          |\n\
        |----------+-------+---------------------------------|\n";
    let doc = crate::extract::extract(text.as_bytes(), "ledgers.txt").unwrap();
    let a = Arc::new(Analysis::new(&crate::pipeline::analysis_document(
        &doc,
        "Ledgers",
        Lang::En,
    )));
    assert!(a.definitions("tallyctl", 3).is_empty());
    let page = concept_page(&builtins(), &a, "tallyctl", "Ledgers");
    assert_eq!(
        page.summary,
        "tallyctl: command-line client of the tally ledger service"
    );
    // cited where the table is, under where the text describes it
    let gloss = &a.glosses("tallyctl", 1)[0];
    assert!(
        page.citations.iter().any(|c| c.passage_id == gloss.id),
        "{page:?}"
    );
    assert!(
        page.sections
            .iter()
            .any(|s| s.heading == "Where the text describes it"),
        "{page:?}"
    );
}

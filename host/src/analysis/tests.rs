use super::*;

const EN: &str = "CHAPTER I\n\nMr. Darcy walked in. Darcy said nothing to Elizabeth.\nElizabeth laughed at Mr. Darcy.\n\nA gene is a small program that makes wiki entries. Each gene runs in a sandbox.\n\nCHAPTER II\n\nElizabeth went to Longbourn. Darcy said she was tolerable. The gene was loaded in Longbourn.\n\nTo brew tea:\n\n1. Boil the water.\n2. Add the leaves.\n3. Wait three minutes.\n";

const ZH: &str = "第一章 学而\n\n子曰：学而时习之，不亦说乎？有朋自远方来，不亦乐乎？\n\n曾子曰：吾日三省吾身。孔子曰：温故而知新。\n\n第二章 为政\n\n孔子曰：为政以德。所谓仁者，爱人也。孔子适卫。曾子曰：慎终追远。《论语》记孔子之言。《论语》是儒家经典。孔子曰：仁者爱人。\n";

#[test]
fn english_sentences() {
    let s = split_sentences(
        "Mr. Darcy walked in. He said \"Hi!\" Then he left... J. R. Smith came.",
        Lang::En,
    );
    assert_eq!(s[0], "Mr. Darcy walked in.");
    assert_eq!(s[1], "He said \"Hi!\"");
    assert!(s.len() >= 3, "{s:?}");
    // a sentence may open with a program's name in lower case; an abbreviation or an initial
    // before a lower-case word goes on
    for (text, want) in [
        (
            "This is the building script. dh is the most common helper.",
            vec![
                "This is the building script.",
                "dh is the most common helper.",
            ],
        ),
        (
            "It may hold the files config and templates. config is a script.",
            vec![
                "It may hold the files config and templates.",
                "config is a script.",
            ],
        ),
        (
            "Smith et al. found it, e.g. in the tools etc. and more.",
            vec!["Smith et al. found it, e.g. in the tools etc. and more."],
        ),
        (
            "Version 2.5. and later work.",
            vec!["Version 2.5. and later work."],
        ),
        // (a heading named by its number in quotes or brackets goes on)
        (
            "It is linked (see “3.1. Creating destination points”). Then it works.",
            vec![
                "It is linked (see “3.1. Creating destination points”).",
                "Then it works.",
            ],
        ),
        (
            "The link looks like this: (see: \"1. Introduction\").",
            vec!["The link looks like this: (see: \"1. Introduction\")."],
        ),
        (
            "It was read in 1998. Then it was lost.",
            vec!["It was read in 1998.", "Then it was lost."],
        ),
    ] {
        assert_eq!(split_sentences(text, Lang::En), want, "{text}");
    }
}

#[test]
fn verse_numbers_start_sentences() {
    // (text, sentences)
    for (text, want) in [
        (
            "3:4 Owner of Retribution 3:5 Indeed, nothing is hidden",
            vec!["3:4 Owner of Retribution", "3:5 Indeed, nothing is hidden"],
        ),
        (
            "2:8 And of the people\n2:9 They deceive",
            vec!["2:8 And of the people", "2:9 They deceive"],
        ),
        // (a verse is one passage, its stops and all)
        (
            "2:54 And Moses said, \"Repent.\" That is best. 2:55 And you said.",
            vec![
                "2:54 And Moses said, \"Repent.\" That is best.",
                "2:55 And you said.",
            ],
        ),
        // (prose that opens with no verse number splits at its stops)
        ("Repent. That is best.", vec!["Repent.", "That is best."]),
        ("We met at 10:30 Monday.", vec!["We met at 10:30 Monday."]),
        ("It ends 10:30 am.", vec!["It ends 10:30 am."]),
    ] {
        assert_eq!(split_sentences(text, Lang::En), want, "{text}");
    }
    assert_eq!(
        split_sentences("1:3 至仁至慈的主，\n1:4 报应日的主。", Lang::Zh),
        vec!["1:3 至仁至慈的主，", "1:4 报应日的主。"]
    );
}

#[test]
fn chinese_sentences() {
    let s = split_sentences(
        "子曰：「学而时习之。」有朋自远方来，不亦乐乎？善。",
        Lang::Zh,
    );
    assert_eq!(
        s,
        vec!["子曰：「学而时习之。」", "有朋自远方来，不亦乐乎？", "善。"]
    );
    // an ASCII mark set apart or joined to a name is an operator, not a stop
    for (text, want) in [
        ("与 ! expr 相同。", vec!["与 ! expr 相同。"]),
        ("测试 !expr 或 a != b。", vec!["测试 !expr 或 a != b。"]),
        (
            "什么是 debmake? 它是一个工具。",
            vec!["什么是 debmake?", "它是一个工具。"],
        ),
        (
            "真的吗?Linux 是自由的。",
            vec!["真的吗?", "Linux 是自由的。"],
        ),
    ] {
        assert_eq!(split_sentences(text, Lang::Zh), want, "{text}");
    }
}

/// A classical naming that refers back ("此之謂X") stays with the statement it names, with
/// the clauses a semicolon split off before it; elsewhere 此 opens a sentence of its own.
#[test]
fn a_classical_naming_stays_with_what_it_names() {
    let cases: &[(&str, &[&str])] = &[
        (
            "是以君子有絜矩之道也。所惡於上，毋以使下；所惡於下，毋以事上。此之謂絜矩之道。",
            &[
                "是以君子有絜矩之道也。",
                "所惡於上，毋以使下；所惡於下，毋以事上。此之謂絜矩之道。",
            ],
        ),
        (
            "富貴不能淫，貧賤不能移，威武不能屈。此之謂大丈夫。",
            &["富貴不能淫，貧賤不能移，威武不能屈。此之謂大丈夫。"],
        ),
        // (a long sentence that opens with 此 is a statement of its own)
        (
            "其本亂而末治者否矣。此謂身不修不可以齊其家，而國家之所以治者也。",
            &[
                "其本亂而末治者否矣。",
                "此謂身不修不可以齊其家，而國家之所以治者也。",
            ],
        ),
        ("此谓知本。", &["此谓知本。"]),
    ];
    for &(text, want) in cases {
        assert_eq!(split_sentences(text, Lang::Zh), want, "{text}");
    }
}

/// A short question of a dialogue stays with the answer that follows it; a question that
/// says more, or is followed by no answer, is a sentence of its own.
#[test]
fn a_question_stays_with_its_answer() {
    let cases: &[(&str, &[&str])] = &[
        (
            "孟武伯问孝。子曰：“父母唯其疾之忧。”",
            &["孟武伯问孝。子曰：“父母唯其疾之忧。”"],
        ),
        (
            "哀公問政。子曰：「文武之政，布在方策。」",
            &["哀公問政。子曰：「文武之政，布在方策。」"],
        ),
        (
            "樊迟曰：“何谓也？”子曰：“生，事之以礼。”",
            &["樊迟曰：“何谓也？”子曰：“生，事之以礼。”"],
        ),
        (
            "颜渊曰：请问其目？子曰：非礼勿视。",
            &["颜渊曰：请问其目？子曰：非礼勿视。"],
        ),
        // (no answer follows: the report is its own sentence)
        (
            "子入太庙，每事问。或曰：孰谓鄹人之子知礼乎？",
            &["子入太庙，每事问。", "或曰：孰谓鄹人之子知礼乎？"],
        ),
        ("孟武伯问孝。其后三年。", &["孟武伯问孝。", "其后三年。"]),
        // (a question that says more than it asks keeps its own passage)
        (
            "子贡问曰：“有一言而可以终身行之者乎？”子曰：“其恕乎！”",
            &["子贡问曰：“有一言而可以终身行之者乎？”", "子曰：“其恕乎！”"],
        ),
        // (a verse of a scripture is cited by its number: it is joined to nothing)
        (
            "2:5 他们问什么？ 2:6 他们说：是。",
            &["2:5 他们问什么？", "2:6 他们说：是。"],
        ),
    ];
    for &(text, want) in cases {
        assert_eq!(split_sentences(text, Lang::Zh), want, "{text}");
    }
}

#[test]
fn text_document_chapters_and_lines() {
    let d = Document::from_text("Test", Lang::En, EN);
    assert_eq!(d.chapters.len(), 2);
    assert_eq!(d.chapters[0].title, "CHAPTER I");
    assert_eq!(d.chapters[0].blocks[0].line, Some(3));
    // The numbered steps are blocks of their own.
    assert!(
        d.chapters[1]
            .blocks
            .iter()
            .any(|b| b.text == "2. Add the leaves.")
    );
}

#[test]
fn english_analysis() {
    let a = Analysis::new(&Document::from_text("Test", Lang::En, EN));
    let darcy = a.term("Darcy").expect("darcy is a term");
    assert_eq!(darcy.kind, TermKind::Person);
    assert!(
        darcy
            .variants
            .iter()
            .any(|v| v == "Mr. Darcy" || v == "Mr Darcy"),
        "{:?}",
        darcy.variants
    );
    assert_eq!(darcy.chapter_count, 2);
    assert_eq!(a.mentions("darcy", 10).len(), 4);
    let defs = a.definitions("gene", 3);
    assert_eq!(
        defs[0].text,
        "A gene is a small program that makes wiki entries."
    );
    assert_eq!(defs[0].location.chapter_title, "CHAPTER I");
    let p = a.passage(&defs[0].id).unwrap();
    assert_eq!(p, defs[0]);
    assert!(a.related("Darcy", 10).iter().any(|r| r.text == "Elizabeth"));
    assert!(!a.search("sandbox gene", 5).is_empty());
    let procs: Vec<_> = a.procedures().collect();
    assert_eq!(procs.len(), 1, "{procs:?}");
    assert_eq!(procs[0].title, "To brew tea");
    let steps = a.procedure_steps(&procs[0].id, 10);
    assert_eq!(steps.len(), 3);
    assert_eq!(steps[2].text, "3. Wait three minutes.");
    assert_eq!(a.chapter_passages(1, 1, 2).len(), 2);
    assert!(a.chapter_passages(9, 0, 2).is_empty());
    assert!(a.chapter_text(0, 10).unwrap().len() <= 10);
    assert!(a.chapter_text(7, 10).is_none());
}

#[test]
fn chinese_analysis() {
    let a = Analysis::new(&Document::from_text("论语", Lang::Zh, ZH));
    assert_eq!(a.chapters().len(), 2);
    let kongzi = a.term("孔子").expect("孔子");
    assert_eq!(kongzi.kind, TermKind::Person);
    let lunyu = a.term("论语").expect("论语");
    assert_eq!(lunyu.kind, TermKind::Work);
    assert!(!a.definitions("仁者", 2).is_empty());
    assert!(a.related("孔子", 5).iter().any(|r| r.text == "论语"));
}

#[test]
fn markdown_document() {
    let md = "# Intro\n\nSome *text* with a [link](http://x).\n\n## Setup\n\n1. Install it.\n2. Run it.\n\n# Usage\n\nUse it.\n";
    let d = Document::from_markdown("M", Lang::En, md);
    assert_eq!(d.chapters.len(), 2);
    assert_eq!(d.chapters[0].blocks[0].text, "Some text with a link.");
    // (an underscore inside a name, and a code span's text, are no emphasis)
    let names = Document::from_markdown(
        "M",
        Lang::En,
        "# A\n\nSet _BASH_VERSION_ or `__init__` *now*.\n",
    );
    assert_eq!(
        names.chapters[0].blocks[0].text,
        "Set BASH_VERSION or __init__ now."
    );
    assert_eq!(d.chapters[0].blocks[1].section.as_deref(), Some("Setup"));
    let a = Analysis::new(&d);
    assert_eq!(a.procedures().count(), 1);
}

#[test]
fn step_markers() {
    use super::procedures::step_marker;
    assert_eq!(step_marker("1. Boil"), Some(1));
    assert_eq!(step_marker("(2) x"), Some(2));
    assert_eq!(step_marker("第三步 加水"), Some(3));
    assert_eq!(step_marker("十二、总结"), Some(12));
    assert_eq!(step_marker("1999 was a year"), None);
    assert_eq!(step_marker("3.14 is pi"), None);
}

#[test]
fn ordinal_and_imperative_steps() {
    let text = "Chapter 1\n\nMary Fielding planted a tree. To plant a tree, follow these steps. First, dig a hole twice as wide as the root ball. Second, loosen the soil at the bottom. Third, set the tree and backfill. Finally, water the tree.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    let procs: Vec<_> = a.procedures().collect();
    assert_eq!(procs.len(), 1, "{procs:?}");
    assert_eq!(procs[0].title, "To plant a tree, follow these steps");
    assert_eq!(procs[0].step_count, 4);
}

#[test]
fn people_who_act_are_persons() {
    let text = "Mary Fielding kept compost. Mary Fielding said that compost is gold. Thomas Reed disagreed. Thomas Reed watered the orchard at Hollowmere. They walked to Hollowmere. They lived near Hollowmere.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    for (name, kind) in [
        ("Mary Fielding", TermKind::Person),
        ("Thomas Reed", TermKind::Person),
        ("Hollowmere", TermKind::Place),
    ] {
        assert_eq!(a.term(name).map(|t| t.kind), Some(kind), "{name}");
    }
}

/// A name called out after a comma ("Stick to the boat, Pip!") or said to feel, know or die
/// ("Fedallah smiled") is a person's; a place listed between commas stays a place.
#[test]
fn a_name_called_out_or_that_feels_is_a_persons() {
    let text = "\"Stick to the boat, Pibbet!\" And Pibbet sat down. \"Where now, Pibbet?\" \
                Fedallah smiled. Then Fedallah muttered a word. Fedallah stood by the rail. \
                They sailed from Tarquay, Salem, and Boston. The ship lay at Tarquay. \
                Oil came to Tarquay. Was it Salem, Boston, Tarquay? \
                Did they sail by Salem, Tarquay?\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    for (name, kind) in [
        ("Pibbet", TermKind::Person),
        ("Fedallah", TermKind::Person),
        ("Tarquay", TermKind::Place),
    ] {
        assert_eq!(a.term(name).map(|t| t.kind), Some(kind), "{name}");
    }
}

/// A name addressed with the vocative "O" is a person's; a city so addressed stays a place
/// where the text says more of it as one.
#[test]
fn a_name_addressed_with_o_is_a_persons() {
    let text = "Pharaoh said, \"O Haman, construct for me a tower.\" \
                The people feared Pharaoh and Haman. They said, \"O Haman, we obey.\" \
                The tower stood in Memphis. They went to Memphis. They lived in Memphis. \
                O Memphis, your walls are high. The traders sailed to Memphis.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    assert_eq!(a.term("Haman").map(|t| t.kind), Some(TermKind::Person));
    assert_eq!(a.term("Memphis").map(|t| t.kind), Some(TermKind::Place));
}

/// A name may join its words with "of the": "People of the Scripture", a group.
#[test]
fn a_name_joined_by_of_the() {
    let text = "Say, O People of the Scripture, come to a word. And the People of the Scripture \
                did not differ. Among the People of the Scripture are some who believe. \
                The scripture was sent down.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    let t = a.term("People of the Scripture");
    assert!(
        t.is_some_and(|t| t.kind != TermKind::Person),
        "{:?}",
        t.map(|t| t.kind)
    );
    // (a title that such a name holds makes no person of what follows it)
    let text = "They mocked the King of the Jews. Pilate wrote: King of the Jews. \
                Hail, King of the Jews! The Jews answered him.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    assert!(
        a.term("Jews").is_none_or(|t| t.kind != TermKind::Person),
        "a title's people is no person"
    );
    // (nor of the place a title names: "King of Siam", "Prince of Wales")
    let text = "The King of Siam took four thousand elephants. Word came to the King of Siam \
                from the coast. The King of Siam sent ships to the islands.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    assert!(
        a.term("Siam").is_none_or(|t| t.kind != TermKind::Person),
        "a title's place is no person"
    );
}

/// An ordinary word said of someone with a capital ("Allah is Seeing of what you do") is an
/// adjective, no name; a name said after "is" now and then stays one.
#[test]
fn an_adjective_of_praise_with_a_capital_is_no_name() {
    let text = "Indeed, Allah is Seeing of what you do. And He is Seeing of His servants. \
                Ever is Allah Seeing of you. Ever is Allah Seeing and Knowing. \
                Allah is Seeing of what they do. The Lord, Seeing and Knowing, knows it. \
                His wife is Rose. Rose said that the bread was good. Then Rose sold her \
                bread. \"Come home,\" said Rose.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    assert!(a.term("Seeing").is_none(), "an adjective of praise");
    assert!(a.term("Allah Seeing").is_none(), "a name run on into one");
    assert!(a.term("Rose").is_some(), "a name said after \"is\" once");
}

#[test]
fn a_given_name_and_a_surname_name_a_person_once_named() {
    let text = "The project grew quickly. Martin Michlmayr led the project from March 2003 until March 2005. \
                Steve McIntyre led Debian from April 2008 until April 2010. \
                Chris Lamb led Debian from April 2017 until April 2019. \
                Trains leave from Victoria Station. The project kept its archive at Victoria Station. \
                The mirror in Asia is run by China Mobile. The archive grew.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    // (a surname may be a word: "Lamb")
    for name in ["Martin Michlmayr", "Steve McIntyre", "Chris Lamb"] {
        assert_eq!(
            a.term(name).map(|t| t.kind),
            Some(TermKind::Person),
            "{name}"
        );
    }
    assert!(
        a.term("Victoria Station")
            .is_none_or(|t| t.kind != TermKind::Person),
        "a station is no person"
    );
    // (a country that is also a given name: "China Mobile" is a company)
    assert!(
        a.term("China Mobile")
            .is_none_or(|t| t.kind != TermKind::Person),
        "a company named after a country is no person"
    );
}

/// A middle initial names a person whatever the given name, and the first name alone then
/// folds into the full name; an initial between other words does not.
#[test]
fn a_name_with_a_middle_initial_names_a_person() {
    let text = "The archive grew. Kristoffer H. Rose died in September 2016. \
                Kristoffer H. Rose wrote the first packaging tools. \
                The list thanked Kristoffer for his early work. \
                Later Kristoffer wrote to the list. The build ran at Section B. Review. \
                See Appendix B. Debian for the list. Read Appendix B. Debian again. \
                The archive was moved.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    assert_eq!(
        a.term("Kristoffer H. Rose").map(|t| t.kind),
        Some(TermKind::Person)
    );
    assert_eq!(
        a.term("Kristoffer").map(|t| t.text.as_str()),
        Some("Kristoffer H. Rose"),
        "the first name alone is the same person"
    );
    for not_a_name in ["Section B. Review", "Appendix B. Debian"] {
        assert!(
            a.term(not_a_name)
                .is_none_or(|t| t.kind != TermKind::Person),
            "{not_a_name}"
        );
    }
}

#[test]
fn writings_of_one_persons_name_make_one_page() {
    let text = "Christopher Matthew Rutter wrote the build daemon in 1998. \
                Christopher Rutter maintained the Alpha port for two years. \
                Chris Rutter died in a road accident in 2001. \
                Christopher Rutter was a student at Cambridge. \
                Joel Klecker maintained glibc. Joel Klecker died in 2000.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    // (titled by the writing used most, of the full given name)
    let page = a.term("Christopher Rutter").expect("the person has a page");
    assert_eq!(page.kind, TermKind::Person);
    for writing in ["Christopher Matthew Rutter", "Chris Rutter"] {
        assert_eq!(
            a.term(writing).map(|t| t.text.as_str()),
            Some("Christopher Rutter"),
            "{writing} is a writing of the same name"
        );
    }
    assert_eq!(
        a.term("Joel Klecker").map(|t| t.text.as_str()),
        Some("Joel Klecker"),
        "another person keeps his page"
    );
}

#[test]
fn numbered_headings_are_not_steps() {
    let cases = [
        ("Contents:\n\n1. Intro\n2. Setup\n3. Usage\n", 0),
        (
            "To brew tea:\n\n1. Boil the water.\n2. Add the leaves.\n",
            1,
        ),
        ("目录\n\n1. 概览\n2. 预备知识\n", 0),
        (
            "安装步骤：\n\n1. 下载安装程序并运行它。\n2. 按照向导完成安装。\n",
            1,
        ),
        // a numbered list of statements is an enumeration, not steps …
        (
            "The following exceptions apply:\n\n1. The maintainer may keep the old file.\n2. The package may ship a symbolic link.\n",
            0,
        ),
        (
            "例外如下：\n\n1. 维护者可以保留旧的文件。\n2. 软件包可以提供一个链接。\n",
            0,
        ),
        // … unless its lead-in names the action or the process
        (
            "Ballot counting:\n\n1. Each voter ranks the options on the ballot.\n2. The options are compared in pairs.\n",
            1,
        ),
        (
            "The committee uses the following process:\n\n1. Any member may propose a resolution.\n2. The committee votes on it within a week.\n",
            1,
        ),
        (
            "打包流程：\n\n1. 上游发布新的版本。\n2. 维护者更新软件包。\n",
            1,
        ),
    ];
    for (text, want) in cases {
        let lang = if text.is_ascii() { Lang::En } else { Lang::Zh };
        let a = Analysis::new(&Document::from_text("T", lang, text));
        assert_eq!(a.procedures().count(), want, "{text}");
    }
}

#[test]
fn howto_headings() {
    use super::procedures::howto_title;
    let cases: &[(&str, Lang, Option<&str>)] = &[
        ("Installing calibre", Lang::En, Some("Installing calibre")),
        (
            "Implementing a writable stream",
            Lang::En,
            Some("Implementing a writable stream"),
        ),
        (
            "2.3: Setting up a build",
            Lang::En,
            Some("Setting up a build"),
        ),
        ("How to brew tea", Lang::En, Some("How to brew tea")),
        (
            "Choose one API style",
            Lang::En,
            Some("Choose one API style"),
        ),
        ("Buffering", Lang::En, None),
        ("Something about strings", Lang::En, None),
        ("Object mode", Lang::En, None),
        ("Class: stream.Writable", Lang::En, None),
        (
            "4.8. 第四步：使用 debuild 构建软件包",
            Lang::Zh,
            Some("使用 debuild 构建软件包"),
        ),
        ("3. 安装工具", Lang::Zh, Some("安装工具")),
        (
            "A.3. Calling for a vote",
            Lang::En,
            Some("Calling for a vote"),
        ),
        ("5. 基本内容", Lang::Zh, None),
        ("学而第一", Lang::Zh, None),
    ];
    for (heading, lang, want) in cases {
        assert_eq!(howto_title(heading, *lang).as_deref(), *want, "{heading:?}");
    }
}

#[test]
fn procedures_under_numbered_sections_are_named_without_the_number() {
    // A numbered list under "4.1. Powers" in a plain text with outline sections: the procedure
    // is named by the section, without its number, and twice the same name is told apart by
    // the chapter, also without its number.
    let text = "1. Rules\n\n4.1. Powers\n\n   1. Appoint the delegates of the project today.\n   2. Make any decision that the delegates may make.\n   3. Withdraw the appointment of a delegate at once.\n\n2. More rules\n\n4.1. Powers\n\n   1. Appoint the members of the committee today.\n   2. Make any decision that the committee may make.\n";
    let doc = crate::extract::extract(text.as_bytes(), "rules.txt").unwrap();
    let doc = Document {
        title: "Rules".into(),
        lang: Lang::En,
        chapters: doc
            .chapters
            .iter()
            .map(|c| Chapter {
                title: c.title.clone(),
                blocks: c
                    .blocks
                    .iter()
                    .map(|b| Block {
                        text: b.text.clone(),
                        section: b.location.section.clone(),
                        line: b.location.line,
                        ..Block::default()
                    })
                    .collect(),
                ..Chapter::default()
            })
            .collect(),
        programs: Vec::new(),
    };
    let a = Analysis::new(&doc);
    let titles: Vec<&str> = a.procedures().map(|p| p.title.as_str()).collect();
    assert!(
        titles
            .iter()
            .all(|t| !t.starts_with(|c: char| c.is_ascii_digit())),
        "{titles:?}"
    );
    assert!(titles.contains(&"Powers"), "{titles:?}");
}

#[test]
fn lists_without_a_lead_in_under_one_heading_are_one_procedure() {
    // Two numbered lists under "## Package management", each after a line too long to name
    // it: one procedure named by the heading, with the longer list (not "… (2)").
    let label =
        "• Update (”apt update”, ”aptitude update” or ”apt-get update”, whichever you use):";
    let md = format!(
        "# Guide\n\n## Package management\n\n{label}\n\n1. Fetch archive metadata from the remote archive.\n2. Reconstruct the local metadata for use by the tool.\n\n{label}\n\n1. Choose the packages listed on the command line.\n2. Make the package dependency resolution.\n3. Unpack the fetched binary packages.\n"
    );
    let a = Analysis::new(&Document::from_markdown("M", Lang::En, &md));
    let procs: Vec<_> = a.procedures().collect();
    assert_eq!(procs.len(), 1, "{procs:?}");
    assert_eq!(procs[0].title, "Package management");
    assert_eq!(procs[0].step_count, 3);
    let steps = a.procedure_steps(&procs[0].id, 10);
    assert_eq!(
        steps[0].text,
        "1. Choose the packages listed on the command line."
    );
}

#[test]
fn lead_ins_that_are_clauses_give_way_to_the_heading() {
    // A numbered list's lead-in names its procedure where it is a phrase of the task; a
    // clause of the prose ("Basically, the shell does the following:", "本质上，如下操作即可完成
    // 桌面的网络配置：") gives way to the heading above the list.
    let cases: &[(Lang, &str, &str)] = &[
        (
            Lang::En,
            "# Guide\n\n## Shell Operation\n\nBasically, the shell does the following:\n\n1. Read its input from a file or from a string.\n2. Break the input into words and operators.\n3. Execute the command and wait for it.\n",
            "Shell Operation",
        ),
        (
            Lang::En,
            "# Guide\n\n## Upgrading a package\n\nIf the package is being upgraded:\n\n1. Call the old prerm script with upgrade.\n2. Call the new preinst script with upgrade.\n",
            "Upgrading a package",
        ),
        (
            Lang::En,
            "# Guide\n\n## Notes\n\nTo set up the build chroot:\n\n1. Install the debootstrap package first.\n2. Run debootstrap with the suite and a directory.\n",
            "To set up the build chroot",
        ),
        (
            Lang::Zh,
            "# 手册\n\n## 网络配置\n\n本质上，如下操作即可完成桌面的网络配置：\n\n1. 安装 network-manager 软件包并启动它。\n2. 使用 nmcli 命令连接到无线网络。\n",
            "网络配置",
        ),
        (
            Lang::Zh,
            "# 手册\n\n## 重置密码\n\n该过程包含 2 个步骤：\n\n1. 使用救援盘启动系统并挂载硬盘分区。\n2. 编辑 /etc/shadow 文件并清除密码字段。\n",
            "重置密码",
        ),
        (
            Lang::Zh,
            "# 手册\n\n## 工具\n\n安装构建工具：\n\n1. 运行 apt-get update 更新软件包列表。\n2. 运行 apt-get install build-essential 安装工具。\n",
            "安装构建工具",
        ),
    ];
    for (lang, md, want) in cases {
        let a = Analysis::new(&Document::from_markdown("M", *lang, md));
        let titles: Vec<&str> = a.procedures().map(|p| p.title.as_str()).collect();
        assert_eq!(titles, vec![*want], "{md}");
    }
}

#[test]
fn a_path_is_described_by_the_section_its_file_name_heads() {
    // "## control" documents debian/control where its first sentence points at the file;
    // a section that opens otherwise, or a file name two paths end in, says nothing of it.
    let md = "# Guide\n\n## control\n\nThis file contains various values which dpkg and apt use to manage the package.\n\n## rules\n\nNow we look at the rules that dpkg-buildpackage uses.\n\n## Editing\n\nEdit debian/control with care. Then check debian/control again. Keep debian/control short. Edit debian/rules next. Run debian/rules build. Read debian/rules twice.\n";
    let a = Analysis::new(&Document::from_markdown("Guide", Lang::En, md));
    let lead = a.definitions("debian/control", 1);
    assert!(
        lead.first()
            .is_some_and(|p| p.text.starts_with("This file contains")),
        "{lead:?}"
    );
    assert!(
        a.definitions("debian/rules", 1)
            .iter()
            .all(|p| !p.text.starts_with("Now we look")),
    );
}

#[test]
fn howto_sections_are_procedures() {
    // (each Markdown text has one how-to section, "Installing the tool", whose paragraphs
    // are its steps)
    let cases = [
        "# Guide\n\n## Installing the tool\n\nDownload the archive from the release page.\n\nUnpack it into a directory on your path. Then start it once.\n\n## Buffering\n\nData is buffered in memory.\n\nThe buffer has a limit.\n",
        // a list's number the extraction left as a paragraph of its own, "3.", is no step
        "# Guide\n\n## Installing the tool\n\nDownload the archive from the release page.\n\n3\\.\n\nUnpack it into a directory on your path.\n",
        // nor is a line of code, an option, a label or a heading between the paragraphs
        "# Guide\n\n## Installing the tool\n\nDownload the archive from the release page.\n\n[n]>>word\n\n--debugger\n\nEOF\n\nChapter 8\n\n#!/bin/sh\n\nUnpack it into a directory on your path.\n",
        // nor the heading set again as a paragraph
        "# Guide\n\n## Installing the tool\n\nInstalling the tool\n\nDownload the archive from the release page.\n\nUnpack it into a directory on your path.\n",
    ];
    for md in cases {
        let a = Analysis::new(&Document::from_markdown("M", Lang::En, md));
        let procs: Vec<_> = a.procedures().collect();
        assert_eq!(procs.len(), 1, "{procs:?}");
        assert_eq!(procs[0].title, "Installing the tool");
        let steps = a.procedure_steps(&procs[0].id, 10);
        let texts: Vec<&str> = steps.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Download the archive from the release page.",
                "Unpack it into a directory on your path."
            ],
            "{md}"
        );
        assert_eq!(procs[0].step_count, 2, "{md}");
    }
}

#[test]
fn a_defined_term_ranks_before_one_only_used() {
    let found = |text: &str, kind: TermKind, salience: f32| terms::Found {
        text: text.to_string(),
        kind,
        salience,
        variants: Vec::new(),
        sentences: vec![0, 1, 2],
    };
    // (text, kind, salience, defined)
    let cases = [
        ("usr", TermKind::Term, 0.50, false),
        ("tarball", TermKind::Term, 0.45, true),
        ("Joey Hess", TermKind::Person, 0.48, true),
        ("source package", TermKind::NounPhrase, 0.30, true),
    ];
    let ranked = rank_defined_first(
        cases.iter().map(|&(t, k, s, _)| found(t, k, s)).collect(),
        |f| cases.iter().any(|&(t, _, _, d)| d && t == f.text),
    );
    let order: Vec<&str> = ranked.iter().map(|f| f.text.as_str()).collect();
    // (a name keeps its rank: the boost is for concepts)
    assert_eq!(order, ["tarball", "usr", "Joey Hess", "source package"]);
}

#[test]
fn phrases_of_jiebas_dictionary() {
    // (word, a phrase of ordinary language the dictionary lists at its least count)
    let cases = [
        ("天地间", true),
        ("主持公道", true),
        ("崇拜偶像", true),
        ("虔诚地", true),
        // two characters: classical terms are listed so
        ("忠信", false),
        ("化育", false),
        // a noun made by its suffix
        ("说情者", false),
        // a time word, however it is built
        ("复活日", false),
        // words the dictionary counts often, or does not list
        ("信道", false),
        ("乐园", false),
        ("火狱", false),
    ];
    for (word, phrase) in cases {
        assert_eq!(chinese::dictionary_phrase(word), phrase, "{word}");
    }
}

#[test]
fn words_of_doing_are_no_concepts() {
    // (word, a predicate in any book, a predicate where set phrases count too)
    let cases = [
        ("违抗", true, true),
        ("犯罪", true, true),
        ("浩荡", true, true),
        ("调用", true, true),
        ("毫无疑义", false, true),
        ("强烈建议", false, true),
        // things named
        ("仆人", false, false),
        // (a set phrase of the dictionary: a manual's term, where set phrases are not asked)
        ("软件包", false, true),
        ("火狱", false, false),
        ("编译器", false, false),
    ];
    for (word, any, phrases) in cases {
        assert_eq!(chinese::predicate_word(word, false), any, "{word}");
        assert_eq!(chinese::predicate_word(word, true), phrases, "{word}");
    }
}

#[test]
fn english_definition_patterns() {
    // (sentence, term, defines)
    let cases = [
        // (a name called out before a clause is no apposition)
        (
            "Yes, Ishmael, the same fate may be thine.",
            "Ishmael",
            false,
        ),
        ("Aaron, the brother of Moses, came down.", "Aaron", true),
        (
            "dpkg, the tool that is at the base of it all, installs packages.",
            "dpkg",
            true,
        ),
        (
            "Lintian, the tool every maintainer should run, checks packages.",
            "Lintian",
            true,
        ),
        // a comparison with what came before says nothing of what X is
        (
            "The public key is similar, with \"private-key\" replaced by \"public-key\".",
            "public key",
            false,
        ),
        ("The MAC key is identical.", "MAC key", false),
        // the speaker names themself
        ("Call me Ishmael.", "Ishmael", true),
        ("\"My name is Bulkington,\" he said.", "Bulkington", true),
        ("They would call me Ishmael at sea.", "Ishmael", false),
        // a story's event, told in the past of one thing of the kind, says nothing of what
        // the kind is; the present, or "was a", does
        ("The harpoon dropped from his hand.", "harpoon", false),
        (
            "The mate was in the very act of striking, when a hiss stayed his arm.",
            "mate",
            false,
        ),
        ("The boat came through the water.", "boat", false),
        ("The jobs succeed only when the key is set.", "jobs", true),
        (
            "The harpoon is a barbed spear thrown at whales.",
            "harpoon",
            true,
        ),
        ("The voyage was a skilful and lucky one.", "voyage", true),
        // what X does, after an adverb in -ly, after its phrase of "of", or as the subject of
        // a clause of time that the main clause goes on about ("it")
        (
            "Julian Gilbey largely restructured it in 2001.",
            "Julian Gilbey",
            true,
        ),
        (
            "The SONAME of a shared library usually matches the library file name.",
            "SONAME",
            true,
        ),
        (
            "When dpkg-source extracts a source package, it applies all patches in the series.",
            "dpkg-source",
            true,
        ),
        // (the main clause has a subject of its own; X is no subject of the clause; the
        // phrase of "of" holds a clause)
        (
            "When dpkg-source extracts a source package, the patches are applied.",
            "dpkg-source",
            false,
        ),
        (
            "When you run dpkg-source on the tree, it applies all patches in the series.",
            "dpkg-source",
            false,
        ),
        (
            "The SONAME of a library that is linked usually matches the file name.",
            "SONAME",
            false,
        ),
        // (an adjective in -ly is no adverb)
        (
            "The Debian nightly builds the archive every day.",
            "Debian",
            false,
        ),
        // a phrase of a case set before the subject tells what X does then, not what it is
        (
            "In this case, dpkg-source renames the temporary directory itself.",
            "dpkg-source",
            false,
        ),
        (
            "In such cases, the maintainer uploads a new version.",
            "maintainer",
            false,
        ),
        (
            "In 1993, Ian Murdock founded the Debian project.",
            "Ian Murdock",
            true,
        ),
        // a participle of making and "by" credit a name; one of use does not
        (
            "Debian was founded in 1993 by Ian Murdock.",
            "Ian Murdock",
            true,
        ),
        (
            "A string which should appear as the organization header for all messages posted \
             by NNTP clients on the machine",
            "NNTP",
            false,
        ),
        // a kind's head between the name and its copula
        (
            "The /usr/share hierarchy is for all read-only architecture independent data files.",
            "/usr/share",
            true,
        ),
        (
            "The debian-qa team is responsible for the quality of the archive.",
            "debian-qa",
            true,
        ),
        // (a plain word before such a head only modifies it)
        (
            "The hardware driver is the code running on the main CPUs of the target system.",
            "hardware",
            false,
        ),
        (
            "The postrm script is called after the package's files have been removed.",
            "postrm script",
            true,
        ),
        (
            "The postrm script may be called in the following ways:",
            "postrm script",
            false,
        ),
        // a program's name with its manual section, then what it does
        (
            "dh_shlibdeps(1) calculates shared library dependencies for binary packages.",
            "dh_shlibdeps",
            true,
        ),
        (
            "debian_revision components ending in a digit.",
            "debian_revision",
            false,
        ),
        (
            "The postrm script is removed by dpkg at the end.",
            "postrm script",
            false,
        ),
        ("LVM requires the following.", "LVM", false),
        // a subject after a concession or a phrase of time, past its article
        (
            "Although it is unset by default, the DESTDIR variable is the prefix of each file path used for the installation.",
            "DESTDIR",
            true,
        ),
        (
            "In 1993, the Debian Project was founded by Ian Murdock.",
            "Debian Project",
            true,
        ),
        (
            "Although the DESTDIR variable is unset by default, the packaging script sets it.",
            "DESTDIR",
            false,
        ),
        // a plural's relative clause that names its class without an article
        (
            "Build Debian binary packages, which are ordinary installable package files in .deb format.",
            "binary packages",
            true,
        ),
        (
            "Remove the stale object files, which are created by the build.",
            "object files",
            false,
        ),
        ("Keep the patches, which are often small.", "patches", false),
        // a list item's label before a dash, then a clause whose subject is the term
        (
            "* debian-policy - the Debian Policy Manual includes explanations of the structure of the archive.",
            "Debian Policy Manual",
            true,
        ),
        // a copyright line whose © a PDF's font gave as a "c"
        (
            "Copyright c 2011–2022 Simon Josefsson",
            "Simon Josefsson",
            true,
        ),
        // whom the text calls X
        (
            "Anyone who maintains a package in the archive is a Debian maintainer.",
            "Debian maintainer",
            true,
        ),
        ("They are the wrongdoers.", "wrongdoers", false),
        // the subject of a clause after a colon, not of one after a condition
        (
            "If you have fakeroot installed, dpkg-buildpackage will use it automatically.",
            "dpkg-buildpackage",
            false,
        ),
        (
            "It is split into two parts: binary-arch builds the binary packages which are specific to an architecture.",
            "binary-arch",
            true,
        ),
        // what the subject does, in the passive
        (
            "Details of the handling of the testing distribution are published by the Release Team on debian-devel-announce.",
            "Release Team",
            true,
        ),
        ("See the file installed by dpkg.", "dpkg", false),
        // a plural subject and its verb
        (
            "Maintainer scripts include the files debian/postinst, debian/preinst and debian/prerm.",
            "Maintainer scripts",
            true,
        ),
        // a verb whose object is the reader
        (
            "The modprobe(8) program enables us to configure the running kernel by adding and removing modules.",
            "modprobe",
            true,
        ),
        // a list item's description after a mailing list's address
        (
            "• debian-devel@lists.debian.org, used to discuss various development related technical issues.",
            "debian-devel",
            true,
        ),
        // a subject after a phrase of time or place, with an irregular past
        (
            "During August 1995 (between two releases), Hartmut Koptein started the first port.",
            "Hartmut Koptein",
            true,
        ),
        (
            "In 1996, Bruce Perens led the project.",
            "Bruce Perens",
            true,
        ),
        // (a date before the subject without a comma, as news and histories write it)
        (
            "On July 18th Steve Greenland (stevegr) died of cancer.",
            "Steve Greenland",
            true,
        ),
        (
            "In August 1995 Bruce Perens took over the project.",
            "Bruce Perens",
            true,
        ),
        // (not a phrase of place: the name is inside it)
        ("In Debian Bruce Perens led the project.", "Debian", false),
        // a relation set off by a comma names X
        (
            "The name comes from Ian Murdock, and his wife, Debra.",
            "Debra",
            true,
        ),
        ("For postfix, the extra steps are needed.", "postfix", false),
        (
            "Steve Greenland (stevegr) died of cancer.",
            "Steve Greenland",
            true,
        ),
        ("LVM requires a volume group of the disks.", "LVM", true),
        (
            "Source packages that produce only udeb (stripped-down binary packages used by the installer) are exempt.",
            "udeb",
            true,
        ),
        (
            "Install the file (see the next chapter for details) first.",
            "file",
            false,
        ),
        (
            "A gene is a small program that makes entries.",
            "gene",
            true,
        ),
        (
            "Backpressure refers to data piling up.",
            "backpressure",
            true,
        ),
        (
            "The buffer is full when it reaches the limit.",
            "buffer",
            true,
        ),
        (
            "Has no effect if highWaterMark is provided.",
            "highWaterMark",
            false,
        ),
        ("The stream is not paused.", "stream", false),
        (
            "When the writer is closed, nothing is sent.",
            "writer",
            false,
        ),
        ("Streams are the way Node.js moves data.", "streams", true),
        ("Once the stream is set up, data flows.", "stream", false),
        // (a naming says what is named, not "this": the subject is in another sentence)
        ("This is called backpressure.", "backpressure", false),
        ("The tool is known as lintian.", "lintian", false),
        (
            "A compressed archive of the source code is called a tarball.",
            "tarball",
            true,
        ),
        (
            "Files that dpkg must not overwrite are referred to as conffiles.",
            "conffiles",
            true,
        ),
        (
            "The scripts that update testing run twice a day; these scripts are called britney.",
            "britney",
            true,
        ),
        (
            "The Debian Free Software Guidelines, also known as DFSG, are part of it.",
            "DFSG",
            true,
        ),
        // naming, expansion, apposition, relation, description
        (
            "26:10 And when your Lord called Moses, saying",
            "Moses",
            false,
        ),
        ("A small program called grove makes wikis.", "grove", true),
        (
            "It uses Distinguished Encoding Rules (DER) throughout.",
            "DER",
            true,
        ),
        (
            "It uses DER (Distinguished Encoding Rules) throughout.",
            "DER",
            true,
        ),
        ("It uses DER (the default) throughout.", "DER", false),
        (
            "And David the son of Jesse reigned over Israel.",
            "David",
            true,
        ),
        (
            "67 Abraham was neither a Jew nor a Christian.",
            "Abraham",
            true,
        ),
        (
            "He said to his father Azar, Do you take idols?",
            "Azar",
            true,
        ),
        ("cp - copy files and directories", "cp", true),
        ("The dpkg command installs packages.", "dpkg", true),
        (
            "Packages must not depend on font packages.",
            "packages",
            false,
        ),
        (
            "(The sgml-base package is a good example.)",
            "package",
            false,
        ),
        // a sentence about what X does, an apposition anywhere, a credit line
        (
            "The debuild command executes the lintian command.",
            "debuild",
            true,
        ),
        ("Ian Jackson wrote the first version.", "Ian Jackson", true),
        (
            "Christian Schwarz added new sections.",
            "Christian Schwarz",
            true,
        ),
        ("ABI changes that break programs are rare.", "ABI", false),
        ("Init scripts ending in .sh are special.", "init", false),
        (
            "You must read the Social Contract, a statement of our values.",
            "Social Contract",
            true,
        ),
        (
            "The team keeps a central database, the Security Tracker.",
            "Security Tracker",
            true,
        ),
        ("It was read by Alice, Bob and Carol.", "Carol", false),
        ("Copyright © 1998-2002 Josip Rodin", "Josip Rodin", true),
        (
            "This process was developed by Ann Lee, Clint Adams and Russ Allbery.",
            "Russ Allbery",
            true,
        ),
        // X in passing: an announcement, a caption, a credit of no name, a modifier, an
        // opening phrase, an exclamation in brackets
        (
            "For postfix, the following extra steps are needed.",
            "postfix",
            false,
        ),
        (
            "Table 2.17: The notable files created by dpkg",
            "dpkg",
            false,
        ),
        (
            "4 Maintainer: Josip Rodin <joy-mg@debian.org>",
            "debian.org",
            false,
        ),
        (
            "Debian files are the appropriate location for notes.",
            "Debian",
            false,
        ),
        (
            "It allows a text-only interface, an HTML interface, or a dialog interface.",
            "HTML",
            false,
        ),
        (
            "For a source package generating one binary package, the temporary directory is debian/tmp.",
            "binary package",
            false,
        ),
        (
            "Unlike under the pbuilder package, the chroot environment keeps leftover packages.",
            "chroot",
            false,
        ),
        (
            "It was packaged without a top-level directory (shame on the upstream author!).",
            "top-level directory",
            false,
        ),
        ("In e-books, the same confusion exists.", "e-books", false),
        (
            "Download the source package (with apt-get source) and rebuild it.",
            "source package",
            false,
        ),
        ("In fact, Moses was a prophet of God.", "Moses", true),
        (
            "The package cdbs offers an alternative packaging script infrastructure.",
            "cdbs",
            true,
        ),
        (
            "The uupdate(1) command updates the source tree.",
            "uupdate",
            true,
        ),
        // what X is for
        (
            "You can use the interdiff(1) command to compare two diff files.",
            "interdiff",
            true,
        ),
        (
            "Run lintian to check the package for common errors.",
            "lintian",
            true,
        ),
        (
            "With the dch command, you can add a changelog entry.",
            "dch",
            true,
        ),
        ("Use dch as follows: dch -i.", "dch", false),
        ("Do not use dch in scripts.", "dch", false),
        // markup around the term, and two heads joined
        (
            "<hotlink text> is the text that should be clickable in the PDF document.",
            "hotlink text",
            true,
        ),
        (
            "The debootstrap package and script allows you to bootstrap a Debian base system.",
            "debootstrap",
            true,
        ),
        (
            "Every rules file, like any other Makefile, consists of several rules.",
            "rules file",
            true,
        ),
        (
            "* binary-arch target: to create arch-dependent packages only.",
            "binary-arch",
            true,
        ),
        ("* binary-arch target: see below", "binary-arch", false),
        ("Read: don't use it at all.", "read", false),
        (
            "dpkg-gensymbols: warning: some new symbols appeared in the symbols file",
            "dpkg-gensymbols",
            false,
        ),
        // a glossary line whose description is a noun phrase
        (
            "* git-buildpackage: a suite to help with Debian packages in Git repositories.",
            "git-buildpackage",
            true,
        ),
        ("Warning: the file is gone for good.", "warning", false),
        (
            "Note that OpenPGP is an open standard based on RFC 4880.",
            "OpenPGP",
            true,
        ),
        (
            "(A top-level directory is a sub-directory of the root directory /.)",
            "top-level directory",
            true,
        ),
        ("Notes that matter are kept.", "matter", false),
        // a task done with a tool says what the tool is for
        (
            "Sign the .dsc and .changes files with your GPG key using the debsign command.",
            "debsign",
            true,
        ),
        (
            "Use the uscan command to check for a new upstream version.",
            "uscan",
            true,
        ),
        (
            "Run it using the debsign command as follows:",
            "debsign",
            false,
        ),
        (
            "Type it using the debsign command line options.",
            "debsign",
            false,
        ),
        // a sentence adverb after the copula
        (
            "A binNMU is also a package upload by someone other than the package's maintainer.",
            "binNMU",
            true,
        ),
        // a relative clause that says what X is, past an aside in brackets; not in an
        // opening phrase, nor one that says nothing of its kind
        (
            "Scripts include debchange (or its alias, dch), which manipulates the changelog, \
             and debuild, which is a wrapper around dpkg-buildpackage.",
            "debuild",
            true,
        ),
        (
            "Scripts include debchange (or its alias, dch), which manipulates the changelog.",
            "debchange",
            false,
        ),
        (
            "Install debhelper, which provides the dh_* tools.",
            "debhelper",
            true,
        ),
        (
            "For debuild, which is a wrapper, see below.",
            "debuild",
            false,
        ),
        (
            "Then run debuild, which is fine for most uses.",
            "debuild",
            false,
        ),
        // a gloss that says what X is
        (
            "Create a non-native source package (that is, the set of input files used for \
             package building).",
            "non-native source package",
            true,
        ),
        (
            "It follows the open model (i.e., everyone can participate).",
            "open model",
            false,
        ),
        // one of names joined as the subject, past their nicknames and an apposition; a
        // passive that says what was done to X; not a farewell nor a clause of condition
        (
            "Manuel Estrada Sainz (ranty) and Andrés García Solier (ErConde) were killed in a \
             tragic car accident.",
            "Andrés García Solier",
            true,
        ),
        (
            "Michael Neuffer and Shimon Shapiro, founders of i-Connect.Net, hosted master on \
             their own hardware.",
            "Michael Neuffer",
            true,
        ),
        (
            "Jonathan Carter was elected in April 2020 and is our current leader.",
            "Jonathan Carter",
            true,
        ),
        ("Steve Greenland was dropped.", "Steve Greenland", false),
        (
            "Manuel Estrada Sainz and Andrés García Solier will be missed.",
            "Andrés García Solier",
            false,
        ),
        (
            "If Debian and Ubuntu share a bug, both are fixed by the same upload.",
            "Ubuntu",
            false,
        ),
        // what a list line that labels X with its name and number says after a colon; a
        // narrative's naming relative
        (
            "Debian 1.2 Rex (December 12th, 1996): Named for the plastic dinosaur in the Toy \
             Story movies.",
            "Rex",
            true,
        ),
        (
            "Debian 1.2 Rex (1996): its packages are listed below:",
            "Rex",
            false,
        ),
        (
            "We give you good tidings of a boy whose name will be John.",
            "John",
            true,
        ),
        ("Tell John the news.", "John", false),
        // an apposition where the sentence has it, past a company's legal form
        (
            "Debian motivated the formation of Software in the Public Interest, Inc., a New \
             York-based non-profit organization.",
            "Software in the Public Interest",
            true,
        ),
        (
            "The use of logrotate, a program developed by Red Hat, is better.",
            "logrotate",
            true,
        ),
        // (not inside a phrase of kinship: the apposition says who its head is)
        (
            "Indeed, we have killed the Messiah, Jesus, the son of Mary, the messenger of Allah.",
            "Mary",
            false,
        ),
        // a sentence that opens with a case tells what happens then, not what X is (but a
        // naming in it still names)
        (
            "If you are not sure which one should be used, use the Build-Depends field to be on the safe side.",
            "Build-Depends",
            false,
        ),
        (
            "* If it was packaged with the dh command, remove these and use the newer format.",
            "dh",
            false,
        ),
        (
            "When the name of a shell function is used as a simple command name, the list of commands is executed.",
            "shell function",
            false,
        ),
        (
            "If a package is distributed elsewhere too, the .orig.tar.gz file stores the so-called upstream source code.",
            "upstream source code",
            true,
        ),
        // an apposition, not one item of a list
        (
            "The tracker is fed by a central database, the security tracker.",
            "security tracker",
            true,
        ),
        (
            "And they give food in spite of love for it to the needy, the orphan, and the captive.",
            "orphan",
            false,
        ),
        // what X does after a sentence adverb or a list item's mark
        ("Conversely, umount(8) detaches it again.", "umount", true),
        (
            "• The mount(8) command attaches a filesystem.",
            "mount",
            true,
        ),
        (
            "• Emacs related packages have the emacs policy.",
            "Emacs",
            false,
        ),
        // what X does in a clause of time
        (
            "1. The discussion period starts when a draft resolution is proposed and sponsored.",
            "discussion period",
            true,
        ),
        // a sentence that announces what follows says what comes next, not what X is (an
        // expansion in it still expands)
        (
            "The Technical Committee uses the following process to prepare a resolution for vote:",
            "Technical Committee",
            false,
        ),
        (
            "The Technical Committee consists of up to 8 Developers.",
            "Technical Committee",
            true,
        ),
        (
            "Basic regular expression (BRE) is used as default:",
            "BRE",
            true,
        ),
        (
            "Example using a relative path on POSIX (relative to process.cwd()):",
            "POSIX",
            false,
        ),
        (
            "The debian-policy package contains the Debian Policy Manual and related documents, which are:",
            "debian-policy",
            true,
        ),
        // a name that ends in s is one thing still: its verb agrees with it
        (
            "• D-bus creates events to initiate automatic processes.",
            "D-bus",
            true,
        ),
        // past a phrase of place or part before the copula
        (
            "The mailname in the ”/etc/mailname” file is usually a fully qualified domain name (FQDN) that resolves to one of the host’s IP addresses.",
            "mailname",
            true,
        ),
        (
            "The mailname in this example is not used.",
            "mailname",
            false,
        ),
        (
            "The mailname in this example is a placeholder.",
            "mailname",
            false,
        ),
        (
            "The mailname in the file, which is a name, matters.",
            "mailname",
            false,
        ),
    ];
    for (sentence, term, defines) in cases {
        assert_eq!(
            definition_score(sentence, &sentence.to_lowercase(), term, Lang::En).is_some(),
            defines,
            "{sentence}"
        );
    }
}

#[test]
fn a_section_opens_with_what_its_subject_is() {
    // (opening sentence, language, may stand as the definition)
    let cases = [
        (
            "The name and email address of the person who prepared this version.",
            Lang::En,
            true,
        ),
        (
            "Table 2.17: The notable files created by dpkg",
            Lang::En,
            false,
        ),
        ("Click the tool bar to edit the metadata.", Lang::En, false),
        (
            "For postfix, the following extra steps are needed.",
            Lang::En,
            false,
        ),
        ("What is a package?", Lang::En, false),
        ("The package is built as follows.", Lang::En, false),
        ("表 2.1 软件包管理工具列表", Lang::Zh, false),
        ("debhelper - 一个 用于构建 软件包的 工具集", Lang::Zh, true),
        ("使用 CMake 通常也包含四个步骤。", Lang::Zh, false),
        ("安装步骤如下。", Lang::Zh, false),
    ];
    for (sentence, lang, ok) in cases {
        assert_eq!(says_what_it_is(sentence, lang), ok, "{sentence}");
    }
}

#[test]
fn chinese_definition_patterns() {
    // (sentence, term, defines)
    let cases = [
        // "X者，Y也" where X opens its clause; not the end of a phrase before 者, nor "者也"
        ("仁者，人也。", "仁", true),
        // a naming says what is named (a Latin name after a space), not what another sentence
        // said ("这样的文件"), unless a clause before says it
        (
            "这种把源代码打包成压缩文件的做法通常称为 tarball。",
            "tarball",
            true,
        ),
        ("我们把这样的文件叫做模板文件。", "模板文件", false),
        ("这被称为apt-pinning。", "apt-pinning", false),
        (
            "维护者脚本，也称为 maintainer scripts，在安装时运行。",
            "maintainer scripts",
            true,
        ),
        // a kind in apposition after two names, each of them; not a short sentence about
        // "this item"
        (
            "procfs和sysfs两个伪文件系统，分别加载于\"/proc\"和\"/sys\"之上，将内核中的数据结构暴露给用户空间。",
            "procfs",
            true,
        ),
        (
            "procfs和sysfs两个伪文件系统，分别加载于\"/proc\"和\"/sys\"之上，将内核中的数据结构暴露给用户空间。",
            "sysfs",
            true,
        ),
        ("dpkg 和 apt-get将忽略此项。", "apt-get", false),
        // one name and a phrase of two versions; a phrase after the count
        ("Debian两个版本之间的区别很大，需要注意。", "Debian", false),
        ("gcc和clang两个编译器的输出不同，需要注意。", "clang", false),
        // the classical demonstrative is no copula
        ("周有大赉，善人是富。", "善人", false),
        ("夫孝者，善繼人之志，善述人之事者也。", "孝", true),
        ("所藏乎身不恕，而能喻諸人者，未之有也。", "人", false),
        ("冉有曰：“夫子欲之，吾二臣者皆不欲也。”", "臣", false),
        ("君子未有不如此而蚤有譽於天下者也。", "天下", false),
        (
            "孔子对曰：“有颜回者好学，不幸短命死矣，今也则亡。”",
            "颜回",
            true,
        ),
        // a judgement, "是…的", says how X is, not what it is
        ("例如，Ubuntu 和 Debian 是不能混在一起的。", "Ubuntu", false),
        ("这个文件是可以删除的。", "文件", false),
        ("dpkg 是 Debian 的软件包管理程序。", "dpkg", true),
        ("lintian 是用来检查软件包的工具。", "lintian", true),
        (
            "流式编辑器是用来在输入流中完成基本文本转换的。",
            "流式编辑器",
            true,
        ),
        ("《古兰经》是从全世界的主降示的。", "古兰经", true),
        (
            "mkfs 命令是由 e2fsprogs 包提供的，是各种文件系统相关程序的前端。",
            "mkfs",
            true,
        ),
        // (a mention glued to the word before it is part of a longer word: the gloss is of
        // 上游源码压缩包, 上游维护者, 多架构)
        (
            "我们假设上游源码压缩包（tarball）名称为 debhello-0.0.tar.gz。",
            "压缩包",
            false,
        ),
        (
            "上游维护者（upstream maintainer）：目前在上游维护程序代码的人。",
            "维护者",
            false,
        ),
        (
            "维护者（maintainer）：维护 Debian 软件包的人。",
            "维护者",
            true,
        ),
        ("多架构（multiarch）支持", "架构", false),
        // the subject after a connective that opens its clause
        (
            "而原生 Debian 软件包是较罕见的一种 Debian 软件包格式。",
            "原生 Debian 软件包",
            true,
        ),
        (
            "此外，sbuild 是在 chroot 中构建软件包的工具。",
            "sbuild",
            true,
        ),
        // (not inside a longer word: 反而 is no connective that opens the clause)
        ("这样做反而软件包是坏的。", "软件包", false),
        // (nor a state, what X does, or a classical 乃)
        ("54:5 那是极精密的智慧；但警告是无效的，", "警告", false),
        (
            "这些文件不会被安装，但 lintian 会对它们进行扫描。",
            "lintian",
            false,
        ),
        ("而事乃有大謬不然者！", "事", false),
        ("请参见手册页（第 5 节）。", "手册页", false),
        // a plain-text list item's marker is no word before the subject
        (
            "* Wayland 是在同一个主机上的 GUI 通信协议：新、简单、快速",
            "Wayland",
            true,
        ),
        ("* 运行 Wayland 的应用需要新的库。", "Wayland", false),
        // (an option's dash is no list mark: "-cc" is not "cc")
        (
            "-cc：正常输出风格（类似 debian/copyright 文件）",
            "cc",
            false,
        ),
        // whom the text calls X
        ("3:82 此后，凡背弃约言的，都是罪人。", "罪人", true),
        ("这些人都是罪人。", "罪人", false),
        // what a tool makes, said of what it makes
        (
            "debhello_0.0-1_amd64.buildinfo 是dpkg-genbuildinfo(1) 生成的元数据文件。",
            "dpkg-genbuildinfo",
            true,
        ),
        (
            "debhello_0.2-1_amd64.buildinfo 文件是由dpkg-genbuildinfo(1) 自动生成的元文件。",
            "dpkg-genbuildinfo",
            true,
        ),
        // the kind a Latin name is of, between it and its verb
        (
            "initrd 映像是根文件系统映像，其支持程度依赖于所使用的引导加载程序。",
            "initrd",
            true,
        ),
        // a name in Latin letters glossed by the Chinese words before it, in a statement
        (
            "我们假设上游源码压缩包（tarball）名称为 debhello-0.0.tar.gz。",
            "tarball",
            true,
        ),
        (
            "运行 uscan 命令以下载新的上游源码包（tarball）。",
            "tarball",
            false,
        ),
        (
            "主引导记录（MBR）的磁盘映像可以通过下列方式建立。",
            "MBR",
            false,
        ),
        ("所谓仁者，爱人也。", "仁者", true),
        // a question about X and its answer in one sentence; a question alone, a report of
        // one, or a word that ends in 问
        ("孟懿子问孝，子曰：“无违。”", "孝", true),
        (
            "曰：「敢問何謂浩然之氣？」曰：「難言也。」",
            "浩然之氣",
            true,
        ),
        ("孟武伯问孝。", "孝", false),
        // a name in Latin letters and its kind, after a phrase of time; not a question
        (
            "从 Linux 内核 2.6 版开始，udev 系统提供了自动硬件发现和初始化机制。",
            "udev",
            true,
        ),
        ("Ext4 文件系统是 Linux 系统上默认的文件系统。", "Ext4", true),
        ("UNIX 系统是如何工作的", "UNIX", false),
        ("Git 是怎么存储数据的？", "Git", false),
        // a person who calls a thing so does not define it
        ("子夏曰：“…虽曰未学，吾必谓之学矣。”", "学", false),
        // a classical naming: "Y之謂X", "Y，謂之X", "此之謂X" joined to what it names; not the
        // X of a longer word ("修道之謂教" says nothing of 道), nor "謂之曰" (said to him)
        ("天命之謂性，率性之謂道，修道之謂教。", "性", true),
        ("天命之謂性，率性之謂道，修道之謂教。", "道", true),
        ("喜怒哀樂之未發，謂之中；", "中", true),
        (
            "所惡於右，毋以交於左；所惡於左，毋以交於右。此之謂絜矩之道。",
            "絜矩之道",
            true,
        ),
        ("修道以仁。", "道", false),
        ("子贡问曰：“何如斯可谓之士矣？”", "士", false),
        ("孟子謂之曰：「善。」", "孟子", false),
        ("顾问孔子，子曰：“好。”", "孔子", false),
        // what a program named in Latin letters does, also after a phrase of means; a
        // Chinese word and the same verb make a compound noun, and a heading says nothing
        ("gunzip 检查一个32位的CRC校验码。", "gunzip", true),
        (
            "cmake 命令根据 CMakeLists.txt 文件和它的 -D 选项来生成 Makefile 文件。",
            "cmake",
            true,
        ),
        ("换行符转换程序。", "换行符", false),
        ("7.16. UTF-8 转换", "UTF-8", false),
        ("孟子，鄒人也。", "孟子", true),
        ("諸葛亮，字孔明，琅琊陽都人也。", "諸葛亮", true),
        (
            "debuild 命令是 dpkg-buildpackage 命令的一个封装脚本。",
            "debuild",
            true,
        ),
        ("quilt 命令提供了记录修改的一个基本方式。", "quilt", true),
        ("cp - 复制文件和目录", "cp", true),
        (
            "DFSG（Debian 自由软件指导方针）规定了自由软件的标准。",
            "DFSG",
            true,
        ),
        ("debian/rules（模板文件）：", "debian/rules", false),
        ("这里，二进制软件包是二进制软件包名称。", "二进制", false),
        ("子曰：学而时习之。", "学", false),
        ("dpkg 可以安装软件包。", "dpkg", true),
        ("软件包构建的大致流程.", "软件包", false),
        ("软件包安装时：由 dpkg 命令调用", "软件包", false),
        ("非原生软件包是标准的 Debian 软件包。", "原生软件包", false),
        ("原生软件包是上游即 Debian 的软件包。", "原生软件包", true),
        ("dpkg 安装的文件都有记录。", "dpkg", false),
        ("软件包必须遵循政策。", "软件包", false),
        ("作者：杜甫", "杜甫", true),
        ("您可以使用 dch 命令来添加新的修订条目。", "dch", true),
        ("请按如下方式使用 dch 来更新。", "dch", false),
        ("使用 dch 。", "dch", false),
        // the use of a program and, right after it, the verb of what it does, where the
        // sentence opens with the use (not a modifier's verb, another program's use, a
        // heading, a pointer or an announcement)
        (
            "你可以使用 interdiff(1) 命令比较两个 diff.gz 文件。",
            "interdiff",
            true,
        ),
        ("5. 用 script(1) 记录升级的过程。", "script", false),
        (
            "通过 modprobe(8) 程序添加和删除内核模块。",
            "modprobe",
            true,
        ),
        ("请使用 UTF-8 挂载的文件系统。", "UTF-8", false),
        (
            "现在 uscan 命令会自动使用 GPG 签名验证源码包。",
            "GPG",
            false,
        ),
        (
            "参见第 6.3.8 节 “怎样通过 SSH 关闭远程系统”。",
            "SSH",
            false,
        ),
        ("4.9.2. 使用 dquilt 处理补丁", "dquilt", false),
        (
            "这个过程可以通过使用 uupdate(1) 来更自动化地完成：",
            "uupdate",
            false,
        ),
        (
            "通用 Unix 打印系统使用 Ghostscript 作为后台。",
            "Unix",
            false,
        ),
        // a glossary line: the name, a colon or "=", what it is in words
        ("dev：库开发软件包（any，same）（别名：de）", "dev", true),
        (
            "gbp import-orig：向 git 仓库中导入新的上游源码。",
            "import-orig",
            true,
        ),
        (
            "dpkg-buildpackage = 软件包打包工具的核心",
            "dpkg-buildpackage",
            true,
        ),
        ("debian/control：", "debian/control", false),
        (
            "dpkg-gensymbols: warning: new symbols",
            "dpkg-gensymbols",
            false,
        ),
        ("debian/rules：运行如下命令", "debian/rules", false),
        ("注意 gbp：请运行 git pull。", "gbp", false),
        // counted by a numeral, and what a tool does said in the passive
        (
            "一个 binNMU（二进制非维护者上传）是非维护者所作的上传。",
            "binNMU",
            true,
        ),
        (
            "这些符号文件将交由 dpkg-gensymbols 命令进行处理和安装。",
            "dpkg-gensymbols",
            true,
        ),
        (
            "由 dpkg-buildpackage 自动生成补丁",
            "dpkg-buildpackage",
            false,
        ),
        ("这个软件包由 Debian 维护。", "Debian", false),
        // the head of a subject a modifier opens, a second name joined to it, a role given
        (
            "二进制软件包中的 DEBIAN/symbols文件提供了每个符号及其对应的最小版本号。",
            "DEBIAN/symbols",
            true,
        ),
        (
            "请运行的 DEBIAN/symbols 文件提供了符号。",
            "DEBIAN/symbols",
            false,
        ),
        (
            "debian/source/local-options 和 debian/source/local-patch-header文件只用于在版本控制系统中记录信息。",
            "debian/source/local-options",
            true,
        ),
        (
            "安装文件时采纳 $(DESTDIR) 作为目标系统镜像的路径前缀",
            "$(DESTDIR)",
            true,
        ),
        ("我们以 DESTDIR 作为例子", "DESTDIR", false),
        (
            "安装文件时采纳 $(DESTDIR) 作为目标系统镜像的路径前缀",
            "DESTDIR",
            true,
        ),
        // what a file holds, where the text tells what to write in it; what a command does
        (
            "在 debian/watch 文件中列出下载上游源码包（tarball）所使用的URL。",
            "debian/watch",
            true,
        ),
        ("请在 debian/watch 文件中查看。", "debian/watch", false),
        (
            "补丁将会按照在 debian/patches/series 文件中指定的顺序依次应用于上游代码树中。",
            "debian/patches/series",
            false,
        ),
        (
            "如果存在冲突，请在 debian/control 文件中设置 Conflicts 条目以声明冲突关系。",
            "debian/control",
            false,
        ),
        (
            "对基于 Makefile 的构建系统来说，dh_auto_install命令所做的基本上就是“$(MAKE) install DESTDIR=debian/debhello”。",
            "dh_auto_install",
            true,
        ),
        (
            "如果你的 SSH 是从因特网来访问，参见第 4.6.3 节。",
            "SSH",
            false,
        ),
        (
            "系统中的命令主要由一个称为 busybox(1) 的 GNU 工具提供。",
            "GNU",
            false,
        ),
        (
            "典型的 non-free 软件包包含了下列类型的软件包：",
            "non-free",
            false,
        ),
        // a command named by its manual page, in any case, says what it does
        ("* who(1) 显示谁登录在系统里面。", "who", true),
        ("+ perl(1) 可以进行任何你想得到的文本处理。", "Perl", true),
        ("+ perlre(1) 可以进行文本处理。", "Perl", false),
        // a later mention that opens a clause may be the one a speech defines
        (
            "子曰：「為政在人，取人以身，修身以道，修道以仁。仁者人也，親親為大。」",
            "仁",
            true,
        ),
        ("子曰：「修道以仁，不仁者不可以久處約。」", "仁", false),
        // the classical copula says what X is, not how X looked
        ("麻冕，禮也。", "麻冕", true),
        ("子路，行行如也；", "子路", false),
        // a passing mention: after a clause of circumstance, advice for a case, a word of a
        // longer name in Latin letters, a file named after a credit label
        (
            "在编译软件包之后，源代码通常会被保持在应用补丁后的状态。",
            "源代码",
            false,
        ),
        (
            "使用 LVM2 的话，硬盘分区可以创建在逻辑卷上来替代物理硬盘。",
            "硬盘分区",
            false,
        ),
        (
            "如果你不知道应该使用哪一个，则使用 Build-Depends 以保证安全。",
            "Build-Depends",
            false,
        ),
        (
            "值得一提的是 fp-compiler，Free Pascal编译器 (FPC)，也能够很好地胜任编译任务。",
            "编译器",
            false,
        ),
        ("dh_make 可以给出一个 copyright 文件的模板。", "模板", false),
        // (but X opening the sentence, a verse's number before it, or a tool by its kind)
        ("源代码通常会被保持在应用补丁后的状态。", "源代码", true),
        ("54:20 暴风将众人拔起。", "暴风", true),
        (
            "如果构建结果令人满意，那就用 debsign 命令以你的私有 GPG 密钥签署 .dsc 文件。",
            "debsign",
            true,
        ),
    ];
    for (sentence, term, defines) in cases {
        assert_eq!(
            definition_score(sentence, sentence, term, Lang::Zh).is_some(),
            defines,
            "{sentence}"
        );
    }
}

#[test]
fn a_crisp_classical_definition_outranks_what_the_kind_do() {
    let score = |s: &str| definition_score(s, s, "仁", Lang::Zh).expect(s);
    let crisp = score(
        "子曰：「修道以仁。仁者人也，親親為大；義者宜也，尊賢為大。親親之殺，尊賢之等，禮所生也。在下位不獲乎上，民不可得而治矣！」",
    );
    let doing = score("仁者以財發身，不仁者以身發財。");
    assert!(crisp > doing, "{crisp} ≤ {doing}");
}

/// What `sentence_ids_mentioning` answered before it scanned the haystack: each sentence
/// lower-cased and searched on its own (whole words for English). The oracle of the test below.
fn mentions_by_sentence(a: &Analysis, needle: &str) -> Vec<u32> {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    a.sentences
        .iter()
        .enumerate()
        .filter(|(_, s)| match a.lang {
            Lang::Zh => s.text.contains(needle),
            Lang::En => {
                let hay = s.text.to_lowercase();
                hay.match_indices(needle).any(|(at, m)| {
                    !word(hay[..at].chars().next_back())
                        && !word(hay[at + m.len()..].chars().next())
                })
            }
        })
        .map(|(i, _)| i as u32)
        .collect()
}

#[test]
fn mentions_scan_matches_a_sentence_by_sentence_search() {
    let en = Analysis::new(&Document::from_text(
        "T",
        Lang::En,
        "Streams are fun. A Stream ends; streams, streams!\n\nUpstream is not stream. \
         Ünïcode Straße and straße. stream\n\nThe end of the stream",
    ));
    for needle in [
        "stream",
        "streams",
        "straße",
        "the end",
        "end",
        "ünïcode",
        "ream",
        "zzz",
    ] {
        assert_eq!(
            en.sentence_ids_mentioning(needle),
            mentions_by_sentence(&en, needle),
            "{needle}"
        );
    }
    let zh = Analysis::new(&Document::from_text(
        "T",
        Lang::Zh,
        "子曰：学而时习之。有朋自远方来。\n\n孔子曰：学。",
    ));
    for needle in ["学", "子曰", "远方", "无"] {
        assert_eq!(
            zh.sentence_ids_mentioning(needle),
            mentions_by_sentence(&zh, needle),
            "{needle}"
        );
    }
}

#[test]
fn verse_is_told_from_classical_prose() {
    let lines = |text: &str| -> Vec<Sentence> {
        (0..30)
            .flat_map(|_| split_sentences(text, Lang::Zh))
            .map(|text| Sentence {
                text,
                chapter: 0,
                block: 0,
            })
            .collect()
    };
    // (text, verse)
    for (text, verse) in [
        ("床前明月光，疑是地上霜。举头望明月，低头思故乡。", true),
        (
            "寒蝉凄切，对长亭晚，骤雨初歇。都门帐饮无绪，留恋处，兰舟催发。",
            true,
        ),
        (
            "子曰：吾十有五而志于学，三十而立。子曰：学而时习之，不亦说乎？有朋自远方来，不亦乐乎？",
            false,
        ),
        (
            "大学之道，在明明德，在亲民，在止于至善。古之欲明明德于天下者，先治其国。",
            false,
        ),
        (
            "debuild 命令是 dpkg-buildpackage 命令的一个封装脚本，它可以构建软件包。",
            false,
        ),
    ] {
        assert_eq!(is_verse(&lines(text)), verse, "{text}");
    }
}

#[test]
fn a_name_and_its_kind_head_are_one_term() {
    // each term is found in the sentence that holds its text (the plural, "shell builtins",
    // shows a class)
    let texts = [
        "lintian",
        "lintian command",
        "Debian",
        "Debian package",
        "dpkg",
        "dpkg 命令",
        "source",
        "source program",
        "aptitude",
        "aptitude command",
        "debug",
        "debug package",
        "debhelper",
        "debhelper package",
        "shell",
        "shell builtin",
        "gzip",
        "gzip command",
        "gzip file",
    ];
    let mut sentences: Vec<Sentence> = texts
        .iter()
        .map(|t| Sentence {
            text: format!("Use the {t} here."),
            chapter: 0,
            block: 0,
        })
        .collect();
    sentences.push(Sentence {
        text: "Shell builtins and other shell builtins.".into(),
        chapter: 0,
        block: 0,
    });
    let found = |i: usize, kind| terms::Found {
        text: texts[i].into(),
        kind,
        salience: 0.5,
        variants: Vec::new(),
        sentences: if texts[i] == "shell" {
            vec![i as u32, texts.len() as u32]
        } else {
            vec![i as u32]
        },
    };
    let kinds = [TermKind::Term, TermKind::NounPhrase];
    let merged = merge_headed(
        (0..texts.len())
            .map(|i| {
                found(
                    i,
                    if texts[i] == "Debian" {
                        TermKind::Org
                    } else {
                        kinds[i % 2]
                    },
                )
            })
            .collect(),
        &sentences,
        Lang::En,
    );
    let texts: Vec<&str> = merged.iter().map(|f| f.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "lintian",
            "Debian",
            "Debian package",
            "dpkg",
            "source",
            "source program",
            "aptitude",
            "debug",
            "debug package",
            "debhelper",
            "shell",
            "shell builtin",
            "gzip",
            "gzip file"
        ]
    );
    assert_eq!(merged[0].variants, ["lintian command"]);
    assert_eq!(merged[0].sentences.len(), 2);
    assert_eq!(merged[6].variants, ["aptitude command"]);
    assert_eq!(merged[9].variants, ["debhelper package"]);
}

#[test]
fn other_forms_of_a_name_fold_into_its_most_used_form() {
    let sentences = sentences_of(&[
        "The Debian Free Software Guidelines (DFSG) say what is free.",
        "Read the DFSG.",
        "Read the DFSG again.",
        "It has one URL.",
        "It has two URLs.",
        "It has URLs.",
        "Call stream.Readable() or stream.Readable or stream.Readable.",
        "Operating systems (OS) run programs; an operating system is an OS.",
        "• Debian Developer (DD，Debian 开发者)：Debian 社区的官方成员。",
        "And the Jews said, the hand of Allah is chained.",
        "He was a Jew and a prophet.",
        "Then Williams wrote to William.",
        "Williams came back.",
        "Edit the Packages file and a Package field.",
    ]);
    let merged = merge_aliases(
        vec![
            found("Debian Free Software Guidelines", TermKind::Work, &[0]),
            found("DFSG", TermKind::Term, &[0, 1, 2]),
            found("URL", TermKind::Term, &[3]),
            found("URLs", TermKind::Term, &[4, 5]),
            // (an acronym's verb and agent: "NMUed", "NMUer")
            found("NMU", TermKind::Term, &[1, 2]),
            found("NMUed", TermKind::Term, &[3]),
            found("NMUer", TermKind::Term, &[4]),
            found("stream.Readable()", TermKind::Term, &[6]),
            found("stream.Readable", TermKind::Term, &[6]),
            found("sbin", TermKind::Term, &[6]),
            found("/sbin", TermKind::Term, &[6]),
            // an acronym whose letters match a phrase it is never paired with stays apart
            found("NM", TermKind::Term, &[1]),
            found("new maintainer", TermKind::NounPhrase, &[2]),
            // spellings of one name, a path without its slash, a middle initial
            found("command line", TermKind::NounPhrase, &[1, 2]),
            found("command-line", TermKind::Term, &[3]),
            found("commandline", TermKind::Term, &[4]),
            found("dev/hda", TermKind::Term, &[5]),
            // an ordinary word is no bare form of a path
            found("root", TermKind::Term, &[1, 2, 3]),
            found("/root", TermKind::Term, &[4]),
            found("/dev/hda", TermKind::Term, &[5, 6]),
            // a bare name used more often than its path of one segment is its own thing
            found("gentoo", TermKind::Term, &[1, 2, 3]),
            found("/gentoo", TermKind::Term, &[4]),
            found("Donald E. Knuth", TermKind::Person, &[1]),
            found("Donald Knuth", TermKind::Person, &[2, 3]),
            // options that differ by case stay two
            found("set -e", TermKind::Term, &[1]),
            found("set -E", TermKind::Term, &[2]),
            // (an acronym in brackets with a translation after it)
            found("Debian Developer", TermKind::NounPhrase, &[1, 2, 8]),
            found("DD", TermKind::Term, &[8]),
            // (never in brackets together, but a proper name of three words spells it)
            found("Package Tracking System", TermKind::Work, &[1]),
            found("PTS", TermKind::Term, &[2, 3]),
            found("Installed Packages", TermKind::NounPhrase, &[1]),
            found("IP", TermKind::Term, &[2, 3]),
            // (past the joining words its capitals skip)
            found("Software in the Public Interest", TermKind::Org, &[4]),
            found("SPI", TermKind::Term, &[5, 6]),
            // (with a joining word's letter)
            found("Table of Contents", TermKind::Other, &[7]),
            found("TOC", TermKind::Term, &[8, 9]),
            // a people and one of them; a surname that ends in s and a given name
            found("Jews", TermKind::Person, &[9]),
            found("Jew", TermKind::Other, &[10]),
            found("Williams", TermKind::Person, &[11, 12]),
            found("William", TermKind::Person, &[11]),
            found("Packages", TermKind::Term, &[13]),
            found("Package", TermKind::Term, &[13]),
            // a project named after its subject; a project with a name of its own
            found("Debian", TermKind::Other, &[1, 2, 3]),
            found("Debian Project", TermKind::Org, &[4]),
            found("Debian Documentation Project", TermKind::Org, &[5]),
        ],
        &sentences,
        |t| t == "stream.Readable()",
    );
    let texts = names_kinds_variants(&merged);
    assert_eq!(
        texts,
        [
            (
                "DFSG",
                TermKind::Work,
                vec!["Debian Free Software Guidelines"]
            ),
            ("URL", TermKind::Term, vec!["URLs"]),
            ("NMU", TermKind::Term, vec!["NMUed", "NMUer"]),
            ("stream.Readable()", TermKind::Term, vec!["stream.Readable"]),
            ("/sbin", TermKind::Term, vec!["sbin"]),
            ("NM", TermKind::Term, vec![]),
            ("new maintainer", TermKind::NounPhrase, vec![]),
            (
                "command line",
                TermKind::NounPhrase,
                vec!["command-line", "commandline"]
            ),
            ("root", TermKind::Term, vec![]),
            ("/root", TermKind::Term, vec![]),
            ("/dev/hda", TermKind::Term, vec!["dev/hda"]),
            ("gentoo", TermKind::Term, vec![]),
            ("/gentoo", TermKind::Term, vec![]),
            ("Donald Knuth", TermKind::Person, vec!["Donald E. Knuth"]),
            ("set -e", TermKind::Term, vec![]),
            ("set -E", TermKind::Term, vec![]),
            ("Debian Developer", TermKind::NounPhrase, vec!["DD"]),
            ("PTS", TermKind::Work, vec!["Package Tracking System"]),
            ("Installed Packages", TermKind::NounPhrase, vec![]),
            ("IP", TermKind::Term, vec![]),
            (
                "SPI",
                TermKind::Org,
                vec!["Software in the Public Interest"]
            ),
            ("TOC", TermKind::Term, vec!["Table of Contents"]),
            ("Jew", TermKind::Other, vec!["Jews"]),
            ("Williams", TermKind::Person, vec![]),
            ("William", TermKind::Person, vec![]),
            ("Packages", TermKind::Term, vec![]),
            ("Package", TermKind::Term, vec![]),
            ("Debian", TermKind::Org, vec!["Debian Project"]),
            ("Debian Documentation Project", TermKind::Org, vec![]),
        ]
    );
}

/// Sentences of one block of one chapter, for the tests of candidate folds.
fn sentences_of(texts: &[&str]) -> Vec<Sentence> {
    texts
        .iter()
        .map(|t| Sentence {
            text: t.to_string(),
            chapter: 0,
            block: 0,
        })
        .collect()
}

/// A candidate with its kind and the sentences that name it.
fn found(text: &str, kind: TermKind, s: &[u32]) -> terms::Found {
    terms::Found {
        text: text.into(),
        kind,
        salience: 0.5,
        variants: Vec::new(),
        sentences: s.to_vec(),
    }
}

/// A name the text says someone also goes by, and a first name alone where one person of
/// the text has it, fold into the full name; a first name two persons share stays apart.
#[test]
fn another_name_a_person_goes_by_folds_into_the_full_name() {
    let sentences = sentences_of(&[
        "On July 11th, 2000, Joel Klecker, who was also known as Espy, passed away.",
        "No one who saw Espy on the lists knew him.",
        "Kristoffer H. Rose died in September 2016.",
        "Kristoffer was a Debian contributor from the very early days.",
        "Ian Murdock and Ian Jackson led the project; Ian wrote to Bruce.",
        "屈原，又名屈平，楚之同姓也。",
        "He lived in Osaka Espy.",
    ]);
    let merged = merge_aliases(
        vec![
            found("Joel Klecker", TermKind::Person, &[0]),
            found("Espy", TermKind::Other, &[0, 1, 6]),
            found("Kristoffer H. Rose", TermKind::Person, &[2]),
            found("Kristoffer", TermKind::Other, &[3]),
            found("Ian Murdock", TermKind::Person, &[4]),
            found("Ian Jackson", TermKind::Person, &[4]),
            found("Ian", TermKind::Person, &[4]),
            found("屈原", TermKind::Person, &[5]),
            found("屈平", TermKind::Person, &[5]),
        ],
        &sentences,
        |_| false,
    );
    assert_eq!(
        names_kinds_variants(&merged),
        [
            ("Joel Klecker", TermKind::Person, vec!["Espy"]),
            ("Kristoffer H. Rose", TermKind::Person, vec!["Kristoffer"]),
            ("Ian Murdock", TermKind::Person, vec![]),
            ("Ian Jackson", TermKind::Person, vec![]),
            ("Ian", TermKind::Person, vec![]),
            ("屈原", TermKind::Person, vec!["屈平"]),
        ]
    );
}

/// A Latin name and the Chinese words a bracket pairs with it are one entity where the text
/// mostly writes the rarer of them so; a bracket that names an instance in passing is not.
#[test]
fn a_latin_name_and_its_bracketed_translation_fold_into_one() {
    let sentences = sentences_of(&[
        "GUI（图形用户界面）文件管理器能够执行常见行为。",
        "一些 GUI（图形用户界面）工具需要额外的软件包。",
        "GUI 程序可以在桌面上运行。",
        "系统后台守护进程（daemon）在后台运行。",
        "后台守护进程在启动时读取配置。",
        "使用编译程序（gcc）来编译它。",
        "程序在终端中运行。",
        "程序可以被中断。",
        "gcc 是 GNU 编译器。",
        "但前 ftp-master 成员（Steve Langasek）对此有不同意见。",
        "UUID（通用唯一识别码）标识一个分区。",
        "ID 是一个数字。",
    ]);
    let merged = merge_aliases(
        vec![
            found("GUI", TermKind::Term, &[0, 1, 2]),
            found("图形用户界面", TermKind::Term, &[0, 1]),
            found("后台守护进程", TermKind::Term, &[3, 4]),
            found("daemon", TermKind::Term, &[3]),
            found("程序", TermKind::Term, &[2, 5, 6, 7]),
            found("gcc", TermKind::Term, &[5, 8]),
            found("成员", TermKind::Term, &[9]),
            found("Steve Langasek", TermKind::Person, &[9]),
            // (a whole name: ID is no name inside UUID)
            found("ID", TermKind::Term, &[10, 11]),
            found("通用唯一识别码", TermKind::Term, &[10]),
        ],
        &sentences,
        |_| false,
    );
    assert_eq!(
        names_kinds_variants(&merged),
        [
            ("GUI", TermKind::Term, vec!["图形用户界面"]),
            ("后台守护进程", TermKind::Term, vec!["daemon"]),
            ("程序", TermKind::Term, vec![]),
            ("gcc", TermKind::Term, vec![]),
            ("成员", TermKind::Term, vec![]),
            ("Steve Langasek", TermKind::Person, vec![]),
            ("ID", TermKind::Term, vec![]),
            ("通用唯一识别码", TermKind::Term, vec![]),
        ]
    );
}

#[test]
fn options_that_differ_by_case_are_two_items_with_their_own_descriptions() {
    let block = |section: &str, text: &str| Block {
        text: text.into(),
        section: Some(section.into()),
        ..Block::default()
    };
    let d = Document {
        title: "Bash".into(),
        lang: Lang::En,
        chapters: vec![Chapter {
            title: "Builtins".into(),
            blocks: vec![
                block("Shell", "set set [-abefhkmnptuvxBCEHPT] [-o option-name]"),
                block("Shell", "Set or unset values of shell options."),
                block(
                    "Shell",
                    "-e Exit immediately if a pipeline returns a non-zero status.",
                ),
                block(
                    "Shell",
                    "-E If set, any trap on ERR is inherited by shell functions.",
                ),
                block(
                    "Shell",
                    "-b Report the status of terminated background jobs at once.",
                ),
                block("Shell", "-B The shell performs brace expansion."),
                block("Other", "cd cd [directory]"),
                block(
                    "Other",
                    "Options, if supplied, have the following meanings:",
                ),
                block("Other", "Change the current directory."),
                block("Other", "exit exit [n]"),
                block("Other", "Exit the shell."),
            ],
            ..Chapter::default()
        }],
        programs: Vec::new(),
    };
    let a = Analysis::new(&d);
    // (item, the start of its lead)
    for (item, lead) in [
        ("set -e", "-e Exit immediately"),
        ("set -E", "-E If set"),
        ("set -b", "-b Report"),
        ("set -B", "-B The shell"),
        // (a sentence that announces a list is no lead)
        ("cd", "Change the current"),
    ] {
        let defs = a.definitions(item, 1);
        let got = defs.first().map(|p| p.text.as_str()).unwrap_or("");
        assert!(got.starts_with(lead), "{item}: {got:?}");
    }
}

/// Hyphenated adjectives are no terms; a book's own hyphenated terms are.
#[test]
fn hyphenated_adjectives_are_no_titles() {
    let cases = [
        ("site-specific", Some("an adjective")),
        ("UNIX-like", Some("an adjective")),
        ("keyboard-generated", Some("an adjective")),
        ("non-Linux", Some("an adjective")),
        ("up-to-date", Some("an adjective")),
        ("zero-terminated", Some("an adjective")),
        ("colon-separated", Some("an adjective")),
        ("non-privileged", Some("an adjective")),
        ("Half-Installed", None),
        ("DM-Upload-Allowed", None),
        ("non-free", None),
        ("architecture-independent", None),
        ("build-essential package", None),
        ("Aaron's", Some("a possessive")),
        ("Therefore David", Some("a fragment")),
        ("How to salvage a package", None),
        ("How David", Some("a fragment")),
        ("Inc", Some("a fragment")),
        ("Inc.", Some("a fragment")),
        ("Incus", None),
    ];
    for (title, want) in cases {
        assert_eq!(super::title_fault(title), want, "{title}");
    }
}

/// The most common words of the language are no concept of any book, whatever its genre,
/// unless it defines them; the book's own words stay.
#[test]
fn the_commonest_words_are_no_concepts() {
    let text: String = (0..12)
        .map(|i| {
            format!(
                "当使者来到的时候，他们不信迹象。那个时候，信道的人们得到了报酬{i}。他们的父母和朋友也来了。\n\n"
            )
        })
        .collect();
    let a = Analysis::new(&Document::from_text("经", Lang::Zh, &text));
    // (the few thousand commonest words: 时候, and 父母 and 朋友 too)
    for everyday in ["时候", "父母", "朋友"] {
        assert!(a.term(everyday).is_none(), "{everyday} is an everyday word");
    }
    assert!(a.term("使者").is_some(), "使者 is this book's word");
}

/// A user guide that teaches by its windows has no code, yet its ordinary words ("device",
/// "format") are no concepts of it; its noun phrases are. A narrative's ordinary words stay.
#[test]
fn a_user_guides_ordinary_words_are_no_concepts() {
    let guide: String = (0..10)
        .map(|i| {
            format!(
                "Click the book list to pick a book {i}. The device shows the format of each \
                 book. Select the jobs indicator to see the device and the format.\n\n"
            )
        })
        .collect();
    let a = Analysis::new(&Document::from_text("Guide", Lang::En, &guide));
    for everyday in ["device", "format"] {
        assert!(a.term(everyday).is_none(), "{everyday} is an everyday word");
    }
    assert!(
        a.term("book list").is_some(),
        "book list is the guide's term"
    );
    let story: String = (0..10)
        .map(|i| {
            format!(
                "The prophet kept the prayer at the device of the temple {i}. The prayer was \
                 kept by the people, and the device stood.\n\n"
            )
        })
        .collect();
    let a = Analysis::new(&Document::from_text("Story", Lang::En, &story));
    assert!(a.term("prayer").is_some(), "a narrative's own word stays");
}

/// A URL's scheme is no term; the same word used as a word is.
#[test]
fn url_schemes_are_no_terms() {
    let sentences: Vec<Sentence> = [
        "See http://www.pathname.com/fhs/ and https://x.org.",
        "Mirrors serve http://ftp.debian.org/debian.",
        "The http protocol carries pages; see http://x.org.",
    ]
    .iter()
    .map(|t| Sentence {
        text: t.to_string(),
        chapter: 0,
        block: 0,
    })
    .collect();
    assert!(super::url_scheme_only("http", &[0, 1], &sentences));
    assert!(!super::url_scheme_only("http", &[0, 1, 2], &sentences));
    assert!(!super::url_scheme_only("protocol", &[2], &sentences));
}

/// A section's number, a noun with the variable that abbreviates it, and an everyday word
/// said of one thing met before name no term.
#[test]
fn numbers_variables_and_words_pointing_back_are_no_terms() {
    let sections = [
        ("A.1.1", true),
        ("B.2", true),
        ("3.14", true),
        ("3.14.", true),
        ("A.3.2", true),
        // (a version of a name, a file, an acronym)
        ("ext4", false),
        ("python3.11", false),
        ("IPv6", false),
        ("A", false),
        ("AB.1", false),
    ];
    for (name, want) in sections {
        assert_eq!(super::section_number(name), want, "{name}");
    }
    let variables = [
        ("algorithm algo", true),
        ("context ctx", true),
        ("buffer buf", true),
        ("handle hd", true),
        // (two words of their own)
        ("message digest", false),
        ("public key", false),
        ("secure memory", false),
        ("key k", false),
        ("cipher c", false),
    ];
    for (name, want) in variables {
        assert_eq!(super::noun_and_its_variable(name), want, "{name}");
    }
    let pointing = [
        ("The file is a simple text file where …", "file", true),
        ("This argument is a string.", "argument", true),
        ("That file is read first.", "file", true),
        ("A file is a named sequence of bytes.", "file", false),
        ("The files are read in order.", "file", false),
        ("Files are named sequences of bytes.", "file", false),
        ("The file system is mounted.", "file system", true),
    ];
    for (sentence, term, want) in pointing {
        assert_eq!(super::points_back_to(sentence, term), want, "{sentence}");
    }
}

/// A manual's examples are not its terms: version-numbered file names, placeholders and the
/// character ranges of a pattern; real file and package names are.
#[test]
fn example_names_are_no_terms() {
    let cases = [
        ("debhello-0.2.tar.gz", true),
        ("gentoo_0.9.12.orig.tar.gz", true),
        ("package-1.install", true),
        ("libfoo-dev", true),
        ("/usr/bin/foo", true),
        ("a-z0-9A-Z", true),
        ("debian/rules", false),
        ("libc6-dev", false),
        ("ISO-8859-1", false),
        ("dh-autoreconf", false),
        ("python3.11", false),
        ("example.org", true),
        ("www.example.com", true),
        ("qa.debian.org", false),
    ];
    for (name, example) in cases {
        assert_eq!(super::example_name(name), example, "{name}");
    }
}

/// The address of one page of a site is no term; a site, or a site with one part of a path
/// that names a thing of its own, may be.
#[test]
fn the_address_of_a_page_is_no_term() {
    let cases = [
        ("www.debian.org/doc/devel-manuals", true),
        ("bugs.debian.org/cgi-bin/pkgreport.cgi", true),
        ("gnu.org/licenses/gpl.html", true),
        ("translationproject.org/team/zh_CN.html", true),
        ("https://www.schaffter.ca/mom/momdoc/toc.html", true),
        ("lists.debian.org/debian-devel", false),
        ("deb.debian.org/debian", false),
        ("qa.debian.org", false),
        ("debian/patches/series", false),
        ("/usr/share/doc", false),
    ];
    for (name, address) in cases {
        assert_eq!(super::page_address(name), address, "{name}");
    }
}

/// The letters that open a scripture's chapters make a line of their own; a short name in
/// a sentence does not.
#[test]
fn lines_of_letters() {
    let cases = [
        ("2:1 Alif, Lam, Meem", true),
        ("20:1 Ta, Ha", true),
        ("42:2 'Ayn, Seen, Qaf", true),
        ("38:1 Sad", true),
        (
            "10:1 Alif, Lam, Ra. These are the verses of the wise Book",
            true,
        ),
        ("Then Lot left. He went away", false),
        ("2:2 This is the Book about which there is no doubt", false),
        ("Lot said, Go", false),
        ("Ian Murdock", false),
    ];
    for (line, letters) in cases {
        assert_eq!(super::english::letters_line(line), letters, "{line}");
    }
}

/// A sample of mentions keeps the first ones and reaches the end of the text, in order.
#[test]
fn a_sample_of_mentions_keeps_the_first_and_reaches_the_end() {
    let ids: Vec<u32> = (0..1000).collect();
    // (ids, limit, the sample)
    let cases: [(&[u32], usize, Vec<u32>); 6] = [
        (&ids[..3], 5, vec![0, 1, 2]),
        (&ids, 1, vec![0]),
        (&ids, 0, vec![]),
        (&ids, 4, vec![0, 1, 500, 999]),
        (&ids[..10], 6, vec![0, 1, 2, 4, 6, 9]),
        (&ids[..10], 9, vec![0, 1, 2, 3, 4, 5, 6, 7, 9]),
    ];
    for (ids, limit, sample) in cases {
        assert_eq!(
            super::sample_in_reading_order(ids, limit),
            sample,
            "{limit}"
        );
    }
}

/// A host the text writes only inside addresses (a page's URL, mail addresses, longer host
/// names) is not spoken of; a host written alone, or as a site's address, is.
#[test]
fn a_host_only_inside_addresses_is_not_spoken_of() {
    // (sentence, host, only inside addresses)
    let cases = [
        (
            "See http://www.netfort.gr.jp/~dancer/software/dpatch.html for it.",
            "www.netfort.gr.jp",
            true,
        ),
        (
            "Mail joe@debian.org or see www.debian.org.",
            "debian.org",
            true,
        ),
        (
            "Mail debian-devel@lists.debian.org now.",
            "lists.debian.org",
            false,
        ),
        (
            "Check qa.debian.org for your packages.",
            "qa.debian.org",
            false,
        ),
        (
            "See https://tracker.debian.org/pkg/dpkg for it.",
            "tracker.debian.org",
            false,
        ),
        (
            "Go to https://qa.debian.org/ today.",
            "qa.debian.org",
            false,
        ),
        (
            "Go to https://www.debian.org/ today.",
            "www.debian.org",
            false,
        ),
        ("The debian.org machines are listed.", "debian.org", false),
        (
            "Read www.debian.organisation.net notes.",
            "debian.org",
            false,
        ),
    ];
    for (sentence, host, only) in cases {
        assert_eq!(super::only_in_addresses(sentence, host), only, "{sentence}");
    }
}

/// The everyday words of computing are no concepts of a technical book unless it defines
/// them; its own terms stay.
#[test]
fn everyday_computing_words_are_no_concepts_of_a_manual() {
    let text: String = (0..12)
        .map(|i| {
            format!(
                "Run `dpkg-buildpackage -us` to build the source package {i}. The source package \
                 is listed in /etc/apt/sources.list; give the filename of each subdirectory \
                 in debian/rules. Keep a backup of the filename and the subdirectory.\n\n"
            )
        })
        .collect();
    let a = Analysis::new(&Document::from_text("Guide", Lang::En, &text));
    for word in ["filename", "subdirectory", "backup"] {
        assert!(
            a.term(word).is_none(),
            "{word} is an everyday word of computing"
        );
    }
    assert!(
        a.term("source package").is_some(),
        "the book's own term stays"
    );
}

/// A Chinese manual's everyday words (步骤, 代码, 指令) are no concepts unless it defines
/// them; its own terms (维护者, 软件包) stay, and so does an everyday word it defines.
#[test]
fn everyday_words_are_no_concepts_of_a_chinese_manual() {
    let text: String = (0..12)
        .map(|i| {
            format!(
                "请运行 debuild 命令来构建软件包{i}。维护者按步骤修改代码，再用指令上传软件包。\
                 补丁是对上游源代码的修改。维护者检查补丁与步骤。\n\n"
            )
        })
        .collect();
    let a = Analysis::new(&Document::from_text("指南", Lang::Zh, &text));
    for word in ["步骤", "代码", "指令"] {
        assert!(a.term(word).is_none(), "{word} is an everyday word");
    }
    for word in ["维护者", "软件包", "补丁"] {
        assert!(a.term(word).is_some(), "{word} is the manual's term");
    }
}

#[test]
fn acronyms_and_their_expansions() {
    for (short, long, want) in [
        ("DER", "Distinguished Encoding Rules", true),
        ("DFSG", "Debian Free Software Guidelines", true),
        ("XML", "Extensible Markup Language", true),
        ("PAM", "Pluggable Authentication Modules", true),
        // (a joining word's letter where the acronym has one)
        ("TOC", "Table of Contents", true),
        ("DoD", "Department of Defense", true),
        // (two letters from inside their words, or a word left over: no)
        ("XSL", "Extensible Stylesheet Markup Language", false),
        ("XYZ", "Extensible Markup Language", false),
        ("XM", "Extensible Markup", false),
        ("DSA", "Debian Security Team", false),
        // (a word's opening letters, more than one, where the acronym has more letters than
        // the words: "Secure SHell")
        ("SSH", "Secure Shell", true),
        ("GnuPG", "GNU Privacy Guard", true),
        ("MC", "Midnight Commander", true),
        ("SSH", "Secure Host", false),
        ("SSHD", "Secure Shell", false),
    ] {
        assert_eq!(expands(short, long), want, "{short} / {long}");
    }
}

#[test]
fn an_acronym_spelled_out_before_it() {
    // (sentence, acronym, whether the words before it in brackets spell it out)
    for (sentence, term, want) in [
        (
            "Debian Policy requires Debian Free Software Guidelines （Debian 自由软件准则） (DFSG (http://www.debian.org/) ) for main.",
            "DFSG",
            true,
        ),
        (
            "本软件使用 Advanced Packaging Tool（APT）管理软件包。",
            "APT",
            true,
        ),
        (
            "Use the Advanced Packaging Tool (APT) to install it.",
            "APT",
            true,
        ),
        // (not words that spell something else, nor the acronym outside brackets)
        (
            "Use the Advanced Packaging Tool (DFSG) to install it.",
            "DFSG",
            false,
        ),
        ("The Advanced Packaging Tool APT installs it.", "APT", false),
        ("Run it (APT) now.", "APT", false),
    ] {
        assert_eq!(expanded_before(sentence, term), want, "{sentence}");
    }
}

#[test]
fn a_word_capitalised_where_a_quotation_opens_is_no_name() {
    let text = "They said, \"Postpone him and his brother.\" They said, \"Postpone the matter.\" \
                Then Moses said, \"Go.\" And Moses went. Moses came back.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    assert!(
        a.term("Postpone").is_none(),
        "a verb that opens a quotation"
    );
    assert!(a.term("Moses").is_some(), "a name inside a sentence");
}

#[test]
fn an_adverb_is_no_name() {
    // (title, an adverb)
    for (title, adverb) in [
        ("Unquestionably", true),
        ("Specifically", true),
        ("Accordingly", true),
        ("Only", true),
        ("Lily", false),
        ("Emily", false),
        ("Italy", false),
        ("Family", false),
        ("Moses", false),
        ("Sally", false),
    ] {
        assert_eq!(super::english_adverb(title), adverb, "{title}");
    }
}

#[test]
fn an_archaic_verb_is_no_term() {
    // (title, a verb of older English)
    for (title, verb) in [
        ("dwelleth", true),
        ("cometh", true),
        ("knowest", true),
        ("givest", true),
        ("sitteth", true),
        ("heareth", true),
        ("teeth", false),
        ("forest", false),
        ("priest", false),
        ("tempest", false),
        ("harvest", false),
        ("interest", false),
        ("request", false),
        ("contest", false),
        ("Nazareth", false),
        ("Japheth", false),
    ] {
        assert_eq!(super::archaic_verb(title), verb, "{title}");
    }
}

#[test]
fn a_section_heading_names_a_term_its_prose_uses() {
    // (heading, its sentences, the term it names if any)
    let cases: &[(&str, &[&str], Option<&str>)] = &[
        (
            "3.5.4 Command Substitution",
            &[
                "Command substitution allows the output of a command to replace the command.",
                "Bash performs the command substitution in a subshell.",
            ],
            Some("command substitution"),
        ),
        (
            "Logical Volume Manager",
            &[
                "The Logical Volume Manager joins disks.",
                "Use the Logical Volume Manager.",
            ],
            Some("Logical Volume Manager"),
        ),
        // a task, a topic, a question, one word, and a phrase the section never uses
        (
            "3.2.2 Maintaining your public key",
            &[
                "Keep your public key safe.",
                "Send your public key to the server.",
            ],
            None,
        ),
        (
            "List of fields",
            &["This is the list of fields.", "The list of fields follows."],
            None,
        ),
        (
            "What is a shell?",
            &[
                "A shell is a macro processor.",
                "What is a shell? It runs commands.",
            ],
            None,
        ),
        (
            "Voting",
            &["Voting is done by mail.", "We encourage voting."],
            None,
        ),
        (
            "10.2.1 Autotools",
            &["Autotools is a suite of tools.", "Run the Autotools first."],
            Some("Autotools"),
        ),
        (
            "Files",
            &["Files are kept here.", "Some files are big."],
            None,
        ),
        (
            "Package builders",
            &["These tools build a package.", "Each works in a chroot."],
            None,
        ),
    ];
    for (heading, texts, want) in cases {
        let units = vec![(heading.to_string(), (0..texts.len() as u32).collect())];
        let mentions = |name: &str| -> Vec<u32> {
            let needle = name.to_lowercase();
            (0..texts.len() as u32)
                .filter(|&i| texts[i as usize].to_lowercase().contains(&needle))
                .collect()
        };
        let found = with_heading_terms(Vec::new(), &units, Lang::En, mentions, |i| {
            texts[i as usize]
        });
        let got: Vec<&str> = found.iter().map(|f| f.text.as_str()).collect();
        assert_eq!(got, want.iter().copied().collect::<Vec<_>>(), "{heading}");
    }
}

#[test]
fn a_host_name_is_no_term() {
    let cases = [
        ("qa.debian.org", true),
        ("www.kernel.org", true),
        ("example.com", true),
        ("ftp.upload.debian.org", true),
        ("setup.py", false),
        ("doc.pdf", false),
        ("package.info", false),
        ("Makefile.in", false),
        ("README.Debian", false),
        ("debian/control", false),
        ("org", false),
        ("node.js", false),
    ];
    for (text, want) in cases {
        assert_eq!(host_name(text), want, "{text}");
    }
}

#[test]
fn a_heading_that_asks_what_a_term_is_names_it() {
    let cases = [
        ("4.3. 什么是 debmake？", Some("debmake")),
        ("debuild 是什么？", Some("debuild")),
        ("何谓“自举”", Some("自举")),
        ("What is a shell?", Some("shell")),
        ("1.2 What are symbolic links?", Some("symbolic links")),
        (
            "What is it good for, and why would anyone care about it at all?",
            None,
        ),
        ("What is next", None),
        ("4.4. 构建软件包", None),
    ];
    for (heading, want) in cases {
        assert_eq!(asks_what_is(heading).as_deref(), want, "{heading}");
    }
}

#[test]
fn a_chinese_heading_names_a_term_where_it_is_a_noun_phrase() {
    let cases = [
        ("5.24. 持续集成", "持续集成", true),
        ("5.6.5. 可重现的构建", "可重现的构建", true),
        ("5.18.3. Meson", "Meson", true),
        ("5.5. 原生 Debian 软件包", "原生 Debian 软件包", true),
        // a task, a question, a list, a topic, an everyday word
        (
            "4.5. 第一步：获取上游源代码",
            "第一步：获取上游源代码",
            false,
        ),
        ("5.23. 编译加固", "编译加固", false),
        ("4.3. 什么是 debmake？", "什么是 debmake？", false),
        ("5.4. 软件包名称和版本", "软件包名称和版本", false),
        ("4.2. 大致流程", "大致流程", false),
        ("5.7.1.2. 拆包的场景", "拆包的场景", false),
        ("示例", "示例", false),
        ("Note", "Note", false),
        ("3.2. mc", "mc", false),
    ];
    for (heading, name, want) in cases {
        assert_eq!(zh_heading_term(name, heading).is_some(), want, "{heading}");
    }
}

#[test]
fn a_heading_many_sections_repeat_names_no_term() {
    // (a manual's pages each end with "参见"; the prose says 参见 everywhere, and so it may
    // say 自举 of the one section headed so)
    let texts = [
        "参见 ls(1)。",
        "参见 cp(1)。",
        "参见 mv(1)。",
        "自举即先构建编译器。",
        "参见自举。",
    ];
    let mut units: Vec<(String, Vec<u32>)> =
        (0..3u32).map(|i| ("参见".to_string(), vec![i])).collect();
    units.push(("5.26. 自举".to_string(), vec![3]));
    let mentions = |name: &str| -> Vec<u32> {
        (0..texts.len() as u32)
            .filter(|&i| texts[i as usize].contains(name))
            .collect()
    };
    let found = with_heading_terms(Vec::new(), &units, Lang::Zh, mentions, |i| {
        texts[i as usize]
    });
    let got: Vec<&str> = found.iter().map(|f| f.text.as_str()).collect();
    assert_eq!(got, ["自举"]);
}

#[test]
fn a_title_page_credits_the_names_it_heads_with_a_mail_address() {
    let texts = [
        "Chinese zh-cn Translation (2017-2019) <byang@debian.org>",
        "Chinese zh-cn Translation (2021) <atzlinux@sina.com>",
        "<osamu@debian.org>",
        "The tools are described below; mail <help@debian.org> with questions.",
        "See <https://www.debian.org/> for more.",
    ];
    let units: Vec<(String, Vec<u32>)> = [
        "杨博远",
        "xiao sheng wen(肖盛文)",
        "Osamu Aoki",
        "Package Tools",
        "Getting Help",
    ]
    .iter()
    .enumerate()
    .map(|(i, h)| (h.to_string(), vec![i as u32]))
    .collect();
    let found = with_credited_headings(Vec::new(), &units, |i| texts[i as usize]);
    let got = names_kinds_variants(&found);
    assert_eq!(
        got,
        [
            ("杨博远", TermKind::Person, vec![]),
            ("肖盛文", TermKind::Person, vec!["xiao sheng wen"]),
            ("Osamu Aoki", TermKind::Person, vec![]),
        ]
    );
}

#[test]
fn a_reference_item_whose_section_only_points_elsewhere_has_no_lead_from_it() {
    // (a reference has a few items at least)
    let mut md = "# Stream\n\n## Class: stream.Readable\n\n### readable.read(size)\n\nThe readable.read() method reads data out of the internal buffer and returns it.\n\n### readable.compose(stream)\n\nSee stream.compose for more information.\n".to_string();
    for name in ["pause", "resume", "unpipe", "unshift", "wrap", "destroy"] {
        md.push_str(&format!(
            "\n### readable.{name}()\n\nThe readable.{name}() method will {name} the stream in flowing mode.\n"
        ));
    }
    let md = md.as_str();
    let a = Analysis::new(&Document::from_markdown("M", Lang::En, md));
    let lead = |prefix: &str| -> Option<String> {
        let term = a.terms().iter().find(|t| t.text.starts_with(prefix))?;
        a.definitions(&term.text, 1).first().map(|p| p.text.clone())
    };
    assert_eq!(
        lead("readable.read").as_deref(),
        Some("The readable.read() method reads data out of the internal buffer and returns it.")
    );
    assert!(
        !lead("readable.compose").is_some_and(|l| l.starts_with("See ")),
        "{:?}",
        lead("readable.compose")
    );
}

#[test]
fn a_bare_pointer_says_nothing_of_an_item() {
    let cases = [
        ("See stream.compose for more information.", true),
        ("参见 ls(1)。", true),
        (
            "For detailed information, see the documentation of the asynchronous version of this API: fs.chmod().",
            false,
        ),
        (
            "If path refers to a symbolic link, then the link is removed.",
            false,
        ),
        (
            "See the section on object mode for how the stream buffers objects instead of bytes.",
            false,
        ),
    ];
    for (text, want) in cases {
        assert_eq!(reference::is_bare_pointer(text), want, "{text}");
    }
}

/// Each found term as its text, kind and variants, for comparing with a table.
fn names_kinds_variants(found: &[terms::Found]) -> Vec<(&str, TermKind, Vec<&str>)> {
    found
        .iter()
        .map(|f| {
            (
                f.text.as_str(),
                f.kind,
                f.variants.iter().map(String::as_str).collect(),
            )
        })
        .collect()
}

#[test]
fn a_text_that_instructs_its_reader_is_told_from_one_that_narrates() {
    // (text, language, instructs)
    let cases: [(&[&str], Lang, bool); 4] = [
        (
            &[
                "Click the Convert books button.",
                "The book opens in the viewer.",
            ],
            Lang::En,
            true,
        ),
        (
            &[
                "In the beginning was the Word.",
                "And the Word was with God.",
            ],
            Lang::En,
            false,
        ),
        (
            &[
                "请使用 dh_make 命令。",
                "• 运行 debuild 来构建软件包。",
                "软件包由维护者上传。",
            ],
            Lang::Zh,
            true,
        ),
        (
            &["子曰：学而时习之。", "有朋自远方来，不亦乐乎？"],
            Lang::Zh,
            false,
        ),
    ];
    for (texts, lang, want) in cases {
        assert_eq!(
            is_instructional(&sentences_of(texts), lang),
            want,
            "{texts:?}"
        );
    }
}

#[test]
fn the_prefix_of_a_libraries_identifiers_is_no_term() {
    // (a PDF's font lost the underscores of some identifiers: "IDN2 MALLOC")
    let mut text = String::new();
    for (code, what) in [
        ("IDN2_OK", "Successful return."),
        ("IDN2_MALLOC", "Memory allocation error."),
        ("IDN2_NFC", "Error normalizing string."),
        (
            "IDN2_NO_CODESET",
            "Could not determine locale string encoding format.",
        ),
    ] {
        text.push_str(&format!(
            "The function returns {code} in this case. {code} means: {what} \
             Compare it with IDN2 MALLOC and IDN2 NO CODESET before you print it.\n\n"
        ));
    }
    let a = Analysis::new(&Document::from_text("Manual", Lang::En, &text));
    assert!(a.term("IDN2").is_none(), "IDN2 is a prefix");
    assert!(a.term("IDN2_MALLOC").is_some(), "IDN2_MALLOC is a term");
    // (a prefix the text names on its own stays a term: "PDF" of PDF_TITLE)
    let mut text = String::new();
    for (code, what) in [
        ("PDF_TITLE", "sets the window title of the PDF viewer."),
        ("PDF_LINK", "makes a link in the PDF outline."),
        ("PDF_TARGET", "names a target the PDF viewer jumps to."),
    ] {
        text.push_str(&format!(
            "The macro {code} {what} Use {code} in every PDF document you make.

"
        ));
    }
    let a = Analysis::new(&Document::from_text("Manual", Lang::En, &text));
    assert!(a.term("PDF").is_some(), "PDF is a term");
}

#[test]
fn an_identifier_is_not_named_inside_a_longer_one() {
    let text = "Pass IDN2_NFC_ INPUT in flags to normalise the input.\n\n\
                The call fails with IDN2_NFC when normalisation fails.\n\n\
                Use IDN2_NFC_INPUT for that.";
    let a = Analysis::new(&Document::from_text("Manual", Lang::En, text));
    let got: Vec<String> = a
        .mentions("IDN2_NFC", 10)
        .into_iter()
        .map(|p| p.text)
        .collect();
    assert_eq!(
        got,
        ["The call fails with IDN2_NFC when normalisation fails."]
    );
}

#[test]
fn a_word_the_dictionary_knows_as_no_noun_is_a_concept_only_as_the_texts_noun() {
    // "astray" and "understand" recur as often as "upload", "mercy" and "warner", but never
    // after a determiner; "upload" (a verb to WordNet) is the text's noun ("an upload").
    let mut text = String::new();
    for i in 0..12 {
        text.push_str(&format!(
            "Those who went astray did not understand the mercy of the warner, verse {i}. \
             They understand the warning only when a warner comes.\n\n\
             Each upload needs a signature, and the upload is checked in round {i}. \
             An upload goes astray when the signature is wrong. The maintainer upload \
             of round {i} is signed by those whom their right hands possess.\n\n"
        ));
    }
    let a = Analysis::new(&Document::from_text("Book", Lang::En, &text));
    for (word, concept) in [
        ("astray", false),
        ("understand", false),
        ("upload", true),
        ("mercy", true),
        ("warner", true),
        ("maintainer upload", true),
        ("right hands possess", false),
        ("hands possess", false),
    ] {
        assert_eq!(a.term(word).is_some(), concept, "{word}");
    }
}

#[test]
fn an_everyday_word_written_as_a_name_is_a_term_of_a_manual() {
    // An instructional text: "HOME" (capitals) and "tar" (a command) spell everyday words
    // but name things; "result" is only the everyday word.
    let mut text = String::new();
    for i in 0..10 {
        text.push_str(&format!(
            "Run the tar command to pack the result of step {i}. Check the result again. \
             Set HOME before you run tar. Use the result of tar(1) in HOME. \
             Most user commands are in /usr/bin, and each user has a home.\n\n"
        ));
    }
    let a = Analysis::new(&Document::from_text("Manual", Lang::En, &text));
    for (word, term) in [
        ("HOME", true),
        ("tar", true),
        ("result", false),
        ("user", false),
    ] {
        assert_eq!(a.term(word).is_some(), term, "{word}");
    }
}

#[test]
fn an_everyday_word_that_names_one_thing_of_a_kind_is_a_term_of_a_manual() {
    // An instructional text: "unstable" and "testing" name distributions ("the unstable
    // distribution") and are nouns of their own ("uploaded to unstable"); "major" only
    // modifies its head ("the major release"), and "stable" is named so but never used alone.
    let mut text = String::new();
    for i in 0..8 {
        text.push_str(&format!(
            "Upload the package {i} to the unstable distribution. Packages are uploaded to \
             unstable. Some migrate to testing. Check the testing distribution before you \
             upload. A package stays in unstable for ten days. Prepare the major release \
             with the stable distribution in mind. Wait for the major release.\n\n"
        ));
    }
    let a = Analysis::new(&Document::from_text("Manual", Lang::En, &text));
    for (word, term) in [
        ("unstable", true),
        ("testing", true),
        ("major", false),
        ("stable", false),
    ] {
        assert_eq!(a.term(word).is_some(), term, "{word}");
    }
    // (an infinitive is no noun of its own: "the upload queue" stays a term of its own)
    let mut text = String::new();
    for i in 0..8 {
        text.push_str(&format!(
            "Files {i} wait in the upload queue. You need to upload. In order to upload, sign \
             the changes file. The upload queue is processed daily.\n\n"
        ));
    }
    let b = Analysis::new(&Document::from_text("Manual", Lang::En, &text));
    let queue = b.term("upload queue").map(|t| t.text.as_str());
    assert_eq!(queue, Some("upload queue"));
    // (one entry: "the unstable distribution" is unstable)
    let unstable = a.term("unstable distribution").map(|t| t.text.as_str());
    assert!(unstable.is_none_or(|t| t == "unstable"), "{unstable:?}");
}

#[test]
fn a_word_of_the_dictionary_cited_as_a_program_is_a_term_where_the_text_uses_it_often() {
    // "bash" and "grub" are words of the dictionary's rarer bands that the text cites with a
    // manual section and uses far more often than ordinary English does; "make" is an
    // everyday word whose other uses are no program, cited as often.
    let mut text = String::new();
    for i in 0..6 {
        text.push_str(&format!(
            "The login shell is bash(1) on step {i}, and grub(8) boots it. \
             See make(1) to make the tree. Keep bash as the shell, and let grub find it.\n\n"
        ));
    }
    let a = Analysis::new(&Document::from_text("Manual", Lang::En, &text));
    for (word, term) in [("bash", true), ("grub", true), ("make", false)] {
        assert_eq!(a.term(word).is_some(), term, "{word}");
    }
}

#[test]
fn a_name_the_text_uses_only_inside_a_longer_one_is_no_entry_of_its_own() {
    // (and a name with an epithet is one name with the bare one: "Uriah the Hittite" and
    // Uriah; the people it names, "Hittite", is no name of the person)
    // (text, lang, the part, the whole: a term that has the part as a variant, or none
    // where the part stays a term of its own)
    let cases: [(&str, Lang, &str, Option<&str>); 7] = [
        // (a name always written before the same number is the head of a model's name; one
        // written before several numbers names a series)
        (
            "Plug in a device like the Cybook Gen 3 and wait. The Cybook Gen 3 shows the \
             books. You eject the Cybook Gen 3 before you unplug it. ",
            Lang::En,
            "Cybook Gen",
            Some("Cybook Gen 3"),
        ),
        (
            "Read Lanternspec 7 on frames. See how Lanternspec 12 covers glass. \
             Then Lanternspec 30 covers seams, and Lanternspec 7 again the frame. ",
            Lang::En,
            "Lanternspec",
            None,
        ),
        (
            "Uriah the Hittite went to the war. The king sent for Uriah the Hittite. \
             Uriah slept at the door. Then Uriah went down. Joab sent Uriah to the front.",
            Lang::En,
            "Uriah",
            Some("Uriah the Hittite"),
        ),
        (
            "Anti-spam techniques such as DomainKeys Identified Mail (DKIM) are used widely. \
             The DomainKeys Identified Mail service signs the mail. \
             Ask the smarthost whether DomainKeys Identified Mail signs it.",
            Lang::En,
            "Identified Mail",
            Some("DomainKeys Identified Mail"),
        ),
        (
            "The FreeBSD port started in 2002. The new FreeBSD port runs well. \
             Many users try the FreeBSD port today.",
            Lang::En,
            "FreeBSD",
            None,
        ),
        (
            "源代码必须遵循文件系统层级标准。文件系统层级标准规定了目录。\
             请阅读文件系统层级标准。文件系统层级标准很长。",
            Lang::Zh,
            "层级标准",
            Some("文件系统层级标准"),
        ),
        (
            "Bruce Perens led Debian. Later Bruce Perens wrote the guidelines. \
             Perens left in 1997.",
            Lang::En,
            "Perens",
            Some("Bruce Perens"),
        ),
    ];
    for (text, lang, part, whole) in cases {
        let text = text.repeat(3);
        let a = Analysis::new(&Document::from_text("Book", lang, &text));
        let own = a.terms().iter().any(|t| t.text == part);
        assert_eq!(own, whole.is_none(), "{part}: {:?}", a.terms());
        if let Some(whole) = whole {
            let t = a
                .term(whole)
                .unwrap_or_else(|| panic!("{whole}: {:?}", a.terms()));
            assert_eq!(t.text, whole);
            assert!(!t.variants.iter().any(|v| v == "Hittite"), "{t:?}");
        }
    }
}

#[test]
fn a_word_the_book_uses_no_more_than_the_language_does_is_ordinary() {
    // (word, its language, sentences that use it, words of the book, ordinary)
    let cases = [
        // everyday words a scripture happens to use: a few times in 300,000 words
        ("房屋", Lang::Zh, 25, 300_000, true),
        ("饮料", Lang::Zh, 18, 300_000, true),
        ("ship", Lang::En, 20, 150_000, true),
        ("face", Lang::En, 40, 150_000, true),
        // (an older hyphenated spelling of a word written solid now)
        ("to-day", Lang::En, 20, 150_000, true),
        ("e-book", Lang::En, 20, 150_000, false),
        ("re-sign", Lang::En, 20, 150_000, false),
        // the book's own words: far more often than the language uses them
        ("火狱", Lang::Zh, 218, 300_000, false),
        ("复活日", Lang::Zh, 76, 300_000, false),
        ("拜功", Lang::Zh, 65, 300_000, false),
        ("prayer", Lang::En, 80, 150_000, false),
        ("idolatry", Lang::En, 10, 150_000, false),
        // an everyday word a short text uses much: its own subject
        ("房屋", Lang::Zh, 25, 3_000, false),
        // one character, a name, a phrase, a word the dictionary does not know: left to the
        // other rules
        ("火", Lang::Zh, 1, 300_000, false),
        ("Ship", Lang::En, 1, 150_000, false),
        ("high priest", Lang::En, 1, 150_000, false),
        ("debhelper", Lang::En, 1, 150_000, false),
    ];
    for (word, lang, sentences, words, ordinary) in cases {
        assert_eq!(
            used_as_ordinary(word, sentences, words, lang),
            ordinary,
            "{word} in {sentences} of {words}"
        );
    }
}

#[test]
fn a_short_classic_names_its_people_once() {
    // 大學 and 中庸 together hold some 400 sentences: a speaker named once (曾子曰), a disciple
    // who asks once (子路問強) and two well-known figures named together once (桀、紂) are its
    // people. In a long text the same single mentions are too little.
    let sayings = "曾子曰：「十目所視，十手所指，其嚴乎！」\n子路問強。子曰：「南方之強與？北方之強與？」\n\
                   桀、紂率天下以暴，而民從之。\n";
    let filler = |n: usize| -> String {
        (0..n)
            .map(|i| format!("君子之道，費而隱第{i}。"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    // (sentences of filler, whether the single mentions make persons)
    for (n, people) in [(40, true), (1200, false)] {
        let text = format!("{sayings}{}\n", filler(n));
        let a = Analysis::new(&Document::from_text("大學", Lang::Zh, &text));
        for name in ["曾子", "子路", "桀", "紂"] {
            let person = a.term(name).is_some_and(|t| t.kind == TermKind::Person);
            assert_eq!(person, people, "{name} in a text of {n} more sentences");
        }
    }
}

/// Asserts of each (term, holds, not) that the term's lead, where it has one, holds `holds`
/// and not `not`.
fn assert_leads(a: &Analysis, cases: &[(&str, &str, &str)]) {
    for (term, holds, not) in cases {
        let lead = a.definitions(term, 1);
        let lead = lead.first().map(|p| p.text.as_str()).unwrap_or("");
        assert!(
            (lead.is_empty() || lead.contains(holds)) && !lead.contains(not),
            "{term}: {lead}"
        );
    }
}

#[test]
fn a_section_named_after_a_tool_leads_its_page_only_where_it_opens_on_it() {
    // A textbook's sections headed by a tool's name: "3.6. sbuild" opens on another tool,
    // "3.7. gbp" on its own.
    let book = "# 3. 工具的配置\n\n## 3.1. 电子邮件地址\n\n设置您的电子邮件地址。\n\n\
                ## 3.6. sbuild\n\nlintian 软件包能找到 Debian 软件包中的缺陷。\n\n\
                您可以使用 sbuild 命令在干净的环境中构建软件包。sbuild 命令需要 schroot。\n\n\
                ## 3.7. gbp\n\ngbp 命令提供了许多使用 git 仓库自动打包的子命令。\n\n\
                您可以使用 gbp 命令导入上游源码。gbp 命令读取 ~/.gbp.conf 文件。\n\n\
                ## 3.8. 新的 Debian 版本\n\n新的版本需要新的变更日志。\n";
    let a = Analysis::new(&Document::from_markdown(
        "Debian 维护者指南",
        Lang::Zh,
        book,
    ));
    // (term, what its lead must hold, what it must not)
    assert_leads(
        &a,
        &[
            ("sbuild", "sbuild", "lintian"),
            ("gbp", "gbp 命令提供", "lintian"),
        ],
    );
    assert!(
        a.definitions("gbp", 1)
            .first()
            .is_some_and(|p| p.text.starts_with("gbp 命令提供")),
        "gbp opens its own section"
    );
}

#[test]
fn a_pattern_with_brace_alternatives_defines_nothing() {
    let text = "The synopsis should not repeat the package name. \
                The package name provides {a,an,the,some} synopsis. \
                Each binary package has a package name and a synopsis. \
                The .orig.tar.{gz,xz} file stores the so-called upstream source code.";
    let a = Analysis::new(&Document::from_text("Policy", Lang::En, text));
    let leads = a.definitions("package name", 3);
    assert!(
        leads.iter().all(|p| !p.text.contains('{')),
        "{:?}",
        leads.iter().map(|p| &p.text).collect::<Vec<_>>()
    );
    // (a file name's braces are no pattern)
    assert!(
        a.definitions("upstream source code", 1)
            .first()
            .is_some_and(|p| p.text.contains(".orig.tar.{gz,xz}")),
        "a file name's alternation stays"
    );
}

#[test]
fn a_c_manuals_function_is_led_by_what_it_does_in_the_imperative() {
    // A GNU manual says what a function does in the imperative under its definition line;
    // a later "This function …" says how, and the definition line says nothing.
    let book = "12 MPI library\n\n\
                gcry_mpi_t gcry_mpi_set_ui (gcry mpi t w, unsigned long u) [Function]\n\n\
                Assign the value of u to w and return w. If NULL is passed for w, a new MPI is \
                allocated. This function takes an unsigned int as type for u.\n\n\
                gcry_mpi_t gcry_mpi_copy (const gcry mpi t a) [Function]\n\n\
                Create a new MPI as the exact copy of a.\n\n\
                void gcry_mpi_release (gcry mpi t a) [Function]\n\n\
                Release the MPI a and free all associated resources.\n\n\
                void gcry_mpi_swap (gcry mpi t a, gcry mpi t b) [Function]\n\n\
                Swap the values of a and b.\n\n\
                void gcry_mpi_snatch (gcry mpi t w, gcry mpi t u) [Function]\n\n\
                Set w to u and release u.\n";
    let a = Analysis::new(&Document::from_text("Reference", Lang::En, book));
    assert_leads(
        &a,
        &[
            ("gcry_mpi_set_ui", "Assign the value", "This function takes"),
            ("gcry_mpi_copy", "Create a new MPI", "[Function]"),
        ],
    );
}

#[test]
fn a_section_that_opens_with_advice_is_led_by_its_own_definition() {
    // A manual's section headed by a term opens by telling the reader what to do with it; the
    // sentence after says what it is. Where the section says nothing more, the advice leads.
    let book = "# 7. Beyond Packaging\n\n## 7.1. Usertags\n\n\
                You may wish to use BTS usertags when submitting bugs across a number of packages. \
                Usertags are similar to normal tags such as patch and wishlist but differ in that \
                they are user-defined and occupy a namespace of one user.\n\n\
                ## 7.2. Mass bug filing\n\n\
                You should send a mail to the developers list before a mass bug filing is done.\n";
    let a = Analysis::new(&Document::from_markdown(
        "Developer's Reference",
        Lang::En,
        book,
    ));
    // (term, what its lead must hold, what it must not)
    assert_leads(
        &a,
        &[
            ("usertags", "are similar to normal tags", "You may wish"),
            ("mass bug filing", "You should send", "Usertags"),
        ],
    );
    assert!(
        a.definitions("usertags", 1)
            .first()
            .is_some_and(|p| p.text.starts_with("Usertags are similar")),
        "the section's definition leads"
    );
}

#[test]
fn a_textbook_section_named_after_a_file_is_read_in_its_own_order() {
    // Numbered sibling sections, each headed by a file's name, as a textbook's chapter on the
    // files of a package has them: "5.4. watch" opens with what the file does and ends with a
    // sentence about the service it mentions; "5.3. symbols" opens with advice about
    // libraries, not with what the file is.
    let files = [
        (
            "compat",
            "The compat file defines the debhelper compatibility level.",
        ),
        (
            "dirs",
            "This file specifies any directories which we need but which are not created.",
        ),
        (
            "symbols",
            "Packaging of a library is not easy for a novice maintainer and should be avoided. \
             Most library packages keep a symbols file beside the library.",
        ),
        (
            "watch",
            "The watch file format is documented in the uscan(1) manpage. The watch file \
             configures the uscan program to check the site of the upstream source. The redirector service at the archive offers a stable address for any \
             pattern of the site. This solves issues related to periodically changing URLs.",
        ),
        (
            "docs",
            "This file specifies the file names of documentation files.",
        ),
        (
            "install",
            "The install file lists files that are not installed by the build.",
        ),
        (
            "links",
            "This file lists symbolic links to make in the package.",
        ),
        ("manpages", "This file lists the manual pages to install."),
        (
            "postinst",
            "This script runs after the package is unpacked.",
        ),
    ];
    let mut book = String::from("# 5. Other files under the debian directory\n\n");
    for (i, (name, text)) in files.iter().enumerate() {
        book.push_str(&format!("## 5.{}. {name}\n\n{text}\n\n", i + 1));
        book.push_str(&format!("You edit the {name} file with any editor.\n\n"));
    }
    let a = Analysis::new(&Document::from_markdown(
        "Debian New Maintainers' Guide",
        Lang::En,
        &book,
    ));
    // (term, what its lead must hold, what it must not)
    assert_leads(
        &a,
        &[
            ("watch", "The watch file configures", "This solves"),
            ("symbols", "symbols", "Packaging of a library"),
            ("compat", "The compat file defines", "#"),
            ("dirs", "This file specifies any directories", "#"),
        ],
    );
    assert!(
        !a.definitions("watch", 1).is_empty(),
        "watch is described by its own section"
    );
}

#[test]
fn an_english_sentence_with_a_verb_of_its_own_is_a_clause() {
    // (sentence, whether it is a clause of its own rather than a describing noun phrase)
    for (sentence, clause) in [
        (
            "Packaging of a library is not easy for a novice maintainer.",
            true,
        ),
        ("Manual pages are normally written in nroff(1).", true),
        ("Any extra details should be documented here.", true),
        (
            "The name and email address of the person who is responsible.",
            false,
        ),
        ("A list of packages that must be installed first.", false),
        ("Simple field containing the version of the package.", false),
        ("The command to run when the package is removed.", false),
        (
            "Like the select data type, except the user can choose any number.",
            false,
        ),
        ("Value of this field should be a URL.", false),
    ] {
        assert_eq!(en_own_clause(sentence), clause, "{sentence}");
    }
    // (sentence of a section named after one thing, whether it says what the thing does)
    for (sentence, does) in [
        ("This directory contains miscellaneous log files.", true),
        ("This file lists the manual pages to install.", true),
        ("Creates a new stream from the iterable.", true),
        ("This solves issues related to changing URLs.", false),
        ("This data includes nightly updated statistics.", false),
        ("This section describes a suggested placement.", false),
    ] {
        assert_eq!(says_what_its_item_does(sentence), does, "{sentence}");
    }
}

/// A single Chinese character doubled describes ("绵绵葛藟", "浩浩汤汤"): it mentions no entry
/// of that character.
#[test]
fn a_doubled_character_mentions_nothing() {
    let text = "绵绵葛藟，在河之浒。\n\n绵，大雅之一篇也。\n\n浩浩汤汤，横无际涯。";
    let a = Analysis::new(&Document::from_text("诗", Lang::Zh, text));
    // (character, the passages that mention it)
    for (c, want) in [("绵", vec!["绵，大雅之一篇也。"]), ("汤", vec![])] {
        let got: Vec<String> = a.mentions(c, 10).into_iter().map(|p| p.text).collect();
        assert_eq!(got, want, "{c}");
    }
}

#[test]
fn adjectives_of_languages_and_nations() {
    // (title, the adjective of a language or a nation)
    for (title, want) in [
        ("English", true),
        ("American", true),
        ("Asian", true),
        ("english", false),
        ("Jews", false),
        ("Christian", false),
        ("England", false),
        ("American English", false),
    ] {
        assert_eq!(super::language_adjective(title), want, "{title}");
    }
}

#[test]
fn credit_labels_credit_names_only() {
    // (the text before a name, whether it credits the name)
    let cases = [
        ("Copyright © 1998-2002 ", true),
        ("Copyright © 1996 Ian Jackson and ", true),
        (
            "版权所有 © 1998-2002 Josip Rodin, 2010 Craig Small 以及 2010 ",
            true,
        ),
        ("作者：", true),
        // a word with a particle after the label is no name: "copyright 文件的模板"
        ("dh_make 可以给出一个 copyright 文件的", false),
        ("files installed by ", false),
    ];
    for (before, want) in cases {
        assert_eq!(super::credited(before), want, "{before}");
    }
}

#[test]
fn clauses_of_condition_or_time() {
    let cases = [
        ("如果你不知道应该使用哪一个，则使用 Build-Depends。", true),
        ("当 watch 中包含 URL 时，uscan 程序会将其替换。", true),
        ("若有错误，请报告。", true),
        // words that begin like a case opener and open none
        ("当前的版本使用 dh 命令来构建。", false),
        ("当然可以用 debuild 来构建。", false),
        ("若干软件包用 lintian 来检查。", false),
    ];
    for (sentence, want) in cases {
        assert_eq!(super::opens_a_case(sentence), want, "{sentence}");
    }
}

#[test]
fn a_tables_description_column_says_what_its_rows_names_are() {
    let text = "Chapter 1. Tools\n\n\
        Many programs call gettext at run time, and gettext reads the catalogs.\n\n\
        Table 1.1. List of tools\n\n\
        |----------------+---------+-----+------------------------------|\n\
        |    package     | popcon  |size |         description          |\n\
        |----------------+---------+-----+------------------------------|\n\
        |gettext         |V:55,    |5825 |GNU Internationalization      |\n\
        |                |I:278    |     |utilities                     |\n\
        |----------------+---------+-----+------------------------------|\n\
        |gcc             |V:153    |47   |GNU C compiler                |\n\
        |----------------+---------+-----+------------------------------|\n\
        |qemu            |V:5      |30   |QEMU: fast generic processor  |\n\
        |                |         |     |emulator                      |\n\
        |----------------+---------+-----+------------------------------|\n\n\
        Table 1.2. Sizes\n\n\
        |----------------+---------+\n\
        |    package     |  size   |\n\
        |----------------+---------+\n\
        |make            |1200     |\n\
        |----------------+---------+\n\
        |bison           |3116     |\n\
        |----------------+---------+\n";
    let doc = crate::extract::extract(text.as_bytes(), "tools.txt").unwrap();
    let doc = crate::pipeline::analysis_document(&doc, "Tools", Lang::En);
    let a = Analysis::new(&doc);
    // (name, the lead its table gives it, or none)
    let cases: &[(&str, Option<&str>)] = &[
        (
            "gettext",
            Some("gettext: GNU Internationalization utilities"),
        ),
        ("gcc", Some("gcc: GNU C compiler")),
        // (a description that opens with the name is not prefixed with it again)
        ("qemu", Some("QEMU: fast generic processor emulator")),
        // a table of figures says nothing of what its rows are
        ("make", None),
        ("bison", None),
    ];
    for (name, want) in cases {
        let glosses = a.glosses(name, 3);
        let got = glosses.first().map(|p| p.text.as_str());
        assert_eq!(got, *want, "{name}");
        if let Some(p) = glosses.first() {
            // the gloss is a passage of its own, cited where its table is
            assert_eq!(a.passage(&p.id).as_ref(), Some(p));
            assert!(p.location.line.is_some_and(|l| l > 3), "{p:?}");
        }
    }
    // a gloss is no sentence: no definition, no mention, no code after it
    assert!(a.definitions("gcc", 3).is_empty());
    assert!(a.mentions("gcc", 10).is_empty());
    assert!(
        a.definitions("gettext", 3)
            .iter()
            .all(|d| !d.text.contains("GNU"))
    );
    let gloss = &a.glosses("gcc", 1)[0];
    assert!(a.code_after(&gloss.id, 3).is_empty());
}

#[test]
fn a_list_of_described_names_documents_each_name() {
    // (a manual's list of variables, each name alone on its line and described by the next
    // paragraph, as a texinfo PDF sets a @vtable; the names are its documented items however
    // rarely the text names them again, and each is described by its own paragraph)
    let md = "# Shell Variables\n\n## Bash Variables\n\nThese variables are set or used by Bash.\n\n\
              BASH_VERSION\n\nThe version number of the current instance of Bash.\n\n\
              PIPESTATUS\n\nAn array variable containing a list of exit status values.\n\n\
              SECONDS\n\nThis variable expands to the number of seconds since the shell was started.\n\n\
              # Other\n\nThe shell reads its startup files and runs commands. It waits for them.\n";
    let a = Analysis::new(&Document::from_markdown("Manual", Lang::En, md));
    for (name, description) in [
        (
            "BASH_VERSION",
            "The version number of the current instance of Bash.",
        ),
        (
            "PIPESTATUS",
            "An array variable containing a list of exit status values.",
        ),
        (
            "SECONDS",
            "This variable expands to the number of seconds since the shell was started.",
        ),
    ] {
        let term = a.term(name).unwrap_or_else(|| panic!("{name} is a term"));
        assert!(term.salience >= 1.0, "{name}: {}", term.salience);
        let defs = a.definitions(name, 1);
        assert_eq!(
            defs.first().map(|d| d.text.as_str()),
            Some(description),
            "{name}"
        );
    }
    // (two described names make no list)
    let md = "# Notes\n\nFOO_BAR\n\nThe first value of the test.\n\nBAZ_QUX\n\nThe second value of the test.\n";
    let a = Analysis::new(&Document::from_markdown("Manual", Lang::En, md));
    assert!(a.term("FOO_BAR").is_none_or(|t| t.salience < 1.0));
}

/// A collection's divisions are works of the book: each named by the openings of the units it
/// holds and glossed by what it holds, as the book's headings list it; no other term is
/// "often with" a division. A book of chapters no heading groups has none.
#[test]
fn a_collections_divisions_are_works_glossed_by_what_they_hold() {
    let chapter = |title: &str, parts: &[&str], text: &str| Chapter {
        title: title.into(),
        blocks: vec![Block {
            text: text.into(),
            ..Block::default()
        }],
        parts: parts.iter().map(|p| p.to_string()).collect(),
        ..Chapter::default()
    };
    let poems = [
        (
            "关雎",
            &["国风", "周南"][..],
            "关关雎鸠，在河之洲。窈窕淑女，君子好逑。",
        ),
        (
            "葛覃",
            &["国风", "周南"][..],
            "葛之覃兮，施于中谷，维叶萋萋。黄鸟于飞。",
        ),
        (
            "鹊巢",
            &["国风", "召南"][..],
            "维鹊有巢，维鸠居之。之子于归，百两御之。",
        ),
        (
            "鹿鸣",
            &["小雅"][..],
            "呦呦鹿鸣，食野之苹。我有嘉宾，鼓瑟吹笙。",
        ),
    ];
    let d = Document {
        title: "诗经".into(),
        lang: Lang::Zh,
        chapters: poems.iter().map(|(t, p, x)| chapter(t, p, x)).collect(),
        programs: Vec::new(),
    };
    let a = Analysis::new(&d);
    let work = |t: &str| {
        a.terms()
            .iter()
            .any(|f| f.text == t && f.kind == TermKind::Work)
    };
    for division in ["国风", "周南", "召南", "小雅"] {
        assert!(work(division), "{division}");
    }
    let gloss = |t: &str| a.glosses(t, 1).first().map(|p| p.text.clone());
    for (division, line) in [
        ("国风", "国风：周南、召南（3 篇）"),
        ("周南", "周南（国风）：关雎、葛覃（2 篇）"),
        ("小雅", "小雅：鹿鸣（1 篇）"),
    ] {
        assert_eq!(gloss(division).as_deref(), Some(line), "{division}");
    }
    assert_eq!(a.mentions("周南", 5).len(), 2, "the openings of its poems");
    for t in a.terms() {
        assert!(
            a.related(&t.text, 10)
                .iter()
                .all(|r| !["国风", "周南"].contains(&r.text.as_str())),
            "{} is often with a division",
            t.text
        );
    }
    // (chapters no heading groups: no divisions)
    let plain = Document {
        chapters: poems.iter().map(|(t, _, x)| chapter(t, &[], x)).collect(),
        ..d
    };
    assert!(
        !Analysis::new(&plain)
            .terms()
            .iter()
            .any(|t| t.kind == TermKind::Work)
    );
}

#[test]
fn a_release_s_own_line_opens_with_its_product_and_version() {
    let versions = vec!["Debian 6.0".to_string()];
    // (sentence, name, the release's own line)
    let cases = [
        (
            "Debian 6.0 Squeeze (February 2011): named for the aliens.",
            "Squeeze",
            true,
        ),
        (
            "Debian 6.0 (Squeeze) was released in 2011.",
            "Squeeze",
            true,
        ),
        ("  Debian 6.0 Squeeze.", "Squeeze", true),
        // (not a mention in passing, another name, a longer word)
        (
            "Squeeze was a one-time exception to the two-year policy.",
            "Squeeze",
            false,
        ),
        ("As of Debian 6.0 Squeeze, it changed.", "Squeeze", false),
        ("Debian 6.0 Squeezed the rest.", "Squeeze", false),
        ("Debian 6.0 Wheezy (2013).", "Squeeze", false),
    ];
    for (sentence, name, own) in cases {
        assert_eq!(
            super::opens_as_release(sentence, name, &versions),
            own,
            "{sentence}"
        );
    }
    // (a variant that is no product and version is no release's)
    assert!(!super::opens_as_release(
        "Debian Reference Squeeze",
        "Squeeze",
        &["Debian Reference".to_string()]
    ));
}

#[test]
fn a_constant_a_table_describes_is_a_term_under_its_own_name() {
    let gloss = |name: &str, description: &str| Gloss {
        name: name.into(),
        description: description.into(),
        ..Gloss::default()
    };
    let block = |text: &str| Block {
        text: text.into(),
        ..Block::default()
    };
    let d = Document {
        title: "File system".into(),
        lang: Lang::En,
        chapters: vec![Chapter {
            title: "Constants".into(),
            blocks: vec![
                block(
                    "The mode should be fs.constants.F_OK or a mask of fs.constants.R_OK and fs.constants.W_OK.",
                ),
                block("Check fs.constants.F_OK before you open the file."),
                block("Use F_OK alone to test that the file exists."),
                block("The XF_OK2 value is something else."),
            ],
            glosses: vec![
                gloss(
                    "F_OK",
                    "Flag indicating that the file is visible to the calling process.",
                ),
                gloss(
                    "R_OK",
                    "Flag indicating that the file can be read by the calling process.",
                ),
                gloss("X_OK", "Flag indicating that the file can be executed."),
                gloss("gettext", "GNU Internationalization utilities"),
            ],
            ..Chapter::default()
        }],
        programs: Vec::new(),
    };
    let a = Analysis::new(&d);
    let f_ok = a.term("F_OK").expect("F_OK is a term");
    assert_eq!(f_ok.text, "F_OK");
    assert!(f_ok.salience >= 1.0, "a documented item");
    assert_eq!(f_ok.variants, ["fs.constants.F_OK"]);
    assert_eq!(f_ok.frequency, 3, "the qualified and the bare spelling");
    assert!(
        a.term("fs.constants.F_OK")
            .is_some_and(|t| t.text == "F_OK")
    );
    assert!(
        a.glosses("F_OK", 1)[0]
            .text
            .contains("visible to the calling process")
    );
    assert!(a.term("R_OK").is_some());
    // (one the prose never names has no passage to cite; a package is no constant)
    assert!(a.term("X_OK").is_none());
    assert!(a.term("gettext").is_none());

    // (whole identifiers only)
    for (text, named) in [
        ("fs.constants.F_OK", true),
        ("F_OK", true),
        ("(F_OK)", true),
        ("F_OK2", false),
        ("XF_OK", false),
        ("XF_OK F_OK", true),
    ] {
        assert_eq!(super::names_identifier(text, "F_OK"), named, "{text}");
    }
}

#[test]
fn what_a_narrative_goes_on_to_say_of_a_person_is_their_passage() {
    let block = |text: &str| Block {
        text: text.into(),
        ..Block::default()
    };
    let d = Document {
        title: "History".into(),
        lang: Lang::En,
        chapters: vec![Chapter {
            title: "People".into(),
            blocks: vec![
                block(
                    "Martin Schulze died in his sleep in 2004. He was working on the release \
                     team. His work on security made many systems safer.",
                ),
                block("Martin Schulze and Ian Jackson met in 1996. He wrote the first tools."),
                block("Martin Schulze's wife wrote to the list. She thanked everyone."),
                block("He left the project a year later."),
                block(
                    "On July 30th Martin Schulze gave a talk in Munich. Martin was a maintainer \
                     of many packages. He also maintained the emulator.",
                ),
                block("Ian Jackson wrote dpkg. Ian Jackson led the project."),
            ],
            ..Chapter::default()
        }],
        programs: Vec::new(),
    };
    let a = Analysis::new(&d);
    let texts: Vec<String> = a
        .mentions("Martin Schulze", 20)
        .into_iter()
        .map(|p| p.text)
        .collect();
    for (sentence, his) in [
        ("He was working on the release team.", true),
        ("His work on security made many systems safer.", true),
        // (two people before it: "he" may be either)
        ("He wrote the first tools.", false),
        // (the subject before it is his wife)
        ("She thanked everyone.", false),
        // (another paragraph)
        ("He left the project a year later.", false),
        // (after a sentence whose subject he is, past a date; and by his given name)
        ("Martin was a maintainer of many packages.", true),
        ("He also maintained the emulator.", true),
    ] {
        assert_eq!(
            texts.iter().any(|t| t == sentence),
            his,
            "{sentence}: {texts:?}"
        );
    }
}

/// A release named for a person is a name of its own: "Bo" (Debian 1.3) does not fold into
/// "Bo Peep", whose page would then go by "Debian 1.3".
#[test]
fn a_release_named_for_a_person_stays_a_release() {
    let text = "The project grew quickly.\n\n\
                Debian 1.3 Bo (June 1997): named for Bo Peep, the shepherdess.\n\n\
                Debian 2.0 Hamm (July 1998): named for the pig.\n\n\
                Debian 2.1 Slink (March 1999): named for the dog.\n\n\
                Bo Peep kept sheep in the film. Later Bo Peep met Woody. Bo Peep left.\n\n\
                The archive grew.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    assert_eq!(a.term("Bo").map(|t| t.kind), Some(TermKind::Work));
    assert!(
        a.term("Bo Peep")
            .is_none_or(|t| !t.variants.iter().any(|v| v == "Debian 1.3")),
        "{:?}",
        a.term("Bo Peep")
    );
}

/// A Chinese manual page's list of environment variables, each name on a line of its own and
/// its description in Chinese words below it, documents each name, which leads with its
/// description.
#[test]
fn a_chinese_list_of_variables_documents_each() {
    let md = "# grep(1)\n\n## 描述\n\ngrep 在文件中搜索模式。\n\n## 环境变量\n\n\
              Grep 的行为受下列环境变量影响。\n\n\
              GREP_OPTIONS\n\n这个变量指定了放在所有显式指定的选项之前的默认选项。\n\n\
              GREP_COLOR\n\n指定用来高亮显示的标记。\n\n\
              POSIXLY_CORRECT\n\n如果设置了的话，grep 将像 POSIX.2 要求的那样来运作。\n";
    let a = Analysis::new(&Document::from_markdown("M", Lang::Zh, md));
    let lead = a.definitions("GREP_COLOR", 1);
    assert_eq!(
        lead.first().map(|p| p.text.as_str()),
        Some("指定用来高亮显示的标记。"),
        "{:?}",
        a.terms().iter().map(|t| &t.text).collect::<Vec<_>>()
    );
}

/// A sentence repeated in three chapters or more, past the names and addresses that change
/// from copy to copy, is boilerplate; a term named almost only in it is no term.
#[test]
fn boilerplate_is_what_three_chapters_repeat() {
    let at = |chapter: u32, text: &str| Sentence {
        text: text.to_string(),
        chapter,
        block: 0,
    };
    let notice = |p: &str| {
        format!(
            "完整文档请见：<https://www.gnu.org/software/coreutils/{p}>或者在本地使用： info '(coreutils) {p} invocation'"
        )
    };
    let sentences = vec![
        at(0, "cat 命令连接文件并打印到标准输出。"),
        at(0, &notice("cat")),
        at(1, "ls 命令列出目录内容。"),
        at(1, &notice("ls")),
        at(2, "wc 命令统计文件的行数。"),
        at(2, &notice("wc")),
        // (twice in one chapter and once in another is no boilerplate)
        at(3, "巧言令色，鲜矣仁。"),
        at(3, "巧言令色，鲜矣仁。"),
        at(4, "巧言令色，鲜矣仁。"),
    ];
    let titles = ["cat(1)", "ls(1)", "wc(1)", "学而", "阳货"];
    let b = boilerplate_sentences(&sentences, &titles, Lang::Zh);
    assert_eq!(
        b,
        [false, true, false, true, false, true, false, false, false]
    );
    assert!(mostly_boilerplate(&[1, 3, 5], &b));
    assert!(mostly_boilerplate(&[0, 1, 3, 5], &b));
    assert!(!mostly_boilerplate(&[0, 2, 3], &b));
    assert!(!mostly_boilerplate(&[1], &b));
    // English: the plain words, past a program's name and its address
    let en = |chapter: u32, p: &str| {
        at(
            chapter,
            &format!(
                "Full documentation is available at <https://www.gnu.org/software/coreutils/{p}> or locally via info '(coreutils) {p} invocation'."
            ),
        )
    };
    let b = boilerplate_sentences(
        &[
            en(0, "cat"),
            en(1, "ls"),
            en(2, "wc"),
            at(2, "The wc program counts the lines of a file."),
        ],
        &titles,
        Lang::En,
    );
    assert_eq!(b, [true, true, true, false]);
}

/// A caption's opening words are no name: "List of XML" of "Table 11.8: List of XML tools".
#[test]
fn a_caption_s_list_of_is_no_name() {
    let text = "The archive grew.\n\nTable 11.8: List of XML tools\n\n\
                Table 11.10: List of XML data extraction tools\n\n\
                Table 11.11: List of XML pretty print tools\n\n\
                XML is a markup language. XML files are text. The archive grew again.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    assert!(
        a.term("List of XML").is_none(),
        "{:?}",
        a.term("List of XML")
    );
}

/// An acronym and its expansion bracketed together are one entry though the expansion opens
/// the sentence ("Midnight Commander (MC) is …"), and a name and "the name system" are one.
#[test]
fn an_expansion_opening_its_sentence_still_pairs_with_its_acronym() {
    let text = "The tools.\n\n\
                Midnight Commander (MC) is a GNU file manager for the Linux console.\n\n\
                MC is a very smart viewer. Start MC from a shell. MC has menus. Quit MC with F10.\n\n\
                You may need to install the Midnight Commander package first. \
                F10 exits Midnight Commander. Later the Midnight Commander window closes.\n\n\
                The udev system provides automatic hardware discovery. The udev system runs early. \
                Write rules for udev. The rules of udev match devices. Reload udev after edits.\n\n\
                We use the X Window System here. Later the X Window System was old. \
                We start X Window now. We stop X Window later. We like X Window.\n";
    let a = Analysis::new(&Document::from_text("T", Lang::En, text));
    let mc = a.term("MC").map(|t| t.text.clone());
    assert!(mc.is_some());
    assert_eq!(a.term("Midnight Commander").map(|t| t.text.clone()), mc);
    let udev = a.term("udev").map(|t| t.text.clone());
    assert!(udev.is_some());
    assert_eq!(a.term("udev system").map(|t| t.text.clone()), udev);
    let x = a.term("X Window").map(|t| t.text.clone());
    assert!(x.is_some());
    assert_eq!(a.term("X Window System").map(|t| t.text.clone()), x);
}

#[test]
fn keys_of_the_keyboard_and_placeholders_are_closed_classes() {
    // (title, a key, a placeholder)
    for (title, key, placeholder_) in [
        ("Alt", true, false),
        ("ESC", true, false),
        ("Ctrl", true, false),
        ("F10", true, false),
        ("Function Key 1", true, false),
        ("Page Up", true, false),
        // in lower case a word or a command: the bash builtins "shift" and "return"
        ("shift", false, false),
        ("return", false, false),
        ("Altogether", false, false),
        ("F", false, false),
        ("FAT32", false, false),
        ("package_name", false, true),
        ("server_name", false, true),
        ("file_name", false, true),
        // a field or a function, not ordinary words before a generic head
        ("upstream_version", false, false),
        ("idn2_lookup_u8", false, false),
        ("dh_install", false, false),
        ("name", false, false),
    ] {
        assert_eq!(keyboard_key(title), key, "{title}");
        assert_eq!(placeholder(title), placeholder_, "{title}");
    }
}

#[test]
fn a_name_given_a_mailing_list_names_a_body() {
    // (the name, a sentence (lower-cased), named as a mailing list)
    for (name, sentence, list) in [
        (
            "debian-mentors",
            "ask on the debian-mentors mailing list.",
            true,
        ),
        (
            "debian-devel",
            "mail debian-devel@lists.debian.org first.",
            true,
        ),
        (
            "debian-devel",
            "read the debian-devel-announce mailing list.",
            false,
        ),
        (
            "debian-devel",
            "read the foo-debian-devel mailing list.",
            false,
        ),
        // a name in one part is a list's only by its address: "the groff mailing list"
        ("groff", "ask on the groff mailing list.", false),
        ("groff", "write to groff@lists.gnu.org first.", true),
        // an everyday word says what kind of list it is
        ("policy", "the policy mailing list decides.", false),
        ("special", "there are special mailing lists.", false),
        ("debian-qa", "the #debian-qa mailing list channel", false),
    ] {
        assert_eq!(
            named_as_mailing_list(name, std::iter::once(sentence)),
            list,
            "{name}: {sentence}"
        );
    }
}

#[test]
fn a_marked_list_item_may_be_described_by_its_use() {
    for (sentence, use_) in [
        (
            "Use this for packages that are not strictly necessary.",
            true,
        ),
        (
            "Use this if your program absolutely will not run without it.",
            true,
        ),
        ("Use this.", false),
        ("The package will not be installed.", false),
        ("Use the debian/control file for this.", false),
    ] {
        assert_eq!(describes_use(sentence), use_, "{sentence}");
    }
}

#[test]
fn a_file_only_a_command_line_takes_is_an_example() {
    // (sentence, name, a command line that takes the file)
    for (sentence, name, takes) in [
        ("groff -Tpdf -mom doc.mom > doc.pdf", "doc.mom", true),
        ("pdfmom doc.mom [groff opts] > doc.pdf", "doc.pdf", true),
        (
            "$ cp templates.pot templates.pot.orig",
            "templates.pot.orig",
            true,
        ),
        // a sentence that speaks of the file
        ("Edit doc.mom to change the title.", "doc.mom", false),
        (
            "The file debian/control holds the fields:",
            "debian/control",
            false,
        ),
        // a capitalised opening is no program
        ("Run groff doc.mom", "doc.mom", false),
        ("groff -Tpdf -mom doc.mom", "doc.pdf", false),
        // an English word opens no command line, a Chinese sentence's end closes it
        ("see config.toml", "config.toml", false),
        ("cp 命令把 a.txt 复制到 b.txt。", "a.txt", false),
    ] {
        assert_eq!(command_line(sentence, name), takes, "{sentence}");
    }
    for (name, file) in [
        ("doc.pdf", true),
        ("templates.pot.orig", true),
        ("README.md", true),
        // (a suffix longer than five characters is a word: "README.Debian")
        ("README.Debian", false),
        (".bashrc", false),
        ("debian/control", false),
        ("fs.readFile()", false),
        ("e-book", false),
        ("3.14", false),
    ] {
        assert_eq!(file_name(name), file, "{name}");
    }
}

#[test]
fn a_chinese_section_opens_with_a_statement_about_its_subject() {
    // (sentence, the section's subject, a statement about it)
    for (sentence, name, about) in [
        (
            "类Unix系统的文件系统权限被定义给三类受影响的用户。",
            "文件系统权限",
            true,
        ),
        (
            "进程的调度优先级是被一个进程优先级值控制。",
            "调度优先级",
            true,
        ),
        ("正则表达式描述要匹配的模式。", "正则表达式", true),
        // what the book leaves out; a condition; the name far from the start
        ("通用的网络优化超出了本文的范围。", "网络优化", false),
        (
            "如果系统的文件系统权限设置错误，程序会失败。",
            "文件系统权限",
            false,
        ),
        (
            "reportbug 命令用于提交针对软件包的错误报告。",
            "错误报告",
            false,
        ),
        (
            "当前系统的文件系统权限被定义给三类受影响的用户。",
            "文件系统权限",
            true,
        ),
        // 本文 inside a word, 范围 of values, are no scope of the book
        ("配置文件是一个普通的文本文件。", "配置文件", true),
        ("端口的取值范围是0到65535之间的整数。", "端口", true),
    ] {
        assert_eq!(zh_statement_about(sentence, name), about, "{sentence}");
    }
}

#[test]
fn a_placeholder_is_an_argument_and_a_key_is_pressed() {
    // (sentence, name, an argument of a command or a path)
    for (sentence, name, argument) in [
        (
            "Run dpkg -L package_name to list its files.",
            "package_name",
            true,
        ),
        (
            "Read /usr/share/doc/package_name/README.Debian first.",
            "package_name",
            true,
        ),
        ("server_name example.com;", "server_name", false),
        ("Set server_name to the host's name.", "server_name", false),
    ] {
        assert_eq!(as_argument(sentence, name), argument, "{sentence}");
    }
    for (sentence, keys) in [
        ("Press Alt-F2 to open a console.", true),
        ("The Alt key works as Meta.", true),
        ("Meta bought the company in 2021.", false),
    ] {
        assert_eq!(speaks_of_keys(sentence), keys, "{sentence}");
    }
}

/// A Latin word inside Chinese text is mentioned whole: "cron" is not named in "anacron" or
/// "crontab", nor "kern" in "kernel" (a glossary's names, looked up before any term is found).
#[test]
fn a_latin_word_in_chinese_text_is_matched_whole() {
    let text = "日志的设施如下：\n\ncron：来自任务调度服务的消息；\n\nkern：来自内核的消息；\n\nmail：来自邮件系统的消息；\n\nanacron 可以补上错过的任务。\n\ncrontab 文件的格式很简单。\n\nkernel 是系统的核心部分。\n\n系统用 cron 运行计划任务。\n";
    let a = Analysis::new(&Document::from_text("手册", Lang::Zh, text));
    for (name, want) in [
        (
            "cron",
            &[
                "cron：来自任务调度服务的消息；",
                "系统用 cron 运行计划任务。",
            ][..],
        ),
        ("kern", &["kern：来自内核的消息；"][..]),
    ] {
        let said: Vec<String> = a.mentions(name, 10).into_iter().map(|p| p.text).collect();
        assert_eq!(said, want, "{name}");
    }
}

#[test]
fn who_a_person_is_makes_a_lead_wherever_the_sentence_names_the_person() {
    // (sentence, name, whether the sentence says who the person is)
    for (sentence, name, says) in [
        (
            "It is curious that, in his exposition, Newton, the natural scientist, is more \
             philosophical than Leibniz.",
            "Newton",
            true,
        ),
        (
            "During the decade 1780 to 1789, Coulomb, a Frenchman, proved that poles attract.",
            "Coulomb",
            true,
        ),
        (
            "Finally, Fermat (born 1601 a.d., and died 1665 a.d.), discovered the method.",
            "Fermat",
            true,
        ),
        (
            "It is a work by an Indian mathematician, Bhaskara, who explains it.",
            "Bhaskara",
            true,
        ),
        (
            "Lasus was the teacher of the poet Pindar in Thebes.",
            "Pindar",
            true,
        ),
        (
            "In those years Kepler was an astronomer of Prague.",
            "Kepler",
            true,
        ),
        // (a thing in apposition, or a person named in passing)
        (
            "The system was built on the FSSTND, the predecessor to this standard, in 1994.",
            "FSSTND",
            false,
        ),
        (
            "Throughout the middle ages, under the influence of Aristotle, the science was \
             misconceived.",
            "Aristotle",
            false,
        ),
    ] {
        let score = definition_score(sentence, &sentence.to_lowercase(), name, Lang::En);
        // (less a penalty for a long sentence)
        assert_eq!(score.is_some_and(|s| s >= 0.4), says, "{name}: {score:?}");
    }
}

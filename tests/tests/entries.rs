//! What the generated entries say, against the real server with the default genes: a user
//! guide gives pages to its named parts (led by the sentence that defines them, a glossary
//! line among them) and none to its everyday words; a C function reference gives one page per
//! function, led by what the function does (not by its
//! prototype), and no page for a parameter; a manual's tools, each in a section of its own,
//! get a page however rarely the text names them; a contributors roll gives a page per person, led
//! by the credits section that names them; an anthology of essays in volumes gives a page per
//! essay, led by its author, source and volume; its authors' pages and its source books'
//! pages list their essays; a person the text names with an office ("Peter Lund
//! (Treasurer)") or a people ("Jonas Berg the Norwegian") and defines nowhere is led by it; a
//! dictionary gives each word a page led by its own definition.

use grove_tests::*;
use serde_json::Value;

/// The pages of a wiki made from `text` (Markdown), as (title, type, summary).
fn pages_of(name: &str, text: String) -> Vec<(String, String, String)> {
    pages_in(name, "en", text)
}

/// A wiki grown from `text` in `lang` by a fresh server: the server, the owner's token, the
/// wiki's slug and its page records.
fn grown(name: &str, lang: &str, text: String) -> (Server, String, String, Vec<Value>) {
    let server = Server::start();
    let (_, token) = server.issue_token("alice", "user");
    let (status, body) = server.upload(&token, name, text.into_bytes(), &[("lang", lang)]);
    assert_eq!(status, 200, "{body}");
    let job = server.wait_job(&token, body["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}\n{}", server.log());
    let slug = body["wiki_slug"].as_str().unwrap().to_string();
    let (status, all) = json_of(server.get(
        &format!("/api/v1/pages?wiki={slug}&limit=500"),
        Some(&token),
    ));
    assert_eq!(status, 200, "{all}");
    let items = all["items"].as_array().cloned().unwrap_or_default();
    (server, token, slug, items)
}

/// The pages of a wiki made from `text` in `lang`, as (title, type, summary).
fn pages_in(name: &str, lang: &str, text: String) -> Vec<(String, String, String)> {
    grown(name, lang, text)
        .3
        .iter()
        .map(|p: &Value| {
            let s = |k: &str| p[k].as_str().unwrap_or_default().to_string();
            (s("title"), s("type"), s("summary"))
        })
        .collect()
}

/// (function, prototype, what it does, a parameter and its line)
const FUNCTIONS: &[(&str, &str, &str, &str)] = &[
    (
        "asn1_parser2tree",
        "int asn1_parser2tree (const char * file, asn1_node * definitions, char * error_desc)",
        "Function used to start the parse algorithm and to create the structures of the definitions.",
        "error_desc: return the error description or an empty string if success.",
    ),
    (
        "asn1_create_element",
        "int asn1_create_element (asn1_node definitions, const char * source_name, asn1_node * element)",
        "Creates a structure of type source_name from the definitions of a schema.",
        "source_name: the name of the type of the new structure, as the schema spells it.",
    ),
    (
        "asn1_delete_structure",
        "int asn1_delete_structure (asn1_node * structure)",
        "Deletes the structure and frees every node that it holds.",
        "structure: pointer to the structure that you want to delete.",
    ),
    (
        "asn1_der_coding",
        "int asn1_der_coding (asn1_node element, const char * name, void * ider, int * len, char * err)",
        "Creates the DER encoding of the part of the structure that the name selects.",
        "ider: vector that will contain the DER encoding, at least len bytes long.",
    ),
    (
        "asn1_der_decoding",
        "int asn1_der_decoding (asn1_node * element, const void * ider, int ider_len, char * err)",
        "Fills the structure with values from a DER encoding of the element.",
        "ider_len: the number of bytes of the DER encoding to read from ider.",
    ),
    (
        "asn1_read_value",
        "int asn1_read_value (asn1_node root, const char * name, void * ivalue, int * len)",
        "Returns the value of one element inside a structure, as its bytes.",
        "ivalue: pointer to memory that will receive the value of the element.",
    ),
];

#[test]
fn a_c_reference_gives_a_page_per_function_led_by_what_it_does() {
    let mut md = String::from("# The ASN.1 library\n\n## Functions\n\n");
    md.push_str("Each function of the library returns an error code such as ASN1_SUCCESS.\n\n");
    for (name, proto, does, param) in FUNCTIONS {
        // (the heading as a PDF writes it, its underscores lost)
        md.push_str(&format!(
            "### {}\n\n{proto}\n\n{param}\n\n{does}\n\nReturns: ASN1_SUCCESS if {name} succeeds, or an error code.\n\n",
            name.replace('_', " ")
        ));
    }
    let pages = pages_of("asn1.md", md);
    for (name, _, does, param) in FUNCTIONS {
        let page = pages.iter().find(|(t, _, _)| t == name);
        let (_, _, summary) = page.unwrap_or_else(|| panic!("no page for {name}: {pages:?}"));
        // (the quote named by the entry, as every lead that does not name it)
        assert_eq!(summary, &format!("{name}: {does}"), "{name}");
        // a parameter named only in its prototype and its line has no page
        let p = param.split(':').next().unwrap();
        assert!(
            !pages.iter().any(|(t, _, _)| t == p),
            "{p} is a parameter, not an entry: {pages:?}"
        );
    }
}

/// (tool, what its section says it does)
const TOOLS: &[(&str, &str)] = &[
    (
        "cme",
        "cme checks and edits the configuration files of a package.",
    ),
    (
        "blhc",
        "blhc finds missing hardening flags in the build logs.",
    ),
    (
        "i18nspector",
        "i18nspector checks the translation catalogues of a package.",
    ),
    (
        "piuparts",
        "piuparts installs, upgrades and removes a package in a chroot.",
    ),
];

/// (word, head line, bracketed label, what it means)
const LEXICON: &[(&str, &str, &str, &str)] = &[
    (
        "cruft",
        "/kruhft/",
        "[very common]",
        "An unpleasant substance that gathers in old programs.",
    ),
    (
        "grok",
        "/grok/, vt.",
        "[from a novel]",
        "To understand something so well that it becomes part of you.",
    ),
    (
        "kluge",
        "/klooj/, n.",
        "[from the German]",
        "A clever device that works for reasons nobody can explain.",
    ),
    (
        "nybble",
        "/nib'l/, n.",
        "[by analogy with byte]",
        "Four bits, or one digit of a number written in base sixteen.",
    ),
    (
        "frob",
        "/frob/",
        "[MIT]",
        "A small object that a person fiddles with while thinking.",
    ),
    (
        "wedged",
        "adj.",
        "[common]",
        "Stuck in a state from which no input can bring a program back.",
    ),
];

#[test]
fn a_dictionary_gives_each_word_a_page_led_by_its_own_definition() {
    // (every word is named in the others' entries before its own: its first mention is not
    // where the lexicon defines it)
    let mut txt = String::from("The Little Lexicon\n\n");
    for (word, head, label, means) in LEXICON {
        txt.push_str(&format!("{word}\n\n{head}\n\n{label}\n\n1. n. {means}\n\n"));
        for (other, ..) in LEXICON {
            txt.push_str(&format!(
                "2. A hacker may also speak of {other} when the talk turns to old machines.\n\n"
            ));
        }
    }
    let pages = pages_in("lexicon.txt", "en", txt);
    for (word, _, label, means) in LEXICON {
        let page = pages.iter().find(|(t, _, _)| t == word);
        let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for {word}: {pages:?}"));
        assert_eq!(kind, "concept", "{word}");
        assert!(summary.contains(means), "{word}: {summary}");
        assert!(!summary.contains(label), "{word}: {summary}");
    }
}

#[test]
fn a_manual_gives_a_page_to_each_tool_with_a_section_of_its_own_however_rare() {
    let mut md = String::from("# Maintainer tools\n\n## Introduction\n\n");
    for i in 0..8 {
        md.push_str(&format!(
            "Step {i}: a maintainer builds the package, checks it and uploads it to the archive.\n\n"
        ));
    }
    md.push_str("## Package lint tools\n\nThese tools check a package before its upload.\n\n");
    for (tool, does) in TOOLS {
        md.push_str(&format!("### {tool}\n\n{does}\n\n"));
    }
    let pages = pages_of("tools.md", md);
    for (tool, does) in TOOLS {
        let page = pages.iter().find(|(t, _, _)| t == tool);
        let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for {tool}: {pages:?}"));
        assert_eq!(kind, "concept", "{tool}");
        assert_eq!(summary, does, "{tool}");
    }
}

#[test]
fn a_user_guide_gives_pages_to_its_named_parts_not_its_everyday_words() {
    // (each paragraph one instruction among statements, as a user guide's are)
    const PARAGRAPHS: &[&str] = &[
        "Click the book list to open a book. The device keeps each book in its own format.",
        "The book list fills most of the window, and the jobs indicator sits below it.",
        "Select a format before you convert the book. The device reads one format at a time.",
        "A book in the book list may hold several formats. The device asks for its own format.",
        "Press the arrow to connect the device. The jobs indicator counts the books in progress.",
        "The device stores the book in a folder. A format is chosen for each book once.",
        "Open the book list again when the device is connected to the computer.",
        "The jobs indicator turns while a book is converted to another format.",
    ];
    let mut md = String::from("# Reader Guide\n\n## The main window\n\n");
    for _ in 0..3 {
        for p in PARAGRAPHS {
            md.push_str(p);
            md.push_str("\n\n");
        }
    }
    md.push_str(
        "The jobs indicator is one of the most important pieces of the main window.\n\n\
         ## Tools\n\n\
         * shelfsync: a tool to copy the whole library to a connected reader.\n\n\
         Run shelfsync after each conversion. Press the button to start shelfsync.\n\n",
    );
    let pages = pages_of("guide.md", md);
    let titles: Vec<&str> = pages.iter().map(|(t, _, _)| t.as_str()).collect();
    for everyday in ["device", "format", "book"] {
        assert!(
            !titles.contains(&everyday),
            "{everyday} is an everyday word: {titles:?}"
        );
    }
    for named in ["book list", "jobs indicator", "shelfsync"] {
        assert!(titles.contains(&named), "no page for {named}: {titles:?}");
    }
    let summary = |title: &str| &pages.iter().find(|(t, _, _)| t == title).unwrap().2;
    assert!(
        summary("jobs indicator").contains("one of the most important pieces"),
        "{}",
        summary("jobs indicator")
    );
    assert!(
        summary("shelfsync").contains("a tool to copy the whole library"),
        "{}",
        summary("shelfsync")
    );
}

#[test]
fn a_roll_of_contributors_gives_their_pages() {
    let names = [
        "Ian Murdock",
        "Theodore Ts'o",
        "Lennart Poettering",
        "Eric S. Raymond",
        "Karl Goetz",
        "Daniel Quinlan",
    ];
    let mut md = String::from("# The Garden Standard\n\n## Rules\n\n");
    for i in 0..12 {
        md.push_str(&format!(
            "Rule {i}: every bed of the garden must drain into the common ditch before winter.\n\n"
        ));
    }
    md.push_str("## Contributors\n\n");
    for n in names {
        md.push_str(&format!("{n}\n\n"));
    }
    let pages = pages_of("standard.md", md);
    for n in names {
        let page = pages.iter().find(|(t, _, _)| t == n);
        let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for {n}: {pages:?}"));
        assert_eq!(kind, "person", "{n}");
        assert_eq!(
            summary,
            &format!("{n} is listed under “Contributors” in “The Garden Standard”."),
            "{n}"
        );
    }
}

#[test]
fn an_anthology_gives_a_page_per_work_and_its_authors_list_them() {
    // (volume, title, source, era, author); plain text as anthologies are printed: a title
    // line, then its source and author lines, then the essay
    let works = [
        ("卷一・唐文", "原道", "昌黎先生集", "唐代", "韩愈"),
        ("卷一・唐文", "师说", "昌黎先生集", "唐代", "韩愈"),
        ("卷一・唐文", "捕蛇者说", "柳河东集", "唐代", "柳宗元"),
        ("卷二・宋文", "岳阳楼记", "范文正公集", "宋代", "范仲淹"),
        ("卷二・宋文", "醉翁亭记", "欧阳文忠公集", "宋代", "欧阳修"),
        ("卷二・宋文", "秋声赋", "欧阳文忠公集", "宋代", "欧阳修"),
    ];
    let mut txt = String::from("古文选读\n\n");
    let mut volume = "";
    for (i, (vol, title, source, era, author)) in works.iter().enumerate() {
        if *vol != volume {
            txt.push_str(&format!("{vol}\n\n"));
            volume = vol;
        }
        txt.push_str(&format!("{title}\n《{source}》\n{era}：{author}\n\n"));
        for j in 0..6 {
            txt.push_str(&format!(
                "{author}论学第{i}{j}，以为古之学者必有师，师者所以传道受业解惑也，人非生而知之者，孰能无惑。\n\n"
            ));
        }
    }
    let pages = pages_in("anthology.txt", "zh", txt);
    for (vol, title, source, _, author) in works {
        let page = pages.iter().find(|(t, _, _)| t == title);
        let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for {title}: {pages:?}"));
        assert_eq!(kind, "other", "{title}");
        assert_eq!(
            summary,
            &format!("{title}，{author}作，出自《{source}》，收于《古文选读》{vol}。"),
            "{title}"
        );
    }
    // (the book two works come from names them)
    let page = pages.iter().find(|(t, _, _)| t == "昌黎先生集");
    let (_, _, summary) = page.unwrap_or_else(|| panic!("no page for 昌黎先生集: {pages:?}"));
    assert_eq!(
        summary,
        "昌黎先生集，《古文选读》所收《原道》、《师说》2篇的出处。"
    );
    for (author, listed) in [
        ("韩愈", ["原道", "师说"]),
        ("欧阳修", ["醉翁亭记", "秋声赋"]),
    ] {
        let page = pages.iter().find(|(t, _, _)| t == author);
        let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for {author}: {pages:?}"));
        assert_eq!(kind, "person", "{author}");
        for work in listed {
            assert!(
                summary.contains(&format!("《{work}》")),
                "{author}: {summary}"
            );
        }
    }
}

#[test]
fn a_classical_person_is_led_by_whose_child_the_text_says_they_are() {
    let mut txt = String::from("列傳選\n\n");
    txt.push_str("伯夷、叔齊，孤竹君之二子也。父欲立叔齊，及父卒，叔齊讓伯夷。\n\n");
    txt.push_str("伯夷曰：「父命也。」遂逃去。叔齊亦不肯立而逃之。\n\n");
    txt.push_str("武王載木主，號爲文王，東伐紂。伯夷、叔齊叩馬而諫曰：「父死不葬，爰及干戈，可謂孝乎？」\n\n");
    txt.push_str(
        "武王已平殷亂，天下宗周，而伯夷、叔齊恥之，義不食周粟，隱於首陽山，采薇而食之。\n\n",
    );
    txt.push_str("子曰：「伯夷、叔齊不念舊惡，怨是用希。」\n\n");
    txt.push_str("孔子曰：「伯夷、叔齊餓於首陽之下，民到于今稱之。」\n\n");
    let pages = pages_in("liezhuan.txt", "zh", txt);
    let page = pages.iter().find(|(t, _, _)| t == "伯夷");
    let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for 伯夷: {pages:?}"));
    assert_eq!(kind, "person");
    assert_eq!(summary, "伯夷：孤竹君之二子。");
}

/// A dynasty of classical text (殷 of "殷因於夏禮") and a state the dictionary calls no name
/// (衛, known by 衛靈公 and by journeys there) are names of the "other" type, not concepts, and
/// each page says which it is: a dynasty, or a state and the ruler the text names with it
/// (衛靈公, though his entry is 靈公).
#[test]
fn classical_dynasties_and_states_are_names_that_say_what_they_are() {
    let mut txt = String::from("論語選\n\n");
    for line in [
        "子張問：「十世可知也？」子曰：「殷因於夏禮，所損益，可知也；周因於殷禮，所損益，可知也。」",
        "子曰：「夏禮吾能言之，杞不足徵也；殷禮吾能言之，宋不足徵也。」",
        "哀公問社於宰我，宰我對曰：「夏后氏以松，殷人以柏，周人以栗。」",
        "顏淵問為邦。子曰：「行夏之時，乘殷之輅，服周之冕。」",
        "子言衛靈公之無道也，康子曰：「夫如是，奚而不喪？」",
        "衛靈公問陳於孔子。孔子對曰：「俎豆之事，則嘗聞之矣。」",
        "子路曰：「衛君待子而為政，子將奚先？」",
        "子謂衛公子荊，「善居室。」",
        "子適衛，冉有僕。子曰：「庶矣哉！」",
        "子擊磬於衛，有荷蕢而過孔氏之門者。",
        "子曰：「學而時習之，不亦說乎？」",
        "子曰：「溫故而知新，可以為師矣。」",
    ] {
        txt.push_str(line);
        txt.push_str("\n\n");
    }
    let pages = pages_in("lunyu.txt", "zh", txt);
    for (title, says) in [("殷", "一個朝代"), ("衛", "一國，國君有衛靈公")] {
        let page = pages.iter().find(|(t, _, _)| t == title);
        let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for {title}: {pages:?}"));
        assert_eq!(kind, "other", "{title}: {summary}");
        assert!(summary.contains(says), "{title}: {summary}");
    }
}

/// The names a manual's title page gives under its title are its authors, with their
/// affiliation where a comma gives one; a name the text mentions later is not.
#[test]
fn the_authors_under_a_manuals_title_are_led_as_its_authors() {
    let mut md = String::from("# Lantern Maker Manual\n\nLantern Maker Manual\n\n");
    md.push_str("Deri Okafor and\n\nTomas Lindqvist, Lakeside Institute of Crafts\n\n");
    md.push_str("Copyright 2021 Deri Okafor\n\n## 1 Introduction\n\n");
    for _ in 0..3 {
        md.push_str(
            "A lantern maker cuts the frame, fits the glass and seals the seams. \
             Deri Okafor and Tomas Lindqvist wrote this manual for the lantern maker. \
             Anna Berglund tested every lantern in the workshop.\n\n",
        );
    }
    let pages = pages_of("lantern-maker.md", md);
    for (name, lead) in [
        (
            "Deri Okafor",
            "Deri Okafor is an author of “Lantern Maker Manual”, named on its title page.",
        ),
        (
            "Tomas Lindqvist",
            "Tomas Lindqvist (Lakeside Institute of Crafts) is an author of “Lantern Maker Manual”, named on its title page.",
        ),
    ] {
        let page = pages.iter().find(|(t, _, _)| t == name);
        let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for {name}: {pages:?}"));
        assert_eq!(kind, "person", "{name}");
        assert_eq!(summary, lead);
    }
    let anna = pages.iter().find(|(t, _, _)| t == "Anna Berglund");
    assert!(
        anna.is_none_or(|(_, _, s)| !s.contains("title page")),
        "{anna:?}"
    );
}

#[test]
fn a_person_the_text_names_with_an_office_or_a_people_is_led_by_it() {
    let mut md = String::from("# A History of the Lantern Club\n\n## Founding\n\n");
    md.push_str(
        "The Lantern Club was formed in 1990 by a few friends who read books aloud. \
         The first board had three members: Anna Kovacs (President), Peter Lund (Treasurer), \
         and Mira Osei (Secretary).\n\n",
    );
    for year in 1991..1995 {
        md.push_str(&format!(
            "In {year} Anna Kovacs opened the spring reading, Peter Lund counted the lanterns, \
             and Mira Osei wrote down the books that were read.\n\n"
        ));
    }
    md.push_str(
        "Jonas Berg the Norwegian carved the first lantern of the club. \
         Every winter Jonas Berg mended the old lanterns.\n\n",
    );
    md.push_str("## Later years\n\n");
    md.push_str(
        "In 1996 the Treasurer (Peter Lund) moved away, and Mira Osei kept the accounts \
         until a new board was chosen. Peter Lund still came to the spring reading.\n\n",
    );
    let pages = pages_of("lantern-club.md", md);
    for (name, office) in [
        ("Peter Lund", "Treasurer"),
        ("Mira Osei", "Secretary"),
        ("Jonas Berg", "the Norwegian"),
    ] {
        let page = pages.iter().find(|(t, _, _)| t == name);
        let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for {name}: {pages:?}"));
        assert_eq!(kind, "person");
        assert!(
            summary.starts_with(&format!("{name}: {office}")),
            "{name}: {summary}"
        );
    }
}

/// People named together, and credited by their mail address, are found and led by what the
/// text says of them: the sentence whose subject they share ("Clara Voss and Ben Ode were
/// elected …"), the relation they share ("founders of Kettle.Works"), a credit line.
#[test]
fn people_named_together_or_by_their_mail_address_are_led_by_what_the_text_says() {
    let md = "# A History of the Kettle Project\n\n## Beginnings\n\n\
        Omar Diaz and Lena Hart, founders of Kettle.Works, hosted the first server in a \
        garage for a year. The first parser was reviewed by Omar Diaz in the spring. The \
        garage belonged to Lena Hart.\n\n\
        Clara Voss and Ben Ode were elected to the first board in March 2001. The minutes \
        of the board were kept by Clara Voss. The meeting hall was lent by Ben Ode. In 2002 \
        the board thanked Ben Ode and Clara Voss for their work.\n";
    let pages = pages_of("kettle.md", md.to_string());
    let lead = |name: &str| {
        let page = pages.iter().find(|(t, _, _)| t == name);
        page.unwrap_or_else(|| panic!("no page for {name}: {pages:?}"))
            .2
            .clone()
    };
    for (name, starts) in [
        (
            "Ben Ode",
            "Clara Voss and Ben Ode were elected to the first board",
        ),
        ("Omar Diaz", "Omar Diaz: founder of Kettle.Works"),
    ] {
        assert!(lead(name).starts_with(starts), "{name}: {}", lead(name));
    }
    // (a manual page as plain text, whose credit lines keep their angle brackets)
    let txt = "烧水壶手册\n\n描述\n       kettle 命令用于烧水，也可以设置水温。kettle 命令读取配置文件\
        中的温度。\n\n作者\n       Mike Frysinger <vapier@gentoo.org>\n\n中文版维护人\n       \
        唐友 <tony_ty@263.net>\n";
    let pages = pages_in("kettle-zh.txt", "zh", txt.to_string());
    for name in ["Mike Frysinger", "唐友"] {
        let page = pages.iter().find(|(t, _, _)| t == name);
        let (_, kind, _) = page.unwrap_or_else(|| panic!("no page for {name}: {pages:?}"));
        assert_eq!(kind, "person", "{name}");
    }
}

/// A manual's how-to in Markdown: steps that say what to type, and the code blocks that show
/// it (one of them shell syntax that looks like a wiki link).
const HOW_TO: &str = "# Backups\n\n## Restoring a backup\n\n\
    To restore the files of a backup, follow these steps:\n\n\
    1. Stop the service that writes to the data directory:\n\n\
    ```\n# systemctl stop tallyd\n```\n\n\
    2. Unpack the archive over the data directory, keeping its permissions:\n\n\
    ```\n# tar -xpzf /var/backups/tally.tar.gz -C /srv/tally\nif [[ -d /srv/tally ]]; then echo restored; fi\n```\n\n\
    3. Start the service again and read its log.\n\n\
    The tally service keeps its ledgers in the data directory. A ledger is a file of dated \
    entries that the tally service appends to.\n";

#[test]
fn a_methods_steps_show_the_commands_the_manual_gives_verbatim() {
    let (server, token, slug, items) = grown("backups.md", "en", HOW_TO.into());
    let method = items
        .iter()
        .find(|p| p["type"] == "method")
        .unwrap_or_else(|| panic!("a method page: {items:?}"));
    let id = method["id"].as_str().unwrap();
    let (status, page) =
        json_of(server.get(&format!("/api/v1/pages/{id}?wiki={slug}"), Some(&token)));
    assert_eq!(status, 200, "{page}");
    let text = page["page"]["body"].as_str().unwrap_or_default();
    // each command under the step that gives it, verbatim, the shell test unlinked
    for want in [
        "1. Stop the service that writes to the data directory:",
        "   ```\n   # systemctl stop tallyd\n   ```",
        "   # tar -xpzf /var/backups/tally.tar.gz -C /srv/tally\n   \
         if [[ -d /srv/tally ]]; then echo restored; fi\n   ```",
        "3. Start the service again and read its log.",
    ] {
        assert!(text.contains(want), "{want:?} in\n{text}");
    }
    // (the code is no source of entries: no page for a word only the code has)
    assert!(
        !items
            .iter()
            .any(|p| p["title"] == "tar" || p["title"] == "systemctl"),
        "{items:?}"
    );
}

#[test]
fn a_project_gutenberg_book_is_read_without_its_frame_and_its_people_by_what_they_were() {
    // (a history of a science: its people named by their surnames, each said once to be
    // what they were; chapters numbered over their titles; the distributor's licence after)
    let mut txt = String::from(
        "The Project Gutenberg EBook of Stars and Their Watchers, by A. Writer\n\n\
         This eBook is for the use of anyone anywhere at no cost and with almost no \
         restrictions whatsoever.\n\nTitle: Stars and Their Watchers\n\nAuthor: A. Writer\n\n\
         *** START OF THIS PROJECT GUTENBERG EBOOK STARS AND THEIR WATCHERS ***\n\n\n\
         Produced by Jane Roe and the Online Distributed\nProofreading Team\n\n\n",
    );
    for (n, (chapter, person, opening)) in [
        (
            "THE ORBITS",
            "Kepler",
            "In those years Kepler was an astronomer of Prague, and he saw",
        ),
        (
            "THE FORCES",
            "Coulomb",
            "In those years Coulomb, a Frenchman, proved",
        ),
        (
            "THE TIDES",
            "Laplace",
            "In those years Laplace, the great French mathematician, explained",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        txt.push_str(&format!("{}\n\n{chapter}\n\n\n", ["I", "II", "III"][n]));
        txt.push_str(&format!(
            "{opening} that the heavens obey one law. Later {person} wrote on the tides, and \
             the laws that {person} gave were used by the sailors of every nation.\n\n"
        ));
        for _ in 0..4 {
            txt.push_str(&format!(
                "The sailors of the northern seas read the tables of {person} each night, and \
                 the tables of {person} served them well on the long voyages to the south.\n\n"
            ));
        }
    }
    txt.push_str(
        "End of the Project Gutenberg EBook of Stars and Their Watchers, by A. Writer\n\n\
         *** END OF THIS PROJECT GUTENBERG EBOOK STARS AND THEIR WATCHERS ***\n\n\
         Section 1.  General Terms of Use and Redistributing Project Gutenberg-tm electronic \
         works\n\n1.A.  By reading or using any part of this Project Gutenberg-tm electronic \
         work, you indicate that you have read the Project Gutenberg-tm License.\n\n\
         Section 2.  Information about the Mission of Project Gutenberg-tm\n\n\
         Project Gutenberg-tm is synonymous with the free distribution of electronic works.\n",
    );
    let pages = pages_of("stars.txt", txt);
    for (title, ..) in &pages {
        assert!(
            !title.contains("Gutenberg") && !title.contains("electronic work"),
            "a page of the licence: {title}"
        );
        assert_ne!(
            title, "Jane Roe",
            "the producers' credit is no part of the book"
        );
    }
    for (person, what) in [
        ("Kepler", "astronomer"),
        ("Coulomb", "Frenchman"),
        ("Laplace", "mathematician"),
    ] {
        let page = pages.iter().find(|(t, _, _)| t == person);
        let (_, kind, summary) = page.unwrap_or_else(|| panic!("no page for {person}: {pages:?}"));
        assert_eq!(kind, "person", "{person}");
        assert!(summary.contains(what), "{person}: {summary}");
        assert!(
            summary.contains("Stars and Their Watchers") || !summary.contains("EBook"),
            "{summary}"
        );
    }
}

//! English candidate terms.
//!
//! - Names: runs of capitalised words (with "of"/"de"/… between), honorifics stripped and
//!   counted as person evidence, as are an adjacent speech verb, a "by NAME, NAME and NAME"
//!   list, an "Author: NAME" label and a following e-mail address; prepositions of place and
//!   place words are place evidence, organisation words organisation evidence, work words
//!   (Guide, Manual …) work evidence. A single capitalised word that the document also writes
//!   in lower case, or that is an ordinary word at the start of sentences, is not a name.
//! - Ordinary terms: content words and 2–3 word noun phrases, folded to their lemma
//!   ("readable streams" → "readable stream"), with salience measured against the background
//!   table; a word mostly seen inside a kept phrase gives way to the phrase.
//! - Code and paths: identifiers with inner capitals, underscores or dots (`highWaterMark`,
//!   `stream.pipeline`) and paths (`/usr/local`), kept as written.
//!
//! Not a tagger or a parser: generic surface rules only, never a list of a document's names.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use rustc_hash::{FxHashMap, FxHashSet};

use super::TermKind;
use super::background::{en_frequency, en_is_common, en_lemma, en_phrase_frequency, rarity};
use super::terms::{EN_STOP, Found, absorb};

/// Whether a one-word name is an ordinary word (`lower`) that the text says of someone after
/// "is" in a third of its sentences or more (twice at least): an adjective of praise written
/// with a capital ("Allah is Seeing of what you do"), no name.
fn praise_adjective(lower: &str, c: &NameCand) -> bool {
    en_is_common(lower) && c.predicative >= 2 && c.predicative * 3 >= c.sentences.len() as u32
}

/// Whether a sentence (past its verse number, if it has one, up to its first full stop) is
/// at most five capitalised words of up to four letters apart from commas and hyphens: the
/// letters that open a scripture's chapter ("2:1 Alif, Lam, Meem", "10:1 Alif, Lam, Ra. These
/// are the verses …", "42:2 'Ayn, Seen, Qaf").
pub(super) fn letters_line(sentence: &str) -> bool {
    let s = sentence.trim();
    let s = match s.split_once(' ') {
        Some((verse, rest))
            if verse.contains(':') && verse.chars().all(|c| c.is_ascii_digit() || c == ':') =>
        {
            rest
        }
        _ => s,
    };
    // (the line ends at its first full stop: "10:1 Alif, Lam, Ra. These are the verses …")
    let s = s.split_once(". ").map_or(s, |(line, _)| line);
    let words: Vec<&str> = s
        .split([',', ' ', '-', '.', '\''])
        .filter(|w| !w.is_empty())
        .collect();
    !words.is_empty()
        && words.len() <= 5
        && words.iter().all(|w| {
            w.len() <= 4
                && w.starts_with(|c: char| c.is_ascii_uppercase())
                && w.chars().all(|c| c.is_ascii_alphabetic())
        })
}

/// The honorifics of [`HONORIFICS`] that are abbreviations, whose full stop goes on with
/// the name ("Dr. Smith", "St. Paul"); after a word, the stop ends the sentence ("… your
/// Lord. And Allah …").
const ABBREVIATED_HONORIFICS: &[&str] = &["Mr", "Mrs", "Ms", "Dr", "Prof", "St", "Rev"];

pub(super) const HONORIFICS: &[&str] = &[
    "Mr",
    "Mrs",
    "Ms",
    "Miss",
    "Dr",
    "Sir",
    "Lady",
    "Lord",
    "Captain",
    "Colonel",
    "General",
    "King",
    "Queen",
    "Prince",
    "Princess",
    "Professor",
    "Prof",
    "Uncle",
    "Aunt",
    "Madame",
    "Monsieur",
    "Saint",
    "St",
    "Father",
    "Mother",
    "Sister",
    "Brother",
    "Master",
    "Mistress",
    "Duke",
    "Count",
    "Countess",
    "Emperor",
    "President",
    "Rev",
    "Reverend",
    // (forms of address of other tongues, and ranks at sea, in the church and the army;
    // not "Don", an English given name too, "Don Armstrong")
    "Senor",
    "Señor",
    "Signor",
    "Commodore",
    "Admiral",
    "Lieutenant",
    "Sergeant",
    "Deacon",
    "Bishop",
    "Cardinal",
];

const SPEECH: &[&str] = &[
    "said",
    "says",
    "asked",
    "replied",
    "cried",
    "answered",
    "exclaimed",
    "told",
    "thought",
    "whispered",
    "shouted",
    "added",
    "continued",
    "observed",
    "returned",
    "wrote",
    "writes",
    "explained",
    "argued",
    "remarked",
    "declared",
    "insisted",
    "murmured",
    "spoke",
];

/// The verbs of [`SPEECH`] that a program, a value or a body does too ("the MPI returned",
/// "GCC writes", "the ISO added").
const SPEECH_OF_THINGS: &[&str] = &[
    "returned",
    "added",
    "continued",
    "observed",
    "wrote",
    "writes",
    "declared",
    "explained",
];

/// Prepositions before a place. Not "to" and "from", which come before people as often
/// ("said to Moses", "a message from Allah"): see [`MOTION`].
const PLACE_PREP: &[&str] = &["in", "at", "near", "towards", "into", "through", "across"];

/// Words of belief before "in" ("believe in Allah", "trust in God").
const BELIEF: &[&str] = &[
    "believe",
    "believes",
    "believed",
    "believing",
    "believer",
    "believers",
    "disbelieve",
    "disbelieves",
    "disbelieved",
    "disbelieving",
    "trust",
    "trusted",
    "faith",
    "hope",
    "rely",
    "relied",
    "relies",
];

/// A verb of motion and its preposition before a place ("went to Egypt").
const MOTION: &[&str] = &[
    "went to",
    "came to",
    "go to",
    "goes to",
    "returned to",
    "fled to",
    "moved to",
    "travelled to",
    "traveled to",
    "sailed to",
    "came from",
    "went from",
    "fled from",
    "moved from",
    "returned from",
];

/// "the son of X": X is a person.
const PERSON_OF: &[&str] = &[
    "son",
    "sons",
    "daughter",
    "daughters",
    "wife",
    "husband",
    "father",
    "mother",
    "brother",
    "sister",
    "servant",
    "messenger",
    "children",
    "descendants",
    "family",
    "house",
    "uncle",
];

/// "the land of X", "the battle of X": X is a place (not "the people of X": the people of
/// Noah are his).
const PLACE_OF: &[&str] = &[
    "land",
    "city",
    "town",
    "king",
    "kingdom",
    "country",
    "region",
    "province",
    "capital",
    "village",
    "inhabitants",
    "mountains",
    "river",
    "plain",
    "valley",
    "island",
    "battle",
];

/// Kinship and offices right before a name, beside the kin nouns of
/// [`super::EN_KIN_NOUNS`] ("his father Azar", "prophet Jonah", "the angel Gabriel").
const KIN_BEFORE: &[&str] = &["aunt", "cousin", "prophet", "messenger", "angel"];

/// Deeds only a person does to a person, beside the name of either: "David killed Goliath",
/// "Abraham begat Isaac", "Cain slew Abel", "Boaz married Ruth".
const PERSON_DEEDS: &[&str] = &[
    "begat", "begot", "killed", "slew", "murdered", "married", "divorced",
];

/// Nouns that say what a person is, in apposition to a name or after "was a": "Kepler was an
/// astronomer", "Georg Cantor, a German mathematician", "Aristoxenus, a pupil of Aristotle".
/// Callings, ranks and relations only a person has (not "conductor", "editor", "master",
/// "count", "predecessor" or "rival", which a manual's things are too: "the FSSTND, the
/// predecessor to this standard").
const PERSON_NOUNS: &[&str] = &[
    "mathematician",
    "astronomer",
    "geometer",
    "geometrician",
    "philosopher",
    "physicist",
    "chemist",
    "physician",
    "scientist",
    "naturalist",
    "biologist",
    "botanist",
    "geologist",
    "economist",
    "historian",
    "chronicler",
    "poet",
    "poetess",
    "dramatist",
    "playwright",
    "novelist",
    "essayist",
    "writer",
    "author",
    "critic",
    "scholar",
    "theologian",
    "composer",
    "musician",
    "organist",
    "pianist",
    "violinist",
    "harpist",
    "singer",
    "contrapuntist",
    "painter",
    "sculptor",
    "architect",
    "artist",
    "actor",
    "actress",
    "dancer",
    "inventor",
    "explorer",
    "traveller",
    "traveler",
    "navigator",
    "missionary",
    "merchant",
    "lawyer",
    "statesman",
    "politician",
    "diplomat",
    "general",
    "admiral",
    "soldier",
    "knight",
    "nobleman",
    "noblewoman",
    "gentleman",
    "lady",
    "man",
    "woman",
    "boy",
    "girl",
    "king",
    "queen",
    "emperor",
    "empress",
    "prince",
    "princess",
    "duke",
    "duchess",
    "countess",
    "pope",
    "bishop",
    "archbishop",
    "cardinal",
    "priest",
    "monk",
    "nun",
    "abbot",
    "friar",
    "saint",
    "martyr",
    "apostle",
    "disciple",
    "pupil",
    "student",
    "teacher",
    "professor",
    "tutor",
    "friend",
    "contemporary",
    "native",
    "citizen",
    "nephew",
    "niece",
    "grandson",
    "granddaughter",
    "son",
    "daughter",
    "father",
    "mother",
    "brother",
    "sister",
    "wife",
    "husband",
    "widow",
    "sage",
    "prophet",
    "hermit",
    "minister",
    "translator",
    "engineer",
    "surgeon",
];

/// Whether a word before a name says what its bearer is, "the poet Pindar", "an Indian
/// mathematician, Bhaskara": a calling of [`PERSON_NOUNS`], but not one that qualifies a thing
/// as well ("the general Debian policy", "the native Linux driver").
pub(super) fn calling_before_a_name(w: &str) -> bool {
    PERSON_NOUNS.contains(&w) && !["general", "native", "contemporary"].contains(&w)
}

/// What a person's name owns that nothing else's does: "Berlioz' life", "Bizet's death".
const PERSONS_OWN: &[&str] = &[
    "life",
    "death",
    "birth",
    "youth",
    "childhood",
    "boyhood",
    "girlhood",
    "career",
    "wife",
    "husband",
    "widow",
    "son",
    "sons",
    "daughter",
    "daughters",
    "father",
    "mother",
    "brother",
    "sister",
    "pupil",
    "pupils",
    "disciple",
    "disciples",
    "teacher",
    "marriage",
    "funeral",
    "grave",
    "tomb",
    "biography",
    "biographer",
    "lifetime",
    "deathbed",
];

/// Whether the words right after a name give a life: "(born 1452, died 1519)", "(born about
/// 260 b.c.)", "(1685–1750)", "(495-406 B.C.)"; not a period's years, "the Baroque
/// (1600–1750)".
fn life_after(after: &str) -> bool {
    let Some(inner) = after.trim_start().strip_prefix('(') else {
        return false;
    };
    let inner = inner.trim_start();
    if ["born", "died", "b. ", "d. "].iter().any(|w| {
        inner.strip_prefix(w).is_some_and(|r| {
            let r = r.trim_start();
            let r = ["about ", "circa ", "c. ", "ca. "]
                .iter()
                .find_map(|a| r.strip_prefix(a))
                .unwrap_or(r);
            r.starts_with(|c: char| c.is_ascii_digit())
        })
    }) {
        return true;
    }
    let year = |t: &str| {
        ((3..=4).contains(&t.len()) && t.chars().all(|c| c.is_ascii_digit()))
            .then(|| t.parse::<u32>().ok())
            .flatten()
    };
    // (two years alone, a life's span apart; before Christ the years fall)
    if let Some((a, rest)) = inner.split_once(['-', '–'])
        && let Some(b) = rest.split(|c: char| !c.is_ascii_digit()).next()
        && rest[b.len()..]
            .trim_start()
            .starts_with([')', 'B', 'b', 'A', 'a', ','])
        && let (Some(a), Some(b)) = (year(a.trim()), year(b))
        && (15..=105).contains(&a.abs_diff(b))
    {
        return true;
    }
    false
}

/// Whether a word names a nation's person: "Frenchman", "a German", "a Pole".
fn nation_noun(w: &str) -> bool {
    is_cap(w)
        && (super::language_adjective(w)
            || [
                "Pole", "Dane", "Swede", "Turk", "Scot", "Finn", "Serb", "Croat", "Spaniard",
                "Briton", "Arab", "Jew", "Roman", "Athenian", "Spartan",
            ]
            .contains(&w)
            || w.len() > 5
                && w.ends_with("man")
                && w[..w.len() - 3].chars().all(char::is_alphabetic))
}

/// Whether the text right after a name (as the sentence writes it) says who the person is:
/// a life, "(born 1601 a.d., and died 1665 a.d.)", or an apposition or a copula that gives a
/// calling, a rank or a nation, ", a German mathematician still living", ", the great
/// Alexandrian astronomer", ", a Frenchman,", ", his pupil,", " was an astronomer". A page's
/// lead may say so.
pub(super) fn says_who_after(after: &str) -> bool {
    if life_after(after) {
        return true;
    }
    // (in apposition, or after "was": "In those years Kepler was an astronomer of Prague")
    let (rest, apposition) = match after.strip_prefix(", ") {
        Some(r) => (r, true),
        None => match [" was ", " is "].iter().find_map(|c| after.strip_prefix(c)) {
            Some(r) => (r, false),
            None => return false,
        },
    };
    let mut words = rest.split(' ');
    if !words.next().is_some_and(|d| {
        ["a", "an", "the"].contains(&d) || apposition && ["his", "her"].contains(&d)
    }) {
        return false;
    }
    let words: Vec<&str> = words.take(5).collect();
    for (k, raw) in words.iter().enumerate().take(4) {
        let w = raw.trim_end_matches(|c: char| !c.is_alphanumeric());
        let closed = w.len() < raw.len();
        let ends = closed
            || words.get(k + 1).is_none_or(|n| {
                [
                    "of", "who", "whose", "and", "in", "at", "from", "to", "born",
                ]
                .contains(n)
            });
        if ends && (PERSON_NOUNS.contains(&w.to_lowercase().as_str()) || nation_noun(w)) {
            return true;
        }
        if closed || w.is_empty() || !w.chars().all(char::is_alphabetic) {
            return false;
        }
    }
    false
}

/// Whether the text after a name says it names a person: "was born", what only a person has
/// ("'s life"), or who the person is ([`says_who_after`]: "(born 375 b.c.", "was an
/// astronomer", ", a pupil of", ", the great Alexandrian astronomer").
fn described_as_person(after: &str) -> bool {
    // (what only a person has: "Berlioz' life", "Bizet's death", "Bach's sons")
    if let Some(rest) = ["'s ", "’s ", "' ", "’ "]
        .iter()
        .find_map(|p| after.strip_prefix(p))
        && let Some(w) = rest.split(|c: char| !c.is_alphabetic()).next()
        && PERSONS_OWN.contains(&w)
    {
        return true;
    }
    // ("Auber was born in 1782")
    [" was born", " is born"].iter().any(|p| {
        after
            .strip_prefix(p)
            .is_some_and(|r| !r.starts_with(char::is_alphanumeric))
    }) || says_who_after(after)
}

/// What only a mind or a life does, right after its subject's name ("Pip loved life",
/// "Steelkilt knew", "Frans Pop died"): a place, a ship or a project never does these.
/// ("thought" is in [`SPEECH`], which counts the same.)
const PERSON_MIND: &[&str] = &[
    "knew",
    "felt",
    "loved",
    "hated",
    "feared",
    "wished",
    "wanted",
    "hoped",
    "believed",
    "remembered",
    "forgot",
    "smiled",
    "laughed",
    "wept",
    "slept",
    "died",
    "sighed",
    "muttered",
    "murmured",
    "grinned",
    "frowned",
    "nodded",
    "gazed",
    "stared",
    "glanced",
    // (a mind's acts a body does not do: "Hannibal perceived", "Numa desired"; not
    // "decided" or "resolved", which a senate does too)
    "perceived",
    "desired",
    "pretended",
    "suspected",
    "imagined",
    "supposed",
    "dreamed",
    "dreamt",
    "prayed",
    "swore",
    "vowed",
    "boasted",
    "confessed",
    // (and the reflexive of a person: "Hannibal himself", "Aspasia herself")
    "himself",
    "herself",
];

/// Offices a person is made or sent as ("sent to you Saul as a king", "took him as a
/// prophet").
const PERSON_OFFICES: &[&str] = &[
    "king",
    "queen",
    "prophet",
    "messenger",
    "priest",
    "ruler",
    "judge",
    "wife",
    "husband",
    "servant",
    "witness",
    "guardian",
];

const ORG_WORDS: &[&str] = &[
    "Company",
    "University",
    "Society",
    "Church",
    "Army",
    "Navy",
    "Bank",
    "Council",
    "Committee",
    "Party",
    "Institute",
    "Association",
    "Corporation",
    "Inc",
    "Ltd",
    "College",
    "School",
    "Court",
    "Parliament",
    "Ministry",
    "Department",
    "Foundation",
    "Club",
    "Project",
    "Group",
    "Team",
    "Consortium",
    "Organization",
    "Organisation",
];

/// Month names: dates, never entries (and, in lower case, the words of a date before a
/// sentence's subject, `fronted_date`).
pub(super) const MONTHS: &[&str] = &[
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Month abbreviations and weekday names: dates, never entries, like [`MONTHS`].
pub(super) const CALENDAR: &[&str] = &[
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Sept",
    "Oct",
    "Nov",
    "Dec",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "Mon",
    "Tue",
    "Tues",
    "Wed",
    "Thu",
    "Thurs",
    "Fri",
    "Sat",
    "Sun",
];

const PLACE_WORDS: &[&str] = &[
    "Street", "River", "Mountain", "Mount", "Lake", "Island", "City", "Park", "Hall", "Castle",
    "Road", "Square", "Bridge", "Valley", "Sea", "Ocean", "County", "Kingdom", "Empire",
];

const WORK_WORDS: &[&str] = &[
    "Guide",
    "Manual",
    "Handbook",
    "Standard",
    "Reference",
    "Policy",
    "Book",
    "Specification",
    "License",
    "Licence",
    "Agreement",
    "Act",
    "Treaty",
];

/// More words that end the name of a place or a building, beyond [`PLACE_WORDS`]: "Victoria
/// Station", "Heathrow Airport".
const PLACE_HEADS: &[&str] = &[
    "Station",
    "Airport",
    "Avenue",
    "Lane",
    "Gardens",
    "Garden",
    "Centre",
    "Center",
    "House",
    "Tower",
    "Beach",
    "Bay",
    "Harbour",
    "Harbor",
    "Port",
    "Hill",
    "Hills",
    "Falls",
    "Forest",
    "Palace",
    "Cathedral",
    "Abbey",
    "Chapel",
    "Temple",
    "Hospital",
    "Hotel",
    "Museum",
    "Library",
    "Theatre",
    "Theater",
    "Stadium",
    "Arena",
    "Market",
    "Plaza",
    "Way",
    "Place",
    "Swamp",
    "Marsh",
    "Cape",
    "Coast",
    "Strait",
    "Straits",
    "Canal",
    "Desert",
    "Creek",
    "Vineyard",
];

/// Whether a capitalised word ends the name of a place, a body or a work rather than a
/// person's ("Station", "University", "Manual"): no surname.
fn name_head(w: &str) -> bool {
    PLACE_WORDS.contains(&w)
        || PLACE_HEADS.contains(&w)
        || ORG_WORDS.contains(&w)
        || WORK_WORDS.contains(&w)
}

/// Common nouns of the stop list ("day", "time", "man") that head a name of the form "X of
/// Y", both capitalised: "Day of Resurrection", "Day of Judgement", "Man of God".
const STOP_NOUNS: &[&str] = &["Day", "Time", "Man", "Men", "Way"];

/// Whether a run of capitalised words opens with a common noun of the stop list followed by
/// "of" and a capitalised word ("Day of Resurrection"): the noun heads the name.
fn heads_of_name(run: &[Tok<'_>]) -> bool {
    matches!(run, [noun, of, next, ..]
        if STOP_NOUNS.contains(&noun.text)
            && of.text == "of"
            && !of.punct_before
            && !next.punct_before
            && is_cap(next.text))
}

/// Whether the text after a word glosses it with a noun phrase in apposition whose head is a
/// kind of software: ", a new package management interface" (of apt), ", a modular piece of
/// software" (of debian-installer); the head within eight words of the article, before any
/// clause ("if its status is zero, the consequent list is run" glosses nothing).
///
/// The word is not in an opening phrase ("By default, a program that …", "In practice, a
/// tool for …": two words at least come before it). An apposition closed by a comma, "apt,
/// a package management tool, replaced …", is not read: a comma after the head as often goes
/// on with a list ("the kernel, a shell, update").
pub(crate) fn software_gloss(before: &str, after: &str) -> bool {
    if before.split_whitespace().count() < 2 {
        return false;
    }
    const HEADS: &[&str] = &[
        "interface",
        "manager",
        "tool",
        "program",
        "utility",
        "command",
        "library",
        "editor",
        "shell",
        "daemon",
        "installer",
        "compiler",
        "server",
        "client",
        "application",
        "frontend",
        "front-end",
        "software",
        "format",
        "framework",
    ];
    // (what may follow the head of a noun phrase that ends the gloss: not a verb, "If EOF is
    // read, the shell exits")
    const AFTER_HEAD: &[&str] = &[
        "that",
        "which",
        "for",
        "with",
        "of",
        "in",
        "to",
        "from",
        "by",
        "written",
        "designed",
        "released",
        "developed",
    ];
    // (an indefinite article: after "the" a comma more often closes a clause, "If it is
    // executed by a trap handler, the last command used …", or goes on with a list)
    let Some(gloss) = after
        .strip_prefix(", ")
        .and_then(|g| ["a ", "an "].iter().find_map(|art| g.strip_prefix(art)))
    else {
        return false;
    };
    let words: Vec<&str> = gloss.split_whitespace().take(9).collect();
    for (at, word) in words.iter().enumerate().take(8) {
        let bare = word.trim_end_matches([',', '.', ';', ':', ')']);
        if ["and", "or", "is", "are", "was", "were"].contains(&bare) {
            return false;
        }
        if HEADS.contains(&bare.to_ascii_lowercase().as_str()) {
            // (a comma after the head goes on with a list: "the kernel, a shell, update")
            return bare.len() < word.len() && !word.ends_with(',')
                || bare.len() == word.len()
                    && words
                        .get(at + 1)
                        .is_none_or(|n| AFTER_HEAD.contains(&n.to_ascii_lowercase().as_str()));
        }
        if bare.len() < word.len() {
            return false;
        }
    }
    false
}

/// Connectors allowed between capitalised words of one name.
const NAME_JOINERS: &[&str] = &[
    "of", "the", "de", "van", "von", "da", "du", "la", "le", "del",
];

/// Common verbs, adjectives and adverbs that are never a concept on their own (the stop
/// list covers function words).
const NOT_CONCEPT: &[&str] = &[
    "use",
    "used",
    "using",
    "uses",
    "make",
    "makes",
    "making",
    "get",
    "gets",
    "getting",
    "got",
    "set",
    "sets",
    "call",
    "called",
    "calls",
    "calling",
    "need",
    "needs",
    "needed",
    "want",
    "wants",
    "given",
    "give",
    "gives",
    "take",
    "takes",
    "taken",
    "following",
    "follows",
    "follow",
    "example",
    "examples",
    "default",
    "different",
    "same",
    "able",
    "possible",
    "certain",
    "available",
    "specific",
    "particular",
    "various",
    "several",
    "true",
    "false",
    "null",
    "undefined",
    "section",
    "sections",
    "chapter",
    "chapters",
    "page",
    "pages",
    "part",
    "parts",
    "case",
    "cases",
    "note",
    "notes",
    "number",
    "numbers",
    "way",
    "ways",
    "thing",
    "things",
    "time",
    "times",
    "kind",
    "kinds",
    "type",
    "types",
    "value",
    "values",
    "order",
    "place",
    "point",
    "end",
    "start",
    "instead",
    "otherwise",
    "either",
    "neither",
    "whose",
    "however",
    "although",
    "because",
    "unless",
    "within",
    "without",
    "between",
    "whether",
    "already",
    "again",
    "always",
    "often",
    "usually",
    "simply",
    "just",
    "even",
    "especially",
    "new",
    "old",
    "first",
    "second",
    "third",
    "last",
    "next",
    "previous",
    "current",
    "other",
    "others",
    "another",
    "many",
    "much",
    "more",
    "most",
    "less",
    "least",
    "few",
    "fewer",
    "all",
    "both",
    "each",
    "every",
    "any",
    "some",
    "such",
    "own",
    "good",
    "better",
    "best",
    "like",
    "likely",
    "unlikely",
    "yes",
    "etc",
    "i.e",
    "e.g",
    "see",
    "seen",
    "look",
    "looks",
    "mean",
    "means",
    "meant",
    "said",
    "says",
    "say",
    "tell",
    "told",
    "know",
    "known",
    "think",
    "thought",
    "come",
    "comes",
    "came",
    "go",
    "goes",
    "went",
    "gone",
    "done",
    "doing",
    "does",
    "did",
    "made",
    "let",
    "lets",
    "put",
    "puts",
    "keep",
    "keeps",
    "kept",
    "try",
    "tries",
    "tried",
    "allow",
    "allows",
    "allowed",
    "provide",
    "provides",
    "provided",
    "include",
    "includes",
    "included",
    "including",
    "contain",
    "contains",
    "contained",
    "require",
    "requires",
    "required",
    "support",
    "supported",
    "supports",
    "based",
    "specified",
    "described",
    "following",
    "above",
    "below",
    "rather",
    "quite",
    "really",
    "fully",
    "also",
    "well",
    "non",
    "per",
    "via",
    "whole",
    "full",
    "due",
    "upon",
    "yet",
    "still",
    "ever",
    "never",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "called",
    "named",
    "called",
    "respectively",
    "likewise",
    "therefore",
    "thus",
    "hence",
    "way",
    "able",
    "necessary",
    "appropriate",
    "important",
    "similar",
    "usual",
    "useful",
    "actual",
    "actually",
    "typically",
    "generally",
    "normally",
    "probably",
    "perhaps",
    "here",
    "there",
    "where",
    "when",
    "what",
    "which",
    "while",
    "whom",
];

/// A word of a sentence and what precedes it.
struct Tok<'a> {
    text: &'a str,
    /// Punctuation (not a space) right before the token.
    punct_before: bool,
    /// A possessive's "'s" right before the token ("Noah's Ark"), which counts as
    /// punctuation too.
    after_possessive: bool,
}

fn is_tok_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The heads after which an everyday word names one thing of a kind ("the unstable
/// distribution", "the testing suite", "the DELAYED queue", "the master branch", "the clean
/// target", "the main section").
pub(super) const ITEM_NAMING_HEADS: &[&str] = &[
    "distribution",
    "suite",
    "queue",
    "branch",
    "target",
    "section",
];

/// The prepositions after which a word that closes its phrase is a noun of its own ("uploaded
/// to unstable.", "stays in testing for ten days").
pub(super) const PREPOSITIONS_BEFORE_ITEMS: &[&str] =
    &["to", "into", "in", "from", "for", "of", "on"];

/// Whether a word after `before` (and the word before that, `before2`) is in a place where a
/// noun of its own stands: after one of [`PREPOSITIONS_BEFORE_ITEMS`], and after "to" only
/// where it follows a verb of moving or a participle ("uploaded to unstable", "migrate to
/// testing"), not where it opens an infinitive ("you need to upload.", "in order to build").
fn bare_noun_place(before2: Option<&str>, before: &str) -> bool {
    const MOVING: &[&str] = &[
        "migrate", "migrates", "move", "moves", "go", "goes", "upload", "uploads", "switch",
        "switches", "back", "up", "down", "close", "next",
    ];
    PREPOSITIONS_BEFORE_ITEMS.contains(&before)
        && (before != "to"
            || before2.is_some_and(|w| {
                let w = w.to_ascii_lowercase();
                // (a participle, not "need", "feed": "uploaded to", "moved to")
                w.len() > 4 && w.ends_with("ed") && !w.ends_with("eed")
                    || MOVING.contains(&w.as_str())
            }))
}

/// Words after which a bare noun closes its phrase: "uploaded to unstable and …", "in testing
/// for ten days" (not an object, "prior to testing the package").
const AFTER_BARE_NOUN: &[&str] = &[
    "and", "or", "with", "by", "for", "in", "on", "at", "as", "before", "after", "until", "when",
    "if", "is", "are", "was", "has", "will", "can",
];

/// How a word is used where it may name one thing of a kind.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum ItemUse {
    /// Between an article and a head of [`ITEM_NAMING_HEADS`]: "the unstable distribution".
    Named,
    /// A noun of its own after a preposition ([`bare_noun_place`]), closing its phrase:
    /// "uploaded to unstable.", "in testing for ten days".
    Bare,
}

/// How the word between `before` (and `before2`) and `next` is used: `next` is the word after
/// it, None where punctuation or the sentence's end follows it.
pub(super) fn item_use(before2: Option<&str>, before: &str, next: Option<&str>) -> Option<ItemUse> {
    if matches!(before, "the" | "The" | "a" | "an")
        && next.is_some_and(|h| ITEM_NAMING_HEADS.contains(&h))
    {
        Some(ItemUse::Named)
    } else if bare_noun_place(before2, before) && next.is_none_or(|n| AFTER_BARE_NOUN.contains(&n))
    {
        Some(ItemUse::Bare)
    } else {
        None
    }
}

/// Splits a sentence into tokens: letters/digits/underscore, joined across `-`, `'`, `’`,
/// `.` and `/` when a letter or digit follows; a leading `/` starts a path.
fn tokenize(s: &str) -> Vec<Tok<'_>> {
    let b: Vec<(usize, char)> = s.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut punct = false;
    let mut possessive = false;
    while i < b.len() {
        let (start, c) = b[i];
        let path_start = c == '/'
            && b.get(i + 1)
                .is_some_and(|&(_, n)| n.is_ascii_alphanumeric())
            && (i == 0 || b[i - 1].1.is_whitespace() || "(\"'`“‘”’".contains(b[i - 1].1));
        // An ampersand between words is a token of its own, so a name may hold it ("Barnes &
        // Noble"); it counts as punctuation before itself.
        if c == '&' && i > 0 && b[i - 1].1 == ' ' && b.get(i + 1).is_some_and(|&(_, n)| n == ' ') {
            out.push(Tok {
                text: &s[start..start + 1],
                punct_before: true,
                after_possessive: false,
            });
            punct = false;
            possessive = false;
            i += 1;
            continue;
        }
        if !is_tok_char(c) && !path_start {
            if !c.is_whitespace() {
                punct = true;
            }
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < b.len() {
            let c = b[j].1;
            if is_tok_char(c) {
                j += 1;
            } else if "-'’./".contains(c) && b.get(j + 1).is_some_and(|&(_, n)| is_tok_char(n)) {
                j += 2;
            } else if c == '*' && b[j - 1].1 == '_' && b.get(j + 1).is_some_and(|&(_, n)| n == '_')
            {
                // (a wildcard inside a name stands for a family of names: DEB_*_GNU_TYPE)
                j += 2;
            } else {
                break;
            }
        }
        // A middle initial keeps its period ("Kristoffer H. Rose"): a capital alone, a
        // period, a space and a capital.
        if j == i + 1
            && c.is_uppercase()
            && b.get(j).is_some_and(|&(_, n)| n == '.')
            && b.get(j + 1).is_some_and(|&(_, n)| n == ' ')
            && b.get(j + 2).is_some_and(|&(_, n)| n.is_uppercase())
        {
            j += 1;
        }
        let end = b.get(j).map_or(s.len(), |&(o, _)| o);
        let text = &s[start..end];
        // A name's possessive folds into the name: "David's son" → "David".
        let text = if c.is_uppercase() {
            text.strip_suffix("'s")
                .or_else(|| text.strip_suffix("’s"))
                .filter(|base| base.chars().count() >= 2)
                .unwrap_or(text)
        } else {
            text
        };
        out.push(Tok {
            text,
            punct_before: punct || possessive,
            after_possessive: possessive,
        });
        // (and ends it: what follows is the thing possessed, no word of the name, "Noah's
        // Ark", "Debian's Social Contract"; see the name runs for a work's or a place's
        // head, "Debian Administrator's Handbook")
        possessive = text.len() < end - start;
        punct = false;
        i = j;
    }
    out
}

/// A middle initial with its period ("H.").
fn is_initial(w: &str) -> bool {
    let mut cs = w.chars();
    cs.next().is_some_and(char::is_uppercase) && cs.next() == Some('.') && cs.next().is_none()
}

/// A capitalised word ("Darcy", "McDonald") or a short acronym ("GUI", "FHS"); not a
/// pronoun's or an auxiliary's contraction, capitalised or not ("I'll", "I've", "Don't").
fn is_cap(w: &str) -> bool {
    if contraction(w) {
        return false;
    }
    let mut cs = w.chars();
    let first_upper = cs.next().is_some_and(char::is_uppercase);
    (first_upper && w.chars().skip(1).any(char::is_lowercase) && !w.contains(['.', '/', '_']))
        || (w.len() >= 2 && w.len() <= 6 && w.chars().all(|c| c.is_ascii_uppercase()))
}

/// The value of a Roman numeral of two letters or more, written in I, V and X the usual way
/// ("II" 2, "XIV" 14), up to 39; None for anything else ("IVX", "MIDI", "CLI").
fn roman_numeral(w: &str) -> Option<u32> {
    if w.len() < 2 || !w.chars().all(|c| "IVX".contains(c)) {
        return None;
    }
    (1..40).find(|&v| to_roman(v) == w)
}

/// The Roman numeral of 1 to 39 ("XIV").
fn to_roman(v: u32) -> String {
    const ONES: [&str; 10] = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];
    "X".repeat((v / 10) as usize) + ONES[(v % 10) as usize]
}

/// Whether the text numbers something "I." (a heading or a list item that opens with the
/// numeral and a full stop), so that "II" stands next to a "I" the names do not hold.
fn single_i_counts(sentences: &[&str]) -> bool {
    sentences.iter().any(|s| {
        s.split_whitespace()
            .any(|w| w == "I." || w == "I.," || w == "(I)")
    })
}

/// A pronoun or an auxiliary run together with a verb or "not" ("I'll", "I'd", "I'm",
/// "They're", "Don't", "Can't"), a closed-class word; not a name written with an apostrophe
/// ("O'Brien", "D'Arcy", "Sa'd", "Qur'an"). (A capitalised word's "'s" is a possessive the
/// tokenizer strips first: "It's" reaches here as "It".)
fn contraction(w: &str) -> bool {
    const BASES: &[&str] = &[
        "i", "you", "he", "she", "it", "we", "they", "that", "there", "here", "what", "who",
        "where", "let", "don", "can", "won", "isn", "aren", "wasn", "weren", "didn", "doesn",
        "couldn", "wouldn", "shouldn", "ain", "haven", "hasn", "hadn",
    ];
    w.split_once(['\'', '’']).is_some_and(|(base, rest)| {
        ["ll", "d", "m", "ve", "re", "s", "t"].contains(&rest)
            && BASES.contains(&base.to_lowercase().as_str())
    })
}

/// An identifier or path kept as written: `highWaterMark`, `stream.pipeline`, `/usr/local`,
/// `O_NONBLOCK`, `debian/rules`.
fn is_code(w: &str) -> bool {
    if w.len() < 3 || !w.chars().any(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    if w.starts_with('/') {
        return true;
    }
    // camelCase and CamelCase identifiers (not "McDonald"-like names of 2 capitals, nor
    // all-capital acronyms).
    let caps = w.chars().filter(|c| c.is_uppercase()).count();
    // (a Gaelic patronymic is a name however long: "McIntyre", "MacDonald")
    let patronymic = ["Mc", "Mac"].iter().any(|p| {
        w.strip_prefix(p).is_some_and(|r| {
            let mut cs = r.chars();
            cs.next().is_some_and(|c| c.is_ascii_uppercase())
                && cs.clone().count() >= 2
                && cs.all(|c| c.is_ascii_lowercase())
        })
    });
    let inner_cap = !patronymic
        && w.chars().skip(1).any(char::is_uppercase)
        && w.chars().any(char::is_lowercase)
        && (w.chars().next().is_some_and(char::is_lowercase) || caps >= 2 && w.len() >= 8);
    // ("stream.pipeline", "update-rc.d", "a.out", "sources.list.d"; not "e.g" nor "U.S",
    // whose parts are letters, nor "Fig.3")
    let dotted = w.contains('.') && {
        let parts: Vec<&str> = w.split('.').collect();
        let letter = |p: &&str| p.len() == 1 && p.chars().all(|c| c.is_ascii_lowercase());
        parts.len() >= 2
            && parts.iter().all(|p| !p.is_empty())
            && !parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit()))
            && parts.iter().all(|p| p.len() > 1 || letter(p))
            && parts.iter().filter(|p| p.len() > 1).count() >= 1
            && parts
                .iter()
                .filter(|p| p.len() > 1)
                .all(|p| p.chars().any(|c| c.is_ascii_alphabetic()))
    };
    // (an acronym with a number: "IDNA2008", "TR46", "UTF-8", "MP3"; not "A1" nor "B2B")
    let numbered_acronym = w.starts_with(|c: char| c.is_ascii_uppercase())
        && w.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
        && caps >= 2
        && w.chars().any(|c| c.is_ascii_digit())
        && !w.ends_with('-');
    inner_cap || w.contains('_') || dotted || w.contains('/') || numbered_acronym
}

/// Whether a lower-case word is a name made of letters and a number, as software, formats
/// and architectures are named: "ext4", "amd64", "i386", "iproute2", "libc6", "md5sum"; two
/// letters or more before the first digit, or one before two digits ("i386", "x86"); not a
/// number with a unit ("64k" opens with a digit) nor a word with a hyphen ("utf-8" is code).
fn numbered_name(w: &str) -> bool {
    let Some(d) = w.find(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    let digits = w[d..].chars().take_while(char::is_ascii_digit).count();
    w.chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && (d >= 2 || d == 1 && digits >= 2)
        && w.len() >= 3
}

/// Names listed together are of one kind: in "Abraham, Isaac and Jacob" or "thanks to Steve
/// Greenland, Martin Schulze and Branden Robinson", a name without evidence of its own
/// (`Other`) listed with at least two persons, and with no other kind among its neighbours, is
/// a person too.
fn coordinate_persons(out: &mut [Found], sentences: &[&str]) {
    let mut by_sentence: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
    for (i, f) in out.iter().enumerate() {
        if matches!(f.kind, TermKind::Person | TermKind::Other) && f.sentences.len() <= 2000 {
            for &s in &f.sentences {
                by_sentence.entry(s).or_default().push(i);
            }
        }
    }
    let mut listed: FxHashSet<usize> = FxHashSet::default();
    for (&si, ids) in &by_sentence {
        if ids.len() < 3 {
            continue;
        }
        let s = sentences[si as usize];
        // each name at its first position in the sentence, in reading order
        let mut at: Vec<(usize, usize, usize)> = ids
            .iter()
            .filter_map(|&i| {
                std::iter::once(&out[i].text)
                    .chain(out[i].variants.iter())
                    .filter_map(|n| s.find(n.as_str()).map(|p| (p, p + n.len(), i)))
                    .min()
            })
            .collect();
        at.sort_unstable();
        // runs of names joined by ", ", " and ", ", and "
        let mut run: Vec<usize> = Vec::new();
        let mut flush = |run: &mut Vec<usize>| {
            let persons = run
                .iter()
                .filter(|&&i| out[i].kind == TermKind::Person)
                .count();
            if run.len() >= 3 && persons >= 2 {
                listed.extend(run.iter().filter(|&&i| out[i].kind == TermKind::Other));
            }
            run.clear();
        };
        for k in 0..at.len() {
            let joined = k > 0
                && at[k - 1].1 <= at[k].0
                && [",", "and", ", and", ";"].contains(&s[at[k - 1].1..at[k].0].trim());
            if !joined {
                flush(&mut run);
            }
            run.push(at[k].2);
        }
        flush(&mut run);
    }
    for i in listed {
        out[i].kind = TermKind::Person;
    }
}

/// Is `w` in [`NOT_CONCEPT`]? (A set: this is asked for every word of the text.)
fn not_concept(w: &str) -> bool {
    static SET: LazyLock<FxHashSet<&'static str>> =
        LazyLock::new(|| NOT_CONCEPT.iter().copied().collect());
    SET.contains(w)
}

/// [`EN_STOP`] as a set.
fn en_stop() -> &'static FxHashSet<&'static str> {
    static SET: LazyLock<FxHashSet<&'static str>> =
        LazyLock::new(|| EN_STOP.iter().copied().collect());
    &SET
}

/// The text of `sentence` before `token`, a slice of it (a token is a slice of the sentence:
/// its offset is where it starts); None for a token from elsewhere.
fn text_before<'s>(sentence: &'s str, token: &str) -> Option<&'s str> {
    (token.as_ptr() as usize)
        .checked_sub(sentence.as_ptr() as usize)
        .and_then(|at| sentence.get(..at))
}

/// The candidate of `key` in `map`, made when missing (the key is copied only then).
fn cand<'m, V: Default>(map: &'m mut FxHashMap<String, V>, key: &str) -> &'m mut V {
    if !map.contains_key(key) {
        map.insert(key.to_string(), V::default());
    }
    map.get_mut(key).expect("inserted above")
}

fn is_content_word(w: &str, stop: &FxHashSet<&str>) -> bool {
    w.len() >= 3
        && w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        && !w.starts_with('-')
        && !stop.contains(w)
        && !not_concept(w)
        && (!w.ends_with("ly") || w.len() <= 4)
}

#[derive(Default)]
struct NameCand {
    sentences: Vec<u32>,
    person: u32,
    place: u32,
    /// "in X", "at X", "went to X": a place ("in Jerusalem") as often as a faith, a system, a
    /// field or a person ("into Islam", "at Debian", "came to Abraham"), so weak evidence.
    place_weak: u32,
    org: u32,
    work: u32,
    /// Occurrences not at the start of a sentence.
    mid: u32,
    /// Occurrences of a one-word name right after a form of "be" ("Allah is Seeing of what
    /// you do", "He is the Exalted in Might"): an adjective written with a capital, no name.
    predicative: u32,
    /// Occurrences named as a field, header, option or button ("the Depends field", "the
    /// Search field"): a term of the text, though the word is ordinary ("depends").
    named_item: u32,
    /// Occurrences right after a noun of a figure ("the line AB", "the angle AOP", "the point
    /// P"): a label of a drawing, no name.
    figure: u32,
    forms: HashMap<String, u32>,
}

/// Nouns of geometry and of a drawing, after which letters in capitals label a part of a
/// figure: "the line AB", "the angle AOP", "the triangle ABC".
const FIGURE_NOUNS: &[&str] = &[
    "line",
    "lines",
    "point",
    "points",
    "angle",
    "angles",
    "triangle",
    "triangles",
    "segment",
    "side",
    "sides",
    "chord",
    "arc",
    "radius",
    "diameter",
    "circle",
    "plane",
    "vector",
    "direction",
    "axis",
    "axes",
    "curve",
    "rectangle",
    "square",
    "parallelogram",
    "polygon",
    "quadrilateral",
    "tangent",
    "length",
    "distance",
    "vertex",
    "corner",
    "edge",
    "figure",
    "ellipse",
    "hyperbola",
    "parabola",
    "locus",
    "focus",
    "foci",
    "perpendicular",
    "ray",
];

/// Nouns after which a capitalised word is the name of an item of a format or an interface
/// ("the Depends field", "the Host header", "the Preferences dialog").
const ITEM_HEADS: &[&str] = &[
    "field",
    "fields",
    "header",
    "headers",
    "button",
    "dialog",
    "menu",
    "tab",
    "keyword",
    "directive",
    "attribute",
];

/// Adjectives of the stop list that open proper names when capitalised inside a sentence:
/// "New York", "Old Testament", "Great Britain", "Little Rock".
const NAME_ADJECTIVES: &[&str] = &["New", "Old", "Great", "Little"];

/// Heads that say the word before them names a piece of software: "the dh command", "the
/// postinst script", "the cd builtin".
const SOFTWARE_HEADS: &[&str] = &[
    "command", "program", "utility", "builtin", "script", "daemon",
];

/// A word that can only be a program's name before a software head: lower case, at least two
/// characters, and no word of the dictionary beyond its rarest band ("dh", "debsign",
/// "python3", "vim"; not "the shell command", "the following command", "the make command",
/// which ordinary words make ambiguous).
fn program_name(w: &str) -> bool {
    program_shape(w) && super::background::en_band(w).is_none_or(|b| b >= 50)
}

/// Whether a word is written as a program's name is: lower case, at least two characters,
/// letters, digits and `-_.+` ("dh", "python3", "dpkg-deb"), not ending in a full stop or a
/// hyphen.
fn program_shape(w: &str) -> bool {
    w.len() >= 2
        && w.starts_with(|c: char| c.is_ascii_lowercase())
        && w.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_.+".contains(c))
        && !w.ends_with(['.', '-'])
}

/// Whether a lower-case word can only be a name the book gives something: the dictionary
/// lacks it and English morphology does not make it ("dpkg", "zakah", "systemctl"; not
/// "dwelleth", "callback" or "self-sufficient"), it abbreviates no word ("const", "misc",
/// "param"), and it is longer than the three letters of a variable ("buf", "foo") with no
/// part of one letter ("rw-r").
fn own_name(w: &str) -> bool {
    use super::background::{en_band, en_begins_a_word, en_derived};
    w.len() >= 4
        && w.split('-').all(|p| p.len() >= 2)
        && en_band(w).is_none()
        && !en_derived(w)
        && !en_begins_a_word(w)
}

/// Whether a sentence reads as prose rather than code: five words or more (not a line of a
/// sample file, "$endif"), and no braces, no statement's end (`);`), no escape (`\n`), no C
/// comment (`/*`) and no `#include` ("if (!fgets (buf, BUFSIZ, stdin)) perror ("fgets");").
fn reads_as_prose(s: &str) -> bool {
    s.split_whitespace().count() >= 5
        && !s.contains(['{', '}', '\\'])
        && ![");", "/*", "#include"].iter().any(|code| s.contains(code))
}

#[derive(Default)]
struct WordCand {
    sentences: Vec<u32>,
    forms: HashMap<String, u32>,
    occurrences: u32,
    /// Occurrences right after a determiner or preposition: evidence of a noun.
    nounish: u32,
    /// Occurrences as the head of a run of words that a determiner opens ("an upload", "a
    /// source-only upload"): evidence of a noun for a word the dictionary knows as none.
    determined: u32,
    /// Occurrences of a phrase right before an article or a possessive ("the device reads
    /// one format", "members reach a decision"): evidence of a subject and its verb.
    verbal: u32,
}

/// A past participle of a verb the dictionary knows ("related", "provided", "listed"; not
/// "hundred" nor "seed").
fn is_participle(w: &str) -> bool {
    w.len() > 5
        && w.ends_with("ed")
        && [&w[..w.len() - 1], &w[..w.len() - 2], &w[..w.len() - 3]]
            .iter()
            .any(|base| base.len() >= 3 && super::background::en_band(base).is_some())
}

/// Words that open an object: a noun phrase is seldom followed by one, a verb often.
const OBJECT_OPENERS: &[&str] = &[
    "the", "a", "an", "its", "their", "his", "her", "our", "your", "my", "this", "these", "those",
    "one", "some", "any", "each", "every", "no",
];

/// Words after which a noun (phrase) follows.
/// Words that open a noun phrase (articles, demonstratives, possessives, quantifiers): the
/// word that ends the run after one is a noun.
const DETERMINERS: &[&str] = &[
    "the", "a", "an", "this", "that", "these", "those", "each", "every", "your", "its", "their",
    "our", "my", "his", "her", "any", "some", "no", "all", "both", "whose",
];

const NOUN_BEFORE: &[&str] = &[
    "the", "a", "an", "this", "that", "these", "those", "each", "every", "your", "its", "their",
    "our", "my", "his", "her", "any", "some", "no", "of", "in", "on", "at", "with", "from", "into",
    "for", "by", "about", "as", "per", "via", "all", "both", "which", "whose",
];

/// Whether `form` is a verb's inflection of the word `base`, not one of its noun's forms: it
/// ends in "-ed" or "-ing" where the base does not ("mounted", "processing" of "mount",
/// "process"; not "bring" of "bring").
fn verb_form_of(form: &str, base: &str) -> bool {
    ["ed", "ing"]
        .iter()
        .any(|end| form.ends_with(end) && !base.ends_with(end) && form.len() > base.len())
}

fn push_sentence(v: &mut Vec<u32>, si: u32) {
    if v.last() != Some(&si) {
        v.push(si);
    }
}

/// Whether a run of capitalised words reads as the name of a thing rather than a person's:
/// two words or more, not opening with a common given name, and either opening and ending
/// with ordinary English words ("Red Hat", "Boot Record", "Advanced Linux Sound
/// Architecture") or holding a word in capitals ("GNU Privacy Guard", "Mac OS"). A person's
/// name has a word of its own: a given name before a surname that is an ordinary word
/// ("Craig Small", "Brian Fox"), or a rare word ("Dafydd Harries", "Havoc Pennington").
fn thing_like_name(toks: &[Tok<'_>]) -> bool {
    let words: Vec<&str> = toks
        .iter()
        .map(|t| t.text)
        .filter(|w| w.chars().any(char::is_alphabetic) && !is_letter(w))
        .collect();
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    let common = |w: &str| en_is_common(&w.to_lowercase());
    words.len() >= 2
        && !given_name(first)
        && !WORD_GIVEN_NAMES.contains(first)
        && (common(first) && common(last) || words.iter().any(|w| in_capitals(w)))
}

/// Given names that are ordinary words too, which [`given_name`] leaves out ("Mark", "Will"):
/// here they only keep a byline's "by Mark Brown" a person's.
const WORD_GIVEN_NAMES: &[&str] = &[
    "Mark", "Will", "Bill", "Frank", "Jack", "Grant", "Ray", "Guy", "Rose", "Rich", "Hope",
    "Faith", "Grace", "Joy", "Art", "Bob", "Pat", "Sue", "Dean", "Rod", "Dawn", "June",
];

/// A word in capitals, an acronym ("GNU", "OS"), not a regnal number ("II", "VIII").
fn in_capitals(w: &str) -> bool {
    w.len() >= 2
        && w.chars().all(|c| c.is_ascii_uppercase())
        && !w.chars().all(|c| "IVXLCDM".contains(c))
}

/// "by A B, C D and E F" / "Author: A B": the names of the list that starts at token `i`.
fn byline_names<'a>(toks: &'a [Tok<'a>], mut i: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    loop {
        let mut j = i;
        while j < toks.len()
            && j - i < 4
            && is_cap(toks[j].text)
            && (j == i || !toks[j].punct_before)
        {
            j += 1;
        }
        if j - i < 2 {
            break;
        }
        out.push((i, j));
        match toks.get(j) {
            Some(t) if t.text == "and" => i = j + 1,
            Some(t) if t.punct_before && is_cap(t.text) => i = j,
            _ => break,
        }
    }
    out
}

/// English needs no segmentation dictionary: `_extra_names` (the wiki's entry titles) are
/// accepted for symmetry with Chinese and not used.
/// Whether `w` (as written, capitalised) is a common English given name
/// (`data/en-given-names.txt`: "Martin", "Chris"; not "Mark" or "Will", which are words too).
pub(super) fn given_name(w: &str) -> bool {
    static NAMES: std::sync::OnceLock<HashSet<&'static str>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        include_str!("data/en-given-names.txt")
            .lines()
            .filter(|l| !l.is_empty())
            .collect()
    });
    let mut cs = w.chars();
    cs.next().is_some_and(char::is_uppercase)
        && cs.all(char::is_lowercase)
        && names.contains(w.to_lowercase().as_str())
}

/// The sentences that make a roll of people: a run of at least five lines in a row that are
/// each a name alone ("Ian Murdock", "Theodore Ts'o", "Eric S. Raymond"), at least half of
/// them opening with a common given name, as an acknowledgements or contributors list does.
fn roll_of_names(sentences: &[&str]) -> HashSet<usize> {
    let mut out = HashSet::new();
    let mut i = 0;
    while i < sentences.len() {
        let mut j = i;
        let mut given = 0;
        while let Some(g) = sentences.get(j).and_then(|s| name_line(s)) {
            given += usize::from(g);
            j += 1;
        }
        if j - i >= 5 && given * 2 >= j - i {
            out.extend(i..j);
        }
        i = j.max(i + 1);
    }
    out
}

/// Whether a drawn table is a roll of people (a contributors table, "| Ian Murdock | Rik
/// Faith |"): at least five cells, each a name alone, at least half of them opening with a
/// common given name. Analysis reads such a table although it reads no other.
pub fn is_table_of_names(table: &str) -> bool {
    let cells: Vec<&str> = table
        .split(['|', '\n'])
        .map(str::trim)
        .filter(|c| !c.is_empty() && !c.chars().all(|c| "-+=:".contains(c)))
        .collect();
    // (nine cells in ten are names: a name the shape misses does not unmake the roll)
    let shapes: Vec<Option<bool>> = cells.iter().map(|c| name_line(c)).collect();
    let names = shapes.iter().flatten().count();
    let given = shapes.iter().flatten().filter(|&&g| g).count();
    names >= 5 && names * 10 >= cells.len() * 9 && given * 2 >= names
}

/// A line that is a name alone ("Eric S. Raymond"): whether it opens with a common given
/// name; `None` where it is no name.
fn name_line(s: &str) -> Option<bool> {
    // (cheap refusals first: most sentences are longer)
    if s.len() > 60 || s.split_whitespace().count() > 5 {
        return None;
    }
    let toks = tokenize(s);
    let name = (2..=4).contains(&toks.len())
        && s.trim_end().ends_with(|c: char| c.is_alphabetic())
        && is_cap(toks[0].text)
        && toks
            .iter()
            .all(|t| is_cap(t.text) || is_letter(t.text) || NAME_JOINERS.contains(&t.text))
        && toks[1..].iter().any(|t| is_cap(t.text))
        && toks
            .iter()
            .all(|t| !t.text.chars().all(|c| c.is_ascii_uppercase()) || is_letter(t.text));
    name.then(|| given_name(toks[0].text))
}

/// The lines of the book's title page that name its authors under its title ("Deri James
/// and", "Peter Schaffter", "Chet Ramey, Case Western Reserve University"): among the first
/// lines, up to the first sentence of prose (ten words or more, ending in a stop), copyright
/// notice or table of contents, a line that is a name alone, or a name before " and" or
/// before a comma and an affiliation. The name opens with a common given name or holds no
/// common word ("Bash Reference Manual" and "Debian Reference" are titles). The first line,
/// and any line that repeats it, is the title ("Jane Eyre" names the book, not its author).
fn title_page_names(sentences: &[&str]) -> HashSet<usize> {
    const TITLE_PAGE_LINES: usize = 16;
    let mut out = HashSet::new();
    let title = sentences.first().map_or("", |s| s.trim());
    for (i, s) in sentences.iter().take(TITLE_PAGE_LINES).enumerate() {
        let t = s.trim();
        if t.eq_ignore_ascii_case(title) {
            continue;
        }
        let lower = t.to_lowercase();
        let prose = t.ends_with('.') && t.split_whitespace().count() >= 10;
        if prose
            || ["copyright", "©", "table of contents", "contents"]
                .iter()
                .any(|p| lower.starts_with(p))
        {
            break;
        }
        let line = t.strip_suffix(" and").unwrap_or(t).trim_end_matches(',');
        let name = line.split_once(", ").map_or(line, |(n, _)| n);
        let uncommon = name
            .split_whitespace()
            .all(|w| super::background::en_band(&w.to_lowercase()).is_none());
        if name_line(name).is_some_and(|given| given || uncommon) {
            out.insert(i);
        }
    }
    out
}

/// Words a number follows in a heading or a reference, which name no product with versions
/// ("Chapter 3 Overview", "Table 2 Packages", "Release 5").
const NUMBERED_HEADS: &[&str] = &[
    "Appendix", "Article", "Book", "Chapter", "Edition", "Example", "Exercise", "Figure", "Item",
    "Lesson", "Level", "Listing", "No", "Note", "Number", "Page", "Part", "Phase", "Release",
    "Revision", "Rule", "Section", "Stage", "Step", "Table", "Task", "Unit", "Version", "Volume",
];

/// The names of a product's releases, each with the forms "product version" the text gives it
/// ("Potato" → "Debian 2.2"): a capitalised word right after a product's name and a version
/// number, closing its phrase ("Debian 2.1 Slink (March 9th, 1999)", "since Debian 12
/// Bookworm.") or in brackets after it ("Debian 2.2 (Potato) was released …"). A release name
/// is often an everyday word (Potato, Woody, Buzz, Squeeze), which is why it needs this
/// evidence: the product's series. At least two release names of one product with
/// different versions make a series; a word given two versions, or two words given one, is
/// none ("Linux 2.4 Packet Filtering" is no release, nor "On 21 April", "Debian 0.93 Release
/// 5").
pub(super) fn release_names(sentences: &[&str]) -> FxHashMap<String, Vec<String>> {
    let stop = en_stop();
    let calendar = |w: &str| MONTHS.contains(&w) || CALENDAR.contains(&w);
    let product = |w: &str| {
        is_cap(w)
            && w.chars().all(|c| c.is_alphabetic() || c == '-')
            && !calendar(w)
            && !NUMBERED_HEADS.contains(&w)
            && !stop.contains(w.to_lowercase().as_str())
    };
    let version = |w: &str| {
        w.len() <= 10
            && w.starts_with(|c: char| c.is_ascii_digit())
            && w.ends_with(|c: char| c.is_ascii_digit())
            && w.chars().all(|c| c.is_ascii_digit() || c == '.')
            && w.matches('.').count() <= 3
    };
    // (a capitalised word, or in brackets after the version one in lower case too: "Debian
    // 3.0 (woody) was released …")
    let release_word = |w: &str, bracketed: bool| {
        let mut cs = w.chars();
        let first = cs.next();
        (2..=20).contains(&w.len())
            && (first.is_some_and(|c| c.is_ascii_uppercase())
                || bracketed && w.len() >= 3 && first.is_some_and(|c| c.is_ascii_lowercase()))
            && cs.all(|c| c.is_ascii_lowercase())
            && !calendar(w)
            && !stop.contains(w.to_lowercase().as_str())
    };
    // release word in lower case -> (product, version without trailing ".0"), None once
    // contradicted; the forms "product version" each was given; and how the text writes it
    // (capitalised where it ever does)
    let mut seen: FxHashMap<String, Option<(String, String)>> = FxHashMap::default();
    let mut forms: FxHashMap<String, Vec<String>> = FxHashMap::default();
    let mut written: FxHashMap<String, String> = FxHashMap::default();
    for s in sentences {
        // (cheap refusal first: a number, a space, then a capital or a bracket)
        let shaped = s.as_bytes().windows(3).any(|w| {
            w[0].is_ascii_digit() && w[1] == b' ' && (w[2].is_ascii_uppercase() || w[2] == b'(')
        });
        if !shaped {
            continue;
        }
        let toks = tokenize(s);
        let at = |t: &Tok<'_>| t.text.as_ptr() as usize - s.as_ptr() as usize;
        for k in 0..toks.len().saturating_sub(2) {
            let (name, ver, word) = (&toks[k], &toks[k + 1], &toks[k + 2]);
            if ver.punct_before || !version(ver.text) || !product(name.text) {
                continue;
            }
            let between = &s[at(ver) + ver.text.len()..at(word)];
            let after = s[at(word) + word.text.len()..].trim_start();
            let bracketed = word.punct_before && between.trim() == "(" && after.starts_with(')');
            let closes = bracketed
                || !word.punct_before
                    && (after.is_empty() || after.starts_with(['(', ':', ',', ';', '.', ')']));
            let lower = word.text.to_ascii_lowercase();
            if !closes
                || !release_word(word.text, bracketed)
                || lower == name.text.to_ascii_lowercase()
            {
                continue;
            }
            let mut v = ver.text;
            while let Some(base) = v.strip_suffix(".0") {
                v = base;
            }
            let key = (name.text.to_string(), v.to_string());
            let entry = seen
                .entry(lower.clone())
                .or_insert_with(|| Some(key.clone()));
            if entry.as_ref() != Some(&key) {
                *entry = None;
            }
            let form = format!("{} {}", name.text, ver.text);
            let f = forms.entry(lower.clone()).or_default();
            if !f.contains(&form) {
                f.push(form);
            }
            let w = written
                .entry(lower)
                .or_insert_with(|| word.text.to_string());
            if word.text.starts_with(|c: char| c.is_ascii_uppercase()) {
                *w = word.text.to_string();
            }
        }
    }
    let mut series: FxHashMap<(String, String), Vec<&str>> = FxHashMap::default();
    for (w, key) in &seen {
        if let Some(key) = key {
            series.entry(key.clone()).or_default().push(w);
        }
    }
    let mut per_product: FxHashMap<&str, usize> = FxHashMap::default();
    for ((product, _), words) in &series {
        if words.len() == 1 {
            *per_product.entry(product.as_str()).or_default() += 1;
        }
    }
    series
        .iter()
        .filter(|((product, _), words)| {
            words.len() == 1 && per_product.get(product.as_str()).is_some_and(|&n| n >= 2)
        })
        .map(|(_, words)| {
            let lower = words[0];
            let f = forms.remove(lower).unwrap_or_default();
            (
                written.remove(lower).unwrap_or_else(|| lower.to_string()),
                f,
            )
        })
        .collect()
}

/// The sentences that name a release (`name`, as [`release_names`] gives it, with its forms
/// "product version"): wherever the text writes it as the name is written, and in lower case
/// (as texts often write a release: "the woody release", "Debian lenny") only where the
/// words around it make it the release: after its product, in brackets after a version, or
/// before "release", "distribution" or "freeze" ("to squeeze" is a verb of any text).
fn release_sentences(sentences: &[&str], name: &str, forms: &[String]) -> Vec<u32> {
    let lower = name.to_ascii_lowercase();
    let products: Vec<&str> = forms.iter().filter_map(|f| f.split(' ').next()).collect();
    sentences
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            s.to_ascii_lowercase().contains(&lower) && {
                let toks = tokenize(s);
                toks.iter().enumerate().any(|(k, t)| {
                    if t.text == name {
                        return true;
                    }
                    if t.text != lower {
                        return false;
                    }
                    let prev = k.checked_sub(1).map(|j| &toks[j]);
                    let after_product =
                        prev.is_some_and(|p| !t.punct_before && products.contains(&p.text));
                    let after_version = t.punct_before
                        && prev.is_some_and(|p| p.text.starts_with(|c: char| c.is_ascii_digit()));
                    let before_kind = toks.get(k + 1).is_some_and(|n| {
                        !n.punct_before && ["release", "distribution", "freeze"].contains(&n.text)
                    });
                    after_product || after_version || before_kind
                })
            }
        })
        .map(|(i, _)| i as u32)
        .collect()
}

/// An initial, with its full stop or without ("S.", "N" of "Fred N. van Kempen").
fn is_letter(w: &str) -> bool {
    is_initial(w) || w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase())
}

/// Whether a name of capitalised words is one the text introduces with its acronym in
/// brackets right after it ("a law known as the Digital Millennium Copyright Act (DMCA)",
/// "the International Digital Publishing Forum (IDPF)"): the text names it on purpose, and
/// once is enough. The acronym, where one does; none for a run of one word, nor where the
/// bracket holds anything but the acronym its words spell.
fn spelled_out_once(name: &str, hits: &[u32], sentences: &[&str]) -> Option<String> {
    if !name.contains(' ') {
        return None;
    }
    hits.iter().find_map(|&si| {
        let s = sentences[si as usize];
        s.match_indices(name).find_map(|(at, _)| {
            let (short, _) = s[at + name.len()..].strip_prefix(" (")?.split_once(')')?;
            ((2..=8).contains(&short.len())
                && short.chars().all(|c| c.is_ascii_uppercase())
                && super::expands(short, name))
            .then(|| short.to_string())
        })
    })
}

/// The candidate terms of English sentences (the rules of the module's doc), and how many
/// words the sentences hold.
///
/// `code_programs` are the programs the document's code runs at a shell prompt
/// ([`prompt_programs`]): each is a term where the prose names it in three sentences or more,
/// as a program cited with its manual section is.
pub fn extract(sentences: &[&str], code_programs: &[String]) -> (Vec<Found>, usize) {
    let stop = en_stop();
    let mut names: FxHashMap<String, NameCand> = FxHashMap::default();
    let mut words: FxHashMap<String, WordCand> = FxHashMap::default();
    let mut phrases: FxHashMap<String, WordCand> = FxHashMap::default();
    let mut code: FxHashMap<String, WordCand> = FxHashMap::default();
    let mut numbered: FxHashMap<String, WordCand> = FxHashMap::default();
    let mut lower_count: FxHashMap<String, u32> = FxHashMap::default();
    let mut programs: FxHashMap<String, WordCand> = FxHashMap::default();
    // (everyday words named as one thing of a kind, and words used as bare nouns)
    let mut items: FxHashMap<String, WordCand> = FxHashMap::default();
    let mut bare_nouns: FxHashMap<String, WordCand> = FxHashMap::default();
    let mut phrase = String::new();
    let mut total_words = 0usize;
    let roll = roll_of_names(sentences);
    let title_page = title_page_names(sentences);
    // Programs and functions the text cites with their manual section ("apt-get(8)",
    // "printf(3)"), and the sentences that name them, cited or not.
    // (and the programs the code runs at a shell prompt: "$ dpkg-deb -x foo.deb dir")
    let mut manual_refs = manual_references(sentences);
    manual_refs.extend(code_programs.iter().map(String::as_str));
    let mut manual_uses: FxHashMap<&str, Vec<u32>> = FxHashMap::default();
    // Variables the text expands ("$HOME", "$(DESTDIR)", "${PATH}"): identifiers wherever
    // it names them, with or without the dollar ("the DESTDIR variable").
    let variables = variable_references(sentences);
    for (si, s) in sentences.iter().enumerate() {
        // (a line of a roll of names, or a cell of a contributors table)
        let on_roll = roll.contains(&si) || s.contains('|') && is_table_of_names(s);
        let si = si as u32;
        let toks = tokenize(s);
        total_words += toks.len();
        for t in &toks {
            if t.text.chars().next().is_some_and(char::is_lowercase) {
                *cand(&mut lower_count, t.text) += 1;
                if let Some(&w) = manual_refs.get(t.text) {
                    push_sentence(manual_uses.entry(w).or_default(), si);
                }
            }
        }
        // ("the unstable distribution": an everyday word that names one thing of a kind; and
        // such a word as a noun of its own after a preposition, "uploaded to unstable.")
        for k in 1..toks.len() {
            let w = toks[k].text;
            if toks[k].punct_before || !w.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                continue;
            }
            let next = toks.get(k + 1).filter(|n| !n.punct_before).map(|n| n.text);
            match item_use(
                k.checked_sub(2).map(|j| toks[j].text),
                toks[k - 1].text,
                next,
            ) {
                Some(ItemUse::Named) => push_sentence(&mut cand(&mut items, w).sentences, si),
                Some(ItemUse::Bare) => {
                    let c = cand(&mut bare_nouns, w);
                    push_sentence(&mut c.sentences, si);
                    c.occurrences += 1;
                }
                None => {}
            }
        }
        // ("the dh command": a name after an article, before a software head)
        for k in 1..toks.len().saturating_sub(1) {
            let (w, head) = (toks[k].text, &toks[k + 1]);
            if SOFTWARE_HEADS.contains(&head.text)
                && !head.punct_before
                && !toks[k].punct_before
                && matches!(toks[k - 1].text, "the" | "The" | "a" | "an")
                && program_name(w)
            {
                let c = cand(&mut programs, w);
                push_sentence(&mut c.sentences, si);
                c.occurrences += 1;
            }
        }
        // Bylines: "by A B", "Author: A B", "A B <a@b.c>".
        let mut byline: HashSet<usize> = HashSet::new();
        for (k, t) in toks.iter().enumerate() {
            let lw = t.text.to_ascii_lowercase();
            if matches!(
                lw.as_str(),
                "by" | "author" | "authors" | "editor" | "editors" | "maintainer" | "copyright"
            ) {
                // "Copyright © 1994-2004 Daniel Quinlan": years are skipped.
                let mut j = k + 1;
                while toks
                    .get(j)
                    .is_some_and(|t| t.text.chars().any(|c| c.is_ascii_digit()))
                {
                    j += 1;
                }
                for (a, _) in byline_names(&toks, j) {
                    byline.insert(a);
                }
            }
        }
        // A capitalised ordinary word opening the sentence ("Readable streams …") is read in
        // lower case, unless a capitalised word follows (a name such as "Kovid Goyal").
        let opener: Option<String> = toks.first().and_then(|t| {
            let lower = t.text.to_lowercase();
            (is_cap(t.text)
                && !t.text.chars().all(|c| c.is_ascii_uppercase())
                && super::background::en_band(&lower).is_some()
                && !toks.get(1).is_some_and(|n| is_cap(n.text)))
            .then_some(lower)
        });
        let text_of = |k: usize| -> &str {
            match (&opener, k) {
                (Some(l), 0) => l.as_str(),
                _ => toks[k].text,
            }
        };
        let mut i = 0;
        while i < toks.len() {
            let w = text_of(i);
            if is_code(w) || variables.contains(w) {
                let c = cand(&mut code, w);
                push_sentence(&mut c.sentences, si);
                c.occurrences += 1;
                i += 1;
                continue;
            }
            if numbered_name(w) {
                let c = cand(&mut numbered, w);
                push_sentence(&mut c.sentences, si);
                c.occurrences += 1;
            }
            // (a capital letter alone opens a name before a capitalised word: "X Window
            // System"; not the article or the pronoun, "A Brief History", "I Am")
            // (after a word, as in "the X Window System"; a letter that opens a clause is a
            // placeholder, "+N Brings the Nth directory")
            let letter_opens = w.len() == 1
                && i > 0
                && !toks[i].punct_before
                && w.chars().all(|c| c.is_ascii_uppercase())
                && !["A", "I", "O"].contains(&w)
                && toks
                    .get(i + 1)
                    .is_some_and(|n| is_cap(n.text) && !n.punct_before);
            if is_cap(w) || letter_opens {
                let mut j = i + 1;
                while j < toks.len()
                    && (!toks[j].punct_before
                        || ABBREVIATED_HONORIFICS.contains(&toks[j - 1].text)
                        || toks[j].text == "&"
                        // (a possessive inside the name of a work, a body or a place:
                        // "Debian Administrator's Handbook", "Martha's Vineyard")
                        || toks[j].after_possessive && name_head(toks[j].text))
                    && j - i < 6
                {
                    if is_cap(toks[j].text) && !is_code(toks[j].text) {
                        j += 1;
                    } else if (is_initial(toks[j].text)
                        || NAME_JOINERS.contains(&toks[j].text)
                        || toks[j].text == "&")
                        && toks
                            .get(j + 1)
                            .is_some_and(|n| is_cap(n.text) && !n.punct_before)
                    {
                        // "Kristoffer H. Rose", "Ludwig van Beethoven"
                        j += 2;
                    } else if toks[j].text == "of"
                        // (a name of words, not an acronym's phrase: "the URL of the Debian
                        // archive")
                        && !in_capitals(toks[i].text)
                        && toks.get(j + 1).is_some_and(|t| t.text == "the" && !t.punct_before)
                        && toks
                            .get(j + 2)
                            .is_some_and(|n| is_cap(n.text) && !n.punct_before && !is_code(n.text))
                    {
                        // "People of the Scripture", "Ark of the Covenant"
                        j += 3;
                    } else {
                        break;
                    }
                }
                let mut start = i;
                let mut honorific = false;
                // (a title before a name: "King David", "Captain Kirk"; not a title that is
                // also an adjective, before a name of ordinary words: "General Resolution",
                // "Master Boot Record")
                // (nor a title that "of" joins to a name: "King of the Jews", "King of Siam"
                // and "Prince of Wales" name the title, not the people or the place)
                while start < j
                    && HONORIFICS.contains(&toks[start].text)
                    && (start + 1 >= j || toks[start + 1].text != "of")
                    // (nor "St." or "Saint", which name places as often as people: "St.
                    // Helena", "St. Louis"; the name keeps it, and it says no person)
                    && !["St", "Saint"].contains(&toks[start].text)
                    && !(["General", "Master", "Cardinal"].contains(&toks[start].text)
                        && toks[start + 1..j].first().is_some_and(|n| {
                            en_is_common(&n.text.to_lowercase()) && !given_name(n.text)
                        }))
                {
                    honorific = true;
                    start += 1;
                }
                // An ordinary word capitalised at the start of a sentence is not part of a name.
                // (a given name before another capitalised word stays: "Martin Michlmayr led …")
                if start == 0
                    && start < j
                    && !heads_of_name(&toks[start..j])
                    && (stop.contains(toks[start].text.to_lowercase().as_str())
                        || en_is_common(&toks[start].text.to_lowercase())
                            && !given_name(toks[start].text))
                    && j - start > 1
                {
                    start += 1;
                }
                // A verb in -s opens a manual's description line, not a name ("+N Brings the
                // Nth directory", "Displays the list"): "brings" and "bring" are both words
                // (a plural before "of" opens one: "Gardens of Pleasure").
                while j - start > 1 && {
                    let lower = toks[start].text.to_lowercase();
                    lower.len() >= 5
                        && lower.ends_with('s')
                        && !lower.ends_with("ss")
                        && en_is_common(&lower)
                        && en_is_common(&lower[..lower.len() - 1])
                        && toks[start + 1]
                            .text
                            .chars()
                            .next()
                            .is_some_and(char::is_lowercase)
                        && toks[start + 1].text != "of"
                } {
                    start += 1;
                }
                while start < j && ["The", "A", "An", "THE"].contains(&toks[start].text) {
                    start += 1;
                }
                // A closed-class word never starts a name, wherever the run starts ("26:106
                // And Noah", "When Moses"). (An adjective that names places and books does,
                // inside a sentence: "in New York City", "the Old Testament"; so does a
                // common noun of the stop list before "of" and another capitalised word, "the
                // Day of Resurrection", "Man of God".)
                while j - start > 1
                    && stop.contains(toks[start].text.to_lowercase().as_str())
                    && !(start > 0 && NAME_ADJECTIVES.contains(&toks[start].text))
                    && !heads_of_name(&toks[start..j])
                {
                    start += 1;
                }
                if start < j
                    && toks[start..j]
                        .iter()
                        .all(|t| stop.contains(t.text.to_lowercase().as_str()))
                {
                    start = j;
                }
                if start < j {
                    let name = toks[start..j]
                        .iter()
                        .map(|t| t.text)
                        .collect::<Vec<_>>()
                        .join(" ");
                    let single_stop = j - start == 1 && stop.contains(name.to_lowercase().as_str());
                    if !single_stop && name.chars().count() >= 2 {
                        // (a byline or an honorific names a person only where the name reads
                        // as one: not "by GNU Privacy Guard", "provided by Red Hat", "Master
                        // Boot Record")
                        let personal = !thing_like_name(&toks[start..j]);
                        let c = cand(&mut names, &name);
                        push_sentence(&mut c.sentences, si);
                        if honorific && personal {
                            *c.forms
                                .entry(
                                    toks[i..j]
                                        .iter()
                                        .map(|t| t.text)
                                        .collect::<Vec<_>>()
                                        .join(" "),
                                )
                                .or_default() += 1;
                            c.person += 2;
                        }
                        let prev = i.checked_sub(1).map(|p| toks[p].text.to_lowercase());
                        let next = toks.get(j).map(|n| n.text.to_lowercase());
                        // ("is Seeing", "is the Exalted")
                        let be = |w: &str| ["is", "are", "was", "were", "be"].contains(&w);
                        if j - start == 1
                            && start == i
                            && (prev.as_deref().is_some_and(be)
                                || i >= 2
                                    && prev.as_deref() == Some("the")
                                    && be(&toks[i - 2].text.to_lowercase()))
                        {
                            c.predicative += 1;
                        }
                        if start == i
                            && toks[start..j].iter().all(|t| in_capitals(t.text))
                            && prev.as_deref().is_some_and(|p| FIGURE_NOUNS.contains(&p))
                        {
                            c.figure += 1;
                        }
                        // (speech: "X said", "said X"; and an address, "O Haman, build me a
                        // tower", where the vocative's "O" stands before a name, or a name
                        // called out after a comma, "Here you are, Pip!", "Where, Flask?")
                        // (and what only a mind or a life does: "Pip loved life", "Steelkilt
                        // knew", "Frans Pop died")
                        let called_out = || {
                            let before = text_before(s, toks[i].text)?;
                            let last = toks[j - 1].text;
                            let end = text_before(s, last)?.len() + last.len();
                            // (not the last of a list of names: "Debian, Ubuntu, Fedora?")
                            let listed = i >= 1 && is_cap(toks[i - 1].text);
                            Some(
                                before.trim_end().ends_with(',')
                                    && !listed
                                    && s[end..].starts_with(['!', '?']),
                            )
                        };
                        // (a verb a program or a value does too, "the MPI returned", "GCC
                        // writes", is no speech of a name in capitals)
                        // (the name's own words: "The MPI" at a sentence's start is "MPI")
                        let acronym = toks[start..j].iter().all(|t| in_capitals(t.text));
                        let speech = |w: &str| {
                            SPEECH.contains(&w) && !(acronym && SPEECH_OF_THINGS.contains(&w))
                        };
                        if next.as_deref().is_some_and(speech)
                            || prev.as_deref().is_some_and(speech)
                            || i >= 1 && toks[i - 1].text == "O"
                            // (not an acronym in capitals, a program's or a body's: "GNOME
                            // died")
                            || toks
                                .get(j)
                                .is_some_and(|n| !n.punct_before && PERSON_MIND.contains(&n.text))
                                && !acronym
                            || called_out() == Some(true)
                        {
                            c.person += 1;
                        }
                        // Deeds only a person does to a person: "David killed Goliath",
                        // "Abraham begat Isaac", "Cain slew Abel" (either side); and an office
                        // a person is given, "sent to you Saul as a king" (not an epithet's,
                        // "come to the Most Merciful as a servant").
                        if next.as_deref().is_some_and(|n| PERSON_DEEDS.contains(&n))
                            || prev.as_deref().is_some_and(|p| PERSON_DEEDS.contains(&p))
                            || next.as_deref() == Some("as")
                                && !prev
                                    .as_deref()
                                    .is_some_and(|p| ["the", "most"].contains(&p))
                                && toks
                                    .get(j + 1)
                                    .is_some_and(|t| ["a", "an"].contains(&t.text))
                                && toks
                                    .get(j + 2)
                                    .is_some_and(|t| PERSON_OFFICES.contains(&t.text))
                        {
                            c.person += 2;
                        }
                        // What a person is, said of the name, and a life's dates: "Kepler
                        // was an astronomer", "Coulomb, a Frenchman", "Georg Cantor, a German
                        // mathematician", "Spontini was an Italian", "Auber was born in 1782",
                        // "Menaechmus (born 375 b.c. …)", "Bach (1685–1750)".
                        let name_end = text_before(s, toks[j - 1].text)
                            .map_or(s.len(), |b| b.len() + toks[j - 1].text.len());
                        // (not a place a life is set in: "born at Thorn in West Prussia
                        // (born 1473, died 1543)")
                        if !prev.as_deref().is_some_and(|p| PLACE_PREP.contains(&p))
                            && described_as_person(&s[name_end..])
                        {
                            c.person += 2;
                        }
                        // (a relative clause of a person: "Archimedes, who combined a genius
                        // for mathematics …"; support for a single word only, as an office
                        // takes "who" too: "the Project Leader, who …")
                        if j - start == 1 && s[name_end..].starts_with(", who ") {
                            c.person += 1;
                        }
                        // (what the person was, in apposition before the name: "the last great
                        // Greek geometer, Pappus of Alexandria")
                        if start == i
                            && i >= 2
                            && toks[i].punct_before
                            && text_before(s, toks[i].text).is_some_and(|b| b.ends_with(", "))
                            && PERSON_NOUNS.contains(&toks[i - 1].text)
                            && !toks[i - 1].punct_before
                            && toks[i - 2].text.chars().all(|c| c.is_alphabetic())
                        {
                            c.person += 2;
                        }
                        // (and what the person is, before the name: "the poet Pindar", "the
                        // great composer Bach")
                        if start == i
                            && i >= 2
                            && !toks[i].punct_before
                            && calling_before_a_name(toks[i - 1].text)
                            && !toks[i - 1].punct_before
                            && (["the", "a", "his", "her"].contains(&toks[i - 2].text)
                                || toks[i - 2].text.chars().all(|c| c.is_ascii_lowercase())
                                    && i >= 3
                                    && toks[i - 3].text == "the")
                        {
                            c.person += 2;
                        }
                        // A multi-word name acting as the subject of a past-tense verb
                        // ("Thomas Reed watered") is evidence of a person who acts.
                        if j - start >= 2
                            && toks.get(j).is_some_and(|n| {
                                !n.punct_before
                                    && n.text.len() > 4
                                    && n.text.ends_with("ed")
                                    && n.text.chars().all(|c| c.is_ascii_lowercase())
                            })
                        {
                            c.person += 1;
                        }
                        if (byline.contains(&start) || byline.contains(&i)) && personal {
                            c.person += 2;
                        }
                        // (a line of a roll of names, "Ian Murdock" in the acknowledgements,
                        // or a cell of a table of them)
                        let cell = |k: usize| {
                            text_before(s, toks[k].text)
                                .is_some_and(|b| b.trim_end().ends_with('|'))
                        };
                        if on_roll
                            && (i == 0 && j == toks.len()
                                || cell(i) && toks.get(j).is_none_or(|n| n.punct_before))
                        {
                            c.person += 2;
                        }
                        // (an author under the book's title: "Deri James and")
                        if title_page.contains(&(si as usize))
                            && i == 0
                            && toks
                                .get(j)
                                .is_none_or(|n| n.punct_before || n.text == "and")
                        {
                            c.person += 2;
                        }
                        if s[s.find(&name).map_or(0, |p| p + name.len())..]
                            .trim_start()
                            .starts_with('<')
                            && s.contains('@')
                        {
                            c.person += 2;
                        }
                        // "believe in X", "trust in X": faith in a person, not a place
                        let believed = i >= 2
                            && prev.as_deref() == Some("in")
                            && BELIEF.contains(&toks[i - 2].text.to_lowercase().as_str());
                        if believed {
                            c.person += 1;
                        } else if prev.as_deref().is_some_and(|p| PLACE_PREP.contains(&p)) {
                            c.place_weak += 1;
                        }
                        // Relations and offices the text states: "the son of X" and "X the
                        // son of" name a person, "the land of X" a place.
                        let lower = |k: usize| toks[k].text.to_lowercase();
                        if i >= 2 && lower(i - 1) == "of" {
                            let rel = lower(i - 2);
                            if PERSON_OF.contains(&rel.as_str()) {
                                c.person += 2;
                            } else if PLACE_OF.contains(&rel.as_str()) {
                                c.place += 2;
                            }
                        }
                        if i >= 1 && {
                            let w = lower(i - 1);
                            super::EN_KIN_NOUNS.contains(&w.as_str())
                                || KIN_BEFORE.contains(&w.as_str())
                        } {
                            c.person += 2;
                        }
                        let mut after = j;
                        if toks.get(after).is_some_and(|t| t.text == "the") {
                            after += 1;
                        }
                        if toks.get(after + 1).is_some_and(|t| t.text == "of")
                            && toks.get(after).is_some_and(|t| {
                                PERSON_OF.contains(&t.text.to_lowercase().as_str())
                            })
                        {
                            c.person += 2;
                        }
                        if i >= 2 && MOTION.contains(&(lower(i - 2) + " " + &lower(i - 1)).as_str())
                        {
                            c.place_weak += 1;
                        }
                        let parts = &toks[start..j];
                        // (the name's head says what it names: "Debian Project" is an
                        // organisation, "Project Leader" an office; "Bank of England" has its
                        // head before "of")
                        let head = parts
                            .iter()
                            .position(|t| t.text == "of")
                            .unwrap_or(parts.len())
                            .checked_sub(1)
                            .map(|h| parts[h].text);
                        if head.is_some_and(|h| ORG_WORDS.contains(&h)) {
                            c.org += 1;
                        }
                        if parts.iter().any(|t| PLACE_WORDS.contains(&t.text)) {
                            c.place += 2;
                        }
                        if parts.iter().any(|t| WORK_WORDS.contains(&t.text)) {
                            c.work += 1;
                        }
                        // (a name and the people its bearer is of: "Uriah the Hittite",
                        // "Laban the Syrian")
                        if let [.., name, the, people] = parts
                            && the.text == "the"
                            && is_cap(name.text)
                            && ["ite", "ian", "ean"]
                                .iter()
                                .any(|e| people.text.ends_with(e))
                        {
                            c.person += 2;
                        }
                        // (a quotation opens a sentence of its own: "They said, “Postpone
                        // [the matter of] him”" capitalises a verb)
                        let quoted = start == i
                            && text_before(s, toks[i].text).is_some_and(|b| {
                                b.strip_suffix(['"', '“', '‘']).is_some_and(|q| {
                                    q.trim_end().is_empty()
                                        || q.ends_with(char::is_whitespace)
                                            && q.trim_end().ends_with([',', ':', ';'])
                                })
                            });
                        if (start > 0 || i > 0) && !quoted {
                            c.mid += 1;
                        }
                        // "the Depends field": a determiner, one capitalised word and the
                        // item's head
                        if j - start == 1
                            && start > 0
                            && ["the", "a", "an", "its", "each"]
                                .contains(&toks[start - 1].text.to_lowercase().as_str())
                            && toks
                                .get(j)
                                .is_some_and(|n| !n.punct_before && ITEM_HEADS.contains(&n.text))
                        {
                            c.named_item += 1;
                        }
                    }
                }
                // A sentence-initial ordinary word also counts as a word.
                if i == 0 && j - i == 1 {
                    let lw = w.to_lowercase();
                    if is_content_word(&lw, stop) {
                        let c = words.entry(lw).or_default();
                        push_sentence(&mut c.sentences, si);
                        c.occurrences += 1;
                    }
                }
                i = j;
                continue;
            }
            // A run of content words: every word, every 2- and 3-word phrase in it.
            let mut j = i;
            while j < toks.len()
                && (j == i || !toks[j].punct_before)
                && is_content_word(text_of(j), stop)
            {
                j += 1;
            }
            if j == i {
                i += 1;
                continue;
            }
            let word_before = i.checked_sub(1).map(|p| text_of(p).to_lowercase());
            let before_run = word_before
                .as_deref()
                .is_some_and(|w| NOUN_BEFORE.contains(&w));
            let determiner_before = word_before
                .as_deref()
                .is_some_and(|w| DETERMINERS.contains(&w));
            for k in i..j {
                let w = text_of(k);
                let c = cand(&mut words, w);
                push_sentence(&mut c.sentences, si);
                c.occurrences += 1;
                // A word after a determiner, or inside a run after it, or the last of a run
                // of several (the head of a noun phrase), reads as a noun.
                if k == i && before_run || k + 1 == j && j - i >= 2 {
                    c.nounish += 1;
                }
                // (the head right after the determiner or one modifier; not after a plural,
                // which is a subject before its verb: "their right hands possess")
                if k + 1 == j
                    && determiner_before
                    && (j - i == 1 || j - i == 2 && !text_of(i).ends_with('s'))
                {
                    c.determined += 1;
                }
                // (a word the text glosses with a noun phrase in apposition is a noun, however
                // the dictionary knows it: "the introduction of apt, a new package management
                // interface")
                if j - i == 1
                    && toks
                        .get(j)
                        .is_some_and(|n| n.punct_before && matches!(n.text, "a" | "an"))
                    && text_before(s, toks[k].text)
                        .is_some_and(|b| software_gloss(b, &s[b.len() + toks[k].text.len()..]))
                {
                    c.nounish += 1;
                    c.determined += 1;
                }
                for n in 2..=3 {
                    if k + n <= j {
                        phrase.clear();
                        for (m, w) in (k..k + n).map(text_of).enumerate() {
                            if m > 0 {
                                phrase.push(' ');
                            }
                            phrase.push_str(w);
                        }
                        let p = cand(&mut phrases, &phrase);
                        push_sentence(&mut p.sentences, si);
                        p.occurrences += 1;
                        // A phrase right after a determiner or preposition reads as a noun
                        // phrase ("an e-book reader"); "to configure calibre" does not.
                        if k == i && before_run {
                            p.nounish += 1;
                        }
                        if toks
                            .get(k + n)
                            .is_some_and(|t| !t.punct_before && OBJECT_OPENERS.contains(&t.text))
                        {
                            p.verbal += 1;
                        }
                    }
                }
            }
            i = j;
        }
    }
    let total_words = total_words.max(1);
    let mut out = Vec::new();
    // Release names ("Debian 2.2 Potato"): names by their product's series, however
    // ordinary the word.
    let mut releases = release_names(sentences);
    // (and a name the text says something is code-named, once is enough: "The testing
    // release … is currently codenamed Bookworm.", "the unstable distribution (codenamed
    // sid, after …)")
    for s in sentences {
        // (the verb, not the noun: "the codename used for …", "the code named main")
        for marker in ["codenamed ", "code-named "] {
            for (at, _) in s.match_indices(marker) {
                // (the name, quoted or bare, and what follows it)
                let name = s[at + marker.len()..].trim_start_matches(['"', '\'', '“', '‘', ' ']);
                let (w, after) = name.split_at(
                    name.find(|c: char| !c.is_ascii_alphabetic())
                        .unwrap_or(name.len()),
                );
                // (a name in lower case only where it ends there: "codenamed sid,", not
                // "codenamed using …")
                let ends = w.starts_with(|c: char| c.is_ascii_uppercase())
                    || after.starts_with([',', ')', '.', ';', '"', '”', '’', '\'']);
                if ends
                    && (3..=20).contains(&w.len())
                    && w.chars().skip(1).all(|c| c.is_ascii_lowercase())
                    && !stop.contains(w.to_lowercase().as_str())
                    && !releases.keys().any(|r| r.eq_ignore_ascii_case(w))
                {
                    releases.insert(w.to_string(), Vec::new());
                }
            }
        }
    }
    for (w, forms) in &releases {
        let hits = release_sentences(sentences, w, forms);
        let bg = en_phrase_frequency(&[w.to_lowercase().as_str()]);
        out.push(Found {
            text: w.clone(),
            kind: TermKind::Work,
            salience: rarity(hits.len(), total_words, bg).max(0.5),
            variants: forms.clone(),
            sentences: hits,
        });
    }
    // Names.
    for (n, c) in &names {
        if releases.keys().any(|r| r.eq_ignore_ascii_case(n)) {
            continue;
        }
        // "List of XML" of "Table 11.8: List of XML tools": a caption's words, no name, where
        // most of its sentences are captions or a list of them ("11.8 List of XML tools");
        // not "the Index of Prohibited Books" of a history
        let caption = |si: &u32| {
            let t = sentences[*si as usize].trim_start();
            let t = ["Table ", "Figure ", "Listing ", "Example "]
                .iter()
                .find_map(|l| t.strip_prefix(l))
                .unwrap_or(t);
            t.starts_with(|c: char| c.is_ascii_digit())
        };
        if ["List of ", "Lists of ", "Table of ", "Index of "]
            .iter()
            .any(|p| n.starts_with(p))
            && c.sentences.iter().filter(|si| caption(si)).count() * 2 >= c.sentences.len()
        {
            continue;
        }
        // "June", "Mon", "June 1998": a date
        if n.split(' ')
            .next()
            .is_some_and(|w| MONTHS.contains(&w) || CALENDAR.contains(&w))
            && n.split(' ')
                .skip(1)
                .all(|w| w.chars().all(|c| c.is_ascii_digit() || c == ','))
        {
            continue;
        }
        // "II", "III": a number in Roman numerals where the text counts with its neighbours
        // ("I. The Sperm Whale; II. the Right Whale; III. …"), not an acronym ("IV" of a
        // cipher, where no "III" or "V" stands by it)
        if let Some(v) = roman_numeral(n)
            && [v - 1, v + 1]
                .iter()
                .any(|&u| names.contains_key(&to_roman(u)) || u == 1 && single_i_counts(sentences))
        {
            continue;
        }
        // "Fear Allah", "Enter Paradise" (an imperative that opens a sentence or a quote) and
        // "Jews We" (a pronoun after a name) are the name with a word glued on, where the name
        // stands alone far more often ("New York" is not "York" with "New").
        let ws: Vec<&str> = n.split(' ').collect();
        if ws.len() >= 2 {
            let alone = |part: &str, times: usize| {
                names
                    .get(part)
                    .is_some_and(|r| r.sentences.len() >= times * c.sentences.len())
            };
            let first = ws[0].to_lowercase();
            let last = ws[ws.len() - 1].to_lowercase();
            // (and "ever is Allah Knowing and Wise", "Allah Exalted": a name and the adjective
            // or participle said of it, one the text writes in lower case too, where the name
            // stands alone far more often; "Robert Browning" is not "Robert" five times over)
            let said_of = (super::background::en_not_noun(&last)
                || last.ends_with("ing") && super::background::en_band(&last).is_some())
                && lower_count.get(&last).is_some_and(|&c| c >= 2);
            if en_is_common(&first) && alone(&ws[1..].join(" "), 5)
                || stop.contains(last.as_str()) && alone(&ws[..ws.len() - 1].join(" "), 2)
                || said_of && alone(&ws[..ws.len() - 1].join(" "), 5)
            {
                continue;
            }
            // Two names that meet: "We gave Abraham the Scripture" is no name "Abraham the
            // Scripture" where the text names Abraham apart twice as often and the Scripture
            // at least as often ("Alexander the Great" is no such pair: "Great" is no name
            // alone).
            if let Some((a, b)) = n.split_once(" the ")
                && alone(a, 2)
                && alone(b, 1)
            {
                continue;
            }
            // So are two names side by side once: "the wife of Theseus Hippolyte", "From Alba
            // Romulus and Remus ran", "the Corinthian Timoleon", where each stands alone and
            // one of them ten times as often; a person's full name is written more than once
            // or has a part that is rare alone.
            if ws.len() == 2
                && c.sentences.len() == 1
                && alone(ws[0], 1)
                && alone(ws[1], 1)
                && (alone(ws[0], 10) || alone(ws[1], 10))
            {
                continue;
            }
        }
        let lower = n.to_lowercase();
        let single = !n.contains(' ');
        let acronym = n.chars().all(|ch| ch.is_ascii_uppercase());
        // A given name and a surname ("Martin Michlmayr", "Chris Lamb") name a person, once
        // named is enough; not where the last word is among the most common words ("Max
        // Size") or heads a name of a place, a body or a work ("Victoria Station", "Grace
        // Church"). A surname may be a word ("Lamb", "Towns", "Fox").
        let given_pair = (2..=3).contains(&ws.len())
            && given_name(ws[0])
            && ws[1..].iter().all(|w| {
                w.chars().next().is_some_and(char::is_uppercase)
                    // (a word in capitals is no surname: "Mac OS"; "Henry VIII" is a name)
                    && !in_capitals(w)
                    && super::background::en_band(&w.to_lowercase()).is_none_or(|b| b > 10)
                    && !name_head(w)
                    && !stop.contains(w.to_lowercase().as_str())
            })
            && c.org == 0
            && c.place == 0
            && c.work == 0;
        // A name with a middle initial ("Kristoffer H. Rose", "Donald E. Knuth") names a
        // person whatever the given name: a given name or a capitalised word that is no word
        // of English ("Appendix B. Debian" is none), an initial, and a capitalised word that
        // heads no place, body or work.
        let initialled = ws.len() == 3
            && is_initial(ws[1])
            && [ws[0], ws[2]].iter().all(|w| {
                is_cap(w)
                    && !in_capitals(w)
                    && w.chars().skip(1).all(char::is_lowercase)
                    && !stop.contains(w.to_lowercase().as_str())
            })
            && (given_name(ws[0]) || super::background::en_band(&ws[0].to_lowercase()).is_none())
            && !name_head(ws[2])
            && c.org == 0
            && c.place == 0
            && c.work == 0;
        let person = if given_pair || initialled {
            c.person.max(2)
        } else {
            c.person
        };
        let strong_person = person >= 2;
        // (the acronym a name is introduced with once, which it then goes by)
        // (not an acronym the text goes on to use: that is a term of its own, which its
        // expansion defines)
        let spelled = (c.sentences.len() < 2 && !strong_person)
            .then(|| spelled_out_once(n, &c.sentences, sentences))
            .flatten()
            .filter(|a| names.get(a.as_str()).is_none_or(|r| r.sentences.len() < 2));
        if c.sentences.len() < 2 && !strong_person && spelled.is_none() {
            continue;
        }
        if c.mid == 0 && single {
            continue;
        }
        // Letters in capitals that label a drawing's parts, named after a figure's noun in
        // half their sentences or more ("the line AB", "the angle AOP"): no entry.
        if acronym && n.chars().count() <= 4 && c.figure * 2 >= c.sentences.len() as u32 {
            continue;
        }
        // Nor is a short word that only stands in lines of such words, the letters that open
        // a scripture's chapters ("2:1 Alif, Lam, Meem", "20:1 Ta, Ha"): letters read aloud,
        // which name nothing the text speaks of.
        if single
            && n.len() <= 4
            && c.sentences
                .iter()
                .all(|&si| letters_line(sentences[si as usize]))
        {
            continue;
        }
        // An item the text names as a field, a header or a button at least twice ("the
        // Depends field") is a term, however ordinary the word.
        if single && c.named_item >= 2 && person < 2 {
            out.push(Found {
                text: n.clone(),
                kind: TermKind::Term,
                salience: 0.5,
                variants: Vec::new(),
                sentences: c.sentences.clone(),
            });
            continue;
        }
        if single && !acronym {
            // Written in lower case too, or an ordinary word: not a name.
            let low = lower_count.get(&lower).copied().unwrap_or(0);
            if low * 3 >= c.sentences.len() as u32 {
                continue;
            }
            // An ordinary word the document never writes in lower case and capitalises
            // inside sentences ("Kindle") is a name; otherwise it is just the word. (So is a
            // noun it writes so less than one time in ten, after "the" mostly: "the
            // Hereafter", 118 times so, twice "hereafter"; not an adjective, "the Wise", nor
            // a heading's word, "Section 4.2".)
            let named_noun = || {
                let the_name = format!("the {n}");
                low * 10 < c.mid
                    && !super::background::en_not_noun(&lower)
                    && c.sentences
                        .iter()
                        .filter(|&&si| sentences[si as usize].contains(&the_name))
                        .count()
                        * 2
                        >= c.sentences.len()
            };
            if en_is_common(&lower) && person < 2 && (low > 0 && !named_noun() || c.mid < 3) {
                continue;
            }
            // An ordinary word said of someone with a capital, after "is" in a third of its
            // sentences or more, is an adjective of praise ("Allah is Seeing of what you do",
            // "He is the Exalted in Might"), whatever else the text says of it.
            if praise_adjective(&lower, c) {
                continue;
            }
        }
        // (nor a name run on into such an adjective: "ever is Allah Forgiving and Merciful")
        if !single
            && ws.last().is_some_and(|w| {
                names
                    .get(*w)
                    .is_some_and(|l| praise_adjective(&w.to_lowercase(), l))
            })
        {
            continue;
        }
        // Prepositions and motion make a place only where they are a good part of what the
        // text says of X; "the land of X" or a place word in the name ("Mount Sinai") always do.
        let weak = c.place_weak >= 2 && c.place_weak * 3 >= c.sentences.len() as u32;
        let place = if weak || c.place > 0 {
            c.place + c.place_weak
        } else {
            0
        };
        // A name whose last word is an ordinary plural ("Debian Maintainers", "Policy
        // Editors") names a group, not a person. (The text must use that word in lower case
        // too, at least as often as the name: a surname such as "Banks" stays a name in a
        // book that never writes "banks"; and a surname that is an ordinary singular, "Craig
        // Small", is no plural.)
        let head = n.rsplit(' ').next().unwrap_or("").to_lowercase();
        let common_head = !single
            && lower_count.get(&head).copied().unwrap_or(0) >= c.sentences.len() as u32
            && head
                .strip_suffix('s')
                .is_some_and(|h| !h.ends_with(['s', 'u', 'i']) && en_is_common(h));
        // "Children of Israel", "People of Lot", "House of David": a people or a family,
        // named by a group noun and "of".
        let group = {
            let mut w = n.split(' ');
            let first = w.next().unwrap_or("").to_lowercase();
            w.next() == Some("of")
                && [
                    "children",
                    "sons",
                    "daughters",
                    "people",
                    "peoples",
                    "tribe",
                    "tribes",
                    "house",
                    "family",
                    "men",
                    "women",
                    "companions",
                    "dwellers",
                    "inhabitants",
                    "descendants",
                    "followers",
                ]
                .contains(&first.as_str())
        };
        // A name of several words that does not open with a given name and ends in a word
        // the text also writes in lower case ("Debian Installer": "the installer"), or holds
        // a word in capitals ("Mac OS"), names a thing, whatever bylines it has.
        // (an epithet is no such word: "Herod the Great")
        let thing = ws.len() >= 2
            && !given_name(ws[0])
            && !WORD_GIVEN_NAMES.contains(&ws[0])
            && (ws.iter().any(|w| in_capitals(w))
                || !ws.contains(&"the")
                    && head.chars().all(char::is_alphabetic)
                    && lower_count.get(&head).copied().unwrap_or(0) >= c.sentences.len() as u32);
        // A plural whose singular the text names too is a people: "the Gauls" and "a Gaul",
        // "the Volscians" and "the Volscian army", "Jews" and "a Jew".
        let people = single
            && n.len() > 4
            && n.ends_with('s')
            && !["ss", "us", "is", "os", "as"]
                .iter()
                .any(|e| n.ends_with(e))
            && names
                .get(&n[..n.len() - 1])
                .is_some_and(|r| !r.sentences.is_empty());
        let kind = if !common_head
            && !group
            && !thing
            && !people
            && (person >= 2 && person > place && c.org == 0 && c.work == 0
                || person >= 1 && !single && c.org == 0 && c.work == 0 && place == 0)
        {
            TermKind::Person
        } else if c.work > 0 {
            TermKind::Work
        } else if c.org > 0 {
            TermKind::Org
        } else if place > 0 && (!acronym || place >= 2 && place * 2 > c.sentences.len() as u32) {
            TermKind::Place
        } else if acronym {
            TermKind::Term
        } else {
            TermKind::Other
        };
        let mut variants: Vec<String> = c.forms.keys().filter(|f| *f != n).cloned().collect();
        variants.sort();
        variants.truncate(16);
        // (a name kept for its acronym alone goes by it too: the acronym is no term of its own)
        if c.sentences.len() < 2 {
            variants.extend(spelled.filter(|a| !variants.contains(a)));
        }
        let bg = en_phrase_frequency(&lower.split(' ').collect::<Vec<_>>());
        out.push(Found {
            text: n.clone(),
            kind,
            salience: rarity(c.sentences.len(), total_words, bg).max(0.5),
            variants,
            sentences: c.sentences.clone(),
        });
    }
    // Merge "Darcy" into "Fitzwilliam Darcy" is not done: a single name that is the last word
    // of exactly one multi-word person name becomes that person's variant.
    merge_surnames(&mut out);
    coordinate_persons(&mut out, sentences);
    let name_lower: HashSet<String> = out.iter().map(|f| f.text.to_lowercase()).collect();
    // Ordinary words and phrases, by lemma.
    let known = |s: &str| words.contains_key(s);
    let min = if sentences.len() > 400 { 3 } else { 2 };
    let mut lemma_words: HashMap<String, WordCand> = HashMap::new();
    let lemma_of = |w: &str| {
        let l = en_lemma(w, &known);
        // "news" is not "new", "rights" not "right".
        if (w.ends_with("ed") || w.ends_with("ing")) && w.len() > 5 {
            // "downloaded"/"downloading" count with "download" when the base occurs.
            for base in [&w[..w.len() - 2], &w[..w.len() - 3], &w[..w.len() - 1]] {
                if base.len() >= 3 && known(base) && base != w {
                    return base.to_string();
                }
            }
        }
        if not_concept(&l) && !not_concept(w) {
            w.to_string()
        } else {
            l
        }
    };
    for (w, c) in &words {
        let l = lemma_of(w);
        let e = lemma_words.entry(l).or_default();
        e.sentences.extend(&c.sentences);
        e.occurrences += c.occurrences;
        e.nounish += c.nounish;
        e.determined += c.determined;
        *e.forms.entry(w.clone()).or_default() += c.occurrences;
    }
    let mut lemma_phrases: HashMap<String, WordCand> = HashMap::new();
    for (p, c) in &phrases {
        let mut ws: Vec<&str> = p.split(' ').collect();
        let last = lemma_of(ws[ws.len() - 1]);
        let n = ws.len();
        ws[n - 1] = &last;
        // A phrase must end in a noun-like word and not start with a verb form; nor end in
        // a participle ("purposes related").
        let participle = p.rsplit(' ').next().is_some_and(is_participle);
        // (nor in a word the dictionary knows as no noun that the text does not make one:
        // "right hands possess", but "maintainer upload", where "an upload" is the text's)
        let verb_head = super::background::en_not_noun(ws[n - 1])
            && lemma_words
                .get(ws[n - 1])
                .is_none_or(|c| c.determined * 4 < c.occurrences);
        if ws[0].ends_with("ed") || not_concept(ws[n - 1]) || participle || verb_head {
            continue;
        }
        let e = lemma_phrases.entry(ws.join(" ")).or_default();
        e.sentences.extend(&c.sentences);
        e.occurrences += c.occurrences;
        e.nounish += c.nounish;
        e.verbal += c.verbal;
        *e.forms.entry(p.clone()).or_default() += c.occurrences;
    }
    let mut kept_phrases: Vec<(String, WordCand)> = lemma_phrases
        .into_iter()
        .filter(|(_, c)| {
            let mut s = c.sentences.clone();
            s.sort_unstable();
            s.dedup();
            // (a subject and its verb, "device read", is no phrase)
            s.len() >= min && c.nounish * 4 >= c.occurrences && c.verbal * 2 < c.occurrences
        })
        .collect();
    // A 2-word phrase mostly seen inside one 3-word phrase gives way to it, and vice versa a
    // 3-word phrase much rarer than its parts is a fragment.
    let counts: FxHashMap<String, u32> = kept_phrases
        .iter()
        .map(|(p, c)| (p.clone(), c.occurrences))
        .collect();
    // For each 2-word phrase, the count of the most frequent kept 3-word phrase it begins or
    // ends ("readable stream" in "readable stream object"), the middle word also as its lemma.
    let mut in_longer: FxHashMap<String, u32> = FxHashMap::default();
    for (q, &qc) in &counts {
        let ws: Vec<&str> = q.split(' ').collect();
        if let [a, b, c] = ws[..] {
            let mid = lemma_of(b);
            for sub in [format!("{a} {b}"), format!("{a} {mid}"), format!("{b} {c}")] {
                let e = in_longer.entry(sub).or_default();
                *e = (*e).max(qc);
            }
        }
    }
    kept_phrases.retain(|(p, c)| {
        let n = p.split(' ').count();
        if n == 3 {
            let ws: Vec<&str> = p.split(' ').collect();
            let sub = counts
                .get(&format!("{} {}", ws[0], ws[1]))
                .copied()
                .unwrap_or(0)
                .max(
                    counts
                        .get(&format!("{} {}", ws[1], ws[2]))
                        .copied()
                        .unwrap_or(0),
                );
            sub == 0 || c.occurrences * 2 >= sub
        } else {
            in_longer
                .get(p.as_str())
                .is_none_or(|&qc| qc * 10 < c.occurrences * 8)
        }
    });
    let mut in_phrase: HashMap<&str, u32> = HashMap::new();
    for (p, c) in &kept_phrases {
        for w in p.split(' ') {
            let e = in_phrase.entry(w).or_default();
            *e = (*e).max(c.occurrences);
        }
    }
    let mut word_out = Vec::new();
    for (w, mut c) in lemma_words {
        c.sentences.sort_unstable();
        c.sentences.dedup();
        if c.sentences.len() < min.max(3) || name_lower.contains(&w) {
            continue;
        }
        if in_phrase
            .get(w.as_str())
            .is_some_and(|&n| n * 10 >= c.occurrences * 7)
        {
            continue;
        }
        // A lower-case word no English dictionary knows nor makes, written so three times
        // or more, is a name of the book's own whatever its syntax: a program ("dpkg was used
        // to install packages"), a format, a transliterated term ("give zakah").
        let lower_uses: u32 = c
            .forms
            .keys()
            .map(|f| lower_count.get(f).copied().unwrap_or(0))
            .sum();
        // (in two sentences of prose at least: "fgets" and "strlen" of an example's code,
        // "$endif" of a sample init file, are not the book's names)
        // (and in a noun's place once in ten uses at least, "working on dpkg", "the zakah":
        // an archaic verb or adverb the dictionary lacks, "sheweth", "howbeit", never is)
        let own = lower_uses >= 3
            && c.nounish >= 1
            && c.nounish * 10 >= c.occurrences
            && own_name(&w)
            && c.sentences
                .iter()
                .filter(|&&si| reads_as_prose(sentences[si as usize]))
                .nth(1)
                .is_some();

        // A number ("twenty-eight") or a superlative ("bravest", "noblest") is no concept.
        if number_words(&w) || superlative(&w) {
            continue;
        }
        // A word seldom used as a noun ("click", "select", "downloaded") is not a concept.
        let nounish = c.nounish * 5 >= c.occurrences;
        if !nounish && !own {
            continue;
        }
        // Nor is a word the dictionary knows only as a verb, adjective or adverb
        // ("understand", "astray", "severe", "forth"), unless the text makes it a noun, a
        // determiner before it in a quarter of its uses ("an upload", "the secure").
        if super::background::en_not_noun(&w) && c.determined * 4 < c.occurrences {
            continue;
        }
        // (a name known by its spelling alone weighs 0.25 where a word the text makes a noun
        // weighs 0.6: it mostly fills what room the book's terms leave)
        let weight = if nounish { 0.6 } else { 0.25 };
        let sal = weight * rarity(c.occurrences as usize, total_words, en_frequency(&w));
        // (its names are the noun's forms, "mounts"; a verb's, "mounted", "processing", name
        // an action, not the thing: no alias of its page, no link to it)
        let mut variants: Vec<String> = c
            .forms
            .keys()
            .filter(|f| **f != w && !verb_form_of(f, &w))
            .cloned()
            .collect();
        variants.sort();
        word_out.push(Found {
            text: w,
            kind: TermKind::Term,
            salience: sal,
            variants,
            sentences: c.sentences,
        });
    }
    for (p, mut c) in kept_phrases {
        c.sentences.sort_unstable();
        c.sentences.dedup();
        // (nor a count of things, "thirty year", "three days")
        if name_lower.contains(&p) || p.split(' ').next().is_some_and(number_words) {
            continue;
        }
        let ws: Vec<&str> = p.split(' ').collect();
        let sal = 0.7
            * rarity(
                c.occurrences as usize,
                total_words,
                en_phrase_frequency(&ws),
            );
        let mut variants: Vec<String> = c.forms.keys().filter(|f| **f != p).cloned().collect();
        variants.sort();
        word_out.push(Found {
            text: p,
            kind: TermKind::NounPhrase,
            salience: sal,
            variants,
            sentences: c.sentences,
        });
    }
    // (an identifier as a term: its salience from how rare its uses are)
    let identifier = |w: String, c: WordCand| Found {
        text: w,
        kind: TermKind::Term,
        salience: 0.35 + 0.3 * rarity(c.occurrences as usize, total_words, 1e-6),
        variants: Vec::new(),
        sentences: c.sentences,
    };
    for (w, c) in code {
        if c.sentences.len() < 2 || name_lower.contains(&w.to_lowercase()) {
            continue;
        }
        word_out.push(identifier(w, c));
    }
    // A name made of letters and a number ("ext4", "amd64", "iproute2", "libc6") used in
    // three sentences or more is a term, as an identifier is; not a placeholder the text
    // numbers from one ("file1" and "file2", "str1" and "str2") or names after foo
    // ("libfoo1"), and not an English word with a number ("python3", "user1": the word is
    // what the text speaks of).
    for (w, c) in numbered {
        let letters = &w[..w.find(|c: char| c.is_ascii_digit()).unwrap_or(w.len())];
        let placeholder = ["1", "2"]
            .iter()
            .all(|n| lower_count.contains_key(&format!("{letters}{n}")));
        if c.sentences.len() < 3
            || placeholder
            || letters.contains("foo")
            || super::background::en_band(letters).is_some()
            || name_lower.contains(&w)
            || word_out.iter().any(|f| f.text == w)
        {
            continue;
        }
        word_out.push(identifier(w, c));
    }
    // A program the text names before a software head ("the dh command" twice) is a term
    // though its name is too short or too plain to be one otherwise; where it is one already,
    // the kind head folds into it later (`merge_headed`).
    let mut found: HashSet<String> = out
        .iter()
        .chain(&word_out)
        .map(|f| f.text.to_lowercase())
        .collect();
    let before_programs = word_out.len();
    for (w, mut c) in programs {
        c.sentences.sort_unstable();
        c.sentences.dedup();
        let uses = lower_count.get(&w).copied().unwrap_or(0);
        if c.sentences.len() < 2 || found.contains(&w) || name_lower.contains(&w) {
            continue;
        }
        word_out.push(Found {
            salience: 0.35 + 0.3 * rarity(uses as usize, total_words, 1e-6),
            text: w,
            kind: TermKind::Term,
            variants: Vec::new(),
            sentences: c.sentences,
        });
    }
    // An everyday word the text names one thing of a kind with ("the unstable distribution")
    // and uses twice or more as a noun of its own ("uploaded to unstable.") is a term; an
    // adjective that only modifies its head ("the major release") has no bare use.
    found.extend(
        word_out[before_programs..]
            .iter()
            .map(|f| f.text.to_lowercase()),
    );
    for (w, named) in items {
        let Some(bare) = bare_nouns.get(&w).filter(|b| b.sentences.len() >= 2) else {
            continue;
        };
        if found.contains(&w) || name_lower.contains(&w) || stop.contains(w.as_str()) {
            continue;
        }
        let mut ids = named.sentences;
        ids.extend(&bare.sentences);
        ids.sort_unstable();
        ids.dedup();
        let uses = lower_count.get(&w).copied().unwrap_or(0);
        word_out.push(Found {
            salience: 0.35 + 0.3 * rarity(uses as usize, total_words, 1e-6),
            text: w,
            kind: TermKind::Term,
            variants: Vec::new(),
            sentences: ids,
        });
    }
    // A program or function cited with its manual section is a term of the book, and one of
    // its central ones: it is named with all its uses, however it is used ("apt-get install
    // less", "use systemctl to …"), and ranks with the book's frequent terms. (Not an everyday
    // word that names a program too, "find(1)", "make(1)": its other uses are no program. A
    // word of the dictionary's rarer bands is one where the text uses it four times as often
    // as ordinary English does, "bash(1)", "tar(1)": then its uses are the program's.)
    for (w, ids) in manual_uses {
        let uses = lower_count.get(w).copied().unwrap_or(0) as f64;
        let program = program_name(w)
            || super::background::en_band(w).is_some_and(|b| b >= 20)
                && program_shape(w)
                && uses >= 4.0 * super::background::en_frequency(w) * total_words as f64;
        if ids.len() < 3 || !program {
            continue;
        }
        let salience = 0.4 + 0.3 * rarity(ids.len(), total_words, 1e-6);
        if name_lower.contains(w) {
            // (a program the text also writes as a name of one word, "Emacs" beside
            // "emacs(1)": one term, named as the manual cites it, with all the uses of both.
            // An acronym is a name of its own, "CD" beside "cd(1)", "IP" beside "ip(8)", "DD"
            // for a Debian developer beside "dd(1)", and the program a term of its own beside
            // it, unless the program has three times its uses and the acronym no expansion:
            // "GDB" beside "gdb(1)")
            if let Some(f) = out.iter_mut().find(|f| {
                f.text.to_lowercase() == w
                    && f.kind != TermKind::Person
                    && !f.text.contains(' ')
                    && (!f.text.chars().all(|c| c.is_ascii_uppercase())
                        || f.variants.is_empty() && ids.len() >= 3 * f.sentences.len())
            }) {
                let name = std::mem::replace(&mut f.text, w.to_string());
                f.variants.push(name);
                f.kind = TermKind::Term;
                f.sentences.extend(ids);
                f.sentences.sort_unstable();
                f.sentences.dedup();
                f.salience = f.salience.max(salience);
                continue;
            }
        }
        match out
            .iter_mut()
            .chain(word_out.iter_mut())
            .find(|f| f.text == w)
        {
            Some(f) => f.salience = f.salience.max(salience),
            None => word_out.push(Found {
                text: w.to_string(),
                kind: TermKind::Term,
                salience,
                variants: Vec::new(),
                sentences: ids,
            }),
        }
    }
    out.extend(word_out);
    (out, total_words)
}

/// The names a text cites with a manual section right after them, "apt-get(8)",
/// "printf(3)": lower case, joined to the section without a space (not a list's number, "the
/// steps (1)").
pub(super) fn manual_references<'s>(sentences: &[&'s str]) -> FxHashSet<&'s str> {
    let mut refs: FxHashSet<&str> = FxHashSet::default();
    for s in sentences {
        let b = s.as_bytes();
        for at in memchr::memchr_iter(b'(', b) {
            if !(b.get(at + 1).is_some_and(|c| (b'1'..=b'8').contains(c))
                && b.get(at + 2) == Some(&b')'))
            {
                continue;
            }
            let start = s[..at]
                .char_indices()
                .rev()
                .find(|&(_, c)| !(c.is_ascii_alphanumeric() || "-_.+".contains(c)))
                .map_or(0, |(i, c)| i + c.len_utf8());
            let name = &s[start..at];
            // (a whole name: not the end of a path, "/usr/bin/foo(1)")
            if name.starts_with(|c: char| c.is_ascii_lowercase())
                && !s[..start].ends_with('/')
                && !name.ends_with(['.', '-', '+'])
            {
                refs.insert(name);
            }
        }
    }
    refs
}

/// The programs a document's code runs at a shell prompt: the first word of a line that opens
/// with `$ ` (past `sudo`), "$ dpkg-deb -x foo.deb dir", "$ sudo apt-get install less". Lower
/// case, as a program's name is; not after `# `, which opens a comment as often as a root
/// prompt, nor a variable's assignment ("$ FOO=1 make"). Each once, in the order first run.
pub fn prompt_programs<'s>(code: impl IntoIterator<Item = &'s str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in code {
        if !s.contains("$ ") {
            continue;
        }
        for line in s.split('\n') {
            let Some(cmd) = line.trim_start().strip_prefix("$ ") else {
                continue;
            };
            let cmd = cmd.trim_start();
            let cmd = cmd.strip_prefix("sudo ").map_or(cmd, str::trim_start);
            let end = cmd
                .find(|c: char| !(c.is_ascii_alphanumeric() || "-_.+".contains(c)))
                .unwrap_or(cmd.len());
            let name = &cmd[..end];
            if name.starts_with(|c: char| c.is_ascii_lowercase())
                && !name.ends_with(['.', '-', '+'])
                && !cmd[end..].starts_with(['=', '/'])
                && !out.iter().any(|o| o == name)
            {
                out.push(name.to_string());
            }
        }
    }
    out
}

/// The names of the variables the text expands as a shell or a makefile does: a name in
/// capitals (digits and underscores allowed, two letters at least) right after `$`, `$(` or
/// `${`: "$HOME", "$(DESTDIR)", "${PATH}". Not a lower-case name ("$d", "$file" stand for
/// any value in an example), nor a price ("$5").
fn variable_references<'s>(sentences: &[&'s str]) -> FxHashSet<&'s str> {
    let mut out = FxHashSet::default();
    for s in sentences {
        for (at, _) in s.match_indices('$') {
            let rest = &s[at + 1..];
            let rest = rest
                .strip_prefix('(')
                .or_else(|| rest.strip_prefix('{'))
                .unwrap_or(rest);
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let name = &rest[..end];
            if name.chars().filter(char::is_ascii_uppercase).count() >= 2
                && name.starts_with(|c: char| c.is_ascii_uppercase() || c == '_')
                && !name.chars().any(|c| c.is_ascii_lowercase())
            {
                out.insert(name);
            }
        }
    }
    out
}

/// Whether the person name `short` is another writing of the person name `long`: the same
/// surname, a given name that is the other's or its short form ("Chris Rutter" of
/// "Christopher Rutter"), and middle names only added ("Christopher Matthew Rutter",
/// "Kristoffer H. Rose" of "Kristoffer Rose"). Not an epithet ("Uriah the Hittite"), not two
/// given names ("John Smith", "Jane Smith").
fn same_person(short: &str, long: &str) -> bool {
    let s: Vec<&str> = short.split(' ').collect();
    let l: Vec<&str> = long.split(' ').collect();
    if s.len() < 2 || l.len() < s.len() || s == l || s.last() != l.last() {
        return false;
    }
    if s.iter()
        .chain(&l)
        .any(|w| w.starts_with(char::is_lowercase))
    {
        return false;
    }
    let (sf, lf) = (s[0], l[0]);
    let short_form = sf.chars().count() >= 3
        && lf.chars().count() > sf.chars().count()
        && lf.starts_with(sf)
        && !sf.ends_with('.');
    if sf != lf && !short_form {
        return false;
    }
    // (the short name's middle words appear in the long one's, in order)
    let mut middles = l[1..l.len() - 1].iter();
    s[1..s.len() - 1].iter().all(|m| middles.any(|w| w == m)) && (l.len() > s.len() || short_form)
}

/// Folds the person names that are other writings of one longer name into it
/// ([`same_person`]), where they lead to one name only.
fn merge_person_writings(found: &mut Vec<Found>) {
    let persons: Vec<usize> = (0..found.len())
        .filter(|&i| found[i].kind == TermKind::Person && found[i].text.contains(' '))
        .collect();
    let mut into: Vec<(usize, usize)> = Vec::new();
    for &i in &persons {
        let longer: Vec<usize> = persons
            .iter()
            .copied()
            .filter(|&p| same_person(&found[i].text, &found[p].text))
            .collect();
        // (the longest of them, where each of the others is a writing of it)
        let Some(&to) = longer
            .iter()
            .max_by_key(|&&p| (found[p].text.split(' ').count(), found[p].sentences.len()))
        else {
            continue;
        };
        if longer
            .iter()
            .all(|&p| p == to || same_person(&found[p].text, &found[to].text))
        {
            into.push((i, to));
        }
    }
    // (the page is titled by the writing the text uses most, of the full given name: "Ian
    // Murdock" over "Ian A. Murdock", never "Chris Rutter" over "Christopher Rutter")
    let mut title: FxHashMap<usize, (usize, usize)> = FxHashMap::default();
    for &(from, to) in &into {
        let uses = found[from].sentences.len();
        let full_given = found[from].text.split(' ').next() == found[to].text.split(' ').next();
        let best = title.entry(to).or_insert((found[to].sentences.len(), to));
        if full_given && uses > best.0 {
            *best = (uses, from);
        }
    }
    let mut drop = Vec::new();
    for (from, to) in into {
        let (text, variants, sentences) = (
            found[from].text.clone(),
            found[from].variants.clone(),
            found[from].sentences.clone(),
        );
        let target = &mut found[to];
        let text = if title.get(&to).is_some_and(|&(_, t)| t == from) {
            std::mem::replace(&mut target.text, text)
        } else {
            text
        };
        absorb(target, text, variants, &sentences);
        drop.push(from);
    }
    drop.sort_unstable();
    for i in drop.into_iter().rev() {
        found.remove(i);
    }
}

/// Whether a lower-case word is a number in words: "seven", "twenty-eight", "hundred".
fn number_words(w: &str) -> bool {
    const NUMBERS: &[&str] = &[
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
        "thirty",
        "forty",
        "fifty",
        "sixty",
        "seventy",
        "eighty",
        "ninety",
        "hundred",
        "thousand",
        "million",
    ];
    w.split('-').all(|part| NUMBERS.contains(&part))
}

/// Whether a lower-case word is an adjective's superlative: its comparative ("braver",
/// "nobler", "happier", "bigger") is a word the dictionary knows only as no noun. Not
/// "forest", "interest" or "harvest".
fn superlative(w: &str) -> bool {
    w.len() >= 6
        && w.strip_suffix("est").is_some_and(|stem| {
            let comparative = format!("{stem}er");
            super::background::en_band(&comparative).is_some()
                && super::background::en_not_noun(&comparative)
        })
}

/// A single-word name that is the last or first word of exactly one multi-word person
/// name becomes a variant of it ("Darcy" of "Fitzwilliam Darcy"); its sentences join.
/// Writings of one person are one name first ("Kristoffer" of "Kristoffer Rose" and
/// "Kristoffer H. Rose").
fn merge_surnames(found: &mut Vec<Found>) {
    merge_person_writings(found);
    let persons: Vec<usize> = (0..found.len())
        .filter(|&i| found[i].kind == TermKind::Person && found[i].text.contains(' '))
        .collect();
    // (a word that opens or ends several names is a brand or a place, not one person's
    // name: "Debian" of "Debian Policy", "Debian Project" and "Debian Installer")
    let mut names_with: FxHashMap<String, usize> = FxHashMap::default();
    for f in found.iter().filter(|f| f.text.contains(' ')) {
        let mut parts = f.text.split(' ');
        let (first, last) = (parts.next().unwrap_or(""), parts.next_back().unwrap_or(""));
        *names_with.entry(first.to_string()).or_default() += 1;
        if last != first {
            *names_with.entry(last.to_string()).or_default() += 1;
        }
    }
    let mut drop = Vec::new();
    for i in 0..found.len() {
        // (a work is a name of its own: "Bo", Debian 1.3, is named for Bo Peep, not her)
        if found[i].text.contains(' ') || matches!(found[i].kind, TermKind::Term | TermKind::Work) {
            continue;
        }
        let w = found[i].text.clone();
        if names_with.get(&w).copied().unwrap_or(0) > 2 {
            continue;
        }
        let owners: Vec<usize> = persons
            .iter()
            .copied()
            .filter(|&p| {
                let parts: Vec<&str> = found[p].text.split(' ').collect();
                // (an epithet is no surname: "Hittite" of "Uriah the Hittite")
                let epithet = parts.len() >= 3 && parts[parts.len() - 2] == "the";
                parts.last() == Some(&w.as_str()) && !epithet || parts.first() == Some(&w.as_str())
            })
            .collect();
        // (a longer name written once does not take the mentions of a name the text uses
        // alone ten times as often: "Theseus Hippolyte" is not Theseus)
        let written_once = |o: usize| {
            found[o].sentences.len() < 2 && found[o].sentences.len() * 10 < found[i].sentences.len()
        };
        if let [o] = owners[..]
            && !written_once(o)
        {
            let (variants, sentences) = (found[i].variants.clone(), found[i].sentences.clone());
            absorb(&mut found[o], w, variants, &sentences);
            drop.push(i);
        }
    }
    for i in drop.into_iter().rev() {
        found.remove(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word's verb forms are no names of its page; its noun's forms are.
    #[test]
    fn verb_forms_are_no_aliases() {
        let cases = [
            ("mounted", "mount", true),
            ("processing", "process", true),
            ("mounts", "mount", false),
            ("processes", "process", false),
            ("bring", "bring", false),
            ("embedded", "embedded", false),
        ];
        for (form, base, verb) in cases {
            assert_eq!(verb_form_of(form, base), verb, "{form} of {base}");
        }
    }

    #[test]
    fn release_names_come_from_a_product_s_series() {
        let series = [
            "Debian 2.1 Slink (March 9th, 1999): Named for the slinky-dog in the movie.",
            "Debian 2.2 (Potato) was released August 15th, 2000.",
            "The mail program changed after Debian 12 Bookworm.",
            "Debian 3.0 Woody: Named for the cowboy.",
            "Debian 3.0 (Woody) added five architectures.",
        ];
        // (sentences, the release names and their forms)
        type Releases<'a> = Vec<(&'a str, Vec<&'a str>)>;
        let cases: Vec<(Vec<&str>, Releases<'_>)> = vec![
            (
                series.to_vec(),
                vec![
                    ("Bookworm", vec!["Debian 12"]),
                    ("Potato", vec!["Debian 2.2"]),
                    ("Slink", vec!["Debian 2.1"]),
                    ("Woody", vec!["Debian 3.0"]),
                ],
            ),
            // one release is no series
            (vec!["Debian 2.2 (Potato) was released in 2000."], vec![]),
            // in brackets, a release may be written in lower case; capitalised where the
            // text ever capitalises it
            (
                vec![
                    "Debian 3.0 (woody) was released in 2002.",
                    "Debian 3.1 (sarge) was released in 2005.",
                    "Debian 3.1 Sarge: named for the sergeant.",
                    "Debian 4.0 etch.",
                ],
                vec![("Sarge", vec!["Debian 3.1"]), ("woody", vec!["Debian 3.0"])],
            ),
            // a word given two versions is no release; the rest of the series stands
            (
                vec![
                    "Debian 2.2 (Potato) shipped.",
                    "Debian 2.1 (Slink) shipped.",
                    "Debian 3.0 (Potato) did not.",
                ],
                vec![],
            ),
            // a word that goes on into a phrase, a number after it, a heading, a date
            (
                vec![
                    "Linux 2.4 Packet Filtering is covered.",
                    "Linux 2.6 Netfilter changed it.",
                    "Between Debian 0.93 Release 5 and Debian 0.93 Release 6.",
                    "See Chapter 3 Overview.",
                    "Chapter 4 Packages.",
                    "On 21 April.",
                    "Wed 19 May.",
                    "Thu 20 June.",
                ],
                vec![],
            ),
        ];
        for (sentences, want) in cases {
            let got = release_names(&sentences);
            let mut got: Vec<(&str, Vec<&str>)> = got
                .iter()
                .map(|(w, f)| (w.as_str(), f.iter().map(String::as_str).collect()))
                .collect();
            got.sort();
            assert_eq!(got, want, "{sentences:?}");
        }
        // where a release's name in lower case is the release
        let forms = vec!["Debian 3.0".to_string()];
        for (sentence, names) in [
            ("Debian 3.0 Woody was released.", true),
            (
                "Before woody could be released, the archive changed.",
                false,
            ),
            ("It was ready for the woody release.", true),
            ("Debian woody shipped KDE.", true),
            ("Debian 3.0 (woody) was released.", true),
            ("The woody plants grew.", false),
            ("Woodyard is elsewhere.", false),
        ] {
            assert_eq!(
                !release_sentences(&[sentence], "Woody", &forms).is_empty(),
                names,
                "{sentence}"
            );
        }
        // a release named by an everyday word is a term, and one entity with its forms
        let (found, _) = extract(&series, &[]);
        let potato = found
            .iter()
            .find(|f| f.text == "Potato")
            .expect("Potato is found");
        assert_eq!(potato.kind, TermKind::Work);
        assert_eq!(potato.variants, ["Debian 2.2"]);
    }

    /// The terms found in the sentences, lower-cased.
    fn found_texts(sentences: &[&str]) -> Vec<String> {
        let (found, _) = extract(sentences, &[]);
        found.iter().map(|f| f.text.to_lowercase()).collect()
    }

    #[test]
    fn a_code_name_is_a_release_once_given() {
        // (sentence, the name it gives, if any)
        for (sentence, name) in [
            (
                "The testing release is currently codenamed Bookworm.",
                Some("Bookworm"),
            ),
            (
                "Work goes on in the unstable distribution (codenamed sid, after the kid).",
                Some("sid"),
            ),
            (
                "The project was code-named \"Atlas\" at first.",
                Some("Atlas"),
            ),
            // the noun is no naming; a lower-case word that goes on is no name
            ("The codename used for the release was chosen later.", None),
            ("Save the code named main in a file.", None),
            ("The release was codenamed using a toy's name.", None),
        ] {
            let (found, _) = extract(&[sentence], &[]);
            let works: Vec<&str> = found
                .iter()
                .filter(|f| f.kind == TermKind::Work)
                .map(|f| f.text.as_str())
                .collect();
            assert_eq!(works, name.into_iter().collect::<Vec<_>>(), "{sentence}");
        }
    }

    #[test]
    fn a_gloss_in_apposition_names_software() {
        // (the text before the word, after it, whether it glosses the word as software)
        for (before, after, gloss) in [
            (
                "the introduction of ",
                ", a new package management interface.",
                true,
            ),
            (
                "This release features ",
                ", a modular piece of software that features",
                true,
            ),
            ("Most users run ", ", an editor for the console.", true),
            // a clause after a comma, a list, a definite article, an opening phrase
            ("At its ", ", a shell is simply a macro processor", false),
            ("the core of it: the ", ", a shell, update, getty", false),
            (
                "It included ",
                ", the next-generation package manager interface.",
                false,
            ),
            (
                "the introduction of ",
                " is a new package management interface.",
                false,
            ),
            ("the introduction of ", ", a new way of working.", false),
            ("By ", ", a program that reads input stops.", false),
        ] {
            assert_eq!(software_gloss(before, after), gloss, "{before}… {after}");
        }
    }

    #[test]
    fn a_common_noun_capitalised_as_a_name_is_one() {
        // (sentences, a name, whether it is found)
        let cases: &[(&[&str], &str, bool)] = &[
            // a noun of the stop list heads "X of Y"
            (
                &[
                    "They will rise on the Day of Resurrection.",
                    "Fear the Day of Resurrection, when all are gathered.",
                    "2:212 Those who fear Allah are above them on the Day of Resurrection.",
                ],
                "day of resurrection",
                true,
            ),
            // an ordinary noun the text capitalises after "the", lower case once in ten
            (
                &[
                    "They believe in the Hereafter and pray.",
                    "The Hereafter is better for you.",
                    "They bought this world for the Hereafter.",
                    "Of the Hereafter they are certain.",
                    "The home of the Hereafter is for the righteous.",
                    "Warn them of the Hereafter.",
                    "The Hereafter is near.",
                    "Those who deny the Hereafter will lose.",
                    "They fear the Hereafter.",
                    "They are heedless of the Hereafter.",
                    "The reward of the Hereafter is greater.",
                    "Those who believe in the Hereafter will pray.",
                    "It will be so hereafter.",
                ],
                "hereafter",
                true,
            ),
            // not an adjective so written: "the Merciful" names an attribute
            (
                &[
                    "He is the Exalted in Might, the Merciful.",
                    "Allah is the Merciful.",
                    "Rely upon the Merciful.",
                    "Indeed, He is the Merciful.",
                    "Trust in the Merciful.",
                    "Praise the Merciful.",
                    "Fear the Merciful.",
                    "He is ever the Merciful.",
                    "They turned to the Merciful.",
                    "It is from the Merciful.",
                    "Know that He is the Merciful.",
                    "He is near to the Merciful.",
                    "They were not merciful.",
                ],
                "merciful",
                false,
            ),
        ];
        for &(sentences, name, want) in cases {
            let found = found_texts(sentences);
            assert_eq!(found.iter().any(|f| f == name), want, "{name}: {found:?}");
        }
    }

    #[test]
    fn writings_of_one_person_name_are_told_from_other_people() {
        // (short, long, one person)
        for (short, long, same) in [
            ("Chris Rutter", "Christopher Rutter", true),
            ("Christopher Rutter", "Christopher Matthew Rutter", true),
            ("Chris Rutter", "Christopher Matthew Rutter", true),
            ("Kristoffer Rose", "Kristoffer H. Rose", true),
            // two given names, or two surnames, are two people
            ("John Smith", "Jane Smith", false),
            ("Ian Murdock", "Ian Jackson", false),
            ("Jo Smith", "John Smith", false),
            // an epithet is no middle name; a name is not its own writing
            ("Uriah Hittite", "Uriah the Hittite", false),
            ("Bdale Garbee", "Bdale Garbee", false),
            ("Christopher Matthew Rutter", "Christopher Rutter", false),
        ] {
            assert_eq!(same_person(short, long), same, "{short} / {long}");
        }
    }

    /// Asserts, for each (sentence, how many times the text says it, word, whether it is a
    /// term), whether the analysis of the sentence repeated finds the word.
    fn assert_terms(cases: &[(&str, usize, &str, bool)]) {
        for &(sentence, times, word, term) in cases {
            let sentences = vec![sentence; times];
            let found = found_texts(&sentences);
            assert_eq!(
                found.iter().any(|f| f == word),
                term,
                "{sentence} ×{times}: {found:?}"
            );
        }
    }

    #[test]
    fn a_word_no_dictionary_knows_is_a_name_of_the_book() {
        // (the word; a sentence using it where no noun stands, said six times; one with it in
        // a noun's place; whether it is a term): a name though a noun's place holds it once in
        // seven uses (a fifth makes a term of any word)
        let cases = [
            // a program, a transliterated term
            (
                "dpkg",
                "Soon dpkg was used to install all packages.",
                "Work on dpkg went on.",
                true,
            ),
            (
                "zakah",
                "They pray and give zakah, then they rest.",
                "They pay the zakah.",
                true,
            ),
            // English words the dictionary lacks: an inflection, a compound, a spelling
            (
                "dwelleth",
                "He dwelleth in the house and rests.",
                "Of dwelleth we speak.",
                false,
            ),
            (
                "callback",
                "Then callback runs when reading ends.",
                "Pass the callback.",
                false,
            ),
            (
                "behaviour",
                "Then behaviour differs from the old one.",
                "Note the behaviour.",
                false,
            ),
            // an abbreviation and a short variable name
            (
                "param",
                "Then param applies to the value.",
                "Set the param here.",
                false,
            ),
            (
                "dst",
                "Read the line and then copy dst twice.",
                "Copy the dst here.",
                false,
            ),
            // never in a noun's place (an archaic verb)
            (
                "sheweth",
                "And he sheweth them his works.",
                "And he sheweth it.",
                false,
            ),
            // code
            (
                "fgets",
                "if (!fgets (buf, BUFSIZ, stdin)) perror (\"fgets\");",
                "Call the fgets.",
                false,
            ),
        ];
        for (word, used, in_a_noun_place, term) in cases {
            let mut sentences = vec![used; 6];
            sentences.push(in_a_noun_place);
            let found = found_texts(&sentences);
            assert_eq!(found.iter().any(|f| f == word), term, "{word}: {found:?}");
        }
        // (and in three sentences at least)
        let found = found_texts(&[
            "Soon dpkg was used to install all packages.",
            "Work on dpkg went on.",
        ]);
        assert!(!found.iter().any(|f| f == "dpkg"), "{found:?}");
    }

    #[test]
    fn a_program_named_before_a_software_head_is_a_term() {
        // (sentence, how many times the text says it, the word, whether it is a term)
        assert_terms(&[
            ("Run the dh command in the tree.", 2, "dh", true),
            (
                "Then the debsign command signs the file.",
                2,
                "debsign",
                true,
            ),
            (
                "The postinst script runs after unpacking.",
                2,
                "postinst",
                true,
            ),
            (
                "Call the python3 program with the path.",
                2,
                "python3",
                true,
            ),
            // ordinary words name a class or a position, not a program
            (
                "Type the following command in a terminal.",
                2,
                "following",
                false,
            ),
            ("Any shell command may be given here.", 2, "shell", false),
            ("Edit the make command line.", 2, "make", false),
            // a program needs an article before it, and two sentences
            ("Then dh command runs.", 2, "dh", false),
            ("Run the dh command in the tree.", 1, "dh", false),
        ]);
    }

    #[test]
    fn manual_references_are_names_joined_to_a_section() {
        // (sentence, the names it cites)
        let cases: &[(&str, &[&str])] = &[
            ("Use ”apt-get(8)” and printf(3).", &["apt-get", "printf"]),
            (
                "See mkfs.ext4(8) and pam_unix(8).",
                &["mkfs.ext4", "pam_unix"],
            ),
            // a list's number, a path, a capitalised word, a section out of range
            ("Do the steps (1) and (2).", &[]),
            ("Run /usr/bin/foo(1) now.", &[]),
            ("Read Foo(1) and bar(9).", &[]),
        ];
        for &(sentence, names) in cases {
            let refs = manual_references(&[sentence]);
            let mut got: Vec<&str> = refs.into_iter().collect();
            got.sort_unstable();
            let mut want = names.to_vec();
            want.sort_unstable();
            assert_eq!(got, want, "{sentence}");
        }
    }

    #[test]
    fn programs_are_the_first_words_a_shell_prompt_runs() {
        // (sentence, the programs it runs)
        let cases: &[(&str, &[&str])] = &[
            ("$ dpkg-deb -x foo.deb dir", &["dpkg-deb"]),
            (
                "Then:\n $ cd foo\n $ sudo apt-get install less",
                &["cd", "apt-get"],
            ),
            // a comment or root prompt, a price, an assignment, a path, a capitalised word
            ("# only root may do this", &[]),
            ("It costs $ 50 a month.", &[]),
            ("$ FOO=1 make", &[]),
            ("$ foo=1 make", &[]),
            ("$ ./configure --prefix=/usr", &[]),
            ("$ Make it so", &[]),
        ];
        for &(code, names) in cases {
            assert_eq!(prompt_programs([code]), names, "{code}");
        }
        // A program the code runs is a term where the prose names it three times, with all
        // those uses; a word of the dictionary the code runs ("make") is none, and neither is
        // a program the prose names less.
        let code = [
            "$ apt-get source foo",
            "$ make install",
            "$ dpkg-deb -x a.deb dir",
        ];
        let prose = [
            "Get the sources with something like apt-get source packagename.",
            "This file contains values which dpkg, dselect and apt-get use.",
            "Both aptitude and apt-get install the recommended packages.",
            "You need to make a choice.",
            "Do not make it too long.",
            "Then make sure it builds.",
            "The dpkg-deb program is used by dpkg.",
        ];
        let programs = prompt_programs(code);
        let (found, _) = extract(&prose, &programs);
        let sentences = |t: &str| {
            found
                .iter()
                .find(|f| f.text == t)
                .map(|f| f.sentences.len())
        };
        assert_eq!(sentences("apt-get"), Some(3));
        assert_eq!(sentences("make"), None);
        assert_eq!(sentences("dpkg-deb"), None);
        // (without the code, apt-get is no term)
        let (found, _) = extract(&prose, &[]);
        assert!(!found.iter().any(|f| f.text == "apt-get"));
    }

    #[test]
    fn variables_are_the_capitalised_names_a_dollar_expands() {
        // (sentence, the variables it expands)
        let cases: &[(&str, &[&str])] = &[
            ("Install into $(DESTDIR)/usr.", &["DESTDIR"]),
            ("Set ${PATH} and $HOME first.", &["HOME", "PATH"]),
            ("It uses $DEB_HOST_MULTIARCH.", &["DEB_HOST_MULTIARCH"]),
            // a placeholder in lower case, a price, a single letter, a mixed-case name
            ("for d in $d; do echo $file; done", &[]),
            ("It costs $50.", &[]),
            ("Use $X or $Home.", &[]),
        ];
        for &(sentence, names) in cases {
            let mut got: Vec<&str> = variable_references(&[sentence]).into_iter().collect();
            got.sort_unstable();
            let mut want = names.to_vec();
            want.sort_unstable();
            assert_eq!(got, want, "{sentence}");
        }
        // A variable the text expands is a term wherever it is named, with or without the
        // dollar; the same word never expanded is none.
        let text = [
            "The install target copies files into $(DESTDIR).",
            "The DESTDIR variable is prepended to each path.",
            "Packagers set DESTDIR to a temporary directory.",
        ];
        let (found, _) = extract(&text, &[]);
        let destdir = found.iter().find(|f| f.text == "DESTDIR").expect("DESTDIR");
        assert_eq!(destdir.sentences, vec![0, 1, 2]);
        let plain = [text[1], text[2]];
        let (found, _) = extract(&plain, &[]);
        assert!(
            !found
                .iter()
                .any(|f| f.text == "DESTDIR" && f.kind == TermKind::Term)
        );
    }

    #[test]
    fn a_program_cited_with_its_manual_section_is_a_term_with_all_its_uses() {
        // (the text, the word, the sentences its term names: none where it is no term of
        // the first rank)
        let cases: &[(&[&str], &str, usize)] = &[
            (
                &[
                    "You run ”apt-get(8)” from scripts.",
                    "Then apt-get install less makes less the pager.",
                    "Run apt-get update before you upgrade.",
                ],
                "apt-get",
                3,
            ),
            // (the same text without the citation names no term: a command is seldom a
            // noun after an article)
            (
                &[
                    "You run ”apt-get” from scripts.",
                    "Then apt-get install less makes less the pager.",
                    "Run apt-get update before you upgrade.",
                ],
                "apt-get",
                0,
            ),
            // cited once and named once more is too little
            (
                &[
                    "The journalctl(1) command shows the log.",
                    "Run journalctl -b for this boot.",
                ],
                "journalctl",
                0,
            ),
            // an everyday word names more than the program: "find" is no term by this rule
            (
                &[
                    "Use find(1) to search.",
                    "You will find it there.",
                    "We find that it works.",
                ],
                "find",
                0,
            ),
        ];
        for &(text, word, named) in cases {
            let (found, _) = extract(text, &[]);
            // (a term by this rule ranks with the book's frequent terms)
            let term = found
                .iter()
                .find(|f| f.text == word)
                .filter(|f| f.salience >= 0.4);
            assert_eq!(
                term.map_or(0, |f| f.sentences.len()),
                named,
                "{word} in {text:?}: {:?}",
                found.iter().map(|f| &f.text).collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn an_adjective_inside_a_sentence_opens_a_name() {
        // (sentences, the name found, a name not found)
        for (sentences, name, not) in [
            (
                [
                    "They met in New York City.",
                    "The hotel in New York City was full.",
                ],
                "new york city",
                "york city",
            ),
            (
                [
                    "It cites the Old Testament.",
                    "Read the Old Testament twice.",
                ],
                "old testament",
                "testament",
            ),
            // (at the start of a sentence it is the ordinary word)
            (
                [
                    "New Debian releases come often.",
                    "New Debian releases are tested.",
                ],
                "debian",
                "new debian",
            ),
        ] {
            let found = found_texts(&sentences);
            assert!(found.iter().any(|f| f == name), "{sentences:?}: {found:?}");
            assert!(!found.iter().any(|f| f == not), "{sentences:?}: {found:?}");
        }
    }

    #[test]
    fn a_subject_and_its_verb_are_no_phrase() {
        for (sentences, phrase, kept) in [
            (
                [
                    "The device reads one format.",
                    "Each device reads the disk.",
                    "A device reads a file.",
                ],
                "device read",
                false,
            ),
            (
                [
                    "The package providing it is gone.",
                    "A package providing a file.",
                    "The package providing the library.",
                ],
                "package providing",
                false,
            ),
            (
                [
                    "The purposes related to it are listed.",
                    "Other purposes related to it.",
                    "Purposes related to them.",
                ],
                "purposes related",
                false,
            ),
            (
                [
                    "The device reader is small.",
                    "A device reader holds books.",
                    "Buy a device reader.",
                ],
                "device reader",
                true,
            ),
        ] {
            let found = found_texts(&sentences);
            assert_eq!(
                found.iter().any(|f| f == phrase),
                kept,
                "{phrase}: {found:?}"
            );
        }
    }

    #[test]
    fn a_things_name_is_told_from_a_persons() {
        for (name, thing) in [
            ("Red Hat", true),
            ("Boot Record", true),
            ("Advanced Linux Sound Architecture", true),
            ("GNU Privacy Guard", true),
            ("Craig Small", false),
            ("Havoc Pennington", false),
            ("Dafydd Harries", false),
            ("Mark Brown", false),
            ("Henry VIII", false),
            ("Moses", false),
        ] {
            assert_eq!(thing_like_name(&tokenize(name)), thing, "{name}");
        }
    }

    /// What a program or a value does too ("the MPI returned") is no speech of an acronym;
    /// a person's speech stays.
    #[test]
    fn an_acronym_that_is_returned_is_no_speaker() {
        let sentences = [
            "The MPI returned by this function must be released.",
            "An MPI is stored as a signed integer.",
            "Convert the MPI into a buffer; the MPI returned is new.",
            "The MPI added to the list is copied.",
            "Werner said the code was ready.",
            "Then Werner added a test, and Werner wrote the manual.",
        ];
        let (found, _) = extract(&sentences, &[]);
        let kind = |t: &str| found.iter().find(|f| f.text == t).map(|f| f.kind);
        assert_ne!(kind("MPI"), Some(TermKind::Person));
        assert_eq!(kind("Werner"), Some(TermKind::Person));
    }

    #[test]
    fn a_possessive_ends_a_name() {
        let sentences = [
            "He learned it from Murray's Grammar at school.",
            "The rule stands in Murray's Grammar, as every boy knows.",
            "Noah's Ark rested on the mountain, and Noah's Ark was long.",
            "Noah built it with his sons; Noah was old.",
            "See the Debian Administrator's Handbook for more.",
            "The Debian Administrator's Handbook covers it too.",
        ];
        let (found, _) = extract(&sentences, &[]);
        let has = |t: &str| found.iter().any(|f| f.text == t);
        assert!(!has("Murray Grammar") && !has("Noah Ark"));
        assert!(has("Noah"));
        // (a work's head goes on past the possessive)
        assert!(has("Debian Administrator Handbook"));
    }

    #[test]
    fn saint_stays_in_a_name_and_makes_no_person() {
        let sentences = [
            "The ship touched at St. Helena for water.",
            "From St. Helena they sailed south.",
            "The island of St. Helena lay astern.",
        ];
        let (found, _) = extract(&sentences, &[]);
        assert!(
            !found
                .iter()
                .any(|f| f.text.ends_with("Helena") && f.kind == TermKind::Person)
        );
        assert!(found.iter().any(|f| f.text == "St Helena"));
    }

    #[test]
    fn roman_numerals_that_count_are_no_names() {
        let sentences = [
            "The whales are divided into books: I. The Folio Whale; II. The Octavo Whale.",
            "Of the Folio Whale there are kinds: I. The Sperm Whale; II. The Right Whale.",
            "Then came III. The Duodecimo Whale, which the sailors know well.",
        ];
        let (found, _) = extract(&sentences, &[]);
        let has = |t: &str| found.iter().any(|f| f.text == t);
        assert!(!has("II") && !has("III"));
        assert!(has("Folio Whale"));
        // (an acronym written in the same letters, with no numeral beside it)
        let sentences = [
            "The cipher takes an IV of sixteen bytes, and a fresh IV for every message.",
            "Never reuse an IV with the same key, since the IV keeps the output apart.",
            "A random IV is sent in the clear before the first block.",
        ];
        let (found, _) = extract(&sentences, &[]);
        assert!(found.iter().any(|f| f.text == "IV"));
        for (w, v) in [
            ("II", Some(2)),
            ("XIV", Some(14)),
            ("IIII", None),
            ("CLI", None),
        ] {
            assert_eq!(roman_numeral(w), v, "{w}");
        }
    }

    #[test]
    fn a_title_is_stripped_from_a_person_not_from_a_name_of_ordinary_words() {
        let sentences = [
            "Any Developer may propose a General Resolution to the project.",
            "The Developers decide by General Resolution when the Leader cannot.",
            "The Master Boot Record holds the boot loader of the disk.",
            "A damaged Master Boot Record stops the machine from booting.",
            "Then King David went up to the city, and King David built the wall.",
            "The table lists the Cardinal Numbers of the language.",
            "Each of the Cardinal Numbers has a word of its own.",
        ];
        let (found, _) = extract(&sentences, &[]);
        let has = |t: &str| found.iter().any(|f| f.text == t);
        for (name, present) in [
            ("General Resolution", true),
            ("Resolution", false),
            ("Master Boot Record", true),
            ("Boot Record", false),
            ("David", true),
            ("King David", false),
            ("Cardinal Numbers", true),
            ("Numbers", false),
        ] {
            assert_eq!(has(name), present, "{name}");
        }
    }

    /// A name and the adjective said of it are no name ("ever is Allah Knowing and Wise");
    /// a name the text sets beside a person's deed or office is a person's ("David killed
    /// Goliath", "sent to you Saul as a king"), and an epithet after "the" is no such name.
    #[test]
    fn what_is_said_of_a_name_and_what_a_person_does() {
        let mut sentences = vec![
            "And ever is Allah Knowing and Wise.",
            "Indeed, Allah Knowing and Acquainted is He.",
            "They are knowing of what they do, and they were knowing before.",
            "And David killed Goliath, and Allah gave him the kingship.",
            "Goliath and his soldiers went out against them.",
            "Indeed, Allah has sent to you Saul as a king.",
            "And when Saul went forth with the soldiers, the river was near.",
            "None will come to the Most Merciful as a servant.",
            "He is the Most Merciful of the merciful.",
        ];
        sentences.extend(std::iter::repeat_n("Allah is the Lord of the worlds.", 12));
        let (found, _) = extract(&sentences, &[]);
        let kind = |t: &str| found.iter().find(|f| f.text == t).map(|f| f.kind);
        for (name, want) in [
            ("Allah Knowing", None),
            ("Goliath", Some(TermKind::Person)),
            ("Saul", Some(TermKind::Person)),
        ] {
            assert_eq!(kind(name), want, "{name}");
        }
        assert_ne!(kind("Merciful"), Some(TermKind::Person), "an epithet");
    }

    #[test]
    fn tokens() {
        let cases: &[(&str, &[&str])] = &[
            ("Mr. Darcy said no.", &["Mr", "Darcy", "said", "no"]),
            (
                "Use stream.pipeline() and highWaterMark.",
                &["Use", "stream.pipeline", "and", "highWaterMark"],
            ),
            (
                "Files in /usr/local and e-book readers",
                &["Files", "in", "/usr/local", "and", "e-book", "readers"],
            ),
            ("don't panic", &["don't", "panic"]),
            (
                "David's son and Readline’s keys",
                &["David", "son", "and", "Readline", "keys"],
            ),
            (
                "Kristoffer H. Rose wrote it.",
                &["Kristoffer", "H.", "Rose", "wrote", "it"],
            ),
            ("it's here", &["it's", "here"]),
            ("Barnes & Noble", &["Barnes", "&", "Noble"]),
            // (a PDF's closing quote mark may open a quotation)
            ("”/etc/fstab”", &["/etc/fstab"]),
            ("a&b", &["a", "b"]),
            // (a wildcard inside a name: the family of names is one token)
            (
                "the DEB_*_GNU_TYPE variables",
                &["the", "DEB_*_GNU_TYPE", "variables"],
            ),
            ("2 * 3", &["2", "3"]),
        ];
        for (s, want) in cases {
            let got: Vec<&str> = tokenize(s).iter().map(|t| t.text).collect();
            assert_eq!(&got, want, "{s}");
        }
    }

    #[test]
    fn code_and_caps() {
        let cases = [
            ("highWaterMark", true, false),
            ("stream.pipeline", true, false),
            ("/usr", true, false),
            ("O_NONBLOCK", true, false),
            ("e.g", false, false),
            ("update-rc.d", true, false),
            ("a.out", true, false),
            ("U.S", false, false),
            ("Fig.3", false, false),
            ("1.2.3", false, false),
            ("Darcy", false, true),
            ("McIntyre", false, true),
            ("MacDonald", false, true),
            ("MacOSVersion", true, true),
            ("GUI", false, true),
            ("and", false, false),
            ("IDNA2008", true, false),
            ("UTF-8", true, false),
            ("TR46", true, false),
            ("A1", false, false),
            ("X11", false, false),
            ("ISO-", false, false),
            // (a pronoun's or an auxiliary's contraction is no name; a name with an
            // apostrophe is)
            ("I'll", false, false),
            ("I’ve", false, false),
            ("Don't", false, false),
            ("They're", false, false),
            ("O'Brien", false, true),
            ("Sa'd", false, true),
        ];
        for (w, code, cap) in cases {
            assert_eq!((is_code(w), is_cap(w)), (code, cap), "{w}");
        }
    }

    #[test]
    fn numbered_names_are_letters_and_a_number() {
        for (w, want) in [
            ("ext4", true),
            ("amd64", true),
            ("i386", true),
            ("x86", true),
            ("iproute2", true),
            ("md5sum", true),
            ("e2fsprogs", false),
            ("x1", false),
            ("64k", false),
            ("utf-8", false),
            ("Ext4", false),
            ("ext", false),
        ] {
            assert_eq!(numbered_name(w), want, "{w}");
        }
    }

    #[test]
    fn a_numbered_name_used_often_is_a_term_and_a_placeholder_is_not() {
        let sentences = [
            "Format the partition as ext4 before you mount it.",
            "The ext4 filesystem keeps a journal.",
            "Resize an ext4 filesystem with resize2fs.",
            "Copy file1 to file2 first.",
            "Then compare file1 and file2 again.",
            "Remove file1 when file2 is safe.",
            "Link with libfoo1 first.",
            "The libfoo1 package ships the library.",
            "Install libfoo1 from the archive.",
            "The python3 binary runs the script.",
            "Debian makes python3 the default.",
            "Install python3 from the archive.",
        ];
        let (found, _) = extract(&sentences, &[]);
        assert!(find(&found, "ext4").is_some());
        for w in ["file1", "file2", "libfoo1", "python3"] {
            assert!(find(&found, w).is_none(), "{w}");
        }
    }

    #[test]
    fn a_program_cited_with_its_section_takes_in_its_acronym_unless_the_acronym_is_a_name() {
        let mut sentences = vec![
            "Primary debugger on Debian is gdb(1), which inspects a program while it runs.",
            "See Debugging with GDB for more.",
            "Load the core dump into GDB and read the stack.",
            "Put a CD into the drive and mount the CD.",
            "Burn the CD with wodim.",
        ];
        sentences.extend(["Start gdb on the binary.", "Type run in gdb to start it."]);
        sentences.extend(["Quit gdb with q.", "Set a breakpoint in gdb with b."]);
        sentences.extend(["Print a variable in gdb with p.", "Step in gdb with s."]);
        sentences.extend(["List the source in gdb with l.", "Attach gdb to a process."]);
        sentences.extend(["Continue in gdb with c.", "Read the manual of gdb."]);
        sentences.extend(["Use cd(1) to change the directory.", "Type cd to go home."]);
        sentences.extend(["Then cd back.", "A bare cd changes to the home directory."]);
        let (found, _) = extract(&sentences, &[]);
        let gdb = find(&found, "gdb").expect("gdb");
        assert!(
            gdb.variants.contains(&"GDB".to_string()),
            "{:?}",
            gdb.variants
        );
        assert!(find(&found, "GDB").is_none());
        assert!(
            find(&found, "CD").is_some(),
            "the compact disc stays its own name"
        );
    }

    fn find<'a>(found: &'a [Found], text: &str) -> Option<&'a Found> {
        found.iter().find(|f| f.text == text)
    }

    #[test]
    fn a_roll_of_names_names_people() {
        let roll = [
            "The following people contributed.",
            "Ian Murdock",
            "Theodore Ts'o",
            "Lennart Poettering",
            "Eric S. Raymond",
            "Rusty Russell",
            "Karl Goetz",
        ];
        let (found, _) = extract(&roll, &[]);
        for name in [
            "Ian Murdock",
            "Lennart Poettering",
            "Eric S. Raymond",
            "Karl Goetz",
        ] {
            assert_eq!(
                find(&found, name).map(|f| f.kind),
                Some(TermKind::Person),
                "{name}"
            );
        }
        // a list of headings is no roll, nor are four names
        let headings = [
            "Package Management",
            "System Administration",
            "Network Configuration",
            "Data Storage",
            "Desktop Environments",
        ];
        assert!(roll_of_names(&headings).is_empty());
        assert!(roll_of_names(&roll[1..5]).is_empty());
        // a contributors table, not a table of headings or of values
        let table = "| Brandon S. Allbery | John A. Martin | Mike Sangrey |\n| Keith Bostic | Ian Murdock | Rik Faith |";
        assert!(is_table_of_names(table));
        let (found, _) = extract(&[table], &[]);
        for name in [
            "John A. Martin",
            "Mike Sangrey",
            "Rik Faith",
            "Keith Bostic",
        ] {
            assert_eq!(
                find(&found, name).map(|f| f.kind),
                Some(TermKind::Person),
                "{name}"
            );
        }
        assert!(is_table_of_names(
            "| Brandon S. Allbery | John A. Martin | Mike Sangrey |\n| Thomas Sippel-Dau | Theodore Ts'o | Fred N. van Kempen |"
        ));
        assert!(!is_table_of_names(&headings.join(" | ")));
        assert!(!is_table_of_names("| Name | Size |\n| Ian Murdock | 12 |"));
    }

    /// The names under a book's title are its authors' (with " and", or a comma and an
    /// affiliation after them); a title line of common words is no name, and nothing after
    /// the first sentence of prose or the copyright notice is the title page.
    #[test]
    fn names_under_the_title_are_the_authors() {
        let page = [
            "Producing Widgets with groff",
            "Bash Reference Manual",
            "Deri James and",
            "Peter Schaffter",
            "Chet Ramey, Case Western Reserve University",
            "Copyright 2015 Free Software Foundation",
            "Rik Faith",
        ];
        let want: HashSet<usize> = [2, 3, 4].into_iter().collect();
        assert_eq!(title_page_names(&page), want);
        let prose = [
            "Widgets",
            "This manual describes how widgets are made and how a reader may use them.",
            "Deri James",
        ];
        assert!(title_page_names(&prose).is_empty());
        // (a book named after a person: its title is no author)
        let novel = [
            "Jane Eyre",
            "An Autobiography",
            "Charlotte Morrow",
            "Jane Eyre",
        ];
        let want: HashSet<usize> = [2].into_iter().collect();
        assert_eq!(title_page_names(&novel), want);
        let (found, _) = extract(&page, &[]);
        assert_eq!(
            find(&found, "Deri James").map(|f| f.kind),
            Some(TermKind::Person)
        );
    }

    #[test]
    fn an_item_named_by_its_field_is_a_term() {
        // "depends" is an ordinary word the text also writes in lower case; "the Depends
        // field" names an item all the same. One naming is not enough.
        let text = [
            "The Depends field lists packages.",
            "A package depends on another.",
            "Set the Depends field carefully.",
            "It depends on the weather.",
            "Fill in the Breaks field once.",
            "It breaks nothing.",
        ];
        let (found, _) = extract(&text, &[]);
        assert_eq!(
            find(&found, "Depends").map(|f| f.kind),
            Some(TermKind::Term)
        );
        assert!(find(&found, "Breaks").is_none());
    }

    #[test]
    fn kinds_from_stated_relations_lists_and_belief() {
        let sents = [
            "David the son of Jesse was king of Israel.",
            "Then Jesse said to David, Go.",
            "They went to Israel in the spring.",
            "The people of Noah denied him, and Noah said, Fear God.",
            "We believe in God and in what came to Abraham, Isaac and Jacob.",
            "Fear God, and Abraham said, Isaac and Jacob listened.",
            "Abraham said to his people: worship God.",
            "Jacob said to his sons: worship God.",
            "In January the people of Noah left.",
            "God is the best of planners, said Noah.",
            "Say: God knows, and Jews We have guided.",
            "Jews and Christians argued about Abraham, and they trust in God.",
            "Jacob said the Jews argued.",
            "Kristoffer H. Rose said yes.",
            "Then Kristoffer H. Rose left.",
            // "in X" now and then is no place: a system, a faith, a field
            "Packages in Gentoo are built from source.",
            "Gentoo uses its own init scripts, and Gentoo ships them.",
            "The Gentoo developers said Gentoo would stay.",
            "Gentoo has a handbook.",
            // a group named by an ordinary plural is no person
            "Then Gentoo Maintainers said yes.",
            "Later Gentoo Maintainers said no, and maintainers upload.",
            "Two maintainers and more maintainers agree.",
            // a people named by a group noun and "of"
            "Then the Children of Israel said to Moses: pray.",
            "And the Children of Israel said, We hear.",
        ];
        let (found, _) = extract(&sents, &[]);
        let kind = |t: &str| find(&found, t).map(|f| f.kind);
        // (name, kind)
        for (name, want) in [
            ("David", Some(TermKind::Person)),
            ("Jesse", Some(TermKind::Person)),
            ("Israel", Some(TermKind::Place)),
            ("Noah", Some(TermKind::Person)),
            ("God", Some(TermKind::Person)),
            ("Isaac", Some(TermKind::Person)),
            ("January", None),
            ("Fear God", None),
            ("Jews We", None),
            ("Kristoffer H. Rose", Some(TermKind::Person)),
            ("Kristoffer", None),
            ("Gentoo", Some(TermKind::Other)),
        ] {
            assert_eq!(kind(name), want, "{name}");
        }
        assert!(kind("Gentoo Maintainers").is_some_and(|k| k != TermKind::Person));
        assert!(kind("Children of Israel").is_some_and(|k| k != TermKind::Person));
    }

    /// A person known by a surname alone is a person where the text says what the person
    /// was or gives a life: a history of a science or an art names its people so.
    #[test]
    fn a_surname_is_a_person_where_the_text_says_what_the_person_was() {
        let sents = [
            "Kepler was an astronomer, but he was also an able geometer.",
            "The laws that Kepler found were simple.",
            "During the decade 1780 to 1789, Coulomb, a Frenchman, proved that poles attract.",
            "The law of Coulomb holds.",
            "The next was Ptolemy, the great Alexandrian astronomer, whom we have mentioned.",
            "The tables of Ptolemy were used.",
            "Auber was born in 1782, and died in May, 1871.",
            "The operas of Auber were light.",
            "The man who must have the credit is Menaechmus (born 375 b.c. and died 325 b.c.).",
            "The curves of Menaechmus are conics.",
            "Its forms came from the Baroque (1600–1750) and the Baroque ended.",
            "The Baroque had a school.",
            "The works of Bach (1685–1750) survive.",
            "The sons of Bach survive.",
            // (a program in apposition is no person, whatever the text says of it)
            "Later Emacs, the editor of choice, was installed.",
            "The manual of Emacs is long.",
            "Then Python, a language for scripts, was used.",
            "The users of Python wrote code.",
            "Lasus was the teacher of the poet Pindar in Thebes.",
            "Then Stesichorus and Pindar came.",
            "Thus Berlioz' life was embittered by the want of recognition.",
            "The Requiem by Berlioz is long.",
            "The plays of Sophocles (495-406 B.C.) survive.",
            "Then Sophocles won.",
            "Then Terpander taught, and Pindar, his pupil, followed.",
            "Terpander played the lyre.",
            "Then Ambrose, the Archbishop of Milan, strove to define this music.",
            "The hymns of Ambrose are sung.",
            // (a word that qualifies a thing as well as a person)
            "It follows the general Debian policy, and the native Gentoo driver.",
            "The Debian archive and Gentoo are large.",
            "Copernicus, a Pole, born at Thorn in West Prussia (born 1473, died 1543), showed it.",
            "The maps of West Prussia are old, and the system of Copernicus is simpler.",
            "Finally the last great Greek geometer, Pappus of Alexandria, found it.",
            "When Pappus had finished, the subject was exhausted.",
            "These names are due to Apollonius of Perga (born about 260 b.c.).",
            "The book of Apollonius is long.",
        ];
        let (found, _) = extract(&sents, &[]);
        let kind = |t: &str| find(&found, t).map(|f| f.kind);
        for (name, person) in [
            ("Kepler", true),
            ("Coulomb", true),
            ("Ptolemy", true),
            ("Auber", true),
            ("Menaechmus", true),
            ("Baroque", false),
            ("Bach", true),
            ("Emacs", false),
            ("Python", false),
            ("Pindar", true),
            ("Berlioz", true),
            ("Sophocles", true),
            ("Terpander", false),
            ("Ambrose", true),
            ("Debian", false),
            ("Gentoo", false),
            ("Copernicus", true),
            ("West Prussia", false),
            ("Pappus of Alexandria", true),
            ("Apollonius of Perga", true),
        ] {
            assert_eq!(
                kind(name) == Some(TermKind::Person),
                person,
                "{name}: {:?}",
                kind(name)
            );
        }
    }

    /// A history's names: two names side by side once are no one's name and take no one's
    /// mentions ("the wife of Theseus Hippolyte"); a plural whose singular the text names is
    /// a people ("the Gauls", "a Gaul"); a mind's acts and "himself" are a person's.
    #[test]
    fn a_historys_people_and_names_side_by_side() {
        let mut sents = vec![
            "Some writers name the wife of Theseus Hippolyte, not Antiope.",
            "Hippolyte was a queen.",
            "The Gauls came over the Alps, and a Gaul was their leader.",
            "Then the Gauls took the city.",
            "The Gauls were many.",
            "Hannibal perceived the trap.",
            "That man was Hannibal himself.",
            "The army of Hannibal marched.",
            "The Senate decided to send an envoy, and the Senate desired peace.",
            "The Senate met.",
        ];
        let theseus = [
            "Theseus went to Crete.",
            "Theseus killed the Minotaur.",
            "Then Theseus sailed home.",
            "The ship of Theseus was kept.",
            "Theseus ruled Athens.",
            "Theseus came back.",
            "Theseus spoke.",
            "Theseus said nothing.",
            "Theseus fought.",
            "Theseus won.",
            "Theseus died.",
        ];
        sents.extend(theseus);
        let (found, _) = extract(&sents, &[]);
        let kind = |t: &str| find(&found, t).map(|f| f.kind);
        assert_eq!(kind("Theseus Hippolyte"), None);
        assert_eq!(kind("Theseus"), Some(TermKind::Person));
        assert_eq!(kind("Gauls"), Some(TermKind::Other));
        assert_eq!(kind("Hannibal"), Some(TermKind::Person));
        assert_ne!(kind("Senate"), Some(TermKind::Person));
    }

    /// Numbers in words and superlatives are no concepts; words that end so are.
    #[test]
    fn numbers_and_superlatives_are_no_concepts() {
        for (w, number, sup) in [
            ("twenty-eight", true, false),
            ("hundred", true, false),
            ("bravest", false, true),
            ("noblest", false, true),
            ("happiest", false, true),
            ("forest", false, false),
            ("interest", false, false),
            ("harvest", false, false),
            ("someone", false, false),
        ] {
            assert_eq!(number_words(w), number, "{w}");
            assert_eq!(superlative(w), sup, "{w}");
        }
    }

    /// Letters that label a drawing are no names; an acronym the text writes so is.
    #[test]
    fn a_figures_labels_are_no_names() {
        let sents = [
            "Draw the line AB through the point O.",
            "Then the line AB is parallel to the axis, and the angle AOP is right.",
            "The angle AOP grows as P moves, and AB stays.",
            "The DER encoding is used for certificates.",
            "Certificates in DER are smaller than in PEM.",
            "Keys in DER are smaller, and the line DER of the table is empty.",
        ];
        let (found, _) = extract(&sents, &[]);
        assert!(find(&found, "AB").is_none(), "a line's label");
        assert!(find(&found, "AOP").is_none(), "an angle's label");
        assert!(find(&found, "DER").is_some(), "an acronym");
    }

    /// A name is an organisation's when its head is an organisation's word.
    #[test]
    fn an_organisation_is_named_by_its_head() {
        let sents = [
            "The Debian Project was founded in 1993.",
            "Later the Debian Project grew, and the Debian Project elected leaders.",
            "The Project Leader has a casting vote.",
            "Then the Project Leader may appoint Delegates, and the Project Leader decides.",
            "The Bank of England said no.",
            "Later the Bank of England agreed, and the Bank of England paid.",
        ];
        let (found, _) = extract(&sents, &[]);
        let kind = |t: &str| find(&found, t).map(|f| f.kind);
        // (name, an organisation)
        for (name, org) in [
            ("Debian Project", true),
            ("Project Leader", false),
            ("Bank of England", true),
        ] {
            assert_eq!(
                kind(name) == Some(TermKind::Org),
                org,
                "{name}: {:?}",
                kind(name)
            );
        }
    }

    /// Two names that meet in a sentence are not one name; a name with an epithet is.
    #[test]
    fn names_that_meet_are_two() {
        let sents = [
            "And We gave Abraham the Scripture.",
            "Abraham said to his father: worship God.",
            "Then Abraham left, and Abraham prayed.",
            "Abraham said: my Lord.",
            "So Abraham went out.",
            "They denied the Scripture, and the Scripture is clear.",
            "Recite the Scripture, for the Scripture guides.",
            "And We gave Abraham the Scripture before.",
            "Alexander the Great said he would go.",
            "Later Alexander the Great said no.",
        ];
        let (found, _) = extract(&sents, &[]);
        assert!(find(&found, "Abraham the Scripture").is_none());
        assert!(find(&found, "Abraham").is_some());
        assert!(find(&found, "Alexander the Great").is_some());
    }

    #[test]
    fn a_capital_letter_and_an_ampersand_belong_to_names() {
        let sents = [
            "The X Window System draws windows.",
            "+N Brings the Nth directory to the top.",
            "They dwell in the Gardens of Pleasure.",
            "Enter the Gardens of Pleasure.",
            "Start the X Window System first.",
            "The Barnes & Noble Nook reads EPUB.",
            "Buy a Barnes & Noble Nook today.",
            "A Brief History is short.",
            "I Read the manual.",
        ];
        let (found, _) = extract(&sents, &[]);
        assert!(find(&found, "X Window System").is_some());
        assert!(find(&found, "Window System").is_none());
        assert!(find(&found, "Barnes & Noble Nook").is_some());
        assert!(find(&found, "Noble Nook").is_none());
        assert!(find(&found, "A Brief History").is_none());
        assert!(find(&found, "N Brings the Nth").is_none());
        assert!(find(&found, "Brings the Nth").is_none());
        assert!(find(&found, "Gardens of Pleasure").is_some());
    }

    /// A name the text introduces once with its acronym is kept, and goes by the acronym;
    /// not once without one, nor with an acronym the text goes on to use (a term of its own).
    #[test]
    fn a_name_introduced_with_its_acronym_is_kept_once() {
        let cases: [(&[&str], &str, Option<&str>); 5] = [
            (
                &[
                    "In the USA there is a law known as the Digital Millennium Copyright Act (DMCA).",
                ],
                "Digital Millennium Copyright Act",
                Some("DMCA"),
            ),
            (
                &[
                    "The EPUB format, from the International Digital Publishing Forum (IDPF), is a standard.",
                ],
                "International Digital Publishing Forum",
                Some("IDPF"),
            ),
            (
                &["In the USA there is a law known as the Digital Millennium Copyright Act."],
                "Digital Millennium Copyright Act",
                None,
            ),
            (
                &["We met the Wrong Bracket Name (XYZ) here."],
                "Wrong Bracket Name",
                None,
            ),
            (
                &["We met the Wrong Bracket Name (WBN) here."],
                "Wrong Bracket Name",
                Some("WBN"),
            ),
        ];
        for (sents, name, acronym) in cases {
            let (found, _) = extract(sents, &[]);
            let f = find(&found, name);
            assert_eq!(f.is_some(), acronym.is_some(), "{name}");
            if let (Some(f), Some(a)) = (f, acronym) {
                assert!(
                    f.variants.iter().any(|v| v == a),
                    "{name}: {:?}",
                    f.variants
                );
            }
        }
        // (an acronym used again is a term of its own: its expansion, named once, is none)
        let sents = [
            "Since XML is a subset of Standard Generalized Markup Language (SGML), tools work.",
            "SGML tools are old.",
            "Convert SGML to XML.",
        ];
        let (found, _) = extract(&sents, &[]);
        assert!(find(&found, "Standard Generalized Markup Language").is_none());
    }

    #[test]
    fn names_and_terms() {
        let sents = [
            "Calibre was created by Kovid Goyal, who leads it.",
            "Kovid Goyal chose the name.",
            "A readable stream emits data.",
            "Readable streams can be paused.",
            "The readable stream is in flowing mode.",
            "Mr. Darcy said nothing.",
            "Darcy walked in the garden.",
            "Elizabeth laughed at Mr. Darcy.",
            "They went to Longbourn, and Elizabeth replied.",
            "Set highWaterMark in the options.",
            "The highWaterMark limits the buffer.",
            "Readable streams use a buffer.",
        ];
        let (found, _) = extract(&sents, &[]);
        let k = find(&found, "Kovid Goyal").expect("Kovid Goyal");
        assert_eq!(k.kind, TermKind::Person);
        let d = find(&found, "Darcy").expect("Darcy");
        assert_eq!(d.kind, TermKind::Person);
        assert!(
            d.variants.iter().any(|v| v == "Mr Darcy"),
            "{:?}",
            d.variants
        );
        let r = find(&found, "readable stream").expect("readable stream");
        assert_eq!(r.kind, TermKind::NounPhrase);
        assert_eq!(r.sentences.len(), 4);
        assert!(find(&found, "highWaterMark").is_some());
        for junk in ["The", "They", "Set", "the", "readable streams"] {
            assert!(find(&found, junk).is_none(), "{junk}");
        }
    }
}

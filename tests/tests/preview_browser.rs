//! The preview site in a real browser: headless Debian `chromium` driven by `chromedriver`
//! through the W3C WebDriver HTTP API. It opens the home page, follows a link to an entry,
//! searches with the search box, opens the graph, checks a phone-sized window does not scroll
//! sideways, and checks that every link on every visited page answers 200.
//!
//! Needs `chromium` and `chromium-driver` (Debian packages; `.ci/run` installs them). Set
//! `GROVE_SCREENSHOTS=<dir>` to keep screenshots of the pages visited.

use std::collections::BTreeSet;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use grove_tests::*;
use serde_json::{Value, json};

/// A chromedriver process and one browser session, ended on drop.
struct Browser {
    driver: Child,
    base: String,
    session: String,
    http: Client,
}

impl Browser {
    fn start() -> Browser {
        let exe = ["chromedriver", "/usr/bin/chromedriver"]
            .into_iter()
            .find(|c| Command::new(c).arg("--version").output().is_ok())
            .expect("chromedriver is not installed: apt-get install -y chromium chromium-driver");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(exe)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let http = Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(r) = http.get(format!("{base}/status")).send()
                && r.json::<Value>().is_ok_and(|v| v["value"]["ready"] == true)
            {
                break;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        let binary = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
            .into_iter()
            .find(|p| std::path::Path::new(p).exists())
            .expect("chromium is not installed");
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": binary,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1280,900", "--lang=en-US"]
            }
        }}});
        let r: Value = http
            .post(format!("{base}/session"))
            .json(&caps)
            .send()
            .expect("new session")
            .json()
            .unwrap();
        let session = r["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {r}"))
            .to_string();
        Browser {
            driver,
            base,
            session,
            http,
        }
    }

    fn cmd(&self, method: Method, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}/session/{}{path}", self.base, self.session);
        let mut rb = self.http.request(method.clone(), &url);
        if let Some(b) = body {
            rb = rb.json(&b);
        } else if method == Method::POST {
            rb = rb.json(&json!({}));
        }
        let r: Value = rb.send().expect("webdriver").json().unwrap();
        assert!(
            r["value"]["error"].is_null(),
            "{method} {path}: {}",
            r["value"]
        );
        r["value"].clone()
    }

    fn go(&self, url: &str) {
        self.cmd(Method::POST, "/url", Some(json!({"url": url})));
    }

    fn url(&self) -> String {
        self.cmd(Method::GET, "/url", None)
            .as_str()
            .unwrap()
            .to_string()
    }

    /// The page's URL once it starts with `prefix` (or after 10 s, whatever it is then): a
    /// click that follows a link or submits a form can return before the navigation it
    /// started has committed, most often on a loaded machine.
    fn url_after_click(&self, prefix: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let url = self.url();
            if url.starts_with(prefix) || Instant::now() > deadline {
                return url;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn find_all(&self, css: &str) -> Vec<String> {
        self.cmd(
            Method::POST,
            "/elements",
            Some(json!({"using": "css selector", "value": css})),
        )
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            e.as_object()
                .unwrap()
                .values()
                .next()
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
    }

    fn find(&self, css: &str) -> String {
        self.find_all(css)
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no element {css} on {}", self.url()))
    }

    fn text(&self, el: &str) -> String {
        self.cmd(Method::GET, &format!("/element/{el}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn click(&self, el: &str) {
        self.cmd(Method::POST, &format!("/element/{el}/click"), None);
    }

    fn type_into(&self, el: &str, text: &str) {
        self.cmd(
            Method::POST,
            &format!("/element/{el}/value"),
            Some(json!({"text": text})),
        );
    }

    fn script(&self, js: &str) -> Value {
        self.cmd(
            Method::POST,
            "/execute/sync",
            Some(json!({"script": js, "args": []})),
        )
    }

    /// Absolute URLs of every link (`a[href]`, including SVG links) on the page.
    fn hrefs(&self) -> BTreeSet<String> {
        let v = self.script(
            "return Array.from(document.querySelectorAll('a[href]')).map(a => \
             (a.href && a.href.baseVal !== undefined) ? new URL(a.href.baseVal, location.href).href : a.href);",
        );
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    }

    fn screenshot(&self, name: &str) {
        let png = base64::engine::general_purpose::STANDARD
            .decode(self.cmd(Method::GET, "/screenshot", None).as_str().unwrap())
            .unwrap();
        assert!(png.starts_with(b"\x89PNG"), "screenshot is not a PNG");
        if let Ok(dir) = std::env::var("GROVE_SCREENSHOTS") {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
        }
    }

    fn resize(&self, width: u32, height: u32) {
        self.cmd(
            Method::POST,
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        );
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self
            .http
            .delete(format!("{}/session/{}", self.base, self.session))
            .send();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Every link answers 200 (fragments are dropped; external links are not followed).
fn assert_links_ok(links: &BTreeSet<String>, site_root: &str, checked: &mut BTreeSet<String>) {
    let http = Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    for link in links {
        let link = link.split('#').next().unwrap().to_string();
        assert!(
            link.starts_with(site_root),
            "a link leaves the preview site: {link}"
        );
        if !checked.insert(link.clone()) {
            continue;
        }
        let status = http.get(&link).send().expect("GET link").status();
        assert_eq!(status, 200, "{link}");
    }
}

#[test]
fn the_preview_site_in_a_real_browser() {
    let server = Server::start();
    let admin = server.admin.clone();
    let (status, body) = server.upload(
        &admin,
        "gardeners-handbook.txt",
        english_sample().into_bytes(),
        &[("lang", "en")],
    );
    assert_eq!(status, 200, "{body}");
    let slug = body["wiki_slug"].as_str().unwrap().to_string();
    let name = body["wiki_name"].as_str().unwrap().to_string();
    let job = server.wait_job(&admin, body["job_id"].as_u64().unwrap());
    assert_eq!(job["state"], "ready", "{job}");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let (status, body) = json_of(
        server
            .request(
                Method::PUT,
                &format!("/api/v1/wiki/{slug}/config"),
                Some(&admin),
            )
            .json(&json!({"port": port}))
            .send()
            .unwrap(),
    );
    assert_eq!(status, 200, "{body}");
    let (status, body) = json_of(
        server
            .request(
                Method::POST,
                &format!("/api/v1/wiki/{slug}/serve"),
                Some(&admin),
            )
            .send()
            .unwrap(),
    );
    assert_eq!(status, 200, "{body}");
    let home = body["url"].as_str().unwrap().to_string();
    let root = format!("http://127.0.0.1:{port}/preview/{slug}/");
    assert_eq!(home, root);

    let b = Browser::start();
    let mut checked = BTreeSet::new();

    // ---- home: the overview and the entries by type
    b.go(&home);
    assert_eq!(b.text(&b.find("main h1")), name);
    let groups: Vec<String> = b
        .find_all("section.type-group h3")
        .iter()
        .map(|e| b.text(e))
        .collect();
    // one group per page type the API reports, with its count
    let (status, stats) = json_of(server.get(&format!("/api/v1/stats?wiki={slug}"), Some(&admin)));
    assert_eq!(status, 200, "{stats}");
    let types = stats["type_distribution"].as_object().unwrap();
    assert_eq!(groups.len(), types.len(), "{groups:?} vs {stats}");
    for (t, n) in types {
        let label = match t.as_str() {
            "concept" => "Concepts",
            "person" => "People",
            "method" => "Methods",
            "other" => "Other entries",
            other => other,
        };
        assert!(
            groups.contains(&format!("{label} {n}")),
            "no group {label} {n} in {groups:?}"
        );
    }
    let entries = b.find_all("section.type-group li a");
    assert_eq!(
        entries.len() as u64,
        stats["total_pages"].as_u64().unwrap(),
        "every entry is listed"
    );
    assert!(entries.len() >= 4, "{} entries", entries.len());
    assert!(b.find_all("script").is_empty(), "the site needs no script");
    assert_links_ok(&b.hrefs(), &root, &mut checked);
    b.screenshot("preview-home.png");

    // ---- follow a link to an entry with citations
    // the best-connected entry (the first card), else the first entry
    let first = b
        .find_all("ul.cards a strong, section.type-group li a")
        .into_iter()
        .next()
        .unwrap();
    let title = b.text(&first);
    b.click(&first);
    let url = b.url_after_click(&format!("{root}page/"));
    assert!(url.starts_with(&format!("{root}page/")), "{url}");
    assert_eq!(b.text(&b.find("article h1")), title);
    let quotes: Vec<String> = b
        .find_all(".sources blockquote")
        .iter()
        .map(|e| b.text(e))
        .collect();
    assert!(!quotes.is_empty(), "no citations shown");
    // every quote is a passage of the book
    let book: String = english_sample()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for q in &quotes {
        let q: String = q.split_whitespace().collect::<Vec<_>>().join(" ");
        let probe: String = q.chars().take(40).collect();
        assert!(book.contains(&probe), "quote not in the book: {q}");
    }
    let places: Vec<String> = b
        .find_all(".sources cite")
        .iter()
        .map(|e| b.text(e))
        .collect();
    assert!(
        places
            .iter()
            .all(|p| p.contains("Chapter") || p.contains("line")),
        "citations name their place in the book: {places:?}"
    );
    assert!(!b.find_all(".backlinks").is_empty());
    assert_links_ok(&b.hrefs(), &root, &mut checked);
    b.screenshot("preview-page.png");

    // a related entry or backlink leads on to another entry
    let onward = b.find_all(".related a, .backlinks a, .body a");
    if let Some(link) = onward.first() {
        b.click(link);
        let url = b.url_after_click(&format!("{root}page/"));
        assert!(url.starts_with(&format!("{root}page/")), "{url}");
        assert_links_ok(&b.hrefs(), &root, &mut checked);
    }

    // ---- search with the search box
    let input = b.find("header form.search input[name=q]");
    b.type_into(&input, &title);
    b.click(&b.find("header form.search button"));
    let url = b.url_after_click(&format!("{root}search?q="));
    assert!(url.starts_with(&format!("{root}search?q=")), "{url}");
    let results: Vec<String> = b
        .find_all("ol.results li > a")
        .iter()
        .map(|e| b.text(e))
        .collect();
    assert!(
        results.contains(&title),
        "{title:?} not in the results {results:?}"
    );
    assert!(
        !b.find_all("ol.results .snippet b").is_empty(),
        "no highlighted match"
    );
    assert_links_ok(&b.hrefs(), &root, &mut checked);
    b.screenshot("preview-search.png");

    // ---- the graph
    let graph_link = b
        .find_all("nav a")
        .into_iter()
        .find(|e| b.text(e) == "Graph")
        .expect("a Graph link");
    b.click(&graph_link);
    assert_eq!(
        b.url_after_click(&format!("{root}graph")),
        format!("{root}graph")
    );
    let dots = b.find_all("svg circle");
    assert!(dots.len() >= 4, "{} dots", dots.len());
    assert!(!b.find_all("svg line").is_empty(), "no edges drawn");
    assert_links_ok(&b.hrefs(), &root, &mut checked);
    b.screenshot("preview-graph.png");

    // ---- a phone: no sideways scrolling, the search box still there
    b.resize(390, 844);
    for path in ["", "graph"] {
        b.go(&format!("{root}{path}"));
        let w = b.script("return [document.documentElement.scrollWidth, window.innerWidth];");
        let (scroll, inner) = (w[0].as_u64().unwrap(), w[1].as_u64().unwrap());
        assert!(
            scroll <= inner,
            "{path}: page is {scroll}px wide in a {inner}px window"
        );
    }
    b.go(&home);
    b.find("header form.search input[name=q]");
    b.screenshot("preview-phone.png");

    // ---- nothing 404s, and a page that does not exist does
    assert!(checked.len() >= 8, "checked {} links", checked.len());
    let missing = Client::new()
        .get(format!("{root}page/no-such-entry"))
        .send()
        .unwrap();
    assert_eq!(missing.status(), 404);
}

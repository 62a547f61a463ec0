//! Benchmark: grove-packager against `tar -czf` (GNU tar + gzip) on the same directory.
//!
//! It is for measuring the packaging target of the packages issue (at most 0.7x tar's time) and
//! for choosing the compression level. It is not a test: it asserts nothing but prints figures.
//!
//! ```text
//! cargo run --release -p grove-packager --example pack-bench -- [DIR] [--runs N] [--levels 1,6] [--threads 1,2]
//! cargo run --release -p grove-packager --example pack-bench -- --make DIR   # only build the wiki
//! ```
//!
//! Without DIR it builds a synthetic wiki in a temporary directory: ~2000 markdown pages
//! (~25 MB of text with headings, links and lists) plus a git repository made by the system
//! `git` with a few commits. Every run is timed on a warm page cache; the median is reported.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use grove_packager::{Generator, Options, PackageInfo};

struct Args {
    dir: Option<PathBuf>,
    runs: usize,
    levels: Vec<u32>,
    threads: Vec<usize>,
    make: Option<PathBuf>,
}

fn parse_args() -> Args {
    let mut args = Args {
        dir: None,
        runs: 5,
        levels: vec![grove_packager::DEFAULT_LEVEL],
        threads: vec![0],
        make: None,
    };
    let list = |s: Option<String>| -> Vec<String> {
        s.expect("a value after the flag")
            .split(',')
            .map(str::to_string)
            .collect()
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runs" => args.runs = it.next().and_then(|v| v.parse().ok()).expect("--runs N"),
            "--levels" => {
                args.levels = list(it.next())
                    .iter()
                    .map(|v| v.parse().expect("level"))
                    .collect()
            }
            "--threads" => {
                args.threads = list(it.next())
                    .iter()
                    .map(|v| v.parse().expect("threads"))
                    .collect()
            }
            "--make" => args.make = Some(it.next().expect("--make DIR").into()),
            "-h" | "--help" => {
                println!(
                    "pack-bench [DIR] [--runs N] [--levels 1,3,6] [--threads 1,2] (threads 0 = auto)\n\
                     pack-bench --make DIR   (only build the synthetic wiki in DIR)"
                );
                std::process::exit(0);
            }
            _ => args.dir = Some(PathBuf::from(a)),
        }
    }
    args
}

/// xorshift64*: deterministic, so every run of the benchmark packs the same synthetic wiki.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Roughly Zipf-distributed index in 0..n (small indices much more frequent).
    fn zipf(&mut self, n: usize) -> usize {
        let u = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        ((n as f64).powf(u) as usize).saturating_sub(1).min(n - 1)
    }
}

fn vocabulary(rng: &mut Rng) -> Vec<String> {
    const SYL: &[&str] = &[
        "an", "ber", "ca", "dor", "el", "fin", "gal", "har", "is", "jor", "ka", "lun", "mor",
        "nes", "o", "pel", "qua", "ri", "sa", "tor", "u", "vel", "wyn", "xa", "yr", "zen", "th",
        "ing", "tion", "er",
    ];
    let mut words: Vec<String> = [
        "the", "of", "and", "to", "a", "in", "that", "is", "was", "he", "for", "it", "with", "as",
        "his", "on", "be", "at", "by", "whale", "ship", "sea", "captain", "white",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    while words.len() < 4000 {
        let n = 1 + rng.below(4);
        words.push((0..n).map(|_| SYL[rng.below(SYL.len())]).collect());
    }
    words
}

fn page(rng: &mut Rng, words: &[String], titles: &[String], i: usize) -> String {
    let mut s = format!(
        "---\ntitle: {}\ntype: {}\nsources: [chapter-{}]\n---\n\n# {}\n\n",
        titles[i],
        ["concept", "person", "method", "other"][i % 4],
        rng.below(135) + 1,
        titles[i]
    );
    let target = 4_000 + rng.below(16_000);
    while s.len() < target {
        match rng.below(10) {
            0 => s.push_str(&format!("\n## {}\n\n", titles[rng.below(titles.len())])),
            1 => {
                for _ in 0..3 + rng.below(4) {
                    s.push_str(&format!("- [[{}]]: ", titles[rng.below(titles.len())]));
                    for _ in 0..6 + rng.below(10) {
                        s.push_str(&words[rng.zipf(words.len())]);
                        s.push(' ');
                    }
                    s.push('\n');
                }
                s.push('\n');
            }
            _ => {
                for j in 0..40 + rng.below(80) {
                    if j > 0 {
                        s.push(' ');
                    }
                    if rng.below(25) == 0 {
                        s.push_str(&format!("[[{}]]", titles[rng.below(titles.len())]));
                    } else {
                        s.push_str(&words[rng.zipf(words.len())]);
                    }
                }
                s.push_str(".\n\n");
            }
        }
    }
    s
}

fn git(dir: &Path, args: &[&str]) {
    let st = Command::new("git")
        .args([
            "-c",
            "user.name=bench",
            "-c",
            "user.email=bench@example.invalid",
        ])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(dir)
        .status()
        .expect("git runs");
    assert!(st.success(), "git {args:?}");
}

fn synthetic_wiki(root: &Path) {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let words = vocabulary(&mut rng);
    let titles: Vec<String> = (0..2000)
        .map(|i| {
            let a = &words[30 + rng.below(2000)];
            format!("{}{} {}", a[..1].to_uppercase(), &a[1..], i)
        })
        .collect();
    let sections = ["concept", "person", "method", "other"];
    let write_page = |rng: &mut Rng, i: usize| {
        let dir = root.join("docs").join(sections[i % 4]);
        fs::create_dir_all(&dir).unwrap();
        let name = format!("{}.md", titles[i].to_lowercase().replace(' ', "-"));
        fs::write(dir.join(name), page(rng, &words, &titles, i)).unwrap();
    };
    for i in 0..titles.len() {
        write_page(&mut rng, i);
    }
    fs::create_dir_all(root.join("local")).unwrap();
    fs::write(root.join("local/index.json"), format!("{:?}", titles)).unwrap();
    fs::write(
        root.join("README.md"),
        "# Synthetic wiki\n\nGenerated for pack-bench.\n",
    )
    .unwrap();
    git(root, &["init", "-q"]);
    git(root, &["add", "-A"]);
    git(root, &["commit", "-q", "-m", "grow: first pass"]);
    for round in 0..3 {
        for _ in 0..150 {
            let i = rng.below(titles.len());
            write_page(&mut rng, i);
        }
        git(root, &["add", "-A"]);
        git(
            root,
            &[
                "commit",
                "-q",
                "-m",
                &format!("butler: round {}", round + 1),
            ],
        );
    }
}

fn du(dir: &Path) -> (u64, usize) {
    let mut bytes = 0;
    let mut files = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let md = e.metadata().unwrap();
            if md.is_dir() {
                stack.push(e.path());
            } else if md.is_file() {
                bytes += md.len();
                files += 1;
            }
        }
    }
    (bytes, files)
}

fn median<T: PartialOrd + Copy>(mut v: Vec<T>) -> T {
    v.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    v[v.len() / 2]
}

/// CPU seconds (user + system) used so far by this process and by its waited-for children,
/// from /proc/self/stat (Linux; 0 elsewhere). Lets the figures be read on a busy machine,
/// where wall time depends on what else runs.
fn cpu_seconds() -> (f64, f64) {
    let Ok(stat) = fs::read_to_string("/proc/self/stat") else {
        return (0.0, 0.0);
    };
    // Fields after the ")" that closes the command name; utime is field 14 overall.
    let rest = &stat[stat.rfind(')').map_or(0, |i| i + 2)..];
    let f: Vec<f64> = rest
        .split(' ')
        .skip(11)
        .take(4)
        .map(|v| v.parse().unwrap_or(0.0))
        .collect();
    let tck = 100.0; // CLK_TCK on Linux
    ((f[0] + f[1]) / tck, (f[2] + f[3]) / tck)
}

/// One timed run: (wall seconds, CPU seconds).
fn timed(self_cpu: bool, f: impl FnOnce()) -> (f64, f64) {
    let (s0, c0) = cpu_seconds();
    let t = Instant::now();
    f();
    let wall = t.elapsed().as_secs_f64();
    let (s1, c1) = cpu_seconds();
    (wall, if self_cpu { s1 - s0 } else { c1 - c0 })
}

/// One thing being timed: a label and a run that returns the size of what it wrote.
struct Contender<'a> {
    label: String,
    /// CPU of this process (the packager) rather than of waited-for children (tar).
    self_cpu: bool,
    run: Box<dyn Fn() -> u64 + 'a>,
    times: Vec<(f64, f64)>,
    out_bytes: u64,
}

fn tar_contender<'a>(dir: &'a Path, out: &'a Path) -> Contender<'a> {
    Contender {
        label: "tar -czf (GNU tar, gzip -6)".into(),
        self_cpu: false,
        run: Box::new(move || {
            let st = Command::new("tar")
                .arg("-czf")
                .arg(out)
                .arg("-C")
                .arg(dir)
                .arg(".")
                .status()
                .expect("tar runs");
            assert!(st.success());
            fs::metadata(out).unwrap().len()
        }),
        times: Vec::new(),
        out_bytes: 0,
    }
}

fn packager_contender<'a>(dir: &'a Path, out: &'a Path, opts: Options) -> Contender<'a> {
    let info = PackageInfo {
        wiki_id: "bench".into(),
        slug: "bench".into(),
        source_version: "bench".into(),
        generator: Generator {
            name: "grove".into(),
            version: env!("CARGO_PKG_VERSION").into(),
        },
    };
    let label = format!(
        "grove-packager -{} threads {}",
        opts.level,
        match opts.threads {
            0 => "auto".to_string(),
            n => n.to_string(),
        }
    );
    let first_sha = std::cell::RefCell::new(None::<String>);
    Contender {
        label,
        self_cpu: true,
        run: Box::new(move || {
            let file = fs::File::create(out).unwrap();
            let s = grove_packager::pack(dir, &info, &opts, file).expect("packs");
            let mut first = first_sha.borrow_mut();
            let first = first.get_or_insert_with(|| s.sha256.clone());
            assert_eq!(*first, s.sha256, "not reproducible");
            s.bytes
        }),
        times: Vec::new(),
        out_bytes: 0,
    }
}

fn main() {
    let args = parse_args();
    if let Some(dir) = &args.make {
        fs::create_dir_all(dir).unwrap();
        synthetic_wiki(dir);
        return;
    }
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = match &args.dir {
        Some(d) => d.clone(),
        None => {
            let d = tmp.path().join("wiki");
            fs::create_dir(&d).unwrap();
            let t = Instant::now();
            synthetic_wiki(&d);
            eprintln!("built synthetic wiki in {:.1}s", t.elapsed().as_secs_f64());
            d
        }
    };
    let (bytes, files) = du(&dir);
    let mb = bytes as f64 / 1e6;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "directory: {} ({files} files, {mb:.1} MB), {cores} cores, median of {} runs",
        dir.display(),
        args.runs
    );
    let tar_out = tmp.path().join("tar.tar.gz");
    let grove_out = tmp.path().join("grove.tar.gz");
    let mut contenders = vec![tar_contender(&dir, &tar_out)];
    for &level in &args.levels {
        for &threads in &args.threads {
            let opts = Options {
                level,
                threads,
                ..Options::default()
            };
            contenders.push(packager_contender(&dir, &grove_out, opts));
        }
    }
    // Warm the page cache and record output sizes, then interleave the timed runs so that every
    // contender sees the same background load.
    for c in &mut contenders {
        c.out_bytes = (c.run)();
    }
    for _ in 0..args.runs {
        for c in &mut contenders {
            let t = timed(c.self_cpu, || {
                (c.run)();
            });
            c.times.push(t);
        }
    }
    println!(
        "{:<30} {:>8} {:>9} {:>8} {:>9} {:>9} {:>9}",
        "", "wall s", "MB/s", "cpu s", "out MB", "x tar t", "x tar sz"
    );
    let med = |c: &Contender<'_>| {
        (
            median(c.times.iter().map(|t| t.0).collect()),
            median(c.times.iter().map(|t| t.1).collect()),
        )
    };
    let (tar_s, _) = med(&contenders[0]);
    let tar_bytes = contenders[0].out_bytes as f64;
    for c in &contenders {
        let (s, cpu) = med(c);
        println!(
            "{:<30} {s:>8.3} {:>9.1} {cpu:>8.2} {:>9.2} {:>9.2} {:>9.2}",
            c.label,
            mb / s,
            c.out_bytes as f64 / 1e6,
            s / tar_s,
            c.out_bytes as f64 / tar_bytes
        );
    }
}

//! End-to-end tests of [`crate::pack`]: exclusions seen in a real tar listing, reproducibility,
//! odd trees round-tripped through the system `tar -xzf`, changes while packing, the size cap.
//! Not for the pieces on their own (each module tests itself).

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Read, Write};
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

use flate2::read::GzDecoder;

use super::*;

fn info(version: &str) -> PackageInfo {
    PackageInfo {
        wiki_id: "w_0001".into(),
        slug: "moby-dick".into(),
        source_version: "0123456789abcdef0123456789abcdef01234567".into(),
        generator: Generator {
            name: "grove".into(),
            version: version.into(),
        },
    }
}

fn put(root: &Path, rel: &str, data: &[u8]) {
    let p = root.join(rel);
    fs::create_dir_all(p.parent().unwrap()).unwrap();
    fs::write(p, data).unwrap();
}

fn opts(threads: usize) -> Options {
    Options {
        threads,
        ..Options::default()
    }
}

fn pack_vec(root: &Path, version: &str, o: &Options) -> (Vec<u8>, PackageSummary) {
    let mut out = Vec::new();
    let s = pack(root, &info(version), o, &mut out).unwrap();
    (out, s)
}

/// (path, type, mode, size, uid, gid, mtime, uname) of every entry, read with a single-member
/// gzip reader and the `tar` crate.
type Row = (String, char, u32, u64, u64, u64, u64, String);
fn listing(pkg: &[u8]) -> (Vec<Row>, BTreeMap<String, Vec<u8>>) {
    let mut ar = tar::Archive::new(GzDecoder::new(pkg));
    let mut rows = Vec::new();
    let mut data = BTreeMap::new();
    for e in ar.entries().unwrap() {
        let mut e = e.unwrap();
        let h = e.header().clone();
        let path = String::from_utf8(e.path_bytes().into_owned()).unwrap();
        let kind = match h.entry_type() {
            tar::EntryType::Regular => 'f',
            tar::EntryType::Directory => 'd',
            other => panic!("unexpected entry type {other:?}"),
        };
        let mut bytes = Vec::new();
        e.read_to_end(&mut bytes).unwrap();
        if kind == 'f' {
            data.insert(path.clone(), bytes);
        }
        rows.push((
            path,
            kind,
            h.mode().unwrap(),
            h.size().unwrap(),
            h.uid().unwrap(),
            h.gid().unwrap(),
            h.mtime().unwrap(),
            h.username().unwrap().unwrap_or("").to_string(),
        ));
    }
    (rows, data)
}

/// Every entry under `dir` except symlinks (never followed): path -> Some(bytes) for files,
/// None for directories.
fn tree(dir: &Path) -> BTreeMap<String, Option<Vec<u8>>> {
    fn walk(base: &Path, rel: &str, out: &mut BTreeMap<String, Option<Vec<u8>>>) {
        for e in fs::read_dir(base.join(rel)).unwrap() {
            let e = e.unwrap();
            let name = e.file_name().into_string().unwrap();
            let p = if rel.is_empty() {
                name
            } else {
                format!("{rel}/{name}")
            };
            let ft = e.file_type().unwrap();
            if ft.is_symlink() {
                continue;
            }
            if ft.is_dir() {
                out.insert(p.clone(), None);
                walk(base, &p, out);
            } else {
                out.insert(p.clone(), Some(fs::read(base.join(&p)).unwrap()));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, "", &mut out);
    out
}

/// Extracts with the system tar (GNU tar + gzip) and returns the tree, manifest excluded.
fn system_untar(pkg: &[u8]) -> BTreeMap<String, Option<Vec<u8>>> {
    let t = tempfile::tempdir().unwrap();
    let file = t.path().join("p.tar.gz");
    fs::write(&file, pkg).unwrap();
    let dest = t.path().join("x");
    fs::create_dir(&dest).unwrap();
    let st = Command::new("tar")
        .arg("-xzf")
        .arg(&file)
        .arg("-C")
        .arg(&dest)
        .status()
        .unwrap();
    assert!(st.success());
    let mut got = tree(&dest);
    let manifest = got.remove(MANIFEST_NAME).unwrap().unwrap();
    Manifest::from_json(&manifest).unwrap();
    got
}

/// A tree holding every kind of exclusion next to ordinary content.
fn all_exclusions_tree(r: &Path) {
    put(r, "index.md", b"# Moby Dick\n");
    put(r, "docs/chapter-1.md", b"Call me Ishmael.\n");
    put(r, "logs/run.log", b"secret log\n");
    put(r, "docs/logs/nested.log", b"secret log\n");
    put(r, "docs/logs.md", b"a file named like the dir is kept\n");
    put(r, ".env", b"API_TOKEN=secret\n");
    put(r, ".env.local", b"API_TOKEN=secret\n");
    put(r, "corpus/.envrc", b"export X=1\n");
    put(r, ".git/HEAD", b"ref: refs/heads/main\n");
    put(r, ".git/objects/ab/cdef", b"blob");
    put(r, "local/notes.txt", b"");
    fs::create_dir_all(r.join("empty/deeper")).unwrap();
    put(r, "outside.txt", b"target of links\n");
    symlink(r.join("outside.txt"), r.join("docs/link-to-file")).unwrap();
    symlink("/etc", r.join("link-to-dir")).unwrap();
    symlink("../../../../etc/passwd", r.join("docs/escape")).unwrap();
    put(r, "hard-a", b"linked twice\n");
    fs::hard_link(r.join("hard-a"), r.join("docs/hard-b")).unwrap();
    put(r, "bin/tool.sh", b"#!/bin/sh\necho hi\n");
    fs::set_permissions(r.join("bin/tool.sh"), fs::Permissions::from_mode(0o750)).unwrap();
    fs::set_permissions(r.join("index.md"), fs::Permissions::from_mode(0o600)).unwrap();
}

#[test]
fn tar_listing_proves_the_exclusions() {
    let t = tempfile::tempdir().unwrap();
    all_exclusions_tree(t.path());
    let (pkg, summary) = pack_vec(t.path(), "1.0.0", &opts(2));
    let (rows, data) = listing(&pkg);
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "manifest.json",
            ".git/",
            ".git/HEAD",
            ".git/objects/",
            ".git/objects/ab/",
            ".git/objects/ab/cdef",
            "bin/",
            "bin/tool.sh",
            "corpus/",
            "docs/",
            "docs/chapter-1.md",
            "docs/logs.md",
            "empty/",
            "empty/deeper/",
            "index.md",
            "local/",
            "local/notes.txt",
            "outside.txt",
        ]
    );
    // Normalized headers: owner 0 without names, fixed mtime, 0644 / 0755.
    for (path, kind, mode, _, uid, gid, mtime, uname) in &rows {
        assert_eq!(
            (*uid, *gid, *mtime, uname.as_str()),
            (0, 0, 0, ""),
            "{path}"
        );
        let want = if *kind == 'd' || path == "bin/tool.sh" {
            0o755
        } else {
            0o644
        };
        assert_eq!(*mode, want, "{path}");
    }
    // The system tar agrees, and extracting gives exactly the kept tree.
    let mut child = Command::new("tar")
        .arg("-tzf")
        .arg("-")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&pkg).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .collect::<Vec<_>>(),
        names
    );
    let mut expected = tree(t.path());
    for gone in [
        "logs",
        "logs/run.log",
        "docs/logs",
        "docs/logs/nested.log",
        ".env",
        ".env.local",
        "corpus/.envrc",
        "hard-a",
        "docs/hard-b",
    ] {
        expected.remove(gone);
    }
    assert_eq!(system_untar(&pkg), expected);
    // The manifest lists exactly the files, with their sizes and hashes.
    let m = Manifest::from_json(&data["manifest.json"]).unwrap();
    assert_eq!(m, summary.manifest);
    assert_eq!(m.snapshot_id, summary.snapshot_id);
    assert_eq!(m.compute_snapshot_id(), m.snapshot_id);
    assert_eq!(
        (
            m.wiki_id.as_str(),
            m.slug.as_str(),
            m.generator.version.as_str()
        ),
        ("w_0001", "moby-dick", "1.0.0")
    );
    assert_eq!(m.files.len(), summary.file_count);
    assert_eq!(
        m.directories,
        [
            ".git",
            ".git/objects",
            ".git/objects/ab",
            "bin",
            "corpus",
            "docs",
            "empty",
            "empty/deeper",
            "local"
        ]
    );
    for f in &m.files {
        let bytes = &data[&f.path];
        assert_eq!(f.size, bytes.len() as u64);
        assert_eq!(
            f.sha256,
            hex::encode(<sha2::Sha256 as sha2::Digest>::digest(bytes))
        );
    }
    assert_eq!(summary.bytes, pkg.len() as u64);
    assert_eq!(
        summary.sha256,
        hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&pkg))
    );
}

#[test]
fn reproducible_across_runs_threads_timestamps_and_copies() {
    let a = tempfile::tempdir().unwrap();
    all_exclusions_tree(a.path());
    put(a.path(), "big.bin", &gz_sample(3 << 20));
    let (first, s1) = pack_vec(a.path(), "1.0.0", &opts(2));
    let (again, s2) = pack_vec(a.path(), "1.0.0", &opts(2));
    assert_eq!((&first, &s1.sha256), (&again, &s2.sha256));
    assert_eq!(
        pack_vec(a.path(), "1.0.0", &opts(1)).0,
        first,
        "thread count changed the bytes"
    );
    assert_eq!(pack_vec(a.path(), "1.0.0", &opts(5)).0, first);

    // Touching files (new mtimes) and a copy made in another order on another inode
    // change nothing.
    let f = fs::File::options()
        .write(true)
        .open(a.path().join("index.md"))
        .unwrap();
    f.set_modified(std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(12345))
        .unwrap();
    drop(f);
    assert_eq!(pack_vec(a.path(), "1.0.0", &opts(2)).0, first);
    let b = tempfile::tempdir().unwrap();
    let src = tree(a.path());
    for (p, data) in src.iter().rev() {
        match data {
            Some(d) if !p.contains("hard") => put(b.path(), p, d),
            Some(_) => {}
            None => fs::create_dir_all(b.path().join(p)).unwrap(),
        }
    }
    fs::set_permissions(
        b.path().join("bin/tool.sh"),
        fs::Permissions::from_mode(0o700),
    )
    .unwrap();
    let (copy, sc) = pack_vec(b.path(), "1.0.0", &opts(2));
    assert_eq!(copy, first);
    assert_eq!(sc.snapshot_id, s1.snapshot_id);

    // A new generator version changes the package but not the snapshot.
    let (newer, sn) = pack_vec(a.path(), "1.0.1", &opts(2));
    assert_ne!(sn.sha256, s1.sha256);
    assert_ne!(newer, first);
    assert_eq!(sn.snapshot_id, s1.snapshot_id);
    // A content change moves both.
    put(a.path(), "docs/chapter-1.md", b"Call me Ishmael!\n");
    let (_, sd) = pack_vec(a.path(), "1.0.0", &opts(2));
    assert_ne!(sd.sha256, s1.sha256);
    assert_ne!(sd.snapshot_id, s1.snapshot_id);
    // So does a bare execute bit.
    fs::set_permissions(a.path().join("index.md"), fs::Permissions::from_mode(0o744)).unwrap();
    assert_ne!(
        pack_vec(a.path(), "1.0.0", &opts(2)).1.snapshot_id,
        sd.snapshot_id
    );
}

fn gz_sample(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9e3779b97f4a7c15;
    (0..len)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if i % 3 == 0 {
                (x >> 56) as u8
            } else {
                b"the whale "[(x % 10) as usize]
            }
        })
        .collect()
}

#[test]
fn odd_trees_round_trip_through_system_tar() {
    // Each case builds a tree; the package must extract to exactly that tree.
    type Build = fn(&Path);
    let cases: &[(&str, Build)] = &[
        ("deep nesting, 100 levels", |r| {
            let deep: String = (0..100).map(|i| format!("d{i}/")).collect();
            put(r, &format!("{deep}leaf.md"), b"bottom");
            fs::create_dir_all(r.join(&deep).join("empty")).unwrap();
        }),
        ("unicode names", |r| {
            put(r, "白鲸记/第一章 以实玛利.md", "叫我以实玛利。".as_bytes());
            put(r, "émoji 🐋/naïve café.txt", b"x");
            put(r, "e\u{301}/combining", b"y");
            put(r, "Ελληνικά/ειδικά", b"z");
        }),
        ("spaces and punctuation", |r| {
            put(r, " leading and trailing /a b  c .md", b"s");
            put(r, "quotes 'single' \"double\"/x;y&z|w", b"q");
            put(r, "-dash/--not-an-option", b"d");
            put(r, "tab\there/new\nline", b"n");
        }),
        ("empty dirs and empty files", |r| {
            fs::create_dir_all(r.join("a/b/c")).unwrap();
            fs::create_dir_all(r.join("only-empty")).unwrap();
            put(r, "zero", b"");
            put(r, "a/zero too", b"");
        }),
        ("long names around the 100-byte ustar limit", |r| {
            put(r, &"n".repeat(99), b"99");
            put(r, &"m".repeat(100), b"100");
            put(r, &"k".repeat(101), b"101");
            put(
                r,
                &format!("{}/{}", "p".repeat(120), "q".repeat(200)),
                b"320",
            );
            fs::create_dir_all(r.join("z".repeat(99))).unwrap();
            fs::create_dir_all(r.join("y".repeat(100))).unwrap();
        }),
        ("a large file spanning chunks, executable", |r| {
            put(r, "large.bin", &gz_sample(5 << 20));
            put(r, "run", b"#!/bin/sh\n");
            fs::set_permissions(r.join("run"), fs::Permissions::from_mode(0o755)).unwrap();
        }),
        ("an empty root", |_| {}),
    ];
    for (name, build) in cases {
        let t = tempfile::tempdir().unwrap();
        build(t.path());
        let (pkg, summary) = pack_vec(t.path(), "1", &opts(2));
        assert_eq!(system_untar(&pkg), tree(t.path()), "{name}");
        let (rows, data) = listing(&pkg);
        assert_eq!(rows[0].0, MANIFEST_NAME, "{name}");
        let m = Manifest::from_json(&data[MANIFEST_NAME]).unwrap();
        assert_eq!(m.files.len(), summary.file_count, "{name}");
        for f in &m.files {
            assert_eq!(
                f.sha256,
                hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&data[&f.path])),
                "{name}"
            );
        }
        // Small chunks exercise many compression jobs; the bytes stay the same for the same chunking.
        let small = |threads| {
            let mut out = Vec::new();
            let s = scan(t.path(), &Options::default()).unwrap();
            pack_with(&s, &info("1"), &opts(threads), &mut out, 64 * 1024, None).unwrap();
            out
        };
        let one = small(1);
        assert_eq!(small(3), one, "{name}");
        assert_eq!(system_untar(&one), tree(t.path()), "{name}");
    }
}

#[test]
fn a_file_changing_while_packing_gives_changed() {
    // The hook runs just before `docs/target.md` is read for the archive, i.e. after it was
    // hashed for the manifest. Per-file checks alone must catch every case.
    type Mutate = fn(&Path);
    let cases: &[(&str, Mutate)] = &[
        ("rewritten, same size", |p| {
            fs::write(p, b"TARGET CONTENT 2\n").unwrap()
        }),
        ("rewritten, mtime put back", |p| {
            let before = fs::metadata(p).unwrap().modified().unwrap();
            fs::write(p, b"TARGET CONTENT 3\n").unwrap();
            fs::File::options()
                .write(true)
                .open(p)
                .unwrap()
                .set_modified(before)
                .unwrap();
        }),
        ("grew", |p| {
            fs::File::options()
                .append(true)
                .open(p)
                .unwrap()
                .write_all(b"more")
                .unwrap();
        }),
        ("shrank", |p| {
            fs::File::options()
                .write(true)
                .open(p)
                .unwrap()
                .set_len(3)
                .unwrap()
        }),
        ("vanished", |p| fs::remove_file(p).unwrap()),
        ("replaced by a symlink", |p| {
            fs::remove_file(p).unwrap();
            symlink("/etc/passwd", p).unwrap();
        }),
        ("replaced by rename", |p| {
            let tmp = p.with_extension("tmp");
            fs::write(&tmp, b"target content 1\n").unwrap();
            fs::rename(&tmp, p).unwrap();
        }),
        ("hard-linked", |p| {
            fs::hard_link(p, p.with_extension("bak")).unwrap()
        }),
        ("chmod +x", |p| {
            fs::set_permissions(p, fs::Permissions::from_mode(0o755)).unwrap()
        }),
    ];
    for (name, mutate) in cases {
        for threads in [1, 2] {
            let t = tempfile::tempdir().unwrap();
            put(t.path(), "a.md", &gz_sample(300_000));
            put(t.path(), "docs/target.md", b"target content 1\n");
            put(t.path(), "z.md", b"after\n");
            let s = scan(t.path(), &Options::default()).unwrap();
            let target = t.path().join("docs/target.md");
            let done = AtomicBool::new(false);
            let hook = |rel: &str| {
                if rel == "docs/target.md" && !done.swap(true, Ordering::SeqCst) {
                    mutate(&target);
                }
            };
            let o = Options {
                threads,
                verify_tree: false,
                ..Options::default()
            };
            let r = pack_with(&s, &info("1"), &o, io::sink(), 4096, Some(&hook));
            match r {
                Err(PackError::Changed { path }) => assert_eq!(path, "docs/target.md", "{name}"),
                other => panic!("{name} (threads {threads}): {other:?}"),
            }
        }
    }
}

#[test]
fn the_tree_changing_while_packing_gives_changed_through_the_public_api() {
    /// An output that, on its first write, edits the tree: a file that was already packed and
    /// a new file. Whatever the timing, `pack` must refuse.
    struct Meddler<'a> {
        root: &'a Path,
        done: bool,
        edit: fn(&Path),
    }
    impl Write for Meddler<'_> {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            if !self.done {
                self.done = true;
                (self.edit)(self.root);
            }
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    type Edit = fn(&Path);
    let cases: &[(&str, Edit)] = &[
        ("edit an early file", |r| {
            fs::write(r.join("a/0.md"), b"edited").unwrap()
        }),
        ("add a file", |r| {
            fs::write(r.join("a/new.md"), b"new").unwrap()
        }),
        ("remove a dir", |r| {
            fs::remove_dir(r.join("b/empty")).unwrap()
        }),
    ];
    for (name, edit) in cases {
        let t = tempfile::tempdir().unwrap();
        for i in 0..20 {
            put(t.path(), &format!("a/{i}.md"), &gz_sample(1000 + i));
        }
        fs::create_dir_all(t.path().join("b/empty")).unwrap();
        let out = Meddler {
            root: t.path(),
            done: false,
            edit: *edit,
        };
        let r = pack(t.path(), &info("1"), &opts(2), out);
        assert!(
            r.as_ref().is_err_and(PackError::is_changed),
            "{name}: {r:?}"
        );
    }
}

#[test]
fn size_cap_fails_before_writing_anything() {
    struct MustNotWrite;
    impl Write for MustNotWrite {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            panic!("wrote a byte of a package that is over the cap");
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let t = tempfile::tempdir().unwrap();
    put(t.path(), "a", &[7; 1000]);
    put(t.path(), "b/c", &[7; 500]);
    put(t.path(), "logs/ignored", &[7; 100_000]);
    let capped = |limit| Options {
        max_source_bytes: Some(limit),
        ..Options::default()
    };
    match pack(t.path(), &info("1"), &capped(1499), MustNotWrite) {
        Err(e @ PackError::TooLarge { .. }) => {
            assert!(e.is_too_large());
            assert!(matches!(
                e,
                PackError::TooLarge {
                    limit: 1499,
                    actual: 1500
                }
            ));
        }
        other => panic!("{other:?}"),
    }
    // A scan taken without a cap is refused the same way by pack_scanned.
    let s = scan(t.path(), &Options::default()).unwrap();
    assert!(
        pack_scanned(&s, &info("1"), &capped(1000), MustNotWrite)
            .unwrap_err()
            .is_too_large()
    );
    // At the cap exactly it packs.
    let mut out = Vec::new();
    assert_eq!(
        pack(t.path(), &info("1"), &capped(1500), &mut out)
            .unwrap()
            .source_bytes,
        1500
    );
}

#[test]
fn output_errors_and_bad_options_are_reported() {
    struct Broken;
    impl Write for Broken {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::other("connection reset"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let t = tempfile::tempdir().unwrap();
    put(t.path(), "a", &gz_sample(200_000));
    for threads in [1, 2] {
        let r = pack(t.path(), &info("1"), &opts(threads), Broken);
        assert!(matches!(r, Err(PackError::Output(_))), "{r:?}");
    }
    let bad = Options {
        level: 10,
        ..Options::default()
    };
    assert!(matches!(
        pack(t.path(), &info("1"), &bad, io::sink()),
        Err(PackError::InvalidOption(_))
    ));
}

#[test]
fn every_level_round_trips() {
    let t = tempfile::tempdir().unwrap();
    put(t.path(), "a.md", &gz_sample(200_000));
    put(t.path(), "b/c.md", b"c");
    let mut sizes = Vec::new();
    for level in 0..=9 {
        let o = Options {
            level,
            ..Options::default()
        };
        let (pkg, _) = pack_vec(t.path(), "1", &o);
        assert_eq!(system_untar(&pkg), tree(t.path()), "level {level}");
        sizes.push(pkg.len());
    }
    assert!(sizes[0] > sizes[1] && sizes[1] >= sizes[9], "{sizes:?}");
}

#[test]
fn summary_matches_a_reread_of_the_output_file() {
    let t = tempfile::tempdir().unwrap();
    all_exclusions_tree(t.path());
    let out_dir = tempfile::tempdir().unwrap();
    let path = out_dir.path().join("pkg.tar.gz");
    let summary = pack(
        t.path(),
        &info("1"),
        &Options::default(),
        fs::File::create(&path).unwrap(),
    )
    .unwrap();
    let bytes = fs::read(&path).unwrap();
    assert_eq!(summary.bytes, bytes.len() as u64);
    assert_eq!(
        summary.sha256,
        hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&bytes))
    );
    assert_eq!(summary.file_count, 8);
    let mut gunzipped = Vec::new();
    GzDecoder::new(&bytes[..])
        .read_to_end(&mut gunzipped)
        .unwrap();
    assert_eq!(gunzipped.len() % 512, 0);
}

#[test]
fn golden_bytes_pin_the_format() {
    // Pins the exact output for a small fixed tree. If the tar digest moves, the package format
    // changed (bump manifest::FORMAT and tell downstream). If only the gzip digest moves, the
    // deflate implementation changed: packages of unchanged wikis get new SHA-256s and ETags,
    // so ship that with a new generator version.
    let t = tempfile::tempdir().unwrap();
    put(t.path(), "index.md", b"# Golden\n");
    put(t.path(), "docs/a b.md", "白鲸 whale\n".as_bytes());
    put(
        t.path(),
        &format!("deep/{}", "x".repeat(120)),
        b"long name\n",
    );
    fs::create_dir_all(t.path().join("empty")).unwrap();
    put(t.path(), "bin/run", b"#!/bin/sh\n");
    fs::set_permissions(t.path().join("bin/run"), fs::Permissions::from_mode(0o755)).unwrap();
    let (pkg, summary) = pack_vec(t.path(), "1.0.0", &Options::default());
    let mut tar_bytes = Vec::new();
    GzDecoder::new(&pkg[..])
        .read_to_end(&mut tar_bytes)
        .unwrap();
    let tar_sha = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&tar_bytes));
    assert_eq!(
        summary.snapshot_id,
        "8627d35c8d766ff3467bedef4e059bc80842d0d5df522100f25abc16ed36a582"
    );
    assert_eq!(
        tar_sha,
        "ad23efb90cc9d88b218f777b819ff9a0c181308ea70580c32f9400414c0832e4"
    );
    assert_eq!(
        summary.sha256,
        "d66adaf706b3a5808c75a9d99cb4ff851b8fd7b2c7fd59e0be81b4802d7600b6"
    );
}

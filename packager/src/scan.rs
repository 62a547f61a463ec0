//! Walking a wiki directory: which entries go into a package, with their sizes and identity.
//!
//! This is the cheap pre-scan (metadata only, no file contents are read) that lets a caller
//! enforce a size cap before building anything, and the [`Fingerprint`] that lets it check the
//! tree did not change. It applies every exclusion rule and refuses unsafe or non-UTF-8 names.
//! It is not the packer: it neither reads nor hashes file contents (see [`crate::pack`]).
//!
//! Rules, applied at every depth:
//! - symlinks are never followed and never packed (`symlink_metadata` semantics throughout);
//! - a directory named `logs` is skipped with everything under it;
//! - any entry whose name starts with `.env` (`.env`, `.env.local`, `.envrc`, a `.env/`
//!   directory...) is skipped;
//! - a regular file with more than one hard link (nlink > 1) is skipped, every link of it;
//! - sockets, FIFOs and device nodes are skipped;
//! - everything else is kept, `.git/` and empty directories included.

use std::cmp::Ordering;
use std::fmt;
use std::fs::{self, Metadata};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::Options;
use crate::error::PackError;
use crate::manifest::MANIFEST_NAME;

/// Name of the directories skipped at any depth.
pub const LOGS_DIR: &str = "logs";
/// Prefix of the names skipped at any depth.
pub const DOTENV_PREFIX: &str = ".env";

/// What a kept entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    Dir,
    File,
}

/// One kept entry of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Relative to the root, `/`-separated, no leading `./`, no trailing `/`.
    pub path: String,
    pub kind: EntryKind,
    /// Size in bytes (0 for directories).
    pub size: u64,
    /// Any execute bit set (files only; packed as 0755 instead of 0644).
    pub executable: bool,
    pub(crate) stamp: Stamp,
}

/// Identity and state of an inode as seen by `lstat`/`fstat`: if any of it differs between two
/// looks, the entry changed (or was replaced) in between.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Stamp {
    pub dev: u64,
    pub ino: u64,
    pub size: u64,
    pub mtime_ns: i128,
    pub ctime_ns: i128,
    pub mode: u32,
}

impl Stamp {
    pub(crate) fn of(md: &Metadata) -> Stamp {
        Stamp {
            dev: md.dev(),
            ino: md.ino(),
            size: if md.is_dir() { 0 } else { md.size() },
            mtime_ns: i128::from(md.mtime()) * 1_000_000_000 + i128::from(md.mtime_nsec()),
            ctime_ns: i128::from(md.ctime()) * 1_000_000_000 + i128::from(md.ctime_nsec()),
            mode: md.mode(),
        }
    }

    fn feed(&self, h: &mut Sha256) {
        h.update(self.dev.to_le_bytes());
        h.update(self.ino.to_le_bytes());
        h.update(self.size.to_le_bytes());
        h.update(self.mtime_ns.to_le_bytes());
        h.update(self.ctime_ns.to_le_bytes());
        h.update(self.mode.to_le_bytes());
    }
}

/// Why an entry was left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExclusionReason {
    /// A directory named `logs` (its contents are not walked).
    Logs,
    /// A name starting with `.env`.
    DotEnv,
    /// A symbolic link (to anything; never followed).
    Symlink,
    /// A regular file with nlink > 1.
    HardLink,
    /// A socket, FIFO or device node.
    Special,
}

/// An entry left out of the package, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Excluded {
    pub path: String,
    pub reason: ExclusionReason,
}

/// The result of [`scan`]: the kept entries sorted by the bytes of their path, plus what was
/// left out.
#[derive(Debug, Clone)]
pub struct Scan {
    root: PathBuf,
    root_stamp: Stamp,
    entries: Vec<Entry>,
    excluded: Vec<Excluded>,
    source_bytes: u64,
    file_count: usize,
}

/// A digest of the tree's metadata: every kept path with its kind, size, mtime, ctime, inode
/// and mode, plus the root's. Two scans with the same fingerprint saw the same tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fingerprint(pub [u8; 32]);

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

impl Scan {
    /// The directory that was scanned.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Every kept entry (directories and files), sorted by the bytes of the path; a directory
    /// always comes before what it contains.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The kept files, in path order.
    pub fn files(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| e.kind == EntryKind::File)
    }

    /// The kept directories, in path order.
    pub fn dirs(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| e.kind == EntryKind::Dir)
    }

    /// What was left out, sorted by path. A skipped directory appears once; its contents are
    /// not walked.
    pub fn excluded(&self) -> &[Excluded] {
        &self.excluded
    }

    /// Sum of the sizes of the kept files (what `max_source_bytes` is compared with).
    pub fn source_bytes(&self) -> u64 {
        self.source_bytes
    }

    /// Number of kept files.
    pub fn file_count(&self) -> usize {
        self.file_count
    }

    /// Digest of the metadata of the whole kept tree; see [`Fingerprint`].
    pub fn fingerprint(&self) -> Fingerprint {
        let mut h = Sha256::new();
        h.update(b"grove-scan-fingerprint/1\0");
        self.root_stamp.feed(&mut h);
        for e in &self.entries {
            h.update((e.path.len() as u64).to_le_bytes());
            h.update(e.path.as_bytes());
            h.update([match e.kind {
                EntryKind::Dir => b'd',
                EntryKind::File => b'f',
            }]);
            e.stamp.feed(&mut h);
        }
        Fingerprint(h.finalize().into())
    }

    /// The first path (in path order) at which `self` and `other` differ, `"."` for the root
    /// itself, or `None` when they saw the same tree.
    pub fn first_difference(&self, other: &Scan) -> Option<String> {
        if self.root_stamp != other.root_stamp {
            return Some(".".to_string());
        }
        let (mut a, mut b) = (self.entries.iter(), other.entries.iter());
        loop {
            match (a.next(), b.next()) {
                (None, None) => return None,
                (Some(x), None) => return Some(x.path.clone()),
                (None, Some(y)) => return Some(y.path.clone()),
                (Some(x), Some(y)) => match x.path.as_bytes().cmp(y.path.as_bytes()) {
                    Ordering::Less => return Some(x.path.clone()),
                    Ordering::Greater => return Some(y.path.clone()),
                    Ordering::Equal if x != y => return Some(x.path.clone()),
                    Ordering::Equal => {}
                },
            }
        }
    }

    /// Scans the root again and returns `Changed` with the first differing path if the tree is
    /// not the one this scan saw. This is how a caller checks, after packing, that the package
    /// is a consistent snapshot ([`crate::pack`] does it itself unless told not to).
    pub fn verify_unchanged(&self) -> Result<(), PackError> {
        let now = match scan(&self.root, &Options::default()) {
            Ok(now) => now,
            // The tree became unpackable since this scan: that is a change too.
            Err(
                PackError::NonUtf8Name { path }
                | PackError::UnsafePath { path }
                | PackError::ReservedName { path }
                | PackError::Changed { path },
            ) => return Err(PackError::changed(path)),
            Err(PackError::NotADirectory { .. }) => return Err(PackError::changed(".")),
            Err(PackError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                return Err(PackError::changed("."));
            }
            Err(e) => return Err(e),
        };
        match self.first_difference(&now) {
            None => Ok(()),
            Some(path) => Err(PackError::changed(path)),
        }
    }
}

/// Walks `root` applying the exclusion rules (see the module docs) and returns the kept entries
/// with their sizes, without reading any file contents.
///
/// Fails with `TooLarge` when the kept files add up to more than `opts.max_source_bytes` (the
/// whole tree is walked first, so `actual` is exact), `NonUtf8Name` or `UnsafePath` for a name
/// that cannot be packed faithfully, `ReservedName` for a root-level `manifest.json`, and
/// `Changed` when an entry vanishes while it is being looked at.
pub fn scan(root: &Path, opts: &Options) -> Result<Scan, PackError> {
    let root_md = fs::symlink_metadata(root).map_err(|e| PackError::io(root, e))?;
    if !root_md.is_dir() {
        return Err(PackError::NotADirectory { path: root.into() });
    }
    let mut entries = Vec::new();
    let mut excluded = Vec::new();
    let mut stack: Vec<(PathBuf, String)> = vec![(root.to_path_buf(), String::new())];
    while let Some((abs, rel)) = stack.pop() {
        let vanished = |e: io::Error, rel: &str| {
            if e.kind() == io::ErrorKind::NotFound {
                PackError::changed(if rel.is_empty() { "." } else { rel })
            } else {
                PackError::io(&abs, e)
            }
        };
        let read_dir = fs::read_dir(&abs).map_err(|e| vanished(e, &rel))?;
        for dirent in read_dir {
            let dirent = dirent.map_err(|e| vanished(e, &rel))?;
            let os_name = dirent.file_name();
            let Some(name) = os_name.to_str() else {
                return Err(PackError::NonUtf8Name {
                    path: join(&rel, &os_name.to_string_lossy()),
                });
            };
            let path = join(&rel, name);
            check_name(name, &path)?;
            // `DirEntry::metadata` is an lstat: it never follows a symlink.
            let md = dirent.metadata().map_err(|e| vanished(e, &path))?;
            let ft = md.file_type();
            let reason = if ft.is_symlink() {
                Some(ExclusionReason::Symlink)
            } else if name.starts_with(DOTENV_PREFIX) {
                Some(ExclusionReason::DotEnv)
            } else if ft.is_dir() && name == LOGS_DIR {
                Some(ExclusionReason::Logs)
            } else if ft.is_file() && md.nlink() > 1 {
                Some(ExclusionReason::HardLink)
            } else if !ft.is_file() && !ft.is_dir() {
                Some(ExclusionReason::Special)
            } else {
                None
            };
            if let Some(reason) = reason {
                excluded.push(Excluded { path, reason });
                continue;
            }
            if rel.is_empty() && name == MANIFEST_NAME {
                return Err(PackError::ReservedName { path });
            }
            let stamp = Stamp::of(&md);
            if ft.is_dir() {
                stack.push((dirent.path(), path.clone()));
                entries.push(Entry {
                    path,
                    kind: EntryKind::Dir,
                    size: 0,
                    executable: false,
                    stamp,
                });
            } else {
                entries.push(Entry {
                    path,
                    kind: EntryKind::File,
                    size: md.len(),
                    executable: md.mode() & 0o111 != 0,
                    stamp,
                });
            }
        }
    }
    entries.sort_unstable_by(|a, b| a.path.as_bytes().cmp(b.path.as_bytes()));
    excluded.sort_unstable_by(|a, b| a.path.as_bytes().cmp(b.path.as_bytes()));
    let files = entries.iter().filter(|e| e.kind == EntryKind::File);
    let source_bytes = files.clone().map(|e| e.size).sum();
    let file_count = files.count();
    if let Some(limit) = opts.max_source_bytes
        && source_bytes > limit
    {
        return Err(PackError::TooLarge {
            limit,
            actual: source_bytes,
        });
    }
    Ok(Scan {
        root: root.to_path_buf(),
        root_stamp: Stamp::of(&root_md),
        entries,
        excluded,
        source_bytes,
        file_count,
    })
}

fn join(rel: &str, name: &str) -> String {
    if rel.is_empty() {
        name.to_string()
    } else {
        format!("{rel}/{name}")
    }
}

/// Refuses a name that could escape the root or mean something else to another system. A real
/// directory listing never yields `.`, `..`, `/` or NUL, so this is defence in depth; the
/// backslash is refused because Windows tools treat it as a separator (`..\..\x`).
fn check_name(name: &str, path: &str) -> Result<(), PackError> {
    if name.is_empty() || name == "." || name == ".." || name.contains(['/', '\\', '\0']) {
        return Err(PackError::UnsafePath {
            path: path.to_string(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn touch(p: &Path, data: &[u8]) {
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, data).unwrap();
    }

    fn kept(s: &Scan) -> Vec<String> {
        s.entries().iter().map(|e| e.path.clone()).collect()
    }

    #[test]
    fn exclusion_rules_table() {
        // (entry to create, expected: None = kept, Some(reason) = excluded)
        let t = tempfile::tempdir().unwrap();
        let r = t.path();
        touch(&r.join("keep.md"), b"x");
        touch(&r.join("logs/a.log"), b"x");
        touch(&r.join("docs/logs/b.log"), b"x");
        touch(&r.join("docs/logs.md"), b"x");
        touch(&r.join(".env"), b"S=1");
        touch(&r.join(".env.local"), b"S=1");
        touch(&r.join("sub/.envrc"), b"S=1");
        touch(&r.join(".environment/x"), b"S=1");
        touch(&r.join("target.md"), b"t");
        symlink(r.join("target.md"), r.join("link.md")).unwrap();
        symlink(r.join("docs"), r.join("linkdir")).unwrap();
        symlink("/nonexistent", r.join("dangling")).unwrap();
        touch(&r.join("h1"), b"h");
        fs::hard_link(r.join("h1"), r.join("sub/h2")).unwrap();
        touch(&r.join(".git/HEAD"), b"ref: refs/heads/main\n");
        fs::create_dir_all(r.join("empty/inner")).unwrap();
        let s = scan(r, &Options::default()).unwrap();
        let cases: &[(&str, Option<ExclusionReason>)] = &[
            ("keep.md", None),
            ("logs", Some(ExclusionReason::Logs)),
            ("docs/logs", Some(ExclusionReason::Logs)),
            ("docs/logs.md", None),
            (".env", Some(ExclusionReason::DotEnv)),
            (".env.local", Some(ExclusionReason::DotEnv)),
            ("sub/.envrc", Some(ExclusionReason::DotEnv)),
            (".environment", Some(ExclusionReason::DotEnv)),
            ("link.md", Some(ExclusionReason::Symlink)),
            ("linkdir", Some(ExclusionReason::Symlink)),
            ("dangling", Some(ExclusionReason::Symlink)),
            ("h1", Some(ExclusionReason::HardLink)),
            ("sub/h2", Some(ExclusionReason::HardLink)),
            (".git", None),
            (".git/HEAD", None),
            ("empty", None),
            ("empty/inner", None),
            ("target.md", None),
        ];
        let kept = kept(&s);
        for (path, want) in cases {
            let got = s
                .excluded()
                .iter()
                .find(|x| x.path == *path)
                .map(|x| x.reason);
            assert_eq!(got, *want, "{path}");
            assert_eq!(kept.contains(&path.to_string()), want.is_none(), "{path}");
        }
        // Nothing under an excluded directory is walked or kept.
        assert!(
            kept.iter()
                .all(|p| !p.starts_with("logs/") && !p.contains("/logs/"))
        );
        assert!(kept.iter().all(|p| !p.starts_with("linkdir/")));
        assert_eq!(s.excluded().len(), 11);
    }

    #[test]
    fn entries_sorted_by_bytes_with_parents_first() {
        let t = tempfile::tempdir().unwrap();
        for p in ["a-c", "a/b", "a/b/c", "B", "a.b", "z", "é"] {
            touch(&t.path().join(p).join("f"), b"");
        }
        let s = scan(t.path(), &Options::default()).unwrap();
        let paths = kept(&s);
        let mut sorted = paths.clone();
        sorted.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
        assert_eq!(paths, sorted);
        for (i, p) in paths.iter().enumerate() {
            if let Some((parent, _)) = p.rsplit_once('/') {
                assert!(
                    paths[..i].contains(&parent.to_string()),
                    "{p} before its parent"
                );
            }
        }
    }

    #[test]
    fn sizes_counts_and_cap() {
        let t = tempfile::tempdir().unwrap();
        touch(&t.path().join("a"), &[1; 100]);
        touch(&t.path().join("d/b"), &[2; 50]);
        touch(&t.path().join("logs/huge"), &[0; 5000]);
        let s = scan(t.path(), &Options::default()).unwrap();
        assert_eq!((s.source_bytes(), s.file_count()), (150, 2));
        assert_eq!(s.dirs().count(), 1);
        let capped = |limit| Options {
            max_source_bytes: Some(limit),
            ..Options::default()
        };
        assert!(scan(t.path(), &capped(150)).is_ok());
        match scan(t.path(), &capped(149)) {
            Err(PackError::TooLarge { limit, actual }) => assert_eq!((limit, actual), (149, 150)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn refuses_reserved_root_manifest_but_not_nested() {
        let t = tempfile::tempdir().unwrap();
        touch(&t.path().join("docs/manifest.json"), b"{}");
        assert!(scan(t.path(), &Options::default()).is_ok());
        touch(&t.path().join("manifest.json"), b"{}");
        assert!(matches!(
            scan(t.path(), &Options::default()),
            Err(PackError::ReservedName { .. })
        ));
    }

    #[test]
    fn refuses_non_utf8_and_backslash_names() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let t = tempfile::tempdir().unwrap();
        touch(&t.path().join("d").join(OsStr::from_bytes(b"bad\xff")), b"");
        match scan(t.path(), &Options::default()) {
            Err(PackError::NonUtf8Name { path }) => assert_eq!(path, "d/bad\u{fffd}"),
            other => panic!("{other:?}"),
        }
        let t = tempfile::tempdir().unwrap();
        touch(&t.path().join("..\\..\\evil"), b"");
        assert!(matches!(
            scan(t.path(), &Options::default()),
            Err(PackError::UnsafePath { .. })
        ));
    }

    #[test]
    fn root_must_be_a_real_directory() {
        let t = tempfile::tempdir().unwrap();
        fs::create_dir(t.path().join("real")).unwrap();
        symlink(t.path().join("real"), t.path().join("link")).unwrap();
        touch(&t.path().join("file"), b"");
        for p in ["link", "file"] {
            assert!(matches!(
                scan(&t.path().join(p), &Options::default()),
                Err(PackError::NotADirectory { .. })
            ));
        }
        assert!(matches!(
            scan(&t.path().join("missing"), &Options::default()),
            Err(PackError::Io { .. })
        ));
    }

    #[test]
    fn fingerprint_tracks_changes() {
        let t = tempfile::tempdir().unwrap();
        touch(&t.path().join("a/b.md"), b"one");
        let s1 = scan(t.path(), &Options::default()).unwrap();
        let s2 = scan(t.path(), &Options::default()).unwrap();
        assert_eq!(s1.fingerprint(), s2.fingerprint());
        assert_eq!(s1.first_difference(&s2), None);
        s1.verify_unchanged().unwrap();
        // A tree that became unpackable counts as changed.
        fs::write(t.path().join("manifest.json"), b"{}").unwrap();
        assert!(s1.verify_unchanged().unwrap_err().is_changed());
        fs::remove_file(t.path().join("manifest.json")).unwrap();
        let s1 = scan(t.path(), &Options::default()).unwrap();
        fs::write(t.path().join("a/b.md"), b"two!").unwrap();
        let s3 = scan(t.path(), &Options::default()).unwrap();
        assert_ne!(s1.fingerprint(), s3.fingerprint());
        assert_eq!(s1.first_difference(&s3).as_deref(), Some("a/b.md"));
        assert!(s1.verify_unchanged().unwrap_err().is_changed());
        touch(&t.path().join("a/new.md"), b"");
        let s4 = scan(t.path(), &Options::default()).unwrap();
        // The directory's mtime usually moved too (unless within one timestamp tick).
        let diff = s3.first_difference(&s4);
        assert!(
            matches!(diff.as_deref(), Some("a" | "a/new.md")),
            "{diff:?}"
        );
        // So does a tree that vanished.
        fs::remove_dir_all(t.path()).unwrap();
        assert!(s4.verify_unchanged().unwrap_err().is_changed());
    }
}

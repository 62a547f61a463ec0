//! The wiki directory's git repository.
//!
//! Every change to a wiki's `docs/` is a commit, and `X-Wiki-Version` is the HEAD SHA. Commits
//! use a fixed author; the git command never reads the operator's git configuration, and the
//! repository's own settings override it for libgit2, so results do not depend on the
//! machine. This module runs git and reports its failures; it decides nothing.
//!
//! The hot path of every job, [`init`] and [`commit_all`], runs in-process through libgit2
//! (`git2`): no process per step, no fsync per object; one `syncfs` makes a commit durable.
//! The rarer operations (restore, reset, log) run the system `git` command.

use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Debug, thiserror::Error)]
pub enum GitError {
    #[error("git in {dir}: {source}")]
    Lib { dir: PathBuf, source: git2::Error },
    #[error("file error in the git repository at {dir}: {source}")]
    Io {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot run git ({0}); install git on the server")]
    Spawn(std::io::Error),
    #[error("git {args} failed in {dir}: {stderr}")]
    Failed {
        args: String,
        dir: PathBuf,
        stderr: String,
    },
}

fn git(dir: &Path, args: &[&str]) -> Result<String, GitError> {
    let out = Command::new("git")
        // One flush for all the objects of a command instead of an fsync per object file:
        // as durable, and several times faster for a grow that adds hundreds of pages.
        .args(["-c", "core.fsyncMethod=batch"])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_AUTHOR_NAME", "Grove")
        .env("GIT_AUTHOR_EMAIL", "grove@localhost")
        .env("GIT_COMMITTER_NAME", "Grove")
        .env("GIT_COMMITTER_EMAIL", "grove@localhost")
        .env("GIT_TERMINAL_PROMPT", "0")
        .output()
        .map_err(GitError::Spawn)?;
    if !out.status.success() {
        return Err(GitError::Failed {
            args: args.join(" "),
            dir: dir.to_path_buf(),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn lib(dir: &Path) -> impl FnOnce(git2::Error) -> GitError + '_ {
    move |source| GitError::Lib {
        dir: dir.to_path_buf(),
        source,
    }
}

fn open(dir: &Path) -> Result<git2::Repository, GitError> {
    git2::Repository::open(dir).map_err(lib(dir))
}

/// Makes `dir` a git repository with branch `main` (idempotent, and safe to re-run after a
/// crash). No template: a wiki repository needs no sample hooks, description or exclude file.
///
/// The git directory is written here, not by libgit2's `init`: the seven files and directories
/// a repository needs (libgit2 makes twenty-odd, and rewrites `config` under a lock for each
/// setting), in a scratch directory renamed into place, so `.git` is either complete or absent.
/// A `.git` that cannot be opened (left by an interrupted init of an older version) is
/// replaced: `init` runs before any commit of grove's.
pub fn init(dir: &Path) -> Result<(), GitError> {
    let git_dir = dir.join(".git");
    if git_dir.is_dir() {
        match git2::Repository::open(dir) {
            Ok(_) => return Ok(()),
            Err(e) => {
                tracing::warn!(dir = %dir.display(), error = %e, "the wiki's .git is unreadable (an interrupted init); making it again");
                std::fs::remove_dir_all(&git_dir).map_err(io(dir))?;
            }
        }
    }
    let scratch = dir.join(".git-init");
    if scratch.exists() {
        std::fs::remove_dir_all(&scratch).map_err(io(dir))?;
    }
    std::fs::create_dir_all(scratch.join("objects/pack")).map_err(io(dir))?;
    std::fs::create_dir_all(scratch.join("refs/heads")).map_err(io(dir))?;
    std::fs::write(scratch.join("HEAD"), "ref: refs/heads/main\n").map_err(io(dir))?;
    // The repository's own settings win over the machine's (global or system) git
    // configuration, so line endings and file modes are committed as written everywhere.
    std::fs::write(scratch.join("config"), REPOSITORY_CONFIG).map_err(io(dir))?;
    std::fs::rename(&scratch, &git_dir).map_err(io(dir))?;
    Ok(())
}

/// `.git/config` of a wiki repository.
const REPOSITORY_CONFIG: &str = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n\tautocrlf = false\n";

/// Stages everything under `paths` (new, changed and deleted files; `.gitignore` honoured)
/// and commits with `message` when something changed. Returns the HEAD SHA afterwards (None
/// for a repository without commits). The commit, and the files under `paths`, are on disk
/// when this returns (one `syncfs`).
pub fn commit_all(dir: &Path, paths: &[&str], message: &str) -> Result<Option<String>, GitError> {
    // Only grove writes a wiki's repository, and its callers hold the wiki's lock: a lock
    // file here was left by a process that died mid-commit and would block every commit.
    for stale in [
        ".git/index.lock",
        ".git/HEAD.lock",
        ".git/refs/heads/main.lock",
    ] {
        if dir.join(stale).exists() {
            tracing::warn!(dir = %dir.display(), file = stale, "removing a lock file left by an interrupted commit");
            std::fs::remove_file(dir.join(stale)).map_err(io(dir))?;
        }
    }
    let repo = open(dir)?;
    let odb = repo.odb().map_err(lib(dir))?;
    let mut index = repo.index().map_err(lib(dir))?;
    // Stage: forget what the index had under `paths`, then record every file there now.
    index.remove_all(paths.iter(), None).map_err(lib(dir))?;
    let mut pack = PackWriter::default();
    let mut staged = Vec::new();
    let mut packed = std::collections::HashSet::new();
    for path in paths {
        for file in files_under(&repo, dir, path)? {
            let bytes = std::fs::read(dir.join(&file.rel)).map_err(io(dir))?;
            let id = object_id(ObjectKind::Blob, &bytes);
            // No refresh of the pack list on a miss (libgit2's default): only grove writes
            // this repository, and the odb was opened above.
            if packed.insert(id) && !odb.exists_ext(id, git2::OdbLookupFlags::NO_REFRESH) {
                pack.add(ObjectKind::Blob, id, &bytes).map_err(io(dir))?;
            }
            staged.push(file.entry(id));
        }
    }
    // Trees and the commit are made here too and go into the same pack as the blobs: libgit2
    // would write each as a loose object (a file, often a directory, and a rename each). The
    // index takes the staged files once their blobs are on disk (libgit2 checks).
    let mut files: std::collections::BTreeMap<Vec<u8>, (u32, git2::Oid)> =
        index.iter().map(|e| (e.path, (e.mode, e.id))).collect();
    for e in &staged {
        files.insert(e.path.clone(), (e.mode, e.id));
    }
    let files: Vec<(Vec<u8>, u32, git2::Oid)> = files
        .into_iter()
        .map(|(path, (mode, id))| (path, mode, id))
        .collect();
    let mut trees = Vec::new();
    let tree_id = write_trees(&files, &mut trees);
    let parent = match repo.head() {
        Ok(head) => Some(head.peel_to_commit().map_err(lib(dir))?),
        Err(e)
            if e.code() == git2::ErrorCode::UnbornBranch
                || e.code() == git2::ErrorCode::NotFound =>
        {
            None
        }
        Err(e) => return Err(lib(dir)(e)),
    };
    let unchanged = match &parent {
        Some(p) => p.tree_id() == tree_id,
        None => files.is_empty(),
    };
    if unchanged {
        // Nothing to commit (every blob is in the repository already), but the files under
        // `paths` may have been rewritten with the same bytes: the index takes their new stat
        // data, and callers rely on them being on disk when this returns.
        write_index(dir, &mut index, &staged)?;
        sync(dir)?;
        return head(dir);
    }
    for (id, bytes) in &trees {
        if packed.insert(*id) && !odb.exists_ext(*id, git2::OdbLookupFlags::NO_REFRESH) {
            pack.add(ObjectKind::Tree, *id, bytes).map_err(io(dir))?;
        }
    }
    let who = git2::Signature::now("Grove", "grove@localhost").map_err(lib(dir))?;
    let commit = commit_object(tree_id, parent.as_ref().map(|p| p.id()), &who, message);
    let commit_id = object_id(ObjectKind::Commit, &commit);
    pack.add(ObjectKind::Commit, commit_id, &commit)
        .map_err(io(dir))?;
    // Every new object goes to disk as one pack file and its index: a grow of 500 pages writes
    // two files instead of 500 loose objects (and their directories).
    if let Some((pack, idx, name)) = pack.finish() {
        let dest = dir.join(".git").join("objects").join("pack");
        std::fs::create_dir_all(&dest).map_err(io(dir))?;
        // The .idx is what makes a pack visible, so it is renamed into place last.
        for (ext, bytes) in [("pack", &pack), ("idx", &idx)] {
            let tmp = dest.join(format!("tmp_{name}.{ext}"));
            std::fs::write(&tmp, bytes).map_err(io(dir))?;
            std::fs::rename(&tmp, dest.join(format!("pack-{name}.{ext}"))).map_err(io(dir))?;
        }
        odb.refresh().map_err(lib(dir))?;
    }
    write_index(dir, &mut index, &staged)?;
    // The branch HEAD names moves last (with its reflog, and HEAD's).
    let branch = repo
        .find_reference("HEAD")
        .ok()
        .and_then(|h| h.symbolic_target().map(str::to_string))
        .unwrap_or_else(|| "refs/heads/main".to_string());
    let subject = message.lines().next().unwrap_or_default();
    let log = if parent.is_some() {
        format!("commit: {subject}")
    } else {
        format!("commit (initial): {subject}")
    };
    repo.reference(&branch, commit_id, true, &log)
        .map_err(lib(dir))?;
    sync(dir)?;
    Ok(Some(commit_id.to_string()))
}

/// Adds the staged files to the index (their blobs must be in the repository: libgit2 checks)
/// and writes it.
fn write_index(
    dir: &Path,
    index: &mut git2::Index,
    staged: &[git2::IndexEntry],
) -> Result<(), GitError> {
    for entry in staged {
        index.add(entry).map_err(lib(dir))?;
    }
    index.write().map_err(lib(dir))
}

/// The kinds of git object grove writes, with their pack type codes.
#[derive(Clone, Copy)]
enum ObjectKind {
    Commit = 1,
    Tree = 2,
    Blob = 3,
}

impl ObjectKind {
    fn name(self) -> &'static str {
        match self {
            ObjectKind::Commit => "commit",
            ObjectKind::Tree => "tree",
            ObjectKind::Blob => "blob",
        }
    }
}

/// The git object id of an object (SHA-1 of `<kind> <len>\0` and the bytes). Computed here,
/// not by libgit2, whose collision-detecting SHA-1 is several times slower than the CPU's.
fn object_id(kind: ObjectKind, bytes: &[u8]) -> git2::Oid {
    use sha1::Digest;
    let mut h = sha1::Sha1::new();
    h.update(format!("{} {}\0", kind.name(), bytes.len()).as_bytes());
    h.update(bytes);
    git2::Oid::from_bytes(&h.finalize()).expect("a SHA-1 is 20 bytes")
}

/// A directory of the tree being built: its entries by name.
#[derive(Default)]
struct TreeDir {
    files: Vec<(Vec<u8>, u32, git2::Oid)>,
    dirs: std::collections::BTreeMap<Vec<u8>, TreeDir>,
}

/// The tree objects of the index entries `files` (path, mode, blob id): every tree, innermost
/// first, is appended to `out` as (id, bytes); returns the root tree's id. The same trees as
/// `git write-tree` makes from that index.
fn write_trees(
    files: &[(Vec<u8>, u32, git2::Oid)],
    out: &mut Vec<(git2::Oid, Vec<u8>)>,
) -> git2::Oid {
    let mut root = TreeDir::default();
    for (path, mode, id) in files {
        let mut at = &mut root;
        let mut parts = path.split(|&b| b == b'/').peekable();
        while let Some(part) = parts.next() {
            if parts.peek().is_none() {
                at.files.push((part.to_vec(), *mode, *id));
            } else {
                at = at.dirs.entry(part.to_vec()).or_default();
            }
        }
    }
    write_tree(&root, out)
}

fn write_tree(dir: &TreeDir, out: &mut Vec<(git2::Oid, Vec<u8>)>) -> git2::Oid {
    // Git orders a tree's entries by name, a directory's name as if it ended with '/'.
    let mut entries: Vec<(Vec<u8>, u32, git2::Oid)> =
        Vec::with_capacity(dir.files.len() + dir.dirs.len());
    for (name, sub) in &dir.dirs {
        let id = write_tree(sub, out);
        let mut key = name.clone();
        key.push(b'/');
        entries.push((key, 0o40000, id));
    }
    entries.extend(dir.files.iter().cloned());
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let mut bytes = Vec::with_capacity(entries.len() * 48);
    for (key, mode, id) in &entries {
        let name = key
            .strip_suffix(b"/")
            .filter(|_| *mode == 0o40000)
            .unwrap_or(key);
        bytes.extend_from_slice(format!("{mode:o} ").as_bytes());
        bytes.extend_from_slice(name);
        bytes.push(0);
        bytes.extend_from_slice(id.as_bytes());
    }
    let id = object_id(ObjectKind::Tree, &bytes);
    out.push((id, bytes));
    id
}

/// A commit object's bytes, as libgit2 and git write them.
fn commit_object(
    tree: git2::Oid,
    parent: Option<git2::Oid>,
    who: &git2::Signature<'_>,
    message: &str,
) -> Vec<u8> {
    let when = who.when();
    let offset = when.offset_minutes();
    let sign = if offset < 0 { '-' } else { '+' };
    let stamp = format!(
        "{} <{}> {} {sign}{:02}{:02}",
        who.name().unwrap_or("Grove"),
        who.email().unwrap_or("grove@localhost"),
        when.seconds(),
        offset.abs() / 60,
        offset.abs() % 60
    );
    let mut out = format!("tree {tree}\n");
    if let Some(p) = parent {
        out.push_str(&format!("parent {p}\n"));
    }
    out.push_str(&format!("author {stamp}\ncommitter {stamp}\n\n{message}"));
    out.into_bytes()
}

fn io(dir: &Path) -> impl FnOnce(std::io::Error) -> GitError + '_ {
    move |source| GitError::Io {
        dir: dir.to_path_buf(),
        source,
    }
}

/// A regular file to stage: its path relative to the work tree and its stat data.
struct WorkFile {
    rel: String,
    meta: std::fs::Metadata,
}

impl WorkFile {
    fn entry(&self, id: git2::Oid) -> git2::IndexEntry {
        use std::os::unix::fs::MetadataExt;
        let m = &self.meta;
        let time = |secs: i64, nanos: i64| git2::IndexTime::new(secs as i32, nanos as u32);
        git2::IndexEntry {
            ctime: time(m.ctime(), m.ctime_nsec()),
            mtime: time(m.mtime(), m.mtime_nsec()),
            dev: m.dev() as u32,
            ino: m.ino() as u32,
            mode: if m.mode() & 0o111 != 0 {
                0o100755
            } else {
                0o100644
            },
            uid: m.uid(),
            gid: m.gid(),
            file_size: m.len() as u32,
            id,
            flags: self.rel.len().min(0xfff) as u16,
            flags_extended: 0,
            path: self.rel.as_bytes().to_vec(),
        }
    }
}

/// Regular files under `path` (relative to the work tree `dir`), skipping `.git` and what
/// `.gitignore` ignores, in a stable order.
fn files_under(repo: &git2::Repository, dir: &Path, path: &str) -> Result<Vec<WorkFile>, GitError> {
    let mut out = Vec::new();
    let mut todo = vec![
        path.trim_start_matches("./")
            .trim_end_matches('/')
            .to_string(),
    ];
    while let Some(rel) = todo.pop() {
        let full = if rel.is_empty() || rel == "." {
            dir.to_path_buf()
        } else {
            dir.join(&rel)
        };
        let Ok(meta) = std::fs::symlink_metadata(&full) else {
            continue; // gone: removed from the index above
        };
        if meta.is_file() {
            if !repo.is_path_ignored(&rel).unwrap_or(false) {
                out.push(WorkFile { rel, meta });
            }
        } else if meta.is_dir() {
            let root = rel.is_empty() || rel == ".";
            if !root && repo.is_path_ignored(format!("{rel}/")).unwrap_or(false) {
                continue;
            }
            for e in std::fs::read_dir(&full).map_err(io(dir))? {
                let name = e
                    .map_err(io(dir))?
                    .file_name()
                    .to_string_lossy()
                    .to_string();
                if name == ".git" {
                    continue;
                }
                let child = if rel.is_empty() || rel == "." {
                    name
                } else {
                    format!("{rel}/{name}")
                };
                todo.push(child);
            }
        }
    }
    out.sort_by(|a, b| a.rel.cmp(&b.rel));
    Ok(out)
}

/// A git pack file (version 2) of whole, zlib-compressed objects and its index (version 2),
/// built in memory. No deltas: wiki pages are small and different. The index is written
/// from what was packed, so nothing reads the pack back to index it.
struct PackWriter {
    body: Vec<u8>,
    /// Per object: id, offset in the pack, CRC-32 of its packed bytes.
    objects: Vec<(git2::Oid, u64, u32)>,
    /// One zlib stream, reset per object: making one allocates and clears its tables, which
    /// cost as much as compressing a page.
    zlib: flate2::Compress,
}

impl Default for PackWriter {
    fn default() -> Self {
        PackWriter {
            body: Vec::new(),
            objects: Vec::new(),
            zlib: flate2::Compress::new(flate2::Compression::fast(), true),
        }
    }
}

impl PackWriter {
    /// Offset of the first object: after "PACK", the version and the object count.
    const HEADER: usize = 12;

    fn add(&mut self, kind: ObjectKind, id: git2::Oid, bytes: &[u8]) -> std::io::Result<()> {
        let start = self.body.len();
        let mut size = bytes.len();
        let mut byte = ((kind as u8) << 4) | (size & 0x0f) as u8;
        size >>= 4;
        while size > 0 {
            self.body.push(byte | 0x80);
            byte = (size & 0x7f) as u8;
            size >>= 7;
        }
        self.body.push(byte);
        self.zlib.reset();
        loop {
            self.body.reserve(bytes.len() / 2 + 64);
            let read = self.zlib.total_in() as usize;
            let status = self
                .zlib
                .compress_vec(
                    &bytes[read..],
                    &mut self.body,
                    flate2::FlushCompress::Finish,
                )
                .map_err(std::io::Error::other)?;
            if status == flate2::Status::StreamEnd {
                break;
            }
        }
        let crc = crc32fast::hash(&self.body[start..]);
        self.objects.push((id, (Self::HEADER + start) as u64, crc));
        Ok(())
    }

    /// The pack file, its index and its name (the pack's checksum in hex), or None when it
    /// holds no object.
    fn finish(mut self) -> Option<(Vec<u8>, Vec<u8>, String)> {
        use sha1::Digest;
        if self.objects.is_empty() {
            return None;
        }
        let mut pack = Vec::with_capacity(Self::HEADER + self.body.len() + 20);
        pack.extend_from_slice(b"PACK");
        pack.extend_from_slice(&2u32.to_be_bytes());
        pack.extend_from_slice(&(self.objects.len() as u32).to_be_bytes());
        pack.extend_from_slice(&self.body);
        let sum = sha1::Sha1::digest(&pack);
        pack.extend_from_slice(&sum);

        // Index v2: fan-out table, sorted ids, CRCs, 31-bit offsets (with a table of 64-bit
        // ones for objects past 2 GiB), the pack's checksum, then the index's own.
        self.objects.sort_by_key(|o| o.0);
        let mut idx = Vec::with_capacity(8 + 1024 + self.objects.len() * 28 + 40);
        idx.extend_from_slice(&[0xff, b't', b'O', b'c']);
        idx.extend_from_slice(&2u32.to_be_bytes());
        let mut fanout = [0u32; 256];
        for (id, _, _) in &self.objects {
            fanout[id.as_bytes()[0] as usize] += 1;
        }
        let mut total = 0;
        for n in fanout {
            total += n;
            idx.extend_from_slice(&total.to_be_bytes());
        }
        for (id, _, _) in &self.objects {
            idx.extend_from_slice(id.as_bytes());
        }
        for (_, _, crc) in &self.objects {
            idx.extend_from_slice(&crc.to_be_bytes());
        }
        let mut large = Vec::new();
        for &(_, offset, _) in &self.objects {
            let small = if offset < 0x8000_0000 {
                offset as u32
            } else {
                large.push(offset);
                0x8000_0000 | (large.len() as u32 - 1)
            };
            idx.extend_from_slice(&small.to_be_bytes());
        }
        for offset in large {
            idx.extend_from_slice(&offset.to_be_bytes());
        }
        idx.extend_from_slice(&sum);
        let idx_sum = sha1::Sha1::digest(&idx);
        idx.extend_from_slice(&idx_sum);
        let name = sum.iter().map(|b| format!("{b:02x}")).collect();
        Some((pack, idx, name))
    }
}

/// One `syncfs` for everything written (objects, index, ref, and the files committed).
fn sync(dir: &Path) -> Result<(), GitError> {
    let f = std::fs::File::open(dir.join(".git")).map_err(io(dir))?;
    rustix::fs::syncfs(&f).map_err(|e| io(dir)(e.into()))
}

/// The HEAD commit SHA, if any commit exists. Read from `.git` directly when HEAD names a
/// loose branch ref (what grove's repositories have); otherwise asks git.
pub fn head(dir: &Path) -> Result<Option<String>, GitError> {
    let git_dir = dir.join(".git");
    if let Ok(head) = std::fs::read_to_string(git_dir.join("HEAD"))
        && let Some(name) = head.trim().strip_prefix("ref: refs/heads/")
        && !name.contains("..")
        && let Ok(sha) = std::fs::read_to_string(git_dir.join("refs/heads").join(name))
    {
        let sha = sha.trim();
        if sha.len() == 40 && sha.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(Some(sha.to_string()));
        }
    }
    head_by_git(dir)
}

fn head_by_git(dir: &Path) -> Result<Option<String>, GitError> {
    match git(dir, &["rev-parse", "--verify", "--quiet", "HEAD"]) {
        Ok(sha) if !sha.is_empty() => Ok(Some(sha)),
        Ok(_) => Ok(None),
        Err(GitError::Failed { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether `path` has changes (staged, unstaged or untracked) against HEAD.
pub fn is_dirty(dir: &Path, path: &str) -> Result<bool, GitError> {
    Ok(!git(
        dir,
        &["status", "--porcelain", "--untracked-files=all", "--", path],
    )?
    .is_empty())
}

/// Puts `path` back to its state at HEAD: changed files restored, untracked ones removed.
/// Used to undo a write that was interrupted before its commit.
pub fn restore(dir: &Path, path: &str) -> Result<(), GitError> {
    if head(dir)?.is_some() {
        git(dir, &["reset", "--quiet", "--", path])?;
        git(dir, &["checkout", "--quiet", "HEAD", "--", path])?;
    }
    git(dir, &["clean", "--quiet", "-f", "-d", "--", path])?;
    Ok(())
}

/// The subject line of commit `rev`.
pub fn subject(dir: &Path, rev: &str) -> Result<String, GitError> {
    git(dir, &["log", "-1", "--format=%s", rev, "--"])
}

/// Moves the branch and the index to `sha` (drops the commits after it) and leaves the work
/// tree alone; [`restore`] then puts a path back to the new HEAD.
pub fn reset_to(dir: &Path, sha: &str) -> Result<(), GitError> {
    git(dir, &["reset", "--quiet", "--mixed", sha])?;
    Ok(())
}

/// Number of commits reachable from HEAD.
pub fn commit_count(dir: &Path) -> Result<u64, GitError> {
    if head(dir)?.is_none() {
        return Ok(0);
    }
    Ok(git(dir, &["rev-list", "--count", "HEAD"])?
        .parse()
        .unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commits_only_when_something_changed() {
        let dir = tempfile::tempdir().unwrap();
        // an interrupted init left a .git that is not a repository
        std::fs::create_dir_all(dir.path().join(".git/objects")).unwrap();
        init(dir.path()).unwrap();
        init(dir.path()).unwrap();
        assert!(!dir.path().join(".git-init").exists());
        // a lock file left by a process that died mid-commit does not block the next one
        std::fs::write(dir.path().join(".git/index.lock"), "").unwrap();
        assert_eq!(head(dir.path()).unwrap(), None);
        std::fs::create_dir(dir.path().join("docs")).unwrap();
        std::fs::write(dir.path().join("docs/a.md"), "a").unwrap();
        let first = commit_all(dir.path(), &["docs"], "one").unwrap().unwrap();
        let again = commit_all(dir.path(), &["docs"], "nothing new")
            .unwrap()
            .unwrap();
        assert_eq!(first, again);
        assert_eq!(commit_count(dir.path()).unwrap(), 1);

        // an interrupted write is undone
        assert!(!is_dirty(dir.path(), "docs").unwrap());
        std::fs::write(dir.path().join("docs/a.md"), "half").unwrap();
        std::fs::write(dir.path().join("docs/new.md"), "x").unwrap();
        assert!(is_dirty(dir.path(), "docs").unwrap());
        restore(dir.path(), "docs").unwrap();
        assert!(!is_dirty(dir.path(), "docs").unwrap());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("docs/a.md")).unwrap(),
            "a"
        );
        assert!(!dir.path().join("docs/new.md").exists());

        // a commit that was never recorded is dropped
        std::fs::write(dir.path().join("docs/b.md"), "b").unwrap();
        let second = commit_all(dir.path(), &["docs"], "two").unwrap().unwrap();
        assert_eq!(subject(dir.path(), &second).unwrap(), "two");
        reset_to(dir.path(), &first).unwrap();
        assert_eq!(head(dir.path()).unwrap().as_deref(), Some(first.as_str()));
        restore(dir.path(), "docs").unwrap();
        assert!(!dir.path().join("docs/b.md").exists());
        assert!(!is_dirty(dir.path(), "docs").unwrap());

        // a deleted file leaves the next commit; what libgit2 commits, the git command agrees on
        // (also for blobs larger than the compressor's first output buffer: incompressible
        // bytes and long text)
        std::fs::remove_file(dir.path().join("docs/a.md")).unwrap();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let noise: Vec<u8> = (0..300_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        std::fs::write(dir.path().join("assets/noise.bin"), &noise).unwrap();
        std::fs::write(
            dir.path().join("assets/long.md"),
            "a line of text\n".repeat(40_000),
        )
        .unwrap();
        commit_all(dir.path(), &["assets"], "assets")
            .unwrap()
            .unwrap();
        assert_eq!(
            git(dir.path(), &["cat-file", "-s", "HEAD:assets/noise.bin"]).unwrap(),
            "300000"
        );
        std::fs::remove_dir_all(dir.path().join("assets")).unwrap();
        commit_all(dir.path(), &["assets"], "no assets")
            .unwrap()
            .unwrap();
        std::fs::write(dir.path().join("docs/c.md"), "c").unwrap();
        let third = commit_all(dir.path(), &["docs"], "three").unwrap().unwrap();
        assert_eq!(
            git(dir.path(), &["ls-files"]).unwrap(),
            "docs/c.md",
            "the index holds exactly what was committed"
        );
        assert_eq!(git(dir.path(), &["rev-parse", "HEAD"]).unwrap(), third);
        // the trees grove wrote are the ones git makes from the same index
        assert_eq!(
            git(dir.path(), &["write-tree"]).unwrap(),
            git(dir.path(), &["rev-parse", "HEAD^{tree}"]).unwrap()
        );
        assert!(!is_dirty(dir.path(), ".").unwrap());
        assert_eq!(commit_count(dir.path()).unwrap(), 4);
        git(dir.path(), &["fsck", "--no-progress", "--strict"]).expect("the pack files are sound");

        // "." stages the whole work tree but what .gitignore names
        std::fs::write(dir.path().join(".gitignore"), "logs/\n").unwrap();
        std::fs::create_dir_all(dir.path().join("logs")).unwrap();
        std::fs::write(dir.path().join("logs/x.log"), "x").unwrap();
        std::fs::create_dir_all(dir.path().join("local/deep")).unwrap();
        std::fs::write(dir.path().join("local/deep/config.md"), "PORT:\n").unwrap();
        std::fs::write(dir.path().join("local/twin.md"), "PORT:\n").unwrap();
        // names that sort differently as files and as directories ("local" sorts as "local/")
        std::fs::write(dir.path().join("local.md"), "a").unwrap();
        std::fs::write(dir.path().join("local-x.md"), "b").unwrap();
        std::fs::write(dir.path().join("local0"), "c").unwrap();
        commit_all(dir.path(), &["."], "all\n\nwith a body")
            .unwrap()
            .unwrap();
        assert_eq!(
            git(dir.path(), &["ls-files"]).unwrap(),
            ".gitignore\ndocs/c.md\nlocal-x.md\nlocal.md\nlocal/deep/config.md\nlocal/twin.md\nlocal0"
        );
        assert_eq!(
            git(dir.path(), &["write-tree"]).unwrap(),
            git(dir.path(), &["rev-parse", "HEAD^{tree}"]).unwrap()
        );
        assert_eq!(subject(dir.path(), "HEAD").unwrap(), "all");
        assert_eq!(
            git(dir.path(), &["reflog", "-1", "--format=%gs", "HEAD"]).unwrap(),
            "commit: all"
        );
        assert!(!is_dirty(dir.path(), ".").unwrap());
        git(dir.path(), &["fsck", "--no-progress", "--strict"]).unwrap();
    }
}

//! The wiki directory's git repository.
//!
//! Every change to a wiki's `docs/` is a commit, and `X-Wiki-Version` is the HEAD SHA. Commits
//! use a fixed author; the git command never reads the operator's git configuration, and the
//! repository's own settings override it for libgit2, so results do not depend on the machine. This module runs git and reports its failures; it decides nothing.
//!
//! The hot path of every job, [`init`] and [`commit_all`], runs in-process through libgit2
//! (`git2`): no process per step, no fsync per object; one `syncfs` makes a commit durable.
//! The rarer operations (restore, reset, log) run the system `git` command.

use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Debug, thiserror::Error)]
pub enum GitError {
    #[error("git in {dir}: {source}")]
    Lib {
        dir: PathBuf,
        source: git2::Error,
    },
    #[error("cannot make the commit in {dir} durable: {source}")]
    Sync {
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

/// Runs git; `Ok(Err(output))` is a run that exited with status 1 (for the callers that expect
/// it, such as `commit` with nothing to commit).
fn run(dir: &Path, args: &[&str]) -> Result<std::process::Output, GitError> {
    Command::new("git")
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
        .map_err(GitError::Spawn)
}

fn failed(dir: &Path, args: &[&str], out: &std::process::Output) -> GitError {
    GitError::Failed {
        args: args.join(" "),
        dir: dir.to_path_buf(),
        stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
    }
}

fn git(dir: &Path, args: &[&str]) -> Result<String, GitError> {
    let out = run(dir, args)?;
    if !out.status.success() {
        return Err(failed(dir, args, &out));
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

/// Makes `dir` a git repository with branch `main` (idempotent). No template: a wiki
/// repository needs no sample hooks.
pub fn init(dir: &Path) -> Result<(), GitError> {
    if dir.join(".git").is_dir() {
        return Ok(());
    }
    let mut opts = git2::RepositoryInitOptions::new();
    opts.initial_head("main").external_template(false);
    let repo = git2::Repository::init_opts(dir, &opts).map_err(lib(dir))?;
    // The repository's own settings win over the machine's (global or system) git
    // configuration, so line endings and file modes are committed as written everywhere.
    let mut config = repo.config().map_err(lib(dir))?;
    for (key, value) in [("core.autocrlf", "false"), ("core.filemode", "true")] {
        config.set_str(key, value).map_err(lib(dir))?;
    }
    Ok(())
}

/// Stages everything under `paths` (new, changed and deleted files; `.gitignore` honoured)
/// and commits with `message` when something changed. Returns the HEAD SHA afterwards (None
/// for a repository without commits). The commit is on disk when this returns.
pub fn commit_all(dir: &Path, paths: &[&str], message: &str) -> Result<Option<String>, GitError> {
    let repo = open(dir)?;
    let mut index = repo.index().map_err(lib(dir))?;
    index
        .add_all(paths.iter(), git2::IndexAddOption::DEFAULT, None)
        .map_err(lib(dir))?;
    index.update_all(paths.iter(), None).map_err(lib(dir))?;
    index.write().map_err(lib(dir))?;
    let tree_id = index.write_tree().map_err(lib(dir))?;
    let parent = match repo.head() {
        Ok(head) => Some(head.peel_to_commit().map_err(lib(dir))?),
        Err(e) if e.code() == git2::ErrorCode::UnbornBranch || e.code() == git2::ErrorCode::NotFound => None,
        Err(e) => return Err(lib(dir)(e)),
    };
    let unchanged = match &parent {
        Some(p) => p.tree_id() == tree_id,
        None => index.is_empty(),
    };
    if !unchanged {
        let tree = repo.find_tree(tree_id).map_err(lib(dir))?;
        let who = git2::Signature::now("Grove", "grove@localhost").map_err(lib(dir))?;
        let parents: Vec<&git2::Commit<'_>> = parent.iter().collect();
        repo.commit(Some("HEAD"), &who, &who, message, &tree, &parents)
            .map_err(lib(dir))?;
        sync(dir)?;
    }
    head(dir)
}

/// One `syncfs` for everything written (objects, index, ref, and the files committed).
fn sync(dir: &Path) -> Result<(), GitError> {
    let f = std::fs::File::open(dir.join(".git")).map_err(|source| GitError::Sync {
        dir: dir.to_path_buf(),
        source,
    })?;
    rustix::fs::syncfs(&f).map_err(|e| GitError::Sync {
        dir: dir.to_path_buf(),
        source: e.into(),
    })
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
        init(dir.path()).unwrap();
        init(dir.path()).unwrap();
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
        std::fs::remove_file(dir.path().join("docs/a.md")).unwrap();
        std::fs::write(dir.path().join("docs/c.md"), "c").unwrap();
        let third = commit_all(dir.path(), &["docs"], "three").unwrap().unwrap();
        assert_eq!(
            git(dir.path(), &["ls-files"]).unwrap(),
            "docs/c.md",
            "the index holds exactly what was committed"
        );
        assert_eq!(git(dir.path(), &["rev-parse", "HEAD"]).unwrap(), third);
        assert!(!is_dirty(dir.path(), ".").unwrap());
        assert_eq!(commit_count(dir.path()).unwrap(), 2);
    }
}

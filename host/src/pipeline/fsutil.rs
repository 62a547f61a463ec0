//! Small filesystem helpers for the stages: atomic writes and directory copies that never
//! follow symbolic links.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically (temporary file in the same directory, then rename), so
/// a crash never leaves a half-written file behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_data()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Like [`write_atomic`] (temporary file, then rename) but without forcing the data to disk:
/// for a batch of files that one `syncfs` makes durable afterwards (for pages, the one that ends
/// [`crate::git::commit_all`]). A crash of the
/// process never leaves a half-written file; a power loss before the sync may lose the batch.
pub fn write_atomic_unsynced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// For a directory no reader is shown yet (grow's `docs/`, before the wiki is ready): a file
/// that does not exist is created and written in place, with no temporary file and no rename
/// (a few percent of a big grow); an existing one is replaced as [`write_atomic_unsynced`]
/// does. A torn new file is never committed: grow rewrites `docs/` when it runs again.
pub fn write_unpublished(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(mut f) => f.write_all(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            write_atomic_unsynced(path, bytes)
        }
        Err(e) => Err(e),
    }
}

/// Copies the tree at `from` into `to` (created if needed). Symbolic links and other special
/// files are skipped.
pub fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_leave_exactly_the_new_bytes_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("page.md");
        type Write = fn(&Path, &[u8]) -> std::io::Result<()>;
        let writers: [(&str, Write); 3] = [
            ("atomic", write_atomic),
            ("atomic, unsynced", write_atomic_unsynced),
            ("unpublished", write_unpublished),
        ];
        for (name, write) in writers {
            let _ = std::fs::remove_file(&path);
            write(&path, b"a longer first version").unwrap();
            assert_eq!(
                std::fs::read(&path).unwrap(),
                b"a longer first version",
                "{name}: new file"
            );
            write(&path, b"second").unwrap();
            assert_eq!(
                std::fs::read(&path).unwrap(),
                b"second",
                "{name}: replaced file"
            );
            let names: Vec<_> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            assert_eq!(
                names,
                ["page.md"],
                "{name}: nothing else left in the directory"
            );
        }
    }
}

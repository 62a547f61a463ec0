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

//! Exclusive ownership of a data dir by one running server.
//!
//! `grove.lock` holds an OS file lock for the life of the process, plus the owner's pid for the
//! message a second server prints. The lock is released by the OS when the process dies, so a
//! crash never leaves a stale lock behind.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Held while the server runs; dropping it releases the data dir.
#[derive(Debug)]
pub struct DataDirLock {
    _file: File,
    pub path: PathBuf,
}

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error(
        "another grove server (pid {pid}) is already using the data dir {dir}; stop it or choose another --data-dir"
    )]
    Held { dir: PathBuf, pid: String },
    #[error("cannot lock {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Takes the exclusive lock on `<data_dir>/grove.lock`, failing at once if another process
/// holds it.
pub fn lock(data_dir: &Path, lock_path: &Path) -> Result<DataDirLock, LockError> {
    let io = |source| LockError::Io {
        path: lock_path.to_path_buf(),
        source,
    };
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(lock_path)
        .map_err(io)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut pid = String::new();
            let _ = file.read_to_string(&mut pid);
            let pid = pid.trim();
            return Err(LockError::Held {
                dir: data_dir.to_path_buf(),
                pid: if pid.is_empty() {
                    "unknown".into()
                } else {
                    pid.to_string()
                },
            });
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
    }
    file.set_len(0).map_err(io)?;
    file.seek(SeekFrom::Start(0)).map_err(io)?;
    write!(file, "{}", std::process::id()).map_err(io)?;
    file.flush().map_err(io)?;
    Ok(DataDirLock {
        _file: file,
        path: lock_path.to_path_buf(),
    })
}

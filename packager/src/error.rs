//! The one error type of the crate, [`PackError`], and how each case should be read by a caller.
//!
//! It is for deciding what to do about a failed scan or pack (the server maps `TooLarge` to 413,
//! `Changed` to 409 and the rest to 500 with the message). It is not a place for HTTP status
//! codes: the crate knows nothing of HTTP.

use std::io;
use std::path::PathBuf;

/// Why a scan or a pack failed.
///
/// When [`crate::pack`] returns an error, whatever it already wrote to the output is an
/// incomplete package and must be discarded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PackError {
    /// Reading the source tree failed. `path` is the file system path involved.
    #[error("I/O error on {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },

    /// Writing the package to the output failed (the caller's writer returned an error).
    #[error("writing the package failed: {0}")]
    Output(#[source] io::Error),

    /// The kept files add up to more than `Options::max_source_bytes`. Nothing was written.
    #[error("source is {actual} bytes, over the limit of {limit} bytes")]
    TooLarge { limit: u64, actual: u64 },

    /// The tree changed while it was being packed: a file was modified, grew, shrank, vanished or
    /// was replaced, or an entry appeared or disappeared. `path` is relative to the root. Retrying
    /// later may succeed.
    #[error("source changed while packing: {path}")]
    Changed { path: String },

    /// A name in the tree could make a path escape the root or be read differently on another
    /// system (`.`/`..`, a separator or NUL inside a name). Nothing was written.
    #[error("unsafe path in source: {path}")]
    UnsafePath { path: String },

    /// A name in the tree is not valid UTF-8. Such names are refused rather than guessed at, so
    /// that the manifest (JSON) and the archive always agree. `path` is shown lossily.
    #[error("file name is not valid UTF-8: {path}")]
    NonUtf8Name { path: String },

    /// The source has its own `manifest.json` at its root, the name the package reserves for its
    /// manifest. Refused rather than silently dropped or overwritten.
    #[error(
        "the source has its own {path} at its root; that name is reserved for the package manifest"
    )]
    ReservedName { path: String },

    /// The root given is not a directory (or is a symlink, which is never followed).
    #[error("package root {} is not a directory (symlinks are not followed)", path.display())]
    NotADirectory { path: PathBuf },

    /// An option is out of range (for example a compression level above 9).
    #[error("invalid option: {0}")]
    InvalidOption(String),

    /// A bug or a panic in a worker thread. Should not happen.
    #[error("internal error: {0}")]
    Internal(String),
}

impl PackError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: io::Error) -> Self {
        PackError::Io {
            path: path.into(),
            source,
        }
    }

    pub(crate) fn changed(path: impl Into<String>) -> Self {
        PackError::Changed { path: path.into() }
    }

    /// True when the failure is about the source changing under the packer, so a later retry may
    /// succeed (the server's 409).
    pub fn is_changed(&self) -> bool {
        matches!(self, PackError::Changed { .. })
    }

    /// True when the failure is the size cap (the server's 413, never worth retrying).
    pub fn is_too_large(&self) -> bool {
        matches!(self, PackError::TooLarge { .. })
    }
}

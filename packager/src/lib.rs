//! `grove-packager`: turns a wiki directory into a reproducible, integrity-checked tar.gz
//! package.
//!
//! It reads a directory and writes a stream. It knows nothing of HTTP, reads no clock and no
//! database: everything that goes into a package comes from the tree and from the caller.
//!
//! ```no_run
//! use grove_packager::{Generator, Options, PackageInfo};
//! # fn main() -> Result<(), grove_packager::PackError> {
//! let dir = std::path::Path::new("/srv/grove/wikis/moby");
//! let opts = Options { max_source_bytes: Some(2 << 30), ..Options::default() };
//! let scan = grove_packager::scan(dir, &opts)?; // cheap: TooLarge here means 413
//! let info = PackageInfo {
//!     wiki_id: "w_123".into(),
//!     slug: "moby".into(),
//!     source_version: "9fceb02".into(),
//!     generator: Generator { name: "grove".into(), version: "0.1.0".into() },
//! };
//! let out = std::fs::File::create("/tmp/moby.tar.gz").unwrap();
//! let summary = grove_packager::pack_scanned(&scan, &info, &opts, out)?; // Changed means 409
//! println!("{} bytes, sha256 {}, snapshot {}", summary.bytes, summary.sha256, summary.snapshot_id);
//! # Ok(()) }
//! ```
//!
//! Guarantees:
//! - the same tree (paths, bytes, execute bits, directories), [`PackageInfo`] and [`Options`]
//!   give byte-identical output with a given build of this crate, whatever the number of
//!   threads, the file timestamps, owners or the order the file system lists entries in;
//! - no entry of the archive can point outside its root, and nothing outside the root is read
//!   (symlinks are never followed);
//! - a package is a consistent snapshot: if the tree changes while it is packed, `pack` fails
//!   with [`PackError::Changed`] instead of returning a package that mixes two states.
//!
//! Unix only (it relies on inode numbers, nlink and execute bits).

#![cfg(unix)]

mod archive;
mod error;
mod gz;
mod hashing;
mod manifest;
mod scan;

use std::io::Write;
use std::path::Path;

pub use error::PackError;
pub use hashing::HashingWriter;
pub use manifest::{FORMAT, FileRecord, Generator, MANIFEST_NAME, Manifest, PackageInfo};
pub use scan::{
    DOTENV_PREFIX, Entry, EntryKind, Excluded, ExclusionReason, Fingerprint, LOGS_DIR, Scan, scan,
};

/// The compression level used by default.
///
/// Level 3 rather than gzip's 6: on a realistic wiki (markdown plus an already-compressed
/// `.git/`) it costs about 3% more bytes than `gzip -6` for about 60% of level 6's CPU time.
/// Packages exist for integrity-checked delivery, not maximum ratio, and they are rebuilt on the
/// same small machine that generates wikis whenever a wiki changes. See the crate README for the
/// measurements.
pub const DEFAULT_LEVEL: u32 = 3;

/// The mtime written in every tar header by default (the Unix epoch).
pub const DEFAULT_MTIME: u64 = 0;

/// How to scan and pack. [`Options::default`] is what the server uses.
///
/// `level` and `mtime` are part of the output: change them and the bytes (hence the package
/// SHA-256) change. `threads` and `verify_tree` never change the bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Refuse (with `TooLarge`) a tree whose kept files add up to more than this many bytes.
    pub max_source_bytes: Option<u64>,
    /// Deflate level, 0 to 9.
    pub level: u32,
    /// Threads for hashing and compression; 0 means one per available core (at most 8).
    /// Values above 64 are treated as 64.
    pub threads: usize,
    /// The mtime of every archive entry, in seconds since the epoch.
    pub mtime: u64,
    /// Scan the tree again after packing and fail with `Changed` if it is not the tree that was
    /// scanned (catches entries added or removed while packing).
    pub verify_tree: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_source_bytes: None,
            level: DEFAULT_LEVEL,
            threads: 0,
            mtime: DEFAULT_MTIME,
            verify_tree: true,
        }
    }
}

impl Options {
    fn threads(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get().min(8)),
            n => n.min(64),
        }
    }
}

/// What [`pack`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageSummary {
    /// Lowercase hex SHA-256 of the whole `.tar.gz` as written (`X-Artifact-SHA256`).
    pub sha256: String,
    /// Length of the `.tar.gz` in bytes (`Content-Length`).
    pub bytes: u64,
    /// The content-derived snapshot id (`X-Artifact-Snapshot`), see
    /// [`Manifest::compute_snapshot_id`].
    pub snapshot_id: String,
    pub file_count: usize,
    /// Sum of the sizes of the packed files (the manifest excluded).
    pub source_bytes: u64,
    /// The manifest stored in the package as `manifest.json`.
    pub manifest: Manifest,
}

/// Scans `root` and packs it into `out`; see [`pack_scanned`].
pub fn pack<W: Write>(
    root: &Path,
    info: &PackageInfo,
    opts: &Options,
    out: W,
) -> Result<PackageSummary, PackError> {
    let scan = scan(root, opts)?;
    pack_scanned(&scan, info, opts, out)
}

/// Packs the tree `scan` saw into `out` as a gzip-compressed tar, streaming, and returns the
/// SHA-256 and length of what was written.
///
/// Files are read twice (once to hash them for the manifest, which comes first in the archive,
/// once to archive them) and checked against the scan each time. Fails early with `TooLarge`
/// (nothing written) over `opts.max_source_bytes`, with `Changed` when the tree changes while
/// packing, with `Output` when `out` fails. After any error, what was written to `out` is an
/// incomplete package and must be discarded.
pub fn pack_scanned<W: Write>(
    scan: &Scan,
    info: &PackageInfo,
    opts: &Options,
    out: W,
) -> Result<PackageSummary, PackError> {
    pack_with(scan, info, opts, out, gz::CHUNK_SIZE, None)
}

fn pack_with<W: Write>(
    scan: &Scan,
    info: &PackageInfo,
    opts: &Options,
    out: W,
    chunk_size: usize,
    before_read: archive::BeforeRead<'_>,
) -> Result<PackageSummary, PackError> {
    if opts.level > 9 {
        return Err(PackError::InvalidOption(format!(
            "compression level {} is not in 0..=9",
            opts.level
        )));
    }
    if let Some(limit) = opts.max_source_bytes
        && scan.source_bytes() > limit
    {
        return Err(PackError::TooLarge {
            limit,
            actual: scan.source_bytes(),
        });
    }
    let threads = opts.threads();
    let hashes = archive::hash_files(scan, threads)?;
    let files = scan
        .files()
        .zip(&hashes)
        .map(|(e, h)| FileRecord {
            path: e.path.clone(),
            size: e.size,
            sha256: hex::encode(h),
            mode: format!("{:04o}", archive::mode_of(e)),
        })
        .collect();
    let dirs = scan.dirs().map(|e| e.path.clone()).collect();
    let manifest = Manifest::new(info, dirs, files);
    let json = manifest.to_json();

    let mut out = HashingWriter::new(out);
    let cfg = gz::GzConfig {
        level: opts.level,
        threads,
        chunk_size,
    };
    gz::compress_stream(&mut out, cfg, |sink| {
        archive::write_tar(sink, scan, &json, &hashes, opts.mtime, before_read)
    })?;
    out.flush().map_err(PackError::Output)?;
    if opts.verify_tree {
        scan.verify_unchanged()?;
    }
    let (_, sha256, bytes) = out.into_parts();
    Ok(PackageSummary {
        sha256: hex::encode(sha256),
        bytes,
        snapshot_id: manifest.snapshot_id.clone(),
        file_count: scan.file_count(),
        source_bytes: scan.source_bytes(),
        manifest,
    })
}

#[cfg(test)]
mod pack_tests;

//! The tar layer: reading files with change detection, hashing them, and writing normalized tar
//! entries into the compressor.
//!
//! It is for turning a [`Scan`] into the exact tar byte stream of a package: `manifest.json`
//! first, then every entry in path order, with GNU headers whose owner (0, no names), mode
//! (0644, or 0755 for directories and executables) and mtime (fixed) are normalized; names over
//! 100 bytes use a GNU `././@LongLink` entry. Every file is checked against the scan before and
//! after it is read (inode, size, mtime, ctime, mode, nlink) and its bytes are checked against
//! the first pass's SHA-256, so a file changing while packing gives `Changed`, never a package
//! that mixes two versions. It is not the walker (see [`crate::scan`]) nor the compressor
//! (see [`crate::gz`]).

use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;

use sha2::{Digest, Sha256};
use tar::{EntryType, Header};

use crate::error::PackError;
use crate::gz::ChunkSink;
use crate::manifest::MANIFEST_NAME;
use crate::scan::{Entry, EntryKind, Scan, Stamp};

const BLOCK: u64 = 512;
const NAME_FIELD: usize = 100;
const READ_BUF: usize = 256 * 1024;

/// Mode of a packed file, directory or executable.
pub(crate) fn mode_of(e: &Entry) -> u32 {
    if e.kind == EntryKind::Dir || e.executable {
        0o755
    } else {
        0o644
    }
}

/// A called-back test hook: runs with the relative path just before a file is read for the
/// archive (second pass). Production passes `None`.
pub(crate) type BeforeRead<'h> = Option<&'h (dyn Fn(&str) + Sync)>;

fn header(kind: EntryType, size: u64, mode: u32, mtime: u64) -> Header {
    let mut h = Header::new_gnu();
    h.set_entry_type(kind);
    h.set_size(size);
    h.set_mode(mode);
    h.set_uid(0);
    h.set_gid(0);
    h.set_mtime(mtime);
    h
}

/// Writes the header of one entry named `name` (already with a trailing `/` for directories),
/// preceded by a GNU long-name entry when the name does not fit in 100 bytes.
fn put_header(sink: &mut ChunkSink<'_>, name: &str, mut h: Header) -> Result<(), PackError> {
    let bytes = name.as_bytes();
    if bytes.len() > NAME_FIELD {
        let mut long = header(EntryType::GNULongName, bytes.len() as u64 + 1, 0o644, 0);
        long.as_old_mut().name[..13].copy_from_slice(b"././@LongLink");
        long.set_cksum();
        sink.put(long.as_bytes())?;
        sink.put(bytes)?;
        sink.put(&[0])?;
        pad(sink, bytes.len() as u64 + 1)?;
    }
    let n = bytes.len().min(NAME_FIELD);
    h.as_old_mut().name[..n].copy_from_slice(&bytes[..n]);
    h.set_cksum();
    sink.put(h.as_bytes())
}

fn pad(sink: &mut ChunkSink<'_>, len: u64) -> Result<(), PackError> {
    let rem = (BLOCK - len % BLOCK) % BLOCK;
    sink.put(&[0u8; BLOCK as usize][..rem as usize])
}

/// Opens `entry`, checks it is still the inode the scan saw, streams exactly `entry.size` bytes
/// to `on_data`, checks it ended there and was not touched meanwhile, and returns its SHA-256.
fn read_verified(
    root: &Path,
    entry: &Entry,
    buf: &mut [u8],
    mut on_data: impl FnMut(&[u8]) -> Result<(), PackError>,
) -> Result<[u8; 32], PackError> {
    let abs = root.join(&entry.path);
    let changed = || PackError::changed(&entry.path);
    let mut file = match File::open(&abs) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(changed()),
        Err(e) => return Err(PackError::io(abs, e)),
    };
    // fstat on the open handle: catches a file replaced (by a symlink, through a swapped parent
    // directory, by a new inode) since the scan, and a hard link added since.
    let unchanged = |f: &File| -> Result<bool, PackError> {
        let md = f.metadata().map_err(|e| PackError::io(&abs, e))?;
        Ok(md.is_file() && md.nlink() == 1 && Stamp::of(&md) == entry.stamp)
    };
    if !unchanged(&file)? {
        return Err(changed());
    }
    let mut hasher = Sha256::new();
    let mut remaining = entry.size;
    while remaining > 0 {
        let want = remaining.min(buf.len() as u64) as usize;
        let n = match file.read(&mut buf[..want]) {
            Ok(0) => return Err(changed()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(PackError::io(&abs, e)),
        };
        hasher.update(&buf[..n]);
        on_data(&buf[..n])?;
        remaining -= n as u64;
    }
    loop {
        match file.read(&mut buf[..1]) {
            Ok(0) => break,
            Ok(_) => return Err(changed()),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(PackError::io(&abs, e)),
        }
    }
    if !unchanged(&file)? {
        return Err(changed());
    }
    Ok(hasher.finalize().into())
}

type Hashed = Result<[u8; 32], PackError>;

/// First pass: the SHA-256 of every file of the scan, in `scan.files()` order, on `threads`
/// threads. On failure, the error of the first failing file in path order among those tried.
pub(crate) fn hash_files(scan: &Scan, threads: usize) -> Result<Vec<[u8; 32]>, PackError> {
    let files: Vec<&Entry> = scan.files().collect();
    let root = scan.root();
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let results: Mutex<Vec<(usize, Hashed)>> = Mutex::new(Vec::with_capacity(files.len()));
    let work = || {
        let mut buf = vec![0u8; READ_BUF];
        let mut mine = Vec::new();
        while !failed.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(entry) = files.get(i) else { break };
            let r = read_verified(root, entry, &mut buf, |_| Ok(()));
            if r.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            mine.push((i, r));
        }
        results
            .lock()
            .expect("no panics while holding")
            .extend(mine);
    };
    let threads = threads.clamp(1, files.len().max(1));
    if threads == 1 {
        work();
    } else {
        thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            for h in handles {
                if h.join().is_err() {
                    failed.store(true, Ordering::Relaxed);
                }
            }
        });
    }
    let mut results = results.into_inner().expect("threads joined");
    results.sort_unstable_by_key(|(i, _)| *i);
    let mut hashes = Vec::with_capacity(files.len());
    for (_, r) in results {
        hashes.push(r?);
    }
    if hashes.len() != files.len() {
        return Err(PackError::Internal("a hashing thread panicked".into()));
    }
    Ok(hashes)
}

/// Second pass: writes the whole tar stream (manifest first, entries in path order, end
/// marker) into `sink`, re-reading every file and checking it against `hashes` (from
/// [`hash_files`]).
pub(crate) fn write_tar(
    sink: &mut ChunkSink<'_>,
    scan: &Scan,
    manifest_json: &[u8],
    hashes: &[[u8; 32]],
    mtime: u64,
    before_read: BeforeRead<'_>,
) -> Result<(), PackError> {
    let len = manifest_json.len() as u64;
    put_header(
        sink,
        MANIFEST_NAME,
        header(EntryType::Regular, len, 0o644, mtime),
    )?;
    sink.put(manifest_json)?;
    pad(sink, len)?;
    let mut buf = vec![0u8; READ_BUF];
    let mut hashes = hashes.iter();
    for e in scan.entries() {
        match e.kind {
            EntryKind::Dir => {
                let h = header(EntryType::Directory, 0, mode_of(e), mtime);
                put_header(sink, &format!("{}/", e.path), h)?;
            }
            EntryKind::File => {
                let expected = hashes
                    .next()
                    .ok_or_else(|| PackError::Internal("fewer hashes than files".into()))?;
                if let Some(hook) = before_read {
                    hook(&e.path);
                }
                let h = header(EntryType::Regular, e.size, mode_of(e), mtime);
                put_header(sink, &e.path, h)?;
                let got = read_verified(scan.root(), e, &mut buf, |d| sink.put(d))?;
                if &got != expected {
                    return Err(PackError::changed(&e.path));
                }
                pad(sink, e.size)?;
            }
        }
    }
    // End of archive: two zero blocks.
    sink.put(&[0u8; 2 * BLOCK as usize])
}

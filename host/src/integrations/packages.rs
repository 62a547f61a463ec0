//! The package snapshot cache and the per-client download rate (DESIGN.md §10).
//!
//! A built package is an immutable file under `<data-dir>/cache/packages/`; a moka cache bounded
//! by bytes maps (wiki id, wiki version) to it, and deletes the file when the entry is evicted.
//! HEAD and the GET that follows find the same entry, hence the same bytes. Concurrent requests
//! for a snapshot that is not cached yet build it once (moka coalesces the initialisations).
//! Builds run on the calling (blocking) thread under the wiki's read lock (see [`super::locks`]).
//! The cache directory is derived data: it is emptied at start, and packages are reproducible,
//! so a rebuilt package has the same SHA-256 and ETag. This module knows nothing of HTTP.

use std::io::{BufWriter, Write as _};
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use super::IntegrationError;
use super::locks::WikiLocks;
use crate::config::Rate;
use crate::store::WikiRecord;

/// Bytes of packages the cache keeps on disk before it evicts the least recently used.
pub const CACHE_CAPACITY_BYTES: u64 = 2 << 30;

/// A built package: an immutable file and what the headers say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    pub wiki_id: String,
    pub slug: String,
    /// `X-Wiki-Version`: the git HEAD of the wiki directory, or `t<updated_at µs>` without one.
    pub version: String,
    pub path: PathBuf,
    /// Lowercase hex SHA-256 of the file (`X-Artifact-SHA256`, the ETag).
    pub sha256: String,
    pub bytes: u64,
    /// `X-Artifact-Snapshot`.
    pub snapshot_id: String,
}

impl Package {
    /// The strong ETag: the quoted SHA-256.
    pub fn etag(&self) -> String {
        format!("\"{}\"", self.sha256)
    }
}

type Key = (String, String);

/// Built packages, bounded by bytes, kept as files.
pub struct PackageCache {
    dir: PathBuf,
    cache: moka::sync::Cache<Key, Arc<Package>>,
    max_source_bytes: u64,
}

impl PackageCache {
    /// A cache in `dir` (created, and emptied of what an earlier process left), holding at most
    /// `capacity` bytes of packages; sources over `max_source_bytes` are refused (413).
    pub fn new(dir: &Path, capacity: u64, max_source_bytes: u64) -> std::io::Result<Self> {
        if dir.exists() {
            std::fs::remove_dir_all(dir)?;
        }
        std::fs::create_dir_all(dir)?;
        let cache = moka::sync::Cache::builder()
            // weights in KiB so that a u32 weight covers packages up to 4 TiB
            .max_capacity((capacity / 1024).max(1))
            .weigher(|_k: &Key, v: &Arc<Package>| (v.bytes / 1024 + 1).min(u32::MAX as u64) as u32)
            .eviction_listener(|_k, v: Arc<Package>, _cause| {
                let _ = std::fs::remove_file(&v.path);
            })
            .build();
        Ok(PackageCache {
            dir: dir.to_path_buf(),
            cache,
            max_source_bytes,
        })
    }

    /// The version the wiki directory is at: its git HEAD, else one derived from `updated_at`.
    pub fn version_of(wiki: &WikiRecord, dir: &Path) -> String {
        match crate::git::head(dir) {
            Ok(Some(sha)) => sha,
            _ => format!("t{}", wiki.updated_at.timestamp_micros()),
        }
    }

    /// The package of the wiki's current version, built now if it is not cached. Blocking: call
    /// it from a blocking thread. Holds the wiki's read lock while it reads the version and packs.
    pub fn get_or_build(
        &self,
        wiki: &WikiRecord,
        dir: &Path,
        locks: &WikiLocks,
    ) -> Result<Arc<Package>, IntegrationError> {
        let lock = locks.lock_for(&wiki.id);
        let _guard = lock.blocking_read();
        let version = Self::version_of(wiki, dir);
        let key = (wiki.id.clone(), version.clone());
        self.cache
            .try_get_with(key, || self.build(wiki, dir, &version).map(Arc::new))
            .map_err(|e| (*e).clone())
    }

    /// Like [`get_or_build`](Self::get_or_build), and opens the file. An entry evicted between
    /// the two (its file deleted) is rebuilt once.
    pub fn open(
        &self,
        wiki: &WikiRecord,
        dir: &Path,
        locks: &WikiLocks,
    ) -> Result<(Arc<Package>, std::fs::File), IntegrationError> {
        for _ in 0..2 {
            let pkg = self.get_or_build(wiki, dir, locks)?;
            match std::fs::File::open(&pkg.path) {
                Ok(f) => return Ok((pkg, f)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    self.cache
                        .invalidate(&(pkg.wiki_id.clone(), pkg.version.clone()));
                }
                Err(e) => {
                    return Err(IntegrationError::Build(format!(
                        "cannot open the built package: {e}"
                    )));
                }
            }
        }
        Err(IntegrationError::Build(
            "the package was evicted from the cache twice while being served; retry".into(),
        ))
    }

    fn build(
        &self,
        wiki: &WikiRecord,
        dir: &Path,
        version: &str,
    ) -> Result<Package, IntegrationError> {
        let opts = grove_packager::Options {
            max_source_bytes: Some(self.max_source_bytes),
            ..grove_packager::Options::default()
        };
        let started = std::time::Instant::now();
        let scan = grove_packager::scan(dir, &opts).map_err(pack_error)?;
        if scan.source_bytes() > self.max_source_bytes {
            return Err(IntegrationError::TooLarge {
                limit: self.max_source_bytes,
                actual: scan.source_bytes(),
            });
        }
        let info = grove_packager::PackageInfo {
            wiki_id: wiki.id.clone(),
            slug: wiki.slug.clone(),
            source_version: version.to_string(),
            generator: grove_packager::Generator {
                name: "grove".into(),
                version: env!("CARGO_PKG_VERSION").into(),
            },
        };
        let nonce: u64 = rand::random();
        let tmp = self.dir.join(format!(".build-{nonce:016x}.tmp"));
        let file = std::fs::File::create(&tmp).map_err(|e| {
            IntegrationError::Build(format!("cannot create {}: {e}", tmp.display()))
        })?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let result = grove_packager::pack_scanned(&scan, &info, &opts, &mut out)
            .map_err(pack_error)
            .and_then(|s| {
                out.flush()
                    .map_err(|e| IntegrationError::Build(format!("writing the package: {e}")))?;
                Ok(s)
            });
        drop(out);
        let summary = match result {
            Ok(s) => s,
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                return Err(e);
            }
        };
        let path = self.dir.join(format!("{}-{nonce:016x}.tar.gz", wiki.id));
        if let Err(e) = std::fs::rename(&tmp, &path) {
            let _ = std::fs::remove_file(&tmp);
            return Err(IntegrationError::Build(format!(
                "cannot move the package into the cache: {e}"
            )));
        }
        tracing::info!(
            wiki.id = %wiki.id,
            version,
            bytes = summary.bytes,
            files = summary.file_count,
            ms = started.elapsed().as_millis() as u64,
            "package built"
        );
        Ok(Package {
            wiki_id: wiki.id.clone(),
            slug: wiki.slug.clone(),
            version: version.to_string(),
            path,
            sha256: summary.sha256,
            bytes: summary.bytes,
            snapshot_id: summary.snapshot_id,
        })
    }
}

fn pack_error(e: grove_packager::PackError) -> IntegrationError {
    use grove_packager::PackError;
    match e {
        PackError::TooLarge { limit, actual } => IntegrationError::TooLarge { limit, actual },
        PackError::Changed { path } => IntegrationError::Changed(path),
        other => IntegrationError::Build(other.to_string()),
    }
}

/// Package downloads per client (token id): `count` per `period` with a burst of `count`.
pub struct DownloadLimiter {
    limiter: DefaultKeyedRateLimiter<String>,
}

impl DownloadLimiter {
    pub fn new(rate: Rate) -> Self {
        let count = NonZeroU32::new(rate.count).unwrap_or(NonZeroU32::MIN);
        let per = (rate.period / count.get()).max(Duration::from_nanos(1));
        let quota = Quota::with_period(per)
            .expect("a non-zero period")
            .allow_burst(count);
        DownloadLimiter {
            limiter: DefaultKeyedRateLimiter::keyed(quota),
        }
    }

    /// Takes one download for `client`, or says how long to wait.
    pub fn check(&self, client: &str) -> Result<(), Duration> {
        let key = client.to_string();
        let res = self
            .limiter
            .check_key(&key)
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()));
        if self.limiter.len() > 10_000 {
            self.limiter.retain_recent();
        }
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limiter_allows_the_burst_then_says_when() {
        let l = DownloadLimiter::new(Rate {
            count: 2,
            period: Duration::from_secs(60),
        });
        assert!(l.check("a").is_ok());
        assert!(l.check("a").is_ok());
        let wait = l.check("a").unwrap_err();
        assert!(wait > Duration::from_secs(20) && wait <= Duration::from_secs(30));
        assert!(l.check("b").is_ok(), "per client");
    }

    #[test]
    fn builds_once_and_serves_the_same_file() {
        let tmp = tempfile::tempdir().unwrap();
        let wiki_dir = tmp.path().join("w");
        std::fs::create_dir_all(wiki_dir.join("docs")).unwrap();
        std::fs::write(wiki_dir.join("docs/a.md"), "# A\n").unwrap();
        let cache = PackageCache::new(&tmp.path().join("cache"), 1 << 30, 1 << 30).unwrap();
        let locks = WikiLocks::default();
        let wiki = WikiRecord::new(
            "w_1".into(),
            "w".into(),
            "W".into(),
            "o".into(),
            "en".into(),
        );
        let a = cache.get_or_build(&wiki, &wiki_dir, &locks).unwrap();
        let b = cache.get_or_build(&wiki, &wiki_dir, &locks).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(std::fs::metadata(&a.path).unwrap().len(), a.bytes);
        assert!(a.version.starts_with('t'));

        let small = PackageCache::new(&tmp.path().join("cache2"), 1 << 30, 2).unwrap();
        assert!(matches!(
            small.get_or_build(&wiki, &wiki_dir, &locks),
            Err(IntegrationError::TooLarge { .. })
        ));
    }
}

//! The `manifest.json` written first in every package, and the snapshot id derived from content.
//!
//! It is for describing a package to whoever unpacks it: which wiki, which source version, which
//! files with which size and SHA-256. A downstream system can recompute the snapshot id from the
//! manifest alone ([`Manifest::compute_snapshot_id`]) and check every file against it. It is not
//! the package checksum (that is the SHA-256 of the whole `.tar.gz`, returned by
//! [`crate::pack`]), and it holds no timestamps: a manifest depends only on content and on what
//! the caller passes in [`PackageInfo`].

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Path of the manifest inside a package (at its root, first entry of the archive).
pub const MANIFEST_NAME: &str = "manifest.json";

/// Value of the manifest's `format` field; changes if the package layout ever changes.
pub const FORMAT: &str = "grove-package/1";

/// Domain tag that starts the snapshot digest.
const SNAPSHOT_TAG: &[u8] = b"grove-snapshot/1\0";

/// Who generated the wiki content (recorded in the manifest, so a new generator version gives a
/// new package checksum even when the snapshot id stays the same).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generator {
    pub name: String,
    pub version: String,
}

/// What the caller knows about the wiki; copied into the manifest as is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageInfo {
    pub wiki_id: String,
    pub slug: String,
    /// The wiki's version (its git HEAD, or an update-time-based version), as sent in
    /// `X-Wiki-Version`.
    pub source_version: String,
    pub generator: Generator,
}

/// One file of the package as listed in the manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRecord {
    /// Relative, `/`-separated, as in the archive.
    pub path: String,
    pub size: u64,
    /// Lowercase hex SHA-256 of the contents.
    pub sha256: String,
    /// `"0644"` or `"0755"`, as in the archive.
    pub mode: String,
}

/// The `manifest.json` of a package. Field order is fixed; `directories` and `files` are sorted
/// by the bytes of their path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    pub wiki_id: String,
    pub slug: String,
    pub source_version: String,
    /// See [`Manifest::compute_snapshot_id`].
    pub snapshot_id: String,
    pub generator: Generator,
    pub file_count: u64,
    /// Sum of the file sizes.
    pub source_bytes: u64,
    /// Every directory of the package (empty ones included), without trailing `/`.
    pub directories: Vec<String>,
    pub files: Vec<FileRecord>,
}

impl Manifest {
    /// Builds a manifest; `directories` and `files` must already be sorted by path bytes.
    pub(crate) fn new(
        info: &PackageInfo,
        directories: Vec<String>,
        files: Vec<FileRecord>,
    ) -> Self {
        let mut m = Manifest {
            format: FORMAT.to_string(),
            wiki_id: info.wiki_id.clone(),
            slug: info.slug.clone(),
            source_version: info.source_version.clone(),
            snapshot_id: String::new(),
            generator: info.generator.clone(),
            file_count: files.len() as u64,
            source_bytes: files.iter().map(|f| f.size).sum(),
            directories,
            files,
        };
        m.snapshot_id = m.compute_snapshot_id();
        m
    }

    /// The snapshot id: lowercase hex SHA-256 over a length-prefixed encoding of the sorted
    /// directory list and the sorted file list (path, size, mode, SHA-256). It depends only on
    /// the packed content, not on the wiki id, the versions or the compression, so the same tree
    /// always has the same snapshot id. Exact encoding:
    ///
    /// ```text
    /// "grove-snapshot/1\0"
    /// for each directory: 'd' u64le(len) path
    /// for each file:      'f' u64le(len) path u64le(size) ('x' if mode 0755 else '-') sha256[32]
    /// ```
    pub fn compute_snapshot_id(&self) -> String {
        let mut h = Sha256::new();
        h.update(SNAPSHOT_TAG);
        for d in &self.directories {
            h.update(b"d");
            h.update((d.len() as u64).to_le_bytes());
            h.update(d.as_bytes());
        }
        for f in &self.files {
            h.update(b"f");
            h.update((f.path.len() as u64).to_le_bytes());
            h.update(f.path.as_bytes());
            h.update(f.size.to_le_bytes());
            h.update(if f.mode == "0755" { b"x" } else { b"-" });
            // A malformed hash (only possible in a hand-edited manifest) still hashes
            // deterministically, as its text.
            match hex::decode(&f.sha256) {
                Ok(raw) if raw.len() == 32 => h.update(&raw),
                _ => h.update(f.sha256.as_bytes()),
            }
        }
        hex::encode(h.finalize())
    }

    /// The exact bytes stored as `manifest.json`: pretty-printed JSON and a final newline.
    pub fn to_json(&self) -> Vec<u8> {
        let mut v = serde_json::to_vec_pretty(self).expect("a manifest always serializes");
        v.push(b'\n');
        v
    }

    /// Parses a `manifest.json`.
    pub fn from_json(bytes: &[u8]) -> Result<Self, serde_json::Error> {
        serde_json::from_slice(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(version: &str) -> PackageInfo {
        PackageInfo {
            wiki_id: "w1".into(),
            slug: "moby".into(),
            source_version: "abc123".into(),
            generator: Generator {
                name: "grove".into(),
                version: version.into(),
            },
        }
    }

    fn file(path: &str, size: u64, byte: u8) -> FileRecord {
        FileRecord {
            path: path.into(),
            size,
            sha256: hex::encode(Sha256::digest(vec![byte; size as usize])),
            mode: "0644".into(),
        }
    }

    #[test]
    fn snapshot_depends_on_content_only() {
        let files = || vec![file("a.md", 3, 1), file("b/c.md", 0, 0)];
        let dirs = || vec!["b".to_string()];
        let base = Manifest::new(&info("1.0"), dirs(), files());
        assert_eq!(base.snapshot_id.len(), 64);
        // Same content, other generator version: same snapshot, different manifest bytes.
        let other = Manifest::new(&info("2.0"), dirs(), files());
        assert_eq!(base.snapshot_id, other.snapshot_id);
        assert_ne!(base.to_json(), other.to_json());
        // Each content change moves the snapshot.
        let variants: Vec<(&str, Manifest)> = vec![
            (
                "size",
                Manifest::new(
                    &info("1.0"),
                    dirs(),
                    vec![file("a.md", 4, 1), file("b/c.md", 0, 0)],
                ),
            ),
            (
                "bytes",
                Manifest::new(
                    &info("1.0"),
                    dirs(),
                    vec![file("a.md", 3, 2), file("b/c.md", 0, 0)],
                ),
            ),
            (
                "path",
                Manifest::new(
                    &info("1.0"),
                    dirs(),
                    vec![file("a.mdx", 3, 1), file("b/c.md", 0, 0)],
                ),
            ),
            (
                "extra dir",
                Manifest::new(&info("1.0"), vec!["b".into(), "e".into()], files()),
            ),
            ("mode", {
                let mut f = files();
                f[0].mode = "0755".into();
                Manifest::new(&info("1.0"), dirs(), f)
            }),
        ];
        for (what, m) in variants {
            assert_ne!(m.snapshot_id, base.snapshot_id, "{what}");
        }
    }

    #[test]
    fn json_round_trip_and_layout() {
        let m = Manifest::new(&info("1.0"), vec![], vec![file("a.md", 3, 1)]);
        let json = m.to_json();
        assert_eq!(Manifest::from_json(&json).unwrap(), m);
        let text = String::from_utf8(json).unwrap();
        assert!(text.ends_with("}\n"));
        let order: Vec<usize> = [
            "\"format\"",
            "\"wiki_id\"",
            "\"slug\"",
            "\"source_version\"",
            "\"snapshot_id\"",
            "\"generator\"",
            "\"files\"",
        ]
        .iter()
        .map(|k| text.find(k).unwrap())
        .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{text}");
        assert_eq!(m.compute_snapshot_id(), m.snapshot_id);
    }
}

//! The running service's shared state: configuration, data-dir layout, the store, and the
//! long-lived services. Built once at start-up and shared as `Arc<App>`. It knows nothing of
//! HTTP: the API layer translates requests into calls on it.

use std::path::{Path, PathBuf};
use std::time::Instant;

use std::sync::Arc;

use crate::auth::{AuthError, Authenticator, Principal};
use crate::config::Config;
use crate::events::EventHub;
use crate::genes::GeneRegistry;
use crate::scheduler::Scheduler;
use crate::store::Store;

/// Where things live inside the data dir (DESIGN.md §3). Everything under `index/` and
/// `cache/` is derived data and may be deleted.
#[derive(Debug, Clone)]
pub struct DataPaths {
    pub root: PathBuf,
}

impl DataPaths {
    pub fn new(root: &Path) -> Self {
        DataPaths {
            root: root.to_path_buf(),
        }
    }
    pub fn db(&self) -> PathBuf {
        self.root.join("grove.redb")
    }
    pub fn lock(&self) -> PathBuf {
        self.root.join("grove.lock")
    }
    pub fn wikis(&self) -> PathBuf {
        self.root.join("wikis")
    }
    pub fn wiki_dir(&self, slug: &str) -> PathBuf {
        self.wikis().join(slug)
    }
    pub fn uploads(&self) -> PathBuf {
        self.root.join("uploads")
    }
    pub fn index(&self) -> PathBuf {
        self.root.join("index")
    }
    pub fn cache(&self) -> PathBuf {
        self.root.join("cache")
    }
    pub fn secrets(&self) -> PathBuf {
        self.root.join("secrets")
    }
    /// The record of the running preview processes (`preview::supervisor`).
    pub fn previews(&self) -> PathBuf {
        self.root.join("previews.json")
    }

    /// Creates the directories of the layout.
    pub fn create_all(&self) -> std::io::Result<()> {
        for dir in [
            self.root.clone(),
            self.wikis(),
            self.uploads(),
            self.index(),
            self.cache(),
            self.secrets(),
        ] {
            std::fs::create_dir_all(dir)?;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(self.secrets(), std::fs::Permissions::from_mode(0o700))?;
        }
        for dir in [self.wikis(), self.index()] {
            mark_top_of_hierarchy(&dir);
        }
        Ok(())
    }
}

/// Marks `dir` as the top of directory hierarchies (`chattr +T`, `FS_TOPDIR_FL`): on ext4 the
/// allocator then places each new subdirectory (a wiki, a wiki's search index) in a block
/// group of its own with free inodes, as it does for the home directories under `/home`,
/// instead of in the group of its parent. A wiki is a few hundred files made at once; in a
/// group where many files were deleted recently (another wiki, a build), ext4 without a
/// journal skips each recently freed inode, and creating a file took 0.3 ms instead of 0.02.
/// Best effort: filesystems without the flag ignore it or refuse, and both are fine.
fn mark_top_of_hierarchy(dir: &Path) {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{IFlags, ioctl_getflags, ioctl_setflags};
        let result = std::fs::File::open(dir).and_then(|f| {
            let flags = ioctl_getflags(&f)?;
            if !flags.contains(IFlags::TOPDIR) {
                ioctl_setflags(&f, flags | IFlags::TOPDIR)?;
            }
            Ok(())
        });
        if let Err(e) = result {
            tracing::debug!(dir = %dir.display(), error = %e, "the filesystem keeps no top-directory flag; new wikis are placed by its default policy");
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = dir;
}

/// The service.
pub struct App {
    pub config: Config,
    pub paths: DataPaths,
    pub store: Store,
    pub started_at: Instant,
    pub events: EventHub,
    pub scheduler: Scheduler,
    pub genes: Arc<GeneRegistry>,
    /// The neural model of semantic search (`--embed-model`); none: the embedded embedder.
    pub embedder: Option<Arc<crate::search::neural::NeuralEmbedder>>,
    /// Per-wiki locks: package builds read-lock, writers of a ready wiki (the butler) write-lock.
    pub wiki_locks: crate::integrations::WikiLocks,
    /// Cursor key, package snapshot cache and download rate of the integration API.
    pub integrations: crate::integrations::Integrations,
    /// The preview processes (`grove preview` children) of served wikis.
    pub previews: crate::preview::Previews,
    /// The butler runners of the wikis (DESIGN.md §9).
    pub butler: crate::butler::Butlers,
    /// The optional model provider behind the genes' `complete` (`GROVE_LLM_*`).
    pub llm: Option<Arc<crate::llm::LlmProvider>>,
}

impl App {
    /// Establishes the caller from a raw bearer token.
    pub fn authenticate(&self, token: Option<&str>) -> Result<Principal, AuthError> {
        let token = token.ok_or(AuthError::Missing)?;
        Authenticator::new(&self.store).verify(token)
    }

    pub fn authenticator(&self) -> Authenticator<'_> {
        Authenticator::new(&self.store)
    }
}

impl App {
    /// Number of genes currently active in the gene registry.
    pub fn genes_loaded(&self) -> usize {
        self.genes.active().len()
    }
}

impl App {
    /// Is the preview site of this wiki running?
    pub fn serve_running(&self, slug: &str) -> bool {
        self.previews.running(slug).is_some()
    }

    /// Is the butler working on this wiki?
    pub fn butler_running(&self, slug: &str) -> bool {
        self.butler.is_running(slug)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_marks_wikis_and_indexes_as_tops_of_hierarchies_where_the_filesystem_can() {
        let dir = tempfile::tempdir().unwrap();
        let paths = DataPaths::new(&dir.path().join("data"));
        paths.create_all().unwrap();
        paths.create_all().unwrap(); // idempotent
        #[cfg(target_os = "linux")]
        for d in [paths.wikis(), paths.index()] {
            use rustix::fs::{IFlags, ioctl_getflags};
            let f = std::fs::File::open(&d).unwrap();
            // ext4 (where the flag matters) keeps it; tmpfs and others may have no flags at all
            if let Ok(flags) = ioctl_getflags(&f)
                && !flags.is_empty()
            {
                assert!(flags.contains(IFlags::TOPDIR), "{}: {flags:?}", d.display());
            }
        }
    }
}

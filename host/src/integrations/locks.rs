//! Per-wiki locks that keep writers of a wiki directory and package builds apart (DESIGN.md §9,
//! §10: "butler writes and packaging never interleave on one wiki").
//!
//! A package build holds the wiki's lock for *reading* for the whole scan and pack (several
//! builds of one wiki may share it); anything that writes the wiki directory after it is ready
//! (the butler) holds it for *writing*. The locks are tokio `RwLock`s so async code can
//! `.write().await`, and blocking code (package builds run on a blocking thread) can use
//! `blocking_read()`. This module only hands out locks; it decides nothing about wikis.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::RwLock;

/// One lock per wiki id, created on first use and kept for the life of the process (one small
/// entry per wiki).
#[derive(Debug, Default)]
pub struct WikiLocks {
    map: Mutex<HashMap<String, Arc<RwLock<()>>>>,
}

impl WikiLocks {
    /// The lock of the wiki `wiki_id`.
    pub fn lock_for(&self, wiki_id: &str) -> Arc<RwLock<()>> {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(wiki_id.to_string()).or_default().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_wiki_same_lock() {
        let locks = WikiLocks::default();
        let a = locks.lock_for("w1");
        let b = locks.lock_for("w1");
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &locks.lock_for("w2")));
        let _read = a.blocking_read();
        assert!(b.try_write().is_err(), "a writer waits for a package build");
    }
}

//! Durable metadata in one redb file (`<data-dir>/grove.redb`).
//!
//! This is the only module that names redb types. It stores principals and tokens, wikis, jobs
//! and page metadata as JSON records (see [`records`]), behind a schema version with an ordered
//! list of migrations. It does not know about HTTP, auth policy or the pipeline: callers decide
//! who may read what; the store only keeps it consistent (every multi-record change is one
//! write transaction).

pub mod records;

use std::path::Path;

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use records::{
    JobRecord, JobState, PageRecord, Role, StageTiming, TokenRecord, WikiRecord, WikiStatus,
};

/// The schema version this build writes. Bump it and append to [`MIGRATIONS`] when a record
/// shape or a table changes incompatibly.
pub const SCHEMA_VERSION: u32 = 1;

const META: TableDefinition<'_, &str, &[u8]> = TableDefinition::new("meta");
const TOKENS: TableDefinition<'_, &str, &[u8]> = TableDefinition::new("tokens");
const WIKIS: TableDefinition<'_, &str, &[u8]> = TableDefinition::new("wikis");
const WIKI_SLUGS: TableDefinition<'_, &str, &str> = TableDefinition::new("wiki_slugs");
const JOBS: TableDefinition<'_, u64, &[u8]> = TableDefinition::new("jobs");
const PAGES: TableDefinition<'_, &str, &[u8]> = TableDefinition::new("pages");
/// The plan of each wiki, one record per planned entry (`<wiki_id>/<page_id>`). Created on
/// first write; a file without it reads as "no plan".
const PLAN: TableDefinition<'_, &str, &[u8]> = TableDefinition::new("plan");
/// The butler's state per wiki (`<wiki_id>`).
const BUTLERS: TableDefinition<'_, &str, &[u8]> = TableDefinition::new("butlers");
/// The butler's round log (`<wiki_id>/<round number, 10 digits>`).
const BUTLER_LOG: TableDefinition<'_, &str, &[u8]> = TableDefinition::new("butler_log");

const KEY_SCHEMA: &str = "schema_version";
const KEY_JOB_SEQ: &str = "job_seq";

/// One migration step: brings the database from version `n` to `n + 1` inside the open write
/// transaction. `MIGRATIONS[n]` migrates from `n`.
type Migration = fn(&redb::WriteTransaction) -> Result<(), redb::Error>;

/// Ordered migrations. Version 0 is an empty file.
const MIGRATIONS: &[Migration] = &[migrate_0_to_1];

fn migrate_0_to_1(txn: &redb::WriteTransaction) -> Result<(), redb::Error> {
    // Creating the tables is enough: redb tables are created on first open.
    txn.open_table(TOKENS)?;
    txn.open_table(WIKIS)?;
    txn.open_table(WIKI_SLUGS)?;
    txn.open_table(JOBS)?;
    txn.open_table(PAGES)?;
    Ok(())
}

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("storage error: {0}")]
    Db(#[from] redb::Error),
    #[error("corrupt record in table {table} at key {key}: {source}")]
    Corrupt {
        table: &'static str,
        key: String,
        source: serde_json::Error,
    },
    #[error(
        "the data dir was written by a newer grove (schema version {found}; this build knows up to {supported}); upgrade grove or use another --data-dir"
    )]
    TooNew { found: u32, supported: u32 },
    #[error("slug {0} is already taken")]
    SlugTaken(String),
    #[error("record not found: {0}")]
    Missing(String),
}

macro_rules! from_redb {
    ($($t:ty),*) => {$(
        impl From<$t> for StoreError {
            fn from(e: $t) -> Self { StoreError::Db(e.into()) }
        }
    )*};
}
from_redb!(
    redb::DatabaseError,
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// Handle to the metadata database. Cheap to share behind an `Arc`.
pub struct Store {
    db: Database,
}

fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).expect("records always serialize")
}

/// Applies `f` to wiki `id` inside `txn` (its slug never changes) and returns the result.
fn update_wiki_in(
    txn: &redb::WriteTransaction,
    id: &str,
    f: impl FnOnce(&mut WikiRecord),
) -> Result<WikiRecord> {
    let mut table = txn.open_table(WIKIS)?;
    let mut wiki: WikiRecord = match table.get(id)? {
        Some(v) => decode("wikis", id, v.value())?,
        None => return Err(StoreError::Missing(format!("wiki {id}"))),
    };
    let slug = wiki.slug.clone();
    f(&mut wiki);
    wiki.slug = slug;
    table.insert(id, encode(&wiki).as_slice())?;
    Ok(wiki)
}

fn decode<T: DeserializeOwned>(table: &'static str, key: &str, bytes: &[u8]) -> Result<T> {
    serde_json::from_slice(bytes).map_err(|source| StoreError::Corrupt {
        table,
        key: key.to_string(),
        source,
    })
}

impl Store {
    /// Opens (creating if needed) the database at `path` and migrates it to [`SCHEMA_VERSION`].
    pub fn open(path: &Path) -> Result<Store> {
        let db = Database::create(path)?;
        let store = Store { db };
        store.migrate()?;
        Ok(store)
    }

    fn migrate(&self) -> Result<()> {
        let txn = self.db.begin_write()?;
        {
            let mut meta = txn.open_table(META)?;
            let found = meta
                .get(KEY_SCHEMA)?
                .map(|v| u32::from_le_bytes(v.value().try_into().unwrap_or([0; 4])))
                .unwrap_or(0);
            if found > SCHEMA_VERSION {
                return Err(StoreError::TooNew {
                    found,
                    supported: SCHEMA_VERSION,
                });
            }
            for (from, step) in MIGRATIONS.iter().enumerate().skip(found as usize) {
                step(&txn)?;
                tracing::info!(from, to = from + 1, "migrated metadata schema");
            }
            meta.insert(KEY_SCHEMA, SCHEMA_VERSION.to_le_bytes().as_slice())?;
        }
        txn.commit()?;
        Ok(())
    }

    /// The schema version stored in the file.
    pub fn schema_version(&self) -> Result<u32> {
        let txn = self.db.begin_read()?;
        let meta = txn.open_table(META)?;
        Ok(meta
            .get(KEY_SCHEMA)?
            .map(|v| u32::from_le_bytes(v.value().try_into().unwrap_or([0; 4])))
            .unwrap_or(0))
    }

    /// A cheap liveness probe for `/health`: a read transaction succeeds.
    pub fn check(&self) -> Result<()> {
        let txn = self.db.begin_read()?;
        txn.open_table(META)?;
        Ok(())
    }

    // ----- tokens -----

    pub fn put_token(&self, token: &TokenRecord) -> Result<()> {
        let txn = self.db.begin_write()?;
        txn.open_table(TOKENS)?
            .insert(token.id.as_str(), encode(token).as_slice())?;
        txn.commit()?;
        Ok(())
    }

    pub fn token(&self, id: &str) -> Result<Option<TokenRecord>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(TOKENS)?;
        table
            .get(id)?
            .map(|v| decode("tokens", id, v.value()))
            .transpose()
    }

    pub fn tokens(&self) -> Result<Vec<TokenRecord>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(TOKENS)?;
        let mut out = Vec::new();
        for row in table.iter()? {
            let (k, v) = row?;
            out.push(decode("tokens", k.value(), v.value())?);
        }
        Ok(out)
    }

    // ----- wikis -----

    /// Creates a wiki with the first free slug among `slug`, `slug-2`, `slug-3` ... and returns
    /// the record as stored (with its final slug). Atomic with respect to concurrent creators.
    pub fn create_wiki(&self, mut wiki: WikiRecord) -> Result<WikiRecord> {
        let txn = self.db.begin_write()?;
        {
            let mut slugs = txn.open_table(WIKI_SLUGS)?;
            let base = wiki.slug.clone();
            let mut n = 1u32;
            while slugs.get(wiki.slug.as_str())?.is_some() {
                n += 1;
                wiki.slug = format!("{base}-{n}");
            }
            slugs.insert(wiki.slug.as_str(), wiki.id.as_str())?;
            txn.open_table(WIKIS)?
                .insert(wiki.id.as_str(), encode(&wiki).as_slice())?;
        }
        txn.commit()?;
        Ok(wiki)
    }

    pub fn wiki(&self, id: &str) -> Result<Option<WikiRecord>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(WIKIS)?;
        table
            .get(id)?
            .map(|v| decode("wikis", id, v.value()))
            .transpose()
    }

    pub fn wiki_by_slug(&self, slug: &str) -> Result<Option<WikiRecord>> {
        let txn = self.db.begin_read()?;
        let slugs = txn.open_table(WIKI_SLUGS)?;
        let Some(id) = slugs.get(slug)?.map(|v| v.value().to_string()) else {
            return Ok(None);
        };
        let table = txn.open_table(WIKIS)?;
        table
            .get(id.as_str())?
            .map(|v| decode("wikis", &id, v.value()))
            .transpose()
    }

    pub fn wikis(&self) -> Result<Vec<WikiRecord>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(WIKIS)?;
        let mut out = Vec::new();
        for row in table.iter()? {
            let (k, v) = row?;
            out.push(decode("wikis", k.value(), v.value())?);
        }
        Ok(out)
    }

    /// Read-modify-write of one wiki in a single transaction. The slug is immutable here.
    pub fn update_wiki<F>(&self, id: &str, f: F) -> Result<WikiRecord>
    where
        F: FnOnce(&mut WikiRecord),
    {
        let txn = self.db.begin_write()?;
        let updated = update_wiki_in(&txn, id, f)?;
        txn.commit()?;
        Ok(updated)
    }

    // ----- jobs -----

    /// Stores a new job, assigning the next job number.
    pub fn create_job(&self, mut job: JobRecord) -> Result<JobRecord> {
        let txn = self.db.begin_write()?;
        {
            let mut meta = txn.open_table(META)?;
            let next = meta
                .get(KEY_JOB_SEQ)?
                .map(|v| u64::from_le_bytes(v.value().try_into().unwrap_or([0; 8])))
                .unwrap_or(0)
                + 1;
            meta.insert(KEY_JOB_SEQ, next.to_le_bytes().as_slice())?;
            job.id = next;
            txn.open_table(JOBS)?
                .insert(next, encode(&job).as_slice())?;
        }
        txn.commit()?;
        Ok(job)
    }

    pub fn job(&self, id: u64) -> Result<Option<JobRecord>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(JOBS)?;
        table
            .get(id)?
            .map(|v| decode("jobs", &id.to_string(), v.value()))
            .transpose()
    }

    pub fn jobs(&self) -> Result<Vec<JobRecord>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(JOBS)?;
        let mut out = Vec::new();
        for row in table.iter()? {
            let (k, v) = row?;
            out.push(decode("jobs", &k.value().to_string(), v.value())?);
        }
        Ok(out)
    }

    /// Read-modify-write of one job in a single transaction.
    pub fn update_job<F>(&self, id: u64, f: F) -> Result<JobRecord>
    where
        F: FnOnce(&mut JobRecord),
    {
        self.change_job(id, redb::Durability::Immediate, f)
    }

    /// [`Store::update_job`] for what may be lost in a crash: progress, its message and the
    /// event counter. The change is visible at once and reaches the disk with the next
    /// durable commit (every state change is one), without an fsync of its own.
    pub fn update_job_progress<F>(&self, id: u64, f: F) -> Result<JobRecord>
    where
        F: FnOnce(&mut JobRecord),
    {
        self.change_job(id, redb::Durability::None, f)
    }

    fn change_job<F>(&self, id: u64, durability: redb::Durability, f: F) -> Result<JobRecord>
    where
        F: FnOnce(&mut JobRecord),
    {
        let mut txn = self.db.begin_write()?;
        txn.set_durability(durability)
            .map_err(|e| StoreError::Db(e.into()))?;
        let updated = {
            let mut table = txn.open_table(JOBS)?;
            let mut job: JobRecord = match table.get(id)? {
                Some(v) => decode("jobs", &id.to_string(), v.value())?,
                None => return Err(StoreError::Missing(format!("job {id}"))),
            };
            f(&mut job);
            job.id = id;
            table.insert(id, encode(&job).as_slice())?;
            job
        };
        txn.commit()?;
        Ok(updated)
    }

    // ----- pages -----

    fn page_key(wiki_id: &str, page_id: &str) -> String {
        format!("{wiki_id}/{page_id}")
    }

    /// Replaces every page record of a wiki with `pages` in one transaction.
    pub fn replace_pages(&self, wiki_id: &str, pages: &[PageRecord]) -> Result<()> {
        let txn = self.db.begin_write()?;
        {
            let mut table = txn.open_table(PAGES)?;
            let prefix = format!("{wiki_id}/");
            let old: Vec<String> = table
                .range(prefix.as_str()..)?
                .map_while(|row| {
                    let (k, _) = row.ok()?;
                    let k = k.value().to_string();
                    k.starts_with(&prefix).then_some(k)
                })
                .collect();
            for k in old {
                table.remove(k.as_str())?;
            }
            for page in pages {
                let key = Self::page_key(wiki_id, &page.id);
                table.insert(key.as_str(), encode(page).as_slice())?;
            }
        }
        txn.commit()?;
        Ok(())
    }

    /// Inserts or replaces one page record.
    pub fn put_page(&self, wiki_id: &str, page: &PageRecord) -> Result<()> {
        let txn = self.db.begin_write()?;
        {
            let key = Self::page_key(wiki_id, &page.id);
            txn.open_table(PAGES)?
                .insert(key.as_str(), encode(page).as_slice())?;
        }
        txn.commit()?;
        Ok(())
    }

    pub fn page(&self, wiki_id: &str, page_id: &str) -> Result<Option<PageRecord>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(PAGES)?;
        let key = Self::page_key(wiki_id, page_id);
        table
            .get(key.as_str())?
            .map(|v| decode("pages", &key, v.value()))
            .transpose()
    }

    /// Every page record of a wiki, in page-id order.
    pub fn pages(&self, wiki_id: &str) -> Result<Vec<PageRecord>> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(PAGES)?;
        let prefix = format!("{wiki_id}/");
        let mut out = Vec::new();
        for row in table.range(prefix.as_str()..)? {
            let (k, v) = row?;
            if !k.value().starts_with(&prefix) {
                break;
            }
            out.push(decode("pages", k.value(), v.value())?);
        }
        Ok(out)
    }
}

/// Reads every `prefix`-keyed record of `table`; a table that does not exist yet reads as empty.
fn read_prefix<T: DeserializeOwned>(
    txn: &redb::ReadTransaction,
    def: TableDefinition<'_, &str, &[u8]>,
    name: &'static str,
    prefix: &str,
) -> Result<Vec<T>> {
    let table = match txn.open_table(def) {
        Ok(t) => t,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
        Err(e) => return Err(e.into()),
    };
    let mut out = Vec::new();
    for row in table.range(prefix..)? {
        let (k, v) = row?;
        if !k.value().starts_with(prefix) {
            break;
        }
        out.push(decode(name, k.value(), v.value())?);
    }
    Ok(out)
}

fn remove_prefix(table: &mut redb::Table<'_, &str, &[u8]>, prefix: &str) -> Result<()> {
    let old: Vec<String> = table
        .range(prefix..)?
        .map_while(|row| {
            let (k, _) = row.ok()?;
            let k = k.value().to_string();
            k.starts_with(prefix).then_some(k)
        })
        .collect();
    for k in old {
        table.remove(k.as_str())?;
    }
    Ok(())
}

/// The plan and the butler: records whose shape belongs to their callers (`pipeline::pages`,
/// `butler`), stored as JSON like every other record.
impl Store {
    /// Replaces a wiki's whole plan (grow) and its page records, and updates the wiki record
    /// with `update`, in one transaction. Returns the updated wiki.
    pub fn replace_plan<T: Serialize>(
        &self,
        wiki_id: &str,
        entries: &[(String, T)],
        pages: &[PageRecord],
        update: impl FnOnce(&mut WikiRecord),
    ) -> Result<WikiRecord> {
        let txn = self.db.begin_write()?;
        let wiki = {
            let prefix = format!("{wiki_id}/");
            let mut plan = txn.open_table(PLAN)?;
            remove_prefix(&mut plan, &prefix)?;
            for (id, e) in entries {
                let key = Self::page_key(wiki_id, id);
                plan.insert(key.as_str(), encode(e).as_slice())?;
            }
            let mut table = txn.open_table(PAGES)?;
            remove_prefix(&mut table, &prefix)?;
            for page in pages {
                let key = Self::page_key(wiki_id, &page.id);
                table.insert(key.as_str(), encode(page).as_slice())?;
            }
            update_wiki_in(&txn, wiki_id, update)?
        };
        txn.commit()?;
        Ok(wiki)
    }

    /// Every plan entry of a wiki, in page-id order (empty when it has none).
    pub fn plan<T: DeserializeOwned>(&self, wiki_id: &str) -> Result<Vec<T>> {
        let txn = self.db.begin_read()?;
        read_prefix(&txn, PLAN, "plan", &format!("{wiki_id}/"))
    }

    /// One butler round, atomically: changed plan entries and page records, the wiki update,
    /// the butler state and the round's log record. Returns the updated wiki.
    pub fn record_round<P: Serialize, S: Serialize, L: Serialize>(
        &self,
        wiki_id: &str,
        entries: &[(String, P)],
        pages: &[PageRecord],
        update: impl FnOnce(&mut WikiRecord),
        state: &S,
        log: Option<(u64, &L)>,
    ) -> Result<WikiRecord> {
        let txn = self.db.begin_write()?;
        let wiki = {
            let mut plan = txn.open_table(PLAN)?;
            for (id, e) in entries {
                let key = Self::page_key(wiki_id, id);
                plan.insert(key.as_str(), encode(e).as_slice())?;
            }
            let mut table = txn.open_table(PAGES)?;
            for page in pages {
                let key = Self::page_key(wiki_id, &page.id);
                table.insert(key.as_str(), encode(page).as_slice())?;
            }
            let wiki = update_wiki_in(&txn, wiki_id, update)?;
            txn.open_table(BUTLERS)?
                .insert(wiki_id, encode(state).as_slice())?;
            if let Some((n, record)) = log {
                let key = format!("{wiki_id}/{n:010}");
                txn.open_table(BUTLER_LOG)?
                    .insert(key.as_str(), encode(record).as_slice())?;
            }
            wiki
        };
        txn.commit()?;
        Ok(wiki)
    }

    /// Copies a wiki's plan to another wiki (dedup clone).
    pub fn copy_plan(&self, from_wiki: &str, to_wiki: &str) -> Result<()> {
        let entries: Vec<serde_json::Value> = self.plan(from_wiki)?;
        let pairs: Vec<(String, serde_json::Value)> = entries
            .into_iter()
            .filter_map(|e| Some((e.get("id")?.as_str()?.to_string(), e)))
            .collect();
        if pairs.is_empty() {
            return Ok(());
        }
        let txn = self.db.begin_write()?;
        {
            let mut plan = txn.open_table(PLAN)?;
            remove_prefix(&mut plan, &format!("{to_wiki}/"))?;
            for (id, e) in &pairs {
                let key = Self::page_key(to_wiki, id);
                plan.insert(key.as_str(), encode(e).as_slice())?;
            }
        }
        txn.commit()?;
        Ok(())
    }

    /// The butler state of a wiki.
    pub fn butler<T: DeserializeOwned>(&self, wiki_id: &str) -> Result<Option<T>> {
        let txn = self.db.begin_read()?;
        let table = match txn.open_table(BUTLERS) {
            Ok(t) => t,
            Err(redb::TableError::TableDoesNotExist(_)) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        table
            .get(wiki_id)?
            .map(|v| decode("butlers", wiki_id, v.value()))
            .transpose()
    }

    /// Every butler state, keyed by wiki id.
    pub fn butlers<T: DeserializeOwned>(&self) -> Result<Vec<(String, T)>> {
        let txn = self.db.begin_read()?;
        let table = match txn.open_table(BUTLERS) {
            Ok(t) => t,
            Err(redb::TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
            Err(e) => return Err(e.into()),
        };
        let mut out = Vec::new();
        for row in table.iter()? {
            let (k, v) = row?;
            out.push((
                k.value().to_string(),
                decode("butlers", k.value(), v.value())?,
            ));
        }
        Ok(out)
    }

    /// Stores the butler state of a wiki.
    pub fn put_butler<T: Serialize>(&self, wiki_id: &str, state: &T) -> Result<()> {
        let txn = self.db.begin_write()?;
        txn.open_table(BUTLERS)?
            .insert(wiki_id, encode(state).as_slice())?;
        txn.commit()?;
        Ok(())
    }

    /// The butler's log records of a wiki, oldest first.
    pub fn butler_log<T: DeserializeOwned>(&self, wiki_id: &str) -> Result<Vec<T>> {
        let txn = self.db.begin_read()?;
        read_prefix(&txn, BUTLER_LOG, "butler_log", &format!("{wiki_id}/"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wiki(id: &str, slug: &str) -> WikiRecord {
        WikiRecord::new(
            id.into(),
            slug.into(),
            "Name".into(),
            "alice".into(),
            "en".into(),
        )
    }

    #[test]
    fn fresh_file_gets_current_schema_and_survives_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("grove.redb");
        {
            let store = Store::open(&path).unwrap();
            assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
            store.create_wiki(wiki("w1", "book")).unwrap();
        }
        let store = Store::open(&path).unwrap();
        assert_eq!(store.wiki_by_slug("book").unwrap().unwrap().id, "w1");
    }

    #[test]
    fn newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("grove.redb");
        {
            let db = Database::create(&path).unwrap();
            let txn = db.begin_write().unwrap();
            txn.open_table(META)
                .unwrap()
                .insert(KEY_SCHEMA, 99u32.to_le_bytes().as_slice())
                .unwrap();
            txn.commit().unwrap();
        }
        match Store::open(&path) {
            Err(StoreError::TooNew { found: 99, .. }) => {}
            other => panic!("expected TooNew, got {:?}", other.err()),
        }
    }

    #[test]
    fn slug_conflicts_get_suffixes() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("g.redb")).unwrap();
        let slugs: Vec<String> = (0..3)
            .map(|i| {
                store
                    .create_wiki(wiki(&format!("w{i}"), "book"))
                    .unwrap()
                    .slug
            })
            .collect();
        assert_eq!(slugs, ["book", "book-2", "book-3"]);
    }

    #[test]
    fn job_numbers_increase_and_pages_are_scoped_per_wiki() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("g.redb")).unwrap();
        let a = store
            .create_job(JobRecord::new(
                0,
                "w1".into(),
                "alice".into(),
                JobState::Queued,
            ))
            .unwrap();
        let b = store
            .create_job(JobRecord::new(
                0,
                "w1".into(),
                "alice".into(),
                JobState::Queued,
            ))
            .unwrap();
        assert_eq!((a.id, b.id), (1, 2));
        let page = |id: &str| PageRecord {
            id: id.into(),
            title: id.into(),
            ..PageRecord::default()
        };
        store.replace_pages("w1", &[page("a"), page("b")]).unwrap();
        store.replace_pages("w10", &[page("c")]).unwrap();
        store.replace_pages("w1", &[page("b")]).unwrap();
        let ids: Vec<_> = store
            .pages("w1")
            .unwrap()
            .into_iter()
            .map(|p| p.id)
            .collect();
        assert_eq!(ids, ["b"]);
        assert_eq!(store.pages("w10").unwrap().len(), 1);
    }

    #[test]
    fn plan_and_butler_records() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("g.redb")).unwrap();
        assert!(store.plan::<serde_json::Value>("w1").unwrap().is_empty());
        assert!(store.butler::<serde_json::Value>("w1").unwrap().is_none());
        store.create_wiki(wiki("w1", "book")).unwrap();
        let e = |id: &str| (id.to_string(), serde_json::json!({"id": id}));
        store.create_wiki(wiki("w10", "book-10")).unwrap();
        let w = store
            .replace_plan("w1", &[e("a"), e("b")], &[], |w| w.page_count = 2)
            .unwrap();
        assert_eq!(w.page_count, 2);
        assert_eq!(store.wiki("w1").unwrap().unwrap().page_count, 2);
        store.replace_plan("w10", &[e("c")], &[], |_| {}).unwrap();
        assert!(
            store.replace_plan("nope", &[e("c")], &[], |_| {}).is_err(),
            "a plan for a wiki that does not exist is refused"
        );
        assert!(store.plan::<serde_json::Value>("nope").unwrap().is_empty());
        store.copy_plan("w10", "w2").unwrap();
        assert_eq!(store.plan::<serde_json::Value>("w2").unwrap().len(), 1);
        let w = store
            .record_round(
                "w1",
                &[e("b"), e("d")],
                &[],
                |w| w.completion = 40,
                &serde_json::json!({"running": true}),
                Some((1, &serde_json::json!({"round": 1}))),
            )
            .unwrap();
        assert_eq!(w.completion, 40);
        assert_eq!(store.plan::<serde_json::Value>("w1").unwrap().len(), 3);
        assert_eq!(store.butlers::<serde_json::Value>().unwrap().len(), 1);
        let log: Vec<serde_json::Value> = store.butler_log("w1").unwrap();
        assert_eq!(log, vec![serde_json::json!({"round": 1})]);
        assert!(
            store
                .record_round("nope", &[e("x")], &[], |_| {}, &0, None::<(u64, &u8)>)
                .is_err(),
            "a missing wiki aborts the whole round"
        );
    }
}

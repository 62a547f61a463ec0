//! The record types kept in the store. Plain data with serde; no behaviour beyond small helpers.
//!
//! Records are stored as JSON so that adding an optional field needs no migration: new fields
//! carry `#[serde(default)]`.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// What a token may do (DESIGN.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Everything.
    Admin,
    /// Own wikis and jobs; read genes.
    User,
    /// Only the integration list and artifact endpoints.
    Integration,
}

impl Role {
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "admin" => Some(Role::Admin),
            "user" => Some(Role::User),
            "integration" => Some(Role::Integration),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::User => "user",
            Role::Integration => "integration",
        }
    }
}

/// An API token. The secret itself is never stored: only its SHA-256.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TokenRecord {
    /// Public identifier, part of the token string (`grove_<id>_<secret>`).
    pub id: String,
    /// The principal the token acts for; owner of the wikis and jobs it creates.
    pub user: String,
    pub role: Role,
    /// Hex SHA-256 of the secret part.
    pub secret_sha256: String,
    pub created_at: DateTime<Utc>,
    #[serde(default)]
    pub revoked_at: Option<DateTime<Utc>>,
    /// How the token came to be: `api`, `bootstrap-env`, `bootstrap-file`.
    #[serde(default)]
    pub origin: String,
}

/// Wiki status integer of the integration API (DESIGN.md §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum WikiStatus {
    Created = 0,
    Queued = 1,
    Building = 2,
    Ready = 3,
    Failed = 4,
}

impl From<WikiStatus> for u8 {
    fn from(s: WikiStatus) -> u8 {
        s as u8
    }
}

impl TryFrom<u8> for WikiStatus {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, String> {
        Ok(match v {
            0 => WikiStatus::Created,
            1 => WikiStatus::Queued,
            2 => WikiStatus::Building,
            3 => WikiStatus::Ready,
            4 => WikiStatus::Failed,
            other => return Err(format!("unknown wiki status {other}")),
        })
    }
}

/// A wiki: the generated result of one document.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WikiRecord {
    /// Immutable identifier (`wiki_id`), used by integrations.
    pub id: String,
    pub slug: String,
    pub name: String,
    pub owner: String,
    pub lang: String,
    pub status: WikiStatus,
    #[serde(default)]
    pub public_domain: bool,
    #[serde(default)]
    pub publish_allowed: bool,
    /// 0–100: share of planned entries that exist and pass the quality checklist.
    #[serde(default)]
    pub completion: u8,
    #[serde(default)]
    pub page_count: u64,
    /// Content fingerprint of the normalized source text (dedup), once egg has run.
    #[serde(default)]
    pub fingerprint: Option<String>,
    /// Name of the uploaded source file inside `corpus/`.
    #[serde(default)]
    pub source_file: Option<String>,
    #[serde(default)]
    pub cloned_from: Option<String>,
    /// The job that builds (or last built) this wiki.
    #[serde(default)]
    pub job_id: Option<u64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl WikiRecord {
    pub fn new(id: String, slug: String, name: String, owner: String, lang: String) -> Self {
        let now = Utc::now();
        WikiRecord {
            id,
            slug,
            name,
            owner,
            lang,
            status: WikiStatus::Created,
            public_domain: false,
            publish_allowed: false,
            completion: 0,
            page_count: 0,
            fingerprint: None,
            source_file: None,
            cloned_from: None,
            job_id: None,
            created_at: now,
            updated_at: now,
        }
    }
}

/// Job states (DESIGN.md §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    Created,
    Queued,
    Egg,
    Boot,
    Grow,
    Ready,
    Failed,
    Cancelled,
}

impl JobState {
    pub fn as_str(self) -> &'static str {
        match self {
            JobState::Created => "created",
            JobState::Queued => "queued",
            JobState::Egg => "egg",
            JobState::Boot => "boot",
            JobState::Grow => "grow",
            JobState::Ready => "ready",
            JobState::Failed => "failed",
            JobState::Cancelled => "cancelled",
        }
    }

    /// A state the scheduler will not move on from by itself.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            JobState::Ready | JobState::Failed | JobState::Cancelled
        )
    }

    /// A pipeline stage is executing.
    pub fn is_running(self) -> bool {
        matches!(self, JobState::Egg | JobState::Boot | JobState::Grow)
    }
}

/// Timing of one pipeline stage of a job.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StageTiming {
    pub name: String,
    pub started_at: DateTime<Utc>,
    #[serde(default)]
    pub finished_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub ms: Option<u64>,
}

/// A job that builds one wiki.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JobRecord {
    pub id: u64,
    pub wiki_id: String,
    pub owner: String,
    pub state: JobState,
    #[serde(default)]
    pub progress: u8,
    #[serde(default)]
    pub message: String,
    #[serde(default)]
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    #[serde(default)]
    pub started_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub finished_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub cloned_from: Option<String>,
    #[serde(default)]
    pub stages: Vec<StageTiming>,
    /// The last stage that finished completely; a resumed job starts after it.
    #[serde(default)]
    pub last_completed_stage: Option<JobState>,
    /// Monotonic event counter for the progress stream (SSE ids).
    #[serde(default)]
    pub event_seq: u64,
}

impl JobRecord {
    pub fn new(id: u64, wiki_id: String, owner: String, state: JobState) -> Self {
        JobRecord {
            id,
            wiki_id,
            owner,
            state,
            progress: 0,
            message: String::new(),
            error: None,
            created_at: Utc::now(),
            started_at: None,
            finished_at: None,
            cloned_from: None,
            stages: Vec::new(),
            last_completed_stage: None,
            event_seq: 0,
        }
    }
}

/// Metadata of one generated page. The body lives in `docs/<id>.md` of the wiki directory.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct PageRecord {
    /// URL-safe slug unique within its wiki.
    pub id: String,
    pub title: String,
    #[serde(rename = "type")]
    pub page_type: String,
    #[serde(default)]
    pub summary: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub gene: String,
    #[serde(default)]
    pub gene_version: String,
    #[serde(default)]
    pub quality: u8,
    #[serde(default)]
    pub chars: u64,
    #[serde(default)]
    pub links: Vec<String>,
    #[serde(default)]
    pub created_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub updated_at: Option<DateTime<Utc>>,
    /// Git commit that last changed the page.
    #[serde(default)]
    pub revision: Option<String>,
}

//! The grove server as a library: everything the `grove` binary runs.
//!
//! See `ARCHITECTURE.md` at the repository root for the bird's-eye view and the codemap.

pub mod analysis;
pub mod api;
pub mod app;
pub mod auth;
pub mod butler;
pub mod config;
pub mod datadir;
pub mod events;
pub mod extract;
pub mod fetch;
pub mod genes;
pub mod git;
pub mod ingest;
pub mod integrations;
pub mod jobs;
pub mod llm;
pub mod pipeline;
pub mod preview;
pub mod pull;
pub mod quality;
pub mod reading;
pub mod scheduler;
pub mod search;
pub mod server;
pub mod slug;
pub mod store;
pub mod telemetry;

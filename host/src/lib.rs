//! The grove server as a library: everything the `grove` binary runs.
//!
//! See `ARCHITECTURE.md` at the repository root for the bird's-eye view and the codemap.

pub mod api;
pub mod app;
pub mod auth;
pub mod config;
pub mod datadir;
pub mod server;
pub mod store;
pub mod telemetry;

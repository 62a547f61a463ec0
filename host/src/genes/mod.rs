//! The gene platform on the host side: running sandboxed WebAssembly genes.
//!
//! - [`abi`]: the ABI versions this host links and the pre-compile ABI check.
//! - [`model`]: host-side types crossing the boundary, and the ABI bounds.
//! - [`runtime`]: one wasmtime engine, the artifact cache, staged loading into a
//!   [`LoadedGene`], calls on a fresh store with memory cap, deadline and budgets.
//! - [`registry`]: loaded genes by name, atomic swap, rollback, disabling, records.
//! - [`watch`]: hot loading from the genes dir.
//! - `v1_0`: the bindings of `grove:gene@1.0.0`.
//! - `v1_1`: the bindings of what `grove:gene@1.1.0` adds (the `source` imports); the rest
//!   of 1.1.0 is 1.0.0's.
//!
//! The pipeline calls [`GeneRegistry::propose`] / [`GeneRegistry::render`] /
//! [`GeneRegistry::improve`] from blocking threads. Nothing here knows HTTP (the API
//! layer maps [`GeneError`] to statuses) or stores pages.

pub mod abi;
pub mod builtin;
pub mod cli;
mod error;
pub mod model;
pub mod registry;
pub mod runtime;
mod v1_0;
mod v1_1;
pub mod watch;

pub use abi::AbiVersion;
pub use error::GeneError;
pub use model::{DocSummary, Entry, Finding, GeneInfo, Page, Proposal, Review};
pub use registry::{GeneRecord, GeneRegistry, GeneStatus};
pub use runtime::{CallContext, CallStats, GeneRuntime, GeneSource, LoadedGene, RuntimeConfig};
pub use watch::{GeneWatcher, watch};

#[cfg(test)]
mod tests;
#[doc(hidden)]
pub mod testutil;

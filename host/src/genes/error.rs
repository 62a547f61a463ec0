//! Typed errors of the gene runtime and registry.

use std::time::Duration;

/// Why loading or calling a gene failed. Every variant is about one gene and one call
/// (or one load); none of them is fatal to the host.
#[derive(Debug, thiserror::Error)]
pub enum GeneError {
    /// The file is not a WebAssembly component, or its custom sections are malformed.
    #[error("not a gene component: {0}")]
    NotAComponent(String),
    /// No `grove-gene-abi` custom section.
    #[error(
        "the component has no `grove-gene-abi` section; build it with the grove-gene SDK \
         (register_gene!). This host supports ABI {supported}"
    )]
    MissingAbi { supported: String },
    /// The gene needs an ABI this host does not have.
    #[error("the gene needs ABI {needed}, this host supports ABI {supported}")]
    UnsupportedAbi { needed: String, supported: String },
    /// Compiling or linking the component failed.
    #[error("compiling the gene failed: {0}")]
    Compile(String),
    /// Instantiating it failed (missing imports, start function trapped ...).
    #[error("instantiating the gene failed: {0}")]
    Instantiate(String),
    /// `info()` returned something unusable.
    #[error("the gene's info() is invalid: {0}")]
    InvalidInfo(String),
    /// The self-test on the built-in sample document failed.
    #[error("self-test failed: {0}")]
    SelfTest(String),
    /// The guest trapped (panic, unreachable, stack overflow ...).
    #[error("the gene trapped in {call}: {message}")]
    Trap { call: &'static str, message: String },
    /// The call ran past its deadline and was interrupted.
    #[error("the gene ran past its deadline of {deadline:?} in {call}")]
    Timeout {
        call: &'static str,
        deadline: Duration,
    },
    /// The guest tried to grow its memory past the cap.
    #[error("the gene exceeded its memory cap of {cap} bytes in {call}")]
    OutOfMemory { call: &'static str, cap: usize },
    /// The output of the call is over one of the ABI's bounds.
    #[error("the output of {call} is over the ABI bounds: {detail}")]
    OutputTooLarge { call: &'static str, detail: String },
    /// The output is malformed (wrong entry type, empty title ...).
    #[error("the output of {call} is invalid: {detail}")]
    InvalidOutput { call: &'static str, detail: String },
    /// The gene returned an error of its own (`Err(String)`).
    #[error("the gene reported an error in {call}: {message}")]
    Reported { call: &'static str, message: String },
    /// The gene is disabled after failing repeatedly.
    #[error("gene {name} is disabled: {reason}")]
    Disabled { name: String, reason: String },
    /// No gene of that name.
    #[error("no gene named {0}")]
    NotFound(String),
    /// No previous good version to roll back to.
    #[error("gene {0} has no previous version to roll back to")]
    NoPrevious(String),
    /// A built-in gene cannot be deleted.
    #[error(
        "gene {0} is built in and cannot be deleted; upload a gene with the same name to replace it"
    )]
    Builtin(String),
    /// Reading or writing the genes dir or the cache.
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    /// Setting up the engine failed.
    #[error("gene engine setup failed: {0}")]
    Engine(String),
}

impl GeneError {
    /// Whether this is a sandbox violation (trap, timeout, memory, output bounds) that
    /// counts towards disabling the gene. Errors the gene reports itself do not.
    pub fn is_fault(&self) -> bool {
        matches!(
            self,
            GeneError::Trap { .. }
                | GeneError::Timeout { .. }
                | GeneError::OutOfMemory { .. }
                | GeneError::OutputTooLarge { .. }
                | GeneError::InvalidOutput { .. }
        )
    }

    /// A stable machine-readable code for API error bodies and records.
    pub fn code(&self) -> &'static str {
        match self {
            GeneError::NotAComponent(_) => "gene_not_component",
            GeneError::MissingAbi { .. } => "gene_abi_missing",
            GeneError::UnsupportedAbi { .. } => "gene_abi_unsupported",
            GeneError::Compile(_) => "gene_compile",
            GeneError::Instantiate(_) => "gene_instantiate",
            GeneError::InvalidInfo(_) => "gene_invalid_info",
            GeneError::SelfTest(_) => "gene_self_test",
            GeneError::Trap { .. } => "gene_trap",
            GeneError::Timeout { .. } => "gene_timeout",
            GeneError::OutOfMemory { .. } => "gene_out_of_memory",
            GeneError::OutputTooLarge { .. } => "gene_output_too_large",
            GeneError::InvalidOutput { .. } => "gene_invalid_output",
            GeneError::Reported { .. } => "gene_reported_error",
            GeneError::Disabled { .. } => "gene_disabled",
            GeneError::NotFound(_) => "gene_not_found",
            GeneError::NoPrevious(_) => "gene_no_previous",
            GeneError::Builtin(_) => "gene_builtin",
            GeneError::Io { .. } => "gene_io",
            GeneError::Engine(_) => "gene_engine",
        }
    }

    /// Whether the error is about a candidate file being refused at load (a 400/422
    /// kind of error) rather than about the host.
    pub fn is_refusal(&self) -> bool {
        matches!(
            self,
            GeneError::NotAComponent(_)
                | GeneError::MissingAbi { .. }
                | GeneError::UnsupportedAbi { .. }
                | GeneError::Compile(_)
                | GeneError::Instantiate(_)
                | GeneError::InvalidInfo(_)
                | GeneError::SelfTest(_)
        )
    }

    pub(crate) fn io(context: impl Into<String>, source: std::io::Error) -> GeneError {
        GeneError::Io {
            context: context.into(),
            source,
        }
    }
}

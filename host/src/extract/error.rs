//! The typed error of text extraction. Every message is meant to be shown to the person who
//! uploaded the file and to tell them what to do; the API layer maps [`ExtractError::Unrecognized`]
//! to 400 and the rest to a failed job. Not for I/O of the pipeline itself.

use thiserror::Error;

/// Why a document could not be extracted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExtractError {
    /// Not an EPUB, PDF, Markdown or text file (the upload endpoint answers 400).
    #[error("unrecognized file type: {0}; upload an epub, pdf, md or txt file")]
    Unrecognized(String),
    /// A text file whose encoding is none of the supported ones.
    #[error(
        "the text is not in a supported encoding ({0}); save it as UTF-8 (or UTF-16, GB18030, Big5) and upload again"
    )]
    Encoding(String),
    /// The EPUB container is broken.
    #[error("the EPUB is damaged: {0}")]
    DamagedEpub(String),
    /// The PDF cannot be parsed.
    #[error("the PDF is damaged: {0}")]
    DamagedPdf(String),
    /// The PDF is encrypted and cannot be read without a password.
    #[error("the PDF is encrypted; upload an unencrypted copy")]
    EncryptedPdf,
    /// The EPUB uses DRM (encrypted content documents).
    #[error("the EPUB is protected by DRM (encrypted content); upload a DRM-free copy")]
    EncryptedEpub,
    /// A cap was exceeded (zip bomb, too many entries, too large).
    #[error("the file is too large to extract: {0}")]
    TooLarge(String),
    /// Extraction took longer than allowed.
    #[error("extraction took too long ({0}); the file may be malformed")]
    TimedOut(String),
    /// The file was read but contains no text.
    #[error("{0}")]
    NoText(String),
    /// A third-party extractor panicked on this file.
    #[error(
        "the {0} could not be read (the extractor failed on it: {1}); try re-saving or converting it"
    )]
    ExtractorPanicked(&'static str, String),
    /// Reading the file failed.
    #[error("could not read the uploaded file: {0}")]
    Io(String),
}

impl ExtractError {
    /// A stable machine code for the error (`unrecognized_type`, `encrypted_pdf`, ...).
    pub fn code(&self) -> &'static str {
        match self {
            ExtractError::Unrecognized(_) => "unrecognized_type",
            ExtractError::Encoding(_) => "unsupported_encoding",
            ExtractError::DamagedEpub(_) => "damaged_epub",
            ExtractError::DamagedPdf(_) => "damaged_pdf",
            ExtractError::EncryptedPdf => "encrypted_pdf",
            ExtractError::EncryptedEpub => "encrypted_epub",
            ExtractError::TooLarge(_) => "too_large",
            ExtractError::TimedOut(_) => "extract_timeout",
            ExtractError::NoText(_) => "no_text",
            ExtractError::ExtractorPanicked(..) => "extractor_failed",
            ExtractError::Io(_) => "io",
        }
    }
}

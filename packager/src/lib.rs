//! `grove-packager`: turns a wiki directory into a reproducible tar.gz package.
//!
//! It reads a directory and writes a stream. It knows nothing of HTTP, reads no clock and no
//! database.

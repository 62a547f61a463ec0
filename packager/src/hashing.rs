//! [`HashingWriter`]: a `Write` wrapper that counts and SHA-256-hashes what passes through it.
//!
//! It is for knowing a package's length and checksum as it is written, without a second read
//! (the packer uses it on its output; a download client can use it on what it receives). It is
//! not a buffer: every write goes straight to the inner writer, and only the bytes the inner
//! writer accepted are counted and hashed.

use std::io::{self, Write};

use sha2::{Digest, Sha256};

/// Counts and hashes the bytes written through it.
#[derive(Debug)]
pub struct HashingWriter<W> {
    inner: W,
    hasher: Sha256,
    bytes: u64,
}

impl<W: Write> HashingWriter<W> {
    pub fn new(inner: W) -> Self {
        HashingWriter {
            inner,
            hasher: Sha256::new(),
            bytes: 0,
        }
    }

    /// Bytes written so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The inner writer, the SHA-256 of everything written and its length.
    pub fn into_parts(self) -> (W, [u8; 32], u64) {
        (self.inner, self.hasher.finalize().into(), self.bytes)
    }
}

impl<W: Write> Write for HashingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Accepts at most 3 bytes per call, to prove partial writes are accounted exactly.
    struct Trickle(Vec<u8>);
    impl Write for Trickle {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let n = buf.len().min(3);
            self.0.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn counts_and_hashes_exactly_what_was_accepted() {
        for data in [&b""[..], b"a", b"hello world, hello hashing"] {
            let mut w = HashingWriter::new(Trickle(Vec::new()));
            w.write_all(data).unwrap();
            assert_eq!(w.bytes(), data.len() as u64);
            let (inner, sha, n) = w.into_parts();
            assert_eq!(inner.0, data);
            assert_eq!(n, data.len() as u64);
            assert_eq!(sha, <[u8; 32]>::from(Sha256::digest(data)));
        }
    }
}

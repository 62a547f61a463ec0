//! A deterministic gzip compressor that uses several threads and still writes one ordinary
//! single-member gzip stream.
//!
//! It is for turning the tar stream into `.tar.gz` fast and byte-for-byte reproducibly. The
//! uncompressed stream is cut into fixed chunks (1 MiB); each chunk is raw-deflated on its own
//! thread with the previous 32 KiB of the stream as preset dictionary (so the ratio is that of a
//! single-threaded run, as pigz does), ending in a sync flush (the last one in a final block);
//! the compressed chunks are written in order between a fixed gzip header and the CRC-32/ISIZE
//! trailer. Chunk boundaries do not depend on the number of threads, so one thread and eight
//! give the same bytes. Any gzip reader, including single-member-only ones such as
//! `flate2::read::GzDecoder`, reads it.
//!
//! It is not a general gzip library: no header fields (no name, no mtime: both zero), no
//! multi-member output, no async.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::mpsc::{channel, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;

use flate2::{Compress, Compression, Crc, FlushCompress, Status};

use crate::error::PackError;

/// Size of the uncompressed chunks compressed independently. Part of the format: changing it
/// changes the output bytes.
pub(crate) const CHUNK_SIZE: usize = 1 << 20;
/// Deflate's window: how much of the previous stream primes each chunk.
const DICT_SIZE: usize = 32 * 1024;
/// ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=255 (unknown): no name, no time, no host.
const GZIP_HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255];

/// How to compress.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GzConfig {
    pub level: u32,
    /// Compression threads; 1 compresses inline on the producing thread.
    pub threads: usize,
    pub chunk_size: usize,
}

struct Job {
    index: u64,
    data: Vec<u8>,
    dict: Vec<u8>,
    last: bool,
}

type Dispatch<'a> = dyn FnMut(Job) -> Result<(), PackError> + 'a;

/// Receives the uncompressed stream, keeps its CRC-32 and length, and hands out full chunks.
pub(crate) struct ChunkSink<'a> {
    buf: Vec<u8>,
    chunk_size: usize,
    crc: Crc,
    index: u64,
    tail: Vec<u8>,
    dispatch: &'a mut Dispatch<'a>,
}

impl<'a> ChunkSink<'a> {
    fn new(chunk_size: usize, dispatch: &'a mut Dispatch<'a>) -> Self {
        ChunkSink {
            buf: Vec::with_capacity(chunk_size),
            chunk_size,
            crc: Crc::new(),
            index: 0,
            tail: Vec::new(),
            dispatch,
        }
    }

    /// Appends bytes to the uncompressed stream.
    pub(crate) fn put(&mut self, mut data: &[u8]) -> Result<(), PackError> {
        self.crc.update(data);
        while !data.is_empty() {
            let room = self.chunk_size - self.buf.len();
            let n = room.min(data.len());
            self.buf.extend_from_slice(&data[..n]);
            data = &data[n..];
            if self.buf.len() == self.chunk_size {
                self.emit(false)?;
            }
        }
        Ok(())
    }

    fn emit(&mut self, last: bool) -> Result<(), PackError> {
        let data = std::mem::replace(&mut self.buf, Vec::with_capacity(self.chunk_size));
        let mut tail = Vec::with_capacity(DICT_SIZE);
        if data.len() < DICT_SIZE {
            let keep = (DICT_SIZE - data.len()).min(self.tail.len());
            tail.extend_from_slice(&self.tail[self.tail.len() - keep..]);
        }
        tail.extend_from_slice(&data[data.len().saturating_sub(DICT_SIZE)..]);
        let dict = std::mem::replace(&mut self.tail, tail);
        let job = Job {
            index: self.index,
            data,
            dict,
            last,
        };
        self.index += 1;
        (self.dispatch)(job)
    }

    /// Sends the last (possibly empty) chunk; returns (crc32, isize, number of chunks).
    fn finish(mut self) -> Result<(u32, u32, u64), PackError> {
        self.emit(true)?;
        Ok((self.crc.sum(), self.crc.amount(), self.index))
    }
}

fn deflate_chunk(level: u32, job: &Job) -> Result<Vec<u8>, PackError> {
    let fail = |e: flate2::CompressError| PackError::Internal(format!("deflate: {e}"));
    let mut c = Compress::new(Compression::new(level), false);
    if !job.dict.is_empty() {
        c.set_dictionary(&job.dict).map_err(fail)?;
    }
    let flush = if job.last {
        FlushCompress::Finish
    } else {
        FlushCompress::Sync
    };
    let mut out = Vec::with_capacity(job.data.len() / 2 + 4096);
    let mut input = &job.data[..];
    loop {
        if out.capacity() - out.len() < 4096 {
            out.reserve(out.capacity().max(64 * 1024));
        }
        let before = c.total_in();
        let status = c.compress_vec(input, &mut out, flush).map_err(fail)?;
        input = &input[(c.total_in() - before) as usize..];
        match status {
            Status::StreamEnd => break,
            // A sync flush is complete once all input is taken and output space was left over.
            _ if !job.last && input.is_empty() && out.len() < out.capacity() => break,
            _ => {}
        }
    }
    Ok(out)
}

/// Writes a gzip stream of whatever `produce` puts into the sink to `out`.
///
/// With `threads > 1`, `produce` runs on its own thread, `threads` workers deflate chunks and
/// the calling thread writes them in order; memory stays bounded (a few chunks in flight). If
/// anything fails, the output written so far is incomplete.
pub(crate) fn compress_stream<W, F>(out: &mut W, cfg: GzConfig, produce: F) -> Result<(), PackError>
where
    W: Write + ?Sized,
    F: FnOnce(&mut ChunkSink<'_>) -> Result<(), PackError> + Send,
{
    out.write_all(&GZIP_HEADER).map_err(PackError::Output)?;
    let (crc, isize) = if cfg.threads <= 1 {
        let mut dispatch = |job: Job| {
            let z = deflate_chunk(cfg.level, &job)?;
            out.write_all(&z).map_err(PackError::Output)
        };
        let mut sink = ChunkSink::new(cfg.chunk_size, &mut dispatch);
        produce(&mut sink)?;
        let (crc, isize, _) = sink.finish()?;
        (crc, isize)
    } else {
        parallel(out, cfg, produce)?
    };
    let mut trailer = [0u8; 8];
    trailer[..4].copy_from_slice(&crc.to_le_bytes());
    trailer[4..].copy_from_slice(&isize.to_le_bytes());
    out.write_all(&trailer).map_err(PackError::Output)
}

fn parallel<W, F>(out: &mut W, cfg: GzConfig, produce: F) -> Result<(u32, u32), PackError>
where
    W: Write + ?Sized,
    F: FnOnce(&mut ChunkSink<'_>) -> Result<(), PackError> + Send,
{
    // Tokens bound the chunks in flight (queued, being compressed or waiting to be written).
    let in_flight = cfg.threads * 2 + 1;
    let (tok_tx, tok_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        tok_tx.send(()).expect("receiver alive");
    }
    let (job_tx, job_rx) = channel::<Job>();
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (res_tx, res_rx) = channel::<(u64, Result<Vec<u8>, PackError>)>();
    thread::scope(|s| {
        let mut workers = Vec::with_capacity(cfg.threads);
        for _ in 0..cfg.threads {
            let rx = Arc::clone(&job_rx);
            let tx = res_tx.clone();
            workers.push(s.spawn(move || {
                loop {
                    let job = match rx.lock() {
                        Ok(guard) => guard.recv(),
                        Err(_) => return,
                    };
                    let Ok(job) = job else { return };
                    let z = deflate_chunk(cfg.level, &job);
                    if tx.send((job.index, z)).is_err() {
                        return;
                    }
                }
            }));
        }
        // Workers hold the only receiver and result senders: when they all stop, the
        // producer's sends and the writer's receives fail instead of blocking.
        drop(job_rx);
        drop(res_tx);
        let producer = s.spawn(move || {
            let aborted = || PackError::Internal("compression pipeline stopped".into());
            let mut dispatch = move |job: Job| {
                tok_rx.recv().map_err(|_| aborted())?;
                job_tx.send(job).map_err(|_| aborted())
            };
            let mut sink = ChunkSink::new(cfg.chunk_size, &mut dispatch);
            produce(&mut sink)?;
            sink.finish()
        });

        let mut failure: Option<PackError> = None;
        let mut pending: BTreeMap<u64, Vec<u8>> = BTreeMap::new();
        let mut next = 0u64;
        'recv: for (index, z) in res_rx.iter() {
            match z {
                Ok(z) => {
                    pending.insert(index, z);
                }
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
            while let Some(z) = pending.remove(&next) {
                if let Err(e) = out.write_all(&z) {
                    failure = Some(PackError::Output(e));
                    break 'recv;
                }
                next += 1;
                let _ = tok_tx.send(());
            }
        }
        drop(tok_tx);
        drop(res_rx);
        let produced = producer.join();
        let workers_ok = workers.into_iter().all(|w| w.join().is_ok());
        if let Some(e) = failure {
            return Err(e);
        }
        let (crc, isize, chunks) = match produced {
            Ok(r) => r?,
            Err(_) => return Err(PackError::Internal("packing thread panicked".into())),
        };
        if !workers_ok || next != chunks {
            return Err(PackError::Internal(format!(
                "compression workers stopped early ({next} of {chunks} chunks written)"
            )));
        }
        Ok((crc, isize))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::read::{GzDecoder, MultiGzDecoder};
    use std::io::Read;

    /// Pseudo-random but compressible bytes (a fixed LCG over a small alphabet).
    pub(crate) fn sample(len: usize, seed: u64) -> Vec<u8> {
        let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        (0..len)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                b"abcdefgh ijklmn\nop"[(x >> 59) as usize % 18]
            })
            .collect()
    }

    fn gzip(data: &[u8], level: u32, threads: usize, chunk_size: usize, pieces: usize) -> Vec<u8> {
        let mut out = Vec::new();
        let cfg = GzConfig {
            level,
            threads,
            chunk_size,
        };
        compress_stream(&mut out, cfg, |sink| {
            for piece in data.chunks(pieces.max(1)) {
                sink.put(piece)?;
            }
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn output_is_one_member_and_independent_of_threads_and_write_sizes() {
        // (length, chunk size): empty, less than one chunk, exactly one, several, ragged end.
        let cases = [
            (0, 4096),
            (10, 4096),
            (4096, 4096),
            (50_000, 4096),
            (100_000, 65536),
            (3 << 20, CHUNK_SIZE),
        ];
        for (len, chunk) in cases {
            let data = sample(len, len as u64);
            let one = gzip(&data, 6, 1, chunk, 1000);
            for (threads, pieces) in [(2, 7), (3, 100_000), (8, 1)] {
                assert_eq!(
                    gzip(&data, 6, threads, chunk, pieces),
                    one,
                    "len {len} threads {threads}"
                );
            }
            assert_eq!(&one[..10], &GZIP_HEADER);
            // A single-member reader must see everything.
            let mut back = Vec::new();
            GzDecoder::new(&one[..]).read_to_end(&mut back).unwrap();
            assert_eq!(back, data, "len {len}");
            let mut multi = Vec::new();
            MultiGzDecoder::new(&one[..])
                .read_to_end(&mut multi)
                .unwrap();
            assert_eq!(multi, data);
        }
    }

    #[test]
    fn dictionary_priming_keeps_the_ratio() {
        let data = sample(2 << 20, 7);
        let chunked = gzip(&data, 6, 2, 64 * 1024, 1 << 20);
        let mut whole = flate2::write::GzEncoder::new(Vec::new(), Compression::new(6));
        whole.write_all(&data).unwrap();
        let whole = whole.finish().unwrap();
        // Within 1% of a plain single-stream gzip, even with 32 chunks.
        assert!(
            chunked.len() * 100 <= whole.len() * 101,
            "{} vs {}",
            chunked.len(),
            whole.len()
        );
    }

    #[test]
    fn producer_error_is_returned_and_nothing_hangs() {
        for threads in [1, 2] {
            let mut out = Vec::new();
            let cfg = GzConfig {
                level: 1,
                threads,
                chunk_size: 4096,
            };
            let r = compress_stream(&mut out, cfg, |sink| {
                sink.put(&sample(100_000, 1))?;
                Err(PackError::changed("x"))
            });
            assert!(r.unwrap_err().is_changed());
        }
    }

    #[test]
    fn output_error_is_returned_and_nothing_hangs() {
        struct FailAfter(usize);
        impl Write for FailAfter {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                if self.0 < b.len() {
                    return Err(std::io::Error::other("disk full"));
                }
                self.0 -= b.len();
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        for threads in [1, 2] {
            let cfg = GzConfig {
                level: 1,
                threads,
                chunk_size: 4096,
            };
            let data = sample(1 << 20, 3);
            let r = compress_stream(&mut FailAfter(5000), cfg, |sink| sink.put(&data));
            assert!(matches!(r, Err(PackError::Output(_))), "{r:?}");
        }
    }
}

//! Test support shared by the unit tests, the black-box tests and the bench: builds
//! the hostile test genes (and the example gene) for wasm32-wasip2 once per process,
//! and a process-wide runtime with an on-disk artifact cache so that each component
//! is compiled once, not once per test.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use super::{GeneRuntime, RuntimeConfig};

/// The repository root (the parent of `host/`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("host/ has a parent")
        .to_path_buf()
}

/// The wasm file of a crate of the `genes/` workspace (e.g. `gene_hostile`), built by
/// `cargo build --target wasm32-wasip2 --release` in `genes/` if needed (once per
/// process; `just test-genes` builds them ahead of the tests).
pub fn test_gene(file_stem: &str) -> Vec<u8> {
    static BUILT: Mutex<bool> = Mutex::new(false);
    let path = repo_root()
        .join("genes/target/wasm32-wasip2/release")
        .join(format!("{file_stem}.wasm"));
    let mut built = BUILT.lock().unwrap();
    if !*built {
        let status =
            std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
                .args(["build", "--quiet", "--target", "wasm32-wasip2", "--release"])
                .current_dir(repo_root().join("genes"))
                .env_remove("CARGO_TARGET_DIR")
                .env_remove("RUSTFLAGS")
                .env_remove("CARGO_ENCODED_RUSTFLAGS")
                .status();
        match status {
            Ok(s) if s.success() => {}
            other if path.exists() => {
                eprintln!(
                    "warning: rebuilding the test genes failed ({other:?}); using {}",
                    path.display()
                );
            }
            other => panic!(
                "building the test genes failed ({other:?}); run `rustup target add wasm32-wasip2` and `just test-genes`"
            ),
        }
        *built = true;
    }
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// The artifact cache shared by all tests of a machine.
pub fn cache_dir() -> PathBuf {
    std::env::temp_dir().join("grove-gene-artifacts-test")
}

/// A process-wide runtime with default limits (128 MiB, 5 s) and the shared cache.
pub fn runtime() -> Arc<GeneRuntime> {
    static RT: OnceLock<Arc<GeneRuntime>> = OnceLock::new();
    RT.get_or_init(|| {
        GeneRuntime::new(RuntimeConfig {
            cache_dir: Some(cache_dir()),
            ..RuntimeConfig::default()
        })
        .expect("gene runtime")
    })
    .clone()
}

/// A process-wide runtime with tight limits for the hostile tests: 32 MiB, 1 s,
/// disabled after 3 consecutive faults.
pub fn tight_runtime() -> Arc<GeneRuntime> {
    static RT: OnceLock<Arc<GeneRuntime>> = OnceLock::new();
    RT.get_or_init(|| {
        GeneRuntime::new(RuntimeConfig {
            memory_bytes: 32 << 20,
            deadline: Duration::from_millis(1000),
            cache_dir: Some(cache_dir()),
            fail_threshold: 3,
            log_lines_per_sec: 200,
        })
        .expect("gene runtime")
    })
    .clone()
}

/// `bytes` with a custom section appended: a different sha256, same behaviour.
pub fn with_marker(bytes: &[u8], marker: &str) -> Vec<u8> {
    let name = b"x-marker";
    let mut payload = vec![name.len() as u8];
    payload.extend_from_slice(name);
    payload.extend_from_slice(marker.as_bytes());
    let mut out = bytes.to_vec();
    out.push(0);
    let mut n = payload.len();
    loop {
        let mut b = (n & 0x7f) as u8;
        n >>= 7;
        if n != 0 {
            b |= 0x80;
        }
        out.push(b);
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&payload);
    out
}

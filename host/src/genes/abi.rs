//! The ABI versions this host links, and reading a candidate's `grove-gene-abi`
//! custom section before anything is compiled.
//!
//! Adding ABI 1.2: freeze `plugin-api/wit/grove-gene@1.2.0/` (a world that includes
//! 1.1.0's and imports what is new), add a bindgen module `v1_2.rs` beside `v1_1.rs` (the
//! new imports implemented on `CallState`, the shared types and imports mapped to the older
//! bindings with `with`), add `AbiVersion::V1_2` here and its arms in `runtime.rs`.

use std::fmt;

use super::GeneError;

/// Name of the custom section holding the ABI version ("1.0.0").
pub const ABI_SECTION: &str = "grove-gene-abi";

/// An ABI version this host can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AbiVersion {
    /// `grove:gene@1.0.0`.
    V1_0,
    /// `grove:gene@1.1.0`: 1.0.0 and the `source` imports (the code of the source).
    V1_1,
}

impl AbiVersion {
    /// Every supported version, oldest first.
    pub const ALL: &'static [AbiVersion] = &[AbiVersion::V1_0, AbiVersion::V1_1];

    /// "1.0.0".
    pub fn as_str(self) -> &'static str {
        match self {
            AbiVersion::V1_0 => "1.0.0",
            AbiVersion::V1_1 => "1.1.0",
        }
    }

    /// The supported versions as "1.0.0" or "1.0.0, 1.1.0".
    pub fn supported_list() -> String {
        Self::ALL
            .iter()
            .map(|v| v.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The version a gene declaring `declared` runs on: the same major version and a
    /// minor version the host has (patch versions never change the ABI).
    pub fn resolve(declared: &str) -> Option<AbiVersion> {
        let mut it = declared.trim().split('.');
        let major: u32 = it.next()?.parse().ok()?;
        let minor: u32 = it.next()?.parse().ok()?;
        let _patch: u32 = it.next().unwrap_or("0").parse().ok()?;
        Self::ALL.iter().copied().find(|v| {
            let mut p = v.as_str().split('.');
            p.next() == Some(major.to_string().as_str())
                && p.next() == Some(minor.to_string().as_str())
        })
    }
}

impl fmt::Display for AbiVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Reads the ABI version a component declares, without compiling it. Walks the
/// component and its nested core modules for the `grove-gene-abi` custom section.
pub fn read_declared_abi(bytes: &[u8]) -> Result<String, GeneError> {
    if bytes.len() < 8 || &bytes[0..4] != b"\0asm" {
        return Err(GeneError::NotAComponent("not a WebAssembly binary".into()));
    }
    if wasmparser::Parser::is_core_wasm(bytes) {
        return Err(GeneError::NotAComponent(
            "a core module, not a component: build with `--target wasm32-wasip2`".into(),
        ));
    }
    let mut found: Option<String> = None;
    for payload in wasmparser::Parser::new(0).parse_all(bytes) {
        let payload = payload.map_err(|e| GeneError::NotAComponent(e.to_string()))?;
        if let wasmparser::Payload::CustomSection(c) = payload
            && c.name() == ABI_SECTION
        {
            let v = std::str::from_utf8(c.data())
                .map_err(|_| GeneError::NotAComponent("ABI section is not UTF-8".into()))?
                .trim_matches(char::from(0))
                .trim()
                .to_string();
            if v.len() > 32 {
                return Err(GeneError::NotAComponent("ABI section is too long".into()));
            }
            if let Some(prev) = &found
                && prev != &v
            {
                return Err(GeneError::NotAComponent(format!(
                    "conflicting ABI sections {prev} and {v}"
                )));
            }
            found = Some(v);
        }
    }
    found.ok_or_else(|| GeneError::MissingAbi {
        supported: AbiVersion::supported_list(),
    })
}

/// Reads and resolves the ABI of a candidate, or refuses it with a message naming the
/// ABI it needs and the ones supported.
pub fn check_abi(bytes: &[u8]) -> Result<AbiVersion, GeneError> {
    let declared = read_declared_abi(bytes)?;
    AbiVersion::resolve(&declared).ok_or_else(|| GeneError::UnsupportedAbi {
        needed: declared,
        supported: AbiVersion::supported_list(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_versions() {
        assert_eq!(AbiVersion::resolve("1.0.0"), Some(AbiVersion::V1_0));
        assert_eq!(AbiVersion::resolve("1.0.7"), Some(AbiVersion::V1_0));
        assert_eq!(AbiVersion::resolve("1.0"), Some(AbiVersion::V1_0));
        assert_eq!(AbiVersion::resolve("1.1.0"), Some(AbiVersion::V1_1));
        assert_eq!(AbiVersion::resolve("1.1.4"), Some(AbiVersion::V1_1));
        assert_eq!(AbiVersion::resolve("2.0.0"), None);
        assert_eq!(AbiVersion::resolve("1.2.0"), None);
        assert_eq!(AbiVersion::resolve("1.9.0"), None);
        assert_eq!(AbiVersion::resolve("x"), None);
    }

    #[test]
    fn refuses_non_components() {
        assert!(matches!(
            read_declared_abi(b"hello"),
            Err(GeneError::NotAComponent(_))
        ));
        // A minimal core module.
        let core = b"\0asm\x01\0\0\0";
        assert!(matches!(
            read_declared_abi(core),
            Err(GeneError::NotAComponent(_))
        ));
    }
}

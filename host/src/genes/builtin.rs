//! The default genes, embedded in the binary so that a fresh data dir has them without
//! a manual step. Rebuilt into `genes/dist/` by `just genes`.

/// (file name stem, component bytes) of every built-in gene.
pub const BUILTIN: &[(&str, &[u8])] = &[
    (
        "concept",
        include_bytes!("../../../genes/dist/concept.wasm"),
    ),
    ("person", include_bytes!("../../../genes/dist/person.wasm")),
    ("method", include_bytes!("../../../genes/dist/method.wasm")),
    ("other", include_bytes!("../../../genes/dist/other.wasm")),
];

/// The embedded bytes of a built-in gene, by name.
pub fn bytes(name: &str) -> Option<&'static [u8]> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

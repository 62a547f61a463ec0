//! ABI `grove:gene@1.1.0`: 1.0.0 and the `source` imports (the code and the table glosses
//! of the source). The world includes 1.0.0's, so its types, its `host` imports and its
//! exports are 1.0.0's own bindings ([`super::v1_0`]): this module binds and implements
//! only what 1.1.0 adds. Frozen with the WIT it binds.

use wasmtime::Store;
use wasmtime::component::{HasSelf, Linker};

use super::runtime::CallState;
use super::v1_0;

wasmtime::component::bindgen!({
    path: "../plugin-api/wit/grove-gene@1.1.0",
    world: "grove:gene/gene@1.1.0",
    with: {
        "grove:gene/types@1.0.0": super::v1_0::grove::gene::types,
        "grove:gene/host@1.0.0": super::v1_0::grove::gene::host,
    },
});

use self::grove::gene1_1_0::source as s;

pub(crate) use Gene as Bindings;
pub(crate) type Pre = GenePre<CallState>;

/// Adds the `grove:gene/source@1.1.0` imports to the linker (the 1.0.0 imports that
/// 1.1.0 shares are [`v1_0::add_to_linker`]'s).
pub(crate) fn add_to_linker(linker: &mut Linker<CallState>) -> wasmtime::Result<()> {
    s::add_to_linker::<CallState, HasSelf<CallState>>(linker, |s| s)
}

/// Instantiates the gene in `store` (fresh for every call).
pub(crate) fn instantiate(pre: &Pre, store: &mut Store<CallState>) -> wasmtime::Result<Bindings> {
    pre.instantiate(store)
}

impl s::Host for CallState {
    fn code_after(&mut self, passage_id: String, limit: u32) -> Vec<s::CodeBlock> {
        self.imp_code_after(&passage_id, limit)
            .into_iter()
            .map(|c| s::CodeBlock {
                text: c.text,
                location: v1_0::location(c.location),
            })
            .collect()
    }

    fn glosses(&mut self, term: String, limit: u32) -> Vec<s::Passage> {
        v1_0::passages(self.imp_glosses(&term, limit))
    }
}

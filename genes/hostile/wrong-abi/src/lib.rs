//! A gene claiming ABI 9.0.0 in its `grove-gene-abi` section, for the test suite: the
//! host must refuse it before compiling it, naming the ABI it needs. Not shipped.

use grove_gene::{Entry, GeneInfo, Page};

#[used]
#[unsafe(link_section = "grove-gene-abi")]
static ABI: [u8; 5] = *b"9.0.0";

struct WrongAbi;

impl grove_gene::bindings::Guest for WrongAbi {
    fn info() -> GeneInfo {
        grove_gene::info("wrong-abi", "0.1.0", "needs ABI 9.0.0", &["x"], &[])
    }
    fn propose(_doc: grove_gene::Document) -> Result<Vec<grove_gene::Proposal>, String> {
        Ok(vec![])
    }
    fn render(entry: Entry) -> Result<Page, String> {
        Ok(grove_gene::page::quoted_page(&entry, 1))
    }
    fn improve(_p: Page, _r: grove_gene::Review) -> Result<Option<Page>, String> {
        Ok(None)
    }
}

grove_gene::bindings::__grove_export_gene!(WrongAbi with_types_in grove_gene::bindings);

//! A broken gene for the test suite: `info` works, every `propose` and `render` fails
//! (so the self-test refuses it). Its name is `hostile`, so that dropping it over the
//! hostile gene's file must leave the working version active. Not shipped.

use grove_gene::{Document, Entry, Gene, GeneInfo, Page, Proposal};

struct Broken;

impl Gene for Broken {
    fn info() -> GeneInfo {
        grove_gene::info("hostile", "0.2.0-broken", "always fails", &["hostile"], &[])
    }
    fn propose(_doc: Document) -> Result<Vec<Proposal>, String> {
        panic!("broken gene: propose panics")
    }
    fn render(_entry: Entry) -> Result<Page, String> {
        Err("broken gene: render fails".into())
    }
}

grove_gene::register_gene!(Broken);

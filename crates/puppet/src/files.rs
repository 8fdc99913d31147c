//! Reading the files a compile opens (manifests, templates, data, module
//! code): through the one bounded reader of `confer_core::read`, so a
//! device, a FIFO or a huge file is refused instead of read until memory
//! runs out or waited on forever.

pub use confer_core::read::{read_bytes, read_text};

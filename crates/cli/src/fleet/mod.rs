//! Many nodes in one run: `confer puppet compile --facts-dir` compiles
//! every node whose facts a directory holds, on all cores, parsing the
//! control repository once (`confer_puppet::eval::SharedParse`);
//! `confer puppet fleet-merge` combines the outputs of shards; `confer
//! puppet diff` compiles every node on two sides and shows what differs.

pub mod compile;
pub mod diff;
mod error;
pub mod merge;
pub mod nodes;
mod progress;
pub mod puppetdb;
mod shard;
mod summary;

pub use error::FleetError;

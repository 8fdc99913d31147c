//! When a native port of a module's function runs instead of the module's
//! own Ruby file. confer carries Rust ports of functions that real modules
//! write in Ruby (stdlib's above all: they are hot), but a port is written
//! against one release of one file, and modules change their functions
//! between releases (stdlib 9 turned `merge` into a shim that calls
//! `stdlib::merge`, with other words for the same errors). So a port stands
//! for a file only where it was measured to answer as that file does: the
//! table `native_ports.tsv` lists, by function and the SHA-256 of the Ruby
//! file, the files whose recorded calls (`tests/ruby-functions`) the port
//! answers at least as well as confer's Ruby interpreter running the file.
//! Any other file — another release, a site's own fork — runs as Ruby.
//!
//! The Ruby-functions test measures both ways — each function's calls with
//! its port and with its Ruby, every other function as the product runs it
//! — and fails when the table is not what the measurement says;
//! `CONFER_NATIVE_PORTS_UPDATE=1` rewrites it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use sha2::Sha256;

/// Which native ports run, for measuring them against the Ruby they port.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum NativePorts {
    /// Those the table lists for the file the module ships (the product).
    #[default]
    Verified,
    /// Those the table lists, but the port of `key` runs as `port` says:
    /// one function measured both ways, every other as the product runs it.
    Measure {
        /// The function measured.
        key: String,
        /// Whether its port runs.
        port: bool,
    },
}

/// The table, in the repository, relative to its root.
pub const TABLE_PATH: &str = "crates/puppet/src/native_ports.tsv";

/// The module file a native port stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shipped {
    /// The module does not ship the function: the port does not exist.
    No,
    /// The module writes it in Puppet (`functions/*.pp`), which the
    /// loaders find before any built-in.
    Puppet,
    /// The module's Ruby file and the hex SHA-256 of its bytes.
    Ruby {
        /// The file.
        path: PathBuf,
        /// Its digest, the table's key with the function's name.
        digest: String,
    },
}

/// What the module in `dir` (none: not on the module path) ships of the
/// function `key` (lower case, no leading `::`): a Ruby file of the 4.x
/// API, else of the 3.x API, else a Puppet-language one.
pub fn shipped(dir: Option<&Path>, key: &str) -> Shipped {
    let Some(dir) = dir else { return Shipped::No };
    let path = key.replace("::", "/");
    let simple = key.rsplit("::").next().unwrap_or(key);
    let ruby = [
        dir.join(format!("lib/puppet/functions/{path}.rb")),
        dir.join(format!("lib/puppet/parser/functions/{simple}.rb")),
    ];
    if let Some(file) = ruby.into_iter().find(|p| p.is_file()) {
        return match std::fs::read(&file) {
            Ok(bytes) => {
                Shipped::Ruby { digest: crate::eval::functions::digests::hex_of::<Sha256>(&bytes), path: file }
            }
            Err(_) => Shipped::No,
        };
    }
    let pp = dir.join(format!("functions/{}.pp", path.split_once('/').map_or(simple, |(_, rest)| rest)));
    if pp.is_file() {
        Shipped::Puppet
    } else {
        Shipped::No
    }
}

/// Whether the port of `key` runs in place of what its module ships.
pub fn port_runs(policy: &NativePorts, key: &str, shipped: &Shipped) -> bool {
    match (policy, shipped) {
        (_, Shipped::No) => false,
        (NativePorts::Measure { key: measured, port }, Shipped::Ruby { .. }) if measured == key => *port,
        (_, Shipped::Ruby { digest, .. }) => verified(key, digest),
        (_, Shipped::Puppet) => true,
    }
}

/// Whether the table lists the port of `key` for the file with `digest`.
fn verified(key: &str, digest: &str) -> bool {
    static TABLE: OnceLock<HashSet<(&'static str, &'static str)>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            include_str!("native_ports.tsv")
                .lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| {
                    let mut cols = l.split('\t');
                    Some((cols.next()?, cols.next()?))
                })
                .collect()
        })
        .contains(&(key, digest))
}

/// The path of `file` under `root`, for the table's informative column.
pub fn relative(file: &Path, root: &Path) -> String {
    file.strip_prefix(root).unwrap_or(file).display().to_string()
}

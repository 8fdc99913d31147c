//! What `require` finds outside the modules: Ruby 3.1's standard library
//! and default gems, Puppet's own files and the gems Puppet 7 depends on —
//! the load path of the Ruby that runs the reference. A library there loads
//! (what the code then uses of it is checked where it is used); any other
//! (`redis`, `pry`, `augeas`) is Ruby's `LoadError`, as it is under a
//! Puppet that lacks the gem: the answer the reference gives, not a guess
//! that the gem would have worked.

use crate::value::Exception;

/// The top-level names of the libraries on the reference's load path:
/// `require 'digest/sha2'` loads because `digest` is here.
const LIBRARIES: &[&str] = &[
    // Ruby 3.1's standard library and default gems.
    "English",
    "abbrev",
    "base64",
    "benchmark",
    "bigdecimal",
    "cgi",
    "coverage",
    "csv",
    "date",
    "delegate",
    "did_you_mean",
    "digest",
    "drb",
    "erb",
    "error_highlight",
    "etc",
    "expect",
    "fcntl",
    "fiddle",
    "fileutils",
    "find",
    "forwardable",
    "getoptlong",
    "io",
    "ipaddr",
    "json",
    "logger",
    "matrix",
    "monitor",
    "mutex_m",
    "net",
    "objspace",
    "observer",
    "open-uri",
    "open3",
    "openssl",
    "optparse",
    "ostruct",
    "pathname",
    "pp",
    "prettyprint",
    "prime",
    "pstore",
    "psych",
    "pty",
    "racc",
    "rbconfig",
    "readline",
    "resolv",
    "ripper",
    "securerandom",
    "set",
    "shellwords",
    "singleton",
    "socket",
    "stringio",
    "strscan",
    "syslog",
    "tempfile",
    "time",
    "timeout",
    "tmpdir",
    "tsort",
    "un",
    "uri",
    "weakref",
    "yaml",
    "zlib",
    // Puppet and what Puppet 7.23 requires to run.
    "puppet",
    "facter",
    "hiera",
    "semantic_puppet",
    "hocon",
    "concurrent",
    "deep_merge",
    "fast_gettext",
    "locale",
    "multi_json",
    "scanf",
];

/// Files Puppet ships whose directory modules fill: `puppet_x.rb` defines
/// the `PuppetX` namespace; `puppet_x/<module>/…` are the modules' own.
const FILES: &[&str] = &["puppet_x"];

/// Whether `require spec` finds a library when no module provides it.
pub fn provides(spec: &str) -> bool {
    let spec = spec.strip_suffix(".rb").unwrap_or(spec);
    let top = spec.split('/').next().unwrap_or(spec);
    FILES.contains(&spec) || !spec.starts_with('/') && !spec.starts_with('.') && LIBRARIES.contains(&top)
}

/// Ruby's error for a `require` that finds nothing: `path` is the spec as
/// given, or for `require_relative` the path it resolves to.
pub fn load_error(path: &str) -> Exception {
    Exception { class: "LoadError".into(), message: format!("cannot load such file -- {path}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_library_and_puppets_own_files_load() {
        for spec in [
            "puppet_x",
            "json",
            "digest/sha2",
            "net/https",
            "puppet/util/execution",
            "hocon/config_factory",
            "open-uri",
        ] {
            assert!(provides(spec), "{spec}");
        }
    }

    #[test]
    fn gems_puppet_lacks_and_paths_do_not() {
        for spec in ["redis", "pry", "augeas", "puppetdb", "puppet_x/elastic/x", "/etc/x", "./x"] {
            assert!(!provides(spec), "{spec}");
        }
        assert_eq!(load_error("redis").message, "cannot load such file -- redis");
    }
}

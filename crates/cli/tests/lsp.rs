//! `confer lsp` driven by a real language client: `tests/lsp/test_lsp.py`
//! runs pygls's client against the binary over stdio and checks every
//! capability on the modules of `tests/lsp/control-repo` and
//! `examples/fleet`; `tests/lsp/test_real_modules.py` does the same on
//! Debian's packaged modules (`$CONFER_PUPPET_MODULES`, which
//! `scripts/test.sh` sets, downloading them when they are not installed).
//! Needs Python with `tests/lsp/requirements.txt` installed
//! (`scripts/test.sh` installs it).

use std::path::Path;
use std::process::Command;

/// Runs a script of `tests/lsp` against the binary and fails with its output.
fn client_script(name: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let script = root.join("tests/lsp").join(name);
    let out = Command::new("python3")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_confer"))
        .output()
        .expect("python3 runs (the LSP test needs it, with tests/lsp/requirements.txt installed)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the LSP client test {name} failed (pip install -r tests/lsp/requirements.txt if pygls is missing)\n{stdout}\n{stderr}"
    );
    println!("{stdout}");
}

#[test]
fn a_language_client_gets_the_answers_the_test_expects() {
    client_script("test_lsp.py");
}

#[test]
fn debians_modules_get_the_answers_the_test_expects() {
    assert!(
        std::env::var_os("CONFER_PUPPET_MODULES").is_some(),
        "CONFER_PUPPET_MODULES is not set: run the tests through scripts/test.sh, which sets it to Debian's Puppet modules"
    );
    client_script("test_real_modules.py");
}

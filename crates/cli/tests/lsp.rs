//! `confer lsp` driven by a real language client: `tests/lsp/test_lsp.py`
//! runs pygls's client against the binary over stdio and checks every
//! capability on the modules of `tests/lsp/control-repo` and
//! `examples/fleet`. Needs Python with `tests/lsp/requirements.txt`
//! installed (`scripts/test.sh` installs it).

use std::path::Path;
use std::process::Command;

#[test]
fn a_language_client_gets_the_answers_the_test_expects() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let script = root.join("tests/lsp/test_lsp.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_confer"))
        .output()
        .expect("python3 runs (the LSP test needs it, with tests/lsp/requirements.txt installed)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the LSP client test failed (pip install -r tests/lsp/requirements.txt if pygls is missing)\n{stdout}\n{stderr}"
    );
    println!("{stdout}");
}

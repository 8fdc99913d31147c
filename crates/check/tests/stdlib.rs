//! Every type alias of Debian's stdlib module loads, and accepts or rejects
//! the sample values exactly as real Puppet 7.23 did
//! (`tests/check/stdlib/expected.tsv`, recorded by
//! `scripts/regen-check-goldens.py`). Needs the module of Debian's
//! `puppet-module-puppetlabs-stdlib` (in `$CONFER_STDLIB_MODULES`, else
//! `/usr/share/puppet/modules`), which `scripts/test.sh` provides.

use std::collections::HashMap;
use std::path::Path;

use confer_check::document::{parse, Format};
use confer_check::TypeEnvironment;
use confer_core::types::instance_of;

#[test]
fn stdlib_aliases_agree_with_puppet() {
    let modules = std::env::var("CONFER_STDLIB_MODULES").unwrap_or_else(|_| "/usr/share/puppet/modules".into());
    let modules = modules.as_str();
    assert!(
        Path::new(modules).join("stdlib").is_dir(),
        "stdlib is not installed: apt-get install -y puppet-module-puppetlabs-stdlib (scripts/test.sh does this)"
    );
    let env = TypeEnvironment::load(modules).expect("the module path loads");
    let expected =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/check/stdlib/expected.tsv"))
            .expect("expected.tsv");
    let mut types = HashMap::new();
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in expected.lines().filter(|l| !l.is_empty()) {
        let mut cols = line.split('\t');
        let (Some(alias), Some(sample), Some(verdict)) = (cols.next(), cols.next(), cols.next()) else {
            panic!("malformed row: {line}");
        };
        let t = types.entry(alias.to_string()).or_insert_with(|| env.resolve(alias));
        let t = match t {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{alias} does not load: {e}"));
                continue;
            }
        };
        let value = parse(sample, Format::Json).expect("a JSON sample").remove(0).value;
        let ours = instance_of(t, &value);
        checked += 1;
        if ours.to_string() != verdict {
            failures.push(format!("{sample} =~ {alias}: Puppet says {verdict}, confer says {ours}"));
        }
    }
    failures.dedup();
    println!("stdlib: {} verdicts checked, {} differ", checked, failures.len());
    assert!(failures.is_empty(), "{} disagreements:\n{}", failures.len(), failures.join("\n"));
}

//! Every type alias of Debian's stdlib module loads, and accepts or rejects
//! the sample values exactly as real Puppet 7.23 did
//! (`tests/check/stdlib/expected.tsv`, recorded by
//! `scripts/regen-check-goldens.py`). Needs the module of Debian's
//! `puppet-module-puppetlabs-stdlib` (in `$CONFER_STDLIB_MODULES`, else
//! `/usr/share/puppet/modules`), which `scripts/test.sh` provides. One test
//! per row; `CONFER_REGEN=1` re-records them first where Puppet is installed.

use std::collections::BTreeMap;
use std::path::Path;

use confer_check::document::{parse, Format};
use confer_check::TypeEnvironment;
use confer_core::types::instance_of;

fn main() {
    let modules = std::env::var("CONFER_STDLIB_MODULES").unwrap_or_else(|_| "/usr/share/puppet/modules".into());
    assert!(
        Path::new(&modules).join("stdlib").is_dir(),
        "stdlib is not installed: apt-get install -y puppet-module-puppetlabs-stdlib (scripts/test.sh does this)"
    );
    let env = TypeEnvironment::load(&modules).expect("the module path loads");
    let expected =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/check/stdlib/expected.tsv"))
            .expect("expected.tsv");
    // Each row is a case named `ALIAS SAMPLE`; Puppet's verdict per case.
    let mut verdicts = BTreeMap::new();
    for line in expected.lines().filter(|l| !l.is_empty()) {
        let mut cols = line.split('\t');
        let (Some(alias), Some(sample), Some(verdict)) = (cols.next(), cols.next(), cols.next()) else {
            panic!("malformed row: {line}");
        };
        verdicts.insert(format!("{alias} {sample}"), (alias.to_string(), sample.to_string(), verdict.to_string()));
    }
    let cases = verdicts.keys().cloned().collect();
    let suite = confer_golden::Suite {
        name: "stdlib alias verdicts",
        known_differences: "tests/check/stdlib/KNOWN_DIFFERENCES",
        regen: confer_golden::Regen { script: "scripts/regen-check-goldens.py", needs: "puppet" },
        stack_size: None,
    };
    confer_golden::run(suite, cases, move |case| {
        let (alias, sample, verdict) = &verdicts[case];
        let t = env.resolve(alias).map_err(|e| format!("{alias} does not load: {e}"))?;
        let value = parse(sample, Format::Json).map_err(|e| e.message)?.remove(0).value;
        let ours = instance_of(&t, &value).map_err(|u| format!("{sample} =~ {alias}: {u}"))?;
        if ours.to_string() == *verdict {
            Ok(())
        } else {
            Err(format!("{sample} =~ {alias}: Puppet says {verdict}, confer says {ours}"))
        }
    })
}

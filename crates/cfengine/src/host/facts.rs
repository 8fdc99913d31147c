//! The hard classes and `sys` variables cf-agent derives from the kernel
//! and the build (sysinfo.c's `GetNameInfo3`, `GetCPUInfo`,
//! `DiscoverVersion`), with the tags cf-promises shows for them. Read from
//! `uname(2)`, `/proc`, and constants; nothing is run and no network
//! interface is enumerated (the address classes and variables are absent).

use std::sync::OnceLock;

use jiff::Timestamp;

use crate::eval::context::EvalContext;
use crate::syntax::class_expr::canonify;

/// The agent's start time (`CFSTARTTIME`): `now()` is the same for the
/// whole run, as in cf-agent.
pub fn start_time() -> Timestamp {
    static START: OnceLock<Timestamp> = OnceLock::new();
    *START.get_or_init(Timestamp::now)
}

/// Tags of the plain hard classes.
const HARD: &[&str] = &["source=agent", "hardclass"];
/// Tags of the inventoried hard classes.
const INVENTORY: &[&str] = &["inventory", "attribute_name=none", "source=agent", "hardclass"];

/// The features cf-agent 3.21 (Debian's build) announces as classes.
const FEATURES: &[&str] = &[
    "feature",
    "feature_copyfrom",
    "feature_copyfrom_restrict",
    "feature_copyfrom_restrict_keys",
    "feature_def",
    "feature_def_json",
    "feature_def_json_preparse",
    "feature_host",
    "feature_host_specific",
    "feature_host_specific_data",
    "feature_host_specific_data_load",
    "feature_tls",
    "feature_tls_1",
    "feature_tls_1_0",
    "feature_tls_1_1",
    "feature_tls_1_2",
    "feature_tls_1_3",
    "feature_xml",
    "feature_yaml",
];

/// `uname(2)`'s fields: sysname, nodename, release, version, machine.
fn uname() -> [String; 5] {
    // SAFETY: `utsname` is plain data; uname fills it with NUL-terminated
    // strings.
    let mut u: libc::utsname = unsafe { std::mem::zeroed() };
    if unsafe { libc::uname(&mut u) } != 0 {
        return Default::default();
    }
    let field = |f: &[libc::c_char]| {
        let bytes: Vec<u8> = f.iter().take_while(|c| **c != 0).map(|c| *c as u8).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    [field(&u.sysname), field(&u.nodename), field(&u.release), field(&u.version), field(&u.machine)]
}

/// The number of online CPUs, as `sysconf(_SC_NPROCESSORS_ONLN)`.
fn cpus() -> i64 {
    // SAFETY: sysconf has no preconditions.
    i64::from(unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) } as i32).max(1)
}

fn class(ctx: &mut EvalContext, name: &str, tags: &[&str]) {
    ctx.defined.classes.insert(name.to_string());
    ctx.defined.class_tags.insert(name.to_string(), tags.iter().map(|t| t.to_string()).collect());
}

/// Defines a `sys` variable with its tags.
pub fn sys(ctx: &mut EvalContext, lval: &str, value: &str, tags: &[&str]) {
    let r = crate::syntax::varref::VarRef { ns: None, scope: Some("sys".into()), lval: lval.into(), indices: vec![] };
    ctx.put(&r, crate::data::value::Rv::scalar(value), crate::data::value::DataType::String, tags);
}

/// The version and build classes, and what uname, the host name and the CPU
/// count give. `common` names the component: cf-promises defines `common`,
/// cf-agent `agent`.
pub fn detect(ctx: &mut EvalContext, component: &str) {
    class(ctx, "any", HARD);
    class(ctx, component, if component == "common" { &["cfe_internal", "source=agent", "hardclass"] } else { HARD });
    for c in ["cfengine", "cfengine_3", "cfengine_3_21", "cfengine_3_21_0", "community_edition"] {
        class(ctx, c, INVENTORY);
    }
    class(ctx, "64_bit", HARD);
    class(ctx, "compiled_on_linux_gnu", HARD);
    for f in FEATURES {
        class(ctx, f, HARD);
    }
    let [sysname, node, release, version, machine] = uname();
    let os = sysname.to_ascii_lowercase();
    if !os.is_empty() {
        class(ctx, &os, &["inventory", "attribute_name=none", "source=agent", "derived-from=sys.class", "hardclass"]);
    }
    let release_c = canonify(&release);
    let long_arch = canonify(&format!("{os}_{machine}_{release}_{version}"));
    class(ctx, &canonify(&machine), &["source=agent", "derived-from=sys.machine", "hardclass"]);
    class(
        ctx,
        &canonify(&format!("{os}_{machine}")),
        &["source=agent", "derived-from=sys.sysname", "derived-from=sys.machine", "hardclass"],
    );
    class(
        ctx,
        &format!("{os}_{release_c}"),
        &[
            "inventory",
            "attribute_name=none",
            "source=agent",
            "derived-from=sys.sysname",
            "derived-from=sys.release",
            "hardclass",
        ],
    );
    class(
        ctx,
        &canonify(&format!("{os}_{machine}_{release}")),
        &[
            "source=agent",
            "derived-from=sys.sysname",
            "derived-from=sys.machine",
            "derived-from=sys.release",
            "hardclass",
        ],
    );
    class(ctx, &long_arch, &["source=agent", "derived-from=sys.long_arch", "hardclass"]);
    let n = cpus();
    class(ctx, &format!("{n}_cpus"), &["source=agent", "derived-from=sys.cpus", "hardclass"]);
    // The host name: cf-agent takes uname's node name as `host` and
    // resolves it for `fqhost`; confer does not use the network and takes
    // the node name as written (the domain is what follows its first dot).
    let (uq, domain) = match node.split_once('.') {
        Some((h, d)) => (h.to_string(), d.to_string()),
        None => (node.clone(), String::new()),
    };
    class(
        ctx,
        &canonify(&node),
        &["inventory", "attribute_name=none", "source=agent", "derived-from=sys.fqhost", "hardclass"],
    );
    if uq != node {
        class(
            ctx,
            &canonify(&uq),
            &["inventory", "attribute_name=none", "source=agent", "derived-from=sys.uqhost", "hardclass"],
        );
    }
    let inv = |name: &str| ["inventory".to_string(), "source=agent".to_string(), format!("attribute_name={name}")];
    let put = |ctx: &mut EvalContext, lval: &str, value: &str, tags: [String; 3]| {
        let t: Vec<&str> = tags.iter().map(String::as_str).collect();
        sys(ctx, lval, value, &t);
    };
    put(ctx, "arch", &machine, inv("Architecture"));
    put(ctx, "class", &os, inv("Kernel"));
    put(ctx, "cpus", &n.to_string(), inv("CPU logical cores"));
    put(ctx, "release", &release, inv("Kernel Release"));
    put(ctx, "fqhost", &node, inv("Host name"));
    put(ctx, "host", &node, inv("none"));
    put(ctx, "uqhost", &uq, inv("none"));
    put(ctx, "cf_version", "3.21.0", inv("CFEngine version"));
    sys(ctx, "domain", &domain, &["source=agent"]);
    sys(ctx, "version", &version, &["source=agent"]);
    sys(ctx, "long_arch", &long_arch, &["source=agent"]);
    sys(ctx, "ostype", &format!("{os}_{machine}"), &["source=agent"]);
    sys(ctx, "os", &os, &["source=agent"]);
}

/// The `sys` variables of the moment: the start time (`systime`, `sysday`,
/// `date`, `cdate`) and the minutes since boot (`uptime`).
pub fn clock(ctx: &mut EvalContext) {
    let start = start_time();
    let secs = start.as_second();
    sys(ctx, "systime", &secs.to_string(), &["time_based", "source=agent"]);
    sys(ctx, "sysday", &(secs / 86400).to_string(), &["time_based", "source=agent"]);
    let local = start.to_zoned(jiff::tz::TimeZone::system());
    let date = jiff::fmt::strtime::format("%a %b %e %H:%M:%S %Y", &local).unwrap_or_default();
    sys(ctx, "date", &date, &["time_based", "source=agent"]);
    sys(ctx, "cdate", &canonify(&date), &["time_based", "source=agent"]);
    let up = std::fs::read_to_string("/proc/uptime")
        .ok()
        .and_then(|t| t.split_whitespace().next().and_then(|s| s.parse::<f64>().ok()));
    if let Some(up) = up {
        let tags = ["inventory", "time_based", "source=agent", "attribute_name=Uptime minutes"];
        sys(ctx, "uptime", &((up / 60.0) as i64).to_string(), &tags);
    }
}

/// `sys.user_data`: the running user's password entry.
pub fn user_data(ctx: &mut EvalContext) {
    use crate::functions::system::{own_uid, user_info, Who};
    let Some(value) = user_info(Who::Uid(own_uid())) else {
        return;
    };
    let r = crate::syntax::varref::VarRef {
        ns: None,
        scope: Some("sys".into()),
        lval: "user_data".into(),
        indices: vec![],
    };
    ctx.put(
        &r,
        crate::data::value::Rv::Container(value),
        crate::data::value::DataType::Container,
        &["source=agent", "user_info"],
    );
}

/// The `sys.cf_*` program paths, quoted as cf-agent stores them.
pub fn programs(ctx: &mut EvalContext, bindir: &str) {
    for (var, prog) in [
        ("cf_agent", "cf-agent"),
        ("cf_check", "cf-check"),
        ("cf_execd", "cf-execd"),
        ("cf_key", "cf-key"),
        ("cf_monitord", "cf-monitord"),
        ("cf_net", "cf-net"),
        ("cf_promises", "cf-promises"),
        ("cf_runagent", "cf-runagent"),
        ("cf_secret", "cf-secret"),
        ("cf_serverd", "cf-serverd"),
        ("cf_twin", "cf-agent"),
        ("cf_upgrade", "cf-upgrade"),
    ] {
        sys(ctx, var, &format!("\"{bindir}/{prog}\""), &["cfe_internal", "source=agent"]);
    }
}

//! `processors` from `/proc/cpuinfo` and `memory` from `/proc/meminfo`, with
//! facter's human-readable sizes ("23.54 GiB").

use confer_core::Value;

use super::{hash, read};

/// Facter's `bytes_to_human_readable`: two decimals and a binary unit, or
/// "N bytes" under 1 KiB.
pub(crate) fn human(bytes: u64) -> String {
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < units.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.2} {}", units[unit])
}

/// The `processors` fact.
pub(crate) fn processors() -> Value {
    let Some(info) = read("/proc/cpuinfo") else { return Value::Undef };
    let field = |line: &str, name: &str| {
        line.split_once(':').filter(|(k, _)| k.trim() == name).map(|(_, v)| v.trim().to_string())
    };
    let count = info.lines().filter(|l| field(l, "processor").is_some()).count();
    let models: Vec<Value> = info.lines().filter_map(|l| field(l, "model name")).map(Value::from).collect();
    let mut physical: Vec<String> = info.lines().filter_map(|l| field(l, "physical id")).collect();
    physical.sort();
    physical.dedup();
    hash([
        ("count", Value::Integer(count as i64)),
        ("models", Value::array(models)),
        ("physicalcount", Value::Integer(physical.len().max(1) as i64)),
    ])
}

/// Total and available bytes from `/proc/meminfo`.
pub(crate) fn meminfo() -> Option<(u64, u64)> {
    let info = read("/proc/meminfo")?;
    let kib = |name: &str| {
        info.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map(|k| k * 1024)
    };
    Some((kib("MemTotal")?, kib("MemAvailable").or_else(|| kib("MemFree"))?))
}

/// The `memory` fact (`memory.system`).
pub(crate) fn memory() -> Value {
    let Some((total, available)) = meminfo() else { return Value::Undef };
    let used = total.saturating_sub(available);
    let capacity = if total == 0 { 0.0 } else { used as f64 * 100.0 / total as f64 };
    let size = |b: u64| Value::Integer(b as i64);
    hash([(
        "system",
        hash([
            ("available", Value::from(human(available))),
            ("available_bytes", size(available)),
            ("capacity", Value::from(format!("{capacity:.2}%"))),
            ("total", Value::from(human(total))),
            ("total_bytes", size(total)),
            ("used", Value::from(human(used))),
            ("used_bytes", size(used)),
        ]),
    )])
}

#[cfg(test)]
mod tests {
    use super::human;

    #[test]
    fn sizes_read_as_facter_prints_them() {
        assert_eq!(human(0), "0 bytes");
        assert_eq!(human(4096), "4.00 KiB");
        assert_eq!(human(25_276_502_016), "23.54 GiB");
    }
}

//! The bounds of `Timespan[from, to]` and `Timestamp[from, to]`: nanosecond
//! counts built from seconds, strings in Puppet's default formats, or (for
//! timespans) hashes of fields; printed as Puppet prints timespan and timestamp
//! values (`'0-00:00:01.0'`, `'1970-01-01T00:00:00.000000000 UTC'`).

use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use crate::error::CoreError;
use crate::value::Value;

const NANOS_PER_SEC: i128 = 1_000_000_000;

/// One end of a time range: a count of nanoseconds. Puppet keeps a bound made
/// from a Float as a float, which changes only how its fraction prints
/// (`Timespan[1.5]` is `'0-00:00:01.500000000'`, `Timespan['1.5']` is
/// `'0-00:00:01.5'`); `float` records that.
#[derive(Clone, Copy, Debug)]
pub struct TimeBound {
    /// Nanoseconds (since the epoch, for timestamps).
    pub nanos: i128,
    /// Whether Puppet holds this bound as a float.
    pub float: bool,
}

impl PartialEq for TimeBound {
    fn eq(&self, other: &Self) -> bool {
        self.nanos == other.nanos
    }
}

impl Eq for TimeBound {}

impl Hash for TimeBound {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.nanos.hash(state);
    }
}

/// The range of a `Timespan` or `Timestamp` type; open ends are `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TimeRange {
    /// Lower bound.
    pub from: Option<TimeBound>,
    /// Upper bound.
    pub to: Option<TimeBound>,
}

impl TimeRange {
    fn lo(&self) -> i128 {
        self.from.map_or(i128::MIN, |b| b.nanos)
    }

    fn hi(&self) -> i128 {
        self.to.map_or(i128::MAX, |b| b.nanos)
    }

    /// The range holding only the timestamp `nanos` (what a value infers).
    pub fn exactly(nanos: i128) -> TimeRange {
        let b = Some(TimeBound { nanos, float: false });
        TimeRange { from: b, to: b }
    }

    /// Whether every member of `other` lies inside this range.
    pub fn covers(&self, other: &TimeRange) -> bool {
        self.lo() <= other.lo() && self.hi() >= other.hi()
    }

    /// Whether both ends are open.
    pub fn is_full(&self) -> bool {
        self.from.is_none() && self.to.is_none()
    }

    /// Whether the two ranges share a member.
    pub fn intersects(&self, other: &TimeRange) -> bool {
        !(self.hi() < other.lo() || other.hi() < self.lo())
    }

    /// The smallest range covering both.
    pub fn span(&self, other: &TimeRange) -> TimeRange {
        TimeRange {
            from: if self.lo() <= other.lo() { self.from } else { other.from },
            to: if self.hi() >= other.hi() { self.to } else { other.to },
        }
    }
}

/// Whether a bound is a timespan (a duration) or a timestamp (a moment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeKind {
    /// `Timespan`.
    Timespan,
    /// `Timestamp`.
    Timestamp,
}

impl TimeKind {
    fn class_name(self) -> &'static str {
        match self {
            TimeKind::Timespan => "Puppet::Pops::Time::Timespan",
            TimeKind::Timestamp => "Puppet::Pops::Time::Timestamp",
        }
    }

    /// The bound's text as Puppet prints the value.
    pub fn format(self, b: TimeBound) -> String {
        match self {
            TimeKind::Timespan => format_timespan(b),
            TimeKind::Timestamp => format_timestamp(b.nanos),
        }
    }
}

/// The range `Timespan[args]` / `Timestamp[args]` describe. Spec: "Timespan",
/// "Timestamp".
pub fn time_range(kind: TimeKind, args: &[Value]) -> Result<TimeRange, CoreError> {
    let bound = |v: &Value| -> Result<Option<TimeBound>, CoreError> {
        Ok(match v {
            Value::Default | Value::Undef => None,
            Value::Integer(i) => Some(TimeBound { nanos: i128::from(*i) * NANOS_PER_SEC, float: false }),
            Value::Float(f) => Some(TimeBound { nanos: (*f * 1e9) as i128, float: true }),
            Value::String(s) => Some(match kind {
                TimeKind::Timespan => parse_timespan(s)?,
                TimeKind::Timestamp => parse_timestamp(s)?,
            }),
            Value::Hash(h) if kind == TimeKind::Timespan => Some(timespan_from_fields(h)?),
            Value::Timespan(t) if kind == TimeKind::Timespan => Some(*t),
            Value::Timestamp(t) if kind == TimeKind::Timestamp => Some(TimeBound { nanos: *t, float: false }),
            other => {
                return Err(in_access(format!(
                    "Unable to create a {} from a {}",
                    kind.class_name(),
                    super::params::ruby_class(other)
                )))
            }
        })
    };
    let from = args.first().map(bound).transpose()?.flatten();
    let to = args.get(1).map(bound).transpose()?.flatten();
    let range = TimeRange { from, to };
    if range.lo() > range.hi() {
        let show = |b: Option<TimeBound>, inf: &str| b.map_or(inf.to_string(), |b| kind.format(b));
        return Err(in_access(format!(
            "'from' must be less or equal to 'to'. Got ({}, {}",
            show(from, "-Infinity"),
            show(to, "Infinity")
        )));
    }
    Ok(range)
}

fn in_access(msg: String) -> CoreError {
    CoreError::BadTypeParameters(format!("Error while evaluating a '[]' expression, {msg}"))
}

/// Formats with Puppet's `'%D-%H:%M:%S.%-N'`.
pub(crate) fn format_timespan(b: TimeBound) -> String {
    let total = b.nanos.abs();
    let secs = total / NANOS_PER_SEC;
    let mut frac = (total % NANOS_PER_SEC).to_string();
    if !b.float {
        // Puppet strips the trailing zeros of an integral fraction.
        let trimmed = frac.trim_end_matches('0');
        frac = if trimmed.is_empty() { "0".into() } else { trimmed.into() };
    }
    format!(
        "{}{}-{:02}:{:02}:{:02}.{}",
        if b.nanos < 0 { "-" } else { "" },
        secs / 86_400,
        secs / 3_600 % 24,
        secs / 60 % 60,
        secs % 60,
        frac
    )
}

/// Formats with Puppet's `'%FT%T.%N %Z'` in UTC.
pub(crate) fn format_timestamp(nanos: i128) -> String {
    let secs = nanos.div_euclid(NANOS_PER_SEC);
    let frac = nanos.rem_euclid(NANOS_PER_SEC);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{frac:09} UTC", rem / 3_600, rem / 60 % 60, rem % 60)
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(z: i128) -> (i128, i128, i128) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i128::from(m <= 2), m, d)
}

pub(crate) const TIMESPAN_FORMATS: &str =
    "%D-%H:%M:%S.%-N, %H:%M:%S.%-N, %M:%S.%-N, %S.%-N, %D-%H:%M:%S, %H:%M:%S, %D-%H:%M, %S";

/// Puppet's default timespan formats as patterns; in each, the first field may
/// exceed its usual maximum, and the fraction is in the last group.
fn timespan_patterns() -> &'static [(fancy_regex::Regex, [i128; 4], bool)] {
    static PATTERNS: OnceLock<Vec<(fancy_regex::Regex, [i128; 4], bool)>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        const DAY: i128 = 86_400 * NANOS_PER_SEC;
        const HOUR: i128 = 3_600 * NANOS_PER_SEC;
        const MIN: i128 = 60 * NANOS_PER_SEC;
        const SEC: i128 = NANOS_PER_SEC;
        let spec: [(&str, [i128; 4], bool); 8] = [
            (r"([0-9]+)-([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})\.([0-9]{1,9})", [DAY, HOUR, MIN, SEC], true),
            (r"([0-9]+):([0-9]{1,2}):([0-9]{1,2})\.([0-9]{1,9})", [HOUR, MIN, SEC, 0], true),
            (r"([0-9]+):([0-9]{1,2})\.([0-9]{1,9})", [MIN, SEC, 0, 0], true),
            (r"([0-9]+)\.([0-9]{1,9})", [SEC, 0, 0, 0], true),
            (r"([0-9]+)-([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})", [DAY, HOUR, MIN, SEC], false),
            (r"([0-9]+):([0-9]{1,2}):([0-9]{1,2})", [HOUR, MIN, SEC, 0], false),
            (r"([0-9]+)-([0-9]{1,2}):([0-9]{1,2})", [DAY, HOUR, MIN, 0], false),
            (r"([0-9]+)", [SEC, 0, 0, 0], false),
        ];
        spec.iter()
            .filter_map(|(re, mults, frac)| {
                let re = fancy_regex::Regex::new(&format!(r"\A-?{re}\z")).ok()?;
                Some((re, *mults, *frac))
            })
            .collect()
    })
}

/// Parses a timespan with Puppet's default formats.
fn parse_timespan(s: &str) -> Result<TimeBound, CoreError> {
    for (re, mults, frac) in timespan_patterns() {
        let Ok(Some(caps)) = re.captures(s) else {
            continue;
        };
        let groups: Vec<&str> = (1..caps.len()).filter_map(|i| caps.get(i).map(|m| m.as_str())).collect();
        let (whole, fraction) =
            if *frac { (&groups[..groups.len() - 1], groups.last().copied()) } else { (&groups[..], None) };
        let mut nanos: i128 = 0;
        for (g, m) in whole.iter().zip(mults.iter()) {
            nanos += g.parse::<i128>().unwrap_or(0) * m;
        }
        if let Some(f) = fraction {
            let n: i128 = f.parse().unwrap_or(0);
            nanos += n * 10i128.pow(9 - f.len() as u32);
        }
        return Ok(TimeBound { nanos: if s.starts_with('-') { -nanos } else { nanos }, float: false });
    }
    Err(in_access(format!("Unable to parse '{s}' using any of the formats {TIMESPAN_FORMATS}")))
}

/// A timespan from `{days => 1, hours => 2, ...}`; every field is optional.
pub(crate) fn timespan_from_fields(h: &crate::value::HashMap) -> Result<TimeBound, CoreError> {
    let field = |name: &str| -> i128 {
        match h.get(&Value::from(name)) {
            Some(Value::Integer(i)) => i128::from(*i),
            _ => 0,
        }
    };
    let nanos = ((((field("days") * 24 + field("hours")) * 60 + field("minutes")) * 60 + field("seconds")) * 1000
        + field("milliseconds"))
        * 1000
        * 1000
        + field("microseconds") * 1000
        + field("nanoseconds");
    let negative = matches!(h.get(&Value::from("negative")), Some(Value::Boolean(true)));
    Ok(TimeBound { nanos: if negative { -nanos } else { nanos }, float: false })
}

/// Parses a timestamp bound in one of Puppet's default formats.
fn parse_timestamp(s: &str) -> Result<TimeBound, CoreError> {
    let nanos = crate::convert::timestamp::parse_default(s).map_err(|e| in_access(e.to_string()))?;
    Ok(TimeBound { nanos, float: false })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(args: &[Value]) -> Vec<String> {
        let r = time_range(TimeKind::Timespan, args).unwrap();
        [r.from, r.to].iter().flatten().map(|b| TimeKind::Timespan.format(*b)).collect()
    }

    #[test]
    fn timespans_print_as_puppet_prints_them() {
        assert_eq!(span(&[Value::Integer(1)]), ["0-00:00:01.0"]);
        assert_eq!(span(&[Value::Float(1.5)]), ["0-00:00:01.500000000"]);
        assert_eq!(span(&[Value::Float(1.05)]), ["0-00:00:01.50000000"]);
        assert_eq!(span(&[Value::Float(-1.5)]), ["-0-00:00:01.500000000"]);
        assert_eq!(span(&[Value::Float(266461.25)]), ["3-02:01:01.250000000"]);
        assert_eq!(span(&["1-02:03:04.5".into()]), ["1-02:03:04.5"]);
        assert_eq!(span(&["100:00:00".into()]), ["4-04:00:00.0"]);
        assert_eq!(span(&["-4".into()]), ["-0-00:00:04.0"]);
        assert_eq!(span(&["04.25".into()]), ["0-00:00:04.25"]);
    }

    #[test]
    fn timespan_errors_name_the_formats() {
        let e = time_range(TimeKind::Timespan, &["03:04".into()]).unwrap_err();
        assert!(e.to_string().contains("Unable to parse '03:04' using any of the formats %D-%H:%M:%S.%-N"));
        let e = time_range(TimeKind::Timespan, &[Value::Integer(2), Value::Integer(1)]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Error while evaluating a '[]' expression, 'from' must be less or equal to 'to'. Got (0-00:00:02.0, 0-00:00:01.0"
        );
    }

    #[test]
    fn timestamps_print_in_utc() {
        let ts = |v: Value| {
            let r = time_range(TimeKind::Timestamp, &[v]).unwrap();
            TimeKind::Timestamp.format(r.from.unwrap())
        };
        assert_eq!(ts(Value::Integer(0)), "1970-01-01T00:00:00.000000000 UTC");
        assert_eq!(ts(Value::Integer(-1)), "1969-12-31T23:59:59.000000000 UTC");
        assert_eq!(ts(Value::Integer(1600000000)), "2020-09-13T12:26:40.000000000 UTC");
        assert_eq!(ts(Value::Float(1.5)), "1970-01-01T00:00:01.500000000 UTC");
        assert_eq!(ts("2020-02-29T12:34:56 +01:00".into()), "2020-02-29T11:34:56.000000000 UTC");
        assert_eq!(ts("2020-02-29T12:34:56.789 UTC".into()), "2020-02-29T12:34:56.789000000 UTC");
        assert_eq!(ts("1960-01-01".into()), "1960-01-01T00:00:00.000000000 UTC");
    }
}

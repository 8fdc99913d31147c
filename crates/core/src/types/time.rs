//! The bounds of `Timespan[from, to]` and `Timestamp[from, to]`: nanosecond
//! counts built from seconds, strings in Puppet's default formats, or (for
//! timespans) hashes of fields, read and printed by the values' own modules
//! (`value::timespan`, `value::timestamp`).

use crate::error::CoreError;
use crate::value::timespan::{self, TimeBound};
use crate::value::timestamp::{self, NANOS_PER_SEC};
use crate::value::Value;

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
            TimeKind::Timespan => timespan::format_default(b),
            TimeKind::Timestamp => timestamp::format_default(b.nanos),
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
                TimeKind::Timespan => timespan::parse_default(s).ok_or_else(|| {
                    in_access(format!("Unable to parse '{s}' using any of the formats {}", timespan::DEFAULT_FORMATS))
                })?,
                TimeKind::Timestamp => parse_timestamp(s)?,
            }),
            Value::Hash(h) if kind == TimeKind::Timespan => Some(timespan::from_fields(h)),
            Value::Timespan(t) if kind == TimeKind::Timespan => Some(*t),
            Value::Timestamp(t) if kind == TimeKind::Timestamp => Some(TimeBound { nanos: *t, float: false }),
            other => {
                return Err(in_access(format!(
                    "Unable to create a {} from a {}",
                    kind.class_name(),
                    super::ruby_class::ruby_class(other)
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

//! The time classes cf-agent defines at start (time_classes.c's
//! `AddTimeClass`): for local time and, prefixed `GMT_`, for UTC —
//! `Lcycle_N`, `YrNNNN`, the month, the day of the week, `DayN`, the shift,
//! `HrNN`/`HrN`, the quarter hour `QN`/`HrNN_QN`, `MinNN` and the
//! five-minute interval `MinNN_NN`.

use jiff::tz::TimeZone;

use crate::eval::context::EvalContext;

const SHIFT_TEXT: [&str; 4] = ["Night", "Morning", "Afternoon", "Evening"];
const TAGS: &[&str] = &["time_based", "cfengine_internal_time_based_autoremove", "source=agent", "hardclass"];

/// The names of the time classes of `time` in `tz`, with `prefix`.
fn names(time: jiff::Timestamp, tz: TimeZone, prefix: &str) -> Vec<String> {
    let z = time.to_zoned(tz);
    let (year, hour, minute) = (i32::from(z.year()), z.hour(), z.minute());
    let month =
        confer_core::format::MONTHS.get(usize::try_from(z.month() - 1).unwrap_or(0)).copied().unwrap_or("January");
    let shift = SHIFT_TEXT.get(usize::try_from(hour / 6).unwrap_or(0)).copied().unwrap_or("Night");
    let quarter = minute / 15 + 1;
    let start = (minute / 5) * 5;
    vec![
        format!("{prefix}Lcycle_{}", year.rem_euclid(3)),
        format!("{prefix}Yr{year:04}"),
        format!("{prefix}{month}"),
        format!("{prefix}{}", confer_core::format::weekday_name(z.weekday())),
        format!("{prefix}Day{}", z.day()),
        format!("{prefix}{shift}"),
        format!("{prefix}Hr{hour:02}"),
        format!("{prefix}Hr{hour}"),
        format!("{prefix}Q{quarter}"),
        format!("{prefix}Hr{hour:02}_Q{quarter}"),
        format!("{prefix}Min{minute:02}"),
        format!("{prefix}Min{start:02}_{:02}", (start + 5) % 60),
    ]
}

/// Defines the time classes of the agent's start time.
pub fn detect(ctx: &mut EvalContext) {
    let start = crate::host::facts::start_time();
    let local = names(start, TimeZone::system(), "");
    let gmt = names(start, TimeZone::UTC, "GMT_");
    for n in local.into_iter().chain(gmt) {
        ctx.defined.class_tags.insert(n.clone(), TAGS.iter().map(|t| t.to_string()).collect());
        ctx.defined.classes.insert(n);
    }
}

//! Time functions (evalfunction.c): accumulated(), now(), on(), ago(),
//! laterthan(), strftime() and splayclass(). The calendar arithmetic is
//! jiff's, in the system time zone as cf-agent's `mktime`/`localtime_r` use
//! it.

use jiff::civil::DateTime;
use jiff::tz::TimeZone;

use super::host::FunctionHost;
use crate::data::value::{Rv, MAX_SCALAR};
use crate::syntax::ast::FnCall;

use super::{arg_int, arg_int_in, arg_str, class_result, Failed, FnResult};

/// `accumulated(years, months, days, hours, minutes, seconds)`: a duration
/// in seconds, with cf-agent's fixed 30-day months and 365-day years. Each
/// argument is range-checked as cf-agent's `ACCUM_ARGS` declare.
pub(super) fn accumulated(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    const LIMITS: [i64; 6] = [1000, 1000, 1000, 1000, 1000, 40000];
    const UNIT: [i64; 6] = [365 * 24 * 3600, 30 * 24 * 3600, 24 * 3600, 3600, 60, 1];
    let mut total = 0;
    for (i, (limit, unit)) in LIMITS.iter().zip(UNIT).enumerate() {
        total += arg_int_in(ctx, f, a, i, 0, *limit)? * unit;
    }
    Ok(Rv::scalar(total.to_string()))
}

/// `now()`: the start time in seconds since the epoch.
pub(super) fn now(_: &mut dyn FunctionHost, _: &FnCall, _: &[Rv]) -> FnResult {
    Ok(Rv::scalar(crate::host::facts::start_time().as_second().to_string()))
}

/// The six integer arguments of on(), ago() and laterthan().
fn six(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> Result<[i64; 6], Failed> {
    let mut v = [0; 6];
    for (i, slot) in v.iter_mut().enumerate() {
        *slot = arg_int(ctx, f, a, i)?;
    }
    Ok(v)
}

/// `mktime` of a broken-down local time whose fields may be out of range
/// (they carry over, as in C): the seconds since the epoch.
fn mktime(year: i64, month0: i64, day: i64, hour: i64, min: i64, sec: i64) -> Option<i64> {
    let base = DateTime::new(i16::try_from(year).ok()?, 1, 1, 0, 0, 0, 0).ok()?;
    let span = jiff::Span::new()
        .try_months(month0)
        .ok()?
        .try_days(day - 1)
        .ok()?
        .try_hours(hour)
        .ok()?
        .try_minutes(min)
        .ok()?
        .try_seconds(sec)
        .ok()?;
    let dt = base.checked_add(span).ok()?;
    let z = dt.to_zoned(TimeZone::system()).ok()?;
    Some(z.timestamp().as_second())
}

/// `on(y, m, d, h, min, s)`: an absolute date (months and days counted from
/// 0, as `FnArgsToTm` reads them) in seconds since the epoch.
pub(super) fn on(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let [y, mo, d, h, mi, s] = six(ctx, f, a)?;
    Ok(Rv::scalar(mktime(y, mo, d + 1, h, mi, s).unwrap_or(-1).to_string()))
}

/// `ago(y, m, d, h, min, s)`: the start time minus a duration, field by
/// field in local time (0 when before the epoch).
pub(super) fn ago(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let [y, mo, d, h, mi, s] = six(ctx, f, a)?;
    let now = crate::host::facts::start_time().to_zoned(TimeZone::system());
    let t = mktime(
        i64::from(now.year()) - y,
        i64::from(now.month()) - 1 - mo,
        i64::from(now.day()) - d,
        i64::from(now.hour()) - h,
        i64::from(now.minute()) - mi,
        i64::from(now.second()) - s,
    );
    Ok(Rv::scalar(t.filter(|t| *t >= 0).unwrap_or(0).to_string()))
}

/// `laterthan(y, m, d, h, min, s)`: whether the start time is after the
/// given date (read as on() reads it).
pub(super) fn laterthan(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let [y, mo, d, h, mi, s] = six(ctx, f, a)?;
    let then = mktime(y, mo, d + 1, h, mi, s).unwrap_or(i64::MAX);
    class_result(crate::host::facts::start_time().as_second() > then)
}

/// `strftime(mode, format, time)`: C's strftime over `gmtime` (mode
/// `gmtime`) or `localtime` (any other mode).
pub(super) fn strftime(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let when = arg_int(ctx, f, a, 2)?;
    let Some(tm) = broken_down(when, arg_str(a, 0) == "gmtime") else {
        ctx.warning(format!("Function {}, the given time stamp '{when}' was invalid.", f.name));
        return Err(Failed);
    };
    c_strftime(arg_str(a, 1), &tm).map(Rv::scalar).ok_or(Failed)
}

/// `gmtime_r` or `localtime_r` of `when`, as cf-agent calls them.
fn broken_down(when: i64, gmt: bool) -> Option<libc::tm> {
    let t: libc::time_t = when;
    // SAFETY: `tm` is plain data that the call fills in; both pointers are
    // valid for the call.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let filled = unsafe {
        if gmt {
            libc::gmtime_r(&t, &mut tm)
        } else {
            libc::localtime_r(&t, &mut tm)
        }
    };
    (!filled.is_null()).then_some(tm)
}

/// The C library's `strftime` into cf-agent's 4,096-byte buffer: every
/// conversion, flag, width and unknown directive exactly as cf-agent prints
/// it (glibc leaves an unknown one as it stands, names UTC `GMT`). Nothing
/// when the result is empty or does not fit, which fails the call as in
/// cf-agent. The format ends at a NUL byte, as a C string does.
fn c_strftime(format: &str, tm: &libc::tm) -> Option<String> {
    let format = format.split('\0').next().unwrap_or("");
    let format = std::ffi::CString::new(format).ok()?;
    let mut buf = vec![0u8; MAX_SCALAR + 1];
    // SAFETY: the buffer's length is passed, `format` is NUL-terminated and
    // `tm` came from the C library.
    let n = unsafe { libc::strftime(buf.as_mut_ptr().cast(), buf.len(), format.as_ptr(), tm) };
    (n > 0).then(|| String::from_utf8_lossy(&buf[..n]).into_owned())
}

/// The time class `splayclass(text, policy)` stands for: the text's hash
/// picks one of the hour's twelve 5-minute slots (`hourly`), or one of the
/// day's 288 (any other policy), as `FnCallSplayClass` does.
fn splay_slot(text: &str, policy: &str) -> String {
    const SPLAY: u32 = 8192;
    let hash = super::list::string_hash(text) & (SPLAY - 1);
    if policy == "hourly" {
        let slot = hash * 12 / SPLAY;
        format!("Min{:02}_{:02}", slot * 5, (slot + 1) * 5 % 60)
    } else {
        let day_slot = hash * 12 * 24 / SPLAY;
        let (hour, slot) = (day_slot / 12, day_slot % 12);
        format!("Min{:02}_{:02}.Hr{hour:02}", slot * 5, (slot + 1) * 5 % 60)
    }
}

/// `splayclass(text, "hourly"|"daily")`: whether now is the text's slot,
/// so that hosts spread a task over the hour or the day.
pub(super) fn splayclass(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let class = splay_slot(arg_str(a, 0), arg_str(a, 1));
    class_result(ctx.eval_class_expr(&class) == Some(true))
}

#[cfg(test)]
mod tests {
    use super::splay_slot;

    #[test]
    fn slots_are_five_minutes_wide() {
        let hourly = splay_slot("host1", "hourly");
        assert!(hourly.starts_with("Min") && hourly.len() == 8, "{hourly}");
        let daily = splay_slot("host1", "daily");
        assert!(daily.starts_with(&hourly[..3]) && daily.contains(".Hr"), "{daily}");
        // The slot after :55 wraps to :00.
        assert!(["hourly", "daily"].iter().all(|p| !splay_slot("x", p).contains("_60")));
    }
}

//! Time functions that do not read the clock: accumulated().

use crate::ast::FnCall;
use crate::context::EvalContext;
use crate::value::Rv;

use super::{arg_int_in, FnResult};

/// `accumulated(years, months, days, hours, minutes, seconds)`: a duration
/// in seconds, with cf-agent's fixed 30-day months and 365-day years. Each
/// argument is range-checked as cf-agent's `ACCUM_ARGS` declare.
pub(super) fn accumulated(ctx: &mut EvalContext, f: &FnCall, a: &[Rv]) -> FnResult {
    const LIMITS: [i64; 6] = [1000, 1000, 1000, 1000, 1000, 40000];
    const UNIT: [i64; 6] = [365 * 24 * 3600, 30 * 24 * 3600, 24 * 3600, 3600, 60, 1];
    let mut total = 0;
    for (i, (limit, unit)) in LIMITS.iter().zip(UNIT).enumerate() {
        total += arg_int_in(ctx, f, a, i, 0, *limit)? * unit;
    }
    Ok(Rv::scalar(total.to_string()))
}

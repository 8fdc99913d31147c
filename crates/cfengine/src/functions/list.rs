//! List functions: splitstring, join, sort, filter, maplist, getindices,
//! getvalues, every/some/none, sum/product/max/min, ...

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use confer_core::Value;

use super::host::FunctionHost;
use crate::data::json;
use crate::data::number::format_fixed;
use crate::data::value::{prefix_within, Rv};
use crate::syntax::ast::FnCall;

use super::regex::{full_match, regex};
use super::sort::{item_less, merge_sort};
use super::{arg_int, arg_str, class_result, collection, Collection, Failed, FnResult};

/// The strings of a collection argument: a list's items, or a container's
/// primitive values.
fn strings(ctx: &mut dyn FunctionHost, f: &FnCall, arg: &Rv) -> Result<Vec<Arc<str>>, Failed> {
    match collection(ctx, arg) {
        Some(Collection::List(l)) => Ok(l),
        Some(Collection::Data(v)) => Ok(data_strings(&v)),
        // cf-agent only mentions this in verbose mode: the variable may
        // still be defined by a later pass.
        None => {
            let _ = (ctx, f);
            Err(Failed)
        }
    }
}

/// The primitive values at the top level of a container, as strings.
pub(super) fn data_strings(v: &Value) -> Vec<Arc<str>> {
    let items: Vec<&Value> = match v {
        Value::Array(a) => a.iter().collect(),
        Value::Hash(h) => h.values().collect(),
        other => vec![other],
    };
    items
        .into_iter()
        .filter_map(|i| match i {
            Value::Undef | Value::Array(_) | Value::Hash(_) => None,
            p => json::primitive_to_string(p).map(Arc::from),
        })
        .collect()
}

fn list(items: Vec<Arc<str>>) -> FnResult {
    Ok(Rv::List(Arc::new(items.into_iter().map(Rv::Scalar).collect())))
}

pub(super) fn splitstring(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let (s, sep) = (arg_str(a, 0), arg_str(a, 1));
    // cf-agent's count is an `int` passed as a `size_t`: a negative one sets
    // no limit.
    let max = usize::try_from(arg_int(ctx, f, a, 2)? as i32).unwrap_or(usize::MAX);
    let re = regex(ctx, sep, "sm")?;
    let pieces: Vec<Arc<str>> = re.split_cf(ctx, s, max, true)?.into_iter().map(Arc::from).collect();
    list(pieces)
}

/// `string_split(text, regex, max)` as `RlistFromRegexSplitNoOverflow`: up
/// to `max - 1` pieces before matches, each match sought afresh in the rest
/// (an empty match there cuts an empty piece without moving on), then the
/// rest. Pieces are cut to 1,023 bytes, as cf-agent's buffer cuts them.
pub(super) fn string_split(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let (s, sep) = (arg_str(a, 0), arg_str(a, 1));
    // cf-agent holds the count in an `int`; below 1 it fails quietly.
    let max = arg_int(ctx, f, a, 2)? as i32;
    if max < 1 {
        return Err(Failed);
    }
    let max = max as usize;
    let re = regex(ctx, sep, "sm")?;
    let mut out: Vec<Arc<str>> = vec![];
    let mut sp = 0;
    while out.len() + 1 < max {
        let Some(m) = re.find_at(ctx, &s[sp..], 0)? else {
            break;
        };
        if m.end == 0 {
            // Every further round cuts the same empty piece.
            let n = max - 1 - out.len();
            if n > MAX_PIECES {
                ctx.error(
                    ErrorKind::Function,
                    format!("string_split() would cut {n} empty pieces, more than confer's limit of {MAX_PIECES}"),
                );
                return Err(Failed);
            }
            out.extend(std::iter::repeat_n(Arc::from(""), n));
            break;
        }
        let mut piece = &s[sp..sp + m.start];
        if piece.len() >= MAX_PIECE {
            ctx.warning(format!(
                "Segment in string_split() is {} bytes and will be truncated to {} bytes",
                piece.len(),
                MAX_PIECE - 1
            ));
            piece = prefix_within(piece, MAX_PIECE - 1);
        }
        out.push(Arc::from(piece));
        sp += m.end;
    }
    out.push(Arc::from(&s[sp..]));
    list(out)
}

/// cf-agent's `CF_MAXVARSIZE`: a `string_split` piece holds one byte less.
const MAX_PIECE: usize = 1024;

/// The most pieces a split makes (a list is not to take gigabytes).
const MAX_PIECES: usize = 4 << 20;

pub(super) fn join(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    if a.len() != 2 {
        ctx.error(ErrorKind::Function, format!("Function '{}' expects 2 arguments", f.name));
        return Err(Failed);
    }
    let glue = arg_str(a, 0).to_string();
    let items = strings(ctx, f, &a[1])?;
    let joined: Vec<&str> = items.iter().map(|s| &**s).collect();
    Ok(Rv::scalar(joined.join(&glue)))
}

pub(super) fn sort(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let Some(first) = a.first() else {
        return Err(Failed);
    };
    let items = strings(ctx, f, first)?;
    // `FnCallSort` names its modes case by case ("Ip" is lex).
    let mode = match if a.len() > 1 { arg_str(a, 1) } else { "lex" } {
        "IP" | "ip" => "ip",
        "MAC" | "mac" => "mac",
        m @ ("int" | "real") => m,
        _ => "lex",
    };
    list(merge_sort(items, |x, y| item_less(mode, x, y)))
}

pub(super) fn reverse(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let mut items = strings(ctx, f, &a[0])?;
    items.reverse();
    list(items)
}

pub(super) fn unique(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let items = strings(ctx, f, &a[0])?;
    let mut seen = std::collections::HashSet::new();
    list(items.into_iter().filter(|s| seen.insert(s.clone())).collect())
}

pub(super) fn length(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let n = match collection(ctx, &a[0]) {
        Some(Collection::List(l)) => l.len(),
        Some(Collection::Data(Value::Array(x))) => x.len(),
        Some(Collection::Data(Value::Hash(h))) => h.len(),
        Some(Collection::Data(_)) => 1,
        None => {
            strings(ctx, f, &a[0])?;
            0
        }
    };
    Ok(Rv::scalar(n.to_string()))
}

pub(super) fn nth(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let key = arg_str(a, 1).to_string();
    match collection(ctx, &a[0]) {
        Some(Collection::List(l)) => {
            let n = arg_int(ctx, f, a, 1)?;
            let idx = if n < 0 { l.len() as i64 + n } else { n };
            match usize::try_from(idx).ok().and_then(|i| l.get(i)) {
                Some(s) => Ok(Rv::Scalar(s.clone())),
                None => Err(Failed),
            }
        }
        Some(Collection::Data(v)) => {
            let child = match &v {
                Value::Array(x) => {
                    let n = arg_int(ctx, f, a, 1)?;
                    let idx = if n < 0 { x.len() as i64 + n } else { n };
                    usize::try_from(idx).ok().and_then(|i| x.get(i))
                }
                other => json::select(other, std::slice::from_ref(&key)),
            };
            // Only a primitive is an answer (`null` as that word); an array
            // or object element fails the call, as in cf-agent 3.21.
            match child {
                Some(Value::Undef) => Ok(Rv::scalar("null")),
                Some(c) if json::is_primitive(c) => json::primitive_to_string(c).map(Rv::scalar).ok_or(Failed),
                _ => Err(Failed),
            }
        }
        // cf-agent logs this at verbose level only.
        None => Err(Failed),
    }
}

pub(super) fn filter(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let pat = arg_str(a, 0).to_string();
    let items = strings(ctx, f, &a[1])?;
    let is_regex = arg_str(a, 2) == "true";
    let invert = arg_str(a, 3) == "true";
    let max = arg_int(ctx, f, a, 4)?.max(0) as usize;
    let mut out = vec![];
    for s in items {
        if out.len() >= max {
            break;
        }
        let m = if is_regex { full_match(ctx, &pat, &s)? } else { *s == *pat };
        if m != invert {
            out.push(s);
        }
    }
    list(out)
}

pub(super) fn grep(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let pat = arg_str(a, 0).to_string();
    let items = strings(ctx, f, &a[1])?;
    let mut out = vec![];
    for s in items {
        if full_match(ctx, &pat, &s)? {
            out.push(s);
        }
    }
    list(out)
}

pub(super) fn sublist(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let items = strings(ctx, f, &a[0])?;
    let n = arg_int(ctx, f, a, 2)?.max(0) as usize;
    let n = n.min(items.len());
    match arg_str(a, 1) {
        "head" => list(items[..n].to_vec()),
        _ => list(items[items.len() - n..].to_vec()),
    }
}

pub(super) fn difference(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let x = strings(ctx, f, &a[0])?;
    let y = strings(ctx, f, &a[1])?;
    let mut seen = std::collections::HashSet::new();
    list(x.into_iter().filter(|s| !y.contains(s) && seen.insert(s.clone())).collect())
}

pub(super) fn intersection(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let x = strings(ctx, f, &a[0])?;
    let y = strings(ctx, f, &a[1])?;
    let mut seen = std::collections::HashSet::new();
    list(x.into_iter().filter(|s| y.contains(s) && seen.insert(s.clone())).collect())
}

/// `maplist(pattern, list)`: `$(this)` in the pattern becomes each item.
pub(super) fn maplist(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let pattern = arg_str(a, 0).to_string();
    // A call as the pattern (`maplist(canonify($(this)), l)`) is made once
    // per item, with `this` bound, as `FnCallMapList` resolves its
    // arguments again for each.
    let call = match &a[0] {
        Rv::FnCall(inner) => Some(inner.clone()),
        _ => None,
    };
    let source = match &a[1] {
        Rv::FnCall(inner) => super::call(ctx, inner).1,
        Rv::Scalar(s) => Rv::scalar(ctx.expand(s)),
        other => other.clone(),
    };
    let items = strings(ctx, f, &source)?;
    let saved = ctx.this_mut().remove("this");
    let mut out = vec![];
    let mut failed = false;
    for it in items {
        ctx.this_mut().insert(
            "this".into(),
            crate::data::value::Variable {
                rval: Rv::Scalar(it.clone()),
                ty: crate::data::value::DataType::String,
                tags: Arc::new(vec![]),
                comment: None,
            },
        );
        let mapped = match &call {
            Some(inner) => match super::call(ctx, inner) {
                (true, r) => r.as_scalar().map(|s| ctx.expand(s)),
                (false, _) => None,
            },
            None => Some(ctx.expand(&pattern)),
        };
        // A result still naming `this` fails the call, as in FnCallMapList.
        let Some(mapped) = mapped.filter(|m| !m.contains("$(this)") && !m.contains("${this}")) else {
            failed = true;
            break;
        };
        out.push(Arc::from(mapped));
    }
    ctx.this_mut().remove("this");
    if let Some(s) = saved {
        ctx.this_mut().insert("this".into(), s);
    }
    if failed {
        return Err(Failed);
    }
    list(out)
}

/// The items as numbers, as `FnCallFold` reads them with `sscanf("%lf")`:
/// a leading number, or 0 for an item that does not start with one.
fn reals(ctx: &mut dyn FunctionHost, f: &FnCall, arg: &Rv) -> Result<Vec<f64>, Failed> {
    let items = strings(ctx, f, arg)?;
    Ok(items.iter().map(|s| crate::data::number::scan_real(s.as_bytes()).map_or(0.0, |(d, _)| d)).collect())
}

pub(super) fn sum(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    // From +0.0, as cf-agent adds: Rust's `Sum` starts at -0.0, and an
    // empty list would print "-0.000000".
    Ok(Rv::scalar(format_fixed(reals(ctx, f, &a[0])?.iter().fold(0.0, |s, x| s + x), 6)))
}

pub(super) fn product(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(format_fixed(reals(ctx, f, &a[0])?.iter().product(), 6)))
}

/// Welford's running mean and sum of squared deviations, as `FnCallFold`
/// computes them; `None` for no items.
fn mean_and_m2(xs: &[f64]) -> Option<(f64, f64)> {
    if xs.is_empty() {
        return None;
    }
    let (mut mean, mut m2) = (0.0, 0.0);
    for (i, x) in xs.iter().enumerate() {
        let delta = x - mean;
        mean += delta / (i + 1) as f64;
        m2 += delta * (x - mean);
    }
    Some((mean, m2))
}

/// `mean(list)`: fails for an empty list.
pub(super) fn mean(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let (mean, _) = mean_and_m2(&reals(ctx, f, &a[0])?).ok_or(Failed)?;
    Ok(Rv::scalar(format_fixed(mean, 6)))
}

/// `variance(list)`: the sample variance (0 for one item); fails for an
/// empty list.
pub(super) fn variance(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let xs = reals(ctx, f, &a[0])?;
    let (_, m2) = mean_and_m2(&xs).ok_or(Failed)?;
    let v = if xs.len() > 1 { m2 / (xs.len() - 1) as f64 } else { 0.0 };
    Ok(Rv::scalar(format_fixed(v, 6)))
}

/// `FnCallFold`'s min/max: a running pick, replaced as cf-agent does on
/// ties (min takes the later of equal items, max keeps the earlier).
fn extreme(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv], want_max: bool) -> FnResult {
    let items = strings(ctx, f, &a[0])?;
    let mode = if a.len() > 1 { arg_str(a, 1) } else { "lex" };
    let mut pick: Option<Arc<str>> = None;
    for item in items {
        let replace = match &pick {
            None => true,
            Some(p) if want_max => item_less(mode, p, &item),
            Some(p) => !item_less(mode, p, &item),
        };
        if replace {
            pick = Some(item);
        }
    }
    pick.map(Rv::Scalar).ok_or(Failed)
}

pub(super) fn max(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    extreme(ctx, f, a, true)
}

pub(super) fn min(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    extreme(ctx, f, a, false)
}

fn count_matches(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> Result<(usize, usize), Failed> {
    let pat = arg_str(a, 0).to_string();
    let items = strings(ctx, f, &a[1])?;
    let mut n = 0;
    for s in &items {
        if full_match(ctx, &pat, s)? {
            n += 1;
        }
    }
    Ok((n, items.len()))
}

pub(super) fn every(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let (n, total) = count_matches(ctx, f, a)?;
    class_result(n == total && total > 0)
}

pub(super) fn some(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    class_result(count_matches(ctx, f, a)?.0 > 0)
}

pub(super) fn none(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    class_result(count_matches(ctx, f, a)?.0 == 0)
}

/// The keys (or values) of an array or container named by the argument.
/// `CollectContainerValues`: every primitive of a container, at any depth
/// (nulls skipped).
fn collect_values(v: &Value, out: &mut Vec<Arc<str>>) {
    match v {
        Value::Array(x) => x.iter().for_each(|c| collect_values(c, out)),
        Value::Hash(h) => h.values().for_each(|c| collect_values(c, out)),
        p => out.extend(json::primitive_to_string(p).map(Arc::from)),
    }
}

fn indices_or_values(ctx: &mut dyn FunctionHost, a: &[Rv], values: bool) -> FnResult {
    let name = arg_str(a, 0).to_string();
    let data = match collection(ctx, &a[0]) {
        Some(Collection::Data(v)) => Some(v),
        Some(Collection::List(l)) => {
            return if values { list(l) } else { list((0..l.len()).map(|i| Arc::from(i.to_string())).collect()) }
        }
        None => super::array_as_data(ctx, &name),
    };
    let Some(v) = data else {
        // A plain string is its own single value (VarRefValueToJson with
        // allow_scalars); an undefined name gives an empty list (CFE-2479).
        return match ctx.lookup(&name).map(|v| v.rval) {
            Some(Rv::Scalar(s)) if values => list(vec![s]),
            _ => list(vec![]),
        };
    };
    if values {
        let mut out = vec![];
        collect_values(&v, &mut out);
        list(out)
    } else {
        list(json::keys(&v).into_iter().map(Arc::from).collect())
    }
}

pub(super) fn getindices(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    indices_or_values(ctx, a, false)
}

pub(super) fn getvalues(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    indices_or_values(ctx, a, true)
}

pub(super) fn variablesmatching(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let pat = arg_str(a, 0).to_string();
    let tags: Vec<String> = a.iter().skip(1).filter_map(|t| t.as_scalar().map(str::to_string)).collect();
    let mut names = vec![];
    let keys: Vec<(String, Arc<Vec<Arc<str>>>)> = ctx
        .defined()
        .vars
        .iter()
        .map(|(k, v)| {
            // `VarRefToString(ref, true)`: special scopes (`sys`, `def`,
            // `const`, ...) are qualified with `default:` too.
            let mut n = String::new();
            n.push_str(k.ns.as_deref().unwrap_or("default"));
            n.push(':');
            n.push_str(&k.scope);
            n.push('.');
            n.push_str(&k.lval);
            for i in &k.indices {
                n.push('[');
                n.push_str(i);
                n.push(']');
            }
            (n, v.tags.clone())
        })
        .collect();
    for (n, vtags) in keys {
        if full_match(ctx, &pat, &n)? {
            let mut ok = true;
            for t in &tags {
                let mut any = false;
                for vt in vtags.iter() {
                    if full_match(ctx, t, vt)? {
                        any = true;
                    }
                }
                ok &= any;
            }
            if ok {
                names.push(Arc::from(n));
            }
        }
    }
    list(names)
}

pub(super) fn classesmatching(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    list(matching_classes(ctx, a)?.into_iter().map(Arc::from).collect())
}

pub(super) fn countclassesmatching(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(matching_classes(ctx, a)?.len().to_string()))
}

/// `ClassesMatching`: the defined classes (global, then the bundle's) whose
/// name matches `a[0]` and, when tag regexes follow, with a tag matching one
/// of them.
pub(crate) fn matching_classes(ctx: &mut dyn FunctionHost, a: &[Rv]) -> Result<Vec<String>, Failed> {
    let pat = arg_str(a, 0).to_string();
    let tag_regexes: Vec<String> = a.iter().skip(1).filter_map(|t| t.as_scalar().map(str::to_string)).collect();
    let mut all: Vec<String> = ctx.defined().classes.iter().cloned().collect();
    if let Some(fr) = ctx.frames().last() {
        all.extend(fr.classes.iter().cloned());
    }
    all.sort();
    all.dedup();
    let mut out = vec![];
    for c in all {
        if c != pat && !full_match(ctx, &pat, &c)? {
            continue;
        }
        let mut pass = tag_regexes.is_empty();
        let tags = ctx.defined().class_tags.get(&c).cloned().unwrap_or_default();
        for t in &tag_regexes {
            for tag in &tags {
                if t == tag || full_match(ctx, t, tag)? {
                    pass = true;
                }
            }
        }
        if pass {
            out.push(c);
        }
    }
    Ok(out)
}

/// glibc's `rand()` after `srand(seed)` (the TYPE_3 additive feedback
/// generator), which cf-agent's `SeqShuffle` draws from.
struct GlibcRand {
    r: Vec<i32>,
}

impl GlibcRand {
    fn new(seed: u32) -> GlibcRand {
        let mut r: Vec<i32> = vec![0; 34];
        // glibc: `srand(0)` seeds with 1.
        r[0] = if seed == 0 { 1 } else { seed as i32 };
        for i in 1..31 {
            let v = (16807i64 * i64::from(r[i - 1])) % 2147483647;
            r[i] = if v < 0 { (v + 2147483647) as i32 } else { v as i32 };
        }
        for i in 31..34 {
            r[i] = r[i - 31];
        }
        let mut g = GlibcRand { r };
        for _ in 0..310 {
            g.step();
        }
        g
    }

    fn step(&mut self) -> i32 {
        let n = self.r.len();
        let v = self.r[n - 31].wrapping_add(self.r[n - 3]);
        self.r.push(v);
        if self.r.len() > 1024 {
            self.r.drain(..self.r.len() - 34);
        }
        v
    }

    fn next(&mut self) -> u32 {
        (self.step() as u32) >> 1
    }
}

/// libntech's `StringHash` (Jenkins' one-at-a-time).
pub(crate) fn string_hash(s: &str) -> u32 {
    let mut h: u32 = 0;
    for b in s.bytes() {
        h = h.wrapping_add(u32::from(b));
        h = h.wrapping_add(h << 10);
        h ^= h >> 6;
    }
    h = h.wrapping_add(h << 3);
    h ^= h >> 11;
    h.wrapping_add(h << 15)
}

/// `shuffle(list, seed)`: cf-agent's `SeqShuffle` (Fisher-Yates from the
/// end with glibc's `rand()` seeded by the seed's hash), the result
/// prepended item by item, so in reverse.
pub(super) fn shuffle(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let mut items = strings(ctx, f, &a[0])?;
    let mut rng = GlibcRand::new(string_hash(arg_str(a, 1)));
    for i in (1..items.len()).rev() {
        let j = rng.next() as usize % (i + 1);
        items.swap(i, j);
    }
    items.reverse();
    list(items)
}

//! Format maps: which directive (and, for containers, which separators and
//! element formats) applies to a value. Puppet merges a user's map over its
//! defaults, drops defaults that a more general user entry covers, and sorts
//! the result most specific type first; the first entry whose type matches the
//! value wins. Spec: "Conversion to String" (format maps).

use std::cmp::Ordering;

use crate::types::{assignable, by_name, instance_of, Type};
use crate::undecided::{all, Undecided};
use crate::value::Value;

use super::spec::{FormatError, Spec};

/// What a format map gives for one type: a directive plus, for arrays and
/// hashes, the separators and the formats of the elements.
#[derive(Clone, Debug)]
pub(super) struct Format {
    pub spec: Spec,
    pub separator: Option<String>,
    pub separator2: Option<String>,
    pub elements: Option<Formats>,
}

impl Format {
    pub fn simple(spec: Spec) -> Format {
        Format { spec, separator: None, separator2: None, elements: None }
    }

    /// Puppet's built-in directives, which always parse.
    fn builtin(text: &str) -> Format {
        Format::simple(Spec::parse(text).unwrap_or_default())
    }

    /// `higher` over `self`: the directive of `higher`, its separators and
    /// element formats where it gives them.
    fn merge(&self, higher: &Format) -> Format {
        Format {
            spec: higher.spec.clone(),
            separator: higher.separator.clone().or_else(|| self.separator.clone()),
            separator2: higher.separator2.clone().or_else(|| self.separator2.clone()),
            elements: Formats::merge_optional(self.elements.as_ref(), higher.elements.as_ref()),
        }
    }

    /// Reads a directive string or a container format hash
    /// (`format`, `separator`, `separator2`, `string_formats`).
    fn parse(v: &Value) -> Result<Format, FormatError> {
        match v {
            Value::String(s) => Ok(Format::simple(Spec::parse(s)?)),
            Value::Hash(h) => {
                let allowed = ["separator", "separator2", "format", "string_formats"];
                if let Some((k, _)) = h.iter().find(|(k, _)| !k.as_str().is_some_and(|k| allowed.contains(&k))) {
                    return Err(FormatError::BadFormats(format!(
                        "only 'separator', 'separator2', 'format', 'string_formats' are allowed in a container format, got {}",
                        crate::value::to_s(k)
                    )));
                }
                let text = |key: &str| h.get(&Value::from(key)).and_then(Value::as_str).map(str::to_string);
                let elements = match h.get(&Value::from("string_formats")) {
                    Some(Value::Hash(m)) => Some(Formats::parse(m)?),
                    _ => None,
                };
                // Puppet requires the directive even in a container format.
                let spec = Spec::parse(&text("format").unwrap_or_default())?;
                Ok(Format { spec, separator: text("separator"), separator2: text("separator2"), elements })
            }
            other => {
                Err(FormatError::BadFormats(format!("a format must be a String or a Hash, got {}", other.type_name())))
            }
        }
    }
}

/// A format map, most specific type first.
#[derive(Clone, Debug, Default)]
pub(super) struct Formats(Vec<(Type, Format)>);

fn named(name: &str) -> Type {
    by_name(name).unwrap_or(Type::Any)
}

impl Formats {
    /// Puppet's top-level defaults: `%f` for floats, `%d` for other numbers,
    /// `%B` for binaries, and arrays and hashes with `, ` / ` => ` separators
    /// whose elements use the container defaults. Built and ordered once:
    /// every `String()` and interpolation of a container starts from them.
    pub fn defaults() -> &'static Formats {
        static DEFAULTS: std::sync::OnceLock<Formats> = std::sync::OnceLock::new();
        DEFAULTS.get_or_init(Formats::build_defaults)
    }

    fn build_defaults() -> Formats {
        let container = |letter: &str, separator2: &str| Format {
            spec: Spec::parse(letter).unwrap_or_default(),
            separator: Some(", ".into()),
            separator2: Some(separator2.into()),
            elements: Some(Formats::element_defaults()),
        };
        Formats::sorted(vec![
            (named("Float"), Format::builtin("%f")),
            (named("Numeric"), Format::builtin("%d")),
            (named("Array"), container("%a", ", ")),
            (named("Hash"), container("%h", " => ")),
            (named("Binary"), Format::builtin("%B")),
            (Type::Any, Format::builtin("%s")),
        ])
    }

    /// The defaults for scalars inside containers: `%p` (quoted strings).
    pub fn element_defaults() -> Formats {
        Formats(vec![(Type::Any, Format::builtin("%p"))])
    }

    /// A map giving one type one format.
    pub fn single(t: Type, format: Format) -> Formats {
        Formats(vec![(t, format)])
    }

    /// Reads a hash of `Type => format` or `Type => {format, separator, …}`.
    pub fn parse(map: &crate::HashMap) -> Result<Formats, FormatError> {
        let mut out = Vec::new();
        for (k, v) in map.iter() {
            let Value::Type(t) = k else {
                return Err(FormatError::BadFormats(format!(
                    "top level keys in the format hash must be data types, got {}",
                    k.type_name()
                )));
            };
            out.push((Type::clone(t), Format::parse(v)?));
        }
        Ok(Formats(out))
    }

    /// `higher` merged over `self`. Entries of `self` whose type a different
    /// entry of `higher` covers are dropped (a user's `Any => '%p'` replaces
    /// the default `Float => '%f'`); entries for the same type are merged.
    pub fn merged(&self, higher: &Formats) -> Formats {
        let kept = self.0.iter().filter(|(lk, _)| !higher.0.iter().any(|(hk, _)| hk != lk && covers(hk, lk)));
        let mut out: Vec<(Type, Format)> = Vec::new();
        for (k, f) in kept.chain(&higher.0) {
            match out.iter_mut().find(|(t, _)| t == k) {
                Some((_, existing)) => *existing = existing.merge(f),
                None => out.push((k.clone(), f.clone())),
            }
        }
        Formats::sorted(out)
    }

    fn merge_optional(lower: Option<&Formats>, higher: Option<&Formats>) -> Option<Formats> {
        match (lower, higher) {
            (Some(l), Some(h)) => Some(l.merged(h)),
            (l, h) => h.or(l).cloned(),
        }
    }

    /// Orders entries most specific first: each step takes, of the types no
    /// other remaining type is strictly more specific than, the first by
    /// Puppet's tie-break (rank, then name). Puppet sorts with a comparison
    /// that is not a total order; this gives the same result without one.
    /// Every `String(v, format)` call sorts a merged map, so the pairwise
    /// "strictly more specific" relation and the names the tie-break compares
    /// are computed once per sort rather than once per step.
    fn sorted(entries: Vec<(Type, Format)>) -> Formats {
        let n = entries.len();
        let mut narrower = vec![false; n * n];
        for i in 0..n {
            for j in 0..n {
                let (t, u) = (&entries[i].0, &entries[j].0);
                narrower[i * n + j] = i != j && u != t && covers(t, u) && !covers(u, t);
            }
        }
        let keys: Vec<TieKey> = entries.iter().map(|(t, _)| TieKey::of(t)).collect();
        let mut left: Vec<usize> = (0..n).collect();
        let mut order = Vec::with_capacity(n);
        while !left.is_empty() {
            let minimal = |i: usize| !left.iter().any(|&j| narrower[i * n + j]);
            let mut best: Option<usize> = None;
            for (pos, &i) in left.iter().enumerate().filter(|&(_, &i)| minimal(i)) {
                if best.is_none_or(|b| keys[i].cmp(&keys[left[b]]) == Ordering::Less) {
                    best = Some(pos);
                }
            }
            order.push(left.remove(best.unwrap_or(0)));
        }
        let mut slots: Vec<Option<(Type, Format)>> = entries.into_iter().map(Some).collect();
        Formats(order.into_iter().filter_map(|i| slots[i].take()).collect())
    }

    /// Whether, merged under `own` (one entry, for the inferred type of the
    /// scalar `v`), these formats would still let `own`'s entry be the one
    /// [`Formats::select`] picks for `v` — so that `String(v, directive)` can
    /// skip merging and sorting the whole map on every call.
    ///
    /// It holds when `v` is an instance of the entry's type `T` and every entry
    /// here that `v` is an instance of accepts `T`: such an entry is either `T`
    /// itself (merged, the directive is `own`'s), equivalent to `T` (dropped by
    /// [`Formats::merged`]), or strictly wider, and so sorted after `T`.
    pub fn yield_to_value_type(&self, own: &Formats, v: &Value) -> Result<bool, Undecided> {
        let [(t, _)] = own.0.as_slice() else {
            return Ok(false);
        };
        Ok(instance_of(t, v)? && all(self.0.iter(), |(e, _)| Ok(!instance_of(e, v)? || assignable(e, t)?))?)
    }

    /// The format of the first (most specific) type `v` is an instance of.
    pub fn select(&self, v: &Value) -> Result<Option<&Format>, Undecided> {
        for (t, f) in &self.0 {
            if instance_of(t, v)? {
                return Ok(Some(f));
            }
        }
        Ok(None)
    }
}

/// Whether the map's type `t` covers its type `u`, for ordering and merging
/// entries. Decided as "no" when a pattern of one type left a string type of
/// the other undecided: the entries' order is then Puppet's tie-break, and
/// whether a value matches the entry is asked (and can fail) in
/// [`Formats::select`].
fn covers(t: &Type, u: &Type) -> bool {
    assignable(t, u).unwrap_or(false)
}

/// Puppet's order between types neither of which is more specific: by rank
/// (Struct, Hash, Tuple, Array, Pattern, Enum, String), or else by name.
struct TieKey {
    rank: u8,
    name: String,
}

impl TieKey {
    fn of(t: &Type) -> TieKey {
        TieKey { rank: rank(t), name: t.to_string() }
    }

    fn cmp(&self, other: &TieKey) -> Ordering {
        match (self.rank, other.rank) {
            (0, _) | (_, 0) => self.name.cmp(&other.name),
            (x, y) => x.cmp(&y),
        }
    }
}

fn rank(t: &Type) -> u8 {
    match t {
        Type::Struct(_) => 1,
        Type::Hash { .. } => 2,
        Type::Tuple(_) => 3,
        Type::Array { .. } => 4,
        Type::Pattern(_) => 10,
        Type::Enum(_) => 11,
        Type::String(_) => 12,
        _ => 0,
    }
}

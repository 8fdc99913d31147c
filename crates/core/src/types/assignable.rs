//! Whether one type accepts every value of another (`T1 >= T2`, typed
//! parameters, `Type[T]`). This follows Puppet 7.23's `assignable?` case by case,
//! including its corners (an unparameterised `Struct` accepts only empty hashes,
//! `Callable` parameters are compared in reverse).

use super::iterable::{is_iterable, iterable_element};
use super::{instance_of, uri, CallableType, EnumType, IntRange, StringType, StructMember, TupleType, Type};
use crate::undecided::{all, any, Undecided};
use crate::value::Value;

/// Whether every value of `other` is also a value of `t`, or [`Undecided`]
/// when a pattern's match against a string type's value was left open.
pub fn assignable(t: &Type, other: &Type) -> Result<bool, Undecided> {
    Checker::default().assignable(t, other)
}

/// Whether `t` accepts `undef`. Always decided: undecided answers come
/// only from matching a pattern against a string type's value or a struct's
/// key, and no check of `undef` against a type makes one.
pub fn accepts_undef(t: &Type) -> bool {
    assignable(t, &Type::Undef).unwrap_or(false)
}

/// Carries the pairs of types whose check is under way through an alias, so
/// that recursive aliases are compared coinductively: meeting the same question
/// again while answering it means nothing contradicted it (Puppet's
/// `RecursionGuard` reaches the same answer).
#[derive(Default)]
pub(crate) struct Checker {
    in_progress: Vec<(Type, Type)>,
}

fn size_of(size: &Option<IntRange>) -> IntRange {
    size.unwrap_or(IntRange::ANY_SIZE)
}

/// Whether the type is one of Puppet's `PScalarType` classes.
fn is_scalar_kind(t: &Type) -> bool {
    is_scalar_data_kind(t)
        || matches!(t, Type::Scalar | Type::Regexp(_) | Type::SemVer(_) | Type::Timespan(_) | Type::Timestamp(_))
}

/// Whether the type is one of Puppet's `PScalarDataType` classes.
fn is_scalar_data_kind(t: &Type) -> bool {
    matches!(
        t,
        Type::ScalarData
            | Type::Numeric
            | Type::Integer(_)
            | Type::Float { .. }
            | Type::String(_)
            | Type::Enum(_)
            | Type::Pattern(_)
            | Type::Boolean(_)
    )
}

impl Checker {
    /// Puppet's `t.assignable?(o)`.
    pub(crate) fn assignable(&mut self, t: &Type, o: &Type) -> Result<bool, Undecided> {
        match t {
            Type::Alias(a) => {
                if let Type::Alias(b) = o {
                    if a == b {
                        return Ok(true);
                    }
                }
                // While an alias is being resolved Puppet stands in a type
                // reference for it, which accepts only itself.
                let Some(target) = a.0.target() else {
                    return Ok(false);
                };
                return self.through_alias(t, o, |c| c.assignable(target, o));
            }
            Type::Unit => return Ok(true),
            Type::Variant(types) => {
                // An empty Variant is void: not even undef.
                if types.is_empty() && matches!(o, Type::Undef) {
                    return Ok(false);
                }
                if let Type::Variant(others) = o {
                    if types.is_empty() {
                        return Ok(true);
                    }
                    return Ok(!others.is_empty() && all(others.iter(), |x| self.dispatch(t, x))?);
                }
            }
            _ => {}
        }
        self.dispatch(t, o)
    }

    /// Puppet's `PAnyType#assignable?`: unwraps the other side's aliases,
    /// variants, optionals and not-undefs before the per-type check.
    fn dispatch(&mut self, t: &Type, o: &Type) -> Result<bool, Undecided> {
        Ok(match o {
            Type::Unit => true,
            Type::Alias(a) => match a.0.target() {
                Some(target) => self.through_alias(t, o, |c| c.assignable(t, target))?,
                None => matches!(t, Type::Any),
            },
            Type::Variant(others) => {
                if matches!(t, Type::Any) {
                    return Ok(true);
                }
                if matches!(t, Type::NotUndef(_)) && others.is_empty() {
                    return self.specific(t, o);
                }
                !others.is_empty() && all(others.iter(), |x| self.assignable(t, x))?
            }
            Type::Optional(inner) => {
                self.assignable(t, &Type::Undef)?
                    && match inner {
                        None => true,
                        Some(i) => self.assignable(t, i)?,
                    }
            }
            Type::NotUndef(Some(inner)) if !self.assignable(inner, &Type::Undef)? => self.assignable(t, inner)?,
            _ => self.specific(t, o)?,
        })
    }

    fn through_alias(
        &mut self,
        t: &Type,
        o: &Type,
        f: impl FnOnce(&mut Checker) -> Result<bool, Undecided>,
    ) -> Result<bool, Undecided> {
        if self.in_progress.iter().any(|(a, b)| a == t && b == o) {
            return Ok(true);
        }
        self.in_progress.push((t.clone(), o.clone()));
        let result = f(self);
        self.in_progress.pop();
        result
    }

    fn accepts_undef(&mut self, t: &Type) -> Result<bool, Undecided> {
        self.assignable(t, &Type::Undef)
    }

    /// Puppet's per-class `_assignable?`.
    fn specific(&mut self, t: &Type, o: &Type) -> Result<bool, Undecided> {
        Ok(match t {
            Type::Any | Type::Unit => true,
            // Only the same unresolved name (Puppet's `PTypeReferenceType`).
            Type::Reference(name) => matches!(o, Type::Reference(other) if other == name),
            Type::Undef => matches!(o, Type::Undef),
            Type::Default => matches!(o, Type::Default),
            Type::NotUndef(inner) => {
                !self.accepts_undef(o)?
                    && match inner {
                        None => true,
                        Some(i) => self.assignable(i, o)?,
                    }
            }
            Type::Type(inner) => match o {
                Type::Type(other) => match (inner, other) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(a), Some(b)) => self.assignable(a, b)?,
                },
                _ => false,
            },
            Type::Scalar => {
                is_scalar_kind(o)
                    || any(
                        [
                            Type::string(),
                            Type::integer(),
                            Type::float(),
                            Type::Boolean(None),
                            Type::Regexp(None),
                            Type::SemVer(Vec::new()),
                            Type::SemVerRange,
                            Type::Timespan(Default::default()),
                            Type::Timestamp(Default::default()),
                        ]
                        .iter(),
                        |d| self.assignable(d, o),
                    )?
            }
            Type::ScalarData => {
                is_scalar_data_kind(o)
                    || any([Type::string(), Type::integer(), Type::float(), Type::Boolean(None)].iter(), |d| {
                        self.assignable(d, o)
                    })?
            }
            Type::Numeric => matches!(o, Type::Numeric | Type::Integer(_) | Type::Float { .. }),
            Type::Integer(r) => matches!(o, Type::Integer(or) if r.covers(or)),
            Type::Float { from, to } => match o {
                Type::Float { from: ofrom, to: oto } => {
                    let lo = |b: &Option<super::FloatBound>| b.map_or(f64::NEG_INFINITY, |b| b.0);
                    let hi = |b: &Option<super::FloatBound>| b.map_or(f64::INFINITY, |b| b.0);
                    lo(from) <= lo(ofrom) && hi(to) >= hi(oto)
                }
                _ => false,
            },
            Type::Boolean(b) => matches!(o, Type::Boolean(ob) if b.is_none() || b == ob),
            Type::String(st) => string_assignable(st, o),
            Type::Enum(e) => enum_assignable(t, e, o),
            Type::Pattern(patterns) => {
                if t == o {
                    return Ok(true);
                }
                match o {
                    Type::String(StringType::Value(v)) => {
                        patterns.is_empty() || any(patterns.iter(), |p| p.try_is_match(v))?
                    }
                    Type::String(_) => patterns.is_empty(),
                    Type::Enum(e) if e.values.is_empty() => patterns.is_empty(),
                    Type::Enum(e) => {
                        patterns.is_empty() || all(e.values.iter(), |v| any(patterns.iter(), |p| p.try_is_match(v)))?
                    }
                    Type::Pattern(_) => patterns.is_empty(),
                    _ => false,
                }
            }
            Type::Regexp(r) => match o {
                Type::Regexp(other) => match (r, other) {
                    (None, _) => true,
                    (Some(a), Some(b)) => a.source() == b.source(),
                    (Some(_), None) => false,
                },
                _ => false,
            },
            Type::Collection(size) => {
                let s = size_of(size);
                match o {
                    Type::Collection(os) | Type::Array { size: os, .. } | Type::Hash { size: os, .. } => {
                        s.covers(&size_of(os))
                    }
                    Type::Tuple(tt) => s.covers(&tt.size.unwrap_or(IntRange::exactly(tt.types.len() as i64))),
                    Type::Struct(members) => s.covers(&IntRange::exactly(members.len() as i64)),
                    _ => false,
                }
            }
            Type::Array { element, size } => match o {
                Type::Tuple(tt) => {
                    size_of(size).covers(&tt.size.unwrap_or(IntRange::exactly(tt.types.len() as i64)))
                        && all(tt.types.iter(), |x| self.assignable(element, x))?
                }
                Type::Array { element: oe, size: os } => {
                    size_of(size).covers(&size_of(os)) && self.assignable(element, oe)?
                }
                _ => false,
            },
            Type::Hash { key, value, size } => match o {
                Type::Hash { key: ok, value: ov, size: os } => {
                    if size.is_none_or(|s| s.from == Some(0)) && *o == Type::empty_hash() {
                        return Ok(true);
                    }
                    self.assignable(key, ok)? && self.assignable(value, ov)? && size_of(size).covers(&size_of(os))
                }
                Type::Struct(members) => {
                    size_of(size).contains(members.len() as i64)
                        && all(members.iter(), |m| {
                            Ok(instance_of(key, &Value::String(m.key.clone()))? && self.assignable(value, &m.value)?)
                        })?
                }
                _ => false,
            },
            Type::Struct(members) => self.struct_assignable(members, o)?,
            Type::Tuple(tt) => {
                if t == o {
                    return Ok(true);
                }
                self.tuple_assignable(tt, o)?
            }
            Type::Callable(c) => match o {
                Type::Callable(oc) => self.callable_assignable(c, oc)?,
                _ => false,
            },
            Type::Variant(types) => any(types.iter(), |x| self.assignable(x, o))?,
            Type::Optional(inner) => match o {
                Type::Undef => true,
                _ => match inner {
                    None => true,
                    Some(i) => self.assignable(i, o)?,
                },
            },
            Type::Sensitive(inner) => match o {
                Type::Sensitive(other) => self.assignable(inner, other)?,
                _ => false,
            },
            Type::Iterable(inner) => match inner {
                Some(i) if !self.assignable(i, &Type::Any)? => match iterable_element(o) {
                    Some(e) => self.assignable(i, &e)?,
                    None => false,
                },
                _ => is_iterable(o),
            },
            Type::Iterator(inner) => match o {
                Type::Iterator(other) => match (inner, other) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(a), Some(b)) => self.assignable(a, b)?,
                },
                _ => false,
            },
            Type::Runtime(rt) => match o {
                Type::Runtime(ort) => {
                    (rt.runtime.is_none() || rt.runtime == ort.runtime) && (rt.name.is_none() || rt.name == ort.name)
                }
                _ => false,
            },
            Type::Timespan(r) => matches!(o, Type::Timespan(or) if r.covers(or)),
            Type::Timestamp(r) => matches!(o, Type::Timestamp(or) if r.covers(or)),
            Type::SemVer(ranges) => match o {
                Type::SemVer(others) => {
                    ranges.is_empty()
                        || (!others.is_empty() && others.iter().all(|x| ranges.iter().any(|r| x.covered_by(r))))
                }
                _ => false,
            },
            Type::SemVerRange => matches!(o, Type::SemVerRange),
            Type::Binary => matches!(o, Type::Binary),
            Type::Uri(params) => match o {
                Type::Uri(others) => uri::params_assignable(params.as_deref(), others.as_deref())?,
                _ => false,
            },
            Type::Init(init) => match o {
                Type::Init(other) => match (&init.target, &other.target) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(a), Some(b)) => self.assignable(a, b)?,
                },
                _ => match &init.target {
                    None => self.assignable(&super::rich_data(), o)?,
                    Some(target) => self.assignable(target, o)?,
                },
            },
            Type::Object => matches!(o, Type::Object | Type::Deferred | Type::ObjectType(_) | Type::ObjectExt(_)),
            Type::TypeSet => matches!(o, Type::TypeSet | Type::TypeSetType(_)),
            Type::ObjectType(t) => match o {
                Type::ObjectType(other) => t.is_ancestor_of(other),
                Type::ObjectExt(other) => t.is_ancestor_of(&other.base),
                _ => false,
            },
            Type::ObjectExt(t) => match o {
                Type::ObjectType(other) => t.base.is_ancestor_of(other) && t.test_assignable(&[])?,
                Type::ObjectExt(other) => t.base.is_ancestor_of(&other.base) && t.test_assignable(&other.parameters)?,
                _ => false,
            },
            Type::TypeSetType(t) => matches!(o, Type::TypeSetType(other) if other == t),
            Type::Deferred => matches!(o, Type::Deferred),
            Type::CatalogEntry => {
                matches!(o, Type::CatalogEntry | Type::Class(_) | Type::Resource { .. })
            }
            Type::Class(name) => match o {
                Type::Class(other) => name.is_none() || name == other,
                _ => false,
            },
            Type::Resource { type_name, title } => match o {
                Type::Resource { type_name: otn, title: ot } => match type_name {
                    None => true,
                    Some(n) => {
                        otn.as_ref().is_some_and(|o| o.to_lowercase() == n.to_lowercase())
                            && (title.is_none() || title == ot)
                    }
                },
                _ => false,
            },
            Type::Alias(_) => self.assignable(t.resolved(), o)?,
        })
    }

    fn struct_assignable(&mut self, members: &[StructMember], o: &Type) -> Result<bool, Undecided> {
        Ok(match o {
            Type::Struct(others) => {
                let mut matched = 0;
                let every = all(members.iter(), |e1| match others.iter().find(|e2| e2.key == e1.key) {
                    None => Ok(e1.optional_key),
                    Some(e2) => {
                        matched += 1;
                        Ok((e1.optional_key || !e2.optional_key) && self.assignable(&e1.value, &e2.value)?)
                    }
                })?;
                every && matched == others.len()
            }
            Type::Hash { key, value, size } => {
                let mut required = 0;
                let every = all(members.iter(), |e| {
                    if e.optional_key {
                        Ok(true)
                    } else {
                        required += 1;
                        Ok(self.assignable(&e.value, value)? && self.assignable(&Type::string(), key)?)
                    }
                })?;
                every && IntRange::new(Some(required), Some(members.len() as i64)).covers(&size_of(size))
            }
            _ => false,
        })
    }

    /// Puppet's `PTupleType#_assignable?`, without the equality shortcut.
    fn tuple_assignable(&mut self, tt: &TupleType, o: &Type) -> Result<bool, Undecided> {
        let size_s = tt.size_range();
        Ok(match o {
            Type::Tuple(ot) => {
                if !size_s.covers(&ot.size_range()) {
                    return Ok(false);
                }
                if !tt.types.is_empty() {
                    if ot.types.is_empty() {
                        return Ok(size_s.from == Some(0));
                    }
                    for (i, x) in ot.types.iter().enumerate() {
                        let Some(mine) = tt.type_at(i) else {
                            return Ok(false);
                        };
                        if !self.assignable(mine, x)? {
                            return Ok(false);
                        }
                    }
                }
                true
            }
            Type::Array { element, size } => {
                let size_o = size_of(size);
                if !size_s.covers(&size_o) {
                    return Ok(false);
                }
                if !tt.types.is_empty() {
                    let n = match size_o.to {
                        Some(to) => tt.types.len().min(usize::try_from(to).unwrap_or(0)),
                        None => tt.types.len(),
                    };
                    for i in 0..n {
                        if !self.assignable(&tt.types[i], element)? {
                            return Ok(false);
                        }
                    }
                }
                true
            }
            _ => false,
        })
    }

    /// Callables compare their parameters in reverse: `t` accepts `o` when every
    /// call `t` describes is one `o` accepts.
    fn callable_assignable(&mut self, c: &CallableType, o: &CallableType) -> Result<bool, Undecided> {
        if let Some(r) = &c.return_type {
            if !self.assignable(r, o.return_type.as_ref().unwrap_or(&Type::Any))? {
                return Ok(false);
            }
        }
        let Some(params) = &c.params else {
            return Ok(true);
        };
        let Some(other_params) = &o.params else {
            return Ok(false);
        };
        if !self.assignable(&Type::Tuple(other_params.clone()), &Type::Tuple(params.clone()))? {
            return Ok(false);
        }
        let this_block = c.block.clone().unwrap_or(Type::Undef);
        let that_block = o.block.clone().unwrap_or(Type::Undef);
        self.assignable(&that_block, &this_block)
    }
}

/// Puppet's `PStringType#_assignable?`.
fn string_assignable(st: &StringType, o: &Type) -> bool {
    match st {
        StringType::Sized(r) => match o {
            Type::String(os) => r.covers(&os.size_range()),
            Type::Enum(e) if e.values.is_empty() => r.covers(&IntRange::ANY_SIZE),
            Type::Enum(e) => {
                let lens = e.values.iter().map(|v| v.chars().count() as i64);
                let (min, max) = lens.fold((i64::MAX, i64::MIN), |(lo, hi), n| (lo.min(n), hi.max(n)));
                r.lo() <= i128::from(min) && r.hi() >= i128::from(max)
            }
            Type::Pattern(_) => r.covers(&IntRange::ANY_SIZE),
            _ => false,
        },
        StringType::Unrestricted => matches!(o, Type::String(_) | Type::Enum(_) | Type::Pattern(_)),
        // Puppet accepts any single case-sensitive enum here without comparing
        // its string to this one.
        StringType::Value(_) => match o {
            Type::String(os) => st == os,
            Type::Enum(e) => e.values.len() == 1 && !e.case_insensitive,
            _ => false,
        },
    }
}

/// Puppet's `PEnumType#_assignable?`.
fn enum_assignable(t: &Type, e: &EnumType, o: &Type) -> bool {
    if t == o {
        return true;
    }
    if e.values.is_empty() && matches!(o, Type::String(_) | Type::Enum(_) | Type::Pattern(_)) {
        return true;
    }
    match o {
        Type::String(os) => os.value().is_some_and(|v| e.matches(v)),
        Type::Enum(oe) => {
            !oe.values.is_empty()
                && (e.case_insensitive || !oe.case_insensitive)
                && oe.values.iter().all(|v| e.matches(v))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{n, tv, ty};
    use super::super::{AliasRef, TypeAlias};
    use super::*;

    fn int(a: i64, b: i64) -> Type {
        ty("Integer", &[Value::Integer(a), Value::Integer(b)])
    }

    #[test]
    fn ranges_nest() {
        assert!(assignable(&int(1, 10), &int(2, 3)).unwrap());
        assert!(!assignable(&int(1, 10), &int(0, 5)).unwrap());
        assert!(assignable(&Type::Numeric, &int(0, 5)).unwrap());
        assert!(!assignable(&Type::integer(), &Type::float()).unwrap());
    }

    #[test]
    fn optional_and_not_undef_unwrap_the_other_side() {
        let opt_int = ty("Optional", &[n("Integer")]);
        assert!(assignable(&opt_int, &Type::Undef).unwrap());
        assert!(!assignable(&Type::integer(), &opt_int).unwrap());
        assert!(assignable(&Type::integer(), &ty("NotUndef", &[n("Integer")])).unwrap());
        // Puppet: a NotUndef of an undef-accepting type is not even assignable to itself.
        let odd = ty("NotUndef", &[tv(opt_int)]);
        assert!(!assignable(&odd, &odd).unwrap());
    }

    #[test]
    fn bare_struct_accepts_only_the_empty_hash() {
        let bare = ty("Struct", &[]);
        assert!(assignable(&bare, &Type::empty_hash()).unwrap());
        assert!(!assignable(&bare, &Type::hash_of(Type::string(), Type::integer())).unwrap());
    }

    #[test]
    fn callables_compare_parameters_in_reverse() {
        let c_string = ty("Callable", &[n("String")]);
        let c_scalar = ty("Callable", &[n("Scalar")]);
        assert!(assignable(&c_string, &c_scalar).unwrap());
        assert!(!assignable(&c_scalar, &c_string).unwrap());
        assert!(assignable(&ty("Callable", &[]), &c_string).unwrap());
    }

    #[test]
    fn data_accepts_nested_data_and_rejects_regexps() {
        let data = super::super::data();
        let nested = Type::hash_of(Type::string(), Type::array_of(Type::optional(Type::integer())));
        assert!(assignable(&data, &nested).unwrap());
        assert!(!assignable(&data, &Type::Regexp(None)).unwrap());
        assert!(assignable(&super::super::rich_data(), &data).unwrap());
    }

    #[test]
    fn an_alias_being_resolved_accepts_only_itself() {
        let pending = Type::Alias(AliasRef(TypeAlias::new("Pending")));
        assert!(assignable(&pending, &pending).unwrap());
        assert!(!assignable(&pending, &Type::Undef).unwrap());
        assert!(!assignable(&Type::integer(), &pending).unwrap());
        assert!(assignable(&Type::Any, &pending).unwrap());
    }

    #[test]
    fn distinct_recursive_aliases_compare_coinductively() {
        let make = |name: &str| {
            let a = TypeAlias::new(name);
            let me = Type::Alias(AliasRef(a.clone()));
            a.resolve(Type::variant_of(vec![Type::integer(), Type::array_of(me.clone())]));
            me
        };
        let (a, b) = (make("A"), make("B"));
        assert!(assignable(&a, &b).unwrap());
        assert!(assignable(&b, &a).unwrap());
        assert!(!assignable(&a, &Type::array_of(Type::string())).unwrap());
    }
}

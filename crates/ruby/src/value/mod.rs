//! Ruby values as templates see them, and their conversion from and to
//! Puppet values. Puppet's `undef` is `nil`, `default` the symbol
//! `:default`; values Ruby templates only print (types, Sensitive, SemVer,
//! timestamps) stay Puppet values and print as Puppet prints them, so a
//! `Sensitive` shows as `Sensitive [value redacted]` as in Puppet.

pub mod crypto;
pub mod exception_classes;
pub mod inferred;
pub mod ip;
pub mod object;
pub mod ordering;
pub mod pairs;
pub mod resource_view;
pub mod shared;
pub mod version;

use std::rc::Rc;
use std::sync::Arc;

use confer_core::ruby_compat::{inspect_binary, inspect_str};
use confer_core::value::runtime::RuntimeObject;
use confer_core::{Regexp, Value};

use crate::value::pairs::Pairs;
use crate::value::shared::Shared;

/// A Ruby value.
#[derive(Debug, Clone)]
pub enum RValue {
    /// `nil`
    Nil,
    /// `true` / `false`
    Bool(bool),
    /// An Integer.
    Int(i64),
    /// A positive Integer beyond 64 bits, as `IPAddr#to_i` gives for IPv6
    /// and `hexdigest(x).hex` for a digest: it compares, prints, takes a
    /// remainder and seeds `Random` (`wide.rs`); anything else done with it
    /// is refused by name.
    Wide(Rc<num_bigint::BigUint>),
    /// A Float.
    Float(f64),
    /// A String.
    Str(Rc<str>),
    /// A Symbol.
    Sym(Rc<str>),
    /// A binary String (Ruby's ASCII-8BIT): bytes that are not UTF-8,
    /// from a digest or a decoding (`binary.rs`).
    Bytes(Rc<[u8]>),
    /// An Array: an object, shared and changed in place.
    Array(Rc<Shared<Vec<RValue>>>),
    /// A Hash, in insertion order: an object, shared and changed in place.
    Hash(Rc<Shared<Pairs>>),
    /// An inclusive integer range.
    Range(i64, i64),
    /// A range of strings (`'a'..'z'`).
    StrRange(Rc<crate::ranges::StrRange>),
    /// A Regexp.
    Regex(Arc<Regexp>),
    /// A class, by name (`Array`, `String`).
    Class(Rc<str>),
    /// The template's `scope`.
    Scope,
    /// The result of `match`: the groups, and their names.
    MatchData(Rc<Matched>),
    /// A Puppet value with no Ruby counterpart a template uses.
    Opaque(Rc<Value>),
    /// A block as a value: `lambda { }`, `proc { }`, `->(x) { }`.
    Proc(Rc<crate::ast::Block>),
    /// A resource of the catalog (`resources.rs`).
    Resource(Rc<crate::value::resource_view::ResourceView>),
    /// The catalog being compiled (`scope.catalog`).
    Catalog,
    /// An OpenSSL digest or HMAC (`openssl.rs`).
    Crypto(Rc<crate::value::crypto::Crypto>),
    /// A `Gem::Version`.
    GemVersion(Rc<crate::value::version::Version>),
    /// A Puppet type inferred from a value (`TypeCalculator.infer_set`).
    Inferred(Rc<crate::value::inferred::Inferred>),
    /// A `Random` generator, seeded (`random.rs`).
    Random(Rc<std::cell::RefCell<rand_mt::Mt>>),
    /// An exception object (`rescue => e`, `Puppet::Error.new(msg)`).
    Exception(Rc<Exception>),
    /// The Puppet lambda given to a function written in Ruby (its `&block`
    /// parameter), which the host calls.
    PuppetLambda,
    /// An `IPAddr`.
    IpAddr(Rc<crate::value::ip::Ip>),
    /// The Range of addresses `IPAddr#to_range` gives: its first and last.
    IpRange(Rc<(crate::value::ip::Ip, crate::value::ip::Ip)>),
    /// An object of a class the code defined.
    Object(Rc<crate::value::object::Object>),
}

/// A successful match (`MatchData`): each group's text, by number, and each
/// group's name, where the pattern names it.
#[derive(Debug, Clone, PartialEq)]
pub struct Matched {
    /// Group 0 is the whole match; `None` for a group that did not take part.
    pub groups: Vec<Option<String>>,
    /// The name of each group, by number.
    pub names: Vec<Option<String>>,
}

impl Matched {
    /// The match of `re` whose groups are `groups`.
    pub fn of(re: &Regexp, groups: Vec<Option<String>>) -> Matched {
        Matched { groups, names: re.group_names().unwrap_or_default() }
    }
}

impl std::ops::Deref for Matched {
    type Target = Vec<Option<String>>;
    fn deref(&self) -> &Self::Target {
        &self.groups
    }
}

/// The Ruby class of Puppet's `Sensitive` values.
pub const SENSITIVE: &str = "Puppet::Pops::Types::PSensitiveType::Sensitive";

/// A Ruby exception: its class and message.
#[derive(Debug, Clone, PartialEq)]
pub struct Exception {
    /// The class name (`Puppet::ParseError`).
    pub class: String,
    /// The message.
    pub message: String,
}

impl RValue {
    /// A String value.
    pub fn str(s: impl AsRef<str>) -> RValue {
        RValue::Str(Rc::from(s.as_ref()))
    }

    /// Whether both are the same Array, Hash or String object (not merely
    /// equal), which a change in place changes for both.
    pub fn same_object(&self, other: &RValue) -> bool {
        match (self, other) {
            (RValue::Array(a), RValue::Array(b)) => Rc::ptr_eq(a, b),
            (RValue::Hash(a), RValue::Hash(b)) => Rc::ptr_eq(a, b),
            (RValue::Str(a), RValue::Str(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// How many references hold this String (0 for other values): a
    /// String is a value, not a shared object, so a change in place must
    /// know who else holds it.
    pub fn holders(&self) -> usize {
        match self {
            RValue::Str(s) => Rc::strong_count(s),
            _ => 0,
        }
    }

    /// The identity of an Array's or Hash's object.
    pub fn object_id(&self) -> Option<*const ()> {
        match self {
            RValue::Array(a) => Some(Rc::as_ptr(a) as *const ()),
            RValue::Hash(h) => Some(Rc::as_ptr(h) as *const ()),
            _ => None,
        }
    }

    /// Ruby's truthiness: everything but `nil` and `false`.
    pub fn truthy(&self) -> bool {
        !matches!(self, RValue::Nil | RValue::Bool(false))
    }

    /// The Ruby class name.
    pub fn class_name(&self) -> &'static str {
        match self {
            RValue::Nil => "NilClass",
            RValue::Bool(true) => "TrueClass",
            RValue::Bool(false) => "FalseClass",
            RValue::Int(_) | RValue::Wide(_) => "Integer",
            RValue::Float(_) => "Float",
            RValue::Str(_) | RValue::Bytes(_) => "String",
            RValue::Sym(_) => "Symbol",
            RValue::Array(_) => "Array",
            RValue::Hash(_) => "Hash",
            RValue::Range(..) | RValue::StrRange(_) => "Range",
            RValue::Regex(_) => "Regexp",
            RValue::Class(_) => "Class",
            RValue::Scope => "Puppet::Parser::Scope",
            RValue::MatchData(_) => "MatchData",
            RValue::Opaque(v) if matches!(**v, Value::Sensitive(_)) => SENSITIVE,
            RValue::Opaque(_) | RValue::Object(_) => "Object",
            RValue::Proc(_) | RValue::PuppetLambda => "Proc",
            RValue::IpAddr(_) => "IPAddr",
            RValue::Random(_) => "Random",
            RValue::GemVersion(_) => "Gem::Version",
            RValue::Inferred(_) => "Puppet::Pops::Types::PAnyType",
            RValue::Resource(_) => "Puppet::Parser::Resource",
            RValue::Catalog => "Puppet::Resource::Catalog",
            RValue::Crypto(c) => c.class_name(),
            RValue::IpRange(_) => "Range",
            RValue::Exception(_) => "Exception",
        }
    }

    /// How Ruby's TypeError names the value in "no implicit conversion of
    /// X into Y": `nil`, `true` and `false` by themselves, others by class.
    pub fn conversion_name(&self) -> &'static str {
        match self {
            RValue::Nil => "nil",
            RValue::Bool(true) => "true",
            RValue::Bool(false) => "false",
            other => other.class_name(),
        }
    }

    /// How Ruby 3.1 (Puppet 7's) names the receiver in a NoMethodError:
    /// its `inspect` and its class (`"sweep":String`, `[1, 2]:Array`).
    pub fn describe(&self) -> String {
        match self {
            RValue::Exception(e) => format!("{}:{}", self.inspect(), e.class),
            RValue::Object(o) => format!("{}:{}", o.inspect(), o.class),
            other => format!("{}:{}", other.inspect(), other.class_name()),
        }
    }

    /// Whether the value is an instance of the class `name` (Ruby's `is_a?`).
    pub fn is_a(&self, name: &str) -> bool {
        let class = self.class_name();
        match name {
            "Object" | "BasicObject" | "Kernel" => true,
            "Numeric" | "Comparable" => {
                matches!(self, RValue::Int(_) | RValue::Float(_))
                    || name == "Comparable" && matches!(self, RValue::Str(_))
            }
            "Fixnum" | "Bignum" => matches!(self, RValue::Int(_) | RValue::Wide(_)),
            "Enumerable" => {
                matches!(self, RValue::Array(_) | RValue::Hash(_) | RValue::Range(..) | RValue::StrRange(_))
            }
            _ if matches!(self, RValue::Object(_)) => matches!(self, RValue::Object(o) if &*o.class == name),
            _ if matches!(self, RValue::Exception(_)) => match self {
                RValue::Exception(e) => crate::value::exception_classes::descends(&e.class, name),
                _ => false,
            },
            _ => class == name,
        }
    }

    /// Ruby's `to_s`.
    pub fn to_s(&self) -> String {
        match self {
            RValue::Nil => String::new(),
            RValue::Str(s) | RValue::Sym(s) | RValue::Class(s) => s.to_string(),
            RValue::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
            RValue::Int(i) => i.to_string(),
            RValue::Wide(i) => i.to_string(),
            RValue::Float(f) => confer_core::ruby_compat::float_to_s(*f),
            RValue::Bool(b) => b.to_string(),
            RValue::Regex(r) => format!("(?-mix:{})", confer_core::format::escape_slashes(r.source())),
            RValue::Opaque(v) => confer_core::value::to_s(v),
            RValue::MatchData(m) => m.first().cloned().flatten().unwrap_or_default(),
            RValue::Scope => "Scope()".into(),
            RValue::Exception(e) => e.message.clone(),
            RValue::IpAddr(ip) => ip.addr.to_string(),
            RValue::GemVersion(v) => v.text.clone(),
            RValue::Inferred(i) => i.ty.to_string(),
            _ => self.inspect(),
        }
    }

    /// Ruby's `inspect`.
    pub fn inspect(&self) -> String {
        match self {
            RValue::Nil => "nil".into(),
            RValue::Str(s) => inspect_str(s),
            RValue::Bytes(b) => inspect_binary(b),
            RValue::Sym(s) => {
                if s.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '?' || c == '!')
                    && !s.starts_with(|c: char| c.is_ascii_digit())
                    && !s.is_empty()
                {
                    format!(":{s}")
                } else {
                    format!(":{}", inspect_str(s))
                }
            }
            RValue::Array(items) => {
                format!("[{}]", items.borrow().iter().map(RValue::inspect).collect::<Vec<_>>().join(", "))
            }
            RValue::Hash(pairs) => format!(
                "{{{}}}",
                pairs
                    .borrow()
                    .iter()
                    .map(|(k, v)| format!("{}=>{}", k.inspect(), v.inspect()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            RValue::Range(a, b) => format!("{a}..{b}"),
            RValue::StrRange(r) => r.inspect(),
            RValue::Regex(r) => format!("/{}/", confer_core::format::escape_slashes(r.source())),
            RValue::MatchData(m) => {
                format!("#<MatchData {}>", inspect_str(&m.first().cloned().flatten().unwrap_or_default()))
            }
            RValue::Exception(e) => format!("#<{}: {}>", e.class, e.message),
            RValue::Random(_) => "#<Random>".into(),
            RValue::Resource(r) => format!("{}[{}]", r.type_name, r.title),
            RValue::Catalog => "#<Puppet::Resource::Catalog>".into(),
            RValue::Crypto(c) => format!("#<{}>", c.class_name()),
            RValue::GemVersion(v) => format!("#<Gem::Version {}>", inspect_str(&v.text)),
            RValue::Inferred(i) => i.ty.to_string(),
            RValue::Object(o) => o.inspect(),
            RValue::Proc(_) | RValue::PuppetLambda => "#<Proc:0x0000000000000000 (lambda)>".into(),
            RValue::IpAddr(ip) => ip.inspect(),
            RValue::IpRange(r) => format!("{}..{}", r.0.inspect(), r.1.inspect()),
            other => other.to_s(),
        }
    }

    /// Ruby's `==`.
    pub fn equals(&self, other: &RValue) -> bool {
        match (self, other) {
            (RValue::Nil, RValue::Nil) => true,
            (RValue::Bool(a), RValue::Bool(b)) => a == b,
            (RValue::Int(a), RValue::Int(b)) => a == b,
            (RValue::Wide(a), RValue::Wide(b)) => a == b,
            (RValue::GemVersion(a), RValue::GemVersion(b)) => a.compare(b).is_eq(),
            (RValue::Wide(_), RValue::Int(_)) | (RValue::Int(_), RValue::Wide(_)) => false,
            (RValue::Int(a), RValue::Float(b)) | (RValue::Float(b), RValue::Int(a)) => (*a as f64) == *b,
            (RValue::Float(a), RValue::Float(b)) => a == b,
            (RValue::Str(a), RValue::Str(b))
            | (RValue::Sym(a), RValue::Sym(b))
            | (RValue::Class(a), RValue::Class(b)) => a == b,
            (RValue::Array(a), RValue::Array(b)) => {
                let (a, b) = (a.borrow(), b.borrow());
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.equals(y))
            }
            (RValue::Hash(a), RValue::Hash(b)) => {
                let (a, b) = (a.borrow(), b.borrow());
                a.len() == b.len() && a.iter().all(|(k, v)| hash_get(&b, k).is_some_and(|w| w.equals(v)))
            }
            (RValue::Bytes(a), RValue::Bytes(b)) => a == b,
            (RValue::Bytes(a), RValue::Str(b)) | (RValue::Str(b), RValue::Bytes(a)) => **a == *b.as_bytes(),
            (RValue::Range(a, b), RValue::Range(c, d)) => a == c && b == d,
            (RValue::StrRange(a), RValue::StrRange(b)) => a == b,
            (RValue::Regex(a), RValue::Regex(b)) => a.source() == b.source(),
            (RValue::Opaque(a), RValue::Opaque(b)) => a == b,
            (RValue::IpAddr(a), RValue::IpAddr(b)) => a.addr == b.addr,
            _ => false,
        }
    }

    /// The elements of an Array, Hash (as pairs) or Range.
    pub fn elements(&self) -> Option<Vec<RValue>> {
        match self {
            RValue::Array(items) => Some(items.snapshot()),
            RValue::Hash(pairs) => {
                Some(pairs.borrow().iter().map(|(k, v)| RValue::array(vec![k.clone(), v.clone()])).collect())
            }
            RValue::Range(a, b) if b - a < 10_000_000 => Some((*a..=*b).map(RValue::Int).collect()),
            RValue::StrRange(r) => Some(r.expand(10_000_000)?.into_iter().map(RValue::str).collect()),
            _ => None,
        }
    }

    /// An Array value.
    pub fn array(items: Vec<RValue>) -> RValue {
        RValue::Array(Rc::new(Shared::new(items)))
    }

    /// A Hash value, from its pairs in insertion order (a repeated key
    /// takes its last value, at its first place).
    pub fn hash(pairs: Pairs) -> RValue {
        RValue::Hash(Rc::new(Shared::new(pairs)))
    }
}

/// The value of `key` in a Hash's pairs.
pub fn hash_get<'v>(pairs: &'v Pairs, key: &RValue) -> Option<&'v RValue> {
    pairs.get(key)
}

/// [`from_puppet`] keeping identity: a Puppet Array or Hash shared in
/// several places is one Ruby object, as Ruby sees it, for a dump that
/// anchors what occurs twice.
pub fn from_puppet_shared(v: &Value) -> RValue {
    fn convert(v: &Value, memo: &mut std::collections::HashMap<usize, RValue>) -> RValue {
        let id = match v {
            Value::Array(items) => std::sync::Arc::as_ptr(items) as *const () as usize,
            Value::Hash(map) => std::sync::Arc::as_ptr(map) as *const () as usize,
            other => return from_puppet(other),
        };
        if let Some(done) = memo.get(&id) {
            return done.clone();
        }
        let converted = match v {
            Value::Array(items) => RValue::array(items.iter().map(|i| convert(i, memo)).collect()),
            Value::Hash(map) => RValue::hash(map.iter().map(|(k, v)| (convert(k, memo), convert(v, memo))).collect()),
            other => from_puppet(other),
        };
        memo.insert(id, converted.clone());
        converted
    }
    convert(v, &mut std::collections::HashMap::new())
}

/// The Ruby form of a Puppet value, as Puppet hands variables to templates.
pub fn from_puppet(v: &Value) -> RValue {
    match v {
        Value::Undef => RValue::Nil,
        Value::Default => RValue::Sym(Rc::from("default")),
        Value::Boolean(b) => RValue::Bool(*b),
        Value::Integer(i) => RValue::Int(*i),
        Value::Float(f) => RValue::Float(*f),
        Value::String(s) => RValue::str(s.as_ref() as &str),
        Value::Array(items) => RValue::array(items.iter().map(from_puppet).collect()),
        Value::Hash(map) => RValue::hash(map.iter().map(|(k, v)| (from_puppet(k), from_puppet(v))).collect()),
        Value::Regexp(r) => RValue::Regex(r.clone()),
        Value::Runtime(r) if r.symbol_name().is_some() => RValue::Sym(Rc::from(r.text())),
        other => RValue::Opaque(Rc::new(other.clone())),
    }
}

/// The Puppet form of a Ruby value, for arguments of Puppet functions.
pub fn to_puppet(v: &RValue) -> Value {
    match v {
        RValue::Nil => Value::Undef,
        RValue::Bool(b) => Value::Boolean(*b),
        RValue::Int(i) => Value::Integer(*i),
        RValue::Float(f) => Value::Float(*f),
        RValue::Str(s) => Value::string(&**s),
        RValue::Sym(s) if &**s == "undef" => Value::Undef,
        RValue::Sym(s) if &**s == "default" => Value::Default,
        // Puppet keeps any other Symbol as the Ruby object it is
        // (`Runtime[ruby, 'Symbol']`).
        RValue::Sym(s) => Value::Runtime(Arc::new(RuntimeObject::symbol(&**s))),
        RValue::Array(items) => Value::array(items.borrow().iter().map(to_puppet).collect()),
        RValue::Hash(pairs) => {
            let pairs = pairs.borrow();
            let mut map = confer_core::HashMap::with_capacity(pairs.len());
            for (k, v) in pairs.iter() {
                map.insert(to_puppet(k), to_puppet(v));
            }
            Value::hash(map)
        }
        RValue::Regex(r) => Value::Regexp(r.clone()),
        RValue::Opaque(v) => (**v).clone(),
        RValue::Inferred(i) => Value::Type(i.ty.clone()),
        RValue::Resource(r) => Value::Runtime(Arc::new(RuntimeObject::Resource {
            type_name: r.type_name.as_str().into(),
            title: r.title.as_str().into(),
        })),
        other => Value::from(other.to_s()),
    }
}

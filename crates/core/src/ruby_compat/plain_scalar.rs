//! What Psych makes of a plain YAML scalar: the answer of the scalar rules
//! (`psych_scalar.rs`) and of the time rules they defer to (`psych_time.rs`).

/// What Psych makes of a plain scalar.
#[derive(Clone, Debug, PartialEq)]
pub enum PlainScalar<'a> {
    /// `nil`: empty, `~`, `null` in any case.
    Null,
    /// `true` or `false`: `yes`/`no`, `on`/`off`, `true`/`false` in any case.
    Boolean(bool),
    /// An Integer that fits 64 bits.
    Integer(i64),
    /// An Integer past 64 bits (a Ruby Bignum), which Puppet cannot hold.
    BigInteger,
    /// A Float, `.inf` and `.nan` included.
    Float(f64),
    /// A Symbol, by its name (`:a` is `a`, `:"a b"` is `a b`).
    Symbol(&'a str),
    /// A calendar date (`2001-12-14`), a Ruby `Date`.
    Date,
    /// A timestamp (`2001-12-14T21:59:43Z`), a Ruby `Time`.
    Time,
    /// The text itself.
    String,
    /// Text Psych takes for a number or a time but then fails on, raising
    /// out of the load: Ruby's message (`invalid value for Integer(): "0b"`).
    Unconvertible(String),
}

//! Ruby's behaviour where Puppet shows it: Puppet runs on Ruby, so how a
//! string is quoted in a message (`String#inspect`), how a float prints
//! (`Float#to_s`), what an Array looks like interpolated (`to_s`) and what
//! a plain YAML scalar means (Psych's YAML 1.1 rules) are Ruby's, in the
//! evaluator, the ERB and Ruby-function interpreter, Hiera, `confer check`
//! and the facts reader alike. Each is written once, here, and checked
//! against what Ruby prints (`scripts/regen-ruby-compat-goldens.rb` records
//! it in `tests/ruby_compat/`; `goldens.rs` reads it back).

mod float;
#[cfg(test)]
mod goldens;
mod plain_scalar;
mod psych_scalar;
mod psych_time;
mod string_inspect;
mod value_inspect;

pub use float::float_to_s;
pub use psych_scalar::{reads_back_as_string, tokenize, PlainScalar};
pub use string_inspect::{inspect_binary, inspect_str};
pub use value_inspect::{inspect, to_s};

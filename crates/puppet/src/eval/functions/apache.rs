//! The apache module's function that its templates call (Debian's
//! puppet-module-puppetlabs-apache), native: present only when a module
//! named `apache` is on the module path. `apache::bool2httpd` turns Puppet
//! booleans into httpd's `On`/`Off`.

use confer_core::{Regexp, Value};

use super::{Builtin, Call};
use crate::eval::flow::EvalResult;

/// The apache module's functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[Builtin::new("apache::bool2httpd", &["Any arg"], bool2httpd)];

/// `apache::bool2httpd(arg)`: `Off` for undef, false or a string containing
/// "false" (any case), `On` for true or a string containing "true", else the
/// value as a string — the module's Ruby, `arg =~ /false/i` matching only
/// strings.
fn bool2httpd(call: &mut Call<'_, '_>) -> EvalResult {
    let arg = call.args.first().cloned().unwrap_or(Value::Undef);
    let contains = |word: &str| match &arg {
        Value::String(s) => Regexp::new(&format!("(?i){word}")).is_ok_and(|r| r.is_match(s)),
        _ => false,
    };
    Ok(Value::from(match &arg {
        Value::Undef | Value::Boolean(false) => "Off".to_string(),
        _ if contains("false") => "Off".to_string(),
        Value::Boolean(true) => "On".to_string(),
        _ if contains("true") => "On".to_string(),
        other => ruby_to_s(other),
    }))
}

/// Ruby's `to_s` of a Puppet value handed to a Ruby function: arrays and
/// hashes print as Ruby's `inspect`, anything else as Puppet prints it.
fn ruby_to_s(v: &Value) -> String {
    confer_erb::RValue::to_s(&confer_erb::from_puppet(v))
}

//! stdlib's `has_interface_with`, `has_ip_address` and `has_ip_network`:
//! questions about the node's network interfaces, answered from its legacy
//! facts (`$interfaces`, `$ipaddress`, `$network_<iface>` …) as stdlib's
//! Ruby code asks them.

use confer_core::value::to_s;
use confer_core::Value;

use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call};

/// The interface functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("has_interface_with", -1, has_interface_with),
    Builtin::legacy("has_ip_address", -1, |call| by_fact(call, "ipaddress")),
    Builtin::legacy("has_ip_network", -1, |call| by_fact(call, "network")),
];

/// `has_ip_address(ip)` / `has_ip_network(net)`: `has_interface_with` of
/// the fact kind.
fn by_fact(call: &mut Call<'_, '_>, kind: &str) -> EvalResult {
    if call.args.len() != 1 {
        return Err(fail(
            call.span,
            format!("{}(): Wrong number of arguments given ({} for 1)", call.name, call.args.len()),
        ));
    }
    let value = call.args[0].clone();
    Ok(Value::Boolean(interface_with(call, Some((kind, &value)), None)))
}

/// `has_interface_with(name)` or `has_interface_with(kind, value)`.
fn has_interface_with(call: &mut Call<'_, '_>) -> EvalResult {
    let args = call.args.clone();
    match args.as_slice() {
        [name] => Ok(Value::Boolean(interface_with(call, None, Some(name)))),
        [kind, value] => Ok(Value::Boolean(interface_with(call, Some((&to_s(kind), value)), None))),
        _ => Err(fail(
            call.span,
            format!("has_interface_with(): Wrong number of arguments given ({} for 1 or 2)", args.len()),
        )),
    }
}

/// The answer: an interface named `name`, or one whose `<kind>_<iface>`
/// fact (or the plain `<kind>` fact) equals `value`.
fn interface_with(call: &mut Call<'_, '_>, kind_value: Option<(&str, &Value)>, name: Option<&Value>) -> bool {
    let interfaces = match call.host.variable("interfaces", call.scope) {
        None | Some(Value::Undef) => return false,
        Some(v) => to_s(&v),
    };
    let interfaces: Vec<&str> = interfaces.split(',').collect();
    if let Some(name) = name {
        return interfaces.iter().any(|i| Value::from(*i) == *name);
    }
    let Some((kind, value)) = kind_value else { return false };
    let fact = |call: &Call<'_, '_>, var: &str| call.host.variable(var, call.scope);
    if fact(call, kind).is_some_and(|f| f == *value) {
        return true;
    }
    interfaces.iter().any(|iface| fact(call, &format!("{kind}_{}", iface.to_lowercase())).is_some_and(|f| f == *value))
}

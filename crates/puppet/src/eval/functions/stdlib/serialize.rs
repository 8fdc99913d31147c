//! stdlib's `to_json`, `to_json_pretty` and `parsejson`: Puppet values to
//! and from JSON, through serde_json (whose compact and pretty output are
//! Ruby's `to_json` and `JSON.pretty_generate`).

use confer_core::value::to_s;
use confer_core::{HashMap, Value};
use serde_json::Value as Json;

use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call};

/// The JSON functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("to_json", &["Any data"], |call| to_json(call, false)),
    Builtin::new("to_json_pretty", &["Variant[Hash, Array] data, Optional[Boolean] skip_undef?"], |call| {
        to_json(call, true)
    }),
    Builtin::legacy("parsejson", -1, parsejson),
    Builtin::new("parsepson", &["String[1] pson_string, Any default?"], parsepson),
];

fn json(v: &Value, skip_undef: bool) -> Json {
    match v {
        Value::Undef => Json::Null,
        Value::Boolean(b) => Json::Bool(*b),
        Value::Integer(i) => Json::from(*i),
        Value::Float(f) => serde_json::Number::from_f64(*f).map_or(Json::Null, Json::Number),
        Value::String(s) => Json::String(s.to_string()),
        Value::Array(items) => {
            Json::Array(items.iter().filter(|i| !(skip_undef && i.is_undef())).map(|i| json(i, skip_undef)).collect())
        }
        Value::Hash(h) => Json::Object(
            h.iter()
                .filter(|(_, v)| !(skip_undef && v.is_undef()))
                .map(|(k, v)| (to_s(k), json(v, skip_undef)))
                .collect(),
        ),
        other => Json::String(to_s(other)),
    }
}

/// `to_json(data)` and, `pretty`, `to_json_pretty(data, skip_undef?)`.
fn to_json(call: &mut Call<'_, '_>, pretty: bool) -> EvalResult {
    let skip = matches!(call.args.get(1), Some(Value::Boolean(true)));
    let j = json(&call.args[0], skip);
    let text = if pretty { serde_json::to_string_pretty(&j) } else { serde_json::to_string(&j) };
    let text = text.map_err(|e| fail(call.span, e.to_string()))?;
    Ok(Value::from(if pretty { format!("{text}\n") } else { text }))
}

fn value(j: Json) -> Value {
    match j {
        Json::Null => Value::Undef,
        Json::Bool(b) => Value::Boolean(b),
        Json::Number(n) => n.as_i64().map_or_else(|| Value::Float(n.as_f64().unwrap_or(0.0)), Value::Integer),
        Json::String(s) => Value::from(s),
        Json::Array(items) => Value::array(items.into_iter().map(value).collect()),
        Json::Object(map) => Value::hash(map.into_iter().map(|(k, v)| (Value::from(k), value(v))).collect::<HashMap>()),
    }
}

/// JSON text as Puppet data, or the parser's complaint.
pub(super) fn parse_json(text: &str) -> Result<Value, String> {
    serde_json::from_str::<Json>(text).map(value).map_err(|e| e.to_string())
}

/// `parsepson(text, default?)`: PSON (Puppet's JSON) as data; the default,
/// when given, for text that is not PSON.
fn parsepson(call: &mut Call<'_, '_>) -> EvalResult {
    match confer_ruby::json_parse::parse_pson(&to_s(&call.args[0])) {
        Ok(j) => Ok(value(j)),
        Err(_) if call.args.len() > 1 => Ok(call.args[1].clone()),
        Err(e) => Err(fail(call.span, e.to_string())),
    }
}

/// `parsejson(text, default?)`: the data, or the default when the text is
/// not JSON.
fn parsejson(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.is_empty() {
        return Err(fail(call.span, "Wrong number of arguments. 1 or 2 arguments should be provided."));
    }
    // A 3.x function sees `undef` as '', which Ruby takes for true.
    let default = call.args.get(1).map(|d| if d.is_undef() { Value::from("") } else { d.clone() });
    // `Puppet::Util::Json.load(text) || default`, any error answered by the
    // default when there is one: Ruby's JSON reads only Strings, with its
    // own words for what does not read.
    let parsed = match &call.args[0] {
        Value::String(text) => confer_ruby::json_parse::parse(text).map(value).map_err(|e| e.to_string()),
        other => Err(format!("no implicit conversion of {} into String", super::super::ruby::conversion_name(other))),
    };
    match (parsed, default) {
        (Ok(Value::Undef | Value::Boolean(false)), Some(d)) => Ok(d),
        (Ok(v), _) => Ok(v),
        (Err(_), Some(d)) => Ok(d),
        (Err(e), None) => Err(fail(call.span, e)),
    }
}

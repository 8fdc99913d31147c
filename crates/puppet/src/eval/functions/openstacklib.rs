//! openstacklib's functions (Debian's puppet-module-openstacklib), native:
//! present only when a module named `openstacklib` is on the module path.
//! `is_service_default`, `normalize_ip_for_uri`, `inet6_prefix`,
//! `os_transport_url` and `os_database_connection` build the URLs and
//! defaults the OpenStack modules write into their configuration.

use std::net::IpAddr;

use confer_core::value::to_s;
use confer_core::{HashMap, Value};

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult, Flow};

/// openstacklib's functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("is_service_default", &["Any args*"], is_service_default),
    Builtin::new("normalize_ip_for_uri", &["Any args*"], normalize_ip_for_uri),
    Builtin::new("inet6_prefix", &["Any args*"], inet6_prefix),
    Builtin::new("os_transport_url", &["Any args*"], os_transport_url),
    Builtin::new("os_database_connection", &["Any args*"], os_database_connection),
];

fn error(call: &Call<'_, '_>, message: impl Into<String>) -> Flow {
    fail(call.span, message.into())
}

fn is_service_default(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(error(
            call,
            format!("is_service_default(): Wrong number of argumentsgiven ({} for 1)", call.args.len()),
        ));
    }
    Ok(Value::Boolean(call.args[0].as_str() == Some("<SERVICE DEFAULT>")))
}

/// Whether Ruby's `IPAddr.new(s)` reads `s` as an IPv6 address (with an
/// optional prefix length).
fn is_ipv6(s: &str) -> bool {
    let addr = s.split('/').next().unwrap_or(s);
    matches!(addr.parse::<IpAddr>(), Ok(IpAddr::V6(_)))
}

/// The arguments as openstacklib's functions take them: the first when it
/// is an array, else all; and whether one value was given.
fn addresses(args: &[Value]) -> (Vec<Value>, bool) {
    match args {
        [Value::Array(items), ..] => (items.to_vec(), items.len() == 1),
        other => (other.to_vec(), other.len() == 1),
    }
}

fn one_or_many(results: Vec<Value>, single: bool) -> Value {
    if single {
        results.into_iter().next().unwrap_or(Value::Undef)
    } else {
        Value::array(results)
    }
}

/// `normalize_ip_for_uri(ips)`: IPv6 addresses in brackets.
fn normalize_ip_for_uri(call: &mut Call<'_, '_>) -> EvalResult {
    Ok(normalize(&call.args))
}

fn normalize(args: &[Value]) -> Value {
    let (ips, single) = addresses(args);
    let out = ips
        .into_iter()
        .map(|ip| match ip.as_str() {
            Some(s) if is_ipv6(s) && !(s.contains('[') && s.contains(']')) => Value::from(format!("[{s}]")),
            _ => ip,
        })
        .collect();
    one_or_many(out, single)
}

/// `inet6_prefix(ips)`: IPv6 addresses as `inet6:[addr]`.
fn inet6_prefix(call: &mut Call<'_, '_>) -> EvalResult {
    let (ips, single) = addresses(&call.args);
    let out = ips
        .into_iter()
        .map(|ip| {
            let Some(s) = ip.as_str().filter(|s| !s.starts_with("inet6:")) else {
                return ip;
            };
            let parts: Vec<&str> = s.split([' ', '\t', '\n', '[', ']']).filter(|p| !p.is_empty()).collect();
            match parts.split_first() {
                Some((first, rest)) if is_ipv6(first) => Value::from(format!("inet6:[{first}]{}", rest.concat())),
                _ => ip,
            }
        })
        .collect();
    Ok(one_or_many(out, single))
}

/// Ruby's `ERB::Util.url_encode`.
fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The `user:password` part, when a user is given.
fn userinfo(v: &HashMap) -> Option<String> {
    let given = |k: &str| v.get(&Value::from(k)).filter(|x| !x.is_undef() && !to_s(x).is_empty()).map(to_s);
    let user = given("username")?;
    Some(match given("password") {
        Some(p) => format!("{}:{}", url_encode(&user), url_encode(&p)),
        None => url_encode(&user),
    })
}

/// `os_transport_url({transport, host(s), port, username, password,
/// virtual_host, ssl, query})`: an oslo.messaging transport URL.
fn os_transport_url(call: &mut Call<'_, '_>) -> EvalResult {
    let [Value::Hash(raw)] = call.args.as_slice() else {
        return Err(match call.args.as_slice() {
            [other] => error(call, format!("os_transport_url(): Requires an hash, got {}", super::ruby::class(other))),
            _ => error(call, "os_transport_url(): Wrong number of arguments"),
        });
    };
    let mut v = HashMap::new();
    for (k, val) in raw.iter() {
        let key = to_s(k);
        let val = if key == "port" { Value::from(to_s(val)) } else { val.clone() };
        let (ok, class) = match key.as_str() {
            "hosts" => (matches!(val, Value::Array(_)), "Array"),
            "query" => (matches!(val, Value::Hash(_)), "Hash"),
            _ => (matches!(val, Value::String(_)), "String"),
        };
        if !ok && !val.is_undef() {
            return Err(error(call, format!("os_transport_url(): {key} should be a {class}")));
        }
        v.insert(Value::from(key), val);
    }
    let has = |k: &str| v.contains_key(&Value::from(k));
    let get = |k: &str| v.get(&Value::from(k)).cloned().unwrap_or(Value::Undef);
    if !has("transport") {
        return Err(error(call, "os_transport_url(): transport is required"));
    }
    if !has("host") && !has("hosts") {
        return Err(error(call, "os_transport_url(): host or hosts is required"));
    }
    if has("host") && has("hosts") {
        return Err(error(call, "os_transport_url(): cannot use both host and hosts."));
    }
    let user = userinfo(&v);
    let port = has("port").then(|| to_s(&get("port")));
    let mut hostinfo = "localhost".to_string();
    if has("host") {
        let mut host = to_s(&normalize(&[get("host")]));
        if let Some(p) = &port {
            host = format!("{host}:{p}");
        }
        hostinfo = match &user {
            Some(u) => format!("{u}@{host}"),
            None => host,
        };
    }
    if has("hosts") {
        let hosts = match normalize(&[get("hosts")]) {
            Value::Array(items) => items.iter().map(to_s).collect::<Vec<_>>(),
            other => vec![to_s(&other)],
        };
        let hosts: Vec<String> = hosts
            .into_iter()
            .map(|h| match &port {
                Some(p) => format!("{h}:{p}"),
                None => h,
            })
            .map(|h| match &user {
                Some(u) => format!("{u}@{h}"),
                None => h,
            })
            .collect();
        hostinfo = hosts.join(",");
    }
    let path = if has("virtual_host") { format!("/{}", to_s(&get("virtual_host"))) } else { "/".to_string() };
    let mut query: Vec<(String, String)> = match get("query") {
        Value::Hash(h) => h.iter().map(|(k, v)| (to_s(k), to_s(v))).collect(),
        _ => Vec::new(),
    };
    if has("ssl") {
        let ssl = match get("ssl") {
            Value::Boolean(b) => b,
            Value::String(s) => match s.to_lowercase().as_str() {
                "" | "0" | "f" | "n" | "false" | "no" => false,
                "1" | "t" | "y" | "true" | "yes" => true,
                _ if matches!(&*s, "undef" | "undefined") => false,
                _ => return Err(error(call, "os_transport_url _str2bool(): Unknown type of boolean given")),
            },
            _ => return Err(error(call, "str2bool(): Requires string to work with")),
        };
        query.retain(|(k, _)| k != "ssl");
        query.push(("ssl".to_string(), if ssl { "1" } else { "0" }.to_string()));
    }
    let mut url = format!("{}://{hostinfo}{path}", to_s(&get("transport")));
    if !query.is_empty() {
        url.push('?');
        url.push_str(&query.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&"));
    }
    Ok(Value::from(url))
}

/// `os_database_connection({dialect, host, port, database, username,
/// password, charset, extra})`: an SQLAlchemy database URL.
fn os_database_connection(call: &mut Call<'_, '_>) -> EvalResult {
    let [Value::Hash(v)] = call.args.as_slice() else {
        return Err(match call.args.as_slice() {
            [other] => {
                error(call, format!("os_database_connection(): Requires an hash, got {}", super::ruby::class(other)))
            }
            args => {
                error(call, format!("os_database_connection(): Wrong number of arguments given ({} for 1)", args.len()))
            }
        });
    };
    for (k, val) in v.iter() {
        let key = to_s(k);
        let (ok, class) = if key == "extra" {
            (matches!(val, Value::Hash(_)), "Hash")
        } else {
            (matches!(val, Value::String(_)), "String")
        };
        if !ok && !val.is_undef() {
            return Err(error(call, format!("os_database_connection(): {key} should be a {class}")));
        }
    }
    let has = |k: &str| v.contains_key(&Value::from(k));
    let get = |k: &str| v.get(&Value::from(k)).map(to_s).unwrap_or_default();
    if !has("dialect") {
        return Err(error(call, "os_database_connection(): dialect is required"));
    }
    if !has("database") {
        return Err(error(call, "os_database_connection(): database is required"));
    }
    if has("port") && !has("host") {
        return Err(error(call, "os_database_connection(): host is required with port"));
    }
    let mut query: Vec<(String, String)> = match v.get(&Value::from("extra")) {
        Some(Value::Hash(h)) => h.iter().map(|(k, v)| (to_s(k), to_s(v))).collect(),
        _ => Vec::new(),
    };
    if has("charset") {
        query.retain(|(k, _)| k != "charset");
        query.push(("charset".to_string(), get("charset")));
    }
    let mut url = format!("{}:", get("dialect"));
    if has("host") {
        url.push_str("//");
        if let Some(u) = userinfo(v) {
            url.push_str(&u);
            url.push('@');
        }
        url.push_str(&get("host"));
        if has("port") {
            let port: i64 =
                get("port").trim().chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap_or(0);
            url.push_str(&format!(":{port}"));
        }
        url.push_str(&format!("/{}", get("database")));
    } else {
        url.push_str(&format!("///{}", get("database")));
    }
    if !query.is_empty() {
        url.push('?');
        url.push_str(&query.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&"));
    }
    Ok(Value::from(url))
}

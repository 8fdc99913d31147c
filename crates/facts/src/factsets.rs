//! PuppetDB's `factsets`: the nodes and facts its query API
//! (`/pdb/query/v4/factsets`) answers and an export of it holds, as a JSON
//! array of `{"certname": NAME, "facts": FACTS, …}`. FACTS is the API's
//! `{"data": [{"name": N, "value": V}, …], "href": …}` when the query
//! expanded it, or a plain map of fact names to values.

use confer_core::{HashMap, Value};
use saphyr::{MarkedYamlOwned, YamlDataOwned};

use crate::yaml_value::to_value;
use crate::{Facts, FactsError};

/// Each element's node; `shape` makes the error for an element that is
/// not a factset, located at it.
pub(crate) fn nodes(
    items: &[MarkedYamlOwned],
    shape: &dyn Fn(Option<&MarkedYamlOwned>, &str) -> FactsError,
) -> Result<Vec<Facts>, FactsError> {
    items.iter().map(|item| node(item, shape)).collect()
}

fn node(
    item: &MarkedYamlOwned,
    shape: &dyn Fn(Option<&MarkedYamlOwned>, &str) -> FactsError,
) -> Result<Facts, FactsError> {
    let not_a_factset = || shape(Some(item), "a factset needs a string 'certname' and 'facts'");
    let YamlDataOwned::Mapping(map) = &item.data else { return Err(not_a_factset()) };
    let field = |name: &str| map.iter().find(|(k, _)| to_value(k).as_str() == Some(name)).map(|(_, v)| v);
    let name = field("certname").map(to_value).and_then(|v| v.as_str().map(str::to_string));
    let (Some(name), Some(node)) = (name, field("facts")) else { return Err(not_a_factset()) };
    let values = match to_value(node) {
        Value::Hash(facts) => match facts.get(&Value::from("data")) {
            Some(Value::Array(data)) => {
                pairs(data).ok_or_else(|| shape(Some(node), "'facts.data' holds {\"name\", \"value\"} pairs"))?
            }
            _ => Value::Hash(facts),
        },
        _ => return Err(shape(Some(node), "'facts' is a map or {\"data\": [...]}")),
    };
    Ok(Facts { name, values })
}

/// `[{"name": N, "value": V}, …]` as the hash `{N => V, …}`.
fn pairs(data: &[Value]) -> Option<Value> {
    let mut facts = HashMap::new();
    for pair in data {
        let Value::Hash(pair) = pair else { return None };
        let name = pair.get(&Value::from("name"))?.clone();
        facts.insert(name, pair.get(&Value::from("value")).cloned().unwrap_or(Value::Undef));
    }
    Some(Value::hash(facts))
}

#[cfg(test)]
mod tests {
    use confer_core::value::to_s;

    fn fact(facts: &crate::Facts, name: &str) -> String {
        facts.get(name).map(to_s).unwrap_or_default()
    }

    #[test]
    fn an_export_gives_each_node_with_expanded_or_plain_facts() {
        let text = r#"[{"certname": "a.example.com", "facts": {"data": [{"name": "role", "value": "web"}], "href": "/x"}},
                       {"certname": "b.example.com", "facts": {"role": "db"}}]"#;
        let nodes = crate::parse::parse_all(text, "export.json", true).unwrap();
        assert_eq!(nodes.len(), 2);
        assert_eq!((nodes[0].name.as_str(), fact(&nodes[0], "role").as_str()), ("a.example.com", "web"));
        assert_eq!((nodes[1].name.as_str(), fact(&nodes[1], "role").as_str()), ("b.example.com", "db"));
    }

    #[test]
    fn an_element_without_certname_is_refused_naming_the_file() {
        let err = crate::parse::parse_all("[\n {\"facts\": {}}\n]", "export.json", true).unwrap_err().to_string();
        assert!(err.starts_with("export.json:"), "{err}");
        assert!(err.ends_with(": a factset needs a string 'certname' and 'facts'"), "{err}");
    }
}

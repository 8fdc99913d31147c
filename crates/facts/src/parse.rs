//! Facts documents into values. JSON is read by the YAML parser (JSON is
//! YAML 1.2), so one parser gives line and column for both formats. As
//! Puppet chooses the reader by the file's name, a `.json` file's scalars
//! are JSON's and any other file's are Psych's (YAML 1.1: `yes` is true,
//! `0644` octal; `confer_core::ruby_compat::tokenize`).

use confer_core::{HashMap, Value};
use saphyr::{MarkedYamlOwned, YamlDataOwned, YamlLoader};
use saphyr_parser::{Parser, ScanError};

use crate::yaml_value::to_value;
use crate::{Facts, FactsError};

/// The tag Puppet writes on its cached facts (`puppet facts` terminus yaml).
const PUPPET_FACTS_TAG: &str = "ruby/object:Puppet::Node::Facts";

pub(crate) fn parse(text: &str, file: &str) -> Result<Facts, FactsError> {
    let mut nodes = parse_all(text, file, false)?;
    Ok(nodes.remove(0))
}

/// The nodes of a facts file: one, or with `exports` allowed, each of a
/// PuppetDB `factsets` export (a JSON array, [`crate::factsets`]).
pub(crate) fn parse_all(text: &str, file: &str, exports: bool) -> Result<Vec<Facts>, FactsError> {
    let docs = documents(text, file, file.ends_with(".json"))?;
    facts_of(&docs, file, exports)
}

/// The factsets of an answer of PuppetDB's query API: JSON, an array.
pub(crate) fn parse_factsets(text: &str, source: &str) -> Result<Vec<Facts>, FactsError> {
    let docs = documents(text, source, true)?;
    match docs.first().map(|d| &d.data) {
        Some(YamlDataOwned::Sequence(_)) => facts_of(&docs, source, true),
        _ => Err(FactsError::Shape {
            file: source.to_string(),
            line: 1,
            column: 1,
            message: "expected a JSON array of factsets".to_string(),
        }),
    }
}

/// The documents of `text`, refused when its aliases would expand too far.
fn documents(text: &str, file: &str, json: bool) -> Result<Vec<MarkedYamlOwned>, FactsError> {
    confer_hiera::yaml_aliases::check(text).map_err(|(line, column)| FactsError::Aliases {
        file: file.to_string(),
        line,
        column,
        limit: confer_hiera::yaml_aliases::MAX_ALIASED_NODES,
    })?;
    load(text, json).map_err(|e| FactsError::Syntax {
        file: file.to_string(),
        line: e.marker().line(),
        column: e.marker().col() + 1,
        message: e.info().to_string(),
    })
}

/// The nodes of parsed documents, as [`parse_all`] describes them.
fn facts_of(docs: &[MarkedYamlOwned], file: &str, exports: bool) -> Result<Vec<Facts>, FactsError> {
    let shape = |node: Option<&MarkedYamlOwned>, message: &str| {
        let (line, column) = node.map_or((1, 1), |n| (n.span.start.line().max(1), n.span.start.col() + 1));
        FactsError::Shape { file: file.to_string(), line, column, message: message.to_string() }
    };
    let doc = docs.first().ok_or_else(|| shape(None, "the file holds no facts"))?;
    if let (true, YamlDataOwned::Sequence(items)) = (exports, &doc.data) {
        return crate::factsets::nodes(items, &shape);
    }
    let (is_puppet, body) = match &doc.data {
        YamlDataOwned::Tagged(tag, inner) => (tag.suffix == PUPPET_FACTS_TAG, &**inner),
        _ => (false, doc),
    };
    let value = to_value(body);
    let Value::Hash(map) = &value else {
        return Err(shape(Some(body), "expected a mapping of fact names to values"));
    };
    if is_puppet {
        let name = map.get(&Value::from("name")).and_then(Value::as_str).map(str::to_string);
        let values = map.get(&Value::from("values")).cloned();
        return match (name, values) {
            (Some(name), Some(values @ Value::Hash(_))) => Ok(vec![Facts { name, values }]),
            _ => Err(shape(Some(body), "a Puppet::Node::Facts document needs a string 'name' and a mapping 'values'")),
        };
    }
    let name = ["clientcert", "fqdn"]
        .iter()
        .find_map(|k| map.get(&Value::from(*k)).and_then(Value::as_str))
        .or_else(|| networking_fqdn(map))
        .unwrap_or_default()
        .to_string();
    Ok(vec![Facts { name, values: value.clone() }])
}

/// The documents of `text`, their scalars resolved by the JSON (YAML 1.2
/// core) rules or left as written for [`to_value`] to read as Psych does.
fn load(text: &str, json: bool) -> Result<Vec<MarkedYamlOwned>, ScanError> {
    let mut loader = YamlLoader::<MarkedYamlOwned>::default();
    loader.early_parse(json);
    Parser::new_from_str(text).load(&mut loader, true)?;
    Ok(loader.into_documents())
}

fn networking_fqdn(map: &HashMap) -> Option<&str> {
    match map.get(&Value::from("networking"))? {
        Value::Hash(net) => net.get(&Value::from("fqdn")).and_then(Value::as_str),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use confer_core::value::to_s;

    fn fact<'f>(facts: &'f Facts, path: &[&str]) -> &'f Value {
        let mut v = &facts.values;
        for p in path {
            v = match v {
                Value::Hash(m) => m.get(&Value::from(*p)).unwrap_or(&Value::Undef),
                _ => &Value::Undef,
            };
        }
        v
    }

    #[test]
    fn puppet_cache_gives_name_and_values() {
        let text = include_str!("../tests/samples/puppet-cache.yaml");
        let facts = parse(text, "node.yaml").unwrap();
        assert_eq!(facts.name, "web01.example.com");
        assert_eq!(to_s(fact(&facts, &["os", "family"])), "Debian");
        assert_eq!(to_s(fact(&facts, &["os", "release", "major"])), "12");
    }

    #[test]
    fn facter_yaml_and_json_read_alike() {
        let yaml = parse(include_str!("../tests/samples/facter.yaml"), "f.yaml").unwrap();
        let json = parse(include_str!("../tests/samples/facter.json"), "f.json").unwrap();
        assert_eq!(yaml.name, "vm");
        for path in [&["os"][..], &["networking"], &["identity"]] {
            assert_eq!(to_s(fact(&yaml, path)), to_s(fact(&json, path)));
        }
        assert_eq!(to_s(fact(&json, &["os", "release", "full"])), "12.11");
        assert!(matches!(fact(&json, &["processors", "count"]), Value::Integer(2)));
    }

    #[test]
    fn syntax_errors_name_file_line_and_column() {
        let err = parse("a: 1\nb: [1, 2\n", "bad.yaml").unwrap_err();
        let FactsError::Syntax { file, line, .. } = &err else { panic!("{err}") };
        assert_eq!((file.as_str(), *line), ("bad.yaml", 3));
    }

    #[test]
    fn a_billion_laughs_is_refused_where_its_aliases_pass_the_limit() {
        let mut text = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for i in 1..9 {
            let p = i - 1;
            text.push_str(&format!("a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"));
        }
        let e = parse(&text, "bomb.yaml").expect_err("refused");
        assert!(matches!(e, FactsError::Aliases { line: 6, .. }), "{e}");
    }

    #[test]
    fn a_list_is_not_facts() {
        let err = parse("- 1\n- 2\n", "list.yaml").unwrap_err();
        assert!(err.to_string().starts_with("list.yaml:1:1: expected a mapping"), "{err}");
    }

    #[test]
    fn a_puppet_document_without_values_is_refused() {
        let err = parse("--- !ruby/object:Puppet::Node::Facts\nname: n\n", "n.yaml").unwrap_err();
        assert!(err.to_string().contains("needs a string 'name' and a mapping 'values'"), "{err}");
    }
}

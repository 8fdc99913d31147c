//! `--explain`: the tree of what a lookup searched, printed as Puppet's
//! `Explainer` prints it (a merge of one branch prints only that branch;
//! a node's outcome comes after its branches).

use confer_core::Value;

/// What a node of the tree stands for.
#[derive(Debug)]
pub enum Kind {
    /// `Searching for "key"`.
    Top(String),
    /// A data provider: a layer or a hierarchy entry, with its configuration.
    Provider(String, Option<String>),
    /// A merge of several variants.
    Merge(String, Option<Value>),
    /// A data file, with the path as written in `hiera.yaml`.
    Location(String, String),
    /// `Interpolation on "…"`.
    Interpolate(String),
    /// `Invalid key "lookup_options"`.
    InvalidKey(String),
    /// `Using merge options from "lookup_options" hash`.
    MergeSource,
    /// A variable read from the scope (`Global Scope`).
    Scope(String),
    /// `Sub key: "a.b"`: digging into a variable's value.
    SubKey(String),
    /// One step of a sub key.
    Segment,
}

/// The outcome recorded on a node.
#[derive(Debug)]
pub enum Outcome {
    /// `Found key: "k" value: v`.
    Found(String, Value),
    /// `No such key: "k"`.
    NotFound(String),
    /// `Merged result: v`.
    Result(Value),
    /// `Path not found`.
    LocationNotFound,
}

#[derive(Debug)]
struct Node {
    kind: Kind,
    branches: Vec<usize>,
    outcome: Option<Outcome>,
}

/// A lookup's explanation, built while it runs.
#[derive(Debug, Default)]
pub struct Explainer {
    nodes: Vec<Node>,
    roots: Vec<usize>,
    stack: Vec<usize>,
}

impl Explainer {
    /// Opens a node under the current one.
    pub fn push(&mut self, kind: Kind) {
        let id = self.nodes.len();
        self.nodes.push(Node { kind, branches: Vec::new(), outcome: None });
        match self.stack.last() {
            Some(&parent) => self.nodes[parent].branches.push(id),
            None => self.roots.push(id),
        }
        self.stack.push(id);
    }

    /// Closes the current node.
    pub fn pop(&mut self) {
        self.stack.pop();
    }

    /// Records the current node's outcome.
    pub fn outcome(&mut self, outcome: Outcome) {
        if let Some(&id) = self.stack.last() {
            self.nodes[id].outcome = Some(outcome);
        }
    }

    /// The explanation as Puppet prints it.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for &r in &self.roots {
            self.dump(&mut out, r, "", "");
        }
        out
    }

    fn dump(&self, out: &mut String, id: usize, indent: &str, first: &str) {
        let node = &self.nodes[id];
        let inner = format!("{indent}  ");
        match &node.kind {
            Kind::Top(key) => {
                out.push_str(&format!("{first}Searching for \"{key}\"\n"));
                for &b in &node.branches {
                    self.dump(out, b, &inner, &inner);
                }
            }
            Kind::InvalidKey(key) => out.push_str(&format!("{first}Invalid key \"{key}\"\n")),
            Kind::MergeSource => out.push_str(&format!("{first}Using merge options from \"lookup_options\" hash\n")),
            Kind::Scope(name) => {
                out.push_str(&format!("{indent}{name}\n"));
                for &b in &node.branches {
                    self.dump(out, b, &inner, &inner);
                }
                self.dump_outcome(out, node, &inner);
            }
            Kind::SubKey(key) => {
                out.push_str(&format!("{indent}Sub key: \"{key}\"\n"));
                for &b in &node.branches {
                    self.dump(out, b, &inner, &inner);
                }
                self.dump_outcome(out, node, &inner);
            }
            Kind::Segment => self.dump_outcome(out, node, indent),
            Kind::Provider(name, config) => {
                out.push_str(&format!("{first}{name}\n"));
                if let Some(c) = config {
                    out.push_str(&format!("{inner}Using configuration \"{c}\"\n"));
                }
                for &b in &node.branches {
                    self.dump(out, b, &inner, &inner);
                }
                self.dump_outcome(out, node, &inner);
            }
            Kind::Merge(strategy, options) => match node.branches.len() {
                0 => {}
                1 => self.dump(out, node.branches[0], indent, first),
                _ => {
                    out.push_str(&format!("{first}Merge strategy {strategy}\n"));
                    if let Some(o) = options {
                        out.push_str(&format!("{inner}Options: {}\n", dump_value(o, &inner)));
                    }
                    for &b in &node.branches {
                        self.dump(out, b, &inner, &inner);
                    }
                    if let Some(Outcome::Result(v)) = &node.outcome {
                        out.push_str(&format!("{inner}Merged result: {}\n", dump_value(v, &inner)));
                    }
                }
            },
            Kind::Location(path, original) => {
                out.push_str(&format!("{indent}Path \"{path}\"\n"));
                out.push_str(&format!("{inner}Original path: \"{original}\"\n"));
                for &b in &node.branches {
                    self.dump(out, b, &inner, &inner);
                }
                if matches!(node.outcome, Some(Outcome::LocationNotFound)) {
                    out.push_str(&format!("{inner}Path not found\n"));
                }
                self.dump_outcome(out, node, &inner);
            }
            Kind::Interpolate(expr) => {
                out.push_str(&format!("{first}Interpolation on \"{expr}\"\n"));
                for &b in &node.branches {
                    self.dump(out, b, &inner, &inner);
                }
            }
        }
    }

    /// The explanation as Puppet's `--explain --render-as json` prints it
    /// (`to_hash` of each node; a merge of one branch is that branch).
    pub fn to_json(&self) -> String {
        let roots: Vec<String> = self.roots.iter().map(|&r| self.node_json(r)).collect();
        format!("{{\"branches\":[{}]}}", roots.join(","))
    }

    fn node_json(&self, id: usize) -> String {
        use crate::json::{string, to_json};
        let node = &self.nodes[id];
        if let (Kind::Merge(..), 1) = (&node.kind, node.branches.len()) {
            return self.node_json(node.branches[0]);
        }
        let mut fields = Vec::new();
        if !node.branches.is_empty() {
            let b: Vec<String> = node.branches.iter().map(|&b| self.node_json(b)).collect();
            fields.push(format!("\"branches\":[{}]", b.join(",")));
        }
        match &node.outcome {
            Some(Outcome::Found(k, v)) => {
                fields.push(format!("\"key\":{},\"value\":{},\"event\":\"found\"", string(k), to_json(v)))
            }
            Some(Outcome::NotFound(k)) => fields.push(format!("\"key\":{},\"event\":\"not_found\"", string(k))),
            Some(Outcome::Result(v)) => fields.push(format!("\"value\":{},\"event\":\"result\"", to_json(v))),
            Some(Outcome::LocationNotFound) => fields.push("\"event\":\"location_not_found\"".into()),
            None => {}
        }
        match &node.kind {
            Kind::Top(key) => fields
                .insert(usize::from(!node.branches.is_empty()), format!("\"key\":{},\"type\":\"root\"", string(key))),
            Kind::InvalidKey(key) => fields.push(format!("\"key\":{},\"type\":\"invalid_key\"", string(key))),
            Kind::Provider(name, config) => {
                fields.push(format!("\"type\":\"data_provider\",\"name\":{}", string(name)));
                if let Some(c) = config {
                    fields.push(format!("\"configuration_path\":{}", string(c)));
                }
            }
            Kind::Merge(strategy, options) => {
                fields.push(format!("\"type\":\"merge\",\"merge\":{}", string(strategy)));
                if let Some(o) = options {
                    fields.push(format!("\"options\":{}", to_json(o)));
                }
            }
            Kind::Location(path, original) => fields.push(format!(
                "\"type\":\"path\",\"original_path\":{},\"path\":{}",
                string(original),
                string(path)
            )),
            Kind::Interpolate(expr) => fields.push(format!("\"type\":\"interpolate\",\"expression\":{}", string(expr))),
            Kind::MergeSource => fields.push("\"type\":\"merge_source\",\"merge_source\":\"lookup_options\"".into()),
            Kind::Scope(name) => fields.push(format!("\"type\":\"scope\",\"name\":{}", string(name))),
            Kind::SubKey(_) => fields.push("\"type\":\"sub_key\"".into()),
            Kind::Segment => fields.push("\"type\":\"segment\"".into()),
        }
        format!("{{{}}}", fields.join(","))
    }

    fn dump_outcome(&self, out: &mut String, node: &Node, indent: &str) {
        match &node.outcome {
            Some(Outcome::NotFound(key)) => out.push_str(&format!("{indent}No such key: \"{key}\"\n")),
            Some(Outcome::Found(key, v)) => {
                out.push_str(&format!("{indent}Found key: \"{key}\" value: {}\n", dump_value(v, indent)))
            }
            _ => {}
        }
    }
}

/// Puppet's `dump_value`: hashes and arrays one entry a line, scalars as
/// Ruby's `inspect` shows them.
pub fn dump_value(v: &Value, indent: &str) -> String {
    let inner = format!("{indent}  ");
    match v {
        Value::Hash(h) if !h.is_empty() => {
            let items: Vec<String> = h
                .iter()
                .map(|(k, v)| format!("{inner}{} => {}", dump_value(k, &inner), dump_value(v, &inner)))
                .collect();
            format!("{{\n{}\n{indent}}}", items.join(",\n"))
        }
        Value::Array(a) if !a.is_empty() => {
            let items: Vec<String> = a.iter().map(|v| format!("{inner}{}", dump_value(v, &inner))).collect();
            format!("[\n{}\n{indent}]", items.join(",\n"))
        }
        other => confer_core::ruby_compat::inspect(other),
    }
}

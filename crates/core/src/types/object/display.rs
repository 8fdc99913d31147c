//! How object types print: Puppet's `TypeFormatter#append_object_hash` over
//! the type's `_pcore_init_hash` (`Object[{name => 'T', parent => P,
//! attributes => {'a' => Integer, 'b' => {type => Integer, value => 3}}}]`),
//! and `MyType['x']` for parameterised ones.

use super::{Attribute, ObjectExtension, ObjectType};
use crate::types::display::{value_repr, TypeFormatter};
use crate::types::Type;
use crate::value::{puppet_quote, Value};

/// One member's features as `key => value` pairs (Puppet's member
/// `_pcore_init_hash`); a member with only a type prints as that type.
fn member(f: &mut TypeFormatter, ty: &Type, extra: Vec<(&str, String)>) -> String {
    let ty = f.string(ty);
    if extra.is_empty() {
        return ty;
    }
    let mut parts = vec![format!("type => {ty}")];
    parts.extend(extra.into_iter().map(|(k, v)| format!("{k} => {v}")));
    format!("{{{}}}", parts.join(", "))
}

fn attribute(f: &mut TypeFormatter, a: &Attribute) -> String {
    let mut extra = Vec::new();
    let constant = a.kind == Some(super::AttributeKind::Constant);
    if a.is_final && !constant {
        extra.push(("final", "true".to_string()));
    }
    if a.is_override {
        extra.push(("override", "true".to_string()));
    }
    if let Some(ann) = &a.annotations {
        extra.push(("annotations", value_repr(ann)));
    }
    if let Some(k) = a.kind {
        extra.push(("kind", k.name().to_string()));
    }
    if let Some(v) = &a.value {
        extra.push(("value", value_repr(v)));
    }
    member(f, &a.ty, extra)
}

/// Whether a constant prints among `constants` (its type is its value's
/// generalised type) rather than among the attributes.
fn plain_constant(a: &Attribute) -> bool {
    a.kind == Some(super::AttributeKind::Constant)
        && a.value.as_ref().is_some_and(|v| crate::types::infer::infer_generalized(v) == a.ty)
}

impl TypeFormatter {
    /// `Object[{...}]`: the full declaration.
    pub(crate) fn object_hash(&mut self, o: &ObjectType) -> String {
        let saved = std::mem::replace(&mut self.expand, false);
        let mut entries: Vec<String> = Vec::new();
        if let Some(ann) = &o.annotations {
            entries.push(format!("annotations => {}", value_repr(ann)));
        }
        if let Some(n) = &o.name {
            entries.push(format!("name => {}", puppet_quote(n)));
        }
        if let Some(p) = &o.parent {
            entries.push(format!("parent => {}", self.string(p)));
        }
        if !o.type_parameters.is_empty() {
            let ps: Vec<String> = o
                .type_parameters
                .iter()
                .map(|p| {
                    let shown = match &p.spec {
                        Value::Type(t) => self.string(t),
                        other => value_repr(other),
                    };
                    format!("{} => {shown}", puppet_quote(&p.name))
                })
                .collect();
            entries.push(format!("type_parameters => {{{}}}", ps.join(", ")));
        }
        let (constants, others): (Vec<&Attribute>, Vec<&Attribute>) =
            o.attributes.iter().partition(|a| plain_constant(a));
        if !others.is_empty() {
            let attrs: Vec<String> =
                others.iter().map(|a| format!("{} => {}", puppet_quote(&a.name), attribute(self, a))).collect();
            entries.push(format!("attributes => {{{}}}", attrs.join(", ")));
        }
        if !constants.is_empty() {
            let cs: Vec<String> = constants
                .iter()
                .map(|a| {
                    format!("{} => {}", puppet_quote(&a.name), value_repr(a.value.as_ref().unwrap_or(&Value::Undef)))
                })
                .collect();
            entries.push(format!("constants => {{{}}}", cs.join(", ")));
        }
        if !o.functions.is_empty() {
            let fs: Vec<String> = o
                .functions
                .iter()
                .map(|func| {
                    let mut extra = Vec::new();
                    if func.is_final {
                        extra.push(("final", "true".to_string()));
                    }
                    if func.is_override {
                        extra.push(("override", "true".to_string()));
                    }
                    if let Value::Hash(h) = &func.spec {
                        if let Some(ann) = h.get(&Value::from("annotations")) {
                            extra.push(("annotations", value_repr(ann)));
                        }
                    }
                    format!("{} => {}", puppet_quote(&func.name), member(self, &func.ty, extra))
                })
                .collect();
            entries.push(format!("functions => {{{}}}", fs.join(", ")));
        }
        if let Some(eq) = &o.equality {
            let names: Vec<String> = eq.iter().map(|n| puppet_quote(n)).collect();
            entries.push(format!("equality => [{}]", names.join(", ")));
        }
        if let Some(c) = &o.checks {
            entries.push(format!("checks => {}", value_repr(c)));
        }
        self.expand = saved;
        format!("Object[{{{}}}]", entries.join(", "))
    }

    /// An object type: expanded at the top of a display, else its name.
    pub(crate) fn object_type(&mut self, o: &ObjectType) -> String {
        match &o.name {
            Some(n) if !self.expand => n.to_string(),
            _ => self.object_hash(o),
        }
    }

    /// `MyType['a', 'b']`, or `MyType[{'p1' => 'a'}]` past two parameters.
    pub(crate) fn object_extension(&mut self, e: &ObjectExtension) -> String {
        let name = e.base.label();
        match e.init_parameters() {
            Value::Array(items) => {
                let ps: Vec<String> = items.iter().map(value_repr).collect();
                format!("{name}[{}]", ps.join(", "))
            }
            other => format!("{name}[{}]", value_repr(&other)),
        }
    }
}

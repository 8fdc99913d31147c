//! Building an object type from its initialisation hash, with the checks and
//! messages of Puppet's `PObjectType#_pcore_init_from_hash`, `PAttribute`
//! and `PAnnotatedMember#assert_override`.

use std::sync::Arc;

use super::{Attribute, AttributeKind, Function, ObjectType, Type, TypeParameter};
use crate::types::instance_of;
use crate::value::{HashMap, Value};

/// The keys Puppet's `TYPE_OBJECT_I12N` struct accepts.
const KEYS: &[&str] = &[
    "name",
    "parent",
    "type_parameters",
    "attributes",
    "constants",
    "functions",
    "equality",
    "equality_include_type",
    "checks",
    "annotations",
];

/// The keys of an attribute declared as a hash (`TYPE_ATTRIBUTE`).
const ATTRIBUTE_KEYS: &[&str] = &["type", "final", "override", "kind", "value", "annotations"];

/// Puppet's `Pcore::TYPE_MEMBER_NAME`: `/\A[a-z_]\w*\z/`.
fn member_name(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(|c| c.is_ascii_lowercase() || c == '_') && cs.all(|c| c.is_alphanumeric() || c == '_')
}

fn initializer_error(detail: String) -> String {
    format!("object initializer has wrong type, {detail}")
}

fn get<'h>(hash: &'h HashMap, key: &str) -> Option<&'h Value> {
    hash.get(&Value::from(key)).filter(|v| !v.is_undef())
}

/// The entries of an optional hash-valued key, with member names checked.
fn members<'h>(hash: &'h HashMap, key: &str) -> Result<Vec<(Arc<str>, &'h Value)>, String> {
    let Some(v) = get(hash, key) else { return Ok(Vec::new()) };
    let Value::Hash(h) = v else {
        return Err(initializer_error(format!(
            "entry '{key}' expects a Hash value, got {}",
            crate::types::infer::general_type_name(v)
        )));
    };
    let mut out = Vec::with_capacity(h.len());
    for (k, spec) in h.iter() {
        let name = match k {
            Value::String(s) if member_name(s) => s.clone(),
            Value::String(s) => {
                return Err(initializer_error(format!(
                    "entry '{key}' key of entry '{s}' expects a match for Pattern[/\\A[a-z_]\\w*\\z/], got '{s}'"
                )))
            }
            other => {
                return Err(initializer_error(format!(
                    "entry '{key}' key expects a String value, got {}",
                    crate::types::infer::general_type_name(other)
                )))
            }
        };
        if spec.is_undef() {
            return Err(initializer_error(format!("entry '{key}' entry '{name}' expects a value")));
        }
        out.push((name, spec));
    }
    Ok(out)
}

fn bool_entry(hash: &HashMap, key: &str, label: &str) -> Result<Option<bool>, String> {
    match get(hash, key) {
        None => Ok(None),
        Some(Value::Boolean(b)) => Ok(Some(*b)),
        Some(other) => Err(format!(
            "{label} has wrong type, entry '{key}' expects a Boolean value, got {}",
            crate::types::infer::general_type_name(other)
        )),
    }
}

fn type_value(v: &Value, label: impl FnOnce() -> String) -> Result<Type, String> {
    match v {
        Value::Type(t) => Ok(Type::clone(t)),
        other => {
            Err(format!("{} expects a Type value, got {}", label(), crate::types::infer::general_type_name(other)))
        }
    }
}

impl ObjectType {
    /// Builds the type named `name` (which wins over a `name` key) from its
    /// evaluated initialisation hash.
    pub fn from_init_hash(name: Option<&str>, hash: &HashMap) -> Result<ObjectType, String> {
        for k in hash.keys() {
            let known = k.as_str().is_some_and(|s| KEYS.contains(&s));
            if !known {
                return Err(initializer_error(format!("unrecognized key '{}'", crate::value::to_s(k))));
            }
        }
        let name: Option<Arc<str>> = match (name, get(hash, "name")) {
            (Some(n), _) => Some(n.into()),
            (None, Some(Value::String(s))) => Some(s.clone()),
            (None, Some(other)) => {
                return Err(initializer_error(format!(
                    "entry 'name' expects a String value, got {}",
                    crate::types::infer::general_type_name(other)
                )))
            }
            (None, None) => None,
        };
        let mut obj = ObjectType {
            checks: get(hash, "checks").cloned(),
            annotations: get(hash, "annotations").cloned(),
            ..ObjectType::bare(name)
        };
        let label: Arc<str> = obj.label().into();
        if let Some(p) = get(hash, "parent") {
            let parent = type_value(p, || initializer_error("entry 'parent'".into()))?;
            obj.parent = Some(parent);
            if obj.inherits_from_itself() {
                return Err(format!("The Object type '{label}' inherits from itself"));
            }
        }
        let parent_attrs: Vec<Attribute> =
            obj.resolved_parent().map(|p| p.all_attributes().into_iter().cloned().collect()).unwrap_or_default();
        let parent_funcs: Vec<Function> =
            obj.resolved_parent().map(|p| p.all_functions().into_iter().cloned().collect()).unwrap_or_default();

        for (pname, spec) in members(hash, "type_parameters")? {
            let declared = match spec {
                Value::Hash(h) => match get(h, "type") {
                    Some(t) => type_value(t, || format!("type_parameter {label}[{pname}] has wrong type,"))?,
                    None => return Err(format!("type_parameter {label}[{pname}] expects a value for key 'type'")),
                },
                other => type_value(other, || format!("type_parameter {label}[{pname}] has wrong type,"))?,
            };
            let ty = match declared {
                t @ Type::Optional(_) => t,
                t => Type::optional(t),
            };
            obj.type_parameters.push(TypeParameter { name: pname, ty, spec: spec.clone() });
        }

        for (aname, spec) in members(hash, "attributes")? {
            let attr = attribute(&label, aname, spec)?;
            check_override(
                &attr.name,
                attr.is_override,
                &attr.label(),
                "attribute",
                &parent_attrs,
                &parent_funcs,
                |p| Ok((p.is_final, p.label(), crate::types::assignable(&p.ty, &attr.ty).map_err(|u| u.to_string())?)),
            )?;
            obj.attributes.push(attr);
        }
        for (cname, value) in members(hash, "constants")? {
            if obj.attributes.iter().any(|a| a.name == cname) {
                return Err(format!("attribute {label}[{cname}] is defined as both a constant and an attribute"));
            }
            let is_override = parent_attrs.iter().any(|a| a.name == cname);
            obj.attributes.push(Attribute {
                name: cname,
                ty: crate::types::infer::infer_generalized(value),
                kind: Some(AttributeKind::Constant),
                value: Some(value.clone()),
                is_final: true,
                is_override,
                annotations: None,
                container: label.clone(),
            });
        }
        for (fname, spec) in members(hash, "functions")? {
            let (ty, is_final, is_override) = match spec {
                Value::Hash(h) => (
                    type_value(get(h, "type").unwrap_or(&Value::Undef), || format!("function {label}[{fname}]"))?,
                    bool_entry(h, "final", &format!("function {label}[{fname}]"))?.unwrap_or(false),
                    bool_entry(h, "override", &format!("function {label}[{fname}]"))?.unwrap_or(false),
                ),
                other => (type_value(other, || format!("function {label}[{fname}]"))?, false, false),
            };
            if !matches!(ty, Type::Callable(_)) {
                return Err(format!("function {label}[{fname}] expects a Type[Callable] value, got Type[{ty}]"));
            }
            let func =
                Function { name: fname, ty, spec: spec.clone(), is_override, is_final, container: label.clone() };
            if obj.attributes.iter().any(|a| a.name == func.name) {
                return Err(format!("{} conflicts with attribute with the same name", func.label()));
            }
            check_override(&func.name, is_override, &func.label(), "function", &parent_funcs, &parent_attrs, |p| {
                Ok((p.is_final, p.label(), crate::types::assignable(&p.ty, &func.ty).map_err(|u| u.to_string())?))
            })?;
            obj.functions.push(func);
        }
        if let Some(b) = bool_entry(hash, "equality_include_type", "object initializer")? {
            obj.equality_include_type = b;
        }
        obj.equality = equality(&obj, hash, &label)?;
        Ok(obj)
    }
}

/// One attribute from its declaration: a type, or a hash of its features.
fn attribute(label: &Arc<str>, name: Arc<str>, spec: &Value) -> Result<Attribute, String> {
    let attr_label = format!("attribute {label}[{name}]");
    let Value::Hash(h) = spec else {
        let ty = type_value(spec, || format!("{attr_label} has wrong type,"))?;
        // An optional attribute given as a type defaults to undef.
        let value = matches!(ty, Type::Optional(_)).then_some(Value::Undef);
        return Ok(Attribute {
            name,
            ty,
            kind: None,
            value,
            is_final: false,
            is_override: false,
            annotations: None,
            container: label.clone(),
        });
    };
    let initializer = format!("initializer for {attr_label}");
    for k in h.keys() {
        if !k.as_str().is_some_and(|s| ATTRIBUTE_KEYS.contains(&s)) {
            return Err(format!("{initializer} has wrong type, unrecognized key '{}'", crate::value::to_s(k)));
        }
    }
    let ty = match h.get(&Value::from("type")) {
        Some(t) => type_value(t, || format!("{initializer} has wrong type, entry 'type'"))?,
        None => return Err(format!("{initializer} has wrong type, expects a value for key 'type'")),
    };
    let kind = match get(h, "kind") {
        None => None,
        Some(Value::String(s)) => Some(AttributeKind::parse(s).ok_or_else(|| {
            format!(
                "{initializer} has wrong type, entry 'kind' expects a match for Enum['constant', 'derived', 'given_or_derived', 'reference'], got '{s}'"
            )
        })?),
        Some(other) => {
            return Err(format!(
                "{initializer} has wrong type, entry 'kind' expects a match for Enum['constant', 'derived', 'given_or_derived', 'reference'], got {}",
                crate::types::infer::general_type_name(other)
            ))
        }
    };
    let final_given = bool_entry(h, "final", &initializer)?;
    let is_override = bool_entry(h, "override", &initializer)?.unwrap_or(false);
    let mut is_final = final_given.unwrap_or(false);
    if kind == Some(AttributeKind::Constant) {
        if final_given == Some(false) {
            return Err(format!("{attr_label} of kind 'constant' cannot be combined with final => false"));
        }
        is_final = true;
    }
    let value = match h.get(&Value::from("value")) {
        Some(v) => {
            if let Some(k @ (AttributeKind::Derived | AttributeKind::GivenOrDerived)) = kind {
                return Err(format!("{attr_label} of kind '{}' cannot be combined with an attribute value", k.name()));
            }
            if !matches!(v, Value::Default) && !instance_of(&ty, v).map_err(|u| u.to_string())? {
                return Err(format!("{attr_label} value has wrong type, {}", crate::mismatch::describe(&ty, v)));
            }
            Some(v.clone())
        }
        None if kind == Some(AttributeKind::Constant) => {
            return Err(format!("{attr_label} of kind 'constant' requires a value"))
        }
        None => None,
    };
    Ok(Attribute {
        name,
        ty,
        kind,
        value,
        is_final,
        is_override,
        annotations: get(h, "annotations").cloned(),
        container: label.clone(),
    })
}

/// Puppet's `assert_override`: a member that shares its name with an
/// inherited one must say `override => true`, may not replace a final member
/// or one of the other feature type, and must narrow its type.
fn check_override<P>(
    name: &str,
    is_override: bool,
    label: &str,
    feature: &str,
    same_kind: &[P],
    other_kind: &[impl Labelled],
    facts: impl Fn(&P) -> Result<(bool, String, bool), String>,
) -> Result<(), String>
where
    P: Labelled,
{
    if let Some(other) = other_kind.iter().find(|o| o.member_name() == name) {
        return Err(format!("{label} attempts to override {}", other.member_label()));
    }
    match same_kind.iter().find(|p| p.member_name() == name) {
        None if is_override => {
            Err(format!("expected {label} to override an inherited {feature}, but no such {feature} was found"))
        }
        None => Ok(()),
        Some(p) => {
            let (is_final, plabel, narrows) = facts(p)?;
            if is_final {
                Err(format!("{label} attempts to override final {plabel}"))
            } else if !is_override {
                Err(format!("{label} attempts to override {plabel} without having override => true"))
            } else if !narrows {
                Err(format!("{label} attempts to override {plabel} with a type that does not match"))
            } else {
                Ok(())
            }
        }
    }
}

/// A member's name and label, for override checks across attributes and functions.
trait Labelled {
    fn member_name(&self) -> &str;
    fn member_label(&self) -> String;
}

impl Labelled for Attribute {
    fn member_name(&self) -> &str {
        &self.name
    }
    fn member_label(&self) -> String {
        self.label()
    }
}

impl Labelled for Function {
    fn member_name(&self) -> &str {
        &self.name
    }
    fn member_label(&self) -> String {
        self.label()
    }
}

/// The `equality` list, checked against the attributes it names.
fn equality(obj: &ObjectType, hash: &HashMap, label: &str) -> Result<Option<Vec<Arc<str>>>, String> {
    let names: Vec<Arc<str>> = match get(hash, "equality") {
        None => return Ok(None),
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(items)) => {
            let mut out = Vec::with_capacity(items.len());
            for i in items.iter() {
                match i {
                    Value::String(s) => out.push(s.clone()),
                    other => {
                        return Err(initializer_error(format!(
                            "entry 'equality' expects a value of type Pattern or Array, got {}",
                            crate::types::infer::general_type_name(other)
                        )))
                    }
                }
            }
            out
        }
        Some(other) => {
            return Err(initializer_error(format!(
                "entry 'equality' expects a value of type Pattern or Array, got {}",
                crate::types::infer::general_type_name(other)
            )))
        }
    };
    if !names.is_empty() && !obj.equality_include_type {
        return Err("equality_include_type = false cannot be combined with non empty equality specification".into());
    }
    let parent_eq: Vec<Arc<str>> = obj.resolved_parent().map(|p| p.equality_attributes()).unwrap_or_default();
    for n in &names {
        let attr = obj.attribute(n);
        if let Some(a) = attr {
            if parent_eq.contains(n) && obj.attributes.iter().all(|own| own.name != *n) {
                return Err(format!(
                    "{label} equality is referencing {} which is included in equality of {}",
                    a.label(),
                    a.container
                ));
            }
            if a.kind == Some(AttributeKind::Constant) {
                return Err(format!(
                    "{label} equality is referencing constant {}. Reference to constant is not allowed in equality",
                    a.label()
                ));
            }
            continue;
        }
        return match obj.all_functions().into_iter().find(|f| f.name == *n) {
            Some(f) => {
                Err(format!("{label} equality is referencing {}. Only attribute references are allowed", f.label()))
            }
            None => Err(format!("{label} equality is referencing non existent attribute '{n}'")),
        };
    }
    Ok(Some(names))
}

impl ObjectType {
    /// The attributes whose values decide equality, inherited ones included
    /// (Puppet's `equality_attributes`).
    pub fn equality_attributes(&self) -> Vec<Arc<str>> {
        let mut out: Vec<Arc<str>> = Vec::new();
        for t in self.lineage() {
            for n in t.own_equality_names() {
                if !out.contains(&n) {
                    out.push(n);
                }
            }
        }
        out
    }

    /// The names this level compares: the declared `equality`, or else its own
    /// attributes that are neither constant nor derived.
    pub(crate) fn own_equality_names(&self) -> Vec<Arc<str>> {
        match &self.equality {
            Some(names) => names.clone(),
            None => self.attributes.iter().filter(|a| a.is_init_param()).map(|a| a.name.clone()).collect(),
        }
    }
}

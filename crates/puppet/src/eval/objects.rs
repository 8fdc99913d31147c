//! Object and TypeSet declarations (`type X = Object[{...}]`, `type S =
//! TypeSet[{...}]`) and reading an object's attributes (`$o.name`).
//! Spec: "Object Type, TypeSet".
//!
//! Puppet gives an object type or type set the alias's name instead of
//! aliasing it (`TypeDefinitionInstantiator.create_named_type`), and builds
//! it when it is first used: errors in the declaration are reported where
//! the type is used, as "Error while evaluating a Type-Name".

use std::rc::Rc;
use std::sync::Arc;

use confer_core::types::object::ObjectType;
use confer_core::types::typeset::TypeSetType;
use confer_core::types::{Type, TypeAlias};
use confer_core::value::object::{Member, ObjectValue};
use confer_core::{HashMap, Value};

use super::flow::{attribute_to, fail, fail_as, EvalResult, Flow};
use super::scope::Scope;
use super::Evaluator;
use crate::ast::{AttributeOp, Expr, ExprKind};
use crate::error::ErrorKind;
use crate::span::Span;

/// Which kind of named type a declaration makes.
enum Declared<'e> {
    Object(&'e Expr),
    TypeSet(&'e Expr),
}

/// `Object[hash]` or `TypeSet[hash]` (after the parser's rewriting of the
/// short forms), with the hash expression.
fn declared(expr: &Expr) -> Option<Declared<'_>> {
    let ExprKind::Access { target, keys } = &expr.kind else { return None };
    let ExprKind::TypeRef(name) = &target.kind else { return None };
    let [hash] = keys.as_slice() else { return None };
    match name.as_str() {
        "Object" => Some(Declared::Object(hash)),
        "TypeSet" => Some(Declared::TypeSet(hash)),
        _ => None,
    }
}

/// The message of an error raised while building a declared type, as
/// Puppet words it (a type it cannot find, and no call has reworded yet, is
/// an unresolved reference).
fn type_name_error(flow: Flow, span: Span) -> Flow {
    match flow {
        Flow::Error(f) => {
            let message = match &f.kind {
                ErrorKind::UnknownType { name } if !f.settled => format!("reference to unresolved type '{name}'"),
                _ => f.message,
            };
            attribute_to(fail_as(f.kind, span, message), "Type-Name")
        }
        other => other,
    }
}

impl<'a> Evaluator<'a> {
    /// Builds the object type or type set that the alias `name` declares,
    /// when its definition is one; `None` for any other alias.
    pub(super) fn define_named_type(
        &mut self,
        alias: &Arc<TypeAlias>,
        expr: &'a Expr,
        span: Span,
    ) -> Option<EvalResult<()>> {
        let kind = declared(expr)?;
        let name = alias.name.clone();
        let result = match kind {
            Declared::Object(hash) => self.object_type(&name, hash).map(|o| Type::ObjectType(Arc::new(o))),
            Declared::TypeSet(hash) => self.type_set(&name, hash).map(|s| Type::TypeSetType(Arc::new(s))),
        };
        Some(match result {
            Ok(t) => {
                alias.resolve(t);
                match alias.target() {
                    Some(Type::ObjectType(o)) if o.inherits_from_itself() => Err(attribute_to(
                        fail(span, format!("The Object type '{name}' inherits from itself")),
                        "Type-Name",
                    )),
                    _ => Ok(()),
                }
            }
            Err(flow) => Err(type_name_error(flow, span)),
        })
    }

    /// Evaluates `hash` (the declaration) as a hash value.
    fn declaration_hash(&mut self, hash: &'a Expr) -> EvalResult<Arc<confer_core::value::Entries>> {
        let top = self.top.clone();
        match self.eval(hash, &top)? {
            Value::Hash(h) => Ok(h),
            other => Err(fail(
                hash.span,
                format!("object initializer has wrong type, expects a Hash value, got {}", other.type_name()),
            )),
        }
    }

    fn object_type(&mut self, name: &str, hash: &'a Expr) -> EvalResult<ObjectType> {
        let h = self.declaration_hash(hash)?;
        ObjectType::from_init_hash(Some(name), &h).map_err(|m| fail(hash.span, m))
    }

    /// A type set: its `types` are built as named types (`Set::Name`), each
    /// from a hash, `Object[...]`, or `Parent {...}`.
    fn type_set(&mut self, name: &str, hash: &'a Expr) -> EvalResult<TypeSetType> {
        let top = self.top.clone();
        let mut init = HashMap::new();
        let mut types: Vec<(Arc<str>, Type)> = Vec::new();
        let ExprKind::Hash(pairs) = &hash.kind else {
            let h = self.declaration_hash(hash)?;
            return TypeSetType::from_init_hash(name, &h, types).map_err(|m| fail(hash.span, m));
        };
        for (k, v) in pairs {
            let key = self.eval(k, &top)?;
            let value = match (&v.kind, key.as_str()) {
                (ExprKind::Hash(members), Some("types")) => {
                    let mut evaluated = HashMap::new();
                    for (mk, mv) in members {
                        let member_key = self.member_key(mk, &top)?;
                        let member_name = format!("{name}::{}", confer_core::value::to_s(&member_key));
                        let t = self.member_type(&member_name, mv, &top)?;
                        types.push((confer_core::value::to_s(&member_key).into(), t.clone()));
                        evaluated.insert(member_key, Value::from_type(t));
                    }
                    Value::hash(evaluated)
                }
                (ExprKind::Hash(refs), Some("references")) => {
                    let mut evaluated = HashMap::new();
                    for (rk, rv) in refs {
                        let ref_key = self.member_key(rk, &top)?;
                        let ref_value = self.eval(rv, &top)?;
                        evaluated.insert(ref_key, ref_value);
                    }
                    Value::hash(evaluated)
                }
                _ => self.eval(v, &top)?,
            };
            init.insert(key, value);
        }
        TypeSetType::from_init_hash(name, &init, types).map_err(|m| fail(hash.span, m))
    }

    /// The name of a type set's member or reference: a capitalised name is
    /// that name, not a type to look up.
    fn member_key(&mut self, key: &'a Expr, scope: &Rc<Scope>) -> EvalResult {
        match &key.kind {
            ExprKind::TypeRef(name) => Ok(Value::from(name.as_str())),
            _ => self.eval(key, scope),
        }
    }

    /// One member of a type set, named `name`.
    fn member_type(&mut self, name: &str, expr: &'a Expr, scope: &Rc<Scope>) -> EvalResult<Type> {
        let object = |h: &HashMap| {
            ObjectType::from_init_hash(Some(name), h)
                .map(|o| Type::ObjectType(Arc::new(o)))
                .map_err(|m| fail(expr.span, m))
        };
        match &expr.kind {
            ExprKind::Hash(_) => {
                let h = self.declaration_hash(expr)?;
                object(&h)
            }
            ExprKind::ResourceDefaults { type_ref, ops } => {
                let mut h = HashMap::new();
                let parent = self.eval(type_ref, scope)?;
                let is_object = matches!(&parent, Value::Type(t) if matches!(***t, Type::Object));
                if !is_object {
                    h.insert(Value::from("parent"), parent);
                }
                for op in ops {
                    if let AttributeOp::Set { name, value, .. } = op {
                        let v = self.eval(value, scope)?;
                        h.insert(Value::from(name.as_str()), v);
                    }
                }
                object(&h)
            }
            _ => match declared(expr) {
                Some(Declared::Object(hash)) => {
                    let h = self.declaration_hash(hash)?;
                    object(&h)
                }
                _ => match self.eval(expr, scope)? {
                    Value::Type(t) => Ok(Type::clone(&t)),
                    other => Err(fail(
                        expr.span,
                        format!(
                            "TypeSet initializer has wrong type, entry 'types' entry expects a Type value, got {}",
                            other.type_name()
                        ),
                    )),
                },
            },
        }
    }

    /// `Set::Member` once the type set `Set` has been loaded (Puppet registers
    /// a set's members when it loads the set, and only then).
    pub(super) fn type_set_member(&self, name: &str) -> Option<Type> {
        let (set, member) = name.trim_start_matches("::").rsplit_once("::")?;
        match self.defs.alias(set)?.target()? {
            Type::TypeSetType(ts) => ts.member(member).cloned(),
            _ => None,
        }
    }

    /// `$o.name` on an object: an attribute's value, or Puppet's error for a
    /// member it needs Ruby code for; `None` when the object has no such
    /// member (the name is then a function).
    pub(super) fn object_member(&self, o: &ObjectValue, name: &str, span: Span) -> Option<EvalResult> {
        match o.member(name) {
            Member::Value(v) => Some(Ok(v)),
            Member::Unimplemented(message) => Some(Err(attribute_to(fail(span, message), "Method call"))),
            Member::Unknown => None,
        }
    }
}

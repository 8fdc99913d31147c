//! Resource expressions (`type { title: attr => value; … }`) as Puppet's
//! evaluator reads them: every body's titles and attributes first, checked
//! as Puppet checks them, then one resource per title, each body's
//! attributes over those of a `default:` body, all placed at the
//! expression. Declaring the resources is the catalog's part.

use std::collections::HashSet;
use std::rc::Rc;
use std::sync::Arc;

use confer_core::types::params::capitalize_segments;
use confer_core::types::Type;
use confer_core::Value;

use super::attributes::Attributes;
use super::flow::{fail, EvalResult};
use super::scope::Scope;
use super::Evaluator;
use crate::ast::{AttributeOp, Expr, ExprKind, ResourceBody, ResourceForm};
use crate::span::Span;

/// An array of titles flattened as Ruby's `Array#flatten` does.
fn flatten_titles(items: &[Value]) -> Vec<Value> {
    items
        .iter()
        .flat_map(|v| match v {
            Value::Array(inner) => flatten_titles(inner),
            other => vec![other.clone()],
        })
        .collect()
}

impl<'a> Evaluator<'a> {
    pub(super) fn eval_attributes(&mut self, ops: &'a [AttributeOp], scope: &Rc<Scope>) -> EvalResult<Attributes> {
        let mut attrs = Attributes::default();
        for op in ops {
            match op {
                AttributeOp::Set { name, value, span, .. } => {
                    let v = self.eval(value, scope)?;
                    if attrs.insert(Value::from(name.as_str()), v, *span).is_some() {
                        return Err(fail(*span, format!("The attribute '{name}' has already been set")));
                    }
                }
                AttributeOp::Splat { value, span } => match self.eval(value, scope)? {
                    Value::Hash(map) => {
                        for (k, v) in map.iter() {
                            attrs.insert(k.clone(), v.clone(), *span);
                        }
                    }
                    Value::Undef => {}
                    other => {
                        return Err(fail(
                            *span,
                            format!("The value of '* =>' must be a Hash, got {}", other.type_name()),
                        ))
                    }
                },
            }
        }
        Ok(attrs)
    }

    /// A body's titles, checked as Puppet checks them: present, Strings (or
    /// `default`), not empty, and not used by another body of the same
    /// expression. Returns the String titles and whether `default` was one.
    fn eval_titles(
        &mut self,
        body: &'a ResourceBody,
        seen: &mut HashSet<Option<Arc<str>>>,
        expression: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult<(Vec<Arc<str>>, bool)> {
        let at = body.title.span;
        let titles = match self.eval(&body.title, scope)? {
            Value::Undef => return Err(fail(at, "Missing title. The title expression resulted in undef")),
            Value::Array(items) => flatten_titles(&items),
            other => vec![other],
        };
        let (mut strings, mut is_default) = (Vec::with_capacity(titles.len()), false);
        for (index, title) in titles.into_iter().enumerate() {
            // `default` is the one title that is not a String.
            let key = match title {
                Value::String(s) if s.is_empty() => {
                    return Err(fail(
                        at,
                        format!("Empty string title at {index}. Title strings must have a length greater than zero."),
                    ))
                }
                Value::String(s) => Some(s),
                Value::Default => None,
                Value::Undef => {
                    return Err(fail(
                        at,
                        format!("Missing title at index {index}. The title expression resulted in an undef title"),
                    ))
                }
                other => {
                    return Err(fail(
                        at,
                        format!(
                            "Illegal title type at index {index}. Expected String, got {}",
                            confer_core::types::infer::infer_generalized(&other)
                        ),
                    ))
                }
            };
            if !seen.insert(key.clone()) {
                let shown = key.as_deref().unwrap_or("default");
                return Err(fail(
                    expression,
                    format!("The title '{shown}' has already been used in this resource expression"),
                ));
            }
            match key {
                Some(s) => strings.push(s),
                None => is_default = true,
            }
        }
        Ok((strings, is_default))
    }

    pub(super) fn eval_resource(
        &mut self,
        form: ResourceForm,
        type_expr: &'a Expr,
        bodies: &'a [ResourceBody],
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        if form == ResourceForm::Exported {
            self.warn(
                span,
                "You cannot collect exported resources without storeconfigs being set; the export is ignored".into(),
            );
        }
        let type_name = match &type_expr.kind {
            ExprKind::BareWord(n) | ExprKind::TypeRef(n) => n.trim_start_matches("::").to_lowercase(),
            _ => match self.eval(type_expr, scope)? {
                Value::String(s) => s.to_lowercase(),
                Value::Type(t) => match &**t {
                    Type::Resource { type_name: Some(n), title: None } => n.to_lowercase(),
                    _ => return Err(fail(type_expr.span, format!("{t} is not a resource type"))),
                },
                other => return Err(fail(type_expr.span, format!("{} is not a resource type", other.type_name()))),
            },
        };
        // As Puppet: every body's titles and attributes are evaluated
        // first, then the resources are made, each body's attributes over
        // those of the `default:` body, all placed at the expression.
        let mut evaluated: Vec<(Vec<Arc<str>>, Attributes)> = Vec::with_capacity(bodies.len());
        let mut seen: HashSet<Option<Arc<str>>> = HashSet::new();
        let mut defaults: Option<Attributes> = None;
        for body in bodies {
            let (titles, is_default) = self.eval_titles(body, &mut seen, span, scope)?;
            let attrs = self.eval_attributes(&body.ops, scope)?;
            if is_default {
                defaults = Some(attrs.clone());
            }
            evaluated.push((titles, attrs));
        }
        let mut refs = Vec::new();
        for (titles, attrs) in evaluated {
            let attrs = match &defaults {
                Some(d) => {
                    let mut merged = d.clone();
                    merged.extend(&attrs);
                    merged
                }
                None => attrs,
            };
            for title in titles {
                if type_name == "class" {
                    self.declare_class(&title, Some(attrs.values.clone()), span, scope)
                        .map_err(|e| super::flow::attribute_to(e, "Resource Statement"))?;
                    refs.push(Value::from_type(Type::Class(Some(title.to_lowercase().into()))));
                    continue;
                }
                let cap = capitalize_segments(&type_name);
                // Puppet reports a refused declaration at its statement.
                self.declare_resource(&type_name, &cap, &Value::from(&*title), attrs.clone(), form, span, scope)
                    .map_err(|e| super::flow::attribute_to(super::flow::relocate(e, span), "Resource Statement"))?;
                refs.push(Value::from_type(Type::Resource { type_name: Some(cap.into()), title: Some(title) }));
            }
        }
        Ok(if refs.len() == 1 { refs.pop().unwrap_or(Value::Undef) } else { Value::array(refs) })
    }
}

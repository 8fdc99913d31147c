//! `annotate`: Pcore annotations attached to objects. An annotation is an
//! instance of an object type derived from `Annotation`, kept beside the
//! annotated object (Puppet's adapters), one per annotation type; only
//! objects take them, since Puppet's other values are frozen.

use std::sync::Arc;

use confer_core::types::instance_of;
use confer_core::types::object::ObjectType;
use confer_core::value::object::new_object;
use confer_core::Value;

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};

/// The annotation function (its third Puppet signature, over a whole
/// `Pcore` type set, is not offered).
pub(crate) const FUNCTIONS: &[Builtin] = &[Builtin::new(
    "annotate",
    &[
        "Type[Annotation] type, Any value, &Callable[0, 0] block?",
        "Type[Annotation] type, Any value, Variant[Enum[clear], Hash[Pattern[/\\A[a-z_]\\w*\\z/], Any]] annotation_hash",
    ],
    annotate,
)];

/// Ruby's refusal to attach anything to a frozen value.
fn frozen(v: &Value) -> String {
    format!("can't modify frozen {}: {}", super::ruby::class(v), super::ruby::inspect(v))
}

fn annotate(call: &mut Call<'_, '_>) -> EvalResult {
    let ty = call.arg::<&Arc<ObjectType>>(0)?.clone();
    let target = call.args[1].clone();
    let Value::Object(object) = &target else { return Err(fail(call.span, frozen(&target))) };
    let key = (Arc::as_ptr(object) as usize, ty.label().to_string());
    let create = |call: &mut Call<'_, '_>, init: &Value| -> EvalResult {
        let hash = match init {
            Value::Hash(_) => init.clone(),
            other => {
                return Err(fail(
                    call.span,
                    format!(
                        "{} initializer has wrong type, expects a Struct value, got {}",
                        ty.label(),
                        other.type_name()
                    ),
                ))
            }
        };
        if let Value::Hash(h) = &hash {
            for attribute in ty.init_params() {
                if let Some(v) = h.get(&Value::from(&*attribute.name)) {
                    if !instance_of(&attribute.ty, v)? {
                        let detail = confer_core::mismatch::describe(&attribute.ty, v);
                        let entry = format!("entry '{}' {detail}", attribute.name);
                        return Err(fail(call.span, initializer_message(&ty, &entry)));
                    }
                }
            }
        }
        new_object(&ty, &[hash]).map_err(|e| fail(call.span, e.0))
    };
    match call.args.get(2).cloned() {
        Some(Value::String(s)) if &*s == "clear" => Ok(call.host.clear_annotation(&key).unwrap_or(Value::Undef)),
        Some(init) => {
            let annotation = create(call, &init)?;
            call.host.set_annotation(key, target.clone(), annotation.clone());
            Ok(annotation)
        }
        None => {
            if let Some(annotation) = call.host.annotation(&key) {
                return Ok(annotation);
            }
            let Some(block) = call.lambda.take() else { return Ok(Value::Undef) };
            let init = call.host.call_lambda(&block, Vec::new(), call.span)?;
            if init.is_undef() {
                return Ok(Value::Undef);
            }
            let annotation = create(call, &init)?;
            call.host.set_annotation(key, target.clone(), annotation.clone());
            Ok(annotation)
        }
    }
}

/// `new`'s complaint in the words Puppet's `from_hash` uses.
fn initializer_message(ty: &ObjectType, detail: &str) -> String {
    format!("{} initializer has wrong type, {detail}", ty.label())
}

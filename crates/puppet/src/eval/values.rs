//! What `puppet apply` checks when it turns the catalog into resources to
//! apply: an attribute that accepts only named values (`service`'s `ensure`:
//! stopped, running) refuses any other. A compile does not check this; the
//! agent would.

use confer_core::Value;

use super::flow::{EvalResult, Flow};
use super::resource::ResourceKind;
use super::Evaluator;
use crate::error::{Phase, PuppetError};

impl Evaluator<'_> {
    /// The first attribute value of a resource that its type refuses, as
    /// Puppet reports it.
    pub(super) fn check_named_values(&self) -> EvalResult<()> {
        for r in self.catalog.resources.iter().filter(|r| !r.virtual_ && r.kind == ResourceKind::Compilable) {
            let Some(info) = self.ruby_type(&r.type_name.to_lowercase()) else {
                continue;
            };
            for (key, value) in r.attributes.iter() {
                let attribute = confer_core::value::to_s(key);
                let Some(named) = info.named_values.iter().find(|n| n.attribute == attribute) else {
                    continue;
                };
                let items = match value {
                    Value::Array(items) => items.to_vec(),
                    Value::Undef => Vec::new(),
                    other => vec![other.clone()],
                };
                if let Some(bad) = items.iter().find(|v| !named.accepts(&confer_core::value::to_s(v))) {
                    let at = self.location(r.span);
                    let message = format!(
                        "Parameter {attribute} failed on {}[{}]: Invalid value {}. Valid values are {}. (file: {}, line: {})",
                        r.type_name,
                        r.title,
                        confer_core::ruby_compat::inspect(bad),
                        named.values.join(", "),
                        at.file,
                        at.line
                    );
                    return Err(Flow::from_error(PuppetError::new(Phase::Validation, message)));
                }
            }
        }
        Ok(())
    }
}

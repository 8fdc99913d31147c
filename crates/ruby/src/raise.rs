//! Ruby's exceptions as module code raises and rescues them: `raise` in its
//! forms, the class hierarchy `rescue` matches against, and the class of
//! each error the interpreter itself gives.
//! The class hierarchy itself is `value/exception_classes.rs`'s, apart so
//! that a value's `is_a?` reads it without depending on raising.

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::exception_classes::is_exception_class;
use crate::value::{Exception, RValue};

/// The Ruby class of an error the interpreter gives, as `rescue` sees it;
/// `None` for confer's own refusals and limits (an unsupported construct,
/// a step or depth limit), which must never be swallowed into a
/// different answer.
pub fn class_of(kind: &RubyErrorKind) -> Option<String> {
    Some(
        match kind {
            RubyErrorKind::NoMethod { .. } => "NoMethodError",
            RubyErrorKind::UndefinedName(_) => "NameError",
            RubyErrorKind::Argument(_) => "ArgumentError",
            RubyErrorKind::Type(_) => "TypeError",
            RubyErrorKind::Function(_) => "Puppet::ParseError",
            RubyErrorKind::Raised(e) => return Some(e.class.clone()),
            _ => return None,
        }
        .to_string(),
    )
}

/// The exception object `rescue => e` binds for an error.
pub fn exception_of(kind: &RubyErrorKind) -> Option<Exception> {
    let class = class_of(kind)?;
    Some(match kind {
        RubyErrorKind::Raised(e) => e.clone(),
        other => Exception { class, message: other.to_string() },
    })
}

/// `raise`'s arguments as the exception they raise: `raise 'msg'` (a
/// RuntimeError), `raise Class`, `raise Class, 'msg'`, `raise exception`.
pub fn raise(args: &[RValue], current: Option<&Exception>, at: usize) -> Ev {
    let exception = match args {
        [] => current
            .cloned()
            .unwrap_or(Exception { class: "RuntimeError".into(), message: "unhandled exception".into() }),
        [RValue::Str(message)] => Exception { class: "RuntimeError".into(), message: message.to_string() },
        [RValue::Exception(e)] => (**e).clone(),
        [RValue::Exception(e), message] => Exception { class: e.class.clone(), message: message.to_s() },
        [RValue::Class(class)] => Exception { class: class.to_string(), message: class.to_string() },
        [RValue::Class(class), message, ..] => Exception { class: class.to_string(), message: message.to_s() },
        [other, ..] => {
            return err(RubyErrorKind::Type(format!("exception class/object expected, got {}", other.inspect())), at)
        }
    };
    if !is_exception_class(&exception.class) {
        return err(RubyErrorKind::Type("exception class/object expected".into()), at);
    }
    err(RubyErrorKind::Raised(exception), at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raise_forms_give_their_class_and_message() {
        let e = |args: &[RValue]| match raise(args, None, 0) {
            Err(crate::flow::Ctl::Err(e)) => match e.kind {
                RubyErrorKind::Raised(x) => (x.class, x.message),
                other => panic!("{other:?}"),
            },
            _ => panic!("raise returned"),
        };
        assert_eq!(e(&[RValue::str("boom")]), ("RuntimeError".into(), "boom".into()));
        assert_eq!(
            e(&[RValue::Class("Puppet::ParseError".into()), RValue::str("bad")]),
            ("Puppet::ParseError".into(), "bad".into())
        );
        assert_eq!(e(&[RValue::Class("ArgumentError".into())]), ("ArgumentError".into(), "ArgumentError".into()));
    }
}

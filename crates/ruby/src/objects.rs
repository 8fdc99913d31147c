//! Classes the code defines (`class PuppetX::Stdlib::TomlDumper ... end`,
//! the helpers modules keep under `lib/puppet_x`) and their objects:
//! `new` with `initialize`, instance variables, instance methods (kept as
//! `Class#name`), `attr_reader`/`attr_writer`/`attr_accessor`,
//! `alias_method`, and `private`, whose methods only the object itself may
//! call.
//! The value it works on is `value/object.rs`'s, apart so that `RValue` holds
//! it without depending on these methods.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::ast::{DefParam, Kind, Node, ParamKind};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use crate::value::object::{instance_key, Object};
use crate::value::RValue;

impl Interp<'_> {
    /// The class whose body is being run, if the innermost definition is a
    /// class (not a module) and no method of it is running.
    pub(crate) fn class_being_defined(&self) -> Option<String> {
        let m = self.modules.last()?;
        (self.classes.contains(m) && self.selves.is_empty()).then(|| m.clone())
    }

    /// A statement of a class body that declares methods: `attr_*`,
    /// `private`/`public`/`protected`; `None` for any other call.
    pub(crate) fn class_body_call(&mut self, name: &str, args: &[RValue], at: usize) -> Option<Ev> {
        let class = self.class_being_defined()?;
        Some(match name {
            "attr_reader" | "attr_writer" | "attr_accessor" => {
                for a in args {
                    let attr = a.to_s();
                    if name != "attr_writer" {
                        let body = vec![Node { kind: Kind::IVar(attr.clone()), at }];
                        self.define_instance_method(&class, &attr, Vec::new(), body);
                    }
                    if name != "attr_reader" {
                        let value = Node { kind: Kind::Local("value".into()), at };
                        let assign =
                            Kind::Assign(Box::new(Node { kind: Kind::IVar(attr.clone()), at }), Box::new(value));
                        let params = vec![DefParam { name: "value".into(), kind: ParamKind::Required }];
                        self.define_instance_method(
                            &class,
                            &format!("{attr}="),
                            params,
                            vec![Node { kind: assign, at }],
                        );
                    }
                }
                Ok(RValue::Nil)
            }
            // `alias_method :new, :old` (and `alias new old`): the method
            // as it is now, under a second name.
            "alias_method" => match args {
                [new, old] => match self.methods.get(&instance_key(&class, &old.to_s())).cloned() {
                    Some(method) => {
                        self.methods.insert(instance_key(&class, &new.to_s()), method);
                        Ok(RValue::Nil)
                    }
                    None => err(
                        RubyErrorKind::NoMethod {
                            method: old.to_s(),
                            receiver: format!("class `{class}'"),
                            hint: String::new(),
                        },
                        at,
                    ),
                },
                _ => err(
                    RubyErrorKind::Argument(format!("wrong number of arguments (given {}, expected 2)", args.len())),
                    at,
                ),
            },
            "private" | "public" | "protected" => {
                let private = name != "public";
                if args.is_empty() {
                    self.defining_private = private;
                }
                for a in args {
                    let key = instance_key(&class, &a.to_s());
                    if private {
                        self.private.insert(key);
                    } else {
                        self.private.remove(&key);
                    }
                }
                Ok(RValue::Nil)
            }
            _ => return None,
        })
    }

    /// Keeps `def name` of a class body as the class's instance method.
    pub(crate) fn define_instance_method(&mut self, class: &str, name: &str, params: Vec<DefParam>, body: Vec<Node>) {
        let key = instance_key(class, name);
        if self.defining_private && name != "initialize" {
            self.private.insert(key.clone());
        }
        self.methods.insert(key, Rc::new((params, body)));
    }

    /// `Class.new(args)`: a new object, given to `initialize`.
    pub(crate) fn instantiate(
        &mut self,
        class: &str,
        args: &[RValue],
        block: Option<&Rc<crate::ast::Block>>,
        at: usize,
    ) -> Ev {
        let object = Rc::new(Object { class: Rc::from(class), ivars: RefCell::new(HashMap::new()) });
        let key = instance_key(class, "initialize");
        if let Some(method) = self.methods.get(&key).cloned() {
            self.selves.push(object.clone());
            let result = self.run_method(&method, args.to_vec(), block.cloned(), at);
            self.selves.pop();
            result?;
        } else if !args.is_empty() {
            return err(
                RubyErrorKind::Argument(format!("wrong number of arguments (given {}, expected 0)", args.len())),
                at,
            );
        }
        Ok(RValue::Object(object))
    }

    /// Calls `name` on `object`: its class's method, with the object as
    /// `self`; `None` when the class defines no such method. `from_self`
    /// says the call has no receiver or `self`, which may call a private
    /// method.
    pub(crate) fn call_object(
        &mut self,
        object: &Rc<Object>,
        name: &str,
        args: &[RValue],
        block: Option<&Rc<crate::ast::Block>>,
        at: usize,
        from_self: bool,
    ) -> Option<Ev> {
        let key = instance_key(&object.class, name);
        let method = self.methods.get(&key)?.clone();
        if !from_self && self.private.contains(&key) {
            return Some(err(
                RubyErrorKind::NoMethod {
                    method: name.to_string(),
                    receiver: format!("{}:{}", object.inspect(), object.class),
                    hint: String::new(),
                },
                at,
            ));
        }
        self.selves.push(object.clone());
        let result = self.run_method(&method, args.to_vec(), block.cloned(), at);
        self.selves.pop();
        Some(result)
    }

    /// `@name` of the object whose method is running, when one is.
    pub(crate) fn object_ivar(&self, name: &str) -> Option<RValue> {
        let object = self.selves.last()?;
        Some(object.ivars.borrow().get(name).cloned().unwrap_or(RValue::Nil))
    }

    /// Sets `@name` of the object whose method is running; false when none
    /// is.
    pub(crate) fn set_object_ivar(&self, name: &str, value: RValue) -> bool {
        match self.selves.last() {
            Some(object) => {
                object.ivars.borrow_mut().insert(name.to_string(), value);
                true
            }
            None => false,
        }
    }
}

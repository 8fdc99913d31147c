//! Methods the code defines (`def`) and how a call's arguments reach
//! them: required, optional, `*rest`, keyword and `&block` parameters
//! bound by Ruby's rules, `*splat` arguments spread and `&proc` passed as
//! the block; and how a block's parameters take its arguments.

use std::rc::Rc;

use crate::ast::{Block, DefParam, Kind, Node, Param, ParamKind};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ctl, Ev};
use crate::interp::{Interp, Method};
use crate::value::RValue;

impl Interp<'_> {
    /// Calls the method `key` if the code defined one: its body runs with
    /// only its parameters as locals, and `return` ends it.
    pub fn call_defined(&mut self, key: &str, args: &[RValue], block: Option<&Rc<Block>>, at: usize) -> Option<Ev> {
        let method = match self.methods.get(key) {
            Some(m) => m.clone(),
            None => self.template_methods.as_ref()?.0.borrow().get(key)?.clone(),
        };
        Some(self.run_method(&method, args.to_vec(), block.cloned(), at))
    }

    /// Runs a method: its parameters bound from `args` by Ruby's rules,
    /// `block` what `yield` calls.
    pub(crate) fn run_method(&mut self, method: &Method, args: Vec<RValue>, block: Option<Rc<Block>>, at: usize) -> Ev {
        let (params, body) = method;
        self.enter(at)?;
        let outer = std::mem::take(&mut self.locals);
        let given = block.as_deref().map(crate::interp::block_id);
        self.blocks.push(block.clone());
        let result = self.bind_method_params(params, args, block, at).and_then(|()| self.block_body(body));
        self.blocks.pop();
        self.locals = outer;
        self.depth -= 1;
        match result {
            Err(Ctl::Return(v)) => Ok(v),
            // A `break` of the block given to this method ends the call
            // that gave it, beyond this method.
            Err(Ctl::Break(Some(id))) if given == Some(id) => Err(Ctl::Break(Some(id))),
            Err(Ctl::Next(_)) | Err(Ctl::Break(_)) => {
                err(RubyErrorKind::Syntax("next or break outside a block".into()), at)
            }
            other => other,
        }
    }

    /// Binds a method's parameters: required ones first and last, optional
    /// ones from what is left (their defaults evaluated in order), a rest
    /// parameter takes the remainder, keywords come from a trailing Hash.
    fn bind_method_params(
        &mut self,
        params: &[DefParam],
        mut args: Vec<RValue>,
        block: Option<Rc<Block>>,
        at: usize,
    ) -> Ev<()> {
        let keywords = params.iter().any(|p| matches!(p.kind, ParamKind::Keyword(_)));
        let options = match (keywords, args.last()) {
            (true, Some(RValue::Hash(_))) => args.pop(),
            _ => None,
        };
        let required = params.iter().filter(|p| p.kind == ParamKind::Required).count();
        let optional = params.iter().filter(|p| matches!(p.kind, ParamKind::Optional(_))).count();
        let rest = params.iter().any(|p| p.kind == ParamKind::Rest);
        if args.len() < required || (!rest && args.len() > required + optional) {
            let expected = match (rest, optional) {
                (true, _) => format!("{required}+"),
                (false, 0) => required.to_string(),
                (false, o) => format!("{required}..{}", required + o),
            };
            return err(
                RubyErrorKind::Argument(format!(
                    "wrong number of arguments (given {}, expected {expected})",
                    args.len()
                )),
                at,
            );
        }
        let mut spare = args.len() - required;
        let mut args = args.into_iter();
        let after_rest = |from: usize| params[from..].iter().filter(|p| p.kind == ParamKind::Required).count();
        for (i, p) in params.iter().enumerate() {
            match &p.kind {
                ParamKind::Required => {
                    let v = args.next().unwrap_or(RValue::Nil);
                    self.locals.insert(p.name.clone(), v);
                }
                ParamKind::Optional(default) => {
                    let v = if spare > 0 {
                        spare -= 1;
                        args.next().unwrap_or(RValue::Nil)
                    } else {
                        self.eval(default)?
                    };
                    self.locals.insert(p.name.clone(), v);
                }
                ParamKind::Rest => {
                    let take = args.len().saturating_sub(after_rest(i + 1));
                    let items: Vec<RValue> = args.by_ref().take(take).collect();
                    self.locals.insert(p.name.clone(), RValue::array(items));
                }
                ParamKind::Keyword(default) => {
                    let given = match &options {
                        Some(RValue::Hash(pairs)) => {
                            crate::value::hash_get(&pairs.borrow(), &RValue::Sym(Rc::from(p.name.as_str()))).cloned()
                        }
                        _ => None,
                    };
                    let v = match (given, default) {
                        (Some(v), _) => v,
                        (None, Some(d)) => self.eval(d)?,
                        (None, None) => {
                            return err(RubyErrorKind::Argument(format!("missing keyword: :{}", p.name)), at)
                        }
                    };
                    self.locals.insert(p.name.clone(), v);
                }
                ParamKind::Block => {
                    let v = match &block {
                        Some(b) => RValue::Proc(b.clone()),
                        None if self.puppet_lambda && self.blocks.len() == 1 => RValue::PuppetLambda,
                        None => RValue::Nil,
                    };
                    self.locals.insert(p.name.clone(), v);
                }
            }
        }
        Ok(())
    }

    /// A call's arguments, `*splat`s spread, and the block a `&proc`
    /// argument passes.
    pub(crate) fn call_args(&mut self, args: &[Node]) -> Ev<(Vec<RValue>, Option<Rc<Block>>)> {
        let mut block = None;
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            match &a.kind {
                Kind::BlockArg(e) => match self.eval(e)? {
                    RValue::Proc(b) => block = Some(b),
                    RValue::Nil => {}
                    RValue::PuppetLambda => {
                        return err(
                            RubyErrorKind::Unsupported("passing the Puppet lambda on as a block (&block)".into()),
                            a.at,
                        )
                    }
                    other => {
                        return err(
                            RubyErrorKind::Type(format!("wrong argument type {} (expected Proc)", other.class_name())),
                            a.at,
                        )
                    }
                },
                _ => values.extend(self.eval_arg(a)?),
            }
        }
        Ok((values, block))
    }

    /// Elements of an array literal, `*splat`s spread.
    pub(crate) fn eval_args(&mut self, items: &[Node]) -> Ev<Vec<RValue>> {
        let mut out = Vec::with_capacity(items.len());
        for i in items {
            out.extend(self.eval_arg(i)?);
        }
        Ok(out)
    }

    /// One argument's values: one, or a splat's elements.
    fn eval_arg(&mut self, a: &Node) -> Ev<Vec<RValue>> {
        match &a.kind {
            Kind::Splat(e) => {
                let v = self.eval(e)?;
                Ok(match v {
                    RValue::Nil => Vec::new(),
                    RValue::Array(items) => items.snapshot(),
                    other => other.elements().unwrap_or_else(|| vec![other]),
                })
            }
            _ => Ok(vec![self.eval(a)?]),
        }
    }
}

/// The names a block's parameters bind.
pub(crate) fn param_names(params: &[Param]) -> Vec<String> {
    let mut out = Vec::new();
    for p in params {
        match p {
            Param::Name(n) | Param::Rest(n) | Param::Optional(n, _) => out.push(n.clone()),
            Param::Nested(inner) => out.extend(param_names(inner)),
        }
    }
    out
}

impl Interp<'_> {
    /// Binds block parameters: several parameters and one Array argument
    /// spread the array over them, as Ruby's blocks do; the required ones
    /// take their arguments first, the optional ones what is left, in
    /// order, their defaults evaluated when none is.
    pub(crate) fn bind_params(&mut self, params: &[Param], mut args: Vec<RValue>) -> Ev<()> {
        // One Array argument spreads over several parameters; a lone `*rest`
        // takes it whole, as in Ruby (`[[1, 2]].each { |*a| }` gives `[[1, 2]]`).
        if params.len() > 1 && args.len() == 1 {
            if let RValue::Array(items) = &args[0] {
                args = items.snapshot();
            }
        }
        let required = params.iter().filter(|p| matches!(p, Param::Name(_) | Param::Nested(_))).count();
        let mut spare = args.len().saturating_sub(required);
        let mut next = 0;
        for (i, p) in params.iter().enumerate() {
            match p {
                Param::Rest(n) => {
                    let after =
                        params[i + 1..].iter().filter(|p| matches!(p, Param::Name(_) | Param::Nested(_))).count();
                    let take = args.len().saturating_sub(next + after);
                    let rest: Vec<RValue> = args.iter().skip(next).take(take).cloned().collect();
                    next += take;
                    self.locals.insert(n.clone(), RValue::array(rest));
                }
                Param::Name(n) => {
                    self.locals.insert(n.clone(), args.get(next).cloned().unwrap_or(RValue::Nil));
                    next += 1;
                }
                Param::Optional(n, default) => {
                    let value = if spare > 0 && next < args.len() {
                        spare -= 1;
                        next += 1;
                        args[next - 1].clone()
                    } else {
                        self.eval(default)?
                    };
                    self.locals.insert(n.clone(), value);
                }
                Param::Nested(inner) => {
                    let items = match args.get(next).cloned().unwrap_or(RValue::Nil) {
                        RValue::Array(items) => items.snapshot(),
                        other => vec![other],
                    };
                    next += 1;
                    self.bind_params(inner, vec![RValue::array(items)])?;
                }
            }
        }
        Ok(())
    }
}

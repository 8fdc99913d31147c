//! What confer runs of a module's resource type file
//! (`lib/puppet/type/x.rb`): its `self.title_patterns`, which decides the
//! parameters a resource's title gives (`keystone_user { 'admin::Default': }`
//! has `name => admin, domain => Default`). The method runs with the
//! methods of the helper files the type requires (`puppet_x/...`), read
//! for their definitions only; nothing else of the type runs.

use std::collections::HashMap;
use std::rc::Rc;

use crate::ast::{Kind, Node, Part};
use crate::error::{RubyError, RubyErrorKind};
use crate::flow::Ctl;
use crate::interp::{Interp, Method, SelfKind};
use crate::value::RValue;
use crate::Host;
use confer_core::Value;

/// A type's class methods run outside any compile: no variables, no
/// functions.
struct NoPuppet;

impl Host for NoPuppet {
    fn variable(&mut self, _: &str) -> Option<Value> {
        None
    }
    fn undefined_variable(&mut self, _: &str) -> Result<(), String> {
        Ok(())
    }
    fn set_variable(&mut self, name: &str, _: Value) -> Result<(), String> {
        Err(format!("a resource type cannot set the variable '{name}'"))
    }
    fn changed_variable(&mut self, _: &str) -> Option<RValue> {
        None
    }
    fn change_variable(&mut self, _: &str, _: RValue) {}
    fn variables(&mut self) -> Vec<(String, Value)> {
        Vec::new()
    }
    fn has_legacy_function(&mut self, _: &str) -> bool {
        false
    }
    fn scope_label(&mut self) -> String {
        String::new()
    }
    fn parse_type(&mut self, text: &str) -> Result<Value, String> {
        Err(format!("a resource type's title patterns cannot parse the type '{text}'"))
    }
    fn call_function(&mut self, name: &str, _: Vec<Value>) -> Result<Value, String> {
        Err(format!("a resource type's title patterns cannot call the function '{name}'"))
    }
    fn call_lambda(&mut self, _: Vec<Value>) -> Result<Value, String> {
        Err("no lambda was given".into())
    }
    fn find_template(&mut self, _: &str) -> Option<String> {
        None
    }
    fn log(&mut self, _: &str, _: &str) {}
}

/// How many helper files one type may pull in, counting every `require`.
const MAX_REQUIRES: usize = 64;

/// One title pattern: the regexp, compiled once when the type is read,
/// and the parameter each of its groups sets, in order.
#[derive(Clone, Debug)]
pub struct TitlePattern {
    /// The regexp (its `source()` is Ruby's).
    pub regex: std::sync::Arc<confer_core::Regexp>,
    /// The parameter each group sets.
    pub params: Vec<String>,
}

/// Patterns are equal when their sources and parameters are.
impl PartialEq for TitlePattern {
    fn eq(&self, other: &TitlePattern) -> bool {
        self.regex.source() == other.regex.source() && self.params == other.params
    }
}

impl Eq for TitlePattern {}

/// The title patterns the type file `text` declares (`None` when it has
/// no `self.title_patterns`). `require` gives the text of a required file
/// (`puppet_x/keystone/composite_namevar`) when a module has it.
pub fn title_patterns(
    text: &str,
    require: &mut dyn FnMut(&str) -> Option<String>,
) -> Result<Option<Vec<TitlePattern>>, RubyError> {
    let program = crate::parse_program(text)?;
    let mut methods = HashMap::new();
    let mut requires = Vec::new();
    collect(&program, None, &mut methods, &mut requires);
    let Some(method) = methods.get("self.title_patterns").cloned() else { return Ok(None) };
    let mut seen = Vec::new();
    while let Some(name) = requires.pop() {
        if seen.contains(&name) {
            continue;
        }
        if seen.len() >= MAX_REQUIRES {
            return Err(RubyError::new(RubyErrorKind::Limit(format!("more than {MAX_REQUIRES} required files")), 0));
        }
        seen.push(name.clone());
        if let Some(helper) = require(&name) {
            // A helper that does not parse adds nothing; what the method
            // then misses is an error when it is called.
            if let Ok(helper) = crate::parse_program(&helper) {
                collect(&helper, None, &mut methods, &mut requires);
            }
        }
    }
    let mut host = NoPuppet;
    let mut interp = Interp::new(&mut host);
    interp.self_kind = SelfKind::Function;
    interp.methods = methods;
    let value = match interp.run_method(&method, Vec::new(), None, 0) {
        Ok(v) => v,
        Err(Ctl::Err(e)) => return Err(e),
        Err(_) => return Err(RubyError::new(RubyErrorKind::Syntax("break outside a block".into()), 0)),
    };
    read_patterns(&value).map(Some)
}

/// The methods a file defines (a module's own as `Module.name`, the type's
/// as `self.name`) and the files it requires, from its structure alone.
fn collect(
    nodes: &[Node],
    module: Option<&str>,
    methods: &mut HashMap<String, Rc<Method>>,
    requires: &mut Vec<String>,
) {
    for n in nodes {
        match &n.kind {
            Kind::Def(name, params, body) => {
                let key = match (name.strip_prefix("self."), module) {
                    (Some(own), Some(m)) => format!("{m}.{own}"),
                    _ => name.clone(),
                };
                methods.insert(key, Rc::new((params.clone(), body.clone())));
            }
            Kind::Module(name, body) => {
                let qualified = match module {
                    Some(outer) => format!("{outer}::{name}"),
                    None => name.clone(),
                };
                collect(body, Some(&qualified), methods, requires);
            }
            Kind::Call { recv: None, name, args, .. } if name == "require" => {
                if let Some(Kind::Str(parts)) = args.first().map(|a| &a.kind) {
                    if let [Part::Lit(path)] = parts.as_slice() {
                        requires.push(path.clone());
                    }
                }
            }
            // `Puppet::Type.newtype(:x) do ... end`: the type's methods.
            Kind::Call { block: Some(block), .. } => collect(&block.body, module, methods, requires),
            _ => {}
        }
    }
}

/// `[[regexp, [[:param], [:param, proc]]], ...]` as title patterns.
fn read_patterns(value: &RValue) -> Result<Vec<TitlePattern>, RubyError> {
    let bad = |what: &str| RubyError::new(RubyErrorKind::Unsupported(format!("title patterns {what}")), 0);
    let RValue::Array(patterns) = value else { return Err(bad("that are not an Array")) };
    let mut out = Vec::new();
    for p in patterns.borrow().iter() {
        let RValue::Array(pair) = p else { return Err(bad("with an entry that is not a pair")) };
        let pair = pair.snapshot();
        let (Some(RValue::Regex(re)), Some(RValue::Array(groups))) = (pair.first(), pair.get(1)) else {
            return Err(bad("with an entry that is not [Regexp, [[:param], ...]]"));
        };
        let mut params = Vec::new();
        for g in groups.borrow().iter() {
            match g {
                RValue::Array(g) => match g.borrow().as_slice() {
                    [RValue::Sym(s)] => params.push(s.to_string()),
                    [RValue::Sym(s), RValue::Proc(b)] if is_identity(b) => params.push(s.to_string()),
                    _ => return Err(bad("whose parameter has a munging proc")),
                },
                _ => return Err(bad("with a group that is not [:param]")),
            }
        }
        out.push(TitlePattern { regex: re.clone(), params });
    }
    Ok(out)
}

/// Whether a proc gives back its argument (`lambda { |x| x }`).
fn is_identity(b: &crate::ast::Block) -> bool {
    match (b.params.as_slice(), b.body.as_slice()) {
        ([crate::ast::Param::Name(p)], [Node { kind: Kind::Local(v), .. }]) => p == v,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HELPER: &str = r#"
module PuppetX
  module Keystone
    module CompositeNamevar
      def self.not_two_colon_regex
        Regexp.new(/(?:[^:]|:[^:])+/)
      end

      def self.basic_split_title_patterns(prefix, suffix, separator = '::', *regexps)
        associated_regexps = []
        if regexps.empty? and separator == '::'
          associated_regexps += [not_two_colon_regex, not_two_colon_regex]
        end
        prefix_re = associated_regexps[0]
        suffix_re = associated_regexps[1]
        [
          [/^(#{prefix_re})#{separator}(#{suffix_re})$/, [[prefix], [suffix]]],
          [/^(#{prefix_re})$/, [[prefix]]]
        ]
      end
    end
  end
end
"#;

    #[test]
    fn keystone_composite_titles_come_from_the_helper() {
        let ty = r#"
require 'puppet_x/keystone/composite_namevar'
Puppet::Type.newtype(:keystone_user) do
  newparam(:name, :namevar => true)
  newparam(:domain) do
    isnamevar
  end
  def self.title_patterns
    PuppetX::Keystone::CompositeNamevar.basic_split_title_patterns(:name, :domain)
  end
end
"#;
        let mut require = |name: &str| (name == "puppet_x/keystone/composite_namevar").then(|| HELPER.to_string());
        let patterns = title_patterns(ty, &mut require).expect("runs").expect("has patterns");
        assert_eq!(patterns.len(), 2);
        assert_eq!(patterns[0].params, vec!["name", "domain"]);
        assert_eq!(patterns[0].regex.source(), "^((?-mix:(?:[^:]|:[^:])+))::((?-mix:(?:[^:]|:[^:])+))$");
        assert_eq!(patterns[1].params, vec!["name"]);
    }

    #[test]
    fn a_type_without_title_patterns_has_none() {
        assert_eq!(title_patterns("Puppet::Type.newtype(:x) do\nend\n", &mut |_| None).unwrap(), None);
    }
}

//! Variable scopes. Spec: "Variables" — variables are immutable once assigned,
//! local scopes see their parents' variables, and the numeric match variables
//! `$0..$n` live in an ephemeral layer that `if`, `unless`, `case` and selectors
//! save and restore.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

use confer_core::Value;

use super::scope_vars::Vars;

/// What kind of construct a scope belongs to; it decides how `notice` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    /// The top scope, printed as `Class[main]`.
    Top,
    /// A node definition's scope.
    Node(String),
    /// A class body, by lower-case class name.
    Class(String),
    /// A defined resource instance: its capitalised type and title.
    Resource(String, String),
    /// A lambda or Puppet-language function body.
    Local,
}

/// The captures of the last successful match: `$0` is the whole match.
pub type MatchData = Arc<Vec<Option<String>>>;

/// One scope: its variables, its match layer and the scope it inherits from.
#[derive(Debug)]
pub struct Scope {
    /// What this scope belongs to.
    pub kind: ScopeKind,
    /// The enclosing scope for lookups.
    pub parent: Option<Rc<Scope>>,
    /// For a class (that inherits nothing) or a defined resource, the scope
    /// whose code declared it: Puppet's scope parent, along which resource
    /// defaults reach the resources of included classes and defines
    /// (variables are looked up lexically, along `parent`).
    declared_in: Option<Rc<Scope>>,
    /// A lambda call creates and fills one of these per element, so a few
    /// variables cost no hashing (see `scope_vars`).
    vars: RefCell<Vars>,
    matches: RefCell<Option<MatchData>>,
    /// The catalog resource this scope evaluates (a class, node or defined
    /// resource): what resources declared here are contained in and take
    /// their tags from. Local scopes use their parent's.
    resource: Cell<Option<usize>>,
}

/// Why an assignment was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum AssignError {
    /// The variable already has a value in this scope.
    Reassign,
}

impl AssignError {
    /// Puppet's words for refusing to assign `$name`: `$title` and `$name`
    /// are set for every resource, so Puppet calls them built in.
    pub fn message(&self, name: &str) -> String {
        match name {
            "title" | "name" => format!("Cannot reassign built in (or already assigned) variable '${name}'"),
            _ => format!("Cannot reassign variable '${name}'"),
        }
    }
}

impl Scope {
    /// A new scope inheriting from `parent`.
    pub fn new(kind: ScopeKind, parent: Option<Rc<Scope>>) -> Rc<Scope> {
        Scope::declared(kind, parent, None)
    }

    /// A new class or defined resource scope under `parent`, declared by the
    /// code of `declared_in`.
    pub fn declared(kind: ScopeKind, parent: Option<Rc<Scope>>, declared_in: Option<Rc<Scope>>) -> Rc<Scope> {
        Rc::new(Scope {
            kind,
            parent,
            declared_in,
            vars: RefCell::new(Vars::default()),
            matches: RefCell::new(None),
            resource: Cell::new(None),
        })
    }

    /// Puppet's scope parent: the scope that declared a class or defined
    /// resource, else the enclosing one. Resource defaults are looked up
    /// along it, and a defined resource's path runs through it.
    pub fn puppet_parent(&self) -> Option<Rc<Scope>> {
        self.declared_in.clone().or_else(|| self.parent.clone())
    }

    /// A new local scope (a lambda's) under `parent`, made in `spare` when
    /// given one (an emptied scope from [`Scope::recycle`]).
    pub fn local(spare: Option<Rc<Scope>>, parent: Rc<Scope>) -> Rc<Scope> {
        match spare {
            Some(mut scope) => {
                if let Some(s) = Rc::get_mut(&mut scope) {
                    s.parent = Some(parent);
                    return scope;
                }
                Scope::new(ScopeKind::Local, Some(parent))
            }
            None => Scope::new(ScopeKind::Local, Some(parent)),
        }
    }

    /// Empties a local scope that nothing holds any more (no closure or
    /// other scope kept it), keeping its variable table's room, so that the
    /// next lambda call can reuse it; `None` when it is still held.
    pub fn recycle(mut scope: Rc<Scope>) -> Option<Rc<Scope>> {
        let s = Rc::get_mut(&mut scope)?;
        if s.kind != ScopeKind::Local {
            return None;
        }
        s.parent = None;
        s.vars.get_mut().clear();
        *s.matches.get_mut() = None;
        s.resource.set(None);
        Some(scope)
    }

    /// Records the catalog resource this scope evaluates.
    pub fn set_resource(&self, index: usize) {
        self.resource.set(Some(index));
    }

    /// The catalog resource of this scope or, for a local scope, of the
    /// nearest enclosing one that has one.
    pub fn resource(&self) -> Option<usize> {
        match (self.resource.get(), &self.kind) {
            (Some(i), _) => Some(i),
            (None, ScopeKind::Local) => self.parent.as_ref().and_then(|p| p.resource()),
            (None, _) => None,
        }
    }

    /// The label `notice` prints: the nearest class, node or resource scope.
    pub fn label(&self) -> String {
        match &self.kind {
            ScopeKind::Top => "Class[main]".to_string(),
            ScopeKind::Node(name) => format!("Node[{name}]"),
            ScopeKind::Class(name) => format!("Class[{}]", confer_core::types::params::capitalize_segments(name)),
            ScopeKind::Resource(ty, title) => format!("{ty}[{title}]"),
            ScopeKind::Local => self.parent.as_ref().map_or_else(|| "Class[main]".to_string(), |p| p.label()),
        }
    }

    /// Binds `name` in this scope; a variable is assigned at most once per scope.
    pub fn assign(&self, name: &str, value: Value) -> Result<(), AssignError> {
        self.assign_shared(&Arc::from(name), value)
    }

    /// [`Scope::assign`] with a name already shared (a parameter's, from the
    /// syntax tree), which binding then does not copy.
    pub fn assign_shared(&self, name: &Arc<str>, value: Value) -> Result<(), AssignError> {
        let mut vars = self.vars.borrow_mut();
        if vars.contains(name) {
            return Err(AssignError::Reassign);
        }
        vars.insert(name.clone(), value);
        Ok(())
    }

    /// Rebinds `name` where it is bound, here or in an enclosing scope, to
    /// `value`; the value it had. Only for a Ruby template that changed the
    /// object a variable holds in place: Puppet code cannot reassign.
    pub fn replace_changed(&self, name: &str, value: Value) -> Option<Value> {
        if self.vars.borrow().contains(name) {
            return self.vars.borrow_mut().replace(name, value);
        }
        self.parent.as_ref().and_then(|p| p.replace_changed(name, value))
    }

    /// Looks `name` up here and then in the enclosing scopes.
    pub fn lookup(&self, name: &str) -> Option<Value> {
        if let Some(v) = self.vars.borrow().get(name) {
            return Some(v.clone());
        }
        self.parent.as_ref().and_then(|p| p.lookup(name))
    }

    /// Every variable visible from this scope, nearest first (a name bound
    /// in several scopes appears once, with its nearest value).
    pub fn visible(&self) -> Vec<(String, Value)> {
        let mut out: Vec<(String, Value)> = self.parent.as_ref().map(|p| p.visible()).unwrap_or_default();
        let mut own: Vec<(String, Value)> = self.vars.borrow().entries();
        own.sort_by(|a, b| a.0.cmp(&b.0));
        out.retain(|(k, _)| !own.iter().any(|(o, _)| o == k));
        out.extend(own);
        out
    }

    /// Looks `name` up in this scope only.
    pub fn lookup_own(&self, name: &str) -> Option<Value> {
        self.vars.borrow().get(name).cloned()
    }

    /// The value of numeric variable `$n`: from the nearest scope with match data,
    /// `undef` when there is none or the group did not participate.
    pub fn match_var(&self, n: usize) -> Value {
        if let Some(m) = self.matches.borrow().as_ref() {
            return m.get(n).cloned().flatten().map_or(Value::Undef, Value::from);
        }
        self.parent.as_ref().map_or(Value::Undef, |p| p.match_var(n))
    }

    /// Replaces this scope's match data (after a successful `=~`).
    pub fn set_matches(&self, data: MatchData) {
        *self.matches.borrow_mut() = Some(data);
    }

    /// The current match layer, to be restored by `restore_matches`.
    pub fn save_matches(&self) -> Option<MatchData> {
        self.matches.borrow().clone()
    }

    /// Puts back a match layer saved before a conditional construct.
    pub fn restore_matches(&self, saved: Option<MatchData>) {
        *self.matches.borrow_mut() = saved;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_are_assigned_once_per_scope() {
        let top = Scope::new(ScopeKind::Top, None);
        top.assign("x", Value::Integer(1)).unwrap();
        assert_eq!(top.assign("x", Value::Integer(2)), Err(AssignError::Reassign));
        let local = Scope::new(ScopeKind::Local, Some(top.clone()));
        local.assign("x", Value::Integer(3)).unwrap();
        assert_eq!(local.lookup("x"), Some(Value::Integer(3)));
        assert_eq!(top.lookup("x"), Some(Value::Integer(1)));
    }

    #[test]
    fn a_recycled_scope_starts_empty() {
        let top = Scope::new(ScopeKind::Top, None);
        let local = Scope::local(None, top.clone());
        local.assign("x", Value::Integer(1)).unwrap();
        local.set_matches(Arc::new(vec![Some("a".into())]));
        local.set_resource(3);
        let held = local.clone();
        assert!(Scope::recycle(local).is_none(), "a scope still held is not reused");
        let spare = Scope::recycle(held).expect("no one else holds it");
        let again = Scope::local(Some(spare), top.clone());
        assert_eq!(again.lookup_own("x"), None);
        assert_eq!(again.match_var(0), Value::Undef);
        assert_eq!(again.resource(), None);
        again.assign("x", Value::Integer(2)).unwrap();
        assert_eq!(again.lookup("x"), Some(Value::Integer(2)));
        assert!(Rc::ptr_eq(again.parent.as_ref().unwrap(), &top));
    }

    #[test]
    fn match_layers_are_restored() {
        let top = Scope::new(ScopeKind::Top, None);
        top.set_matches(Arc::new(vec![Some("a".into()), Some("b".into())]));
        let saved = top.save_matches();
        top.set_matches(Arc::new(vec![Some("x".into())]));
        assert_eq!(top.match_var(0), Value::from("x"));
        top.restore_matches(saved);
        assert_eq!(top.match_var(1), Value::from("b"));
        assert_eq!(top.match_var(5), Value::Undef);
    }

    #[test]
    fn local_scopes_are_labelled_by_their_owner() {
        let top = Scope::new(ScopeKind::Top, None);
        let class = Scope::new(ScopeKind::Class("foo::bar".into()), Some(top));
        let lambda = Scope::new(ScopeKind::Local, Some(class));
        assert_eq!(lambda.label(), "Class[Foo::Bar]");
    }
}

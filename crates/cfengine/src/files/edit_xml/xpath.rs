//! XPath 1.0 evaluation over a [`Doc`], as libxml2's
//! `xmlXPathEvalExpression` answers cf-agent's `XmlSelectNode`: no
//! namespace prefixes registered (so a name in a default namespace is not
//! matched by a plain name test, and any prefix but `xml` is an error),
//! the comparison rules of section 3.4 (node-sets compared by any member),
//! positions counted in each axis's direction. The core functions that
//! select and compare are carried out; the others (`substring`,
//! `translate`, `sum`, `round`, ...) and the `namespace` axis are refused
//! with [`XPathError::Unsupported`], never guessed. Work is bounded by a
//! budget of node visits.

use super::dom::{Doc, Kind, NodeId, XML_NAMESPACE};
use super::xpath_syntax::{parse, ArithOp, Axis, CmpOp, Expr, NodeTest, Step, XPathError};

/// Most nodes one evaluation may visit.
const BUDGET: usize = 20_000_000;

/// A node as XPath sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum XNode {
    /// The document itself.
    Root,
    Node(NodeId),
    /// An element's attribute, by index.
    Attr(NodeId, usize),
}

/// A value.
#[derive(Debug, Clone)]
enum Value {
    Nodes(Vec<XNode>),
    Bool(bool),
    Num(f64),
    Str(String),
}

/// The nodes an expression selects, in document order; an expression of
/// another type selects none (libxml2's `nodesetval` is then empty).
pub(crate) fn select(doc: &Doc, expr: &str) -> Result<Vec<XNode>, XPathError> {
    let e = parse(expr)?;
    let mut ev = Eval { doc, order: document_order(doc), budget: BUDGET };
    match ev.eval(&e, XNode::Root, 1, 1)? {
        Value::Nodes(n) => Ok(n),
        _ => Ok(vec![]),
    }
}

/// Each reachable node's place in document order (the document is 0).
fn document_order(doc: &Doc) -> Vec<usize> {
    let mut order = vec![usize::MAX; doc.arena_len()];
    let mut next = 1;
    let mut stack: Vec<NodeId> = doc.top.iter().rev().copied().collect();
    while let Some(n) = stack.pop() {
        order[n] = next;
        next += 1;
        stack.extend(doc.children(n).iter().rev());
    }
    order
}

struct Eval<'d> {
    doc: &'d Doc,
    order: Vec<usize>,
    budget: usize,
}

impl Eval<'_> {
    fn key(&self, n: &XNode) -> (usize, usize) {
        match *n {
            XNode::Root => (0, 0),
            XNode::Node(id) => (self.order[id], 0),
            XNode::Attr(id, i) => (self.order[id], i + 1),
        }
    }

    fn sort(&self, mut nodes: Vec<XNode>) -> Vec<XNode> {
        nodes.sort_by_key(|n| self.key(n));
        nodes.dedup();
        nodes
    }

    fn spend(&mut self, n: usize) -> Result<(), XPathError> {
        self.budget = self.budget.checked_sub(n).ok_or_else(|| {
            XPathError::Unsupported(format!("confer stops evaluating an XPath after visiting {BUDGET} nodes"))
        })?;
        Ok(())
    }

    fn eval(&mut self, e: &Expr, ctx: XNode, pos: usize, size: usize) -> Result<Value, XPathError> {
        Ok(match e {
            Expr::Or(a, b) => Value::Bool(self.boolean(a, ctx, pos, size)? || self.boolean(b, ctx, pos, size)?),
            Expr::And(a, b) => Value::Bool(self.boolean(a, ctx, pos, size)? && self.boolean(b, ctx, pos, size)?),
            Expr::Compare(op, a, b) => {
                let (x, y) = (self.eval(a, ctx, pos, size)?, self.eval(b, ctx, pos, size)?);
                Value::Bool(self.compare(*op, &x, &y))
            }
            Expr::Arith(op, a, b) => {
                let (x, y) = (self.eval(a, ctx, pos, size)?, self.eval(b, ctx, pos, size)?);
                let (x, y) = (self.number(&x), self.number(&y));
                Value::Num(match op {
                    ArithOp::Add => x + y,
                    ArithOp::Sub => x - y,
                    ArithOp::Mul => x * y,
                    ArithOp::Div => x / y,
                    ArithOp::Mod => x % y,
                })
            }
            Expr::Negate(a) => {
                let x = self.eval(a, ctx, pos, size)?;
                Value::Num(-self.number(&x))
            }
            Expr::Union(a, b) => {
                let (Value::Nodes(mut x), Value::Nodes(y)) =
                    (self.eval(a, ctx, pos, size)?, self.eval(b, ctx, pos, size)?)
                else {
                    return Err(XPathError::Invalid("Invalid type".into()));
                };
                x.extend(y);
                Value::Nodes(self.sort(x))
            }
            Expr::Path(absolute, steps) => {
                let start = if *absolute { XNode::Root } else { ctx };
                Value::Nodes(self.steps(vec![start], steps)?)
            }
            Expr::Filter(base, preds, steps) => {
                let Value::Nodes(nodes) = self.eval(base, ctx, pos, size)? else {
                    return Err(XPathError::Invalid("Invalid type".into()));
                };
                let nodes = self.filter(nodes, preds)?;
                Value::Nodes(self.steps(nodes, steps)?)
            }
            Expr::Literal(s) => Value::Str(s.clone()),
            Expr::Number(n) => Value::Num(*n),
            Expr::Variable(_) => return Err(XPathError::Invalid("Undefined variable".into())),
            Expr::Call(name, args) => self.call(name, args, ctx, pos, size)?,
        })
    }

    fn boolean(&mut self, e: &Expr, ctx: XNode, pos: usize, size: usize) -> Result<bool, XPathError> {
        let v = self.eval(e, ctx, pos, size)?;
        Ok(truth(&v))
    }

    /// A location path's steps from `start`.
    fn steps(&mut self, start: Vec<XNode>, steps: &[Step]) -> Result<Vec<XNode>, XPathError> {
        let mut current = start;
        for step in steps {
            let mut next = vec![];
            for &n in &current {
                let candidates = self.axis(step.axis, n)?;
                let mut matched = vec![];
                for c in candidates {
                    if self.test(step.axis, &step.test, c)? {
                        matched.push(c);
                    }
                }
                next.extend(self.filter(matched, &step.predicates)?);
            }
            current = self.sort(next);
        }
        Ok(current)
    }

    /// Keeps the nodes each predicate holds for, in turn; a number is a
    /// position.
    fn filter(&mut self, mut nodes: Vec<XNode>, preds: &[Expr]) -> Result<Vec<XNode>, XPathError> {
        for p in preds {
            let size = nodes.len();
            let mut kept = vec![];
            for (i, &n) in nodes.iter().enumerate() {
                let v = self.eval(p, n, i + 1, size)?;
                let holds = match v {
                    Value::Num(x) => x == (i + 1) as f64,
                    other => truth(&other),
                };
                if holds {
                    kept.push(n);
                }
            }
            nodes = kept;
        }
        Ok(nodes)
    }

    /// The nodes along an axis, in the axis's direction.
    fn axis(&mut self, axis: Axis, n: XNode) -> Result<Vec<XNode>, XPathError> {
        let doc = self.doc;
        let children = |n: XNode| -> Vec<XNode> {
            match n {
                XNode::Root => doc.top.iter().map(|&c| XNode::Node(c)).collect(),
                XNode::Node(id) => doc.children(id).iter().map(|&c| XNode::Node(c)).collect(),
                XNode::Attr(..) => vec![],
            }
        };
        let parent = |n: XNode| -> Option<XNode> {
            match n {
                XNode::Root => None,
                XNode::Node(id) => Some(doc.node(id).parent.map_or(XNode::Root, XNode::Node)),
                XNode::Attr(id, _) => Some(XNode::Node(id)),
            }
        };
        let out = match axis {
            Axis::Child => children(n),
            Axis::Current => vec![n],
            Axis::Parent => parent(n).into_iter().collect(),
            Axis::Ancestor | Axis::AncestorOrSelf => {
                let mut out = if axis == Axis::AncestorOrSelf { vec![n] } else { vec![] };
                let mut at = n;
                while let Some(p) = parent(at) {
                    out.push(p);
                    at = p;
                }
                out
            }
            Axis::Descendant | Axis::DescendantOrSelf => {
                let mut out = if axis == Axis::DescendantOrSelf { vec![n] } else { vec![] };
                let mut stack: Vec<XNode> = children(n).into_iter().rev().collect();
                while let Some(c) = stack.pop() {
                    self.spend(1)?;
                    out.push(c);
                    stack.extend(children(c).into_iter().rev());
                }
                out
            }
            Axis::Attribute => match n {
                XNode::Node(id) => {
                    let count = doc.element(id).map_or(0, |e| e.attrs.len());
                    (0..count).map(|i| XNode::Attr(id, i)).collect()
                }
                _ => vec![],
            },
            Axis::FollowingSibling | Axis::PrecedingSibling => {
                let siblings = match parent(n) {
                    Some(p) if !matches!(n, XNode::Attr(..)) => children(p),
                    _ => vec![],
                };
                let at = siblings.iter().position(|&s| s == n).unwrap_or(0);
                if axis == Axis::FollowingSibling {
                    siblings.into_iter().skip(at + 1).collect()
                } else {
                    siblings.into_iter().take(at).rev().collect()
                }
            }
            Axis::Following | Axis::Preceding | Axis::Namespace => {
                return Err(XPathError::Unsupported(format!("confer does not evaluate the XPath axis {axis:?}")));
            }
        };
        self.spend(out.len())?;
        Ok(out)
    }

    /// Whether a node passes a node test on an axis.
    fn test(&self, axis: Axis, test: &NodeTest, n: XNode) -> Result<bool, XPathError> {
        let prefix_ns = |p: &Option<String>| -> Result<Option<&'static str>, XPathError> {
            match p.as_deref() {
                None => Ok(None),
                Some("xml") => Ok(Some(XML_NAMESPACE)),
                Some(_) => Err(XPathError::Invalid("Undefined namespace prefix".into())),
            }
        };
        let named = |name: &str, ns: Option<&str>, p: &Option<String>, local: &str| -> Result<bool, XPathError> {
            Ok(name == local && ns == prefix_ns(p)?)
        };
        if axis == Axis::Attribute {
            let XNode::Attr(id, i) = n else { return Ok(false) };
            let Some(a) = self.doc.element(id).map(|e| &e.attrs[i]) else { return Ok(false) };
            return match test {
                NodeTest::Any(None) | NodeTest::Node => Ok(true),
                NodeTest::Any(p) => Ok(a.ns.as_deref() == prefix_ns(p)?),
                NodeTest::Name(p, local) => named(&a.name, a.ns.as_deref(), p, local),
                _ => Ok(false),
            };
        }
        let XNode::Node(id) = n else { return Ok(matches!(test, NodeTest::Node)) };
        Ok(match (test, &self.doc.node(id).kind) {
            (NodeTest::Node, _) => true,
            (NodeTest::Any(None), Kind::Element(_)) => true,
            (NodeTest::Any(p), Kind::Element(e)) => e.ns.as_deref() == prefix_ns(p)?,
            (NodeTest::Name(p, local), Kind::Element(e)) => named(&e.name, e.ns.as_deref(), p, local)?,
            (NodeTest::Text, Kind::Text(_) | Kind::CData(_)) => true,
            (NodeTest::Comment, Kind::Comment(_)) => true,
            (NodeTest::Pi(target), Kind::Pi(t, _)) => target.as_ref().is_none_or(|w| w == t),
            _ => false,
        })
    }

    /// A node's string-value.
    fn string_of(&self, n: XNode) -> String {
        match n {
            XNode::Root => {
                let mut out = String::new();
                for &t in &self.doc.top {
                    if let Kind::Element(_) = self.doc.node(t).kind {
                        self.doc.descendant_text(t, &mut out);
                    }
                }
                out
            }
            XNode::Node(id) => self.doc.content(Some(id)).unwrap_or_default(),
            XNode::Attr(id, i) => self.doc.element(id).map(|e| e.attrs[i].value.clone()).unwrap_or_default(),
        }
    }

    fn string(&self, v: &Value) -> Result<String, XPathError> {
        Ok(match v {
            Value::Nodes(n) => n.first().map(|&n| self.string_of(n)).unwrap_or_default(),
            Value::Bool(b) => b.to_string(),
            Value::Num(x) => number_text(*x)?,
            Value::Str(s) => s.clone(),
        })
    }

    fn number(&self, v: &Value) -> f64 {
        match v {
            Value::Nodes(n) => n.first().map_or(f64::NAN, |&n| text_number(&self.string_of(n))),
            Value::Bool(b) => f64::from(u8::from(*b)),
            Value::Num(x) => *x,
            Value::Str(s) => text_number(s),
        }
    }

    /// Section 3.4: a node-set compares true when one of its nodes does.
    fn compare(&self, op: CmpOp, x: &Value, y: &Value) -> bool {
        match (x, y) {
            (Value::Nodes(a), Value::Nodes(b)) => {
                let bs: Vec<String> = b.iter().map(|&n| self.string_of(n)).collect();
                a.iter().any(|&n| {
                    let s = self.string_of(n);
                    bs.iter().any(|t| atomic(op, &Value::Str(s.clone()), &Value::Str(t.clone())))
                })
            }
            (Value::Nodes(a), Value::Bool(_)) => atomic(op, &Value::Bool(!a.is_empty()), y),
            (Value::Bool(_), Value::Nodes(b)) => atomic(op, x, &Value::Bool(!b.is_empty())),
            (Value::Nodes(a), other) => a.iter().any(|&n| atomic(op, &Value::Str(self.string_of(n)), other)),
            (other, Value::Nodes(b)) => b.iter().any(|&n| atomic(op, other, &Value::Str(self.string_of(n)))),
            _ => atomic(op, x, y),
        }
    }

    fn call(&mut self, name: &str, args: &[Expr], ctx: XNode, pos: usize, size: usize) -> Result<Value, XPathError> {
        let arity = |lo: usize, hi: usize| {
            if args.len() < lo || args.len() > hi {
                Err(XPathError::Invalid("Invalid number of arguments".into()))
            } else {
                Ok(())
            }
        };
        let mut vals = vec![];
        for a in args {
            vals.push(self.eval(a, ctx, pos, size)?);
        }
        // The optional node-set argument of name(), string(), ...: the
        // context node when absent.
        let node_arg = |vals: &[Value]| -> Result<Option<XNode>, XPathError> {
            match vals.first() {
                None => Ok(Some(ctx)),
                Some(Value::Nodes(n)) => Ok(n.first().copied()),
                Some(_) => Err(XPathError::Invalid("Invalid type".into())),
            }
        };
        let text_arg = |ev: &Self, vals: &[Value]| -> Result<String, XPathError> {
            match vals.first() {
                None => Ok(ev.string_of(ctx)),
                Some(v) => ev.string(v),
            }
        };
        Ok(match name {
            "last" => {
                arity(0, 0)?;
                Value::Num(size as f64)
            }
            "position" => {
                arity(0, 0)?;
                Value::Num(pos as f64)
            }
            "count" => {
                arity(1, 1)?;
                match &vals[0] {
                    Value::Nodes(n) => Value::Num(n.len() as f64),
                    _ => return Err(XPathError::Invalid("Invalid type".into())),
                }
            }
            "name" | "local-name" | "namespace-uri" => {
                arity(0, 1)?;
                Value::Str(node_arg(&vals)?.map(|n| self.name_of(name, n)).unwrap_or_default())
            }
            "string" => {
                arity(0, 1)?;
                Value::Str(text_arg(self, &vals)?)
            }
            "string-length" => {
                arity(0, 1)?;
                Value::Num(text_arg(self, &vals)?.chars().count() as f64)
            }
            "normalize-space" => {
                arity(0, 1)?;
                Value::Str(text_arg(self, &vals)?.split_ascii_whitespace().collect::<Vec<_>>().join(" "))
            }
            "concat" => {
                if args.len() < 2 {
                    return Err(XPathError::Invalid("Invalid number of arguments".into()));
                }
                let mut out = String::new();
                for v in &vals {
                    out.push_str(&self.string(v)?);
                }
                Value::Str(out)
            }
            "starts-with" | "contains" | "substring-before" | "substring-after" => {
                arity(2, 2)?;
                let (s, t) = (self.string(&vals[0])?, self.string(&vals[1])?);
                match name {
                    "starts-with" => Value::Bool(s.starts_with(&t)),
                    "contains" => Value::Bool(s.contains(&t)),
                    "substring-before" => Value::Str(s.find(&t).map(|i| s[..i].to_string()).unwrap_or_default()),
                    _ => Value::Str(s.find(&t).map(|i| s[i + t.len()..].to_string()).unwrap_or_default()),
                }
            }
            "not" | "boolean" => {
                arity(1, 1)?;
                let b = truth(&vals[0]);
                Value::Bool(if name == "not" { !b } else { b })
            }
            "true" | "false" => {
                arity(0, 0)?;
                Value::Bool(name == "true")
            }
            "number" => {
                arity(0, 1)?;
                match vals.first() {
                    None => Value::Num(text_number(&self.string_of(ctx))),
                    Some(v) => Value::Num(self.number(v)),
                }
            }
            "id" | "lang" | "substring" | "translate" | "sum" | "floor" | "ceiling" | "round" | "escape-uri" => {
                return Err(XPathError::Unsupported(format!("confer does not evaluate the XPath function {name}()")));
            }
            _ => return Err(XPathError::Invalid("Unregistered function".into())),
        })
    }

    /// `name()`, `local-name()` or `namespace-uri()` of a node.
    fn name_of(&self, which: &str, n: XNode) -> String {
        let (prefix, local, ns) = match n {
            XNode::Root => return String::new(),
            XNode::Attr(id, i) => match self.doc.element(id) {
                Some(e) => {
                    let a = &e.attrs[i];
                    (a.prefix.clone(), a.name.clone(), a.ns.clone())
                }
                None => return String::new(),
            },
            XNode::Node(id) => match &self.doc.node(id).kind {
                Kind::Element(e) => (e.prefix.clone(), e.name.clone(), e.ns.clone()),
                Kind::Pi(t, _) => (None, t.clone(), None),
                _ => return String::new(),
            },
        };
        match which {
            "local-name" => local,
            "namespace-uri" => ns.unwrap_or_default(),
            _ => prefix.map_or(local.clone(), |p| format!("{p}:{local}")),
        }
    }
}

/// A value's truth (`boolean()`).
fn truth(v: &Value) -> bool {
    match v {
        Value::Nodes(n) => !n.is_empty(),
        Value::Bool(b) => *b,
        Value::Num(x) => *x != 0.0 && !x.is_nan(),
        Value::Str(s) => !s.is_empty(),
    }
}

/// Compares two values none of which is a node-set.
fn atomic(op: CmpOp, x: &Value, y: &Value) -> bool {
    let num = |v: &Value| match v {
        Value::Num(n) => *n,
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::Str(s) => text_number(s),
        Value::Nodes(_) => f64::NAN,
    };
    match op {
        CmpOp::Eq | CmpOp::Ne => {
            let eq = match (x, y) {
                (Value::Bool(_), _) | (_, Value::Bool(_)) => truth(x) == truth(y),
                (Value::Num(_), _) | (_, Value::Num(_)) => num(x) == num(y),
                (Value::Str(a), Value::Str(b)) => a == b,
                _ => false,
            };
            eq == (op == CmpOp::Eq)
        }
        CmpOp::Lt => num(x) < num(y),
        CmpOp::Le => num(x) <= num(y),
        CmpOp::Gt => num(x) > num(y),
        CmpOp::Ge => num(x) >= num(y),
    }
}

/// `number()` of a text: optional blanks, an optional minus, digits with
/// an optional fraction; anything else is NaN.
fn text_number(s: &str) -> f64 {
    let t = s.trim_matches(|c| matches!(c, ' ' | '\t' | '\n' | '\r'));
    let body = t.strip_prefix('-').unwrap_or(t);
    let digits =
        body.chars().all(|c| c.is_ascii_digit() || c == '.') && body.chars().filter(|&c| c == '.').count() <= 1;
    if body.is_empty() || body == "." || !digits {
        return f64::NAN;
    }
    t.parse().unwrap_or(f64::NAN)
}

/// `string()` of a number, for the numbers whose text libxml2 and the
/// recommendation agree on; others are refused.
fn number_text(x: f64) -> Result<String, XPathError> {
    if x.is_nan() {
        return Ok("NaN".into());
    }
    if x.is_infinite() {
        return Ok(if x > 0.0 { "Infinity" } else { "-Infinity" }.into());
    }
    if x.fract() == 0.0 && x.abs() < 1e15 {
        return Ok(format!("{}", x as i64));
    }
    Err(XPathError::Unsupported(format!("confer does not turn the XPath number {x} into text")))
}

#[cfg(test)]
mod tests {
    use super::super::parse::document;
    use super::*;

    fn names(doc: &Doc, expr: &str) -> Vec<String> {
        select(doc, expr)
            .unwrap()
            .into_iter()
            .map(|n| match n {
                XNode::Node(id) => doc.element(id).map(|e| e.name.clone()).unwrap_or_else(|| "#node".into()),
                XNode::Attr(..) => "#attr".into(),
                XNode::Root => "#root".into(),
            })
            .collect()
    }

    #[test]
    fn paths_and_predicates_select_as_libxml2_does() {
        let d = document(b"<r><a x='1'><b>old</b><b>keep</b></a><a x='2'><c/></a></r>").unwrap();
        assert_eq!(names(&d, "//a[b='old']"), ["a"]);
        assert_eq!(names(&d, "/r/a[@x=2]/c"), ["c"]);
        assert_eq!(names(&d, "//b"), ["b", "b"]);
        assert_eq!(names(&d, "//a[2]"), ["a"]);
        assert_eq!(names(&d, "//a[last()]/c"), ["c"]);
        assert_eq!(names(&d, "//a/@x"), ["#attr", "#attr"]);
        assert_eq!(names(&d, "//b/text()"), ["#node", "#node"]);
        assert_eq!(names(&d, "//c/.."), ["a"]);
        assert!(names(&d, "1 + 1").is_empty());
        assert_eq!(names(&d, "//a[count(b) = 2 and not(@y)]"), ["a"]);
        assert_eq!(names(&d, "//*[starts-with(name(), 'c')]"), ["c"]);
    }

    #[test]
    fn a_union_inside_a_predicate_compares_as_a_node_set() {
        let d = document(b"<E><H name='h'><Alias>x</Alias></H></E>").unwrap();
        assert_eq!(names(&d, "/E/H[ Alias = x | @name=\"h\" ]"), [] as [&str; 0]);
        assert_eq!(names(&d, "/E/H[ Alias = 'x' ]"), ["H"]);
    }

    #[test]
    fn default_namespaces_hide_names_and_prefixes_are_errors() {
        let d = document(b"<a xmlns='u'><b/></a>").unwrap();
        assert!(names(&d, "//b").is_empty());
        assert_eq!(names(&d, "//*[local-name()='b']"), ["b"]);
        assert!(matches!(select(&d, "//p:b"), Err(XPathError::Invalid(_))));
        assert!(select(&d, "//b[foo()]").is_ok());
        assert!(select(&d, "//a[foo()]").is_ok());
        assert!(matches!(select(&d, "/*[foo()]"), Err(XPathError::Invalid(_))));
        assert!(matches!(select(&d, "/*[translate(., 'a', 'b')]"), Err(XPathError::Unsupported(_))));
    }

    #[test]
    fn numbers_compare_by_value() {
        assert!(atomic(CmpOp::Eq, &Value::Str(" 2 ".into()), &Value::Num(2.0)));
        assert!(text_number("1.5x").is_nan());
        assert_eq!(number_text(3.0).unwrap(), "3");
        assert!(number_text(0.5).is_err());
    }

    #[test]
    fn the_budget_bounds_a_costly_expression() {
        let d = document(format!("<r>{}</r>", "<a/>".repeat(3000)).as_bytes()).unwrap();
        assert!(matches!(select(&d, "//a[count(//a[count(//a) > 0]) > 0]"), Err(XPathError::Unsupported(_))));
    }
}

//! XPath 1.0 expressions (the W3C recommendation's grammar, sections 2
//! and 3) to a tree, for `select_xpath` and the paths `build_xpath`
//! probes. The whole grammar is read, so a text libxml2 refuses is refused
//! here as an error ([`XPathError::Invalid`]) and one it accepts is never
//! mistaken for one; what the evaluator does not carry out is refused
//! there. Nesting is bounded, so a hostile expression cannot overflow the
//! stack.

/// Deepest nesting of sub-expressions, predicates and calls.
const MAX_NESTING: usize = 64;

/// Why an expression cannot be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum XPathError {
    /// libxml2 fails on it too ("XPath error : ...").
    #[error("{0}")]
    Invalid(String),
    /// Valid XPath confer does not evaluate.
    #[error("{0}")]
    Unsupported(String),
}

fn invalid<T>(msg: &str) -> Result<T, XPathError> {
    Err(XPathError::Invalid(msg.to_string()))
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Expr {
    Or(Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Compare(CmpOp, Box<Expr>, Box<Expr>),
    Arith(ArithOp, Box<Expr>, Box<Expr>),
    Negate(Box<Expr>),
    Union(Box<Expr>, Box<Expr>),
    /// A location path, from the document (absolute) or the context node.
    Path(bool, Vec<Step>),
    /// A primary expression, its predicates, and a path below it.
    Filter(Box<Expr>, Vec<Expr>, Vec<Step>),
    Literal(String),
    Number(f64),
    Call(String, Vec<Expr>),
    Variable(String),
}

/// Comparison operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Arithmetic operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

/// A location step.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Step {
    pub axis: Axis,
    pub test: NodeTest,
    pub predicates: Vec<Expr>,
}

/// The axes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Axis {
    Child,
    Descendant,
    DescendantOrSelf,
    Parent,
    Ancestor,
    AncestorOrSelf,
    FollowingSibling,
    PrecedingSibling,
    Following,
    Preceding,
    Attribute,
    Namespace,
    /// `self::`.
    Current,
}

/// A node test.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NodeTest {
    /// `*`, or `prefix:*` (the prefix given).
    Any(Option<String>),
    /// A name, with its prefix.
    Name(Option<String>, String),
    Node,
    Text,
    Comment,
    Pi(Option<String>),
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Slash,
    DoubleSlash,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Dot,
    DotDot,
    At,
    Comma,
    ColonColon,
    Pipe,
    Plus,
    Minus,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Star,
    Literal(String),
    Number(f64),
    /// A name test or function name: prefix and local part (`*` for
    /// `prefix:*`).
    Name(Option<String>, String),
    Var(String),
    /// `and`, `or`, `mod`, `div`, `*` read as operators.
    Op(&'static str),
}

fn name_start(c: char) -> bool {
    c.is_alphabetic() || c == '_' || !c.is_ascii()
}

fn name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.') || !c.is_ascii()
}

/// Splits an expression into tokens, reading `*` and operator names as
/// operators where the recommendation says (section 3.7).
fn tokens(s: &str) -> Result<Vec<Tok>, XPathError> {
    let chars: Vec<char> = s.chars().collect();
    let mut out: Vec<Tok> = vec![];
    let mut i = 0;
    let ncname = |i: &mut usize| {
        let start = *i;
        while *i < chars.len() && name_char(chars[*i]) {
            *i += 1;
        }
        chars[start..*i].iter().collect::<String>()
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        // After these an operator cannot follow, so `*` and names are tests.
        let operand_expected = matches!(
            out.last(),
            None | Some(
                Tok::At
                    | Tok::ColonColon
                    | Tok::LParen
                    | Tok::LBracket
                    | Tok::Comma
                    | Tok::Op(_)
                    | Tok::Slash
                    | Tok::DoubleSlash
                    | Tok::Pipe
                    | Tok::Plus
                    | Tok::Minus
                    | Tok::Eq
                    | Tok::Ne
                    | Tok::Lt
                    | Tok::Le
                    | Tok::Gt
                    | Tok::Ge
            )
        );
        let next = chars.get(i + 1).copied();
        let tok = match c {
            '/' if next == Some('/') => (Tok::DoubleSlash, 2),
            '/' => (Tok::Slash, 1),
            '(' => (Tok::LParen, 1),
            ')' => (Tok::RParen, 1),
            '[' => (Tok::LBracket, 1),
            ']' => (Tok::RBracket, 1),
            '.' if next == Some('.') => (Tok::DotDot, 2),
            '.' if next.is_some_and(|d| d.is_ascii_digit()) => {
                let start = i;
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let text: String = chars[start..i].iter().collect();
                out.push(Tok::Number(text.parse().unwrap_or(f64::NAN)));
                continue;
            }
            '.' => (Tok::Dot, 1),
            '@' => (Tok::At, 1),
            ',' => (Tok::Comma, 1),
            ':' if next == Some(':') => (Tok::ColonColon, 2),
            '|' => (Tok::Pipe, 1),
            '+' => (Tok::Plus, 1),
            '-' => (Tok::Minus, 1),
            '=' => (Tok::Eq, 1),
            '!' if next == Some('=') => (Tok::Ne, 2),
            '<' if next == Some('=') => (Tok::Le, 2),
            '<' => (Tok::Lt, 1),
            '>' if next == Some('=') => (Tok::Ge, 2),
            '>' => (Tok::Gt, 1),
            '*' if operand_expected => (Tok::Star, 1),
            '*' => (Tok::Op("*"), 1),
            '"' | '\'' => {
                let end = chars[i + 1..].iter().position(|&d| d == c);
                let Some(end) = end else { return invalid("Unfinished literal") };
                out.push(Tok::Literal(chars[i + 1..i + 1 + end].iter().collect()));
                i += end + 2;
                continue;
            }
            '$' => {
                i += 1;
                let name = ncname(&mut i);
                if name.is_empty() {
                    return invalid("Invalid expression");
                }
                out.push(Tok::Var(name));
                continue;
            }
            d if d.is_ascii_digit() => {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                if i < chars.len() && chars[i] == '.' {
                    i += 1;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                }
                let text: String = chars[start..i].iter().collect();
                out.push(Tok::Number(text.parse().unwrap_or(f64::NAN)));
                continue;
            }
            n if name_start(n) => {
                let first = ncname(&mut i);
                if !operand_expected {
                    match first.as_str() {
                        "and" | "or" | "mod" | "div" => {
                            let op = match first.as_str() {
                                "and" => "and",
                                "or" => "or",
                                "mod" => "mod",
                                _ => "div",
                            };
                            out.push(Tok::Op(op));
                            continue;
                        }
                        _ => return invalid("Invalid expression"),
                    }
                }
                let colon = chars.get(i) == Some(&':') && chars.get(i + 1) != Some(&':');
                if colon && chars.get(i + 1) == Some(&'*') {
                    i += 2;
                    out.push(Tok::Name(Some(first), "*".into()));
                } else if colon && chars.get(i + 1).is_some_and(|&c| name_start(c)) {
                    i += 1;
                    let local = ncname(&mut i);
                    out.push(Tok::Name(Some(first), local));
                } else {
                    out.push(Tok::Name(None, first));
                }
                continue;
            }
            _ => return invalid("Invalid expression"),
        };
        out.push(tok.0);
        i += tok.1;
    }
    Ok(out)
}

/// Parses an expression.
pub(crate) fn parse(s: &str) -> Result<Expr, XPathError> {
    let toks = tokens(s)?;
    let mut p = Parser { toks, at: 0, depth: 0 };
    let e = p.or()?;
    if p.at != p.toks.len() {
        return invalid("Invalid expression");
    }
    Ok(e)
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn peek2(&self) -> Option<&Tok> {
        self.toks.get(self.at + 1)
    }

    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == Some(t) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn nest(&mut self) -> Result<(), XPathError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(XPathError::Unsupported(format!("confer evaluates XPath nested at most {MAX_NESTING} deep")));
        }
        Ok(())
    }

    fn or(&mut self) -> Result<Expr, XPathError> {
        self.nest()?;
        let mut e = self.and()?;
        while self.eat(&Tok::Op("or")) {
            e = Expr::Or(Box::new(e), Box::new(self.and()?));
        }
        self.depth -= 1;
        Ok(e)
    }

    fn and(&mut self) -> Result<Expr, XPathError> {
        let mut e = self.equality()?;
        while self.eat(&Tok::Op("and")) {
            e = Expr::And(Box::new(e), Box::new(self.equality()?));
        }
        Ok(e)
    }

    fn equality(&mut self) -> Result<Expr, XPathError> {
        let mut e = self.relational()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Eq) => CmpOp::Eq,
                Some(Tok::Ne) => CmpOp::Ne,
                _ => return Ok(e),
            };
            self.at += 1;
            e = Expr::Compare(op, Box::new(e), Box::new(self.relational()?));
        }
    }

    fn relational(&mut self) -> Result<Expr, XPathError> {
        let mut e = self.additive()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Lt) => CmpOp::Lt,
                Some(Tok::Le) => CmpOp::Le,
                Some(Tok::Gt) => CmpOp::Gt,
                Some(Tok::Ge) => CmpOp::Ge,
                _ => return Ok(e),
            };
            self.at += 1;
            e = Expr::Compare(op, Box::new(e), Box::new(self.additive()?));
        }
    }

    fn additive(&mut self) -> Result<Expr, XPathError> {
        let mut e = self.multiplicative()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Plus) => ArithOp::Add,
                Some(Tok::Minus) => ArithOp::Sub,
                _ => return Ok(e),
            };
            self.at += 1;
            e = Expr::Arith(op, Box::new(e), Box::new(self.multiplicative()?));
        }
    }

    fn multiplicative(&mut self) -> Result<Expr, XPathError> {
        let mut e = self.unary()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Op("*")) => ArithOp::Mul,
                Some(Tok::Op("div")) => ArithOp::Div,
                Some(Tok::Op("mod")) => ArithOp::Mod,
                _ => return Ok(e),
            };
            self.at += 1;
            e = Expr::Arith(op, Box::new(e), Box::new(self.unary()?));
        }
    }

    fn unary(&mut self) -> Result<Expr, XPathError> {
        if self.eat(&Tok::Minus) {
            self.nest()?;
            let e = Expr::Negate(Box::new(self.unary()?));
            self.depth -= 1;
            return Ok(e);
        }
        let mut e = self.path()?;
        while self.eat(&Tok::Pipe) {
            e = Expr::Union(Box::new(e), Box::new(self.path()?));
        }
        Ok(e)
    }

    /// A path expression: a location path, or a filter expression with
    /// an optional path below it.
    fn path(&mut self) -> Result<Expr, XPathError> {
        let primary = match self.peek() {
            Some(Tok::LParen | Tok::Literal(_) | Tok::Number(_) | Tok::Var(_)) => true,
            Some(Tok::Name(_, n)) if self.peek2() == Some(&Tok::LParen) => {
                !matches!(n.as_str(), "node" | "text" | "comment" | "processing-instruction")
            }
            _ => false,
        };
        if !primary {
            return self.location_path();
        }
        let base = self.primary()?;
        let mut predicates = vec![];
        while self.peek() == Some(&Tok::LBracket) {
            predicates.push(self.predicate()?);
        }
        let mut steps = vec![];
        loop {
            if self.eat(&Tok::Slash) {
                steps.push(self.step()?);
            } else if self.eat(&Tok::DoubleSlash) {
                steps.push(descendant_or_self());
                steps.push(self.step()?);
            } else {
                break;
            }
        }
        if predicates.is_empty() && steps.is_empty() {
            return Ok(base);
        }
        Ok(Expr::Filter(Box::new(base), predicates, steps))
    }

    fn primary(&mut self) -> Result<Expr, XPathError> {
        let Some(t) = self.peek().cloned() else { return invalid("Invalid expression") };
        self.at += 1;
        match t {
            Tok::Literal(s) => Ok(Expr::Literal(s)),
            Tok::Number(n) => Ok(Expr::Number(n)),
            Tok::Var(v) => Ok(Expr::Variable(v)),
            Tok::LParen => {
                let e = self.or()?;
                if !self.eat(&Tok::RParen) {
                    return invalid("Invalid expression");
                }
                Ok(e)
            }
            Tok::Name(prefix, name) => {
                self.at += 1;
                self.nest()?;
                let mut args = vec![];
                if !self.eat(&Tok::RParen) {
                    loop {
                        args.push(self.or()?);
                        if self.eat(&Tok::RParen) {
                            break;
                        }
                        if !self.eat(&Tok::Comma) {
                            return invalid("Invalid expression");
                        }
                    }
                }
                self.depth -= 1;
                let name = match prefix {
                    Some(p) => format!("{p}:{name}"),
                    None => name,
                };
                Ok(Expr::Call(name, args))
            }
            _ => invalid("Invalid expression"),
        }
    }

    fn location_path(&mut self) -> Result<Expr, XPathError> {
        let mut steps = vec![];
        let absolute = match self.peek() {
            Some(Tok::Slash) => {
                self.at += 1;
                if !self.starts_step() {
                    return Ok(Expr::Path(true, steps));
                }
                true
            }
            Some(Tok::DoubleSlash) => {
                self.at += 1;
                steps.push(descendant_or_self());
                true
            }
            _ => false,
        };
        steps.push(self.step()?);
        loop {
            if self.eat(&Tok::Slash) {
                steps.push(self.step()?);
            } else if self.eat(&Tok::DoubleSlash) {
                steps.push(descendant_or_self());
                steps.push(self.step()?);
            } else {
                return Ok(Expr::Path(absolute, steps));
            }
        }
    }

    fn starts_step(&self) -> bool {
        matches!(self.peek(), Some(Tok::Dot | Tok::DotDot | Tok::At | Tok::Star | Tok::Name(..)))
    }

    fn step(&mut self) -> Result<Step, XPathError> {
        if self.eat(&Tok::Dot) {
            return Ok(Step { axis: Axis::Current, test: NodeTest::Node, predicates: vec![] });
        }
        if self.eat(&Tok::DotDot) {
            return Ok(Step { axis: Axis::Parent, test: NodeTest::Node, predicates: vec![] });
        }
        let axis = if self.eat(&Tok::At) {
            Axis::Attribute
        } else if let (Some(Tok::Name(None, a)), Some(Tok::ColonColon)) = (self.peek(), self.peek2()) {
            let axis = axis_named(a)?;
            self.at += 2;
            axis
        } else {
            Axis::Child
        };
        let test = self.node_test()?;
        let mut predicates = vec![];
        while self.peek() == Some(&Tok::LBracket) {
            predicates.push(self.predicate()?);
        }
        Ok(Step { axis, test, predicates })
    }

    fn node_test(&mut self) -> Result<NodeTest, XPathError> {
        let Some(t) = self.peek().cloned() else { return invalid("Invalid expression") };
        self.at += 1;
        match t {
            Tok::Star => Ok(NodeTest::Any(None)),
            Tok::Name(Some(p), n) if n == "*" => Ok(NodeTest::Any(Some(p))),
            Tok::Name(None, n) if self.peek() == Some(&Tok::LParen) => {
                self.at += 1;
                let test = match n.as_str() {
                    "node" => NodeTest::Node,
                    "text" => NodeTest::Text,
                    "comment" => NodeTest::Comment,
                    "processing-instruction" => match self.peek().cloned() {
                        Some(Tok::Literal(l)) => {
                            self.at += 1;
                            NodeTest::Pi(Some(l))
                        }
                        _ => NodeTest::Pi(None),
                    },
                    _ => return invalid("Invalid expression"),
                };
                if !self.eat(&Tok::RParen) {
                    return invalid("Invalid expression");
                }
                Ok(test)
            }
            Tok::Name(p, n) => Ok(NodeTest::Name(p, n)),
            _ => invalid("Invalid expression"),
        }
    }

    fn predicate(&mut self) -> Result<Expr, XPathError> {
        self.at += 1;
        let e = self.or()?;
        if !self.eat(&Tok::RBracket) {
            return invalid("Invalid predicate");
        }
        Ok(e)
    }
}

/// The step `//` stands for.
fn descendant_or_self() -> Step {
    Step { axis: Axis::DescendantOrSelf, test: NodeTest::Node, predicates: vec![] }
}

fn axis_named(a: &str) -> Result<Axis, XPathError> {
    Ok(match a {
        "child" => Axis::Child,
        "descendant" => Axis::Descendant,
        "descendant-or-self" => Axis::DescendantOrSelf,
        "parent" => Axis::Parent,
        "ancestor" => Axis::Ancestor,
        "ancestor-or-self" => Axis::AncestorOrSelf,
        "following-sibling" => Axis::FollowingSibling,
        "preceding-sibling" => Axis::PrecedingSibling,
        "following" => Axis::Following,
        "preceding" => Axis::Preceding,
        "attribute" => Axis::Attribute,
        "namespace" => Axis::Namespace,
        "self" => Axis::Current,
        _ => return invalid("Invalid expression"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_predicates_and_operators_parse() {
        for ok in [
            "/a/b",
            "//a[@x='1']",
            "/a/b[c = 'd' and @e != \"f\"]",
            "//a[b='old']",
            "/S/H[ Alias = cfe_alias | @name=\"cfe_host\" ]",
            "count(//a) > 2 * 3 div 1 mod 2",
            "(//a)[1]/b",
            "a//b/..",
            "child::a/attribute::b",
            "//text()",
            "/",
            "-1 + -(2)",
            "//*[local-name()='x']",
            "p:*",
        ] {
            assert!(parse(ok).is_ok(), "{ok}: {:?}", parse(ok));
        }
    }

    #[test]
    fn malformed_expressions_are_invalid() {
        for bad in ["/a[", "/a/", "a b", "'x", "//", "@", "a[]", "foo::a", "1 +", ")"] {
            assert!(matches!(parse(bad), Err(XPathError::Invalid(_))), "{bad}: {:?}", parse(bad));
        }
    }

    #[test]
    fn star_and_names_read_as_operators_after_an_operand() {
        assert_eq!(
            parse("a*b").unwrap(),
            Expr::Arith(
                ArithOp::Mul,
                Box::new(Expr::Path(
                    false,
                    vec![Step { axis: Axis::Child, test: NodeTest::Name(None, "a".into()), predicates: vec![] }]
                )),
                Box::new(Expr::Path(
                    false,
                    vec![Step { axis: Axis::Child, test: NodeTest::Name(None, "b".into()), predicates: vec![] }]
                ))
            )
        );
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let deep = "(".repeat(10_000) + "1" + &")".repeat(10_000);
        assert!(matches!(parse(&deep), Err(XPathError::Unsupported(_))));
        let preds = "a".to_string() + &"[a".repeat(5_000) + &"]".repeat(5_000);
        assert!(parse(&preds).is_err());
    }
}

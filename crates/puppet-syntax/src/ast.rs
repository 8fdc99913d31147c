//! The syntax tree of a Puppet manifest. Every node carries the span it was parsed
//! from, so that evaluation errors can name file, line and column.

use crate::span::Span;

/// A parsed manifest: its top-level statements in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The statements.
    pub body: Vec<Expr>,
}

/// An expression (in Puppet every statement is an expression).
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What kind of expression this is.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

impl Expr {
    /// An expression of `kind` at `span`.
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

/// A piece of a double-quoted string or interpolating heredoc.
#[derive(Clone, Debug, PartialEq)]
pub enum StringPart {
    /// Literal text, escapes already processed.
    Text(String),
    /// An interpolated `$var`, `${var}` or `${expr}`; in `${x}` and `${x[1]}` the
    /// leading bare word has already been turned into the variable `$x`.
    Expr(Expr),
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `!x`
    Not,
    /// `-x`
    Neg,
    /// `*x`, the unfold (splat) operator.
    Splat,
}

/// Binary operators, in Puppet's spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `=~`
    Match,
    /// `!~`
    NotMatch,
    /// `in`
    In,
    /// `and` (short-circuit)
    And,
    /// `or` (short-circuit)
    Or,
}

impl BinaryOp {
    /// The operator as written in source.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Match => "=~",
            BinaryOp::NotMatch => "!~",
            BinaryOp::In => "in",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
        }
    }
}

/// Relationship (chaining) arrows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelationOp {
    /// `->`
    Before,
    /// `~>`
    Notify,
    /// `<-`
    Require,
    /// `<~`
    Subscribe,
}

/// Whether a resource declaration is realised, virtual (`@`) or exported (`@@`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceForm {
    /// `file { ... }`
    Regular,
    /// `@file { ... }`
    Virtual,
    /// `@@file { ... }`
    Exported,
}

/// An attribute operation inside a resource body, default or override.
#[derive(Clone, Debug, PartialEq)]
pub enum AttributeOp {
    /// `name => value` (`append: false`) or `name +> value` (`append: true`).
    Set {
        /// The attribute name.
        name: String,
        /// Whether this is `+>`.
        append: bool,
        /// The value.
        value: Expr,
        /// The whole operation.
        span: Span,
    },
    /// `* => hash`: attributes from a hash.
    Splat {
        /// The hash expression.
        value: Expr,
        /// The whole operation.
        span: Span,
    },
}

/// One `title: attributes` body of a resource declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceBody {
    /// The title expression (a string, an array of strings, or `default`).
    pub title: Expr,
    /// The attribute operations.
    pub ops: Vec<AttributeOp>,
    /// The whole body.
    pub span: Span,
}

/// A parameter of a class, define, function or lambda.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// The name, without `$`.
    pub name: std::sync::Arc<str>,
    /// The declared type expression, if any.
    pub type_expr: Option<Expr>,
    /// The default value expression, if any.
    pub default: Option<Expr>,
    /// Whether this is a `*$rest` parameter that captures remaining arguments.
    pub captures_rest: bool,
    /// Where the parameter was written.
    pub span: Span,
}

/// A lambda (`|$x| { ... }`), given as a block to a function call.
#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    /// The parameters.
    pub params: Vec<Parameter>,
    /// The declared return type, if any (`|$x| >> Integer { ... }`).
    pub return_type: Option<Box<Expr>>,
    /// The body statements.
    pub body: Vec<Expr>,
    /// The whole lambda.
    pub span: Span,
}

/// One `value, value: { body }` option of a `case`.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseOption {
    /// The values to match (may include `default`).
    pub values: Vec<Expr>,
    /// The statements to run on a match.
    pub body: Vec<Expr>,
    /// The whole option.
    pub span: Span,
}

/// One `value => result` option of a selector.
#[derive(Clone, Debug, PartialEq)]
pub struct SelectorOption {
    /// The value to match (may be `default`).
    pub matcher: Expr,
    /// The selector's result when it matches.
    pub result: Expr,
}

/// A class definition.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassDef {
    /// The class name, lower case, possibly qualified (`apache::mod`).
    pub name: String,
    /// The parameters.
    pub params: Vec<Parameter>,
    /// The class it inherits from, if any.
    pub parent: Option<String>,
    /// The body statements.
    pub body: Vec<Expr>,
}

/// A defined resource type (`define`), a Puppet-language function or a plan:
/// a name, parameters and a body.
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    /// The name, lower case, possibly qualified.
    pub name: String,
    /// The parameters.
    pub params: Vec<Parameter>,
    /// A function's declared return type, if any.
    pub return_type: Option<Box<Expr>>,
    /// The body statements.
    pub body: Vec<Expr>,
}

/// A node definition.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeDef {
    /// The host matchers: strings, bare names, regexps or `default`.
    pub matchers: Vec<Expr>,
    /// The node it inherits from (deprecated syntax, still parsed).
    pub parent: Option<Box<Expr>>,
    /// The body statements.
    pub body: Vec<Expr>,
}

/// Expression kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// `undef`
    Undef,
    /// `default`
    Default,
    /// `true` / `false`
    Boolean(bool),
    /// An integer literal (decimal, `0x` hex or `0` octal), already in range.
    Integer(i64),
    /// A float literal.
    Float(f64),
    /// A string without interpolation (single-quoted, or double-quoted with only
    /// text), escapes processed.
    String(String),
    /// A double-quoted string with interpolation.
    Interpolated(Vec<StringPart>),
    /// A heredoc; `text` is a `String` or `Interpolated` expression.
    Heredoc {
        /// The syntax tag after `:` (`json`), if any.
        syntax: Option<String>,
        /// The heredoc's text.
        text: Box<Expr>,
    },
    /// A regular expression literal; the source between the slashes.
    Regex(String),
    /// A lower-case (possibly qualified) bare word: a string where a value is
    /// expected, a name where one is (`include apache`).
    BareWord(String),
    /// A capitalised qualified reference (`Integer`, `File`, `Apache::Vhost`).
    TypeRef(String),
    /// A variable reference; the name without `$` (`x`, `::x`, `a::b`, `0`).
    Variable(String),
    /// `[a, b, c]`
    Array(Vec<Expr>),
    /// `{k => v, ...}`
    Hash(Vec<(Expr, Expr)>),
    /// `target[k, ...]`: indexing, slicing, type parameters, resource references.
    Access {
        /// What is accessed.
        target: Box<Expr>,
        /// The keys between the brackets.
        keys: Vec<Expr>,
    },
    /// A unary operator.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: Box<Expr>,
    },
    /// A binary operator (`and`/`or` short-circuit).
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
    },
    /// `$x = value` or `[$a, $b] = value`.
    Assign {
        /// A `Variable` or an `Array` of variables.
        target: Box<Expr>,
        /// The assigned value.
        value: Box<Expr>,
    },
    /// `a -> b`, `a ~> b`, `a <- b`, `a <~ b`.
    Relationship {
        /// The arrow.
        op: RelationOp,
        /// Left side.
        lhs: Box<Expr>,
        /// Right side.
        rhs: Box<Expr>,
    },
    /// A parenthesised expression, kept so that `(a)[0]` and error spans read as
    /// written.
    Paren(Box<Expr>),
    /// `if cond { } elsif cond { } else { }`; an `elsif` is a nested `If` in
    /// `else_body`.
    If {
        /// The condition.
        cond: Box<Expr>,
        /// Statements when true.
        then_body: Vec<Expr>,
        /// Statements when false (an `elsif` becomes a single nested `If`).
        else_body: Option<Vec<Expr>>,
    },
    /// `unless cond { } else { }`
    Unless {
        /// The condition.
        cond: Box<Expr>,
        /// Statements when false.
        then_body: Vec<Expr>,
        /// Statements when true.
        else_body: Option<Vec<Expr>>,
    },
    /// `case test { options }`
    Case {
        /// The value being matched.
        test: Box<Expr>,
        /// The options in order.
        options: Vec<CaseOption>,
    },
    /// `test ? { options }`
    Selector {
        /// The value being matched.
        test: Box<Expr>,
        /// The options in order.
        options: Vec<SelectorOption>,
    },
    /// A function call by name: `f(args)`, `f args` (statement style) or a type
    /// used as a constructor, `Integer('1')`.
    Call {
        /// The callee: a `BareWord` function name, or a type expression.
        callee: Box<Expr>,
        /// The arguments.
        args: Vec<Expr>,
        /// The lambda given as a block, if any.
        lambda: Option<Box<Lambda>>,
    },
    /// A method-style call: `receiver.name(args) |$x| { }`.
    MethodCall {
        /// The value the function is applied to (its first argument).
        receiver: Box<Expr>,
        /// The function name.
        name: String,
        /// The remaining arguments.
        args: Vec<Expr>,
        /// The lambda given as a block, if any.
        lambda: Option<Box<Lambda>>,
    },
    /// `class name(params) inherits parent { body }`
    ClassDef(Box<ClassDef>),
    /// `define name(params) { body }`
    DefineDef(Box<Definition>),
    /// `function name(params) >> Type { body }`
    FunctionDef(Box<Definition>),
    /// `plan name(params) { body }`
    PlanDef(Box<Definition>),
    /// `node matchers { body }`
    NodeDef(Box<NodeDef>),
    /// `type Name = type_expr`
    TypeAlias {
        /// The alias name (capitalised, possibly qualified).
        name: String,
        /// The aliased type expression.
        type_expr: Box<Expr>,
    },
    /// A resource declaration: `type { title: attrs; title2: attrs }`.
    Resource {
        /// Regular, virtual or exported.
        form: ResourceForm,
        /// The type: a `BareWord` (`file`, `class`, `apache::vhost`) or `TypeRef`.
        type_name: Box<Expr>,
        /// The bodies.
        bodies: Vec<ResourceBody>,
    },
    /// Resource defaults: `File { attrs }`.
    ResourceDefaults {
        /// The capitalised type.
        type_ref: Box<Expr>,
        /// The default attributes.
        ops: Vec<AttributeOp>,
    },
    /// A resource override: `File['/x'] { attrs }`.
    ResourceOverride {
        /// The resource reference(s).
        reference: Box<Expr>,
        /// The overriding attributes.
        ops: Vec<AttributeOp>,
    },
    /// A collector: `File <| query |>` or `File <<| query |>>`, with an optional
    /// `{ attrs }` block.
    Collector {
        /// The capitalised type.
        type_ref: Box<Expr>,
        /// The query (attribute comparisons with `==`, `!=`, `and`, `or`,
        /// parentheses; attribute names are `BareWord`s), if any.
        query: Option<Box<Expr>>,
        /// Whether this is the exported form `<<| |>>`.
        exported: bool,
        /// Attribute operations applied to the collected resources.
        ops: Vec<AttributeOp>,
    },
    /// EPP template text, rendered as it is.
    RenderString(String),
    /// An EPP `<%= expr %>` tag: the expression's value rendered as a string.
    RenderExpr(Box<Expr>),
}

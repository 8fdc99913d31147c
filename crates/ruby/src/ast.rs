//! The syntax tree of Ruby: a function file's program, or a template's, in
//! which template text and `<%= %>` tags are statements that render.

use std::rc::Rc;

/// An expression and its byte offset in the template.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What it is.
    pub kind: Kind,
    /// Where it starts.
    pub at: usize,
}

/// A piece of a double-quoted string.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// Literal text.
    Lit(String),
    /// `#{...}`.
    Code(Vec<Node>),
}

/// A block: `do |a, b| ... end` or `{ |a| ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The parameters; a nested list is `|(a, b), c|` destructuring.
    pub params: Vec<Param>,
    /// The statements.
    pub body: Vec<Node>,
    /// `lambda { }` or `->() { }`: `return` in it ends the lambda, not the
    /// method around it as in a block or `proc`.
    pub lambda: bool,
    /// The variables first assigned in the block: each call has its own
    /// (a lambda calling itself does not share them), gone after it.
    pub locals: Vec<String>,
}

/// One `rescue` clause of a `begin`.
#[derive(Debug, Clone, PartialEq)]
pub struct Rescue {
    /// The exception classes it catches; empty catches `StandardError`.
    pub classes: Vec<String>,
    /// `rescue *list`: variables holding more classes, read when an
    /// exception arrives.
    pub splats: Vec<Node>,
    /// `=> e`: the variable given the exception.
    pub var: Option<String>,
    /// What runs then.
    pub body: Vec<Node>,
}

/// A parameter of a `def`.
#[derive(Debug, Clone, PartialEq)]
pub struct DefParam {
    /// Its name.
    pub name: String,
    /// What kind of parameter it is.
    pub kind: ParamKind,
}

/// How a `def` parameter takes its argument.
#[derive(Debug, Clone, PartialEq)]
pub enum ParamKind {
    /// `a`
    Required,
    /// `a = default`
    Optional(Node),
    /// `*rest`
    Rest,
    /// `key: default` (or `key:` required): from a trailing hash.
    Keyword(Option<Node>),
    /// `&block`
    Block,
}

/// A block parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    /// `x`
    Name(String),
    /// `(a, b)`
    Nested(Vec<Param>),
    /// `*rest`: the remaining arguments, as an Array.
    Rest(String),
    /// `x = default`: the default is evaluated when no argument is left
    /// for it, after the required parameters took theirs.
    Optional(String, Node),
}

/// Expression kinds.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// `nil`
    Nil,
    /// `true` / `false`
    Bool(bool),
    /// An integer literal.
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A string, possibly interpolated.
    Str(Vec<Part>),
    /// `:sym`
    Sym(String),
    /// `/re/`: the source's parts, `#{}` code among them.
    Regex(Vec<Part>),
    /// `[a, b]`
    Array(Vec<Node>),
    /// `{k => v}`
    Hash(Vec<(Node, Node)>),
    /// `a..b` or `a...b`.
    Range(Box<Node>, Box<Node>, bool),
    /// `@name`
    IVar(String),
    /// `$name`: a global variable, which no module code may read (it is
    /// the Ruby process's state: `$LOAD_PATH`, `$stdout`).
    GVar(String),
    /// `$n`: group `n` of the last regexp match (Ruby's `$~`).
    MatchRef(usize),
    /// `$~`: the last regexp match, or nil.
    LastMatch,
    /// A local variable.
    Local(String),
    /// A constant (`Array`, `String`, `Puppet`).
    Const(String),
    /// A method call; without a receiver it is a call on the template
    /// (`scope`, `Array(x)`, `puts`).
    Call {
        /// The receiver.
        recv: Option<Box<Node>>,
        /// The method name.
        name: String,
        /// The arguments.
        args: Vec<Node>,
        /// The block.
        block: Option<Rc<Block>>,
    },
    /// `!x` / `not x`
    Not(Box<Node>),
    /// `a && b` / `a and b`
    And(Box<Node>, Box<Node>),
    /// `a || b` / `a or b`
    Or(Box<Node>, Box<Node>),
    /// `c ? a : b`, `if`, `unless` (with the branches swapped) and modifiers.
    If(Box<Node>, Vec<Node>, Vec<Node>),
    /// `case x when a, b then ... else ... end`.
    Case(Option<Box<Node>>, Vec<(Vec<Node>, Vec<Node>)>, Vec<Node>),
    /// `while c ... end` (`until` negates the condition).
    While(Box<Node>, Vec<Node>),
    /// `for a, b in list ... end`
    For(Vec<Param>, Box<Node>, Vec<Node>),
    /// `x = v`, `@x = v`, `x[k] = v`.
    Assign(Box<Node>, Box<Node>),
    /// `next` / `next v`
    Next(Option<Box<Node>>),
    /// `break`
    Break,
    /// `begin ... rescue Classes => var ... ensure ... end`: the body, the
    /// rescue clauses (exception class names, empty for StandardError; the
    /// variable bound to the message; the statements), and the ensure part.
    Begin(Vec<Node>, Vec<Rescue>, Vec<Node>),
    /// `def name(params) ... end`: a method of the template or function;
    /// `def self.name` in a module is the module's (`Mod.name`).
    Def(String, Vec<DefParam>, Vec<Node>),
    /// `module Name ... end`: its statements run once, its `def self.x`
    /// methods are called as `Name.x`.
    Module(String, Vec<Node>),
    /// `class Name ... end`: as a module, and its `def x` methods are its
    /// objects' (`objects.rs`).
    Class(String, Vec<Node>),
    /// `yield a, b`: calls the block given to the method.
    Yield(Vec<Node>),
    /// `lambda { |x| }`, `->(x) { }`, `proc { }`: a block as a value.
    Lambda(Rc<Block>),
    /// `*x` in arguments or an array literal: its elements spread.
    Splat(Box<Node>),
    /// `&blk` in arguments: the proc passed as the call's block.
    BlockArg(Box<Node>),
    /// `a, b = v`: the targets and the value spread over them.
    MultiAssign(Vec<Node>, Box<Node>),
    /// `return` / `return v` inside a `def`.
    Return(Option<Box<Node>>),
    /// Template text.
    Text(String),
    /// A `<%= %>` tag: its statements; the last one's value is rendered.
    Insert(Vec<Node>),
    /// `(a; b)` or `begin ... end`: statements, valued by the last.
    Seq(Vec<Node>),
}

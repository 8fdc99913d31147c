//! The tokens of the Puppet language.

use crate::span::Span;

/// A piece of a double-quoted string or interpolating heredoc, before parsing.
#[derive(Clone, Debug, PartialEq)]
pub enum RawPart {
    /// Literal text with escapes processed.
    Text(String),
    /// `$name`: a variable (name without `$`).
    Var(String, Span),
    /// `${ ... }`: the tokens between the braces.
    Expr(Vec<Token>, Span),
}

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// A lower-case name, possibly qualified (`foo`, `foo::bar`, `::foo`).
    Name(String),
    /// A bare word that is not a plain name (contains `-` or starts with `_`).
    Word(String),
    /// A capitalised reference (`File`, `Foo::Bar`).
    ClassRef(String),
    /// A keyword (`if`, `class`, `and`, …).
    Keyword(&'static str),
    /// `$name`.
    Variable(String),
    /// An integer literal.
    Integer(i64),
    /// A float literal.
    Float(f64),
    /// A single-quoted string.
    Str(String),
    /// A double-quoted string.
    DqStr(Vec<RawPart>),
    /// A heredoc: syntax tag, and text parts (one `Text` part when it does not
    /// interpolate).
    Heredoc(Option<String>, Vec<RawPart>),
    /// A regular expression literal's source.
    Regex(String),
    /// An operator or punctuation mark.
    Punct(&'static str),
    /// EPP template text between tags (only in templates).
    RenderString(String),
    /// An EPP `<%= ... %>` tag: the tokens of its expression (only in
    /// templates).
    RenderExpr(Vec<Token>),
    /// End of input.
    Eof,
}

/// A token with its position, and whether white space (or a comment) came
/// right before it — Puppet tells `$a[1]` (access) from `$a [1]` (a new array)
/// that way. For a `(` the flag says whether it opens its line instead, as
/// Puppet tells a call (`f(x)`, `f (x)`) from a parenthesised expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Where it is.
    pub span: Span,
    /// Whether white space preceded it (for `(`: only blanks before it on
    /// its line).
    pub space_before: bool,
}

/// The keywords of Puppet 7; most may not be used as bare words.
pub const KEYWORDS: &[&str] = &[
    "and",
    "application",
    "apply",
    "attr",
    "case",
    "class",
    "consumes",
    "default",
    "define",
    "else",
    "elsif",
    "false",
    "function",
    "if",
    "in",
    "inherits",
    "node",
    "or",
    "plan",
    "private",
    "produces",
    "site",
    "true",
    "type",
    "undef",
    "unit",
    "unless",
];

/// Operators and punctuation, longest first so that scanning is greedy.
pub const PUNCTUATION: &[&str] = &[
    "<<|", "|>>", "=>", "+>", "->", "~>", "<-", "<~", "==", "!=", "=~", "!~", "<=", ">=", "<<", ">>", "<|", "|>", "+=",
    "-=", "@@", "[", "]", "{", "}", "(", ")", ",", ";", ":", "=", "+", "-", "*", "/", "%", "!", "?", "|", "@", ".",
    "<", ">",
];

impl Tok {
    /// How the token reads in an error message.
    pub fn describe(&self) -> String {
        match self {
            Tok::Name(n) | Tok::Word(n) | Tok::ClassRef(n) => format!("'{n}'"),
            Tok::Keyword(k) => format!("'{k}'"),
            Tok::Variable(v) => format!("'{v}'"),
            Tok::Integer(i) => format!("'{i}'"),
            Tok::Float(f) => format!("'{f}'"),
            Tok::Str(s) => format!("'{s}'"),
            Tok::DqStr(_) => "a string".to_string(),
            Tok::Heredoc(..) => "a heredoc".to_string(),
            Tok::Regex(r) => format!("'/{r}/'"),
            Tok::Punct(p) => format!("'{p}'"),
            Tok::RenderString(_) => "template text".to_string(),
            Tok::RenderExpr(_) => "'<%='".to_string(),
            Tok::Eof => "end of input".to_string(),
        }
    }
}

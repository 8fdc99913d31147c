//! The first phase: policy text to a [`ast::Policy`]. The lexer and parser
//! (cf3lex.l / cf3parse.y), the rules cf-promises applies while parsing
//! (bundle types, attributes, literal values), class expressions, variable
//! references, and the checks made on a parsed policy before it runs.
//! Nothing here evaluates.

pub mod ast;
pub mod attribute_syntax;
pub mod check;
pub mod class_expr;
pub mod lexer;
pub mod literal;
pub mod parser;
pub mod policy_json;
pub mod reference;
pub mod rules;
pub mod type_match;
pub mod varref;

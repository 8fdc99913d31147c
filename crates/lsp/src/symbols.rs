//! Symbols: a document's outline (classes, defined types, functions, plans,
//! nodes and type aliases, with their parameters and the resources of
//! their bodies nested inside), and the workspace's definitions matching a
//! query, from the index.

use confer_puppet::ast::{Expr, ExprKind, Parameter};
use lsp_types::{DocumentSymbol, Location, OneOf, SymbolKind, WorkspaceSymbol};

use crate::documents::Document;
use crate::index::WorkspaceIndex;
use crate::syntax::names;
use crate::syntax::outline::{text_of, DefKind};

/// How many workspace symbols one query returns at most.
const MAX_WORKSPACE_SYMBOLS: usize = 500;

/// The outline of `doc` (empty when it does not parse).
pub fn document(doc: &Document) -> Vec<DocumentSymbol> {
    doc.program.as_ref().map(|p| statements(doc, &p.body)).unwrap_or_default()
}

fn statements(doc: &Document, body: &[Expr]) -> Vec<DocumentSymbol> {
    body.iter().flat_map(|e| expr(doc, e)).collect()
}

/// The symbols `e` holds: itself if it is a definition or resource, else
/// those of the blocks it contains.
fn expr(doc: &Document, e: &Expr) -> Vec<DocumentSymbol> {
    let text = doc.text();
    let named = |kind, name: &str, children: Vec<DocumentSymbol>, detail: Option<String>| {
        let start = e.span.start as usize;
        let at = names::after_keyword(text, start).unwrap_or(start..start);
        vec![symbol(doc, name.to_string(), kind, detail, e.span.start as usize..e.span.end as usize, at, children)]
    };
    match &e.kind {
        ExprKind::ClassDef(c) => {
            let mut children = params(doc, &c.params);
            children.extend(statements(doc, &c.body));
            named(SymbolKind::CLASS, &c.name, children, None)
        }
        ExprKind::DefineDef(d) | ExprKind::FunctionDef(d) | ExprKind::PlanDef(d) => {
            let kind = match e.kind {
                ExprKind::DefineDef(_) => SymbolKind::STRUCT,
                _ => SymbolKind::FUNCTION,
            };
            let mut children = params(doc, &d.params);
            children.extend(statements(doc, &d.body));
            named(kind, &d.name, children, None)
        }
        ExprKind::TypeAlias { name, type_expr } => {
            named(SymbolKind::TYPE_PARAMETER, name, Vec::new(), Some(text_of(text, type_expr)))
        }
        ExprKind::NodeDef(n) => {
            let name = n.matchers.iter().map(|m| text_of(text, m)).collect::<Vec<_>>().join(", ");
            let at = n
                .matchers
                .first()
                .map_or(e.span.start as usize..e.span.start as usize, |m| m.span.start as usize..m.span.end as usize);
            let span = e.span.start as usize..e.span.end as usize;
            vec![symbol(doc, format!("node {name}"), SymbolKind::NAMESPACE, None, span, at, statements(doc, &n.body))]
        }
        ExprKind::Resource { type_name, bodies, .. } => {
            let t = text_of(text, type_name);
            // One body stands for the whole declaration; several each for their own.
            let whole = (bodies.len() == 1).then_some(e.span.start as usize..e.span.end as usize);
            bodies
                .iter()
                .map(|b| {
                    let name = format!("{t} {}", text_of(text, &b.title));
                    let at = b.title.span.start as usize..b.title.span.end as usize;
                    let span = whole.clone().unwrap_or(b.span.start as usize..b.span.end as usize);
                    symbol(doc, name, SymbolKind::OBJECT, None, span, at, Vec::new())
                })
                .collect()
        }
        ExprKind::If { then_body, else_body, .. } | ExprKind::Unless { then_body, else_body, .. } => {
            let mut found = statements(doc, then_body);
            found.extend(statements(doc, else_body.as_deref().unwrap_or_default()));
            found
        }
        ExprKind::Case { options, .. } => options.iter().flat_map(|o| statements(doc, &o.body)).collect(),
        ExprKind::Call { lambda: Some(l), .. } | ExprKind::MethodCall { lambda: Some(l), .. } => {
            statements(doc, &l.body)
        }
        ExprKind::Relationship { lhs, rhs, .. } => {
            let mut found = expr(doc, lhs);
            found.extend(expr(doc, rhs));
            found
        }
        _ => Vec::new(),
    }
}

fn params(doc: &Document, params: &[Parameter]) -> Vec<DocumentSymbol> {
    params
        .iter()
        .map(|p| {
            let detail = p.type_expr.as_ref().map(|t| text_of(doc.text(), t));
            let at = names::parameter(doc.text(), p);
            symbol(
                doc,
                format!("${}", p.name),
                SymbolKind::PROPERTY,
                detail,
                p.span.start as usize..p.span.end as usize,
                at,
                Vec::new(),
            )
        })
        .collect()
}

fn symbol(
    doc: &Document,
    name: String,
    kind: SymbolKind,
    detail: Option<String>,
    span: std::ops::Range<usize>,
    at: std::ops::Range<usize>,
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    #[allow(deprecated)] // `deprecated` is a required field of the protocol's struct
    DocumentSymbol {
        name,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range: doc.range(span.start.min(at.start)..span.end.max(at.end)),
        selection_range: doc.range(at),
        children: (!children.is_empty()).then_some(children),
    }
}

/// The workspace's definitions whose names contain `query` (any case).
pub fn workspace(index: &WorkspaceIndex, query: &str) -> Vec<WorkspaceSymbol> {
    let query = query.to_ascii_lowercase();
    let mut found: Vec<WorkspaceSymbol> = index
        .entries()
        .filter(|e| e.def.kind != DefKind::Variable && e.def.name.to_ascii_lowercase().contains(&query))
        .filter_map(|e| {
            let kind = match e.def.kind {
                DefKind::Class => SymbolKind::CLASS,
                DefKind::Define | DefKind::ResourceType => SymbolKind::STRUCT,
                DefKind::Function | DefKind::Plan => SymbolKind::FUNCTION,
                DefKind::TypeAlias => SymbolKind::TYPE_PARAMETER,
                DefKind::Node => SymbolKind::NAMESPACE,
                DefKind::Variable => SymbolKind::VARIABLE,
            };
            Some(WorkspaceSymbol {
                name: e.def.name.clone(),
                kind,
                tags: None,
                container_name: None,
                location: OneOf::Left(Location { uri: crate::uri::from_path(&e.file)?, range: e.name_range }),
                data: None,
            })
        })
        .collect();
    found.sort_by(|a, b| a.name.cmp(&b.name));
    found.truncate(MAX_WORKSPACE_SYMBOLS);
    found
}

//! Folding ranges: every block that spans lines (definitions, resource
//! bodies, conditionals, lambdas, arrays and hashes written over several
//! lines) and every block of two or more `#` comment lines. A fold ends on
//! the line before its last, so the closing brace stays in view.

use confer_puppet::ast::{Expr, ExprKind};
use lsp_types::{FoldingRange, FoldingRangeKind};

use crate::documents::Document;
use crate::syntax::walk::{walk, Visitor};

/// The folding ranges of `doc`, sorted by their first line.
pub fn ranges(doc: &Document) -> Vec<FoldingRange> {
    let mut found = comments(doc.text());
    if let Some(program) = &doc.program {
        let mut blocks = Blocks { doc, found: Vec::new() };
        walk(&program.body, &mut blocks);
        found.append(&mut blocks.found);
    }
    found.sort_by_key(|f| (f.start_line, f.end_line));
    found.dedup_by_key(|f| (f.start_line, f.end_line));
    found
}

struct Blocks<'d> {
    doc: &'d Document,
    found: Vec<FoldingRange>,
}

impl Blocks<'_> {
    fn add(&mut self, span: confer_puppet::span::Span) {
        let start = self.doc.lines.position(self.doc.text(), span.start as usize).line;
        let end = self.doc.lines.position(self.doc.text(), span.end as usize).line;
        if end > start + 1 {
            self.found.push(FoldingRange {
                start_line: start,
                end_line: end - 1,
                kind: Some(FoldingRangeKind::Region),
                ..FoldingRange::default()
            });
        }
    }
}

impl<'a> Visitor<'a> for Blocks<'_> {
    fn expr(&mut self, e: &'a Expr) -> bool {
        let folds = matches!(
            e.kind,
            ExprKind::ClassDef(_)
                | ExprKind::DefineDef(_)
                | ExprKind::FunctionDef(_)
                | ExprKind::PlanDef(_)
                | ExprKind::NodeDef(_)
                | ExprKind::Resource { .. }
                | ExprKind::ResourceDefaults { .. }
                | ExprKind::ResourceOverride { .. }
                | ExprKind::If { .. }
                | ExprKind::Unless { .. }
                | ExprKind::Case { .. }
                | ExprKind::Selector { .. }
                | ExprKind::Array(_)
                | ExprKind::Hash(_)
                | ExprKind::Heredoc { .. }
        );
        if folds {
            self.add(e.span);
        }
        true
    }

    fn lambda(&mut self, lambda: &'a confer_puppet::ast::Lambda) -> bool {
        self.add(lambda.span);
        true
    }
}

/// Runs of two or more lines that are `#` comments.
fn comments(text: &str) -> Vec<FoldingRange> {
    let mut found = Vec::new();
    let mut run: Option<u32> = None;
    let lines: Vec<&str> = text.lines().collect();
    for (n, line) in lines.iter().enumerate().map(|(n, l)| (n as u32, l)).chain([(lines.len() as u32, &"")]) {
        let comment = line.trim_start().starts_with('#');
        match (comment, run) {
            (true, None) => run = Some(n),
            (false, Some(start)) => {
                if n - start >= 2 {
                    found.push(FoldingRange {
                        start_line: start,
                        end_line: n - 1,
                        kind: Some(FoldingRangeKind::Comment),
                        ..FoldingRange::default()
                    });
                }
                run = None;
            }
            _ => {}
        }
    }
    found
}

//! A module's Ruby files, indexed without running them: functions (4.x
//! `lib/puppet/functions/**/*.rb`, named by their path, and 3.x
//! `lib/puppet/parser/functions/*.rb`) at the line that creates them, and
//! resource types (`lib/puppet/type/*.rb`) with the attributes the resource
//! type reader finds. A function's signatures are read from its dispatches
//! only when a hover asks (`signatures`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Entry, FileIndex, Origin};
use crate::position::LineIndex;
use crate::syntax::outline::{DefKind, Definition};

/// The index entries of the Ruby files of the module at `dir`.
pub fn module_files(dir: &Path) -> Vec<(PathBuf, FileIndex)> {
    let mut out = Vec::new();
    let modern = dir.join("lib/puppet/functions");
    let mut files = Vec::new();
    super::files_under::files_under(&modern, "rb", 0, &mut files);
    for path in files {
        let Ok(relative) = path.strip_prefix(&modern) else { continue };
        let name = relative.with_extension("").to_string_lossy().replace('/', "::");
        out.extend(entry(&path, &name, DefKind::Function, Origin::RubyModern, "create_function", None));
    }
    for (sub, kind, origin, marker) in [
        ("lib/puppet/parser/functions", DefKind::Function, Origin::RubyLegacy, "newfunction"),
        ("lib/puppet/type", DefKind::ResourceType, Origin::RubyType, "newtype"),
    ] {
        let mut files = Vec::new();
        super::files_under::files_under(&dir.join(sub), "rb", 0, &mut files);
        for path in files {
            let Some(name) = path.file_stem().map(|s| s.to_string_lossy().into_owned()) else { continue };
            let info = (kind == DefKind::ResourceType)
                .then(|| confer_puppet::resource_types::read_type_file(&name, &path))
                .flatten()
                .map(Arc::new);
            out.extend(entry(&path, &name, kind, origin, marker, info));
        }
    }
    out
}

fn entry(
    path: &Path,
    name: &str,
    kind: DefKind,
    origin: Origin,
    marker: &str,
    type_info: Option<Arc<confer_puppet::resource_types::TypeInfo>>,
) -> Option<(PathBuf, FileIndex)> {
    let text = confer_puppet::files::read_text(path).ok()?;
    let lines = LineIndex::new(&text);
    let at = text.find(marker).unwrap_or(0);
    let line_end = text[at..].find('\n').map_or(text.len(), |e| at + e);
    let def = Definition {
        kind,
        name: name.to_string(),
        name_span: at..line_end,
        span: 0..text.len(),
        params: Vec::new(),
        detail: None,
        doc: ruby_doc(&text, at),
    };
    let entry = Entry {
        name_range: lines.range(&text, at..line_end),
        range: lines.range(&text, 0..text.len()),
        def,
        file: Arc::from(path),
        origin,
        type_info,
    };
    Some((path.to_path_buf(), FileIndex { entries: vec![entry], uses: Vec::new() }))
}

/// The `#` comment block above the marker line, or a 3.x function's `:doc`
/// heredoc's first paragraph.
fn ruby_doc(text: &str, at: usize) -> Option<crate::syntax::doc_comment::DocComment> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    crate::syntax::doc_comment::read(text, line_start)
}

/// The signatures of a Ruby function, as its dispatches declare them
/// (`Integer $x, String *$rest`), or a 3.x function's arity.
pub fn signatures(entry: &Entry) -> Vec<String> {
    let Ok(text) = confer_puppet::files::read_text(&entry.file) else { return Vec::new() };
    let Ok(function) = confer_ruby::RubyFunction::load(&text) else { return Vec::new() };
    match function.api {
        confer_ruby::Api::Modern { dispatches, .. } => dispatches
            .iter()
            .filter(|d| !d.mismatch)
            .map(|d| {
                let mut params: Vec<String> = d
                    .params
                    .iter()
                    .map(|p| {
                        let star = match p.repeat {
                            confer_ruby::Repeat::Many | confer_ruby::Repeat::AtLeastOnce => "*",
                            _ => "",
                        };
                        let optional = if p.repeat == confer_ruby::Repeat::Optional { "?" } else { "" };
                        format!("{} {star}${}{optional}", p.type_text, p.name)
                    })
                    .collect();
                params.extend(d.block.iter().map(|b| format!("{} &${}", b.type_text, b.name)));
                let ret = d.return_type.as_ref().map(|r| format!(" >> {r}")).unwrap_or_default();
                format!("{}({}){ret}", entry.def.name, params.join(", "))
            })
            .collect(),
        confer_ruby::Api::Legacy { arity, rvalue } => {
            let count = if arity < 0 { -arity - 1 } else { arity };
            let plural = if count == 1 { "" } else { "s" };
            let least = if arity < 0 { "at least " } else { "" };
            let args = format!("{least}{count} argument{plural}");
            let kind = if rvalue { "rvalue" } else { "statement" };
            vec![format!("{}(…) — 3.x {kind} function, {args}", entry.def.name)]
        }
    }
}

//! `field_edits` promises (files_editline.c's `VerifyColumnEdits`,
//! `EditColumns`, `EditLineByColumn`, `DoEditColumn`): the lines matching
//! the promiser are split into fields by a regex, one field is set,
//! deleted, or has a value added to the list it holds, and the line is
//! joined again with the first separator found.

use crate::eval::context::EvalContext;
use crate::eval::message::ErrorKind;
use crate::eval::promise::Expanded;
use crate::functions::regex::regex;

use super::edit_line::{block_match, full_match, Attrs, Edit, Region};
use super::outcome::Outcome;

/// An `edit_field` body.
struct Field {
    separator: String,
    select: usize,
    value_separator: Option<char>,
    value: String,
    operation: String,
    extend: bool,
    blanks_ok: bool,
}

/// `VerifyColumnEdits`.
pub(super) fn field_edits(ctx: &mut EvalContext, exp: &Expanded, edit: &mut Edit) -> Outcome {
    let a = Attrs::of(ctx, "edit_field", exp.get("edit_field"));
    let at = ctx.promise_location();
    let Some(separator) = a.get("field_separator").map(str::to_string) else {
        ctx.error(
            ErrorKind::Files,
            format!("No field_separator in promise to edit by column for '{}', {at}", exp.promiser),
        );
        return Outcome::Failed;
    };
    let mut select = a.get("select_field").and_then(|s| s.parse::<i64>().ok()).unwrap_or(0);
    if a.flag("start_fields_from_zero") {
        select += 1;
    }
    if select <= 0 {
        ctx.error(ErrorKind::Files, format!("No select_field in promise to edit '{}', {at}", exp.promiser));
        return Outcome::Failed;
    }
    let Some(value) = a.get("field_value").map(str::to_string) else {
        ctx.error(ErrorKind::Files, format!("No field_value is promised to column_edit '{}', {at}", exp.promiser));
        return Outcome::Failed;
    };
    let field = Field {
        separator,
        select: select as usize,
        value_separator: a.get("value_separator").and_then(|s| s.chars().next()),
        value,
        operation: a.get("field_operation").unwrap_or("").to_string(),
        extend: a.flag("extend_fields"),
        blanks_ok: a.flag("allow_blank_fields"),
    };
    let (begin, end) = match Region::of(ctx, exp) {
        None => (0, None),
        Some(r) => match super::edit_line::select_region(ctx, &edit.lines, &r) {
            Some((b, e)) => (b.unwrap_or(0), e),
            None => {
                ctx.error(
                    ErrorKind::Files,
                    format!(
                        "The promised column edit '{}' could not select an edit region in '{}'",
                        exp.promiser, edit.filename
                    ),
                );
                return Outcome::Failed;
            }
        },
    };
    let mut outcome = Outcome::Kept;
    let mut found = false;
    let stop = end.unwrap_or(edit.lines.len()).min(edit.lines.len());
    for i in begin..stop {
        let line = edit.lines[i].clone();
        if !full_match(ctx, &exp.promiser, &line) {
            continue;
        }
        found = true;
        let Some((s, e)) = block_match(ctx, &field.separator, &line) else {
            ctx.error(
                ErrorKind::Files,
                format!("Field edit, no fields found by promised pattern '{}' in '{}'", field.separator, edit.filename),
            );
            return outcome.and(Outcome::Failed);
        };
        let joiner = line[s..e].to_string();
        let Some(mut columns) = split_regex(ctx, &line, &field.separator, field.blanks_ok) else {
            return Outcome::Failed;
        };
        match edit_columns(ctx, &mut columns, &field, edit) {
            Some(true) => {
                edit.lines[i] = columns.join(&joiner);
                edit.edits += 1;
                outcome = outcome.and(Outcome::Repaired);
            }
            Some(false) => {}
            None => return outcome.and(Outcome::Failed),
        }
    }
    if !found {
        ctx.error(
            ErrorKind::Files,
            format!("No matched line to edit fields of for pattern '{}' in '{}'", exp.promiser, edit.filename),
        );
        return outcome.and(Outcome::Failed);
    }
    outcome
}

/// `RlistFromSplitRegex` with no limit: the text between the separator's
/// matches (blank ones only when allowed).
fn split_regex(ctx: &mut EvalContext, line: &str, separator: &str, blanks_ok: bool) -> Option<Vec<String>> {
    let re = regex(ctx, separator, "sm").ok()?;
    let mut out = vec![];
    let mut from = 0;
    while let Some(m) = re.find_at(ctx, &line[from..], 0).ok()? {
        if m.end == 0 {
            break;
        }
        let piece = &line[from..from + m.start];
        if blanks_ok || !piece.is_empty() {
            out.push(piece.to_string());
        }
        from += m.end;
    }
    let rest = &line[from..];
    if (blanks_ok && from != 0) || !rest.is_empty() {
        out.push(rest.to_string());
    }
    Some(out)
}

/// `RlistFromSplitString`: split on `sep`, where `\sep` is a literal one.
fn split_values(s: &str, sep: char) -> Vec<String> {
    if s.is_empty() {
        return vec![];
    }
    let mut out = vec![];
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&sep) {
            cur.push(sep);
            chars.next();
        } else if c == sep {
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    // A trailing separator ends the last item; it adds no empty one.
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `EditLineByColumn`: whether the fields changed; `None` when the line
/// has too few fields and may not be extended.
fn edit_columns(ctx: &mut EvalContext, columns: &mut Vec<String>, f: &Field, edit: &mut Edit) -> Option<bool> {
    if f.select > columns.len() {
        if !f.extend {
            ctx.error(
                ErrorKind::Files,
                format!(
                    "The file {} has only {} fields, but there is a promise for field {}",
                    edit.filename,
                    columns.len(),
                    f.select
                ),
            );
            return None;
        }
        columns.resize(f.select, String::new());
    }
    let field = &mut columns[f.select - 1];
    if let Some(sep) = f.value_separator {
        if !(field.contains(&f.value) || *field != f.value) {
            return Some(false);
        }
        let mut values = split_values(field, sep);
        let changes = edit_values(&mut values, f, &edit.filename);
        if !changes.is_empty() {
            *field = values.join(&sep.to_string());
        }
        let changed = !changes.is_empty();
        for change in changes {
            edit.changed(change);
        }
        return Some(changed);
    }
    let said = if f.operation == "delete" {
        *field = String::new();
        format!("Deleted column field value '' in '{}'", edit.filename)
    } else {
        let said = format!("Set whole column field value '{field}' to '{}' in '{}'", f.value, edit.filename);
        *field = f.value.clone();
        said
    };
    edit.changed(said);
    Some(true)
}

/// `DoEditColumn`: the operation on the values of one field; what it
/// changed, in cf-agent's words (nothing when the field was as promised).
fn edit_values(values: &mut Vec<String>, f: &Field, file: &str) -> Vec<String> {
    let v = &f.value;
    let said = |what: &str| vec![format!("{what} field sub-value '{v}' in '{file}'")];
    match f.operation.as_str() {
        "delete" => {
            let before = values.len();
            values.retain(|x| x != v);
            (0..before - values.len()).flat_map(|_| said("Deleted column")).collect()
        }
        "set" => {
            if (values.len() == 1 && values[0] == *v) || (values.is_empty() && v.is_empty()) {
                return vec![];
            }
            *values = vec![v.clone()];
            said("Set")
        }
        "prepend" => {
            if values.contains(v) {
                return vec![];
            }
            values.insert(0, v.clone());
            said("Prepended")
        }
        "alphanum" => {
            let added = !values.contains(v);
            if added {
                values.insert(0, v.clone());
            }
            values.sort();
            if added {
                said("Inserted")
            } else {
                vec![]
            }
        }
        _ => {
            if values.contains(v) {
                return vec![];
            }
            values.push(v.clone());
            said("Appended")
        }
    }
}

//! String methods templates call.

use std::rc::Rc;

use crate::ast::Block;
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev, MAX_SIZE};
use crate::interp::Interp;
use crate::value::RValue;

/// A regexp from a `gsub`/`sub`/`split` pattern: a Regexp as it is, a
/// String matched literally.
fn pattern(p: &RValue, at: usize) -> Ev<confer_core::Regexp> {
    let source = match p {
        RValue::Regex(r) => return Ok((**r).clone()),
        RValue::Str(s) => fancy_regex::escape(s).into_owned(),
        other => {
            return err(
                RubyErrorKind::Type(format!("wrong argument type {} (expected Regexp)", other.class_name())),
                at,
            )
        }
    };
    confer_core::Regexp::new(&source).or_else(|e| err(RubyErrorKind::Syntax(e.to_string()), at))
}

/// Gives each match of `re` in `text` to `f` until it answers false,
/// through core's bounded matcher: a match the backtracking limit leaves
/// undecided is an error, never "no match".
fn each_match(
    re: &confer_core::Regexp,
    text: &str,
    at: usize,
    f: impl FnMut(confer_core::regexp::Groups) -> bool,
) -> Ev<()> {
    re.each_match(text, f).or_else(|e| err(RubyErrorKind::Syntax(e.to_string()), at))
}

/// `sub`/`gsub` of a literal String by a replacement without group
/// references: no regexp and no groups, the size checked as it grows.
fn literal_substitute(text: &str, pattern: &str, replacement: &str, once: bool, at: usize) -> Ev {
    let mut out = String::new();
    let mut last = 0;
    for (start, found) in text.match_indices(pattern) {
        out.push_str(&text[last..start]);
        out.push_str(replacement);
        last = start + found.len();
        if out.len() > MAX_SIZE {
            return err(RubyErrorKind::Limit(crate::flow::too_big()), at);
        }
        if once {
            break;
        }
    }
    if out.len() + (text.len() - last) > MAX_SIZE {
        return err(RubyErrorKind::Limit(crate::flow::too_big()), at);
    }
    out.push_str(&text[last..]);
    Ok(RValue::str(out))
}

/// [`each_match`] for a step that may fail (a block the code gives): the
/// first error ends the walk and is the answer.
fn try_each_match(
    re: &confer_core::Regexp,
    text: &str,
    at: usize,
    mut f: impl FnMut(confer_core::regexp::Groups) -> Ev<bool>,
) -> Ev<()> {
    let mut failed = None;
    each_match(re, text, at, |groups| match f(groups) {
        Ok(go_on) => go_on,
        Err(e) => {
            failed = Some(e);
            false
        }
    })?;
    failed.map_or(Ok(()), Err)
}

/// Ruby's replacement string: `\1`..`\9` and `\0` name groups.
fn expand(replacement: &str, groups: &confer_core::regexp::Groups, text: &str) -> String {
    let mut out = String::new();
    let mut chars = replacement.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek().copied() {
                Some(d @ '0'..='9') => {
                    chars.next();
                    let i = d as usize - '0' as usize;
                    out.push_str(groups.get(i).cloned().flatten().map_or("", |r| &text[r]));
                }
                Some('\\') => {
                    chars.next();
                    out.push('\\');
                }
                _ => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().chain(chars.flat_map(char::to_lowercase)).collect(),
        None => String::new(),
    }
}

impl Interp<'_> {
    /// A pattern argument of `match?` and `scan`: a Regexp, or a String
    /// matched as itself.
    fn pattern_arg(&mut self, arg: &RValue, at: usize) -> Ev<std::sync::Arc<confer_core::Regexp>> {
        match arg {
            RValue::Regex(r) => Ok(r.clone()),
            RValue::Str(p) => self.regexp(&crate::methods::regexp_escape(p), at),
            other => {
                err(RubyErrorKind::Type(format!("wrong argument type {} (expected Regexp)", other.class_name())), at)
            }
        }
    }

    /// `index`/`rindex`: the character offset where `pattern` (a String, or
    /// a Regexp for `index` from the start) is found first or last, at or
    /// after `start` (before it for `rindex`; negative counts from the end).
    fn string_index(&mut self, text: &str, pattern: &RValue, start: Option<i64>, last: bool, at: usize) -> Ev {
        let chars = text.chars().count() as i64;
        let from = match start {
            Some(i) if i < 0 => i + chars,
            Some(i) => i,
            None if last => chars,
            None => 0,
        };
        if from < 0 || from > chars && !last {
            return Ok(RValue::Nil);
        }
        let byte_at = |ci: i64| text.char_indices().nth(ci as usize).map_or(text.len(), |(b, _)| b);
        let char_of = |b: usize| text[..b].chars().count() as i64;
        match pattern {
            RValue::Str(needle) if last => {
                let end = byte_at(from.min(chars)).saturating_add(needle.len()).min(text.len());
                let end = (0..=end).rev().find(|&e| text.is_char_boundary(e)).unwrap_or(0);
                Ok(text[..end].rfind(&**needle).map_or(RValue::Nil, |b| RValue::Int(char_of(b))))
            }
            RValue::Str(needle) => {
                let b = byte_at(from);
                Ok(text[b..].find(&**needle).map_or(RValue::Nil, |i| RValue::Int(char_of(b + i))))
            }
            RValue::Regex(re) if !last && start.is_none() => {
                let found = re.matches(text, 1).map_err(|e| {
                    crate::flow::Ctl::Err(crate::RubyError::new(RubyErrorKind::Limit(e.to_string()), at))
                })?;
                Ok(found
                    .first()
                    .and_then(|g| g.first().cloned().flatten())
                    .map_or(RValue::Nil, |m| RValue::Int(char_of(m.start))))
            }
            RValue::Regex(_) => {
                err(RubyErrorKind::Unsupported("String#index or #rindex of a Regexp from an offset".into()), at)
            }
            other => crate::flow::no_implicit(other, "String", at),
        }
    }

    /// `gsub(re) { |m| ... }`: each match replaced by the block's value.
    fn substitute_with_block(&mut self, text: &str, pat: &RValue, once: bool, b: &Block, at: usize) -> Ev {
        let re = pattern(pat, at)?;
        let mut out = String::new();
        let mut last = 0;
        try_each_match(&re, text, at, |groups| {
            let Some(m) = groups.first().cloned().flatten() else { return Ok(true) };
            let v = self.call_block(b, vec![RValue::str(&text[m.clone()])], at)?;
            out.push_str(&text[last..m.start]);
            out.push_str(&v.to_s());
            last = m.end;
            Ok(!once && out.len() <= MAX_SIZE)
        })?;
        if out.len() + (text.len() - last) > MAX_SIZE {
            return err(RubyErrorKind::Limit(crate::flow::too_big()), at);
        }
        out.push_str(&text[last..]);
        Ok(RValue::str(out))
    }

    /// Calls the String method `name` on `s`.
    pub fn string_method(
        &mut self,
        s: &Rc<str>,
        name: &str,
        args: Vec<RValue>,
        block: Option<&Block>,
        at: usize,
    ) -> Ev {
        let text: &str = s;
        let one = |args: &[RValue]| -> Ev<RValue> {
            match args {
                [a] => Ok(a.clone()),
                _ => err(
                    RubyErrorKind::Argument(format!(
                        "wrong number of arguments calling `{name}' (given {}, expected 1)",
                        args.len()
                    )),
                    at,
                ),
            }
        };
        if let (Some(b), "gsub" | "sub", [pat]) = (block, name, args.as_slice()) {
            return self.substitute_with_block(text, pat, name == "sub", b, at);
        }
        // `scan` with a block yields each match (its groups, when the
        // pattern has some), `$~` set to it, and answers the receiver.
        if let (Some(b), "scan", [pat]) = (block, name, args.as_slice()) {
            let re = self.pattern_arg(pat, at)?;
            try_each_match(&re, text, at, |groups| {
                let strs: Vec<Option<String>> =
                    groups.iter().map(|g| g.as_ref().map(|m| text[m.clone()].to_string())).collect();
                self.last_match = Some(Rc::new(crate::value::Matched::of(&re, strs.clone())));
                let values: Vec<RValue> = strs.iter().map(|g| g.clone().map_or(RValue::Nil, RValue::str)).collect();
                let item = if values.len() == 1 { values[0].clone() } else { RValue::array(values[1..].to_vec()) };
                self.call_block(b, vec![item], at)?;
                Ok(true)
            })?;
            return Ok(RValue::Str(s.clone()));
        }
        if name == "count" && args.is_empty() {
            return err(RubyErrorKind::Argument("wrong number of arguments (given 0, expected 1+)".into()), at);
        }
        if block.is_some() {
            return match crate::missing::ruby_has("String", name) {
                Some(false) => crate::missing::missing_method(&RValue::Str(s.clone()), name, at),
                _ => err(RubyErrorKind::Unsupported(format!("a block given to String#{name}")), at),
            };
        }
        Ok(match name {
            "length" | "size" => RValue::Int(text.chars().count() as i64),
            "shellescape" => RValue::str(crate::library::shell_escape(text)),
            "tr" | "delete" | "count" | "squeeze" => return crate::charsets::string_method(text, name, &args, at),
            "match?" => {
                let re = self.pattern_arg(&one(&args)?, at)?;
                RValue::Bool(crate::flow::decided(re.try_is_match(text), at)?)
            }
            "empty?" => RValue::Bool(text.is_empty()),
            "casecmp" | "casecmp?" => match one(&args)? {
                RValue::Str(other) if name == "casecmp" => {
                    RValue::Int(match text.to_ascii_lowercase().as_bytes().cmp(other.to_ascii_lowercase().as_bytes()) {
                        std::cmp::Ordering::Less => -1,
                        std::cmp::Ordering::Equal => 0,
                        std::cmp::Ordering::Greater => 1,
                    })
                }
                RValue::Str(other) => RValue::Bool(text.to_lowercase() == other.to_lowercase()),
                RValue::Sym(_) | RValue::Nil | RValue::Int(_) | RValue::Float(_) | RValue::Bool(_) => {
                    return crate::flow::no_implicit(&one(&args)?, "String", at)
                }
                _ => return err(RubyErrorKind::Unsupported(format!("String#{name} of this value")), at),
            },
            "index" | "rindex" => {
                let (pattern, start) = match args.as_slice() {
                    [p] => (p.clone(), None),
                    [p, RValue::Int(i)] => (p.clone(), Some(*i)),
                    _ => {
                        return err(RubyErrorKind::Argument(format!("wrong number of arguments calling `{name}'")), at)
                    }
                };
                return self.string_index(text, &pattern, start, name == "rindex", at);
            }
            // `inspect` with every character past ASCII written `\uXXXX`.
            "dump" => {
                RValue::str(confer_core::ruby_compat::inspect_str(text).chars().fold(String::new(), |mut out, c| {
                    match c as u32 {
                        0..=0x7f => out.push(c),
                        n @ 0x80..=0xffff => out.push_str(&format!("\\u{n:04X}")),
                        n => out.push_str(&format!("\\u{{{n:X}}}")),
                    }
                    out
                }))
            }
            // `+str` is the String unfrozen, `-str` frozen: the same text.
            "+@" | "-@" => RValue::Str(s.clone()),
            "crypt" => match crate::crypt::crypt(text, &one(&args)?.to_s()) {
                Some(hash) => RValue::str(hash),
                None => {
                    return err(
                        RubyErrorKind::Raised(crate::value::Exception {
                            class: "Errno::EINVAL".into(),
                            message: "Invalid argument - crypt".into(),
                        }),
                        at,
                    )
                }
            },
            "upcase" => RValue::str(text.to_uppercase()),
            "downcase" => RValue::str(text.to_lowercase()),
            "capitalize" => RValue::str(capitalize(text)),
            "strip" => RValue::str(text.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0')),
            "lstrip" => RValue::str(text.trim_start_matches(|c: char| c.is_ascii_whitespace())),
            "rstrip" => RValue::str(text.trim_end_matches(|c: char| c.is_ascii_whitespace() || c == '\0')),
            "chomp" if args.is_empty() => {
                let t =
                    text.strip_suffix("\r\n").or_else(|| text.strip_suffix('\n')).or_else(|| text.strip_suffix('\r'));
                RValue::str(t.unwrap_or(text))
            }
            "chomp" => match one(&args)? {
                RValue::Str(suffix) if suffix.is_empty() => RValue::str(text.trim_end_matches(['\n', '\r'])),
                RValue::Str(suffix) => RValue::str(text.strip_suffix(&*suffix).unwrap_or(text)),
                other => return crate::flow::no_implicit(&other, "String", at),
            },
            "to_s" | "to_str" => RValue::Str(s.clone()),
            "to_sym" => RValue::Sym(s.clone()),
            "to_i" => match args.as_slice() {
                [] => crate::wide::parse_leading(text, 10, at)?,
                [RValue::Int(base)] if (2..=36).contains(base) => crate::wide::parse_leading(text, *base as u32, at)?,
                [RValue::Int(base)] => return err(RubyErrorKind::Argument(format!("invalid radix {base}")), at),
                [other] => return crate::flow::no_implicit(other, "Integer", at),
                _ => return err(RubyErrorKind::Argument("wrong number of arguments (expected 0..1)".into()), at),
            },
            "to_f" => RValue::Float({
                let t = text.trim_start();
                let end = t
                    .char_indices()
                    .take_while(|(i, c)| c.is_ascii_digit() || *c == '.' || (*i == 0 && (*c == '-' || *c == '+')))
                    .count();
                t[..end].parse().unwrap_or(0.0)
            }),
            "reverse" => RValue::str(text.chars().rev().collect::<String>()),
            "chars" => RValue::array(text.chars().map(|c| RValue::str(c.to_string())).collect()),
            "swapcase" => RValue::str(
                text.chars()
                    .flat_map(|c| {
                        if c.is_uppercase() {
                            c.to_lowercase().collect::<Vec<_>>()
                        } else {
                            c.to_uppercase().collect()
                        }
                    })
                    .collect::<String>(),
            ),
            "bytesize" => RValue::Int(text.len() as i64),
            "hex" => crate::wide::parse_leading(text, 16, at)?,
            // `oct` reads the radix a prefix names, octal without one.
            "oct" => {
                let t = text.trim_start().trim_start_matches(['-', '+']);
                let radix = match t.get(..2) {
                    Some("0x" | "0X") => 16,
                    Some("0b" | "0B") => 2,
                    _ => 8,
                };
                crate::wide::parse_leading(text, radix, at)?
            }
            "scan" => {
                let re = self.pattern_arg(&one(&args)?, at)?;
                let found = re.matches(text, crate::flow::MAX_SIZE).map_err(|e| {
                    crate::flow::Ctl::Err(crate::RubyError::new(RubyErrorKind::Limit(e.to_string()), at))
                })?;
                RValue::array(
                    found
                        .into_iter()
                        .map(|groups| {
                            let strs: Vec<RValue> = groups
                                .iter()
                                .map(|g| g.as_ref().map_or(RValue::Nil, |m| RValue::str(&text[m.start..m.end])))
                                .collect();
                            if strs.len() == 1 {
                                strs[0].clone()
                            } else {
                                RValue::array(strs[1..].to_vec())
                            }
                        })
                        .collect(),
                )
            }
            "include?" => RValue::Bool(text.contains(&*one(&args)?.to_s())),
            "start_with?" => RValue::Bool(args.iter().any(|a| text.starts_with(&*a.to_s()))),
            "end_with?" => RValue::Bool(args.iter().any(|a| text.ends_with(&*a.to_s()))),
            "+" => match one(&args)? {
                RValue::Str(o) => RValue::str(format!("{text}{o}")),
                RValue::Bytes(b) => return crate::binary::join(&[RValue::Str(s.clone()), RValue::Bytes(b)], at),
                other => return crate::flow::no_implicit(&other, "String", at),
            },
            "*" => match one(&args)? {
                // The product is checked before the string is built.
                RValue::Int(n) if (0..=100_000).contains(&n) && text.len().saturating_mul(n as usize) > MAX_SIZE => {
                    return err(RubyErrorKind::Limit(crate::flow::too_big()), at)
                }
                RValue::Int(n) if (0..=100_000).contains(&n) => RValue::str(text.repeat(n as usize)),
                _ => return err(RubyErrorKind::Argument("String#* expects a small non-negative Integer".into()), at),
            },
            "%" => {
                let values = match one(&args)? {
                    RValue::Array(items) => items.snapshot(),
                    other => vec![other.clone()],
                };
                return crate::library::format(text, &values, at);
            }
            "==" => RValue::Bool(one(&args)?.equals(&RValue::Str(s.clone()))),
            "<=>" | "<" | ">" | "<=" | ">=" => {
                let RValue::Str(o) = one(&args)? else {
                    return err(
                        RubyErrorKind::Argument(format!("comparison of String with {} failed", args[0].class_name())),
                        at,
                    );
                };
                crate::value::ordering::comparison(name, text.as_bytes().cmp(o.as_bytes()))
            }
            "=~" | "match" => {
                let re = match one(&args)? {
                    RValue::Regex(r) => r,
                    RValue::Str(p) if name == "match" => std::sync::Arc::new(
                        confer_core::Regexp::new(&p).or_else(|e| err(RubyErrorKind::Syntax(e.to_string()), at))?,
                    ),
                    other => {
                        return err(
                            RubyErrorKind::Type(format!(
                                "wrong argument type {} (expected Regexp)",
                                other.class_name()
                            )),
                            at,
                        )
                    }
                };
                return self.call_method(RValue::Regex(re), name, vec![RValue::Str(s.clone())], None, at, None);
            }
            "gsub" | "sub" => {
                if args.len() != 2 {
                    return err(RubyErrorKind::Unsupported(format!("String#{name} without a replacement string")), at);
                }
                let re = pattern(&args[0], at)?;
                let replacement = match &args[1] {
                    RValue::Str(r) => r.to_string(),
                    _ => return err(RubyErrorKind::Unsupported(format!("String#{name} with a hash replacement")), at),
                };
                if let RValue::Str(literal) = &args[0] {
                    if !literal.is_empty() && !replacement.contains('\\') {
                        return literal_substitute(text, literal, &replacement, name == "sub", at);
                    }
                }
                let mut out = String::new();
                let mut last = 0;
                // Checked as it grows: a replacement longer than what it
                // replaces, repeated, could pass any limit many times over.
                each_match(&re, text, at, |groups| {
                    let Some(m) = groups.first().cloned().flatten() else { return false };
                    out.push_str(&text[last..m.start]);
                    out.push_str(&expand(&replacement, &groups, text));
                    last = m.end;
                    name == "gsub" && out.len() <= MAX_SIZE
                })?;
                if out.len() + (text.len() - last) > MAX_SIZE {
                    return err(RubyErrorKind::Limit(crate::flow::too_big()), at);
                }
                out.push_str(&text[last..]);
                RValue::str(out)
            }
            "split" => {
                let limit = match args.get(1) {
                    None => 0,
                    Some(RValue::Int(n)) => *n,
                    Some(other) => return crate::flow::no_implicit(other, "Integer", at),
                };
                let sep = match args.first() {
                    None | Some(RValue::Nil) => crate::split::Separator::Whitespace,
                    Some(RValue::Str(s)) if &**s == " " => crate::split::Separator::Whitespace,
                    Some(RValue::Str(s)) => crate::split::Separator::Literal(s),
                    Some(RValue::Regex(re)) => crate::split::Separator::Pattern(re),
                    Some(other) => {
                        return err(
                            RubyErrorKind::Type(format!(
                                "wrong argument type {} (expected Regexp)",
                                other.class_name()
                            )),
                            at,
                        )
                    }
                };
                let parts = crate::split::split(text, sep, limit, at)?;
                RValue::array(parts.into_iter().map(RValue::str).collect())
            }
            "[]" => {
                let n = text.chars().count() as i64;
                match args.as_slice() {
                    [RValue::Int(i)] => {
                        let i = if *i < 0 { n + i } else { *i };
                        if i < 0 || i >= n {
                            RValue::Nil
                        } else {
                            RValue::str(text.chars().nth(i as usize).map(String::from).unwrap_or_default())
                        }
                    }
                    [RValue::Int(start), RValue::Int(len)] => {
                        let st = if *start < 0 { n + start } else { *start };
                        if st < 0 || st > n || *len < 0 {
                            RValue::Nil
                        } else {
                            RValue::str(text.chars().skip(st as usize).take(*len as usize).collect::<String>())
                        }
                    }
                    [RValue::Range(a, b)] => {
                        let a = if *a < 0 { n + a } else { *a };
                        let b = if *b < 0 { n + b } else { *b };
                        if a < 0 || a > n {
                            RValue::Nil
                        } else {
                            RValue::str(
                                text.chars().skip(a as usize).take((b - a + 1).max(0) as usize).collect::<String>(),
                            )
                        }
                    }
                    [RValue::Regex(re)] | [RValue::Regex(re), RValue::Int(_)] => {
                        let group = match args.get(1) {
                            Some(RValue::Int(g)) => *g,
                            _ => 0,
                        };
                        let caps = crate::flow::decided(re.try_captures(text), at)?;
                        self.last_match = caps.clone().map(|c| std::rc::Rc::new(crate::value::Matched::of(re, c)));
                        let picked = caps.and_then(|c| {
                            let g = if group < 0 { c.len() as i64 + group } else { group };
                            usize::try_from(g).ok().and_then(|g| c.get(g).cloned().flatten())
                        });
                        picked.map_or(RValue::Nil, RValue::str)
                    }
                    [RValue::Str(sub)] => {
                        if text.contains(&**sub) {
                            RValue::Str(sub.clone())
                        } else {
                            RValue::Nil
                        }
                    }
                    _ => return err(RubyErrorKind::Unsupported("this String#[] form".into()), at),
                }
            }
            _ => return crate::missing::missing_method(&RValue::Str(s.clone()), name, at),
        })
    }
}

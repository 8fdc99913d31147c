//! Format directives with arbitrary flags, widths and precisions against
//! integers, floats and strings, and Timespan `strftime`: any directive must
//! format or fail with Ruby's error, never panic. The same parts, with C's
//! flags and length modifiers, go through the glibc printf that CFEngine's
//! `format()` follows, which must stay within its byte limit.
#![no_main]

use arbitrary::Arbitrary;
use confer_cfengine::functions::c_printf;
use confer_core::format::sprintf;
use confer_core::Value;
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Directive {
    flags: Vec<u8>,
    width: Option<u32>,
    precision: Option<u32>,
    letter: u8,
    length: u8,
    value: Arg,
}

#[derive(Arbitrary, Debug)]
enum Arg {
    Int(i64),
    Float(f64),
    Text(String),
}

const FLAGS: [char; 6] = ['-', '+', ' ', '#', '0', '<'];
const LETTERS: &[u8] = b"dxXobBeEfgGaAscpu";
const C_FLAGS: [char; 8] = ['-', '+', ' ', '#', '0', '\'', 'I', '*'];
const C_LENGTHS: [&str; 6] = ["", "", "l", "ll", "Z", "y"];
const C_LETTERS: &[u8] = b"doxfsk";

fuzz_target!(|d: Directive| {
    let mut spec = String::from("%");
    spec.extend(d.flags.iter().take(4).map(|f| FLAGS[usize::from(*f) % FLAGS.len()]));
    // Widths and precisions up to 2^13 pass CFEngine's 4,095-character cut and
    // keep one run short; the limit past it is tested by unit tests.
    if let Some(w) = d.width {
        spec.push_str(&(w % (1 << 13)).to_string());
    }
    if let Some(p) = d.precision {
        spec.push('.');
        spec.push_str(&(p % (1 << 13)).to_string());
    }
    spec.push(char::from(LETTERS[usize::from(d.letter) % LETTERS.len()]));
    let value = match &d.value {
        Arg::Int(i) => Value::Integer(*i),
        Arg::Float(f) if f.is_finite() => Value::Float(*f),
        Arg::Float(_) => Value::Float(0.0),
        Arg::Text(s) => Value::from(s.as_str()),
    };
    let _ = sprintf(&spec, &[value]);
    c_directive(&d);
    let _ = confer_core::value::timespan::strftime(3_600_000_000_000, &spec.replace(char::is_alphabetic, "H"));
});

/// The directive as a CFEngine policy may write it, through glibc's printf
/// with a 4,095-byte limit (cf-agent's buffer).
fn c_directive(d: &Directive) {
    let mut spec = String::from("%");
    spec.extend(d.flags.iter().take(4).map(|f| C_FLAGS[usize::from(*f) % C_FLAGS.len()]));
    if let Some(w) = d.width {
        spec.push_str(&w.to_string());
    }
    if let Some(p) = d.precision {
        spec.push('.');
        spec.push_str(&p.to_string());
    }
    spec.push_str(C_LENGTHS[usize::from(d.length) % C_LENGTHS.len()]);
    let letter = C_LETTERS[usize::from(d.letter) % C_LETTERS.len()];
    spec.push(char::from(letter));
    let arg = match &d.value {
        Arg::Int(i) => c_printf::Arg::Long(*i),
        Arg::Float(f) => c_printf::Arg::Double(*f),
        Arg::Text(t) => c_printf::Arg::Str(t),
    };
    if let Ok(Some(out)) = c_printf::printf(&spec, arg, 4095) {
        assert!(out.len() <= 4095, "{spec} printed {} bytes", out.len());
    }
}

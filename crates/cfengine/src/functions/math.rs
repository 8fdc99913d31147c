//! The infix arithmetic of `eval(expr, "math", "infix")`, following
//! cf-agent's PEG grammar (libpromises/math.peg) with its quirks: the parse
//! takes the longest valid prefix and ignores the rest (`1 + 2 abc` is 3);
//! comparisons (`<`, `<=`, `==`, `>=`, `>`, giving 1 or 0) share the level of
//! `+`/`-`; `^`/`**` share the level of `*`, `/`, `%` and are left-associative;
//! there is no unary minus (only a negative number literal); constants do not
//! skip the spaces after them; a function takes a single value, not an
//! expression; a number may carry an SI suffix (`2k` is 2000).

/// `fabs(l - r) < CLOSE_ENOUGH` is cf-agent's equality.
const CLOSE_ENOUGH: f64 = 0.000_000_000_000_000_01;

/// The constants of the grammar, in the order it tries them.
const CONSTANTS: &[(&str, f64)] = &[
    ("e", std::f64::consts::E),
    ("log2e", std::f64::consts::LOG2_E),
    ("log10e", std::f64::consts::LOG10_E),
    ("ln2", std::f64::consts::LN_2),
    ("ln10", std::f64::consts::LN_10),
    ("pi", std::f64::consts::PI),
    ("pi_2", std::f64::consts::FRAC_PI_2),
    ("pi_4", std::f64::consts::FRAC_PI_4),
    ("1_pi", std::f64::consts::FRAC_1_PI),
    ("2_pi", std::f64::consts::FRAC_2_PI),
    ("2_sqrtpi", std::f64::consts::FRAC_2_SQRT_PI),
    ("sqrt2", std::f64::consts::SQRT_2),
    ("sqrt1_2", std::f64::consts::FRAC_1_SQRT_2),
];

/// A function of the grammar (`ceil(2.5)`).
type MathFn = fn(f64) -> f64;

/// The one-argument functions, in the order the grammar tries their names.
const FUNCTIONS: &[(&str, MathFn)] = &[
    ("ceil", f64::ceil),
    ("floor", f64::floor),
    ("log10", f64::log10),
    ("log2", f64::log2),
    ("log", f64::ln),
    ("sqrt", f64::sqrt),
    ("sin", f64::sin),
    ("cos", f64::cos),
    ("tan", f64::tan),
    ("asin", f64::asin),
    ("acos", f64::acos),
    ("atan", f64::atan),
    ("abs", f64::abs),
    ("step", step),
];

fn step(p: f64) -> f64 {
    if p < 0.0 {
        0.0
    } else {
        1.0
    }
}

/// Evaluates `expr`: `Err` with cf-agent's failure text when not even a
/// prefix parses. An empty expression is 0, as in cf-agent.
pub fn evaluate(expr: &str) -> Result<f64, String> {
    let mut p = P { s: expr.as_bytes(), i: 0, depth: 0 };
    p.space();
    match p.sum() {
        Some(v) => Ok(v),
        None if expr.is_empty() => Ok(0.0),
        None => Err("expression could not be parsed".into()),
    }
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

impl P<'_> {
    fn space(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    /// Matches the token `t` followed by spaces.
    fn token(&mut self, t: &str) -> bool {
        if self.s[self.i..].starts_with(t.as_bytes()) {
            self.i += t.len();
            self.space();
            return true;
        }
        false
    }

    /// An operator followed by its right operand, or nothing consumed.
    fn operand(&mut self, op: &str, rhs: fn(&mut Self) -> Option<f64>) -> Option<f64> {
        let save = self.i;
        if self.token(op) {
            if let Some(r) = rhs(self) {
                return Some(r);
            }
        }
        self.i = save;
        None
    }

    fn sum(&mut self) -> Option<f64> {
        let mut l = self.product()?;
        loop {
            l = if let Some(r) = self.operand("+", Self::product) {
                l + r
            } else if let Some(r) = self.operand("-", Self::product) {
                l - r
            } else if let Some(r) = self.operand("==", Self::product) {
                truth((l - r).abs() < CLOSE_ENOUGH)
            } else if let Some(r) = self.operand("<=", Self::product) {
                truth(l < r || (l - r).abs() < CLOSE_ENOUGH)
            } else if let Some(r) = self.operand("<", Self::product) {
                truth(l < r)
            } else if let Some(r) = self.operand(">=", Self::product) {
                truth(l > r || (l - r).abs() < CLOSE_ENOUGH)
            } else if let Some(r) = self.operand(">", Self::product) {
                truth(l > r)
            } else {
                return Some(l);
            };
        }
    }

    fn product(&mut self) -> Option<f64> {
        let mut l = self.value()?;
        loop {
            l = if let Some(r) = self.operand("^", Self::value).or_else(|| self.operand("**", Self::value)) {
                l.powf(r)
            } else if let Some(r) = self.operand("*", Self::value) {
                l * r
            } else if let Some(r) = self.operand("/", Self::value) {
                l / r
            } else if let Some(r) = self.operand("%", Self::value) {
                // C's `(long)l % (long)r`; a zero divisor has no value.
                let (a, b) = (l as i64, r as i64);
                if b == 0 {
                    f64::NAN
                } else {
                    a.wrapping_rem(b) as f64
                }
            } else {
                return Some(l);
            };
        }
    }

    fn value(&mut self) -> Option<f64> {
        self.depth += 1;
        let v = if self.depth > 200 { None } else { self.value_inner() };
        self.depth -= 1;
        v
    }

    fn value_inner(&mut self) -> Option<f64> {
        if let Some(n) = self.number() {
            let unit = match self.s.get(self.i).map(u8::to_ascii_lowercase) {
                Some(b'k') => 1e3,
                Some(b'm') => 1e6,
                Some(b'g') => 1e9,
                Some(b't') => 1e12,
                Some(b'p') => 1e15,
                _ => return Some(n),
            };
            self.i += 1;
            self.space();
            return Some(n * unit);
        }
        for (name, c) in CONSTANTS {
            if self.s[self.i..].starts_with(name.as_bytes()) {
                self.i += name.len();
                return Some(*c);
            }
        }
        let save = self.i;
        if let Some((name, f)) = FUNCTIONS.iter().find(|(n, _)| self.s[self.i..].starts_with(n.as_bytes())) {
            self.i += name.len();
            if self.token("(") {
                if let Some(v) = self.value() {
                    if self.token(")") {
                        return Some(f(v));
                    }
                }
            }
            self.i = save;
            return None;
        }
        if self.token("(") {
            if let Some(v) = self.sum() {
                if self.token(")") {
                    return Some(v);
                }
            }
        }
        self.i = save;
        None
    }

    /// `F_NUMBER`: `-?[0-9]+\.?[0-9]*` or `-?\.[0-9]+`, then spaces.
    fn number(&mut self) -> Option<f64> {
        let start = self.i;
        let mut j = self.i;
        let digits = |s: &[u8], mut k: usize| {
            while s.get(k).is_some_and(u8::is_ascii_digit) {
                k += 1;
            }
            k
        };
        if self.s.get(j) == Some(&b'-') {
            j += 1;
        }
        let int_end = digits(self.s, j);
        let end = if int_end > j {
            let k = if self.s.get(int_end) == Some(&b'.') { int_end + 1 } else { int_end };
            digits(self.s, k)
        } else if self.s.get(j) == Some(&b'.') && digits(self.s, j + 1) > j + 1 {
            digits(self.s, j + 1)
        } else {
            return None;
        };
        let text = std::str::from_utf8(&self.s[start..end]).ok()?;
        let text = text.strip_suffix('.').unwrap_or(text);
        self.i = end;
        self.space();
        text.parse().ok()
    }
}

fn truth(b: bool) -> f64 {
    if b {
        1.0
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::evaluate;

    #[test]
    fn arithmetic_as_cf_agent() {
        assert_eq!(evaluate("1+2*3"), Ok(7.0));
        assert_eq!(evaluate("(1+2)*3"), Ok(9.0));
        assert_eq!(evaluate("2^3^2"), Ok(64.0));
        assert_eq!(evaluate("1+"), Ok(1.0));
        assert_eq!(evaluate("1 + 2 abc"), Ok(3.0));
        assert_eq!(evaluate("21 < 11"), Ok(0.0));
        assert_eq!(evaluate("5 > 3 + 1"), Ok(2.0));
        assert_eq!(evaluate("2k + 1"), Ok(2001.0));
        assert_eq!(evaluate("ceil(2.5) + sqrt(16)"), Ok(7.0));
        assert_eq!(evaluate("10 % 3.5"), Ok(1.0));
        assert_eq!(evaluate(""), Ok(0.0));
        assert!(evaluate("-(3)").is_err());
        assert!(evaluate("(1+2").is_err());
    }
}

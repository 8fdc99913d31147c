//! The infix arithmetic of `eval(expr, "math", "infix")`: numbers, `+ - * /
//! ^ %`, parentheses, unary minus, and the constants `e` and `pi`.

/// Evaluates `expr`; the error is cf-agent's style of message.
pub fn evaluate(expr: &str) -> Result<f64, String> {
    let toks: Vec<char> = expr.chars().filter(|c| !c.is_whitespace()).collect();
    let mut p = P { t: &toks, i: 0, depth: 0 };
    let v = p.sum()?;
    if p.i != toks.len() {
        return Err("Math expression syntax error".into());
    }
    Ok(v)
}

struct P<'a> {
    t: &'a [char],
    i: usize,
    depth: usize,
}

impl P<'_> {
    fn peek(&self) -> Option<char> {
        self.t.get(self.i).copied()
    }

    fn sum(&mut self) -> Result<f64, String> {
        let mut v = self.product()?;
        while let Some(c) = self.peek() {
            match c {
                '+' => {
                    self.i += 1;
                    v += self.product()?;
                }
                '-' => {
                    self.i += 1;
                    v -= self.product()?;
                }
                _ => break,
            }
        }
        Ok(v)
    }

    fn product(&mut self) -> Result<f64, String> {
        let mut v = self.power()?;
        while let Some(c) = self.peek() {
            match c {
                '*' => {
                    self.i += 1;
                    v *= self.power()?;
                }
                '/' => {
                    self.i += 1;
                    v /= self.power()?;
                }
                '%' => {
                    self.i += 1;
                    v %= self.power()?;
                }
                _ => break,
            }
        }
        Ok(v)
    }

    fn power(&mut self) -> Result<f64, String> {
        let b = self.unary()?;
        if self.peek() == Some('^') {
            self.i += 1;
            let e = self.power()?;
            return Ok(b.powf(e));
        }
        Ok(b)
    }

    fn unary(&mut self) -> Result<f64, String> {
        self.depth += 1;
        if self.depth > 200 {
            return Err("Math expression too deep".into());
        }
        let r = match self.peek() {
            Some('-') => {
                self.i += 1;
                self.unary().map(|v| -v)
            }
            Some('+') => {
                self.i += 1;
                self.unary()
            }
            Some('(') => {
                self.i += 1;
                let v = self.sum()?;
                if self.peek() != Some(')') {
                    return Err("Math expression syntax error".into());
                }
                self.i += 1;
                Ok(v)
            }
            _ => self.atom(),
        };
        self.depth -= 1;
        r
    }

    fn atom(&mut self) -> Result<f64, String> {
        let start = self.i;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '.' {
                self.i += 1;
            } else {
                break;
            }
        }
        let word: String = self.t[start..self.i].iter().collect();
        match word.as_str() {
            "" => Err("Math expression syntax error".into()),
            "e" => Ok(std::f64::consts::E),
            "pi" => Ok(std::f64::consts::PI),
            w => w.parse().map_err(|_| "Math expression syntax error".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn arithmetic() {
        assert_eq!(super::evaluate("1+2*3").unwrap(), 7.0);
        assert_eq!(super::evaluate("(1+2)*3").unwrap(), 9.0);
        assert_eq!(super::evaluate("2^3^2").unwrap(), 512.0);
        assert!(super::evaluate("1+").is_err());
    }
}

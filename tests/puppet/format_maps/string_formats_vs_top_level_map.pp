$f = { Integer => '%#o', Array => { format => '%a', string_formats => { Integer => '%#x' } } }
notice(String([8, [9]], $f))
notice(String(8, $f))

notice(String([1, 200, 'x'], { Array => { format => '%a', string_formats => { Integer => '%d', Integer[100, default] => '%#x', Any => '%s' } } }))

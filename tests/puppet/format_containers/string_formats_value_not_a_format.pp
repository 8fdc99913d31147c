notice(String([1], { Array => { format => '%a', string_formats => { Integer => 'x' } } }))

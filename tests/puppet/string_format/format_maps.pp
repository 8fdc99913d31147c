$f = { Integer[default, -1] => '%d', Integer[0, default] => '%#x' }
notice(String(-1, $f), String(10, $f))
notice(String([1, 'a'], { Array => { format => '%(a', separator => ';', string_formats => { Integer => '%#o' } } }))
notice(String({a => 1}, Hash => { format => '%h', separator2 => ': ' }))

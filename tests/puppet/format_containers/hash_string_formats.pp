notice(String({a => 1, b => 'x'}, { Hash => { format => '%h', string_formats => { String => '%s' } } }))
notice(String({a => 10, b => 'x'}, { Hash => { format => '%h', string_formats => { Integer => '%#o', String => '%#s' } } }))
notice(String({true => 1.5}, { Hash => { format => '%h', string_formats => { Boolean => '%y', Float => '%.3f' } } }))

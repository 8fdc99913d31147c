notice(String([1, [2, 3]], { Array => { format => '%(a', string_formats => { Integer => '%x', Array => '%<a' } } }))
notice(String([10, [11]], { Array => { format => '%[a', string_formats => { Integer => '%o' } } }))

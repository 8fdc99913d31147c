notice(String({a => 1, b => 2}, { Hash => { format => '%h', separator => ';' } }))
notice(String({a => 1, b => 2}, { Hash => { format => '%h', separator2 => ': ' } }))
notice(String({a => 1, b => 2}, { Hash => { format => '%(h', separator => ' &', separator2 => '=' } }))
notice(String({a => 1, b => 2}, { Hash => { format => '%h', separator => '', separator2 => '' } }))

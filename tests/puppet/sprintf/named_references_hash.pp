notice(sprintf('%<a>d and %<b>s', { 'a' => 1, 'b' => 'two' }))
notice(sprintf('%{a}-%{b}', { 'a' => 1, 'b' => 'two' }))
notice(sprintf('%<x>05.1f', { 'x' => 3.14159 }))

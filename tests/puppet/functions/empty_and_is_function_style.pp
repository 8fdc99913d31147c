notice(empty(''))
notice(empty([]))
notice(empty({ 'a' => 1 }))
notice(empty(undef))

notice(1.then |$x| { $x + 1 }, undef.then |$x| { 'never' }, undef.lest || { 'fallback' })

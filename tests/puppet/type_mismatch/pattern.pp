function f(Pattern[/^a/] $a) { $a }
notice(f('b'))

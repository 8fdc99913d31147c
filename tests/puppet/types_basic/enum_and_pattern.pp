notice('a' =~ Enum[a, b], 'c' =~ Enum[a, b], 'abc' =~ Pattern[/^a/, /z$/], 'xyz' =~ Pattern[/^a/, /z$/])

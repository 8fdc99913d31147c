notice(['a', 'b', 'c'] =~ Array[Pattern[/[a-z]/]])
notice(['a', 'B'] =~ Array[Enum['a', 'b']])

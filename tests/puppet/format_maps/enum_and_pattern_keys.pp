$f = { Enum['yes', 'no'] => '%u', Pattern[/^x/] => '%c' }
notice(String('yes', $f))
notice(String('xylophone', $f))
notice(String('other', $f))

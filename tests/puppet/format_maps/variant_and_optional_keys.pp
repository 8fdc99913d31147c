$f = { Variant[Integer, Boolean] => '%x', Optional[String] => '%u' }
notice(String(255, $f))
notice(String(true, $f))
notice(String('abc', $f))
notice(String(undef, $f))

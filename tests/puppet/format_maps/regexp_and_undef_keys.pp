$f = { Regexp => '%#s', Undef => '%V', Default => '%D' }
notice(String(/ab/, $f))
notice(String(undef, $f))
notice(String(default, $f))
notice(String([/ab/, undef, default], $f))

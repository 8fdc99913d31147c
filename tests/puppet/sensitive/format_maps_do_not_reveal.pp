$s = Sensitive('top')
notice(String($s, { Sensitive => '%p' }))
notice(String([$s], { Array => '%(a' }))
notice(sprintf('%p', $s))

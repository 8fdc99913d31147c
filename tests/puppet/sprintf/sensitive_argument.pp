$s = Sensitive('secret')
notice(sprintf('%s', $s))
notice(sprintf('[%s]', [$s]))

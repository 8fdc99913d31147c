$s = Sensitive('secret')
notice($s)
notice("${s}")
notice([$s])

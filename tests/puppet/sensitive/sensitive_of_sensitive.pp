$s = Sensitive(Sensitive('inner'))
notice($s)
notice($s.unwrap)
notice(type($s))

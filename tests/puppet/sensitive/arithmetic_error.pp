$s = Sensitive(1)
notice($s + 1)

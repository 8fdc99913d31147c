$x = 'top'
notice("$::x ${::x}")

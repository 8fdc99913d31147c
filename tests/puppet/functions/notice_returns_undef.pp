$r = notice('side effect')
notice($r =~ Undef)

notice("[${'abc'[5]}]")
notice('abc'[5] =~ Undef)
notice('abc'[3, 1] == '')

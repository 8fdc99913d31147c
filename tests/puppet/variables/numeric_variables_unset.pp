notice($0 =~ Undef)
notice($1 =~ Undef)
notice("[$0][$1][$10]")

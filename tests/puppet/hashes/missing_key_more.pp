$h = { 'a' => 1 }
notice($h['zz'] =~ Undef)
notice("[${h['zz']}]")
notice($h['A'] =~ Undef)

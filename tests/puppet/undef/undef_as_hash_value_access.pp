$h = { 'a' => undef }
notice($h['a'] =~ Undef)
notice($h['missing'] =~ Undef)
notice('a' in $h)

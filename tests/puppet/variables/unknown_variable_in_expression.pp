notice($nope == undef)
notice($nope =~ Undef)

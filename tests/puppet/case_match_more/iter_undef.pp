undef.each |$x| { notice($x) }

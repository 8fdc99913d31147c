$x = if true { 1 } else { 2 }
notice($x)
$y = if false { 1 }
notice($y =~ Undef)
$z = unless false { 'u' }
notice($z)

$x = undef
notice($x =~ Undef)
if $x { notice('true') } else { notice('undef is falsy') }

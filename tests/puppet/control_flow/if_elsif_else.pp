$x = 5
if $x < 3 { notice('small') } elsif $x < 10 { notice('medium') } else { notice('large') }

$n = 5
if $n < 3 { notice('small') } elsif $n < 10 { notice('medium') } else { notice('large') }
if $n > 100 { notice('huge') } elsif $n > 50 { notice('big') } else { notice('fallback else') }
if false { notice('never') }
notice('done')

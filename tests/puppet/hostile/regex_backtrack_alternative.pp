# 25 a's then b: the first alternative backtracks exponentially, the second matches.
notice("aaaaaaaaaaaaaaaaaaaaaaaaab" =~ /^(?:(a+)+\1c|.*b)$/)
notice("aaaaaaaaaaaaaaaaaaaaaaaaab" !~ /^(?:(a+)+\1c|.*b)$/)

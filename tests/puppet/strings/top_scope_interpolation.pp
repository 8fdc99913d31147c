$t = 'top'
notice("${::t} $::t")

$m = 'xyz' =~ /(y)/
notice($m)
notice("after bare match: [${1}]")

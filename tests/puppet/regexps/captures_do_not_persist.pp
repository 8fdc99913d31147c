if 'abc' =~ /(b)/ { notice("inside: [${1}]") }
notice("after: [${1}]")
notice("zero after: [${0}]")

if 'abc' =~ /(b)/ { notice($1) }
notice("after: <${1}>")

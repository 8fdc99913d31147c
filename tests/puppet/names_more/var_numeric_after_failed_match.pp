if 'a' =~ /(b)/ { } 
notice("[${1}]")

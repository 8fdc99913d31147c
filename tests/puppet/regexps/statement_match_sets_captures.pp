'q' =~ /(q)/
notice($1)

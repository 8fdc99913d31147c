$r = Regexp['^x']
notice('xy' =~ $r)
notice('yx' =~ $r)

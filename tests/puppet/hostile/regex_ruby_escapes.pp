notice('a<b' =~ /a\<b/)
notice('a>b' =~ /a\>b/)
notice('ab' =~ /\<ab/)
notice(regsubst('x<y', /\</, '-'))

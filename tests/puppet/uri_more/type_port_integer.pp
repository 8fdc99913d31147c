$t = URI[{port => Integer[8000, 9000]}]
notice(URI('http://a:8080') =~ $t)
notice(URI('http://a:80') =~ $t)
notice(URI('http://a') =~ $t)

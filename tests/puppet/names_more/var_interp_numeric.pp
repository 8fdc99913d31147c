if 'xy' =~ /(x)(y)/ { notice("${2}${1}") notice("$2$1") }

notice("[${0}] [${1}] [${99}]")
notice($1 =~ Undef)

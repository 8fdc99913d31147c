notice("[${undef}]")
notice("[${default}]")
notice("[${1}]")

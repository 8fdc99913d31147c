notice("float: ${1.5}")

notice("${1 + ")

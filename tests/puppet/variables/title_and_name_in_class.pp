class named { notice($title, $name) }
include named

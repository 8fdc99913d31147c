define d($x = 1) { notice("${title} ${name} ${x}") }
d { 't': name => 'n', x => 2 }

define d($msg) { notice("${title}: ${msg}") }
d { 'one': msg => 'hi' }

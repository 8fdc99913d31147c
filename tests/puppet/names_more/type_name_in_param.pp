define d(String $String) { notice($String) }
d { 'x': String => 's' }

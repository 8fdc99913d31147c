define d() { notice($title) notice($name) }
d { 'x': }

define d($name) {}
d { 'x': }

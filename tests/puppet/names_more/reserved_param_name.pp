define d($title) {}
d { 'x': }

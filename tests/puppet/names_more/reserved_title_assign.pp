define d() { $title = 'y' }
d { 'x': }

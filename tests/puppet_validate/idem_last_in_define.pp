define d() { 'x' }

notify { 'v': message => lookup('x') }

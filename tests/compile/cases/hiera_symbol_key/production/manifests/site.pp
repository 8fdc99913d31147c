notify { 'v': message => lookup('y') }

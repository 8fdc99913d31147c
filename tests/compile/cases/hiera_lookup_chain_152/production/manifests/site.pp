notify { 'chain': message => lookup('k0') }

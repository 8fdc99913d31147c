notify { 'v': message => lookup('other') }

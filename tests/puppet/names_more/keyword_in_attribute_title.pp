notify { 'if': message => 'unless' }

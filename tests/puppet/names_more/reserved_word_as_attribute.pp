notify { 'x': message => 'm', unless => 'u' }

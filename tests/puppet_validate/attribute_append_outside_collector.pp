notify { 'a': message +> 'x' }

notify { message => 'x' }

notify { 'hello': }
notify { 'with message': message => 'custom text' }

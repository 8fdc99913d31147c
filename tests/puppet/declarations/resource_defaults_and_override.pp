Notify { message => 'default message' }
notify { 'n': message => 'explicit' }
Notify['n'] { message => 'overridden' }

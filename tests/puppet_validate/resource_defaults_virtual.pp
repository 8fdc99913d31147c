@Notify { message => 'x' }

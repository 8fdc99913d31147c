@Notify['a'] { message => 'x' }

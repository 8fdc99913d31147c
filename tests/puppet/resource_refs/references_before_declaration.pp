notice(Notify['later'])
notify { 'later': message => 'declared after reference' }

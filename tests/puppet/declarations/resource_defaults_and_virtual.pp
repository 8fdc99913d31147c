Notify { message => 'default message' }
notify { 'uses-default': }
@notify { 'virtual-one': message => 'realized' }
realize(Notify['virtual-one'])

notify { 'hello': }
notify { 'custom':
  message => 'a custom message',
}
notice('compiled')

Nosuchtype {
  owner => 'root',
}
notice('not reached')

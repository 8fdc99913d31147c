if true {
  notice('x')

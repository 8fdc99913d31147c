define greet($greeting = 'hello') {
  notice("${greeting}, ${title}")
}
greet { 'world': }
greet { ['a', 'b']: greeting => 'hi' }
notice('main done')

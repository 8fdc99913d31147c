define greeter($greeting = 'hello') { notice("${greeting} ${title}") }
greeter { ['alice', 'bob']: }
greeter { 'carol': greeting => 'hi' }
notice('defines run after main')

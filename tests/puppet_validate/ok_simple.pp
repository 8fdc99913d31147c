notice('hello')
$x = 1
notify { 'a': message => $x }

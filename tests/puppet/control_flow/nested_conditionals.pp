$a = 1
$b = 'x'
if $a == 1 {
  case $b {
    'x': {
      if $b =~ /x/ { notice('deep') }
    }
  }
}

notice(1)
$x = 'a' =~ /(/

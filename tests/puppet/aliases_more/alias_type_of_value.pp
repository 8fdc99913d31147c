type Small = Integer[0, 5]
$x = 3
notice(type($x))
notice($x =~ Small)
notice(Small =~ Type[Small])

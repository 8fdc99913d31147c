type F = Object[{attributes => {a => Integer}, functions => {double => Callable[[], Integer]}}]
$f = F(2)
notice($f.double)

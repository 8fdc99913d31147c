$x = 'notice'
$x(1)

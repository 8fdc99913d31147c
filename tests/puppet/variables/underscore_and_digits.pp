$_x = 1
$x1 = 2
$x_y_z = 3
notice($_x, $x1, $x_y_z)

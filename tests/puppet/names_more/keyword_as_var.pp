$if = 1
$class = 2
notice($if + $class)

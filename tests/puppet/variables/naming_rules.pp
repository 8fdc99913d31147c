$_x = 'underscore'
$x1 = 'digit'
$snake_case_Name = 'mixed'
notice($_x)
notice($x1)
notice($snake_case_Name)

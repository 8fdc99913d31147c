$type = 1
notice($type)
$function = 2
notice($function)

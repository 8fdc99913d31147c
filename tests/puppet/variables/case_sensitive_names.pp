$varA = 'upper'
$vara = 'lower'
notice($varA, $vara)

$varA = 'upper A'
$vara = 'lower a'
notice($varA)
notice($vara)

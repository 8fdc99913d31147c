# A 3.x function is given an undef argument as the empty string.
$nothing = undef
notice(str2bool($nothing))
notice(str2bool(''))

notice(versioncmp ('1.0', '2.0'))
$h = flatten ([1, [2]])
notice ($h)
$x = [1,
(2)]
notice($x)

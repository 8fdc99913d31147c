notice(File['/a', '/b'])
$files = ['/x', '/y']
notice(File[$files])

$s = '5'
notice(-$s)
$h = '0x10'
notice(-$h)

notice 'x'
notice 'a', 'b'
$v = 3
notice $v

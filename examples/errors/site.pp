$ports = [80, 443]
$first = $ports[0, 1, 2]

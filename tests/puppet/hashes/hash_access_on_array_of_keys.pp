$h = { 'a' => 1 }
$k = 'a'
notice($h[$k])
notice($h["${k}"])

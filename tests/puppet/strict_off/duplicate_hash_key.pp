# A hash key written twice.
$h = {'a' => 1, 'a' => 2}
notice($h)

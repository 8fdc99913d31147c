$a = Timespan('00:01:00')
$b = Timespan(30)
notice($a > $b, $a == Timespan(60), $a < 61, $a + $b, $a - 30, $b * 2)

$x = 42
$t = @("END")
value $x and ${x + 1}
END
notice($t)

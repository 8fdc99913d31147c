$x = 1
$t = @(END)
value $x
END
notice($t)

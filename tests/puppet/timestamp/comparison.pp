$t = Timestamp("2016-01-01T00:00:00 UTC")
notice($t < Timestamp(1451606401), $t > Timestamp(1451606399), $t <= $t, $t >= $t, $t < 1451606401, $t > 1451606399.5, [$t, Timestamp(0), Timestamp(-5)].sort)

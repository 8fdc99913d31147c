$t = Timestamp(0)
notice($t + "1", $t - "0.5")

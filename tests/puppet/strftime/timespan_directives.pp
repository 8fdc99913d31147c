$t = Timespan("100-14:02:24.123400000", "%D-%H:%M:%S.%N")
notice(strftime($t, "%D-%H:%M:%S.%L"), strftime($t, "%M:%S"), strftime($t, "%S"), strftime($t, "%3N"))

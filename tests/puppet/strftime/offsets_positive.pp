$t = Timestamp("2016-09-04T15:04:05 UTC")
notice(strftime($t, "%z|%-z|%_z|%-:z|%10::z|%_10z|%:z|%::z", "+05:30"))

notice(Timestamp("20160904", "%Y%m%d"), Timestamp("20160904T0102", "%Y%m%dT%H%M"), Timestamp("2016-09-04    03:04", "%F %H:%M"), Timestamp("2016-09-0403:04", "%F %H:%M"))

notice(Timestamp("2015#03#01 11:12:13"))

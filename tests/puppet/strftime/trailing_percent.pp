notice(strftime(Timestamp(0), "%Y%"), strftime(Timestamp(0), "x%-"))

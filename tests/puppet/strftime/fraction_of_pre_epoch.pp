notice(strftime(Timestamp(-1.25), "%F %T.%N %s"), strftime(Timestamp(-0.5), "%L"))

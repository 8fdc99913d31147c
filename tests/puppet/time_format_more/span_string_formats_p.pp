notice(String(Timespan(90), '%M:%S'))
notice(String(Timespan(90)))

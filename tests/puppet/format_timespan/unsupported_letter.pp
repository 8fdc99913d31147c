notice(String(Timespan(1), '%t'))

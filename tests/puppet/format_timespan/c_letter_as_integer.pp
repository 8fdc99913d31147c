notice(String(Timespan(65), '%c'))

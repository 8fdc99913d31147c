notice(Timespan('3-11:12:13') =~ Timespan['3-00:00:00', '4-00:00:00'], Timespan(5) =~ Timespan[10], type(Timespan(1)))

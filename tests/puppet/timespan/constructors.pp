notice(Timespan(6800), Timespan(13.5), Timespan('3-11:00'), Timespan({days => 4}), Timespan(4, 0, 0, 2), Timespan('13:20'), Timespan('10:03.5', '%M:%S.%L'))

$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice(sprintf('%s', $ts))
notice(sprintf('%p', $ts))

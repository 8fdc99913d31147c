$t = Timespan('100-14:02:24.123400000', '%D-%H:%M:%S.%N')
notice(strftime($t, '%D-%H:%M:%S.%N'), strftime($t, '%H:%M'), strftime($t, '%-N'), strftime($t, '%_N|'), strftime($t, '%6N'))

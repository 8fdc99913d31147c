$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice($ts.strftime('%_d|%_m|%_H|%_M|%_S|%_j|%_y'))

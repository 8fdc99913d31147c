$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice($ts.strftime('%z|%:z|%::z|%Z'))
notice($ts.strftime('%z', 'America/New_York'))
notice($ts.strftime('%:z|%Z', 'Asia/Kolkata'))

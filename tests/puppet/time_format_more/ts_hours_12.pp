$ts = Timestamp('2021-03-04T00:06:07 UTC')
notice($ts.strftime('%I|%l|%-I|%p|%P'))
$t2 = Timestamp('2021-03-04T12:06:07 UTC')
notice($t2.strftime('%I|%l|%p'))

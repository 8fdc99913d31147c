$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice($ts.strftime('%s|%u|%w|%U|%W|%V|%G|%g|%C|%%|%n|%t|%h|%e|%k|%l|%I|%P|%p'))

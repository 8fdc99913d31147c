$sp = Timespan(1.000001)
notice($sp.strftime('%S.%N'))
notice($sp.strftime('%S.%L'))
notice($sp.strftime('%S.%3N'))

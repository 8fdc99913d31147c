$sp = Timespan(75.25)
notice($sp.strftime('%S.%L'))
notice($sp.strftime('%M:%S.%3N'))

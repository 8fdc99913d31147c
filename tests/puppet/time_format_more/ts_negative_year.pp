$ts = Timestamp('1969-12-31T23:59:59 UTC')
notice($ts.strftime('%s|%Y|%C'))

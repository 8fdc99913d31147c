$varA = 'upper A'
notice($vara)

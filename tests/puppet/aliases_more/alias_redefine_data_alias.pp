type RichData = Integer
notice(1)

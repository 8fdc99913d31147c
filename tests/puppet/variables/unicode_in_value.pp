$s = 'Grüße 日本'
notice($s)
notice("${s}!")

# A required template parameter without a value.
notice(epp('tpl/greeting.epp', {}))

# An argument of the wrong type.
notice(epp('tpl/greeting.epp', { 'name' => 3 }))

# An argument the template does not declare.
notice(epp('tpl/greeting.epp', { 'name' => 'a', 'other' => 1 }))

notice({ class => 1, if => 2, default_value => 3 })

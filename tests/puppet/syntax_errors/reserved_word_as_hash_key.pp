notice({ class => 1 })

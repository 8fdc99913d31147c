notice({if => 1, case => 2, class => 3, default => 4})

notice({ 'a' => 1 } + ['b'])

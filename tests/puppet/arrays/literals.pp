notice([1, 'two', 3.0, [4], {'five' => 5}])
notice([])

$h = {a => 1, 'b' => 'two', 3 => [4]}
notice(String($h, '%h'))
notice(String($h, '%s'))
notice(String($h, '%p'))
notice(String($h))
notice(String({}, '%h'))

notice(sprintf('%<nope>s', { 'a' => 1 }))

notice([1, 'a'] ? { [Integer, String] => 'typed', default => 'd' })

validate_integer({'a' => 1})

notice(Integer({radix => 16}))

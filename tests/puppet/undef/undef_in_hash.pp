notice({a => undef, b => 1})

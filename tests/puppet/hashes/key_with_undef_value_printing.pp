notice({ 'a' => undef, 'b' => '' })

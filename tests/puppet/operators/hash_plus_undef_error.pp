$h = {'a' => 1}
notice($h + undef)

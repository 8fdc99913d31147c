$attrs = { message => 'from hash' }
notify { 'splat': * => $attrs }

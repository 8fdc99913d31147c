notify { 'num': message => 42 }
notify { 'arr': message => ['a', 1] }
notify { 'hash': message => { 'k' => 'v' } }

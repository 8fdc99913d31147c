node 'a b' {}

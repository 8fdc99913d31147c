node 'a', 'b', 'a' {}

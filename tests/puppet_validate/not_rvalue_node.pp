$x = node 'a' {}

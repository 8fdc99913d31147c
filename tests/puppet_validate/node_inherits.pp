node 'a' inherits 'b' {}

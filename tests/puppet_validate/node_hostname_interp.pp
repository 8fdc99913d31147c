$x = 'h'
node "a${x}" {}

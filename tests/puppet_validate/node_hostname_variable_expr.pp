node $x {}

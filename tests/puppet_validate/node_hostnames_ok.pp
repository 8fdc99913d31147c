node "a.b-c_d" {}
node 42 {}
node a.example.com {}

'method'.notice
[1, 2].notice

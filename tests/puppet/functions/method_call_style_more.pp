'x'.notice
[1, 2].notice
'hello'.notice('world')

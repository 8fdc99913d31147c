$x = class c {}
$y = node n {}

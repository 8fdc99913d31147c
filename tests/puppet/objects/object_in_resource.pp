type P = Object[{attributes => {x => Integer, s => String}}]
$p = P(1, 'one')
notify { 'obj':
  message => "x=${p.x} s=${p.s} all=${p}",
}

type P = Object[{attributes => {s => String}}]
$p = P('x')
notice($p =~ P)
notice($p =~ Object)
notice($p =~ Any)
notice($p =~ Data)
notice($p =~ RichData)
notice('x' =~ P)
notice({1 => 2} =~ Object)

notice([1].map |$x| { {a => $x} })
notice(if true { {b => 2} })
$h = unless false { {c => 3} }
notice($h)

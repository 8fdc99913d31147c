type P = Object[{attributes => {x => Integer}}]
$s = Sensitive(P(1))
notice($s)
notice(P(1) =~ Sensitive)
notice(P(1) < P(2))

type P = Object[{attributes => {x => Integer}}]
$h = {P(1) => 'one', P(2) => 'two'}
notice($h[P(2)])
notice($h.keys)
notice(unique([P(1), P(1), P(2)]))

class t { tag("x") notice(tagged("x")) notice(tagged("y")) notice(tagged("t")) }
include t

class a { tag("one", ["two"]) notice(tagged("one", "two")) notice(tagged(["one", "three"])) }
include a
notice(tagged("a"))

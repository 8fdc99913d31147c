# A value that is not a String against a Variant of patterns: one merged
# pattern mismatch, naming the value's type.
function f(Variant[Pattern[/a/], Enum['x', 'y']] $v) { $v }
notice(f(1))

# Strictness on a compile: an unknown variable, a Hiera value interpolating
# a variable no scope has.
class strictness($greeting) { notify { $greeting: } }
include strictness
notify { "x${nosuch}": }

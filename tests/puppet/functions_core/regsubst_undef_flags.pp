# regsubst's flags are Optional: undef is no flags (it once fell into
# confer's internal error).
notice(regsubst('abc', 'b', 'x', undef))
notice(regsubst(['ab', 'bb'], 'b', 'x', undef))

# The module sweep's main manifest: each node declares the case class its
# `sweep_case` fact names (see scripts/sweep/record.rb).
include $sweep_case

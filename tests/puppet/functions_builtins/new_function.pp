notice(new(Integer, "42"))
notice(new(String, 42) |$s| { "${s}!" })

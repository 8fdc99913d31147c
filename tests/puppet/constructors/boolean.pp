notice(Boolean('true'), Boolean('YEs'), Boolean('n'), Boolean(0), Boolean(0.0), Boolean(2))

notice(Boolean(true), Boolean(false))
notice(Boolean.new(true))
notice(Boolean[true]('yes'))

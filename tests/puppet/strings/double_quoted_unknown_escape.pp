notice("a\qb")
notice("\d+")

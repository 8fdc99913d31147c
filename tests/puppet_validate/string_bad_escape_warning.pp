notice("a\qb")

# Arrays whose elements do not compare do not compare.
notice([[1, 'a'], [1, 2]].sort)

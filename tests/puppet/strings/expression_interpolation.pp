$a = 2
notice("sum ${1 + 2} prod ${$a * 3} cmp ${$a > 1}")

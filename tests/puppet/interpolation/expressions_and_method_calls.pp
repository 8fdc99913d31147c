$a = [3, 1, 2]
notice("sorted=${a.sort} size=${a.size} first=${a[0]} sum=${$a[0] + $a[1]}")
notice("upcase=${'abc'.upcase} str=${String(255, '%x')}")

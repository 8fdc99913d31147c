$i = 42
$f = 2.5
$b = true
$c = false
$n = undef
$d = default
$big = 9223372036854775807
$hex = 0xff
$oct = 017
notice("i=${i} f=${f} b=${b} c=${c} n=[${n}] d=${d}")
notice("neg=${-3} big=${big} hex=${hex} oct=${oct} $i$f")
notice("sum=${0.1 + 0.2} div=${7 / 2} fdiv=${7.0 / 2}")

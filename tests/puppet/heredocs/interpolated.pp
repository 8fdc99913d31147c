$x = 'X'
notice(@("END"))
  value: $x
  expr: ${1 + 2}
  escaped: \$x \n
  END

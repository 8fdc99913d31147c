$x = 'X'
notice(@("END"/tn$))
  a\tb\nc \$x $x \s
  END

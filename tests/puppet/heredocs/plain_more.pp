$x = 'X'
notice(@(END))
  line one $x
    indented \n
  END

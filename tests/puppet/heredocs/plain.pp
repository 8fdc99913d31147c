$t = @(END)
  hello
  world
  END
notice($t)

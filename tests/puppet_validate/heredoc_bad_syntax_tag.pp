$x = @(END:bogus)
  text
  END

$x = @(END:json)
  {"a": }
  END
notice($x)

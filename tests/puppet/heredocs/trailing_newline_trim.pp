$s = @(END)
  no trailing newline
  |- END
notice("[${s}]")

$s = @(END)
  | END
notice("[${s}]")

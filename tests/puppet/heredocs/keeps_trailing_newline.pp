$s = @(END)
  has trailing newline
  | END
notice("[${s}]")

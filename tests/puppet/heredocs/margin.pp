$t = @(END)
    indented
      more
    | END
notice($t)

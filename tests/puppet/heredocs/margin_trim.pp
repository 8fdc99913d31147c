notice(@(END))
    keep indentation
      more
    | END

notice(@(END/L))
  joined \
  line
  END
notice(@(END/t))
  tab:[\t] newline:[\n]
  END

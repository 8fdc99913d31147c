$x = 'v'
notice(@("END":json/t))
  {"k":\t"$x"}
  | END

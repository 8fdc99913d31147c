notice("a \
     b")
notice("c \
 d")
notice(@("E"/L)
  x \
  y
  | E
)
notice('e \
f')

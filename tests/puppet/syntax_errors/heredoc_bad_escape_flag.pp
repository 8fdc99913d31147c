$x = @(EOT/q)
  text
  | EOT

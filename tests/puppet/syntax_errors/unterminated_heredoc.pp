$x = @(EOT)
  text
  EOT-not-the-end

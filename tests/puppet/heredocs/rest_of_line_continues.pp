$t = @(END); notice('same line')
body
END
notice($t)

$t = @(END/tn)
a\tb\nc \$ d
END
notice($t)

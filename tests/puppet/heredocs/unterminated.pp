$t = @(END)
no end marker

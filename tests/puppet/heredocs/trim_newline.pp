$t = @(END)
no newline
- END
notice("[${t}]")

$t = @(END)
    a
     b
    |- END
notice("[${t}]")

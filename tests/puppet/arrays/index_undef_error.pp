notice([1,2][undef])

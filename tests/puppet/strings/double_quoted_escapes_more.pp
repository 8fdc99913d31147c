notice("dollar:\$ quote:\" squote:\' backslash:\\ end")
notice("tab:[\t] space:[\s]")
notice("nl:[\n]")

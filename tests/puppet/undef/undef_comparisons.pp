notice(undef == undef, undef == '', undef != false)

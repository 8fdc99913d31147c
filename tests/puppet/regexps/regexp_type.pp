notice(Regexp['a+'], 'caaat' =~ Regexp['a+'])

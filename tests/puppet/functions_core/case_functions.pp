notice(upcase('abc'), downcase('ABC'), capitalize('hELLO world'), upcase(['a', 'b']))

notice(Integer([1]))

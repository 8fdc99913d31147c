notice(nosuch_function(1))

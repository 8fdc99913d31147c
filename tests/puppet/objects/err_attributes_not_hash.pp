notice(Object[{attributes => 1}])

notice(['a b', "quo'te", 'x"y'])

notify { 'x': } notice(defined(Notify['x']))

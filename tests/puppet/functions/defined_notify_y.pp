notice(defined(Notify['y']))

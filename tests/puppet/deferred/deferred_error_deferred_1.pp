notice(Deferred(1))

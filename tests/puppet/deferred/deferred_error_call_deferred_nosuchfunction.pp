notice(call(Deferred('nosuchfunction')))

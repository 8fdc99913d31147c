notice(Init[Optional[Integer]]('12'))

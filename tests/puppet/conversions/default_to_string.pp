notice(default, [default])

notice(Float('.5'))

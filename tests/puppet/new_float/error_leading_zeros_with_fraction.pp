notice(Float('007.5'))

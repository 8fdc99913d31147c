notice(Init[String, 23](128))

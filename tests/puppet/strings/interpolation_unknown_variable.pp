notice("[$xy-z]")

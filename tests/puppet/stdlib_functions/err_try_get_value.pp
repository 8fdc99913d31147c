try_get_value()

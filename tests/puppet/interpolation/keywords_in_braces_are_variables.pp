notice("d=${default}|")
notice("u=${undef}|")

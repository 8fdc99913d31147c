notice("\u12")

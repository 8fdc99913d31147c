notice("line1\nline2")

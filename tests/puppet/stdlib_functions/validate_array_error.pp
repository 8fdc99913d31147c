validate_array("a")

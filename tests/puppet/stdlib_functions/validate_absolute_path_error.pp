validate_absolute_path("rel/path")

create_resources(notify)

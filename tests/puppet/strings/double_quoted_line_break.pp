notice("first
second")

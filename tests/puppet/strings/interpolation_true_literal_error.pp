notice("${true}")

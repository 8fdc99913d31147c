notice(versioncmp("1"))

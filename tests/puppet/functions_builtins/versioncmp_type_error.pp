notice(versioncmp(1, "2"))

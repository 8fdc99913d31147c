notice(versioncmp("1.2.3~rc1", "1.2.3"))
notice(versioncmp("10", "9"))
notice(versioncmp("1.0a", "1.0b"))

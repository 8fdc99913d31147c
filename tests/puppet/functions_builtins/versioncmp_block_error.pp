notice(versioncmp("1", "2") |$x| { $x })

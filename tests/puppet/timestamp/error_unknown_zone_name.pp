notice(Timestamp("2016-09-04 Foo", "%F %Z"))

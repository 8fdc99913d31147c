notice(Timestamp("2016-09-04 01:02:03 EST"), Timestamp("2016-09-04T01:02:03.98 +01:00"), Timestamp("2016-09-04 EST"), Timestamp("2020-02-29T12:34:56 +0100"))

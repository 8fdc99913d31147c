$t = Timestamp("2016-09-04T15:04:05 UTC")
notice(strftime($t, "%:::z|%::::z", "+05:30"), strftime($t, "%:::z", "EST"), strftime($t, "%:::z"), strftime($t, "%5:::z|%_6:::z", "-03:30"))

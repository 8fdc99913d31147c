$t = Timestamp("2016-09-04T15:04:05 UTC")
["HDT","NPT","IRST","WIB","Tokyo","India Standard Time","China","ChST","Pacific Daylight Time","CET DST","utc-3:30","+5,5","US Eastern Standard Time","EST foo","+05:30 x"].each |$z| { notice("${z}=[${strftime($t, "%F %T %:z", $z)}]") }

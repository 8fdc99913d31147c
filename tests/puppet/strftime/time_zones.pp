$t = Timestamp("2016-09-04T15:04:05.123456789 UTC")
["EST","UTC","GMT","CET","+03:00","UTC+3","GMT-2","+0530","-07","PDT","z","Z","est","","+3","A","CEST","JST","IST","MSK","AEST","+05:30:30","Eastern Standard Time","N"].each |$z| {
  notice("${z}=[${strftime($t, "%F %T %z %:z [%Z]", $z)}]")
}

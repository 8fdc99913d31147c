$t = Timestamp("2016-09-04T15:04:05 UTC")
["z","-z","_z","10z","_10z","10:z","-:z","::z","10::z"].each |$d| {
  notice("${d}=[${strftime($t, "%${d}")}]")
}

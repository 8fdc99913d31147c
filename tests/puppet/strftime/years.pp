notice(strftime(Timestamp(-62135596800), "%Y %C %y %G"), strftime(Timestamp("0099-06-01"), "%Y %C %y %4Y %-Y"), strftime(Timestamp(253402300799), "%c"))

$t = Timestamp("2016-09-23T13:14:15.123456789 UTC")
notice(String($t), String($t, "%s"), String($t, "%d"), String($t, "%f"), String($t, "%x"), String($t, "%X"), String($t, "%o"), String($t, "%b"), String($t, "%e"), String($t, "%g"), String($t, "%10.2f"), String($t, "%+d"), String($t, "%#x"), String($t, "%#s"))

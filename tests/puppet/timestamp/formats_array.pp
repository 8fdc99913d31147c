$fmts = ["%A, %d %B, %Y at %r", "%b %d, %Y, %l:%M %P", "%y-%m-%d %H:%M:%S %Z"]
notice(Timestamp("Sunday, 28 August, 2016 at 12:15:00 PM", $fmts), Timestamp("Jul 24, 2016, 1:20 am", $fmts), Timestamp("16-06-21 18:23:15 UTC", $fmts))

notice(strftime("%Y") =~ /^[0-9]{4}$/, strftime("%z", "EST"))

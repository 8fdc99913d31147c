notice(default =~ /a/)

notice(undef =~ Optional[String], undef =~ String, 'x' =~ Optional[String], undef =~ Undef)

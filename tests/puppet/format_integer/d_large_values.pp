notice(String(9223372036854775807, '%d'))
notice(String(-9223372036854775807 - 1, '%d'))
notice(String(9223372036854775807, '%x'))
notice(String(-9223372036854775807 - 1, '%+x'))

notice(String(Binary('héllo', '%s'), '%B'))
notice(String(Binary('', '%s'), '%B'))
notice(length(Binary('héllo', '%s')))
notice(String(Binary('abc', '%r'), '%B'))

notice(String('HeLLo', '%u'))
notice(String('HeLLo', '%#u'))
notice(String('straße', '%u'))
notice(String('abc', '%-5u'))

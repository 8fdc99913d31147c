notice(String(65.3, '%c'))

notice(String(-1, '%c'))

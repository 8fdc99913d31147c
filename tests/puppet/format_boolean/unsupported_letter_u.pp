notice(String(true, '%u'))

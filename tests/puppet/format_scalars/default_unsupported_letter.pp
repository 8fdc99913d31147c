notice(String(default, '%x'))

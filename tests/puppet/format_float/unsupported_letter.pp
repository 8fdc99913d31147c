notice(String(1.5, '%t'))

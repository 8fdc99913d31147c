notice(String(42, '%t'))

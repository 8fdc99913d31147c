notice(String(undef, '%t'))

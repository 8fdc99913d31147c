notice(String({a => 1}, '%x'))

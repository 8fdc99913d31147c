notice(String[3](42))

notice(String.new(42))
notice(String.new(255, '%x'))
notice(String[1].new(7))
notice(String[2, 3](255, '%x'))

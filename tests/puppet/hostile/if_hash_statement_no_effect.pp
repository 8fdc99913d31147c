if true { {a => 1} }
notice(1)

if true { {a => 1} }

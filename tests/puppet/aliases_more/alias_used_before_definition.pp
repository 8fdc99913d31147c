notice(1 =~ Later)
type Later = Integer
notice(Later)

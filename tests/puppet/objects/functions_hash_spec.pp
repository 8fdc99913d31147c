type F = Object[{functions => {f => {type => Callable[[String], Integer], final => true}, g => Callable[1, 2]}}]
notice(F)
notice(F())

notice(if)

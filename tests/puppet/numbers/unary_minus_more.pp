$x = 5
notice(-$x)
notice(- 3)
notice(--3)
notice(-(-2.5))

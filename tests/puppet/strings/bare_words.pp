notice(hello)
notice(hello-world)
notice(foo::bar)
notice(_private)

class c { type Foo = Integer }
include c
notice(1)

type C = Class[foo]
notice(C)

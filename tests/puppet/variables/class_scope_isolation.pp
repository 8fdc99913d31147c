class c { $local = 'c' }
include c
notice("<${local}>")

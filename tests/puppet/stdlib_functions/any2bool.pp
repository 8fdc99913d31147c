notice(any2bool("yes"))
notice(any2bool(0))
notice(any2bool(undef))
notice(bool2num("no"))

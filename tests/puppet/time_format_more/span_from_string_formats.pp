notice(Timespan('1-02:03:04'))
notice(Timespan('02:03:04.5'))
notice(Timespan('3:04'))

notice(true and 1, 0 or false, undef or 'x', false and notice('never'))

notice(bool2str("x"))

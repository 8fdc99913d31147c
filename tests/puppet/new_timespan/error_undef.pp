notice(Timespan(undef))

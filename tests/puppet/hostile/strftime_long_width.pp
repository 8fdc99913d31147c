notice(Timespan(3600).strftime('%70000H').length)

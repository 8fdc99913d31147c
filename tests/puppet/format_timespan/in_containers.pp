$t = Timespan(3600)
notice([$t])
notice({t => $t})
notice("${t}")

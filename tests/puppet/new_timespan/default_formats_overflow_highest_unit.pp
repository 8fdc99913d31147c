notice(Timespan('30:00:00'))
notice(Timespan('100000'))
notice(Timespan('-1-00:00:00'))

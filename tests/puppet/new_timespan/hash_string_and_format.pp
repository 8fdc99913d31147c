notice(Timespan({string => '1-00:00'}))
notice(Timespan({string => '12', format => '%H'}))
notice(Timespan({string => '12', format => ['%D', '%H']}))

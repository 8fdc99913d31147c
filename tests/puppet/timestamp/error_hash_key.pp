notice(Timestamp({string => "2015", format => "%Y", foo => 1}))

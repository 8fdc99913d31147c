notice(Timestamp.new(1473150899), Timestamp.new("2015-03-01"))

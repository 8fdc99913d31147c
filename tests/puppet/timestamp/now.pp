notice(Timestamp() =~ Timestamp, Timestamp() > Timestamp("2020-01-01"), Timestamp.new() < Timestamp("3000-01-01"), type(Timestamp()) =~ Type[Timestamp])

notice(Timestamp(1473150899), Timestamp(0), Timestamp(-1))

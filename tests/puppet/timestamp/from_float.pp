notice(Timestamp(1.5), Timestamp(-1.5), Timestamp(1.123456789123), Timestamp(0.1))

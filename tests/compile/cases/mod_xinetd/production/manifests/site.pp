include xinetd

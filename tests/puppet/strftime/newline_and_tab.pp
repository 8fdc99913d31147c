notice(strftime(Timestamp(0), "a%nb%tc"))

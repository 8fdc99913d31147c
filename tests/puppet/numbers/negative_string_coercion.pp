notice(-'2')

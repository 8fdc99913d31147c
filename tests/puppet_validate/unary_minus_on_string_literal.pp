notice(-'a')

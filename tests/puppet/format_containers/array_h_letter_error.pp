notice(String([1, 2], '%h'))

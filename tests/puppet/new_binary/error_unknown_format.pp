notice(Binary('abc', '%x'))

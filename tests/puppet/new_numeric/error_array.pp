notice(Numeric([1]))

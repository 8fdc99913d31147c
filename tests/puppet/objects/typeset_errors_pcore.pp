type S = TypeSet[{version => '1.0.0'}]
notice(S)

type S = TypeSet[{pcore_version => '3.1.0'}]
notice(S)

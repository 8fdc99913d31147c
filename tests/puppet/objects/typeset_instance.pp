type S = TypeSet[{pcore_version => '1.0.0', types => { T => Object[{attributes => {a => Integer}}] }}]
notice(S =~ Type[TypeSet])
notice(type(S))
notice(S::T(1) =~ S::T)
notice(TypeSet)

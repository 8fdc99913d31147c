type K = Object[{attributes => {a => Integer}, equality => ['a'], equality_include_type => false}]
notice(K)

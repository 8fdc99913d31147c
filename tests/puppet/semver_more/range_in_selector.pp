$v = SemVer('3.0.0')
notice($v ? { SemVerRange('<3.0.0') => 'old', SemVerRange('>=3.0.0') => 'new' })

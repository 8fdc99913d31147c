$h = {SemVerRange('1.x') => 'a'}
notice($h[SemVerRange('>=1.0.0 <2.0.0')])

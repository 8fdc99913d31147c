notice('1.2.3' =~ SemVerRange('1.x'))

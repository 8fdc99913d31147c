notice('42' =~ String)
notice('42' =~ Numeric)
notice('42' == 42)
notice(42 =~ Integer)

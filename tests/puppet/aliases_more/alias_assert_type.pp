type Name = Pattern[/\A[a-z]+\z/]
notice(assert_type(Name, 'abc'))
notice(assert_type(Name, 'ABC'))

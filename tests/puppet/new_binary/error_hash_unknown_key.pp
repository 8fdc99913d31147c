notice(Binary({data => 'aGk='}))

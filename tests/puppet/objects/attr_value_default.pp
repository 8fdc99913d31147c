type Conf = Object[{attributes => {name => String, port => {type => Integer, value => 80}}}]
notice(Conf('web'))
notice(Conf('web', 8080))
notice(Conf('web').port)
notice(Conf({'name' => 'db'}))

notice(Integer({value => '10'}))

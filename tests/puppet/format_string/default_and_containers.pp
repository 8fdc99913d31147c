notice(String('abc'))
notice(String(['abc', "it's"]))
notice(String({'k' => 'v'}))
notice(String('abc', default))

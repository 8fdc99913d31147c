notice(Integer({from => 'x'}))

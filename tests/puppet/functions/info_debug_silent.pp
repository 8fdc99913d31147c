info('an info message')
debug('a debug message')
notice('only this is printed')

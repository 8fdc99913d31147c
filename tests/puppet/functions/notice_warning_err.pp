notice('a notice')
warning('a warning')
err('an error')
notice('still running')
